"""People at a table: their names, passing for them, chat and hints (API.md, "Added for
people at the table"). What is decided here needs no table or connection; the messages that
use it are in ``messages.py``."""

from __future__ import annotations

import unicodedata
from collections.abc import Sequence
from functools import cache
from typing import Any

from .. import load
from ..bots import is_agent
from ..core import State
from ..core.views import seat_number
from .store import SeatInfo

__all__ = [
    "AUTO_PASS_DELAY",
    "CHAT_HISTORY",
    "CHAT_LIMIT",
    "NAME_LIMIT",
    "PASS",
    "bot_name",
    "check_chat",
    "check_name",
    "hints_default",
    "lone_pass",
    "passes",
    "seat_names",
    "seat_number",
    "sentence_names",
]

# The longest name, and the longest line of chat, in characters after trimming.
NAME_LIMIT = 24
CHAT_LIMIT = 500
# How many lines of chat a client is sent when it connects.
CHAT_HISTORY = 100
# Seconds before the server passes for a seat whose only legal action is to pass: long
# enough to see that the turn went round, and the same every time, so nobody learns anything
# from how long a pass took.
AUTO_PASS_DELAY = 0.6
# The action text the server plays for a seat with nothing else to do.
PASS = "pass"


def _control(text: str) -> bool:
    """Whether ``text`` holds a control or format character (newlines, escapes, bidi marks)."""
    return any(unicodedata.category(char) in ("Cc", "Cf") for char in text)


def check_name(raw: Any) -> str:
    """The name ``raw`` as stored (trimmed); ``ValueError`` says why it is refused."""
    if not isinstance(raw, str):
        raise ValueError('a name must be text: {"type": "name", "name": "Ana"}')
    name = raw.strip()
    if not name:
        raise ValueError("a name needs at least one character that is not a space")
    if len(name) > NAME_LIMIT:
        raise ValueError(f"a name has at most {NAME_LIMIT} characters, not {len(name)}")
    if _control(name):
        raise ValueError("a name may not hold control characters (line breaks, tabs, escapes)")
    return name


def check_chat(raw: Any) -> str:
    """The chat text ``raw`` as stored (trimmed, otherwise verbatim); ``ValueError`` if refused."""
    if not isinstance(raw, str):
        raise ValueError('a "chat" message needs "text": what you say')
    text = raw.strip()
    if not text:
        raise ValueError("a chat line needs at least one character that is not a space")
    if len(text) > CHAT_LIMIT:
        raise ValueError(f"a chat line has at most {CHAT_LIMIT} characters, not {len(text)}")
    return text


def bot_name(bot: str) -> str:
    """How a bot's seat is named: by its level or kind ("hard bot"); agents as "agent"."""
    return "agent" if is_agent(bot) else f"{bot} bot"


def seat_names(seats: Sequence[SeatInfo]) -> list[str | None]:
    """Each seat's name: a bot's by its level, a person's as given (``None``: not yet)."""
    return [bot_name(seat.bot) if seat.bot is not None else seat.name for seat in seats]


def sentence_names(names: Sequence[str | None]) -> list[str]:
    """How the sentences people read (the log, the buttons) name each seat: by its name,
    "Player N" where it has none, and a name two seats share with the seat's number ("easy
    bot (seat 2)"), numbered from 1 (the engine's own sentences say "Player 0")."""
    shared = {name for name in names if name is not None and names.count(name) > 1}
    return [
        f"Player {seat_number(seat)}"
        if name is None
        else f"{name} (seat {seat_number(seat)})"
        if name in shared
        else name
        for seat, name in enumerate(names)
    ]


def hints_default(seats: Sequence[SeatInfo]) -> bool:
    """Hints are on by default where one person plays and every other seat is a bot."""
    return sum(seat.bot is None for seat in seats) == 1


@cache
def passes(game: str) -> bool:
    """Whether ``game`` has a ``pass`` action at all (asked once per game, not per move)."""
    chosen = load(game)
    return PASS in chosen.action_space(chosen.min_players)


def lone_pass(state: State) -> bool:
    """Whether the seat to decide has nothing to do but pass."""
    if state.is_over or not passes(state.game.name):
        return False
    legal = state.legal_actions()
    return len(legal) == 1 and legal[0].text == PASS
