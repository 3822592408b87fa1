"""The replay page, as a player reads it: buttons whose glyphs every font has, Home and End,
seats named as at the table, cards that open their text, and an analysis with a legend, the
game's words for moves and progress with the time left (issue 35, "Replays")."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from .test_accounts_pages import SIZES, contexts, picture

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # a fixture, used by name


def finished_table(server: str, game: str, bots: dict[str, str], seed: int) -> str:
    """A table of bots alone, played to its end."""
    answer = httpx.post(
        f"{server}/api/tables",
        json={"game": game, "players": len(bots), "seed": seed, "bots": bots},
    )
    assert answer.status_code == 201, answer.text
    table = str(answer.json()["table"])
    deadline = time.monotonic() + 180
    while httpx.get(f"{server}/api/tables/{table}").json()["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    return table


def test_a_citadels_replay_steps_by_keys_names_seats_and_opens_cards(
    server: str, contexts: Any
) -> None:
    table = finished_table(
        server, "citadels", {"0": "random", "1": "easy", "2": "medium", "3": "random"}, 5
    )
    for size in SIZES:
        page = contexts(size)
        page.goto(f"{server}/replay/{table}")
        page.wait_for_selector("#where:has-text('step 0 of')")
        assert page.text_content("#first").strip() == "\u00ab first"
        assert page.text_content("#last").strip() == "last \u00bb"
        steps = int(re.search(r"of (\d+)", page.text_content("#where") or "").group(1))  # type: ignore[union-attr]
        page.keyboard.press("End")
        page.wait_for_selector(f"#where:has-text('step {steps} of {steps}')")
        body = page.text_content("body") or ""
        assert not re.search(r"\bP\d\b|Player \d", body), "seats are named as at the table"
        assert "easy bot" in body and "medium bot" in body
        card = page.locator("#board [data-info]").first
        card.scroll_into_view_if_needed()
        card.click()
        page.wait_for_selector("#card-info:not(.hidden)")
        assert (page.text_content("#card-info-title") or "").strip()
        picture(page, f"replay-card-text-{size}", docs=True)
        page.keyboard.press("Escape")
        page.wait_for_selector("#card-info.hidden", state="attached")
        page.keyboard.press("Home")
        page.wait_for_selector("#where:has-text('step 0 of')")
