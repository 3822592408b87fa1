"""What the commands share: consoles, one-line errors, event lines and the final table."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NoReturn

import typer
from rich.console import Console
from rich.table import Table
from rich.text import Text

from ..core import Event, State
from .views import View, log_text, score_parts

__all__ = ["EXIT_ERROR", "EXIT_USAGE", "fail", "final_table", "print_events"]

EXIT_ERROR = 1  # a bad file, or play that could not go on
EXIT_USAGE = 2  # a bad command line, as Typer itself reports one


def fail(message: str, code: int = EXIT_ERROR) -> NoReturn:
    """Print ``error: message`` on one line to stderr and exit with ``code``."""
    Console(stderr=True, soft_wrap=True).print(
        Text("error: ", style="bold red") + Text(message), highlight=False
    )
    raise typer.Exit(code)


def print_events(
    console: Console,
    events: Sequence[Event],
    seat: int | None,
    names: Sequence[str],
    view: View | None = None,
) -> None:
    """Print each event as ``seat`` sees it (redacted), one sentence a line, in the words of
    ``view``'s game where given (card names for ids)."""
    for event in events:
        text = event.for_seat(seat).render(names)
        if view is not None:
            text = log_text(view, text)
        console.print(Text(text), highlight=False, soft_wrap=True)


def final_table(state: State, who: Sequence[str] | None = None) -> Table:
    """The end of a game: each seat (and who played it, where given), its score broken down
    where the game does so, the winners."""
    table = Table(title=f"{state.game.title}: final scores", title_justify="left")
    table.add_column("seat", justify="right")
    if who is not None:
        table.add_column("player")
    parts = score_parts(state.view(None))
    for name in [] if parts is None else parts[0]:
        table.add_column(name, justify="right")
    table.add_column("score", justify="right")
    table.add_column("result")
    winners = set(state.winners())
    for seat, score in enumerate(state.scores()):
        result = Text("winner", style="bold green") if seat in winners else Text("")
        cells: list[str | Text] = [str(seat), *([] if who is None else [who[seat]])]
        cells += [] if parts is None else parts[1][seat]
        cells += [str(score), result]
        table.add_row(*cells)
    return table
