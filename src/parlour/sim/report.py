"""``parlour report``: an HTML page of plots and tables about one run, or two side by side,
rendered from the Jinja2 template ``templates/report.html`` (every text escaped).

Every plot is a PNG made with matplotlib (the Agg backend: no screen needed). Win shares
carry Wilson 95% intervals; with ``compare``, each metric of the two runs is set side by
side with the difference (second run minus first) and its 95% interval (Newcombe's for
shares, Welch's for means), and a difference whose interval excludes zero is flagged.

Each game adds its own section, declared with its facts (``sim/games/``): ``plots`` and
``metrics`` (compared numbers); its card table comes from the ``CardGroup``s of its facts.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path

from jinja2 import Environment, PackageLoader, select_autoescape

from .. import load
from ..core import GameError
from .cards import (
    CardRow,
    CardTables,
    card_rows,
    card_table,
    compare_table,
    outlier_plot,
    write_csv,
)
from .charts import Metric, Plot, Run, bars, figure, histogram, save, shares_by, win_metric
from .facts import CardGroup, CardInfo, facts_for
from .stats import Estimate, mean_difference, newcombe, smallest_difference

__all__ = ["TEMPLATES", "Comparison", "build", "compare"]

FLAG = "#c0392b"


# -- the common part -----------------------------------------------------------------------


def _who_wins(runs: Sequence[Run], out: Path) -> list[Plot]:
    players = runs[0].players
    seats = list(range(players))
    fig, ax = figure()
    series = shares_by(runs, "seat", seats)
    bars(ax, [f"seat {s}" for s in seats], series, fair=1 / players)
    ax.set_title("Win share by seat")
    save(fig, out, "win_by_seat.png")
    bots = sorted(set().union(*(set(r.col("bot")) for r in runs)))
    fig, ax = figure(width=max(5.0, 1.6 * len(bots) + 2))
    series = shares_by(runs, "bot", bots)
    bars(ax, bots, series, fair=1 / players)
    ax.set_title("Win share by bot (all its seats pooled)")
    save(fig, out, "win_by_bot.png")
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
    fig, axes = figure(width=9.0, columns=2)
    histogram(axes[0], runs, [r.col("score") for r in runs])
    axes[0].set_title("Final scores, every seat")
    axes[0].set_xlabel("score")
    winners = [
        [float(s) for s, w in zip(r.col("score"), r.col("won"), strict=True) if w] for r in runs
    ]
    histogram(axes[1], runs, winners)
    axes[1].set_title("Winning scores")
    axes[1].set_xlabel("score")
    save(fig, out, "scores.png")
    fig, axes = figure(width=9.0, columns=2)
    histogram(axes[0], runs, [r.per_game("decisions") for r in runs])
    axes[0].set_title("Length in decisions")
    axes[0].set_xlabel("decisions per game")
    if all(v is not None for r in runs for v in r.per_game("rounds")):
        histogram(axes[1], runs, [r.per_game("rounds") for r in runs])
        axes[1].set_title("Length in rounds")
        axes[1].set_xlabel("rounds (or turns) per game")
    else:
        axes[1].set_axis_off()
    save(fig, out, "length.png")
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
    extra = facts_for(run.game).metrics
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
    save(fig, out, "compare.png")
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
    run's rows hold card columns, its tables, and for one run its outlier plot and CSV file."""

    heading: str
    about: str
    plot: Plot | None = None
    csv: str = ""
    table: CardTables | None = None


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
    section = facts_for(runs[0].game).plots
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
        power=_power_line(runs) if len(runs) == 2 else "",
        plots=plots + game_plots,
        cards=_card_sections(runs, folder),
    )
    page.write_text(html + "\n", encoding="utf-8")
    return page


def _power_line(runs: Sequence[Run]) -> str:
    """What two runs can find: the difference in a win share near the fair one that their
    size finds four times in five, for a seat and for a card held in a quarter of seat-games."""
    players, games = runs[0].players, min(run.games for run in runs)
    fair = 1 / players
    seat = 100 * smallest_difference(fair, games)
    card = 100 * smallest_difference(fair, games * players // 4)
    return (
        f"What runs of this size find (the smaller, {games:,} games; 95% level, 80% power): "
        f"a difference of {seat:.1f} points in a seat's win share near the fair "
        f"{100 * fair:.1f}%, {card:.1f} in that of a card held in 1 seat-game in 4. A smaller "
        "true difference is missed more often than found."
    )


COMPARED = (
    "Every card of either run, each figure in the first run and the second (first → second) "
    "and under them the second minus the first with its 95% interval, recovered from the two "
    "runs' intervals (for a share, Newcombe's). A red cell's interval excludes zero. A dash: "
    "no figure in that run (a card of one edition only, or never used); a blank: a figure "
    "the card cannot have."
)


def _card_sections(runs: Sequence[Run], out: Path) -> list[CardSection]:
    """The card groups of every run, their plots and CSV files written to ``out`` (none for
    a game without cards); with two runs, each group's comparison first."""
    sections = []
    changes = []
    for group in facts_for(runs[0].game).cards:
        rows: list[list[CardRow] | None] = []
        for k, run in enumerate(runs):
            heading = f"{run.title_of(group)}" + (f" ({run.label})" if len(runs) > 1 else "")
            columns = run.card_columns(group)
            if columns is None:
                rows.append(None)
                sections.append(CardSection(heading, group.about))
                continue
            found = card_rows(columns, group, partial(_describer(run), group))
            rows.append(found)
            file = f"{run.game}_{group.noun}_outliers{'_b' if k else ''}.png"
            outlier_plot(group, found, heading, out / file)
            caption = (
                "The cards whose win-share difference has a 95% interval that excludes zero "
                f"(red), then the {2 * 10} most extreme, at most 40."
            )
            table = file.removesuffix(".png").replace("_outliers", "_table") + ".csv"
            write_csv(group, found, out / table)
            plot = Plot(file, f"{heading}: the outliers", caption)
            sections.append(
                CardSection(heading, group.about, plot, table, card_table(group, found))
            )
        first, second = rows[0], rows[-1]
        if len(rows) == 2 and first is not None and second is not None:
            heading = f"{runs[0].title_of(group)}: {runs[1].label} against {runs[0].label}"
            changes.append(
                CardSection(heading, COMPARED, table=compare_table(group, first, second))
            )
    return changes + sections


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
