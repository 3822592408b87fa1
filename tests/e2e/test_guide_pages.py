"""How to play with "show me", the final table's score parts and seat numbers from 1 (issue
35, items 9, 4 and 12). The views come from the engine through a mocked WebSocket, as in
``test_foolsblade_asks.py``, so each case is shown exactly; the guides and cards come from the
real server's catalogue."""

from __future__ import annotations

from typing import Any

import httpx
import pytest

import parlour
from parlour.core import Rng

from .test_accounts_pages import SIZES, contexts, picture
from .test_foolsblade_asks import find_view, show

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # a fixture, used by name

PLAYERS = {"fearless": 3, "citadels": 4, "foolsblade": 3}


def real_table(server: str, game: str, names: dict[str, str] | None = None) -> dict[str, Any]:
    """A real table of ``game`` (people at every seat), as ``GET /api/tables/{id}`` says."""
    body = {"game": game, "players": PLAYERS[game], "seed": 3, "bots": {}, "names": names or {}}
    made = httpx.post(f"{server}/api/tables", json=body).json()
    described: dict[str, Any] = httpx.get(f"{server}/api/tables/{made['table']}").json()["table"]
    return described


def played_out(game: str, seed: int) -> dict[str, Any]:
    """Seat 0's view of a game of random moves played to its end."""
    state = parlour.load(game).new_game(PLAYERS[game], seed=seed)
    rng = Rng(seed)
    while not state.is_over:
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    return state.view(0)


def open_guide(page: Any) -> None:
    """Open How to play and wait for its "show me" buttons (scrolling at once, as with reduced
    motion, so that a picture is not taken halfway)."""
    page.emulate_media(reduced_motion="reduce")
    page.click("#howto-button")
    page.wait_for_selector("#howto .show-me")


def in_view(page: Any, selector: str) -> bool:
    """Whether the first element of ``selector`` is inside the window."""
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] < height and box["y"] + box["height"] > 0


@pytest.mark.parametrize("size", list(SIZES))
@pytest.mark.parametrize("game", list(PLAYERS))
def test_how_to_play_shows_each_part_of_the_table_it_speaks_of(
    server: str, contexts: Any, game: str, size: str
) -> None:
    table = real_table(server, game, {"0": "Ana"})
    catalogue = httpx.get(f"{server}/api/games/{game}/cards").json()
    state = parlour.load(game).new_game(PLAYERS[game], seed=3)
    while not state.view(0).get("hand"):
        state.apply(state.legal_actions()[0])  # past Fool's Blade's class choice: a hand
    page = contexts(size)
    show(page, server, table, state.view(0))
    open_guide(page)
    picture(page, f"howto-{game}-{size}", docs=True)
    # Every section, in the game's words, each with its "show me" (or one a step).
    headings = page.locator("#howto h3").all_text_contents()
    assert headings == [part["heading"] for part in catalogue["how_to_play"]]
    assert page.locator("#howto ol li .step-text").all_text_contents() == [
        step for part in catalogue["how_to_play"] for step in part.get("steps", [])
    ]
    shown = {b.get_attribute("data-show") for b in page.locator("#howto .show-me").all()}
    assert shown == set(catalogue["regions"])
    for part in catalogue["how_to_play"]:
        section = page.locator(f"#howto [data-section='{part['heading']}']")
        assert section.locator(".show-me").count() >= 1, part["heading"]
    # "Show me your hand" highlights the hand, in view.
    hand = page.locator("#howto .show-me[data-show='hand']").first
    hand.click()
    page.wait_for_selector("#hand-area.region-shown")
    assert in_view(page, "#hand-area")
    # Said for screen readers too, in a note the eye does not need.
    said = hand.locator("xpath=following-sibling::span[1]")
    assert said.text_content() == " Your hand: outlined on the table."
    assert "sr-only" in (said.get_attribute("class") or "")
    assert page.locator(".region-shown").count() == 1
    # The highlight goes by itself.
    page.wait_for_selector(".region-shown", state="detached", timeout=5000)
    # The part of the board the guide's first section speaks of, scrolled to and marked.
    first = catalogue["how_to_play"][0]["region"]
    page.locator(f"#howto .show-me[data-show='{first}']").first.click()
    page.wait_for_selector(".region-shown")
    assert in_view(page, ".region-shown")
    picture(page, f"howto-shown-{game}-{size}", docs=True)


def test_a_part_not_on_the_table_says_so_and_the_forge_is_found_once_open(
    server: str, contexts: Any
) -> None:
    table = real_table(server, "foolsblade", {"0": "Ana"})
    page = contexts("desktop")
    show(page, server, table, find_view(lambda v: v["phase"] == "assembly"))
    open_guide(page)
    button = page.locator("#howto .show-me[data-show='forge']").first
    button.click()
    note = button.locator("xpath=following-sibling::span[1]")
    assert "The Forge: not on the table right now." in (note.text_content() or "")
    assert page.locator(".region-shown").count() == 0
    # Gear lies beside the weapons: until anyone has some, the weapons panel is shown.
    page.locator("#howto .show-me[data-show='gear']").first.click()
    page.wait_for_selector(".region-shown")
    assert "Weapons" in (page.text_content(".region-shown h3") or "")

    forge = contexts("desktop")
    show(forge, server, table, find_view(lambda v: bool(v["forge"])))
    open_guide(forge)
    forge.locator("#howto .show-me[data-show='forge']").first.click()
    forge.wait_for_selector("#forge.region-shown")


def test_the_crown_is_shown_in_citadels(server: str, contexts: Any) -> None:
    table = real_table(server, "citadels", {"0": "Ana"})
    view = parlour.load("citadels").new_game(4, seed=3).view(0)
    page = contexts("phone")
    show(page, server, table, view)
    open_guide(page)
    page.locator("#howto .show-me[data-show='crown']").click()
    page.wait_for_selector(".crown.region-shown")
    assert in_view(page, ".crown.region-shown")
    # The purple districts' mark is explained where the districts are.
    text = page.text_content("#howto [data-section='Districts and \u2726']") or ""
    assert "\u2726" in text and "special ability" in text


@pytest.mark.parametrize("size", list(SIZES))
def test_the_citadels_final_table_shows_each_seats_score_in_parts(
    server: str, contexts: Any, size: str
) -> None:
    table = real_table(server, "citadels", {"0": "Ana"})
    view = played_out("citadels", 5)
    page = contexts(size)
    show(page, server, {**table, "status": "over"}, view)
    page.wait_for_selector("#final table.scores")
    heads = page.eval_on_selector_all("#final th.score-part", "ths => ths.map(t => t.textContent)")
    assert heads == ["Districts", "Five Colours", "Complete"]
    rows = page.locator("#final table.scores tbody tr").all()
    assert len(rows) == PLAYERS["citadels"]
    for row in rows:
        numbers = [int(cell) for cell in row.locator("td.num").all_text_contents()]
        assert sum(numbers[:-1]) == numbers[-1]  # the parts add up to the score
    # Each seat's parts are the view's, not the page's sums.
    cells = [row.locator("td.score-part").all_text_contents() for row in rows]
    shown = sorted(tuple(int(cell) for cell in row) for row in cells)
    assert shown == sorted(tuple(parts.values()) for parts in view["score_parts"])
    if size == "phone":  # the parts in a line under each name, in words
        assert "five colours" in (page.text_content("#final .parts-line") or "")
    picture(page, f"citadels-final-parts-{size}", docs=True)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_fearless_final_table_shows_each_rounds_fear(
    server: str, contexts: Any, size: str
) -> None:
    """Fearless's parts are the rounds' fear points (``score_parts``), a column a round."""
    table = {**real_table(server, "fearless", {"0": "Ana"}), "status": "over"}
    view = played_out("fearless", 5)
    page = contexts(size)
    show(page, server, table, view)
    page.wait_for_selector("#final table.scores")
    heads = page.eval_on_selector_all("#final th.score-part", "ths => ths.map(t => t.textContent)")
    assert heads == [f"Round {number}" for number in range(1, PLAYERS["fearless"] + 1)]
    assert "Fear (lowest wins)" in (page.text_content("#final thead") or "")
    rows = page.locator("#final table.scores tbody tr").all()
    assert len(rows) == PLAYERS["fearless"]
    for row in rows:
        numbers = [int(cell) for cell in row.locator("td.num").all_text_contents()]
        assert sum(numbers[:-1]) == numbers[-1]  # the rounds add up to the total
    cells = [row.locator("td.score-part").all_text_contents() for row in rows]
    shown = sorted(tuple(int(cell) for cell in row) for row in cells)
    assert shown == sorted(tuple(parts.values()) for parts in view["score_parts"])
    if size == "phone":  # the rounds in a line under each name, in words
        lines = page.locator("#final .parts-line").all_text_contents()
        said = [
            " \u00b7 ".join(f"{key.replace('_', ' ')}: {value}" for key, value in parts.items())
            for parts in view["score_parts"]
        ]
        assert sorted(lines) == sorted(said)
    picture(page, f"fearless-final-{size}", docs=True)


def test_seats_are_numbered_from_1_for_people(server: str, contexts: Any) -> None:
    table = real_table(server, "fearless")  # nobody named: every seat goes by its number
    state = parlour.load("fearless").new_game(3, seed=3)
    for _ in range(4):
        state.apply(state.legal_actions()[0])  # ghosts on the track
    page = contexts("desktop")
    show(page, server, table, state.view(0))
    assert page.locator("#seats .seat-no").all_text_contents() == ["1", "2", "3"]
    assert page.text_content("#who") == "You are Player 1"
    assert page.locator("#seats .seat.me .seat-name").text_content() == "Player 1 (you)"
    ghosts = page.locator(".track .ghost").all_text_contents()
    assert ghosts and set(ghosts) <= {"1", "2", "3"}
    assert "Player 0" not in (page.text_content("#seats") or "")
    # The lobby's form and the links it gives read from 1 too; the API's seats stay from 0.
    lobby = contexts("desktop")
    lobby.goto(f"{server}/")
    lobby.wait_for_selector("#seat-picks label")
    labels = lobby.locator("#seat-picks label").all_text_contents()
    assert labels and labels[0].startswith("Seat 1")
    assert lobby.get_attribute("#seat-picks select", "data-seat") == "0"
