"""``parlour report``: every plot of a small run is drawn and on the page; runs compared."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app
from parlour.sim.charts import Run
from parlour.sim.report import compare
from parlour.sim.simulate import make_plan, run
from parlour.sim.stats import smallest_difference

COMMON_PLOTS = ["win_by_seat.png", "win_by_bot.png", "scores.png", "length.png"]
GAME_PLOTS = {
    "fearless": ["fearless_fear.png", "fearless_ruin.png"],
    "citadels": ["citadels_characters.png", "citadels_first_pick.png", "citadels_districts.png"],
    "foolsblade": [
        "foolsblade_classes.png",
        "foolsblade_order.png",
        "foolsblade_monsters.png",
        "foolsblade_bosses.png",
    ],
}
CARD_PLOTS = {
    "fearless": ["fearless_card_outliers.png"],
    "citadels": ["citadels_character_outliers.png", "citadels_district_outliers.png"],
    "foolsblade": ["foolsblade_card_outliers.png"],
}
PNG = b"\x89PNG\r\n\x1a\n"


def simulate(
    folder: Path,
    game: str,
    games: int,
    seed: int,
    lineup: str = "medium,random,random,easy",
    **options: object,
) -> Path:
    run(make_plan(game, lineup, games, players=4, seed=seed, options=options), folder, jobs=1)
    return folder


@pytest.mark.parametrize("game", ["fearless", "citadels", "foolsblade"])
def test_a_report_of_a_small_run_holds_every_plot(tmp_path: Path, game: str) -> None:
    results = simulate(tmp_path / "results", game, games=40, seed=1)
    result = CliRunner().invoke(app, ["report", str(results), "--out", str(tmp_path / "report")])
    assert result.exit_code == 0, result.output
    page = (tmp_path / "report" / "index.html").read_text()
    shown = re.findall(r'<img src="([^"]+)"', page)
    assert shown == COMMON_PLOTS + GAME_PLOTS[game] + CARD_PLOTS[game]
    for name in shown:
        assert (tmp_path / "report" / name).read_bytes().startswith(PNG)
    assert "seat 0" in page and "medium" in page and "The two runs compared" not in page


def test_compare_sets_two_runs_side_by_side_and_flags_real_differences(tmp_path: Path) -> None:
    a = simulate(tmp_path / "a", "citadels", games=80, seed=2)
    # The second run seats a random bot where the first had the heuristic: seat 0 must lose
    # much of its win share, and nothing about the districts per game changes that much.
    b = simulate(tmp_path / "b", "citadels", 80, 3, "random,random,random,easy", great_wall=True)
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["report", str(a), "--compare", str(b), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text()
    assert re.findall(r'<img src="([^"]+)"', page)[0] == "compare.png"
    # Each run has its own card tables (the two runs may play different card sets), after
    # a table of each group's changes.
    shown = re.findall(r'<img src="([^"]+)"', page)
    assert {"citadels_district_outliers.png", "citadels_district_outliers_b.png"} <= set(shown)
    assert page.count('<table class="sortable">') == 2 + 4
    assert "B: b (great_wall=true)" in page
    # The power line: what 80 games a run find, for a seat and for a card held in a quarter.
    # (At 4 players a card held in 1 seat-game in 4 is held once a game, as a seat is.)
    seat, card = (100 * smallest_difference(0.25, n) for n in (80, 80 * 4 // 4))
    assert (
        f'<p class="power">What runs of this size find (the smaller, 80 games; 95% level, '
        f"80% power): a difference of {seat:.1f} points in a seat&#39;s win share near the "
        f"fair 25.0%, {card:.1f} in that" in page
    )
    flagged = re.findall(r'<tr class="flag"><td>([^<]+)</td>', page)
    assert "win share, seat 0" in flagged and "win share, seat 2" not in flagged
    rows = {r.name: r for r in compare(Run(a, "A"), Run(b, "B"))}
    seat0 = rows["win share, seat 0"]
    assert seat0.difference.high < 0 and seat0.first.value > seat0.second.value
    assert "win share, medium" not in rows  # no medium bot in the second run
    # A run compared with itself differs nowhere, and every row says so.
    same = compare(Run(a, "A"), Run(a, "B"))
    assert all(r.difference.value == 0 and not r.difference.excludes_zero for r in same)
    assert {"win share, seat 0", "win share, medium", "win share holding king"} <= {
        r.name for r in same
    }


def test_foolsblade_runs_compare_by_class_deck_and_boss(tmp_path: Path) -> None:
    a = simulate(tmp_path / "a", "foolsblade", games=12, seed=4, lineup="random")
    names = {r.name for r in compare(Run(a, "A"), Run(a, "B"))}
    classes = set(Run(a, "A").col("class"))
    assert {f"win share as {c}" for c in classes} <= names
    assert {"forest combats won", "dungeon boss beaten", "boss cards beaten"} <= names
    assert "win share, turn order 0" in names and "loot drawn per seat" in names


def test_compare_gives_every_card_of_both_editions_a_row_with_its_change(tmp_path: Path) -> None:
    first, *_, last = parlour.load("foolsblade").editions
    a = simulate(tmp_path / "a", "foolsblade", games=6, seed=4, lineup="random", cards=first)
    b = simulate(tmp_path / "b", "foolsblade", games=6, seed=4, lineup="random", cards=last)
    out = tmp_path / "report"
    result = CliRunner().invoke(app, ["report", str(a), "--compare", str(b), "--out", str(out)])
    assert result.exit_code == 0, result.output
    page = (out / "index.html").read_text()
    compared = page.split('<div class="card-group">')[1]
    assert "second minus the first" in page.split('<div class="card-group">')[0]
    # One row for every card held in either run, by its id in the name's tooltip.
    held = {c for run in (a, b) for cards in Run(run, "A").col("held_cards") for c in cards}
    ids = set(re.findall(r'<td title="([^":]+)[:"]', compared))
    assert ids == held
    # Each figure of a card in both runs: first → second, and the change with its interval.
    changes = re.findall(r"<td data-v=\"-?[0-9.]+\"[^>]*>([^<]+)<br>([^<]+)</td>", compared)
    assert changes and all(" → " in was and " pp (" in change for was, change in changes)
    assert re.search(r'<th data-views=\'\["monster"\]\'', compared) is None
    assert "fought (of seat-games)" in compared


def test_every_plot_is_documented() -> None:
    text = (Path(__file__).parents[2] / "docs" / "simulate.md").read_text(encoding="utf-8")
    game_plots = [p for plots in GAME_PLOTS.values() for p in plots]
    for name in COMMON_PLOTS + game_plots + [p for plots in CARD_PLOTS.values() for p in plots]:
        assert f"| `{name}` |" in text, f"docs/simulate.md lacks the plot {name}"


def test_report_refuses_what_it_cannot_read_or_write(tmp_path: Path) -> None:
    fearless = simulate(tmp_path / "f", "fearless", games=3, seed=1)
    citadels = simulate(tmp_path / "c", "citadels", games=3, seed=1)
    (tmp_path / "file").write_text("")
    for args, message in [
        ([str(tmp_path / "none")], "holds no simulation results"),
        ([str(fearless), "--compare", str(citadels)], "cannot compare fearless with 4 players"),
        ([str(fearless), "--out", str(tmp_path / "file" / "r")], "cannot write to"),
    ]:
        result = CliRunner().invoke(app, ["report", *args])
        lines = result.stderr.strip().splitlines()
        assert result.exit_code == 2 and len(lines) == 1 and message in lines[0], lines
