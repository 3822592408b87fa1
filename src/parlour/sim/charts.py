"""What the report's sections draw with: a run read once (``Run``), a plot of the page
(``Plot``), a number compared between runs (``Metric``), and matplotlib figures of grouped bars
with 95% intervals and of overlaid histograms, one colour a run."""

from __future__ import annotations

import json
import math
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from .. import load
from .cards import has_cards
from .facts import CardGroup
from .results import manifest, read
from .stats import Estimate, mean, wilson

__all__ = [
    "COLOURS",
    "Metric",
    "Plot",
    "Run",
    "bars",
    "figure",
    "histogram",
    "save",
    "shares_by",
    "win_metric",
]

COLOURS = ("#3b6ea5", "#d9822b")  # the first run, the second run
FLAG = "#c0392b"


class Run:
    """One run's table, read once, with its columns as Python lists on demand."""

    def __init__(self, path: str | Path, letter: str) -> None:
        self.path = Path(path)
        self.table = read(path)
        self.info = manifest(path)
        self.letter = letter
        self._columns: dict[str, list[Any]] = {}
        first = self.table.slice(0, 1).to_pylist()[0]
        self.game: str = first["game"]
        self.players: int = first["players"]
        self.games = self.table.num_rows // self.players

    @property
    def label(self) -> str:
        """``A: results.parquet (great_wall=true)``: the letter, the folder, changed options."""
        changed = self.changed_options()
        what = f" ({', '.join(changed)})" if changed else ""
        return f"{self.letter}: {self.path.name}{what}"

    def changed_options(self) -> list[str]:
        """The options that differ from the game's defaults, as ``key=value`` texts."""
        options = json.loads(self.col("options")[0])
        defaults = {name: o.default for name, o in load(self.game).options.items()}
        return [f"{k}={json.dumps(v)}" for k, v in sorted(options.items()) if defaults.get(k) != v]

    def col(self, name: str) -> list[Any]:
        """A column as a list, rows in game and seat order."""
        if name not in self._columns:
            self._columns[name] = self.table.column(name).to_pylist()
        return self._columns[name]

    def card_columns(self, group: CardGroup) -> dict[str, list[Any]] | None:
        """The columns the card table of ``group`` reads, ``None`` where the run lacks them."""
        names = {group.held[1], *(c for _, c in group.uses), "return", "score", "game_index"}
        names.update(group.scored or ())
        names.update(group.rounds or ())
        if not names <= set(self.table.column_names):
            return None
        columns = {name: self.col(name) for name in names}
        return columns if has_cards(columns, group) else None

    def title_of(self, group: CardGroup) -> str:
        """The heading of a card group: ``Fool's Blade cards``."""
        return f"{load(self.game).title} {group.name}"

    def per_game(self, name: str) -> list[Any]:
        """A column's value once per game (from seat 0's row), for game-level columns."""
        return self.col(name)[:: self.players]

    def share(self, mask: Sequence[bool]) -> Estimate:
        """The win share (mean return) of the seat-games (rows) that ``mask`` marks."""
        return win_metric("", self, mask).estimate()


@dataclass(frozen=True)
class Plot:
    """A plot of the page: its PNG file, its title and a sentence on how to read it."""

    file: str
    title: str
    caption: str


@dataclass(frozen=True)
class Metric:
    """A number to compare between runs: a share (successes, trials) or a list of values."""

    name: str
    share: tuple[float, int] | None = None
    values: Sequence[float] | None = None

    def estimate(self) -> Estimate:
        """The metric's value with its 95% interval."""
        if self.share is not None:
            return wilson(*self.share)
        return mean(self.values or [])


def win_metric(name: str, run: Run, mask: Sequence[bool]) -> Metric:
    """The win share (mean return) of the seat-games (rows) that ``mask`` marks, to compare."""
    won = [r for r, keep in zip(run.col("return"), mask, strict=True) if keep]
    return Metric(name, share=(sum(won), len(won)))


def figure(width: float = 7.0, height: float = 3.6, columns: int = 1) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, columns)
    return fig, axes


def save(fig: Any, out: Path, file: str) -> None:
    fig.savefig(out / file, dpi=110)


def shares_by(
    runs: Sequence[Run], column: str, values: Sequence[Any]
) -> list[tuple[str, list[Estimate]]]:
    """Each run's win share of the rows whose ``column`` holds each of ``values``."""
    series = []
    for run in runs:
        held = run.col(column)
        series.append((run.label, [run.share([h == v for h in held]) for v in values]))
    return series


def bars(
    ax: Any,
    groups: Sequence[str],
    series: Sequence[tuple[str, Sequence[Estimate]]],
    fair: float | None = None,
    percent: bool = True,
) -> None:
    """Grouped bars with 95% error bars, one colour a run; a dashed line at the fair share."""
    width = 0.8 / len(series)
    scale = 100.0 if percent else 1.0
    for k, (label, estimates) in enumerate(series):
        xs = [i + (k - (len(series) - 1) / 2) * width for i in range(len(groups))]
        values = [scale * e.value for e in estimates]
        # Never below zero: a share of 1 may sit a rounding error above its upper bound.
        low = [
            scale * max(0.0, e.value - e.low) if not math.isnan(e.low) else 0.0 for e in estimates
        ]
        high = [
            scale * max(0.0, e.high - e.value) if not math.isnan(e.high) else 0.0 for e in estimates
        ]
        ax.bar(xs, values, width, yerr=[low, high], capsize=3, label=label, color=COLOURS[k])
    ax.set_xticks(range(len(groups)), groups)
    if fair is not None:
        ax.axhline(scale * fair, color="grey", linestyle="--", linewidth=1, label="fair share")
    if percent:
        ax.set_ylabel("win share (%)")
    ax.legend(fontsize="small")


def histogram(ax: Any, runs: Sequence[Run], data: Sequence[Sequence[float]]) -> None:
    """Overlaid step histograms of the runs' values, as shares of each run, on shared bins."""
    low = min(min(d) for d in data)
    high = max(max(d) for d in data)
    # Values are whole numbers: bins a whole number wide, at most about 60 of them, so that
    # no bin holds one more value than its neighbour.
    step = max(1, math.ceil((high - low + 1) / 60))
    bins = [low - 0.5 + step * i for i in range(int((high - low) // step) + 2)]
    for k, (run, d) in enumerate(zip(runs, data, strict=True)):
        weights = [1 / len(d)] * len(d)  # each bar: its share of the run's values
        ax.hist(d, bins=bins, weights=weights, histtype="step", linewidth=1.6, color=COLOURS[k])
        ax.axvline(sum(d) / len(d), color=COLOURS[k], linestyle=":", label=f"{run.label} mean")
    ax.set_ylabel("share of games")
    ax.legend(fontsize="small")
