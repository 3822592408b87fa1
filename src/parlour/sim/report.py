"""``parlour report``: an HTML page of plots and tables about one run, or two side by side,
rendered from the Jinja2 template ``templates/report.html`` (every text escaped).

Every plot is a PNG made with matplotlib (the Agg backend: no screen needed). Win shares
carry Wilson 95% intervals; with ``compare``, each metric of the two runs is set side by
side with the difference (second run minus first) and its 95% interval (Newcombe's for
shares, Welch's for means), and a difference whose interval excludes zero is flagged.

Each game adds its own section through ``SECTIONS`` (plots) and ``METRICS`` (compared
numbers), keyed by game name; its card table comes from the ``CardGroup``s of its facts.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

from jinja2 import Environment, PackageLoader, select_autoescape

from .. import load
from ..core import GameError
from ..games.citadels.cards import C_SLUG
from .cards import CardTable, card_rows, card_table, has_cards, outlier_plot, write_csv
from .facts import BOSS_OUTCOMES, MONSTER_DECKS, CardGroup, CardInfo, facts_for
from .simulate import manifest, read
from .stats import Estimate, mean, mean_difference, newcombe, wilson

__all__ = ["METRICS", "SECTIONS", "TEMPLATES", "Metric", "Plot", "Run", "build", "win_metric"]

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


def _figure(width: float = 7.0, height: float = 3.6, columns: int = 1) -> tuple[Any, Any]:
    from matplotlib.figure import Figure

    fig = Figure(figsize=(width, height), layout="constrained")
    axes = fig.subplots(1, columns)
    return fig, axes


def _save(fig: Any, out: Path, file: str) -> None:
    fig.savefig(out / file, dpi=110)


def _shares_by(
    runs: Sequence[Run], column: str, values: Sequence[Any]
) -> list[tuple[str, list[Estimate]]]:
    """Each run's win share of the rows whose ``column`` holds each of ``values``."""
    series = []
    for run in runs:
        held = run.col(column)
        series.append((run.label, [run.share([h == v for h in held]) for v in values]))
    return series


def _bars(
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


def _histogram(ax: Any, runs: Sequence[Run], data: Sequence[Sequence[float]]) -> None:
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


# -- the common part -----------------------------------------------------------------------


def _who_wins(runs: Sequence[Run], out: Path) -> list[Plot]:
    players = runs[0].players
    seats = list(range(players))
    fig, ax = _figure()
    series = _shares_by(runs, "seat", seats)
    _bars(ax, [f"seat {s}" for s in seats], series, fair=1 / players)
    ax.set_title("Win share by seat")
    _save(fig, out, "win_by_seat.png")
    bots = sorted(set().union(*(set(r.col("bot")) for r in runs)))
    fig, ax = _figure(width=max(5.0, 1.6 * len(bots) + 2))
    series = _shares_by(runs, "bot", bots)
    _bars(ax, bots, series, fair=1 / players)
    ax.set_title("Win share by bot (all its seats pooled)")
    _save(fig, out, "win_by_bot.png")
    return [
        Plot(
            "win_by_seat.png",
            "Win share by seat",
            "A shared win counts 1/k. Bars hold 95% Wilson intervals; the dashed line is the "
            "fair share, one in the number of seats.",
        ),
        Plot(
            "win_by_bot.png",
            "Win share by bot",
            "Each bot's seat-games pooled over the seats it played; a bot in several seats of "
            "one game is compared with itself there.",
        ),
    ]


def _scores_and_length(runs: Sequence[Run], out: Path) -> list[Plot]:
    fig, axes = _figure(width=9.0, columns=2)
    _histogram(axes[0], runs, [r.col("score") for r in runs])
    axes[0].set_title("Final scores, every seat")
    axes[0].set_xlabel("score")
    winners = [
        [float(s) for s, w in zip(r.col("score"), r.col("won"), strict=True) if w] for r in runs
    ]
    _histogram(axes[1], runs, winners)
    axes[1].set_title("Winning scores")
    axes[1].set_xlabel("score")
    _save(fig, out, "scores.png")
    fig, axes = _figure(width=9.0, columns=2)
    _histogram(axes[0], runs, [r.per_game("decisions") for r in runs])
    axes[0].set_title("Length in decisions")
    axes[0].set_xlabel("decisions per game")
    if all(v is not None for r in runs for v in r.per_game("rounds")):
        _histogram(axes[1], runs, [r.per_game("rounds") for r in runs])
        axes[1].set_title("Length in rounds")
        axes[1].set_xlabel("rounds (or turns) per game")
    else:
        axes[1].set_axis_off()
    _save(fig, out, "length.png")
    return [
        Plot(
            "scores.png",
            "Score distributions",
            "Share of seat-games at each final score (left) and of winners (right); the "
            "dotted lines are the means.",
        ),
        Plot("length.png", "Game length", "Share of games by decisions and by rounds played."),
    ]


def _common_metrics(run: Run) -> list[Metric]:
    seats, bots = run.col("seat"), run.col("bot")
    out = [
        win_metric(f"win share, seat {s}", run, [x == s for x in seats]) for s in range(run.players)
    ]
    # With one bot in every seat its win share is one in the number of seats by definition.
    for b in sorted(set(bots)) if len(set(bots)) > 1 else []:
        out.append(win_metric(f"win share, {b}", run, [x == b for x in bots]))
    scores = run.col("score")
    out.append(Metric("mean score", values=scores))
    out.append(
        Metric(
            "mean winning score",
            values=[s for s, w in zip(scores, run.col("won"), strict=True) if w],
        )
    )
    out.append(Metric("decisions per game", values=run.per_game("decisions")))
    rounds = run.per_game("rounds")
    if all(r is not None for r in rounds):
        out.append(Metric("rounds per game", values=rounds))
    return out


# -- Fearless --------------------------------------------------------------------------------


def _fearless(runs: Sequence[Run], out: Path) -> list[Plot]:
    fig, ax = _figure(width=9.0)
    top = max(max(f for fears in r.col("fear_per_round") for f in fears) for r in runs)
    width = 0.8 / len(runs)
    for k, run in enumerate(runs):
        counts = Counter(f for fears in run.col("fear_per_round") for f in fears)
        total = sum(counts.values())
        xs = [x + (k - (len(runs) - 1) / 2) * width for x in range(top + 1)]
        ys = [100 * counts.get(x, 0) / total for x in range(top + 1)]
        ax.bar(xs, ys, width, color=COLOURS[k], label=run.label)
    ax.set_xlabel("fear points in a round (15: the ghost stayed on the ruin)")
    ax.set_ylabel("share of seat-rounds (%)")
    ax.set_title("Fear per round")
    ax.legend(fontsize="small")
    _save(fig, out, "fearless_fear.png")

    groups = ["0", "1", "2", "3+"]
    fig, axes = _figure(width=9.0, columns=2)
    shares, fears = [], []
    for run in runs:
        ruined = [min(x, 3) for x in run.col("rounds_ruined")]
        shares.append((run.label, [run.share([v == g for v in ruined]) for g in range(4)]))
        scores = run.col("score")
        fears.append(
            (
                run.label,
                [
                    mean([s for s, x in zip(scores, ruined, strict=True) if x == g])
                    for g in range(4)
                ],
            )
        )
    _bars(axes[0], groups, shares, fair=1 / runs[0].players)
    axes[0].set_xlabel("rounds ended on the ruin")
    axes[0].set_title("Win share by rounds ruined")
    _bars(axes[1], groups, fears, percent=False)
    axes[1].set_xlabel("rounds ended on the ruin")
    axes[1].set_ylabel("final fear points")
    axes[1].set_title("Mean final fear by rounds ruined")
    _save(fig, out, "fearless_ruin.png")
    return [
        Plot(
            "fearless_fear.png",
            "Fearless: fear per round",
            "How often a seat took each number of fear points in a round; the bar at 15 is "
            "mostly rounds ended on the ruin.",
        ),
        Plot(
            "fearless_ruin.png",
            "Fearless: the cost of ruin",
            "Win share (95% Wilson intervals) and mean final fear (95% normal intervals) of "
            "seat-games by how many rounds the seat ended on the ruin.",
        ),
    ]


def _fearless_metrics(run: Run) -> list[Metric]:
    fears = [f for fears in run.col("fear_per_round") for f in fears]
    ruined = run.col("rounds_ruined")
    return [
        Metric("share of seat-rounds ruined", share=(sum(ruined), len(fears))),
        Metric("fear per seat-round", values=fears),
        win_metric("win share after a ruined round", run, [x > 0 for x in ruined]),
    ]


# -- Citadels --------------------------------------------------------------------------------


def _citadels(runs: Sequence[Run], out: Path) -> list[Plot]:
    fair = 1 / runs[0].players
    fig, ax = _figure(width=10.0)
    series = []
    for run in runs:
        held = [{c for chars in rounds for c in chars} for rounds in run.col("characters")]
        series.append((run.label, [run.share([c in h for h in held]) for c in C_SLUG]))
    _bars(ax, list(C_SLUG), series, fair=fair)
    ax.set_title("Win share of seats that held each character at least once")
    _save(fig, out, "citadels_characters.png")

    groups = ["0", "1", "2", "3", "4", "5+"]
    fig, axes = _figure(width=10.0, columns=2)
    series, picked = [], []
    for run in runs:
        firsts = run.col("first_picks")
        count = [min(len(f), 5) for f in firsts]
        series.append((run.label, [run.share([v == g for v in count]) for g in range(6)]))
        taken = Counter(c for f in firsts for c in f)
        total = sum(taken.values())
        picked.append((run.label, [wilson(taken[c], total) for c in C_SLUG]))
    _bars(axes[0], groups, series, fair=fair)
    axes[0].set_xlabel("rounds in which the seat picked first")
    axes[0].set_title("Win share by first picks")
    _bars(axes[1], [c[:4] for c in C_SLUG], picked)
    axes[1].set_ylabel("share of first picks (%)")
    axes[1].set_title("What the first pick takes")
    _save(fig, out, "citadels_first_pick.png")

    fig, ax = _figure(width=9.0)
    for k, run in enumerate(runs):
        per_round = run.col("districts_per_round")
        won = run.col("won")
        last = max(len(b) for b in per_round)
        for flag, style, who in ((True, "-", "winners"), (False, "--", "others")):
            xs, ys, lo, hi = [], [], [], []
            for r in range(last):
                values = [
                    b[r] for b, w in zip(per_round, won, strict=True) if w == flag and len(b) > r
                ]
                if len(values) < 30:  # too few games last this long to say much
                    break
                e = mean(values)
                xs.append(r + 1)
                ys.append(e.value)
                lo.append(e.low)
                hi.append(e.high)
            ax.plot(xs, ys, style, color=COLOURS[k], label=f"{run.label}, {who}")
            ax.fill_between(xs, lo, hi, color=COLOURS[k], alpha=0.2)
    ax.set_xlabel("round")
    ax.set_ylabel("districts built in the round")
    ax.set_title("Districts built per round")
    ax.legend(fontsize="small")
    _save(fig, out, "citadels_districts.png")
    return [
        Plot(
            "citadels_characters.png",
            "Citadels: win share by character held",
            "Seat-games in which the seat kept the character in at least one round; 95% "
            "Wilson intervals; the dashed line is the fair share.",
        ),
        Plot(
            "citadels_first_pick.png",
            "Citadels: the first pick",
            "Left: win share by how many rounds the seat chose its character first (it held "
            "the crown). Right: which character the first pick took.",
        ),
        Plot(
            "citadels_districts.png",
            "Citadels: districts built per round",
            "Mean districts built in each round by winners and by the others, with 95% "
            "intervals, over the games that lasted that long.",
        ),
    ]


def _citadels_metrics(run: Run) -> list[Metric]:
    held = [{c for chars in rounds for c in chars} for rounds in run.col("characters")]
    out = [win_metric(f"win share holding {c}", run, [c in h for h in held]) for c in C_SLUG]
    out.append(win_metric("the first to finish wins", run, run.col("finished_first")))
    out.append(Metric("districts built", values=run.col("districts_built")))
    out.append(Metric("murders suffered", values=run.col("murdered")))
    out.append(Metric("robberies suffered", values=run.col("robbed")))
    return out


# -- Fool's Blade ----------------------------------------------------------------------------

BOSS_COLOURS = ("#cccccc", "#4a9c5d", "#c0392b", "#e0b040")  # beside BOSS_OUTCOMES


def _combats(run: Run, column: str) -> list[tuple[int, int]]:
    """Per monster deck, then Boss cards: (combats counted in ``column``, combats fought)."""
    fought = [sum(f[d] for f in run.col("monsters_fought")) for d in range(len(MONSTER_DECKS))]
    counted = [sum(c[d] for c in run.col(column)) for d in range(len(MONSTER_DECKS))]
    boss = sum(run.col("boss_fights"))
    beaten = sum(run.col("boss_cards_beaten"))
    boss_count = beaten if column == "monsters_defeated" else boss - beaten  # Boss wins ties
    return [*zip(counted, fought, strict=True), (boss_count, boss)]


def _boss_shares(run: Run) -> list[list[float]]:
    """Per monster deck, the share of games its Boss ended in each of ``BOSS_OUTCOMES``."""
    games = run.per_game("boss_outcomes")
    return [
        [sum(g[d] == o for g in games) / len(games) for o in BOSS_OUTCOMES]
        for d in range(len(MONSTER_DECKS))
    ]


def _foolsblade(runs: Sequence[Run], out: Path) -> list[Plot]:
    fair = 1 / runs[0].players
    classes = sorted(set().union(*(set(r.col("class")) for r in runs)))
    fig, ax = _figure(width=max(7.0, 0.7 * len(classes) + 2))
    series = _shares_by(runs, "class", classes)
    _bars(ax, classes, series, fair=fair)
    for label in ax.get_xticklabels():
        label.set_rotation(40)
        label.set_horizontalalignment("right")
    ax.set_title("Win share by class")
    _save(fig, out, "foolsblade_classes.png")

    places = list(range(runs[0].players))
    fig, ax = _figure()
    series = _shares_by(runs, "turn_order", places)
    _bars(ax, [str(p) for p in places], series, fair=fair)
    ax.set_xlabel("place in turn order (0: the first player; the last chose its class first)")
    ax.set_title("Win share by turn order")
    _save(fig, out, "foolsblade_order.png")

    groups = [*MONSTER_DECKS, "boss cards"]
    fig, axes = _figure(width=9.0, columns=2)
    for ax, column, title in (
        (axes[0], "monsters_defeated", "Monsters defeated (share of combats won)"),
        (axes[1], "monsters_lost", "Combats lost"),
    ):
        _bars(ax, groups, [(r.label, [wilson(*c) for c in _combats(r, column)]) for r in runs])
        ax.set_ylabel("share of combats (%)")
        ax.set_title(title)
    _save(fig, out, "foolsblade_monsters.png")

    fig, ax = _figure(width=9.0)
    width = 0.8 / len(runs)
    for k, run in enumerate(runs):
        xs = [d + (k - (len(runs) - 1) / 2) * width for d in range(len(MONSTER_DECKS))]
        bottom = [0.0] * len(MONSTER_DECKS)
        for o, name in enumerate(BOSS_OUTCOMES):
            heights = [100 * shares[o] for shares in _boss_shares(run)]
            ax.bar(
                xs,
                heights,
                width * 0.95,
                bottom=bottom,
                color=BOSS_COLOURS[o],
                edgecolor=COLOURS[k],
                linewidth=1.5,
                label=name if k == 0 else None,
            )
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax.set_xticks(range(len(MONSTER_DECKS)), list(MONSTER_DECKS))
    ax.set_ylabel("share of games (%)")
    ax.set_title("Boss outcomes by monster deck" + (" (A left, B right)" if len(runs) > 1 else ""))
    ax.legend(fontsize="small")
    _save(fig, out, "foolsblade_bosses.png")
    return [
        Plot(
            "foolsblade_classes.png",
            "Fool's Blade: win share by class",
            "Seat-games by the class the seat played, with 95% Wilson intervals; the dashed "
            "line is the fair share.",
        ),
        Plot(
            "foolsblade_order.png",
            "Fool's Blade: win share by turn order",
            "Win share by the seat's place in turn order, with 95% Wilson intervals: the d20 "
            "roll-off decides who is first, so the seat number alone says little. Classes "
            "are chosen in the reverse order, the last player first.",
        ),
        Plot(
            "foolsblade_monsters.png",
            "Fool's Blade: defeat rates per monster deck",
            "Of all combats against each deck (and against Boss cards), the share the fighter "
            "won and the share it lost (the rest are draws and escapes), with 95% Wilson "
            "intervals.",
        ),
        Plot(
            "foolsblade_bosses.png",
            "Fool's Blade: boss outcomes",
            "For each deck's Boss, the share of games in which its Approach was never "
            "revealed, the players beat it, it prevailed, or the game ended first.",
        ),
    ]


def _foolsblade_metrics(run: Run) -> list[Metric]:
    held, order = run.col("class"), run.col("turn_order")
    out = [win_metric(f"win share as {c}", run, [h == c for h in held]) for c in sorted(set(held))]
    for p in range(run.players):
        out.append(win_metric(f"win share, turn order {p}", run, [o == p for o in order]))
    names = [f"{deck} combats won" for deck in MONSTER_DECKS] + ["boss cards beaten"]
    for name, count in zip(names, _combats(run, "monsters_defeated"), strict=True):
        out.append(Metric(name, share=count))
    games = run.per_game("boss_outcomes")
    for d, deck in enumerate(MONSTER_DECKS):
        beaten = sum(g[d] == BOSS_OUTCOMES[1] for g in games)
        out.append(Metric(f"{deck} boss beaten", share=(beaten, len(games))))
    for column in ("loot_drawn", "monster_points", "weapon_strength", "loot_points"):
        out.append(Metric(f"{column.replace('_', ' ')} per seat", values=run.col(column)))
    return out


SECTIONS: dict[str, Callable[[Sequence[Run], Path], list[Plot]]] = {
    "fearless": _fearless,
    "citadels": _citadels,
    "foolsblade": _foolsblade,
}
METRICS: dict[str, Callable[[Run], list[Metric]]] = {
    "fearless": _fearless_metrics,
    "citadels": _citadels_metrics,
    "foolsblade": _foolsblade_metrics,
}


# -- comparing two runs ----------------------------------------------------------------------


@dataclass(frozen=True)
class Comparison:
    """One metric in both runs and the difference (second minus first)."""

    name: str
    first: Estimate
    second: Estimate
    difference: Estimate
    is_share: bool


def compare(a: Run, b: Run) -> list[Comparison]:
    """Every metric both runs have, with the difference and its 95% interval."""
    ours = {m.name: m for m in _metrics(a)}
    out = []
    for theirs in _metrics(b):
        mine = ours.get(theirs.name)
        if mine is None:
            continue
        first, second = mine.estimate(), theirs.estimate()
        if mine.share is not None:
            diff = newcombe(first, second)
        else:
            diff = mean_difference(mine.values or [], theirs.values or [])
        out.append(Comparison(theirs.name, first, second, diff, mine.share is not None))
    return out


def _metrics(run: Run) -> list[Metric]:
    extra = METRICS.get(run.game)
    return _common_metrics(run) + (extra(run) if extra is not None else [])


def _compare_plot(rows: Sequence[Comparison], out: Path) -> Plot:
    shares = [r for r in rows if r.is_share and not math.isnan(r.difference.value)]
    # Means differ in units (points, rounds, decisions): each is shown as a percentage of
    # the first run's mean, so that one axis holds them all.
    means = [
        r
        for r in rows
        if not r.is_share and not math.isnan(r.difference.low) and r.first.value != 0
    ]
    from matplotlib.figure import Figure

    fig = Figure(figsize=(8.0, 0.3 * (len(shares) + len(means)) + 2.0), layout="constrained")
    top, bottom = fig.subplots(2, 1, height_ratios=[max(1, len(shares)), max(1, len(means))])
    for ax, chosen, scale in ((top, shares, None), (bottom, means, "mean")):
        for y, r in enumerate(reversed(chosen)):
            d = r.difference
            factor = 100.0 / abs(r.first.value) if scale else 100.0
            ax.errorbar(
                factor * d.value,
                y,
                xerr=[[factor * (d.value - d.low)], [factor * (d.high - d.value)]],
                fmt="o",
                color=FLAG if d.excludes_zero else "black",
                capsize=3,
            )
        ax.axvline(0, color="grey", linewidth=1)
        ax.set_yticks(range(len(chosen)), [r.name for r in reversed(chosen)], fontsize="small")
    top.set_xlabel("share: second run minus first (percentage points)")
    top.set_title("Differences with 95% intervals (red: the interval excludes zero)")
    bottom.set_xlabel("mean: second run minus first (% of the first run's mean)")
    _save(fig, out, "compare.png")
    return Plot(
        "compare.png",
        "Differences between the runs",
        "Above, each share of the second run minus the first, with Newcombe's 95% interval; "
        "below, each mean's difference (Welch's 95% interval) as a percentage of the first "
        "run's mean. Red where the interval excludes zero.",
    )


# -- the page --------------------------------------------------------------------------------


def _fmt(e: Estimate, share: bool) -> str:
    if math.isnan(e.value):
        return "-"
    if share:
        if math.isnan(e.low):
            return f"{100 * e.value:.1f}%"
        return f"{100 * e.value:.1f}% ({100 * e.low:.1f} to {100 * e.high:.1f})"
    if math.isnan(e.low):
        return f"{e.value:.2f}"
    return f"{e.value:.2f} ({e.low:.2f} to {e.high:.2f})"


def _fmt_difference(e: Estimate, share: bool) -> str:
    if math.isnan(e.value):
        return "-"
    scale, digits, unit = (100.0, 1, " pp") if share else (1.0, 2, "")

    def signed(x: float) -> str:
        # Rounded first, so that a tiny negative difference reads +0.0, not -0.0.
        return f"{round(scale * x, digits) + 0.0:+.{digits}f}"

    return f"{signed(e.value)}{unit} ({signed(e.low)} to {signed(e.high)})"


@dataclass(frozen=True)
class Table:
    """A table of the page: its headings, its rows of texts, and which rows are flagged."""

    head: list[str]
    rows: list[list[str]]
    flags: list[bool] = field(default_factory=list)


@dataclass(frozen=True)
class CardSection:
    """A card group's part of the page: its heading and what held and used mean; where the
    run's rows hold card columns, the outlier plot, the CSV file and the table."""

    heading: str
    about: str
    plot: Plot | None = None
    csv: str = ""
    table: CardTable | None = None


# The page's template (``templates/report.html``) and the card table it draws with.
TEMPLATES = Environment(
    loader=PackageLoader("parlour.sim"),
    autoescape=select_autoescape(["html"]),
    trim_blocks=True,
    lstrip_blocks=True,
)


def _run_table(runs: Sequence[Run]) -> Table:
    rows = []
    for run in runs:
        plan = run.info.get("plan", {})
        bots = ",".join(
            ":".join([b["name"], *(f"{k}={v}" for k, v in sorted(b["settings"].items()))])
            for b in plan.get("bots", [])
        )
        rows.append(
            [
                run.label,
                str(run.path),
                f"{run.games:,}",
                bots or ", ".join(sorted(set(run.col("bot")))),
                run.col("options")[0],
                str(plan.get("seed", "?")),
                "yes" if plan.get("rotate") else "no",
            ]
        )
    return Table(["run", "folder", "games", "bots by seat", "options", "seed", "rotate"], rows)


def build(results: str | Path, out: str | Path, compare_with: str | Path | None = None) -> Path:
    """Write ``index.html`` and its PNG plots into ``out``; the page's path.

    ``GameError`` with one sentence for a missing run, two runs of different tables, or an
    output folder that cannot be written.
    """
    import matplotlib

    matplotlib.use("Agg")
    runs = [Run(results, "A")]
    if compare_with is not None:
        runs.append(Run(compare_with, "B"))
        a, b = runs
        if (a.game, a.players) != (b.game, b.players):
            raise GameError(
                f"cannot compare {a.game} with {a.players} players to {b.game} with "
                f"{b.players} players"
            )
    folder = Path(out)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        (folder / ".write-check").write_text("", encoding="utf-8")
        (folder / ".write-check").unlink()
    except OSError as error:
        raise GameError(f"cannot write to {str(folder)!r}: {error.strerror}") from None
    plots = _who_wins(runs, folder) + _scores_and_length(runs, folder)
    section = SECTIONS.get(runs[0].game)
    game_plots = section(runs, folder) if section is not None else []
    comparison = None
    if len(runs) == 2:
        rows = compare(runs[0], runs[1])
        comparison = Table(
            ["metric", runs[0].label, runs[1].label, "difference"],
            [
                [
                    r.name,
                    _fmt(r.first, r.is_share),
                    _fmt(r.second, r.is_share),
                    _fmt_difference(r.difference, r.is_share),
                ]
                for r in rows
            ],
            [r.difference.excludes_zero for r in rows],
        )
        plots.insert(0, _compare_plot(rows, folder))
    by_seat, by_bot = _win_tables(runs)
    page = folder / "index.html"
    html = TEMPLATES.get_template("report.html").render(
        title=load(runs[0].game).title,
        players=runs[0].players,
        runs=_run_table(runs),
        by_seat=by_seat,
        by_bot=by_bot,
        comparison=comparison,
        plots=plots + game_plots,
        cards=_card_sections(runs, folder),
    )
    page.write_text(html + "\n", encoding="utf-8")
    return page


def _card_sections(runs: Sequence[Run], out: Path) -> list[CardSection]:
    """The card groups of every run, their plots and CSV files written to ``out`` (none for
    a game without cards)."""
    sections = []
    for k, run in enumerate(runs):
        describe = _describer(run)
        for group in facts_for(run.game).cards:
            heading = f"{run.title_of(group)}" + (f" ({run.label})" if len(runs) > 1 else "")
            columns = run.card_columns(group)
            if columns is None:
                sections.append(CardSection(heading, group.about))
                continue
            rows = card_rows(columns, group, partial(describe, group))
            file = f"{run.game}_{group.noun}_outliers{'_b' if k else ''}.png"
            outlier_plot(group, rows, heading, out / file)
            caption = (
                "The cards whose win-share difference has a 95% interval that excludes zero "
                f"(red), then the {2 * 10} most extreme, at most 40."
            )
            table = file.removesuffix(".png").replace("_outliers", "_table") + ".csv"
            write_csv(group, rows, out / table)
            plot = Plot(file, f"{heading}: the outliers", caption)
            sections.append(CardSection(heading, group.about, plot, table, card_table(group, rows)))
    return sections


def _describer(run: Run) -> Callable[[CardGroup, str], CardInfo]:
    """Read cards' names and texts from a new game with the run's options."""
    try:
        state = load(run.game).new_game(run.players, seed=0, **json.loads(run.col("options")[0]))
    except GameError:
        return lambda group, card: CardInfo(card, "", "")
    return lambda group, card: group.describe(state, card)


def _win_tables(runs: Sequence[Run]) -> tuple[Table, Table]:
    """The win shares by seat and by bot, a column a run."""
    labels = [r.label for r in runs]
    seats = [
        [f"seat {s}", *(_fmt(run.share([v == s for v in run.col("seat")]), True) for run in runs)]
        for s in range(runs[0].players)
    ]
    bots = sorted(set().union(*(set(r.col("bot")) for r in runs)))
    by_bot = [
        [b, *(_fmt(run.share([v == b for v in run.col("bot")]), True) for run in runs)]
        for b in bots
    ]
    return Table(["by seat", *labels], seats), Table(["by bot", *labels], by_bot)
