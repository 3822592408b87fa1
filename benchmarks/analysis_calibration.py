"""How good the analysis's estimates are: predicted winning chances against actual results.

Run: ``.venv/bin/python benchmarks/analysis_calibration.py [--game fearless] [--players 4]
[--games 60] [--iterations 32] [--jobs 2] [--out docs/analysis-calibration.png]``.

Bots play ``--games`` games (the line-up below, turned one seat further every game); in each
game one seat (the game's number modulo the players) is analysed with the analysis's default
settings for the game, ``--iterations`` worlds a decision. Every judged decision gives a
prediction, the estimated expected result after the move played, and an outcome, that seat's
actual ``returns()`` at the end. The predictions are binned by tenths and each bin's mean
prediction is set beside its mean outcome (a calibrated estimate lies on the diagonal), with
the Brier score against that of always predicting the fair share 1/players. Decisions of one
game are correlated, so the intervals (95%, normal) treat each game as one sample: a bin's
games are resampled, not its decisions. Also per bot: decisions judged, marks per 100
decisions and the mean loss, which should order the bots by strength.
"""

from __future__ import annotations

import argparse
import math
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import parlour
from parlour import bots
from parlour.analysis import Settings, analyze
from parlour.core import derive_seed

LINEUP = ("medium", "easy", "medium", "random", "easy")
BINS = 10
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Sample:
    """One judged decision: the game, the bot that made it, the prediction and the outcome."""

    game: int
    bot: str
    chance: float
    result: float
    loss: float
    marked: bool


def one_game(game: str, players: int, index: int, iterations: int) -> list[Sample]:
    """Play game number ``index`` with the line-up turned by ``index``; judge one seat."""
    seed = derive_seed("calibration", game, players, index)
    names = [LINEUP[(s + index) % len(LINEUP)] for s in range(players)]
    seats = [bots.make(name, seed=derive_seed(seed, s)) for s, name in enumerate(names)]
    state = parlour.load(game).new_game(players, seed=seed % 2**32)
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(seats[seat].choose(state))
    judged = index % players
    settings = Settings.for_game(game, iterations=iterations, seed=index)
    analysis = analyze(state.record(), [judged], settings).seat(judged)
    assert analysis.result is not None
    return [
        Sample(index, names[judged], d.chance, analysis.result, d.loss, d.verdict is not None)
        for d in analysis.decisions
    ]


def interval(per_game: dict[int, list[float]]) -> tuple[float, float]:
    """Mean of the values and its 95% half-width, with each game's values as one sample."""
    values = [v for vs in per_game.values() for v in vs]
    mean = sum(values) / len(values)
    n = sum(len(vs) for vs in per_game.values())
    # The ratio estimator's variance over games (clustered by game).
    spread = sum((sum(vs) - mean * len(vs)) ** 2 for vs in per_game.values())
    games = len(per_game)
    half = Z95 * math.sqrt(spread * games / max(1, games - 1)) / n if games > 1 else math.inf
    return mean, half


def plot(rows: list[tuple[float, float, float, int]], players: int, title: str, out: Path) -> None:
    """The reliability diagram: mean outcome against mean prediction per bin."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.figure import Figure

    fig = Figure(figsize=(5, 4.4), layout="constrained")
    ax = fig.add_subplot()
    ax.plot([0, 1], [0, 1], color="#999999", linestyle="--", linewidth=0.8, label="calibrated")
    ax.axhline(1 / players, color="#cccccc", linewidth=0.8)
    xs = [r[0] for r in rows]
    ys = [r[1] for r in rows]
    ax.errorbar(xs, ys, yerr=[r[2] for r in rows], fmt="o-", capsize=3, label="analysis")
    for x, y, _, count in rows:
        ax.annotate(str(count), (x, y), textcoords="offset points", xytext=(6, -10), fontsize=7)
    ax.set_xlim(0, 1)
    ax.set_ylim(-0.05, 1.05)
    ax.set_xlabel("predicted chance after the move (bin mean)")
    ax.set_ylabel("actual result (mean)")
    ax.set_title(title, fontsize=9)
    ax.legend(loc="upper left", fontsize="small")
    ax.grid(alpha=0.3)
    fig.savefig(out, dpi=110)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="fearless")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--iterations", type=int, default=32)
    parser.add_argument("--jobs", type=int, default=2)
    parser.add_argument("--out", type=Path, default=Path("docs/analysis-calibration.png"))
    args = parser.parse_args()
    console = Console()
    began = time.perf_counter()
    samples: list[Sample] = []
    with (
        Progress(
            TextColumn("[bold]{task.description}"),
            BarColumn(),
            MofNCompleteColumn(),
            TimeRemainingColumn(),
            console=console,
        ) as progress,
        ProcessPoolExecutor(max_workers=args.jobs) as pool,
    ):
        task = progress.add_task(f"{args.game} games analysed", total=args.games)
        futures = [
            pool.submit(one_game, args.game, args.players, i, args.iterations)
            for i in range(args.games)
        ]
        for future in as_completed(futures):
            samples.extend(future.result())
            progress.advance(task)
    took = time.perf_counter() - began
    rows = []
    table = Table(title=f"{args.game}, {args.players} players: predicted against actual")
    for column in ("predicted", "decisions", "games", "mean predicted", "actual (95%)"):
        table.add_column(column, justify="right")
    for b in range(BINS):
        low, high = b / BINS, (b + 1) / BINS
        inside = [s for s in samples if low <= s.chance < high or (b == BINS - 1 and s.chance == 1)]
        if not inside:
            continue
        outcomes: dict[int, list[float]] = defaultdict(list)
        predictions: dict[int, list[float]] = defaultdict(list)
        for s in inside:
            outcomes[s.game].append(s.result)
            predictions[s.game].append(s.chance)
        actual, half = interval(outcomes)
        predicted, _ = interval(predictions)
        rows.append((predicted, actual, half, len(inside)))
        table.add_row(
            f"{low:.1f}-{high:.1f}",
            str(len(inside)),
            str(len(outcomes)),
            f"{predicted:.3f}",
            f"{actual:.3f} ± {half:.3f}",
        )
    console.print(table)
    brier = sum((s.chance - s.result) ** 2 for s in samples) / len(samples)
    fair = 1 / args.players
    base = sum((fair - s.result) ** 2 for s in samples) / len(samples)
    console.print(
        f"{len(samples)} decisions of {args.games} games; Brier score {brier:.4f} against "
        f"{base:.4f} for always {fair:.2f} (skill {1 - brier / base:.2f}); {took:.0f} s on "
        f"{args.jobs} processes",
        highlight=False,
    )
    by_bot = Table(title="per bot: the analysis's marks")
    for column in ("bot", "decisions", "marked per 100", "mean loss", "win share"):
        by_bot.add_column(column, justify="right")
    for bot in sorted({s.bot for s in samples}):
        mine = [s for s in samples if s.bot == bot]
        games = {s.game: s.result for s in mine}
        by_bot.add_row(
            bot,
            str(len(mine)),
            f"{100 * sum(s.marked for s in mine) / len(mine):.1f}",
            f"{sum(s.loss for s in mine) / len(mine):.3f}",
            f"{sum(games.values()) / len(games):.2f} of {len(games)}",
        )
    console.print(by_bot)
    title = f"{args.game}, {args.players} players, {args.games} games, {args.iterations} worlds"
    plot(rows, args.players, title, args.out)
    console.print(f"Plot written to {args.out}", highlight=False)


if __name__ == "__main__":
    main()
