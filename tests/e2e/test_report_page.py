"""``parlour report``'s page in Chromium: the card table's filter by kind and its sorting,
with screenshots at 1280x800 and 390x844 (tests/e2e/screenshots/report-cards-*.png)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from parlour.sim.report import build
from parlour.sim.simulate import make_plan, run

from .conftest import SCREENSHOTS

SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
# The cells of a column of the first card table, in row order: its row's view, its sort
# key (null: the cell sorts by text) and whether the row shows.
COLUMN = """([table, heading]) => {
  const found = document.querySelectorAll("table.sortable")[table];
  const column = [...found.tHead.rows[0].cells].findIndex((th) => th.textContent === heading);
  return [...found.tBodies[0].rows].map((row) => [
    row.dataset.view, row.cells[column].dataset.v ?? null, !row.hidden]);
}"""
HEADINGS = """(table) => [...document.querySelectorAll("table.sortable")[table].tHead.rows[0].cells]
  .filter((th) => !th.hidden).map((th) => th.textContent)"""


@pytest.fixture(scope="module")
def report(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """The page of a small Fool's Blade run, as a file URL."""
    folder = tmp_path_factory.mktemp("report")
    plan = make_plan("foolsblade", "random", 12, players=4, seed=3)
    run(plan, folder / "run", jobs=1)
    yield build(folder / "run", folder / "page").as_uri() + "#cards"


def tick(page: Any, *kinds: str) -> None:
    """Show exactly these kinds of card."""
    for box in page.locator(".card-filter input").all():
        box.set_checked(box.get_attribute("value") in kinds)


def test_the_card_table_opens_on_the_cards_a_player_chooses(page: Any, report: str) -> None:
    page.goto(report)
    ticked = page.locator(".card-filter input:checked").evaluate_all("(b) => b.map((x) => x.value)")
    assert ticked == ["class", "part", "Tavern", "Quest"]
    rows = page.evaluate(COLUMN, [0, "held (of seat-games)"])
    assert {view for view, _, shown in rows if shown} == {"class", "part", "Tavern", "Quest"}
    assert any(view == "Loot" and not shown for view, _, shown in rows)
    assert page.locator(".card-view").nth(1).is_hidden()  # the monsters'
    # Each kind shows only its columns: a class is played, not equipped, and scores nothing.
    tick(page, "class")
    headings = page.evaluate(HEADINGS, 0)
    assert "played (of those held)" in headings
    assert "equipped (of those held)" not in headings and "share of the points" not in headings
    tick(page, "Loot")
    headings = page.evaluate(HEADINGS, 0)
    assert "played (of those held)" not in headings and "share of the points" in headings
    # Monsters have their own table, with their own verb.
    tick(page, "monster")
    assert page.locator(".card-view").nth(0).is_hidden()
    assert page.evaluate(HEADINGS, 1)[3:5] == ["fought (of seat-games)", "beaten (of those fought)"]


def test_sorting_puts_the_rows_without_a_figure_last_both_ways(page: Any, report: str) -> None:
    page.goto(report)
    tick(page, "class", "part", "Tavern", "Quest", "Loot")
    heading = page.locator("table.sortable").first.locator("th", has_text="share of the points")
    for order in ("down", "up"):
        heading.click()
        keys = [key for _, key, _ in page.evaluate(COLUMN, [0, "share of the points"])]
        figures = [float(k) for k in keys if k]
        # Classes, Tavern and Quest cards score nothing: their rows come after every figure.
        assert keys.index("") == len(figures) and set(keys[len(figures) :]) == {""}
        assert figures == sorted(figures, reverse=order == "down") and len(set(figures)) > 1
        for size, (width, height) in SIZES.items():
            page.set_viewport_size({"width": width, "height": height})
            page.locator(".card-filter").first.scroll_into_view_if_needed()
            if order == "up":
                SCREENSHOTS.mkdir(exist_ok=True)
                page.screenshot(path=str(SCREENSHOTS / f"report-cards-{size}.png"))
