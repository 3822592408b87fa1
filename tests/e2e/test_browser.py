"""Whole games in a real browser: the lobby, the table page, the replay, two seats at once."""

from __future__ import annotations

import time
from typing import Any

import httpx
import pytest

from .conftest import is_over, move_of, screenshot, take_turn

pytestmark = pytest.mark.slow


def open_table_from_lobby(
    page: Any, server: str, game: str, players: int, bot: str, pace: int | None = None
) -> None:
    """Fill the lobby's form (seat 0 a person, the rest bots) and sit at seat 0; with
    ``pace``, the table page then holds a trick or a reveal that many ms, not 1.5 s."""
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-picks select")
    page.select_option("#game", game)
    page.fill("#players", str(players))
    page.dispatch_event("#players", "change")
    for seat in range(1, players):
        page.select_option(f"#seat-{seat}", bot)
    page.click("summary")
    page.fill("#seed", "7")
    screenshot(page, f"lobby-{game}")
    page.click("#create-button")
    page.wait_for_selector("[data-seat-link='0']")
    assert page.locator("[data-seat-link]").count() == 1
    page.click("[data-seat-link='0']")
    page.wait_for_selector(".seat.me")
    if pace is not None:
        page.goto(f"{page.url}&pace={pace}")
        page.reload()
    page.wait_for_function("() => document.body.dataset.move !== undefined")


def test_a_whole_fearless_game_against_bots_then_replay_and_rematch(page: Any, server: str) -> None:
    # Each of the 39 tricks held 0.1 s: at the full 1.5 s the holds were most of the test's
    # minute (test_table_safety.py checks the full pause).
    open_table_from_lobby(page, server, "fearless", 3, "easy", pace=100)
    assert page.text_content("#who") == "You are Player 1"
    turns = 0
    while take_turn(page):
        turns += 1
        if turns == 5:
            assert page.locator("#hand .card").count() > 0
            assert page.locator(".track .ghost").count() + page.locator(".ruin .ghost").count() == 3
            screenshot(page, "table-fearless")
    assert turns == 39  # three rounds of thirteen tricks, one card each
    page.wait_for_selector("#final .winner")
    screenshot(page, "table-fearless-final")
    assert page.locator("#final table.scores tbody tr").count() == 3
    table_id = page.url.split("/table/")[1].split("#")[0]
    record = httpx.get(f"{server}/api/tables/{table_id}/record").json()
    assert len(record["actions"]) == move_of(page) == 117
    # One click: the rematch opens and this seat goes straight to its place there.
    page.click("#rematch")
    page.wait_for_url(lambda url: table_id not in url and "/table/" in url)
    page.wait_for_selector(".seat.me")
    assert page.locator("#final .winner").count() == 0
    # The replay steps forward and back through the finished game.
    page.goto(f"{server}/replay/{table_id}")
    page.wait_for_function(
        "() => document.getElementById('where').textContent.startsWith('step 0 ')"
    )
    page.click("#forward")
    page.click("#forward")
    page.wait_for_function(
        "() => document.getElementById('where').textContent.startsWith('step 2 ')"
    )
    page.click("#back")
    page.wait_for_function(
        "() => document.getElementById('where').textContent.startsWith('step 1 ')"
    )
    page.select_option("#seat", "1")
    page.wait_for_selector("#hand .card")
    screenshot(page, "replay-fearless")


def test_a_citadels_game_through_the_draft(page: Any, server: str) -> None:
    open_table_from_lobby(page, server, "citadels", 4, "random")
    drafted = False
    while True:
        page.wait_for_selector("[data-action]")
        if page.locator("#draft").count() and not drafted:
            drafted = True
            screenshot(page, "table-citadels-draft")
        assert take_turn(page)
        view = page.evaluate("document.querySelector('#characters .muted').textContent")
        if "Round 2" in view:
            break
    assert drafted
    assert not is_over(page)
    # Round 1 is played out: every city and the crown are on the table.
    assert page.locator(".city").count() == 4
    screenshot(page, "table-citadels")
    page.set_viewport_size({"width": 390, "height": 844})
    screenshot(page, "table-citadels-phone")


def test_two_browsers_play_against_each_other_at_one_table(browser: Any, server: str) -> None:
    answer = httpx.post(
        f"{server}/api/tables",
        json={"game": "fearless", "players": 3, "seed": 3, "bots": {"2": "random"}},
    ).json()
    pages = []
    for seat in answer["seats"]:
        context = browser.new_context(viewport={"width": 900, "height": 900})
        opened = context.new_page()
        opened.goto(f"{server}{seat['url']}")
        opened.wait_for_function("() => document.body.dataset.move !== undefined")
        pages.append(opened)
    first, second = pages
    assert first.text_content("#who") == "You are Player 1"
    assert second.text_content("#who") == "You are Player 2"
    # Each browser sees only its own hand, never the other's.
    assert first.locator("#hand .card").count() == second.locator("#hand .card").count() == 13
    hands = [
        set(p.eval_on_selector_all("#hand .card", "cs => cs.map(c => c.dataset.card)"))
        for p in pages
    ]
    assert not hands[0] & hands[1] - {"zero"}
    # Whoever's turn it is plays (the trick's winner leads the next one).
    played = [0, 0]
    deadline = time.monotonic() + 60
    while min(played) < 4:
        assert time.monotonic() < deadline, played
        for seat, opened in enumerate(pages):
            if opened.locator("[data-action]").count():
                assert take_turn(opened)
                played[seat] += 1
        time.sleep(0.05)
    # A reload resumes the same seat where it was.
    second.reload()
    second.wait_for_function("() => document.body.dataset.move !== undefined")
    assert second.text_content("#who") == "You are Player 2"
    first.wait_for_function(f"() => Number(document.body.dataset.move) >= {move_of(second)}")
    assert first.locator("#log p", has_text="Player 2 ").count() >= 4
    # The server's sentences name unnamed seats "Player N", from 1; the page adds who is "you", on
    # the lines whose event's seat is its own, and nowhere else.
    mine = first.eval_on_selector_all("#log p.mine", "ps => ps.map(p => p.textContent)")
    assert len(mine) >= 4 and all("Player 1 (you)" in line for line in mine)
    assert first.locator("#log p", has_text="Player 2 (you)").count() == 0
    screenshot(first, "two-browsers-seat0")
    screenshot(second, "two-browsers-seat1")
    for opened in pages:
        opened.context.close()
