"""What every view holds, as a type, and how a reader of views names a seat."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, NotRequired, TypedDict

__all__ = ["CommonView", "seat_name", "seat_number"]


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


def seat_number(seat: int) -> int:
    """A seat's number as people read it, from 1; the API's seats (and actions) stay from 0."""
    return seat + 1


def seat_name(seat: int, view: Mapping[str, Any] | None = None) -> str:
    """How a reader of a view names a seat: "Player N" with N from 1 (``seat_number``),
    marked "(you)" for the view's own seat."""
    name = f"Player {seat_number(seat)}"
    return f"{name} (you)" if view is not None and seat == view.get("seat") else name
