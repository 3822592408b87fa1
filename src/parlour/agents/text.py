"""A seat as text, for any game: what it sees, the rules in brief, the numbered choices.

The rules in brief are the game's guide as text (``Game.rules``: the same guide the table
pages show). Each game's module here (``parlour.agents.<game>``) defines ``describe(view)``
(the view as lines of plain English) and may define ``aliases(view)`` (names a player may
write for a card, lowercase, with the id action texts use) and ``normalise(text)`` (other
common spellings made canonical). Like the terminal's renderers they see views only, so
they cannot tell a seat what it may not know.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from ..core import GameError, load
from ..core.registry import game_module
from ..core.views import seat_name

__all__ = ["aliases", "describe", "game_over", "normalise", "numbered", "prompt", "rules"]

View = Mapping[str, Any]

ANSWER = "Answer with exactly one of the legal actions: its number or its text, nothing else."


def _module(game: object) -> ModuleType | None:
    """The agent text module of a game, or ``None`` for a game without one."""
    return game_module(__package__ or "parlour.agents", game)


def rules(game: str) -> str:
    """The rules of ``game`` in a few paragraphs (``GameError`` for an unknown game)."""
    return load(game).rules()


def describe(view: View) -> str:
    """Everything ``view`` shows its seat, in plain English, one fact a line."""
    game = view.get("game")
    if not isinstance(game, str):
        raise GameError("a view names its game under 'game'")
    seat = view.get("seat")
    who = "a spectator" if seat is None else seat_name(seat)
    title = load(game).title
    head = f"You are {who} at a {view['players']}-player game of {title}, move {view['move']}."
    if view.get("is_over"):
        turn = "The game is over."
    elif view.get("current_player") == seat:
        turn = "It is your turn to decide."
    else:
        turn = f"{seat_name(view['current_player'])} is to decide."
    module = _module(load(game).name)
    if module is None:
        body = [f"{key}: {json.dumps(value)}" for key, value in view.items() if key != "game"]
    else:
        body = cast(Callable[[View], list[str]], module.describe)(view)
    return "\n".join([head, turn, *body])


def game_over(view: View, after: str) -> str:
    """The first line of a finished game's description: how long it lasted, who won."""
    winners = ", ".join(seat_name(s, view) for s in view["winners"])
    return f"The game is over after {after}; won by {winners}."


def numbered(legal: Sequence[str]) -> str:
    """The legal actions, one a line, numbered from 1."""
    return "\n".join(f"{number}. {text}" for number, text in enumerate(legal, 1))


def prompt(view: View, with_rules: bool = True) -> str:
    """What a seat is asked: the rules (unless left out), the table, the numbered choices."""
    legal: Sequence[str] = view.get("legal_actions", [])
    parts = [f"Rules of {load(view['game']).title}:\n{rules(view['game'])}"] if with_rules else []
    parts += [describe(view), f"Legal actions:\n{numbered(legal)}", ANSWER]
    return "\n\n".join(parts)


def aliases(view: View) -> dict[str, str]:
    """Names a player may write for the game's cards (lowercase), each with its id."""
    found = getattr(_module(view.get("game")), "aliases", None)
    return {} if found is None else cast(Callable[[View], dict[str, str]], found)(view)


def normalise(game: object, text: str) -> str:
    """``text`` with the game's other common spellings of a card made canonical."""
    found = getattr(_module(game), "normalise", None)
    return text if found is None else cast(Callable[[str], str], found)(text)
