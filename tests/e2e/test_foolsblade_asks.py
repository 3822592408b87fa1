"""Fool's Blade says what it asks and why (issue 35, items 1-3): the turn line carries the
view's ``decision`` ("Discard 1 card: Burr Rat's Lose effect"), a card that may be answered
shows in the dock with its text, curses open their text, and a fight shows the fighter's
strength in parts. The views come from the engine, sent through a mocked WebSocket, so each
case is shown exactly; the cards' texts come from a real table of the same card set."""

from __future__ import annotations

import itertools
import json
import re
from typing import Any

import httpx
import pytest

import parlour
from parlour.core import Rng

from .test_accounts_pages import SIZES, contexts, picture

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # a fixture, used by name


def find_view(want: Any, seed: int = 1) -> dict[str, Any]:
    """The view of the seat to act at the first position of random games where ``want(view)``."""
    for game in range(200):
        state = parlour.load("foolsblade").new_game(3, seed=seed + game)
        rng = Rng(seed + game)
        while not state.is_over and state.move_number < 3000:
            view = state.view(state.current_player)
            if want(view):
                return view
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
    raise AssertionError("no such position in 200 random games")


def a_lose_discard(view: dict[str, Any]) -> bool:
    decision = view["decision"]
    return bool(decision) and decision["kind"] == "discard" and "Lose effect" in decision["why"]


def an_answer(view: dict[str, Any]) -> bool:
    pending = view["pending"]
    return (
        bool(view["window"])
        and pending is not None
        and pending["seat"] != view["current_player"]
        and not pending["ability"]
        and view["decision"] is None
    )


def a_curse_in_a_fight(view: dict[str, Any]) -> bool:
    combat = view["combat"]
    return combat is not None and any(view["curses"]) and len(combat["player_parts"]) > 1


def show(
    page: Any,
    server: str,
    table: dict[str, Any],
    view: dict[str, Any],
    events: list[dict[str, Any]] | None = None,
    fragment: str = "#pace=0",
) -> None:
    """Open the table page with ``view`` (and ``events``) as the only state its socket sends."""
    view = {**view, "names": table["names"]}

    def handler(socket: Any) -> None:
        socket.send(json.dumps({"type": "table", "table": table}))
        socket.send(json.dumps({"type": "state", "view": view, "events": events or []}))

    page.route_web_socket(re.compile(r"/ws/"), handler)
    page.goto(f"{server}/table/{table['id']}{fragment}")
    page.wait_for_function(f"() => document.body.dataset.move === '{view['move']}'")


@pytest.fixture(scope="module")
def table(server: str) -> dict[str, Any]:
    """A real Fool's Blade table of the default card set: the page loads its cards' texts."""
    body = {"game": "foolsblade", "players": 3, "seed": 3, "bots": {}, "names": {"0": "Ana"}}
    made = httpx.post(f"{server}/api/tables", json=body).json()
    described: dict[str, Any] = httpx.get(f"{server}/api/tables/{made['table']}").json()["table"]
    return described


@pytest.mark.parametrize("size", list(SIZES))
def test_the_turn_line_says_what_is_asked_and_why(
    server: str, contexts: Any, table: dict[str, Any], size: str
) -> None:
    view = find_view(a_lose_discard)
    page = contexts(size)
    show(page, server, table, view)
    decision = view["decision"]
    turn = page.text_content("#turn") or ""
    assert f"{decision['ask']}: {decision['why']}" in turn, turn
    assert turn.startswith("Your turn")
    assert page.text_content("#phase") == ""  # the phase's sentence would be stale
    picture(page, f"foolsblade-asked-discard-{size}", docs=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_a_card_that_may_be_answered_shows_with_its_text(
    server: str, contexts: Any, table: dict[str, Any], size: str
) -> None:
    view = find_view(an_answer)
    cards = httpx.get(f"{server}/api/tables/{table['id']}/cards").json()
    played = cards[view["pending"]["card"]]
    page = contexts(size)
    show(page, server, table, view)
    page.wait_for_selector("#asked-card:not(.hidden)")
    box = page.text_content("#asked-card") or ""
    assert played["name"] in box and played["text"] in box
    assert f"plays {played['name']}" in (page.text_content("#turn") or "")
    picture(page, f"foolsblade-asked-answer-{size}", docs=True)


def test_a_seat_at_the_play_cap_is_told_so(server: str, contexts: Any) -> None:
    # The second edition keeps the bound of 4 plays a seat in one window (records replay),
    # which random play reaches: the seat at the cap reads why it is asked no more.
    for game in range(100):
        state = parlour.load("foolsblade").new_game(3, seed=1 + game, cards="v2")
        rng = Rng(1 + game)
        while not state.is_over and state.move_number < 3000:
            seen = state.view(None)
            window = seen["window"]
            if window and window.get("capped") and seen["pending"]:
                break
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        else:
            continue
        break
    seat = window["capped"][0]
    view = state.view(seat)
    body = {"game": "foolsblade", "players": 3, "seed": 3, "bots": {}, "options": {"cards": "v2"}}
    made = httpx.post(f"{server}/api/tables", json=body).json()
    table = httpx.get(f"{server}/api/tables/{made['table']}").json()["table"]
    page = contexts("desktop")
    show(page, server, {**table, "names": [None] * 3}, view, fragment=f"#seat={seat}&pace=0")
    turn = page.text_content("#turn") or ""
    cap = view["window"]["play_cap"]
    assert f"you have made {cap} plays in this window, the most one seat may make" in turn, turn
    assert "answer it or pass" not in turn


def test_curses_open_their_text_and_a_fight_shows_its_parts(
    server: str, contexts: Any, table: dict[str, Any]
) -> None:
    view = find_view(a_curse_in_a_fight)
    page = contexts("desktop")
    show(page, server, table, view)
    parts = page.locator("#combat .fight-parts:not(.monster-parts) li")
    assert parts.count() == len(view["combat"]["player_parts"])
    # The monster's side in its parts too, as the view gives them.
    monster = page.locator("#combat .monster-parts li span").all_text_contents()
    assert monster == [label for label, _ in view["combat"]["monster_parts"]]
    page.locator("#combat").scroll_into_view_if_needed()
    picture(page, "foolsblade-fight-parts-desktop")
    curse = page.locator(".chip.curse").first
    curse.click()
    page.wait_for_selector("#card-info:not(.hidden)")
    assert page.get_attribute("#card-info", "data-card") == curse.get_attribute("data-card")


@pytest.mark.parametrize("size", list(SIZES))
def test_the_final_table_shows_each_seats_score_in_parts(
    server: str, contexts: Any, table: dict[str, Any], size: str
) -> None:
    state = parlour.load("foolsblade").new_game(3, seed=8)
    rng = Rng(8)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    view = state.view(0)
    page = contexts(size)
    show(page, server, {**table, "status": "over"}, view)
    page.wait_for_selector("#final table.scores")
    heads = page.eval_on_selector_all("#final th.score-part", "ths => ths.map(t => t.textContent)")
    assert heads == ["Weapon", "Monsters", "Treasures", "Legendary"]
    for row in page.locator("#final table.scores tbody tr").all():
        numbers = [int(cell) for cell in row.locator("td.num").all_text_contents()]
        assert sum(numbers[:-1]) == numbers[-1]  # the parts add up to the score
    picture(page, f"foolsblade-final-parts-{size}", docs=True)


def test_card_names_in_the_log_open_their_text(
    server: str, contexts: Any, table: dict[str, Any]
) -> None:
    state = parlour.load("foolsblade").new_game(3, seed=5)
    rng = Rng(5)
    events: list[dict[str, Any]] = []
    while len(events) < 40:
        legal = state.legal_actions()
        events += [event.to_dict() for event in state.apply(legal[rng.below(len(legal))])]
    page = contexts("desktop")
    show(page, server, table, state.view(state.current_player), events)
    link = page.locator("#log .card-name").last
    link.wait_for()
    name = link.text_content()
    link.click()
    page.wait_for_selector("#card-info:not(.hidden)")
    assert page.text_content("#card-info-title") == name


# When each line of the log was put in the page, by the page's own clock.
LINE_TIMES = """
window.lineTimes = [];
new MutationObserver((changes) => {
  for (const change of changes) for (const node of change.addedNodes) {
    if (node.nodeName === "P" && node.classList.contains("fresh")) {
      window.lineTimes.push(performance.now());
    }
  }
}).observe(document, {childList: true, subtree: true});
// The cards marked on the table as a line that names them is shown.
window.movedCards = [];
new MutationObserver((changes) => {
  for (const change of changes) {
    const el = change.target;
    if (el.classList && el.classList.contains("moved")) window.movedCards.push(el.dataset.card);
  }
}).observe(document, {attributes: true, attributeFilter: ["class"], subtree: true});
"""


def test_a_burst_of_lines_is_shown_one_at_a_time(
    server: str, contexts: Any, table: dict[str, Any]
) -> None:
    state = parlour.load("foolsblade").new_game(3, seed=6)
    rng = Rng(6)
    for _ in range(12):
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    burst: list[dict[str, Any]] = []
    while len(burst) < 5:
        legal = state.legal_actions()
        burst += [event.to_dict() for event in state.apply(legal[rng.below(len(legal))])]
    view = {**state.view(state.current_player), "names": table["names"]}

    def handler(socket: Any) -> None:
        socket.send(json.dumps({"type": "table", "table": table}))
        socket.send(json.dumps({"type": "state", "view": view, "events": [], "replaceLog": True}))
        socket.send(json.dumps({"type": "state", "view": view, "events": burst}))

    page = contexts("desktop")
    page.add_init_script(LINE_TIMES)
    page.route_web_socket(re.compile(r"/ws/"), handler)
    page.goto(f"{server}/table/{table['id']}")
    page.wait_for_function(f"() => document.querySelectorAll('#log p').length === {len(burst)}")
    page.wait_for_function(f"() => window.lineTimes.length === {len(burst)}")
    times = page.evaluate("window.lineTimes")
    gaps = [later - earlier for earlier, later in itertools.pairwise(times)]
    # At the default pace a line every 375 ms, faster while more than six wait: never all at once.
    assert min(gaps) >= 150, gaps
    # Each card a line names that is on the table is marked there as its line is shown.
    named = set(
        page.eval_on_selector_all("#log [data-info]", "els => els.map(e => e.dataset.info)")
    )
    on_table = set(
        page.eval_on_selector_all(
            "#table-layout [data-card]", "els => els.map(e => e.dataset.card)"
        )
    )
    assert named & on_table, "the burst names no card on the table"
    assert named & on_table <= set(page.evaluate("window.movedCards"))
