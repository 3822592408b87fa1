"""The lobby as a player reads it (issue 35, "Lobby"): bots by names a player understands,
variants for players with the designers' options folded away, "your tables" with the game,
who else sits there and the date, and a friend's seat link kept as a link to send, not as
one of this browser's seats. At 1280x800 and 390x844."""

from __future__ import annotations

from typing import Any

import pytest

from .test_accounts_pages import SIZES, contexts, picture

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # a fixture, used by name


@pytest.mark.parametrize("size", list(SIZES))
def test_the_lobby_names_bots_shows_variants_and_keeps_a_friends_link_apart(
    server: str, contexts: Any, size: str
) -> None:
    page = contexts(size)
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-picks select")
    page.select_option("#game", "citadels")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    levels = page.eval_on_selector_all(
        "#seat-1 optgroup[label='Bots'] option", "os => os.map(o => o.textContent)"
    )
    assert levels[0].startswith("Easy:") and len(levels) == 3
    testing = page.eval_on_selector_all(
        "#seat-1 optgroup[label='Bots for testing'] option", "os => os.map(o => o.value)"
    )
    assert "ismcts" in testing and "random" in testing
    assert "bot" not in " ".join(levels).split(":")[0]
    page.click("#create summary")
    assert page.locator("#opt-great_wall").is_visible()
    assert page.locator("label", has_text="Great wall: add the English edition").count() == 1
    assert page.locator("#opt-max_rounds").is_hidden()  # under "For designers and tests"
    page.select_option("#seat-1", "person")
    page.select_option("#seat-2", "easy")
    picture(page, f"lobby-create-{size}", docs=True)
    page.click("#create-button")
    page.wait_for_selector("[data-seat-link='1']")
    table = page.get_attribute("#spectate-link", "href").rsplit("/", 1)[1]  # type: ignore[union-attr]
    page.reload()
    row = page.locator(f"#mine tr[data-table='{table}']")
    row.wait_for()
    # One row: this browser's own seat, not the friend's.
    assert row.count() == 1
    text = row.text_content() or ""
    assert "Citadels" in text and "with Player 2, easy bot" in text
    assert any(month in text for month in ("Dec", "Jan", "Feb", "Nov"))
    row.locator("summary").click()
    assert row.locator("[data-given='1']").is_visible()
    picture(page, f"lobby-your-tables-{size}", docs=True)
