"""``parlour tournament``: bots play duplicate deals; a table of win shares and ratings."""

from __future__ import annotations

import math
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from ..core import GameError
from ..sim.tournament import BotSummary, GameResult
from ..sim.tournament import tournament as run_tournament
from .common import EXIT_USAGE, fail

__all__ = ["result_table", "tournament"]


def tournament(
    game: Annotated[str, typer.Argument(help="The game, by name or alias (see `parlour games`).")],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One bot a seat, comma-separated, settings after colons: "
            "ismcts:iterations=500,heuristic,random,random. One bot alone fills every seat.",
        ),
    ] = "ismcts,heuristic,random,random",
    games: Annotated[
        int,
        typer.Option(
            "--games", "-g", help="Games to play, rounded up to whole deals (one a rotation)."
        ),
    ] = 400,
    jobs: Annotated[int, typer.Option("--jobs", "-j", help="Worker processes.")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals and the bots.")] = 1,
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Seats (default: one a bot in --bots)."),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write each game's record and result as JSON lines."),
    ] = None,
) -> None:
    """Play bots against each other on duplicate deals and show who is stronger."""
    console = Console()
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    ) as progress:
        task = progress.add_task(f"{game} tournament", total=None)

        def scheduled(total: int) -> None:
            progress.update(task, total=total)

        def finished(_: GameResult) -> None:
            progress.advance(task)

        try:
            summary = run_tournament(
                game,
                bots,
                games,
                jobs=jobs,
                seed=seed,
                players=players,
                out=out,
                on_result=finished,
                on_schedule=scheduled,
            )
        except GameError as error:
            progress.stop()
            fail(str(error), EXIT_USAGE)
    seats = players if players is not None else len(bots.split(","))
    console.print(result_table(summary, title=f"{game}: {bots}", fair=1 / max(1, seats)))
    if out is not None:
        console.print(f"Games written to {out}")


def result_table(summary: list[BotSummary], title: str, fair: float) -> Table:
    """Each bot's win share with its 95% interval, mean score, rating and think time."""
    caption = (
        f"fair share {fair:.1%}; games: seat-games played; score: the game's mean points; "
        "rating: OpenSkill Plackett-Luce mu±sigma; ms/move: thinking time a decision"
    )
    table = Table(title=title, title_justify="left", caption=caption)
    for name, justify in [
        ("bot", "left"),
        ("games", "right"),
        ("win share", "right"),
        ("95% CI", "right"),
        ("score", "right"),
        ("rating", "right"),
        ("ms/move", "right"),
    ]:
        table.add_column(name, justify=justify)  # type: ignore[arg-type]
    for row in summary:
        interval = (
            "-" if math.isnan(row.ci_low) else f"{100 * row.ci_low:.1f}-{100 * row.ci_high:.1f}%"
        )
        style = "bold green" if row.ci_low > fair else ("red" if row.ci_high < fair else "")
        table.add_row(
            row.label,
            str(row.seat_games),
            f"{row.win_share:.1%}",
            interval,
            f"{row.mean_score:.1f}",
            f"{row.rating_mu:.1f}±{row.rating_sigma:.1f}",
            f"{1000 * row.seconds_per_decision:.2f}",
            style=style,
        )
    return table
