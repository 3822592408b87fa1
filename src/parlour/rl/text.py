"""The text the environments render in ``render_mode="ansi"``: public facts only."""

from __future__ import annotations

from typing import cast

from ..core import CommonView, Event, State

__all__ = ["render_text"]


def render_text(state: State, events: list[Event]) -> str:
    """Who moves (or who won), the scores, and the last move's events as the table saw them."""
    view = cast(CommonView, state.view(None))  # the keys every game's view has
    if state.is_over:
        head = "game over; winners: " + ", ".join(f"Player {s}" for s in view["winners"])
    else:
        head = f"Player {view['current_player']} to move"
    lines = [
        f"{state.game.title}, {state.players} players, move {state.move_number}: {head}",
        "scores: " + ", ".join(f"Player {s} {v}" for s, v in enumerate(view["scores"])),
    ]
    lines += [event.for_seat(None).text for event in events]
    return "\n".join(lines)
