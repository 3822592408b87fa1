"""The card table of ``parlour report``: which card is too strong, with 95% intervals.

For every card of a game's ``CardGroup`` (its facts say which columns hold the cards a seat
held, used and scored with), over the seat-games of a run:

- **held**: the share of seat-games in which the seat held it at least once (Wilson);
- each **use** (played, equipped, built...): the share of the seat-games that held it in
  which the seat used it so (Wilson);
- the **win share** of the seat-games that used it in any way, of those that held it and did
  not, and the difference, used minus not (Wilson, Newcombe);
- its **share of the points**: its points in the seats' final scores over all points scored
  (a ratio over games, with the delta method's normal interval);
- where a round scores on its own (Fearless), the seat's mean points in the rounds it held
  the card minus in the rounds it did not (Welch).

The rows are read from the table's columns only: the cards are whatever ids the rows hold,
so any card set works. Names, kinds and texts come from the game.
"""

from __future__ import annotations

import csv
import math
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from .facts import CardGroup, CardInfo, CardView
from .stats import Estimate, Moments, moments_difference, mover, newcombe, ratio, wilson

__all__ = [
    "CardLine",
    "CardRow",
    "CardTable",
    "CardTables",
    "Cell",
    "Heading",
    "card_rows",
    "card_table",
    "compare_table",
    "has_cards",
    "outlier_plot",
    "write_csv",
]

FLAG = "#c0392b"
NO_ESTIMATE = Estimate(math.nan, math.nan, math.nan, 0)


@dataclass(frozen=True)
class CardRow:
    """One card's figures, each with its 95% interval (NaN where there is no data)."""

    card: str
    info: CardInfo
    held: Estimate
    uses: tuple[Estimate, ...]
    used: Estimate
    unused: Estimate
    difference: Estimate
    points: Estimate | None
    round_points: Estimate | None

    @property
    def flagged(self) -> bool:
        """Whether the win share's difference, used minus not, excludes zero."""
        return self.difference.excludes_zero


def _cards(value: Any) -> list[str]:
    """A cell of a card column as a flat list of ids (``list<list<str>>`` read flattened)."""
    if value is None:
        return []
    out: list[str] = []
    for item in value:
        if isinstance(item, list):
            out += item
        else:
            out.append(item)
    return out


def has_cards(columns: Mapping[str, Sequence[Any]], group: CardGroup) -> bool:
    """Whether the rows hold the group's columns at all (a ``--fast`` run keeps none)."""
    names = [group.held[1], *(column for _, column in group.uses)]
    return all(n in columns and any(v is not None for v in columns[n]) for n in names)


def card_rows(
    columns: Mapping[str, Sequence[Any]],
    group: CardGroup,
    describe: Callable[[str], CardInfo],
) -> list[CardRow]:
    """Every card of ``group`` found in the rows, most winning when used first.

    ``columns`` maps column names to values in row order (one row a game and seat): the
    group's columns, ``return``, ``score`` and ``game_index``.
    """
    returns = [float(r) for r in columns["return"]]
    held_sets = [set(_cards(v)) for v in columns[group.held[1]]]
    use_sets = [[set(_cards(v)) for v in columns[column]] for _, column in group.uses]
    rows = len(returns)
    holders: Counter[str] = Counter()
    use_counts = [Counter[str]() for _ in group.uses]
    used: dict[str, list[float]] = defaultdict(list)
    unused: dict[str, list[float]] = defaultdict(list)
    for i in range(rows):
        uses_here = [u[i] for u in use_sets]
        # A card used was held, whether or not a draw of it was seen.
        for card in held_sets[i].union(*uses_here):
            holders[card] += 1
            any_use = False
            for k, u in enumerate(uses_here):
                if card in u:
                    use_counts[k][card] += 1
                    any_use = True
            (used if any_use else unused)[card].append(returns[i])
    points, no_points = _points(columns, group) if group.scored is not None else ({}, None)
    rounds = _round_points(columns, group) if group.rounds is not None else {}
    out = []
    for card in holders:
        when_used = wilson(sum(used[card]), len(used[card]))
        when_not = wilson(sum(unused[card]), len(unused[card]))
        out.append(
            CardRow(
                card=card,
                info=describe(card),
                held=wilson(holders[card], rows),
                uses=tuple(wilson(c[card], holders[card]) for c in use_counts),
                used=when_used,
                unused=when_not,
                difference=newcombe(when_not, when_used),
                points=points.get(card, no_points),
                round_points=rounds.get(card, NO_ESTIMATE) if group.rounds is not None else None,
            )
        )
    out.sort(key=_by_difference)
    return out


def _by_difference(row: CardRow) -> tuple[bool, float, str]:
    """Highest difference first, cards without one last, ties by id."""
    value = row.difference.value
    return math.isnan(value), 0.0 if math.isnan(value) else -value, row.card


def _points(
    columns: Mapping[str, Sequence[Any]], group: CardGroup
) -> tuple[dict[str, Estimate], Estimate]:
    """Each card's share of all points scored (its points over every seat's score, by game),
    and the share of a card that never scored."""
    assert group.scored is not None
    cards_column, points_column = group.scored
    games: dict[int, int] = {}
    totals: list[float] = []
    mine: dict[str, dict[int, float]] = defaultdict(lambda: defaultdict(float))
    for index, score, cards, points in zip(
        columns["game_index"],
        columns["score"],
        columns[cards_column],
        columns[points_column],
        strict=True,
    ):
        g = games.setdefault(index, len(games))
        if g == len(totals):
            totals.append(0.0)
        totals[g] += score
        for card, value in zip(cards or [], points or [], strict=True):
            mine[card][g] += value
    shares = {
        card: ratio([by_game.get(g, 0.0) for g in range(len(totals))], totals)
        for card, by_game in mine.items()
    }
    return shares, ratio([0.0] * len(totals), totals)


def _round_points(columns: Mapping[str, Sequence[Any]], group: CardGroup) -> dict[str, Estimate]:
    """Each card's mean points in the seat-rounds that held it minus in those that did not."""
    assert group.rounds is not None
    hands_column, points_column = group.rounds
    everything = Moments()
    held: dict[str, Moments] = defaultdict(Moments)
    for hands, points in zip(columns[hands_column], columns[points_column], strict=True):
        for hand, value in zip(hands or [], points or [], strict=True):
            one = Moments(1, value, value * value)
            everything += one
            for card in set(hand):
                held[card] += one
    return {card: moments_difference(everything - m, m) for card, m in held.items()}


# -- the page's table ------------------------------------------------------------------------


@dataclass(frozen=True)
class Cell:
    """A cell of a table on the page: its text, the key it sorts by (``None``: its text;
    ``""``: it holds no figure, and sorts last either way; else a number), and for a
    comparison a second line (the change) and whether its interval excludes zero."""

    text: str
    key: str | None = None
    detail: str = ""
    flagged: bool = False


NO_FIGURE = Cell("", "")
ANY_USE = "*"  # a figure of the seat-games that used a card in any way


@dataclass(frozen=True)
class Heading:
    """A column of a card table: its heading, and the views that have it (empty: all)."""

    text: str
    views: tuple[str, ...] = ()


@dataclass(frozen=True)
class CardLine:
    """A card's row of the page's table: the name's tooltip (its id and text), the cells
    (the name first), whether the card is flagged, and its view (``""``: none)."""

    title: str
    cells: list[Cell]
    flagged: bool
    view: str = ""


@dataclass(frozen=True)
class CardTable:
    """One table of a card group as the report page shows it (``templates/card_table.html``):
    the views whose rows it holds (empty: every card, no filter) and a note on them."""

    head: list[Heading]
    lines: list[CardLine]
    views: tuple[str, ...] = ()
    about: str = ""


@dataclass(frozen=True)
class CardTables:
    """A card group's tables, and the filter over their views: each view's name and whether
    it is shown when the page opens (no filter for a group without views)."""

    tables: list[CardTable]
    filters: list[tuple[str, bool]]


@dataclass(frozen=True)
class _Figure:
    """A figure of the card table: its heading, the views that have it, how to read it from
    a row, and how to write it (a share in percent, or a signed difference); ``use``: the
    verb of the use it counts, or ``ANY_USE`` for a figure of the cards used in any way."""

    heading: str
    views: tuple[str, ...]
    pick: Callable[[CardRow], Estimate]
    scale: float = 100.0
    unit: str = "%"
    digits: int = 1
    use: str = ""

    def has(self, info: CardInfo) -> bool:
        """Whether the card has this figure: its view does (a card of no view: every view's),
        and so do its own uses, where the game names them."""
        if self.views and info.view and info.view not in self.views:
            return False
        if info.uses is None or not self.use:
            return True
        return bool(info.uses) if self.use == ANY_USE else self.use in info.uses

    def number(self, x: float, signed: bool) -> str:
        """A value or bound in the figure's scale (rounded first: a tiny -0.0 reads +0.0)."""
        rounded = round(self.scale * x, self.digits) + 0.0
        return f"{rounded:+.{self.digits}f}" if signed else f"{rounded:.{self.digits}f}"

    def cell(self, e: Estimate) -> Cell:
        """The figure with its interval, sorted by its value (a difference signed)."""
        if math.isnan(e.value):
            return Cell("-", "")
        signed = self.unit != "%"
        value = f"{self.number(e.value, signed)}{self.unit}"
        if math.isnan(e.low):
            return Cell(value, f"{e.value:.6f}")
        bounds = f"{self.number(e.low, signed)} to {self.number(e.high, signed)}"
        return Cell(f"{value} ({bounds})", f"{e.value:.6f}")

    def change(self, first: Estimate, second: Estimate) -> Cell:
        """Both runs' figures and the second minus the first with its interval (a share's
        in points), sorted by the change."""
        both = " → ".join(
            "-" if math.isnan(e.value) else f"{self.number(e.value, self.unit != '%')}{self.unit}"
            for e in (first, second)
        )
        d = mover(first, second)
        if math.isnan(d.low):
            return Cell(both, "")
        unit = " pp" if self.unit == "%" else self.unit
        bounds = f"{self.number(d.low, True)} to {self.number(d.high, True)}"
        return Cell(
            both,
            f"{d.value:.6f}",
            f"{self.number(d.value, True)}{unit} ({bounds})",
            d.excludes_zero,
        )


def _views_of(group: CardGroup, apart: CardView | None) -> list[CardView]:
    """The views of one table: the one kept apart, or all the others."""
    if apart is not None:
        return [apart]
    return [v for v in group.views if not v.apart]


def _figures(group: CardGroup, views: Sequence[CardView]) -> list[_Figure]:
    """A table's figures: those its views have, each naming the views that have it (none
    named: every view, or a group without views)."""
    named = bool(views)

    def having(test: Callable[[CardView], bool]) -> tuple[str, ...]:
        return tuple(v.name for v in views if test(v))

    held = (views[0].held if len(views) == 1 and views[0].held else "") or group.held[0]
    verbs = [verb for verb, _ in group.uses if not named or any(verb in v.uses for v in views)]
    used = " or ".join(verbs)
    figures = [_Figure(f"{held} (of seat-games)", (), lambda r: r.held)]
    for k, (verb, _) in enumerate(group.uses):
        if verb in verbs:
            figures.append(
                _Figure(f"{verb} (of those {held})", having(_uses(verb)), _use(k), use=verb)
            )
    any_use = having(lambda v: bool(v.uses))
    figures += [
        _Figure(f"win share, {used}", any_use, lambda r: r.used, use=ANY_USE),
        _Figure(f"win share, {held}, not {used}", (), lambda r: r.unused),
        _Figure("difference", any_use, lambda r: r.difference, unit=" pp", use=ANY_USE),
    ]
    if group.scored is not None and (not named or any(v.scored for v in views)):
        figures.append(
            _Figure(
                "share of the points",
                having(lambda v: v.scored),
                lambda r: r.points or NO_ESTIMATE,
            )
        )
    if group.rounds is not None:
        figures.append(
            _Figure(
                f"points a round, {held} minus not",
                (),
                lambda r: r.round_points or NO_ESTIMATE,
                scale=1.0,
                unit="",
                digits=2,
            )
        )
    # A column every view of the table has needs no filter.
    names = {v.name for v in views}
    return [replace(f, views=()) if set(f.views) == names else f for f in figures]


def _uses(verb: str) -> Callable[[CardView], bool]:
    return lambda view: verb in view.uses


def _tables(
    group: CardGroup,
    cards: Sequence[tuple[str, CardInfo]],
    line: Callable[[str, CardInfo, list[_Figure]], CardLine],
    seat_games: str,
) -> CardTables:
    """The group's tables (the views kept together, then each kept apart), a line a card."""
    layouts: list[CardView | None] = [None] + [v for v in group.views if v.apart]
    tables = []
    for apart in layouts:
        views = _views_of(group, apart)
        if apart is None and group.views and not views:
            continue
        names = {v.name for v in views}
        figures = _figures(group, views)
        head = [
            Heading(group.noun),
            Heading("kind"),
            Heading(seat_games),
            *(Heading(f.heading, f.views) for f in figures),
        ]
        # Together: every card of no apart view (a card of no view too, so none is lost).
        apart_names = {v.name for v in group.views if v.apart}
        mine = [
            (card, info)
            for card, info in cards
            if (info.view in names if apart is not None else info.view not in apart_names)
        ]
        tables.append(
            CardTable(
                head,
                [line(card, info, figures) for card, info in mine],
                tuple(v.name for v in views),
                apart.about if apart is not None else "",
            )
        )
    return CardTables(tables, [(v.name, v.chosen) for v in group.views])


def _title(card: str, info: CardInfo) -> str:
    """A name's tooltip: the card's id and text."""
    return f"{card}: {info.text}" if info.text else card


def card_table(group: CardGroup, rows: Sequence[CardRow]) -> CardTables:
    """The group's card tables: their headings and a line a card, figures with sort keys."""
    by_card = {row.card: row for row in rows}

    def line(card: str, info: CardInfo, figures: list[_Figure]) -> CardLine:
        row = by_card[card]
        holders = f"{row.held.value * row.held.n:.0f}"
        cells = [Cell(info.name), Cell(info.kind), Cell(holders, holders)]
        # A figure the card's kind does not have is left blank, not shown as a zero.
        cells += [f.cell(f.pick(row)) if f.has(info) else NO_FIGURE for f in figures]
        return CardLine(_title(card, info), cells, row.flagged, info.view)

    return _tables(group, [(r.card, r.info) for r in rows], line, "seat-games")


def compare_table(
    group: CardGroup, first: Sequence[CardRow], second: Sequence[CardRow]
) -> CardTables:
    """Every card of either run a line: each figure in both runs and the second minus the
    first, with its 95% interval (a card of one run only has the other's as none)."""
    ones, twos = {r.card: r for r in first}, {r.card: r for r in second}
    cards = [(r.card, r.info) for r in second] + [
        (r.card, r.info) for r in first if r.card not in twos
    ]

    def line(card: str, info: CardInfo, figures: list[_Figure]) -> CardLine:
        a, b = ones.get(card), twos.get(card)
        counts = [round(r.held.value * r.held.n) if r is not None else 0 for r in (a, b)]
        cells = [
            Cell(info.name),
            Cell(info.kind),
            Cell(f"{counts[0]} / {counts[1]}", str(sum(counts))),
        ]
        cells += [
            f.change(
                f.pick(a) if a is not None else NO_ESTIMATE,
                f.pick(b) if b is not None else NO_ESTIMATE,
            )
            if f.has(info)
            else NO_FIGURE
            for f in figures
        ]
        return CardLine(_title(card, info), cells, False, info.view)

    return _tables(group, cards, line, "seat-games, first / second")


def write_csv(group: CardGroup, rows: Sequence[CardRow], out: Path) -> None:
    """The table as CSV for a spreadsheet: each figure as value, low and high (shares as
    fractions; empty where there is no figure)."""
    figures: list[tuple[str, Callable[[CardRow], Estimate]]] = [("held", lambda r: r.held)]
    figures += [(verb, _use(k)) for k, (verb, _) in enumerate(group.uses)]
    figures += [
        ("win_share_used", lambda r: r.used),
        ("win_share_not_used", lambda r: r.unused),
        ("difference", lambda r: r.difference),
    ]
    if group.scored is not None:
        figures.append(("share_of_points", lambda r: r.points or NO_ESTIMATE))
    if group.rounds is not None:
        figures.append(("points_a_round_held_minus_not", lambda r: r.round_points or NO_ESTIMATE))
    head = ["id", "name", "kind", "seat_games"]
    for name, _ in figures:
        label = name.replace(" ", "_")
        head += [label, f"{label}_low", f"{label}_high"]
    with out.open("w", newline="", encoding="utf-8") as file:
        writer = csv.writer(file)
        writer.writerow(head)
        for row in rows:
            line = [row.card, row.info.name, row.info.kind, round(row.held.value * row.held.n)]
            for _, pick in figures:
                e = pick(row)
                line += ["" if math.isnan(x) else f"{x:.6g}" for x in (e.value, e.low, e.high)]
            writer.writerow(line)


def _use(k: int) -> Callable[[CardRow], Estimate]:
    return lambda row: row.uses[k]


# -- the plot of the outliers ------------------------------------------------------------------

MOST_SHOWN = 40  # cards on the plot at most: every flagged one first, then the extremes
EXTREMES = 10  # the highest and lowest differences shown even when none is flagged


def outliers(rows: Iterable[CardRow]) -> list[CardRow]:
    """The cards to plot: those whose difference excludes zero, then the most extreme."""
    known = [r for r in rows if not math.isnan(r.difference.low)]
    ranked = sorted(known, key=lambda r: r.difference.value)
    chosen = {r.card: r for r in ranked if r.flagged}
    for r in ranked[:EXTREMES] + ranked[-EXTREMES:]:
        chosen.setdefault(r.card, r)
    picked = sorted(chosen.values(), key=lambda r: (not r.flagged, -abs(r.difference.value)))
    return sorted(picked[:MOST_SHOWN], key=lambda r: r.difference.value)


def outlier_plot(group: CardGroup, rows: Sequence[CardRow], title: str, out: Path) -> None:
    """Plot the outliers' win-share differences (and, by rounds, point differences) to ``out``."""
    from matplotlib.figure import Figure

    shown = outliers(rows)
    panels = 2 if group.rounds is not None else 1
    height = 0.28 * max(4, len(shown)) + 1.6
    fig = Figure(figsize=(7.5 * panels, height), layout="constrained")
    axes = fig.subplots(1, panels, sharey=True, squeeze=False)[0]
    uses = " or ".join(verb for verb, _ in group.uses)
    _bars(axes[0], shown, lambda r: r.difference, 100.0)
    axes[0].set_xlabel(f"win share when {uses}, minus when {group.held[0]} but not (points)")
    axes[0].set_yticks(range(len(shown)), [r.info.name for r in shown], fontsize="small")
    if group.rounds is not None:
        _bars(axes[1], shown, lambda r: r.round_points or NO_ESTIMATE, 1.0)
        axes[1].set_xlabel(f"points a round: {group.held[0]} minus not")
    fig.suptitle(title + " (red: the 95% interval excludes zero)")
    fig.savefig(out, dpi=110)


def _bars(
    ax: Any, shown: Sequence[CardRow], pick: Callable[[CardRow], Estimate], scale: float
) -> None:
    for y, row in enumerate(shown):
        e = pick(row)
        if math.isnan(e.low):
            continue
        ax.errorbar(
            scale * e.value,
            y,
            # Never below zero: a share of 1 may sit a rounding error above its bound.
            xerr=[[scale * max(0.0, e.value - e.low)], [scale * max(0.0, e.high - e.value)]],
            fmt="o",
            color=FLAG if e.excludes_zero else "black",
            capsize=3,
        )
    ax.axvline(0, color="grey", linewidth=1)
