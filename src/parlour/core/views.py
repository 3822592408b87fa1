"""What every view holds, as a type, and how a reader of views names a seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

__all__ = ["CommonView", "seat_name"]


class CommonView(TypedDict):
    """The keys of every game's view (``State.common_view``); each game's view type extends it."""

    game: str
    players: int
    seat: int | None  # whose view this is; None for a spectator
    current_player: int | None
    is_over: bool
    move: int  # actions applied so far
    scores: list[int]
    winners: list[int]
    legal_actions: NotRequired[list[str]]  # only in the view of the seat to decide
    # The server adds these to the views it sends (API.md, "people at the table").
    names: NotRequired[list[str | None]]
    auto_pass: NotRequired[bool]
    # Beside ``legal_actions``: each one's words for a button, the game's (``State.label``).
    labels: NotRequired[dict[str, str]]
    passing: NotRequired[bool]  # the server passes for the seat (its only action is "pass")


def seat_name(seat: int, view: Mapping[str, Any]) -> str:
    """How a reader of a view names a seat: "Player N", marked "(you)" for the view's own seat."""
    return f"Player {seat} (you)" if seat == view.get("seat") else f"Player {seat}"
