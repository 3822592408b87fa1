"""The hint at the table (issue 35, item 6): each move's chance with its uncertainty, the
moves as good as the best marked as such, and what an equip replaces in the game's words.
The position is built with the engine and its hint computed by the engine
(``parlour.server.hints.advice``), sent through a mocked WebSocket so the case is exact."""

from __future__ import annotations

import json
import re
from typing import Any

import httpx
import pytest

from parlour.analysis import play_outs
from parlour.games.foolsblade.scenario import arm, hold, started, to_main, whole_sets
from parlour.server.hints import advice, settings_for

from .test_accounts_pages import SIZES, contexts, picture

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # a fixture, used by name


@pytest.fixture(scope="module")
def position() -> tuple[dict[str, Any], list[dict[str, Any]], str]:
    """A seat's view in its main phase holding a whole set and a part of another set, the
    engine's hint for it, and the move that breaks the set."""
    state = started(None)
    seat = state.active
    ours, theirs = whole_sets(state)[:2]
    arm(state, seat, ours)
    hold(state, seat, [theirs[1], theirs[3]])
    to_main(state)
    assert state.current_player == seat
    settings = settings_for("foolsblade")
    hint = advice(state, play_outs(state, settings), settings.seed)
    # The labels the server adds to a view (hub.py).
    labels = {a.text: state.label(a) for a in state.legal_actions()}
    view = {**state.view(seat), "labels": labels}
    return view, [entry.to_json() for entry in hint], f"equip {theirs[1]}"


@pytest.fixture(scope="module")
def table(server: str) -> dict[str, Any]:
    """A real Fool's Blade table with hints: the page loads its cards' texts."""
    body = {"game": "foolsblade", "players": 3, "seed": 3, "bots": {}, "hints": True}
    made = httpx.post(f"{server}/api/tables", json=body).json()
    described: dict[str, Any] = httpx.get(f"{server}/api/tables/{made['table']}").json()["table"]
    return described


@pytest.mark.parametrize("size", list(SIZES))
def test_a_hint_shows_its_uncertainty_its_ties_and_what_an_equip_breaks(
    server: str, contexts: Any, table: dict[str, Any], position: Any, size: str
) -> None:
    view, hint, breaking = position
    view = {**view, "names": table["names"]}
    asked: list[dict[str, Any]] = []

    def handler(socket: Any) -> None:
        def answer(message: str | bytes) -> None:
            asked.append(json.loads(message))
            if asked[-1]["type"] == "hint":
                socket.send(json.dumps({"type": "hint", "move": view["move"], "actions": hint}))

        socket.on_message(answer)
        socket.send(json.dumps({"type": "table", "table": {**table, "hints": True}}))
        socket.send(json.dumps({"type": "state", "view": view, "events": []}))

    page = contexts(size)
    page.route_web_socket(re.compile(r"/ws/"), handler)
    page.goto(f"{server}/table/{table['id']}#pace=0")
    page.wait_for_function(f"() => document.body.dataset.move === '{view['move']}'")
    page.click("#hint-button")
    page.wait_for_selector("#hints li")
    assert {"type": "hint", "move": view["move"]} in asked
    shown = page.eval_on_selector_all("#hints li", "es => es.map(e => e.dataset.hint)")
    assert shown == [entry["action"] for entry in hint]  # the server's order
    errors = page.eval_on_selector_all("#hints li .err", "es => es.map(e => e.textContent)")
    # Shown as a 95% interval: two standard errors, in points.
    assert errors == [f"\u00b1{round(2 * entry['error'] * 100)}" for entry in hint]
    tags = page.eval_on_selector_all(
        "#hints li", "es => es.map(e => e.querySelector('.hint-tag')?.textContent ?? null)"
    )
    firsts = sum(entry["rank"] == 1 for entry in hint)
    assert tags == ["suggested", *["as good"] * (firsts - 1), *[None] * (len(hint) - firsts)]
    words = page.text_content(f'#hints li[data-hint="{breaking}"] .does') or ""
    assert words.endswith("and breaks your set bonus") and words.startswith("Replaces ")
    assert page.locator("#hints li.rank-break").count() == len({e["rank"] for e in hint}) - 1
    page.locator("#hints").scroll_into_view_if_needed()
    picture(page, f"foolsblade-hint-{size}", docs=True)
