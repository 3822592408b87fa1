"""The card table: its figures on a hand-made table, its HTML (the report template's), its
plot and the command."""

from __future__ import annotations

import csv
import json
import math
import re
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from markupsafe import escape
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.sim.cards import (
    Cell,
    card_rows,
    card_table,
    compare_table,
    outlier_plot,
    outliers,
    write_csv,
)
from parlour.sim.facts import CardGroup, CardInfo, CardView, facts_for
from parlour.sim.report import TEMPLATES
from parlour.sim.simulate import make_plan, read, run
from parlour.sim.stats import Moments, moments_difference, mover, newcombe, ratio, wilson

GROUP = CardGroup(
    "cards",
    "card",
    held=("drawn", "held"),
    uses=(("played", "played"), ("equipped", "equipped")),
    scored=("scored", "points"),
)

# Two games of two seats. Card a: held in three seat-games, played in two; card b: held in
# two, equipped in one; card c: equipped without a draw seen, in one.
TABLE: dict[str, list[Any]] = {
    "game_index": [0, 0, 1, 1],
    "return": [1.0, 0.0, 0.5, 0.5],
    "score": [10, 6, 5, 5],
    "held": [["a", "b"], ["a"], ["b"], ["a", "a"]],
    "played": [["a"], [], [], ["a"]],
    "equipped": [[], [], ["b", "c"], []],
    "scored": [["a"], ["b"], [], ["a", "a"]],
    "points": [[4], [2], [], [1, 2]],
}


def named(card: str) -> CardInfo:
    return CardInfo(card.upper(), "kind", f"the text of {card}")


def test_the_figures_of_a_hand_made_table() -> None:
    rows = {r.card: r for r in card_rows(TABLE, GROUP, named)}
    assert set(rows) == {"a", "b", "c"}
    a, b, c = rows["a"], rows["b"], rows["c"]
    assert a.info == CardInfo("A", "kind", "the text of a")
    assert a.held == wilson(3, 4) and b.held == wilson(2, 4) and c.held == wilson(1, 4)
    assert a.uses == (wilson(2, 3), wilson(0, 3))
    assert b.uses == (wilson(0, 2), wilson(1, 2))
    assert c.uses == (wilson(0, 1), wilson(1, 1))
    # a: used in games won 1 and 0.5; held and not used in one lost.
    assert a.used == wilson(1.5, 2) and a.unused == wilson(0, 1)
    assert a.difference == newcombe(wilson(0, 1), wilson(1.5, 2))
    assert a.difference.value == 0.75
    # b: equipped in a shared win, held and not used in a win.
    assert b.used == wilson(0.5, 1) and b.unused == wilson(1, 1)
    assert b.difference.value == -0.5
    assert math.isnan(c.unused.value) and math.isnan(c.difference.value)
    # Points: a scores 4 of 16 in game 0 and 3 of 10 in game 1.
    assert a.points == ratio([4.0, 3.0], [16.0, 10.0])
    assert a.points is not None and a.points.value == pytest.approx(7 / 26)
    assert b.points == ratio([2.0, 0.0], [16.0, 10.0])
    assert c.points is not None and c.points.value == 0.0
    assert a.round_points is None
    # The most winning card when used comes first; one without a difference last.
    assert [r.card for r in card_rows(TABLE, GROUP, named)] == ["a", "b", "c"]


def test_the_csv_holds_every_figure_with_its_interval(tmp_path: Path) -> None:
    rows = card_rows(TABLE, GROUP, named)
    write_csv(GROUP, rows, tmp_path / "cards.csv")
    with (tmp_path / "cards.csv").open(newline="") as file:
        lines = list(csv.DictReader(file))
    assert [line["id"] for line in lines] == ["a", "b", "c"]
    a = lines[0]
    assert (a["name"], a["seat_games"], a["played"], a["equipped"]) == ("A", "3", "0.666667", "0")
    assert float(a["difference"]) == 0.75 and float(a["difference_low"]) < 0.75
    points = rows[0].points
    assert points is not None
    assert float(a["share_of_points_high"]) == pytest.approx(points.high, abs=1e-6)
    assert lines[2]["difference"] == lines[2]["difference_low"] == ""


def test_points_a_round_compare_the_rounds_held_with_the_others() -> None:
    group = CardGroup(
        "cards",
        "card",
        held=("dealt", "hands"),
        uses=(("won a trick", "tricks"),),
        rounds=("hands", "fear"),
    )
    table = {
        "game_index": [0, 0],
        "return": [1.0, 0.0],
        "score": [3, 30],
        "hands": [[["x", "y"], ["y"], ["y"]], [["y"], ["x"], ["x", "x"]]],
        "tricks": [["x"], []],
        "fear": [[1, 2, 0], [10, 15, 5]],
    }
    rows = {r.card: r for r in card_rows(table, group, named)}
    # x is held in rounds of fear 1, 15 and 5; not held in 2, 0 and 10.
    expected = moments_difference(Moments.of([2.0, 0.0, 10.0]), Moments.of([1.0, 15.0, 5.0]))
    assert rows["x"].round_points == expected
    assert rows["x"].round_points is not None and rows["x"].round_points.value == 3.0
    assert rows["x"].used == wilson(1, 1) and rows["x"].unused == wilson(0, 1)
    assert rows["y"].uses == (wilson(0, 2),) and rows["y"].points is None


def test_the_table_escapes_every_text_and_sorts() -> None:
    def hostile(card: str) -> CardInfo:
        return CardInfo(
            f"<script>alert('{card}')</script>", "<b>kind</b>", 'say "hi" & <go>', '"><i>'
        )

    group = replace(GROUP, views=(CardView('"><i>', uses=("played",)),))
    table = card_table(group, card_rows(TABLE, group, hostile))
    page = str(TEMPLATES.get_template("card_table.html").module.card_tables(table))
    assert "<script>" not in page and "<b>" not in page and "<i>" not in page
    assert "&lt;script&gt;alert(&#39;a&#39;)&lt;/script&gt;" in page
    assert 'title="a: say &#34;hi&#34; &amp; &lt;go&gt;"' in page
    assert 'data-view="&#34;&gt;&lt;i&gt;"' in page
    assert '<table class="sortable"><thead>' in page
    # One row a card, each figure with its sort key: a's win-share difference is +75 points;
    # c has none, and sorts last either way.
    assert page.count("<tr") == 1 + 3
    assert '<td data-v="0.750000">+75.0 pp (' in page
    assert '<td data-v="">-</td>' in page


def test_the_outlier_plot_shows_the_flagged_cards_first(tmp_path: Path) -> None:
    # Card "strong" is used in 40 wins and held unused in 40 losses: its interval excludes 0.
    n = 80
    table = {
        "game_index": list(range(n)),
        "return": [1.0] * 40 + [0.0] * 40,
        "score": [1] * n,
        "held": [["strong", "plain"]] * n,
        "played": [["strong"]] * 40 + [[]] * 40,
        "equipped": [["plain"] if i % 2 else [] for i in range(n)],
        "scored": [[] for _ in range(n)],
        "points": [[] for _ in range(n)],
    }
    rows = card_rows(table, GROUP, named)
    assert [r.card for r in rows if r.flagged] == ["strong"]
    assert {r.card for r in outliers(rows)} == {"strong", "plain"}
    outlier_plot(GROUP, rows, "Cards", tmp_path / "plot.png")
    assert (tmp_path / "plot.png").read_bytes().startswith(b"\x89PNG")


@pytest.mark.parametrize("game", ["citadels", "foolsblade"])
def test_the_report_holds_a_card_table_of_the_run(tmp_path: Path, game: str) -> None:
    command = [game, "--players", "3", "--bots", "random", "--games", "6", "--jobs", "1"]
    result = CliRunner().invoke(app, ["simulate", *command, "--out", str(tmp_path / "r")])
    assert result.exit_code == 0, result.output
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["report", str(tmp_path / "r"), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text()
    assert '<h2 id="cards">Cards</h2>' in page and "table.sortable th" in page
    table = read(tmp_path / "r").to_pylist()
    state = parlour.load(game).new_game(3, seed=0, **json.loads(table[0]["options"]))
    for group in facts_for(game).cards:
        tables = re.findall(r'<table class="sortable">.*?</table>', page)
        held = {c for row in table for c in _flat(row[group.held[1]])}
        # Every card a seat held has its row, under the game's own name for it.
        names = [escape(group.describe(state, card).name) for card in held]
        assert all(any(f">{n}</td>" in t for t in tables) for n in names)
        assert (out / f"{game}_{group.noun}_outliers.png").exists()
        assert f'<a href="{game}_{group.noun}_table.csv">' in page
        assert (out / f"{game}_{group.noun}_table.csv").read_text().startswith("id,name,kind,")


def _flat(value: list[Any]) -> list[str]:
    return [c for item in value for c in (item if isinstance(item, list) else [item])]


def test_a_fast_run_has_no_card_table_and_says_why(tmp_path: Path) -> None:
    plan = make_plan("fearless", "random", players=4, games=1024, seed=1, fast=True)
    run(plan, tmp_path / "fast")
    result = CliRunner().invoke(app, ["report", str(tmp_path / "fast"), "--out", str(tmp_path)])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "index.html").read_text()
    assert "hold no card columns" in page and "fearless_card_outliers.png" not in page


# Card a is played (its view: "action"), b equipped ("part"), c beaten ("foe", apart).
VIEWS = (
    CardView("action", uses=("played",)),
    CardView("part", uses=("equipped",), scored=True, chosen=False),
    CardView("foe", uses=("equipped",), apart=True, chosen=False, held="fought", about="x"),
)
KINDS = {"a": "action", "b": "part", "c": "foe"}


def by_view(card: str) -> CardInfo:
    return CardInfo(card.upper(), "kind", "", KINDS[card])


def test_each_kind_of_card_shows_only_the_columns_it_has() -> None:
    group = replace(GROUP, views=VIEWS)
    tables = card_table(group, card_rows(TABLE, group, by_view))
    assert tables.filters == [("action", True), ("part", False), ("foe", False)]
    together, apart = tables.tables
    assert together.views == ("action", "part") and apart.views == ("foe",)
    assert [line.cells[0].text for line in together.lines] == ["A", "B"]
    assert [line.cells[0].text for line in apart.lines] == ["C"]
    head = {h.text: h.views for h in together.head}
    # Played only for actions, equipped and the points only for parts; the rest for both.
    assert head["played (of those drawn)"] == ("action",)
    assert head["equipped (of those drawn)"] == ("part",)
    assert head["share of the points"] == ("part",)
    assert head["drawn (of seat-games)"] == () and head["difference"] == ()
    # A table of one kind holds only that kind's columns, under its own verb.
    assert [h.text for h in apart.head] == [
        "card",
        "kind",
        "seat-games",
        "fought (of seat-games)",
        "equipped (of those fought)",
        "win share, equipped",
        "win share, fought, not equipped",
        "difference",
    ]
    assert apart.about == "x"
    # A figure a card's kind lacks is blank (and sorts last), not a zero.
    a, b = (
        dict(zip([h.text for h in together.head], line.cells, strict=True))
        for line in together.lines
    )
    assert a["equipped (of those drawn)"] == Cell("", "")
    assert a["played (of those drawn)"].text.startswith("66.7% (")
    assert b["played (of those drawn)"] == Cell("", "")
    # A card the game says has no use of its view's (a passive class, a Treasure) shows
    # none of the figures of use, only how often it was held and its win share then.
    lines = card_table(group, card_rows(TABLE, group, by_view_unused)).tables[0].lines
    cells = dict(zip([h.text for h in together.head], lines[0].cells, strict=True))
    blank = ["played (of those drawn)", "win share, played or equipped", "difference"]
    assert [cells[name] for name in blank] == [Cell("", "")] * 3
    assert cells["win share, drawn, not played or equipped"].text.startswith("0.0% (")


def by_view_unused(card: str) -> CardInfo:
    return replace(by_view(card), uses=())


def test_every_fools_blade_card_has_a_kind_of_the_filter() -> None:
    from parlour.games.foolsblade.cards import card_folder, load_cards
    from parlour.games.foolsblade.schema import deck_of
    from parlour.sim.games.foolsblade import VIEW_OF_DECK, VIEWS

    assert [v.name for v in VIEWS if v.chosen] == ["class", "part", "Tavern", "Quest"]
    assert [v.name for v in VIEWS if v.apart] == ["monster"]
    views = {view.name: view for view in VIEWS}
    (group,) = facts_for("foolsblade").cards
    kinds = set()
    for edition in parlour.load("foolsblade").editions:
        state = parlour.load("foolsblade").new_game(4, seed=0, cards=edition)
        for card in load_cards(card_folder(edition)).cards:
            info = group.describe(state, card.id)
            assert info.view == VIEW_OF_DECK[deck_of(card)] and info.view in views, card.id
            # Each card's own uses are among its kind's: a class with an ability is
            # played, a passive one and a Treasure have none, Gear is equipped.
            assert info.uses is not None and set(info.uses) <= set(views[info.view].uses)
            kinds.add((info.kind, info.uses))
    assert {
        ("class", ("played",)),
        ("class", ()),
        ("treasure", ()),
        ("gear", ("equipped",)),
    } <= kinds


# A second run: a wins every game it is played in, b is gone, d is new.
SECOND: dict[str, list[Any]] = {
    "game_index": [0, 0, 1, 1],
    "return": [1.0, 0.0, 1.0, 0.0],
    "score": [10, 6, 5, 5],
    "held": [["a"], ["a", "d"], ["a"], ["a", "d"]],
    "played": [["a"], [], ["a"], ["d"]],
    "equipped": [[], [], [], []],
    "scored": [[], [], [], []],
    "points": [[], [], [], []],
}


def test_compare_gives_every_card_of_either_run_a_line_with_each_change() -> None:
    first, second = card_rows(TABLE, GROUP, named), card_rows(SECOND, GROUP, named)
    (table,) = compare_table(GROUP, first, second).tables
    lines = {line.cells[0].text: line for line in table.lines}
    assert set(lines) == {"A", "B", "C", "D"}
    head = [h.text for h in table.head]
    assert head[2] == "seat-games, first / second"
    a = dict(zip(head, lines["A"].cells, strict=True))
    one, two = ({r.card: r for r in rows}["a"] for rows in (first, second))
    assert a["seat-games, first / second"].text == "3 / 4"
    # Each figure: both runs' values, and the second minus the first with its interval.
    change = mover(one.used, two.used)
    cell = a["win share, played or equipped"]
    assert cell.text == "75.0% → 100.0%" and cell.key == f"{change.value:.6f}"
    low, high = round(100 * change.low, 1), round(100 * change.high, 1)
    assert cell.detail == f"+25.0 pp ({low:+.1f} to {high:+.1f})"
    assert cell.flagged == change.excludes_zero
    # A card of one run only: its other side is none, and there is no change to sort by.
    b = dict(zip(head, lines["B"].cells, strict=True))
    assert b["seat-games, first / second"].text == "2 / 0"
    assert b["drawn (of seat-games)"].text == "50.0% → -" and b["drawn (of seat-games)"].key == ""
    d = dict(zip(head, lines["D"].cells, strict=True))
    assert d["played (of those drawn)"].text == "- → 50.0%"


def test_a_change_whose_interval_excludes_zero_is_flagged() -> None:
    n = 80
    lose = {
        "game_index": list(range(n)),
        "return": [0.0] * n,
        "score": [1] * n,
        "held": [["x"]] * n,
        "played": [["x"]] * n,
        "equipped": [[] for _ in range(n)],
        "scored": [[] for _ in range(n)],
        "points": [[] for _ in range(n)],
    }
    win = {**lose, "return": [1.0] * n}
    (table,) = compare_table(
        GROUP, card_rows(lose, GROUP, named), card_rows(win, GROUP, named)
    ).tables
    cells = dict(zip([h.text for h in table.head], table.lines[0].cells, strict=True))
    assert cells["win share, played or equipped"].flagged
    assert cells["win share, played or equipped"].detail.startswith("+100.0 pp (")
    assert not cells["played (of those drawn)"].flagged
