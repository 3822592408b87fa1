"""``parlour simulate`` and ``parlour report``: many games to Parquet, and plots of them."""

from __future__ import annotations

import math
import os
from pathlib import Path
from typing import Annotated, Any

import typer
from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text

from ..core import GameError, game_names, load
from .common import EXIT_USAGE, fail
from .play import parse_options

__all__ = ["report", "simulate"]

EXIT_INTERRUPTED = 130


class RateColumn(ProgressColumn):
    """Games per second, over the last half-minute."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("" if speed is None else f"{speed:,.0f} games/s", style="cyan")


def _missing_extra(error: ImportError) -> None:
    fail(f"this command needs {error.name}: pip install 'parlour[sim]'")


def card_set(game: str, cards: str | None, options: dict[str, Any]) -> dict[str, Any]:
    """``options`` with the card set of ``--cards`` (or of ``--option cards=``) as the game's
    ``cards`` option: an edition the game names, or a folder made absolute, so that a report
    made elsewhere reads the same files. ``GameError`` names what is accepted."""
    spec = load(game)
    if cards is None and (not spec.editions or "cards" not in options):
        return options
    if not spec.editions:
        with_files = [g.title for g in map(load, game_names()) if g.editions]
        raise GameError(
            f"--cards is for a game with card files ({', '.join(with_files)}), not {spec.title}"
        )
    if cards is not None and "cards" in options:
        raise GameError("give the card set once: --cards or --option cards=, not both")
    value = cards if cards is not None else options["cards"]
    *others, last = spec.editions
    editions = f"{', '.join(others)} or {last}" if others else last
    accepted = f"{editions} (the editions of {spec.title}) or a folder of card files"
    if not isinstance(value, str):
        raise GameError(f"--cards must be {accepted}, not {value!r}")
    if value in spec.editions:
        return {**options, "cards": value}
    folder = Path(value).expanduser()
    if not folder.is_dir():
        raise GameError(f"--cards must be {accepted}, not {value!r}: no such folder")
    return {**options, "cards": str(folder.resolve())}


# Shares of seat-games in which a card (or class) is held, for the power line's table.
HELD_SHARES = (2, 4, 10, 20)


def power_lines(title: str, players: int, points: float, games: int) -> list[str]:
    """What a difference of ``points`` in a win share near the fair one needs, in games on
    each side, for a seat and for a card held in a share of seat-games; and what ``games``
    find. ``GameError`` for a difference that leaves no share to find."""
    from ..sim.stats import seat_games_needed, smallest_difference

    fair = 1 / players
    difference = points / 100
    if not 0 < difference < 1 - fair:
        raise GameError(
            f"--power must be above 0 and below {100 * (1 - fair):g} points (a win share "
            f"near the fair {100 * fair:.1f}% at {players} players), not {points:g}"
        )
    needed = seat_games_needed(fair, difference)
    lines = [
        f"{title} at {players} players: to find a difference of {points:g} points between two "
        f"runs in a win share near the fair {100 * fair:.1f}% (95% level, 80% power), each "
        f"run needs {needed:,} seat-games of what is compared:",
        f"  a seat or a place in turn order (one a game): {needed:,} games",
    ]
    for one_in in HELD_SHARES:
        lines.append(
            f"  a card or class held in 1 seat-game in {one_in}: "
            f"{math.ceil(needed * one_in / players):,} games"
        )
    found = [100 * smallest_difference(fair, games * players // one_in) for one_in in HELD_SHARES]
    lines.append(
        f"With --games {games:,} each run finds {100 * smallest_difference(fair, games):.1f} "
        f"points for a seat, {found[0]:.1f} for a card held in 1 seat-game in "
        f"{HELD_SHARES[0]}, {found[-1]:.1f} for one in {HELD_SHARES[-1]}."
    )
    return lines


def simulate(
    game: Annotated[str, typer.Argument(help="The game, by name or alias (see `parlour games`).")],
    out: Annotated[
        Path | None,
        typer.Option(
            "--out", "-o", help="The results folder to create (a Parquet dataset); required."
        ),
    ] = None,
    bots: Annotated[
        str | None,
        typer.Option(
            "--bots",
            "-b",
            help="One bot per seat in seat order, comma-separated, settings after colons "
            "(hard,medium,medium,easy or ismcts:iterations=200,random,...); one bot fills "
            "every seat (default: medium; random with --fast).",
        ),
    ] = None,
    players: Annotated[
        int | None,
        typer.Option("--players", "-n", help="Seats (default: as many as --bots names)."),
    ] = None,
    games: Annotated[int, typer.Option("--games", "-g", help="Games to play.")] = 1000,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", help="A game option as key=value (JSON value); repeatable."),
    ] = None,
    cards: Annotated[
        str | None,
        typer.Option(
            "--cards",
            help="The card set, for a game with card files: one of its editions by name "
            "(`parlour cards --help` lists them) or a folder of card files (default: its "
            "current edition).",
        ),
    ] = None,
    jobs: Annotated[
        int | None,
        typer.Option(
            "--jobs", "-j", help="Worker processes, or the CPUs of a local Ray (default: all)."
        ),
    ] = None,
    backend: Annotated[
        str, typer.Option("--backend", help="Where the games run: local (processes) or ray.")
    ] = "local",
    address: Annotated[
        str | None,
        typer.Option("--address", help="Join the Ray cluster at this address (ray start --head)."),
    ] = None,
    seed: Annotated[int, typer.Option("--seed", help="The base seed of every game and bot.")] = 0,
    rotate: Annotated[
        bool,
        typer.Option("--rotate", help="Turn the line-up one seat further every game."),
    ] = False,
    records: Annotated[
        bool, typer.Option("--records", help="Also keep every game's record (JSON lines).")
    ] = False,
    resume: Annotated[
        bool,
        typer.Option(
            "--resume", help="Finish a stopped run in --out, playing only what is missing."
        ),
    ] = False,
    chunk: Annotated[
        int | None,
        typer.Option(
            "--chunk",
            help="Games per chunk (default: from --games, at most 200; with --fast 1024 to 16384).",
        ),
    ] = None,
    fast: Annotated[
        bool,
        typer.Option(
            "--fast",
            help="Fearless with random bots only: play on the batched NumPy engine, "
            "about eighty times faster; games are dealt from one seed a chunk.",
        ),
    ] = False,
    power: Annotated[
        float | None,
        typer.Option(
            "--power",
            help="Plan first: print how many games each side needs to find a difference of "
            "this many points of win share (95% level, 80% power), and play nothing.",
        ),
    ] = None,
) -> None:
    """Play many games with bots and write one row per game and seat to a Parquet folder."""
    try:
        from ..sim.simulate import Output, Written, check_backend, make_plan
        from ..sim.simulate import run as run_simulation
    except ImportError as error:
        _missing_extra(error)
    try:
        options = card_set(game, cards, parse_options(option or []))
        lineup = bots if bots is not None else "random" if fast else "medium"
        plan = make_plan(game, lineup, games, players, seed, options, chunk, rotate, records, fast)
        if power is not None:
            for line in power_lines(load(plan.game).title, plan.players, power, plan.games):
                Console().print(line, highlight=False, soft_wrap=True)
            return
        if out is None:
            raise GameError("--out is required: the results folder to create")
        workers = jobs if jobs is not None else (os.cpu_count() or 1)
        check_backend(workers, backend, address)
        output = Output(out, plan, resume)
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    console = Console(stderr=True)
    progress = Progress(
        TextColumn("[bold]{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        RateColumn(),
        TimeElapsedColumn(),
        TextColumn("ETA"),
        TimeRemainingColumn(),
        console=console,
    )
    task = progress.add_task(f"{plan.game}, {plan.players} players", total=plan.games, start=False)
    kept = 0

    def started(done: int, total: int) -> None:
        nonlocal kept
        kept = done
        progress.update(task, completed=done, total=total)
        progress.start_task(task)

    def finished(chunk: Written) -> None:
        nonlocal kept
        kept += chunk.games
        progress.advance(task, chunk.games)

    try:
        with progress:
            played = run_simulation(
                plan, output, workers, backend, address, resume, started, finished
            )
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    except ImportError as error:
        _missing_extra(error)
    except KeyboardInterrupt:
        console.print(
            f"Stopped: {kept} of {plan.games} games are kept in {out}; "
            "run the same command with --resume to finish.",
            highlight=False,
        )
        raise typer.Exit(EXIT_INTERRUPTED) from None
    console.print(
        f"{played} games played, {plan.games} in {out} "
        f"(read it with pyarrow.parquet.read_table or `parlour report {out}`).",
        highlight=False,
        soft_wrap=True,
    )


def report(
    results: Annotated[Path, typer.Argument(help="A results folder from `parlour simulate`.")],
    out: Annotated[
        Path, typer.Option("--out", "-o", help="The folder for index.html and its plots.")
    ] = Path("report"),
    compare: Annotated[
        Path | None,
        typer.Option("--compare", help="Another run of the same game to set beside this one."),
    ] = None,
) -> None:
    """Write an HTML page of plots and tables about a simulation (or two, compared)."""
    try:
        from ..sim.report import build
    except ImportError as error:
        _missing_extra(error)
    try:
        page = build(results, out, compare)
    except GameError as error:
        fail(str(error), EXIT_USAGE)
    Console().print(f"Report written to {page}", highlight=False, soft_wrap=True)
