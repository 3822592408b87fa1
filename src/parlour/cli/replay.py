"""Replaying a saved game: each action's events and the view after it, as one seat saw them."""

from __future__ import annotations

from rich.console import Console
from rich.rule import Rule
from rich.text import Text

from ..core import GameError, Record, replay
from .common import final_table, print_events
from .views import render_summary, render_view

__all__ = ["check", "run"]


def check(record: Record, seat: int | None) -> None:
    """``GameError`` unless the whole record replays and ``seat`` is one of its seats."""
    replay(record)
    if seat is not None and not 0 <= seat < record.players:
        raise GameError(f"--seat must be a seat from 0 to {record.players - 1}, not {seat}")


def run(console: Console, record: Record, seat: int | None, step: bool) -> None:
    """Show the record action by action as ``seat`` saw it, waiting for Enter when ``step``.

    Other seats' action texts are not shown (in some games they name hidden cards): only
    their events, redacted for ``seat``, and the view after them.
    """
    state = record.start()
    names = [f"Player {s} (you)" if s == seat else f"Player {s}" for s in range(record.players)]
    total = len(record.actions)
    who = "a spectator" if seat is None else f"Player {seat}"
    console.print(
        Text.assemble(
            (state.game.title, "bold"),
            f", {record.players} players, seed {record.seed}, {total} actions, seen by {who}",
        ),
        highlight=False,
    )
    before = state.view(seat)
    console.print(render_view(before))
    for number, text in enumerate(record.actions, 1):
        if step:
            try:
                entry = console.input(Text("Enter for the next action, q to quit: "))
            except (EOFError, KeyboardInterrupt):
                console.line()
                return
            if entry.strip().lower() in ("q", "quit"):
                return
        mover = state.current_player
        heading = f"{number}/{total}: Player {mover}"
        console.print(Rule(heading + (f": {text}" if mover == seat else ""), align="left"))
        print_events(console, state.apply(text), seat, names)
        after = state.view(seat)
        shown = render_summary(before, after)
        if shown is not None:
            console.print(shown)
        console.print(render_view(after))
        before = after
    if state.is_over:
        console.print(final_table(state))
