"""Rich renderings of views, one module a game: ``parlour.cli.views.<game>.render(view)``.

A game's module defines ``render(view)`` and may define ``summary(before, after)``, which
returns something to show when play moves from one view to the next (a round's scores) or
``None``; ``LEGEND``, pairs of a symbol or word on the table and what it means;
``describe(name)``, a card, character or district explained from the card data, or ``None``;
``hand(cards)``, a list of cards drawn as in a hand; ``score_parts(view)``, the final
scores broken down as column names and one row of texts a seat; ``log_text(text, view)``,
an event's sentence as the log shows it (card ids as names); and ``pass_reason(view)``, why
a seat may be passed for on another player's turn (``None``: it is asked). Renderers see views only,
never states, so they cannot show what a seat may not know.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any, cast

from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from ...core.errors import GameError
from ...core.registry import game_module, load
from ...core.views import seat_name  # re-exported: the renderers name seats with it

__all__ = [
    "describe",
    "legend",
    "log_text",
    "pass_reason",
    "render_hand",
    "render_summary",
    "render_view",
    "score_parts",
    "seat_name",
]

View = Mapping[str, Any]


def render_view(view: View) -> RenderableType:
    """The view drawn by its game's renderer, or as a plain table when the game has none."""
    module = _renderer(view.get("game"))
    if module is None:
        return generic(view)
    render = cast(Callable[[View], RenderableType], module.render)
    return render(view)


def render_summary(before: View, after: View) -> RenderableType | None:
    """What to show as play moves from ``before`` to ``after`` (same seat), if anything."""
    module = _renderer(after.get("game"))
    summary = getattr(module, "summary", None)
    if summary is None:
        return None
    return cast(Callable[[View, View], RenderableType | None], summary)(before, after)


# What the prompt takes in every game, shown first in the legend.
PROMPT_KEYS = (
    ("a number", "plays the action with that number in the list"),
    (
        "an action's text",
        "plays it (play green+2, build castle); the verb may be left off "
        "when every action has the same one, and a card's name may stand for its id "
        "(build Haunted City)",
    ),
    ("Enter alone", "plays the move when only one is legal"),
    ("? or help", "this legend"),
    (
        "help NAME",
        "describes a card, class, character or district (help warlord, help green+2, "
        "help hexbreaker)",
    ),
    ("q", "saves the game and quits"),
)


def legend(game: str) -> RenderableType:
    """What the prompt takes, the renderer's marks (``LEGEND``) and the words of the game's
    cards (its guide's ``glossary``)."""
    table = Table(show_header=False, box=None, padding=(0, 2))
    table.add_column(style="bold")
    table.add_column()
    for key, meaning in PROMPT_KEYS:
        table.add_row(key, meaning)
    module = _renderer(game)
    entries = cast(Sequence[tuple[str, str]], getattr(module, "LEGEND", ()))
    try:
        guide = load(game).guide
    except GameError:  # a game the registry does not know: the prompt's keys alone
        guide = None
    for group in (entries, () if guide is None else guide.glossary):
        if group:
            table.add_row("", "")
        for key, meaning in group:
            table.add_row(key, meaning)
    return Group(Text("Legend", style="bold underline"), table)


def describe(game: str, name: str, view: View | None = None) -> RenderableType | None:
    """A card, character or district of ``game`` explained, or ``None`` if nothing is so named;
    ``view`` tells a game played with a chosen card set which one."""
    found = getattr(_renderer(game), "describe", None)
    if found is None:
        return None
    slug = "-".join(name.lower().replace("_", " ").split())
    if view is not None and found.__code__.co_argcount > 1:
        return cast(Callable[[str, View], RenderableType | None], found)(slug, view)
    return cast(Callable[[str], RenderableType | None], found)(slug)


def log_text(view: View, text: str) -> str:
    """An event's sentence as the log shows it in the view's game (card ids as names)."""
    hook = getattr(_renderer(view.get("game")), "log_text", None)
    if hook is None:
        return text
    return cast(Callable[[str, View], str], hook)(text, view)


def pass_reason(view: View) -> str | None:
    """Why the terminal may pass for the view's seat when it passes on other players' turns
    (nothing to negate, nothing it must answer), or ``None`` when the seat must be asked;
    a game without the hook is always asked."""
    hook = getattr(_renderer(view.get("game")), "pass_reason", None)
    if hook is None:
        return None
    return cast(Callable[[View], str | None], hook)(view)


def render_hand(game: str, cards: Sequence[str]) -> RenderableType:
    """Cards drawn as the game draws a hand, or as a plain list."""
    drawn = getattr(_renderer(game), "hand", None)
    if drawn is None:
        return Text(", ".join(cards) or "(empty)")
    return cast(Callable[[Sequence[str]], RenderableType], drawn)(cards)


def score_parts(view: View) -> tuple[list[str], list[list[str]]] | None:
    """The final scores of a view broken down: column names and one row a seat, if the game
    breaks its scores down."""
    parts = getattr(_renderer(view.get("game")), "score_parts", None)
    if parts is None:
        return None
    return cast(Callable[[View], tuple[list[str], list[list[str]]]], parts)(view)


def generic(view: View) -> RenderableType:
    """Any view as a two-column table of its keys and JSON values (legal actions left out)."""
    seat = view.get("seat")
    who = "spectator" if seat is None else seat_name(seat)
    table = Table(show_header=False)
    table.add_column("key", style="bold")
    table.add_column("value", overflow="fold")
    for key, value in view.items():
        if key in ("game", "legal_actions"):
            continue
        table.add_row(key, json.dumps(value, separators=(", ", ": ")))
    return Group(Text(f"{view.get('game', 'game')} (view of {who})", style="bold"), table)


def _renderer(game: object) -> ModuleType | None:
    """The renderer module of a game, or ``None`` when the game has none."""
    return game_module(__name__, game)
