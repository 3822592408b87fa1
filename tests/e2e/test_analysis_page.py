"""The replay page shows a finished game's analysis: the curve and the marked moves."""

from __future__ import annotations

import re
import time
from typing import Any

import httpx
import pytest

from .conftest import screenshot

pytestmark = pytest.mark.slow


def test_the_replay_shows_the_curve_and_a_marked_move_of_the_seat_viewed(
    page: Any, server: str
) -> None:
    # Random bots at every seat: Player 0's random moves include some that lose outright.
    answer = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "fearless",
            "players": 3,
            "seed": 11,
            "bots": {"0": "random", "1": "medium", "2": "medium"},
        },
    )
    assert answer.status_code == 201, answer.text
    table = answer.json()["table"]
    deadline = time.monotonic() + 120
    while httpx.get(f"{server}/api/tables/{table}").json()["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    page.goto(f"{server}/replay/{table}#seat=0")
    page.wait_for_selector("#analysis .analysing")
    assert "Analysing" in (page.text_content("#analysis") or "")
    assert page.input_value("#seat") == "0"
    page.wait_for_selector("#analysis svg.curve polyline", timeout=180_000)
    assert page.locator("#analysis svg.curve polyline").count() == 1
    # The legend names the seat's line as the table names the seat.
    assert page.text_content("#analysis .legend").strip() == "random bot"  # type: ignore[union-attr]
    assert "Player 0" not in (page.text_content("#analysis") or "")
    marks = page.locator("#analysis circle.mark")
    assert marks.count() >= 1
    listed = page.locator("#analysis ol.marks li")
    assert listed.count() == marks.count()
    move = listed.first.get_attribute("data-move")
    assert "better" in listed.first.text_content()
    listed.first.locator("button").click()
    page.wait_for_function(
        f"() => document.getElementById('where').textContent.startsWith('step {move} ')"
    )
    page.wait_for_selector("#analysis .verdict-here")
    screenshot(page, "replay-analysis")


def test_the_analysis_under_way_says_how_long_is_left(page: Any, server: str) -> None:
    # The server's answers while it analyses, mocked so that the pace is known: 5 decisions
    # of 50 a poll. The page says the time left from the pace so far.
    answer = httpx.post(
        f"{server}/api/tables",
        json={
            "game": "fearless",
            "players": 3,
            "seed": 2,
            "bots": {str(s): "random" for s in range(3)},
        },
    )
    table = answer.json()["table"]
    deadline = time.monotonic() + 120
    while httpx.get(f"{server}/api/tables/{table}").json()["table"]["status"] != "over":
        assert time.monotonic() < deadline, "the bots did not finish the game"
        time.sleep(0.1)
    polls = iter(range(0, 50, 5))

    def analysing(route: Any) -> None:
        done = next(polls, 45)
        body = {"status": "analysing", "seat": 0, "done": done, "total": 50}
        route.fulfill(status=202, json=body)

    page.route("**/api/tables/*/analysis/*", analysing)
    page.goto(f"{server}/replay/{table}#seat=0")
    page.wait_for_selector("#analysis .analysing")
    page.wait_for_function(
        "() => / left$/.test(document.querySelector('#analysis .analysing').textContent)"
    )
    text = page.text_content("#analysis .analysing") or ""
    assert re.fullmatch(r"Analysing: \d+ of 50 decisions, about \d+ (s|min) left", text), text
