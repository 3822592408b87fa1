"""``parlour analyze``: a saved game's decisions judged, with a curve and a page of the moves."""

from __future__ import annotations

import os
from dataclasses import replace
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..analysis import Decision, GameAnalysis, Settings, Verdict
from ..analysis import analyze as run_analysis
from ..core import GameError, Record
from .common import EXIT_USAGE, fail

__all__ = ["analyze", "summary_table"]


def analyze(
    record: Annotated[
        Path, typer.Argument(metavar="RECORD", help="A saved game (JSON record), finished or not.")
    ],
    out: Annotated[
        Path,
        typer.Option(
            "--out", "-o", help="The folder to write index.html, curve.png and analysis.json to."
        ),
    ],
    seat: Annotated[
        int | None,
        typer.Option("--seat", "-s", help="The seat to analyse (default: every seat)."),
    ] = None,
    iterations: Annotated[
        int,
        typer.Option(
            "--iterations",
            "-i",
            min=2,
            help="Worlds drawn for each decision; every legal action is played out in each.",
        ),
    ] = Settings.iterations,
    depth: Annotated[
        int | None,
        typer.Option(
            "--depth",
            min=0,
            help="Cut each playout after this many actions and score it with the game's "
            "heuristic (default: as the hard bot does).",
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option("--jobs", "-j", min=1, help="Worker processes (default: every CPU)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The analysis's own seed.")] = 0,
) -> None:
    """Judge every decision of a saved game from what the deciding seat knew, mark the
    inaccuracies, mistakes and blunders, and draw the estimated winning chances."""
    try:
        rec = Record.read(record)
    except GameError as error:
        fail(str(error))
    try:
        seats = None if seat is None else [seat]
        settings = Settings.for_game(rec.game, iterations=iterations, seed=seed)
        if depth is not None:
            settings = replace(settings, rollout_depth=depth)
        if seat is not None and not 0 <= seat < rec.players:
            raise GameError(f"--seat must be a seat from 0 to {rec.players - 1}, not {seat}")
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    try:
        import matplotlib  # noqa: F401  (the curve needs it; say so before the long work)
    except ImportError:
        fail("parlour analyze draws its curve with matplotlib: pip install 'parlour[sim]'")
    workers = jobs if jobs is not None else (os.cpu_count() or 1)
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TextColumn("decisions, ETA"),
        TimeRemainingColumn(),
        console=console,
    )
    task = progress.add_task(f"analysing {rec.game}", total=None)

    def judged(_: Decision, total: int) -> None:
        progress.update(task, total=total, advance=1)

    try:
        with progress:
            analysis = run_analysis(rec, seats, settings, workers, judged)
    except GameError as error:
        fail(str(error))
    except KeyboardInterrupt:
        console.print(f"Stopped: nothing was written to {out}.", highlight=False)
        raise typer.Exit(130) from None
    from ..analysis.report import write

    try:
        path = write(analysis, out)
    except OSError as error:
        fail(f"cannot write the analysis to {str(out)!r}: {error.strerror or error}")
    report = Console()
    report.print(summary_table(analysis))
    report.print(f"Wrote {path} and its curve {out / 'curve.png'}", highlight=False, soft_wrap=True)


def summary_table(analysis: GameAnalysis) -> Table:
    """Per analysed seat: decisions, marks by kind, average loss, result, worst move."""
    table = Table(
        title=f"{analysis.title}: analysis",
        title_justify="left",
        caption="?? blunders, ? mistakes, ?! inaccuracies; loss: the mean share of a win "
        "given up a decision",
        caption_justify="left",
    )
    table.add_column("seat", justify="right")
    table.add_column("decisions", justify="right")
    for verdict in reversed(Verdict):
        table.add_column(verdict.symbol, justify="right")
    table.add_column("loss", justify="right")
    table.add_column("result", justify="right")
    table.add_column("worst move")
    for seat in analysis.seats:
        worst = max(seat.marked(), key=lambda d: d.loss, default=None)
        table.add_row(
            str(seat.seat),
            str(len(seat.decisions)),
            *(str(len(seat.marked(v))) for v in reversed(Verdict)),
            f"{seat.average_loss:.3f}",
            "" if seat.result is None else f"{seat.result:.2f}",
            ""
            if worst is None
            else f"{worst.move}: {worst.played} (better {worst.best}, -{worst.loss:.2f})",
        )
    return table
