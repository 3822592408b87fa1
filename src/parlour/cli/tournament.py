"""``parlour tournament``: bots play duplicate deals; a table of win shares and ratings."""

from __future__ import annotations

import math
import time
from pathlib import Path
from typing import Annotated

import typer
from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

from .. import load
from ..core import GameError
from ..sim.tournament import BotSummary, GameResult, parse_bots, schedule
from ..sim.tournament import tournament as run_tournament
from .common import EXIT_USAGE, fail

__all__ = ["duration", "result_table", "tournament"]

DEFAULT_SEATS = 4  # a single bot's table, as in `parlour play`, within the game's range


def tournament(
    game: Annotated[
        str,
        typer.Argument(metavar="GAME", help="The game, by name or alias (see `parlour games`)."),
    ],
    bots: Annotated[
        str,
        typer.Option(
            "--bots",
            "-b",
            help="One bot for each seat, comma-separated, settings after colons: "
            "ismcts:iterations=500,heuristic,random,random. A single bot plays every seat "
            f"({DEFAULT_SEATS} seats unless --players says otherwise).",
        ),
    ] = "ismcts,heuristic,random,random",
    games: Annotated[
        int,
        typer.Option(
            "--games",
            "-g",
            min=1,
            help="Games to play, rounded up to whole deals (each deal is played once for "
            "every rotation of the bots through the seats).",
        ),
    ] = 400,
    jobs: Annotated[int, typer.Option("--jobs", "-j", min=1, help="Worker processes.")] = 2,
    seed: Annotated[int, typer.Option("--seed", help="Seed of the deals and the bots.")] = 1,
    players: Annotated[
        int | None,
        typer.Option(
            "--players",
            "-n",
            help=f"Seats (default: one for each bot in --bots; a single bot: {DEFAULT_SEATS}).",
        ),
    ] = None,
    out: Annotated[
        Path | None,
        typer.Option("--out", "-o", help="Write each game's record and result as JSON lines."),
    ] = None,
) -> None:
    """Play bots against each other on duplicate deals and show who is stronger."""
    try:
        lineup = parse_bots(bots)
        if players is None and len(lineup) == 1:
            spec = load(game)
            players = min(max(DEFAULT_SEATS, spec.min_players), spec.max_players)
        # Check the whole command line before drawing the progress bar, so an error is not
        # printed under a bar already drawn.
        total = len(schedule(game, lineup, games, seed, players))
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    console = Console()
    console.print(
        f"{total} games on {jobs} process{'es' if jobs > 1 else ''}; "
        "the time they will take is estimated after the first game.",
        highlight=False,
    )
    started = time.perf_counter()
    with Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=console,
        transient=False,
    ) as progress:
        task = progress.add_task(f"{game} tournament", total=total)
        done = [0]

        def finished(_: GameResult) -> None:
            done[0] += 1
            if done[0] == 1:
                took = time.perf_counter() - started
                progress.console.print(
                    f"The first game took {took:.1f} s: about "
                    f"{duration(took * math.ceil(total / jobs))} for all {total}.",
                    highlight=False,
                )
            progress.advance(task)

        summary = run_tournament(
            game, bots, games, jobs=jobs, seed=seed, players=players, out=out, on_result=finished
        )
    seats = players if players is not None else len(lineup)
    console.print(result_table(summary, title=f"{game}: {bots}", fair=1 / max(1, seats)))
    if out is not None:
        console.print(f"Games written to {out}")


def duration(seconds: float) -> str:
    """A rough duration in words: "40 seconds", "3 minutes", "1.5 hours"."""
    if seconds < 1.5:
        return "1 second"
    if seconds < 90:
        return f"{round(seconds)} seconds"
    if seconds < 90 * 60:
        return f"{round(seconds / 60)} minutes"
    return f"{seconds / 3600:.1f} hours"


def result_table(summary: list[BotSummary], title: str, fair: float) -> Table:
    """Each bot's win share with its 95% interval, mean score, rating and think time."""
    caption = (
        f"fair share {fair:.1%}; games: seat-games played; score: the game's mean points; "
        "rating: OpenSkill Plackett-Luce mu±sigma; ms/move: thinking time per decision"
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
