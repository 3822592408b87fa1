"""Finding a game and finishing it, in the browser (issue 31): "Play now" in the lobby, the
clock choice and each table's speed, "Your games" with the time left, the clocks ticking at
the table, seats played by a bot while their person is away with "I'm back", and the turn
notice (title, sound, notification); at 1280x800 and 390x844.

Those named ``test_mocked_*`` answer API.md's "Play now", "Clocks" and "Your games" with
Playwright's ``page.route`` (and the table's WebSocket with ``page.route_web_socket``), so
they check the pages against API.md's shapes on any server. The others play on the real
server and skip, saying so, when it has no ``POST /api/match`` (the server side of issue 31).
The pictures go to ``docs/screenshots/`` (``play-now-*``, ``clock-*``).
"""

from __future__ import annotations

import json
import re
import time
from collections.abc import Callable
from typing import Any

import httpx
import pytest

from parlour.server.community.clocks import BACK_SECONDS

from .test_accounts_pages import SIZES, answer, contexts, picture, signed_in_as

pytestmark = pytest.mark.slow

__all__ = ["contexts"]  # the fixture, shared with the accounts' pages

PROFILES = [
    {"name": "none", "label": "No clock", "clock": None},
    {"name": "fast", "label": "Fast", "clock": {"initial": 180, "increment": 10}},
    {
        "name": "slow",
        "label": "slow: 12 min + 40 s a move",
        "clock": {"initial": 720, "increment": 40},
    },
    {"name": "normal", "label": "Normal", "clock": {"initial": 360, "increment": 20}},
    {"name": "day", "label": "1 day", "clock": {"per_move": 86400}},
    {"name": "days3", "label": "3 days", "clock": {"per_move": 259200}},
]

# Records what the page asks of the Notification API and the Web Audio API; ``__hidden``
# stands for a tab in the background (a headless page is never hidden by itself).
WATCH = """
window.__notes = []; window.__asked = 0; window.__tones = 0; window.__hidden = false;
Object.defineProperty(document, "hidden", {configurable: true, get: () => window.__hidden});
const Real = window.Notification;
if (Real) {
  class Watched extends Real {
    constructor(title, options) {
      window.__notes.push({title, body: options && options.body});
      super(title, options);
    }
  }
  Object.defineProperty(Watched, "permission", {get: () => Real.permission});
  Watched.requestPermission = (...args) => {
    window.__asked += 1;
    return Real.requestPermission(...args);
  };
  window.Notification = Watched;
}
const tone = AudioContext.prototype.createOscillator;
AudioContext.prototype.createOscillator = function () {
  window.__tones += 1;
  return tone.call(this);
};
"""


@pytest.fixture
def play_now(server: str) -> str:
    """The server, when it has "Play now" (API.md, "Added for players who come back")."""
    status = httpx.post(f"{server}/api/match", json={}).status_code
    if status in (404, 405):
        pytest.skip("this server has no POST /api/match yet (the server side of issue 31)")
    return server


@pytest.fixture
def with_clocks(server: str) -> str:
    """The server, when it keeps clocks (it serves ``GET /api/clocks``)."""
    if httpx.get(f"{server}/api/clocks").status_code in (404, 405):
        pytest.skip("this server has no clocks yet (GET /api/clocks: the server side of issue 31)")
    return server


def a_table(server: str) -> tuple[dict[str, Any], dict[str, Any]]:
    """A fresh 3-player Fearless table (seat 0 a person, two easy bots): its description and
    a view for seat 0 as the page gets it (the spectator's, with the seat set)."""
    body = {"game": "fearless", "players": 3, "seed": 7, "bots": {"1": "easy", "2": "easy"}}
    made = httpx.post(f"{server}/api/tables", json=body).json()
    got = httpx.get(f"{server}/api/tables/{made['table']}").json()
    table = {**got["table"], "names": ["Ana", "easy bot", "Bo"]}
    view = {**got["view"], "seat": 0, "names": ["Ana", "easy bot", "Bo"]}
    return table, view


def plain(text: str | None) -> str:
    """Text as read aloud: the pages keep a number and its unit together ("30\u00a0s")."""
    return str(text).replace("\u00a0", " ")


class FakeSocket:
    """The table page's WebSocket answered by the test: the frames the page sent, and a way
    to send it more states."""

    def __init__(self, page: Any, table: dict[str, Any], view: dict[str, Any]) -> None:
        self.sent: list[dict[str, Any]] = []
        self.routes: list[Any] = []
        self.table, self.view = table, view
        page.route_web_socket(re.compile(r"/ws/"), self.handle)

    def handle(self, socket: Any) -> None:
        self.routes.append(socket)
        socket.on_message(lambda message: self.sent.append(json.loads(message)))
        socket.send(json.dumps({"type": "table", "table": self.table}))
        socket.send(json.dumps({"type": "state", "view": self.view, "events": []}))

    def state(self, view: dict[str, Any]) -> None:
        self.routes[-1].send(json.dumps({"type": "state", "view": view, "events": []}))


# -- the lobby ----------------------------------------------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_mocked_play_now_counts_cancels_and_seats(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    page = contexts(size)
    signed_in_as(page, "Ana")
    asked = answer(page, "POST", "/api/match", 202, {"ticket": "tk1"})
    left = answer(page, "DELETE", "/api/match/tk1", 204, None)
    polls: list[str] = []
    seated = {
        "status": "seated",
        "table": "T9abc",
        "seat": 1,
        "token": "t",
        "url": "/nowhere-yet#token=t&seat=1",
    }

    def ticket(route: Any) -> None:
        if route.request.method != "GET":
            route.fallback()
            return
        polls.append(route.request.url)
        body = {"status": "waiting", "waiting": min(len(polls), 3)}
        if len(polls) > 20 and route.request.url.endswith("/tk2"):
            body = seated
        route.fulfill(status=200, content_type="application/json", body=json.dumps(body))

    page.route(re.compile(r"/api/match/tk\d$"), ticket)
    page.goto(f"{server}/")
    page.wait_for_selector("[data-play='fearless']")
    # One "Play now" a game, named for screen readers by its game.
    assert page.get_by_role("button", name="Play Fearless now").count() == 1
    assert page.locator("[data-play]").count() == 3
    assert page.locator("#play-rated-label").is_visible()  # signed in: "Rated" is offered
    page.select_option("#play-bots", "30")
    page.check("#play-rated")
    picture(page, f"play-now-choose-{size}", docs=True)
    page.click("[data-play='fearless']")
    page.wait_for_selector("#play-count:text('2 people waiting')")
    assert asked == [{"game": "fearless", "players": None, "rated": True, "bots_after": 30}]
    assert "Fearless" in page.text_content("#play-wait-title")
    assert "30 s" in plain(page.text_content("#play-note"))
    assert page.locator("#play-cancel").is_visible()
    picture(page, f"play-now-waiting-{size}", docs=True)
    with page.expect_request(lambda request: request.method == "DELETE"):
        page.click("#play-cancel")
    page.wait_for_selector("#play-wait", state="hidden")
    assert left == [None]
    asked_before = len(polls)
    page.wait_for_timeout(1800)
    assert len(polls) == asked_before  # a cancelled ticket is not asked again

    # Again, for 4 players: seated, the page keeps the seat link and goes to the table.
    page.unroute(re.compile(r"/api/match/tk\d$"))
    polls.clear()
    polls.extend(["x"] * 20)
    page.route(re.compile(r"/api/match/tk\d$"), ticket)
    page.unroute("**/api/match")
    again = answer(page, "POST", "/api/match", 202, {"ticket": "tk2"})
    page.select_option("#play-size-fearless", "4")
    page.click("[data-play='fearless']")
    page.wait_for_url("**/nowhere-yet*")
    assert again[0]["players"] == 4
    kept = json.loads(page.evaluate("localStorage.getItem('parlour.seats')"))
    assert kept[0]["table"] == "T9abc" and kept[0]["seat"] == 1
    assert kept[0]["url"] == seated["url"]


def test_mocked_play_now_asks_a_guest_a_name_and_offers_no_rated(
    contexts: Callable[..., Any], server: str
) -> None:
    page = contexts("phone")
    signed_in_as(page, None)
    asked = answer(page, "POST", "/api/match", 202, {"ticket": "g1"})
    answer(page, "GET", "/api/match/g1", 200, {"status": "waiting", "waiting": 1})
    answer(page, "DELETE", "/api/match/g1", 204, None)
    page.goto(f"{server}/")
    page.wait_for_selector("[data-play='citadels']")
    assert not page.locator("#play-rated-label").is_visible()
    page.select_option("#play-size-citadels", "2")
    page.click("[data-play='citadels']")
    page.get_by_label("Your name", exact=True).fill("<b>Dee</b>")
    page.click("#dialog-submit")
    page.wait_for_selector("#play-count:text('1 person waiting')")
    assert asked == [
        {"game": "citadels", "players": 2, "rated": False, "bots_after": None, "name": "<b>Dee</b>"}
    ]
    page.click("#play-cancel")


def test_mocked_play_now_on_a_server_without_it_says_so(
    contexts: Callable[..., Any], server: str
) -> None:
    page = contexts()
    signed_in_as(page, "Ana")
    answer(page, "POST", "/api/match", 404, {"message": "Not Found"})
    page.goto(f"{server}/")
    page.click("[data-play='fearless']")
    page.wait_for_selector("#toast:text('no \u201cPlay now\u201d yet')")
    assert page.locator("#play-wait").is_hidden()


@pytest.mark.parametrize("size", SIZES)
def test_mocked_clock_choice_and_speeds_in_the_lists(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    page = contexts(size)
    signed_in_as(page, "Ana")
    answer(page, "GET", "/api/clocks", 200, PROFILES)
    listed = [
        {
            "id": "L1abc",
            "game": "fearless",
            "title": "Fearless",
            "players": 3,
            "status": "playing",
            "scores": [0, 0, 0],
            "clock": {"initial": 180, "increment": 10, "remaining": [170, 180, 180], "running": 0},
        },
        {
            "id": "L2abc",
            "game": "citadels",
            "title": "Citadels",
            "players": 4,
            "status": "waiting",
            "open": [3],
            "seats": [{"seat": s, "bot": None} for s in range(4)],
            "names": ["Cy", "Bo", "Ed", None],
            "scores": [0, 0, 0, 0],
            "clock": {"per_move": 86400, "remaining": [86400, None, 86400, None], "running": 0},
        },
    ]
    answer(page, "GET", "/api/tables", 200, listed)
    answer(page, "GET", "/api/tables?open=true", 200, [listed[1]])
    made = answer(
        page,
        "POST",
        "/api/tables",
        201,
        {
            "table": "N1abc",
            "seats": [{"seat": 0, "url": "/table/N1abc#token=a&seat=0"}],
            "spectate": "/table/N1abc",
        },
    )
    page.goto(f"{server}/")
    page.wait_for_selector("#clock-label:not(.hidden)")
    options = [plain(o) for o in page.locator("#clock option").all_text_contents()]
    assert options == [
        "No clock",
        "Fast: 3 min + 10 s",
        "slow: 12 min + 40 s a move",
        "Normal: 6 min + 20 s",
        "1 day a move",
        "3 days a move",
    ]
    groups = page.locator("#clock optgroup").evaluate_all("gs => gs.map(g => g.label)")
    assert groups == ["Real time", "Turn-based (days to play)"]
    assert page.locator("#clock").get_attribute("aria-describedby") == "clock-help"
    assert "3 min + 10 s" in plain(page.text_content("#tables"))
    assert "1 day a move" in plain(page.text_content("[data-open-table='L2abc']"))
    page.select_option("#clock", "fast")
    page.locator("#clock-label").scroll_into_view_if_needed()
    picture(page, f"clock-lobby-{size}", docs=True)
    page.click("#create-button")
    page.wait_for_selector("[data-seat-link]")
    assert made[0]["clock"] == {"initial": 180, "increment": 10}
    # "No clock" sends none.
    page.select_option("#clock", "none")
    page.click("#create-button")
    page.wait_for_timeout(300)
    assert "clock" not in made[1]


@pytest.mark.parametrize("size", SIZES)
def test_mocked_your_games_in_the_servers_order_with_time_left(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    page = contexts(size)
    signed_in_as(page, "Ana")

    def entry(table: str, title: str, turn: bool, current: int, clock: Any) -> dict[str, Any]:
        return {
            "table": table,
            "seat": 0,
            "game": title.lower().replace("'", "").replace(" ", ""),
            "title": title,
            "players": 3,
            "names": ["Ana", "Bo", "medium bot"],
            "status": "playing",
            "move": 9,
            "current_player": current,
            "your_turn": turn,
            "url": f"/table/{table}",
            "clock": clock,
        }

    mine = {
        "tables": [
            entry("Y1abc", "Fearless", True, 0, {"remaining": [21, 100, None], "running": 0}),
            entry("Y2abc", "Citadels", True, 0, {"remaining": [7200, 86400, None], "running": 0}),
            entry(
                "Y3abc",
                "Fool's Blade",
                False,
                1,
                {"remaining": [86400, 190000, None], "running": 1},
            ),
            entry("Y4abc", "Fearless", False, 2, None),
        ]
    }
    answer(page, "GET", "/api/me/tables", 200, mine)
    page.goto(f"{server}/")
    page.wait_for_selector("#mine tr[data-mine='account']")
    assert page.text_content("#mine-panel h2") == "Your games"
    rows = page.locator("#mine tr[data-mine='account']")
    assert [rows.nth(i).get_attribute("data-table") for i in range(4)] == [
        "Y1abc",
        "Y2abc",
        "Y3abc",
        "Y4abc",
    ]
    assert rows.nth(0).locator(".pill.turn").text_content() == "your turn"
    assert rows.nth(2).locator(".pill").text_content() == "Bo to play"
    assert re.fullmatch(r"0:(19|20|21) left", rows.nth(0).locator(".time-left").text_content())
    assert rows.nth(0).locator(".time-left.low").count() == 1
    assert rows.nth(1).locator(".time-left").text_content() == "2:00:00 left"
    assert rows.nth(2).locator(".time-left").text_content() == "2 d 4 h left"
    assert rows.nth(3).locator(".time-left").text_content() == ""
    picture(page, f"clock-your-games-{size}", docs=True)


# -- the table ----------------------------------------------------------------------------------


def clock_text(page: Any, seat: int) -> str:
    return str(page.text_content(f".seat[data-seat='{seat}'] [data-clock-seat='{seat}']"))


@pytest.mark.parametrize("size", SIZES)
def test_mocked_clock_ticks_for_the_running_seat_and_warns(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    table, view = a_table(server)
    mover = view["current_player"]
    remaining: list[float | None] = [125.0, 300.0, 300.0]
    remaining[(mover + 1) % 3] = 20.0  # little left, not running
    view = {**view, "clock": {"remaining": remaining, "running": mover}}
    page = contexts(size)
    signed_in_as(page, "Ana")
    FakeSocket(page, table, view)
    page.goto(f"{server}/table/{table['id']}#token=x&seat=0&pace=0")
    page.wait_for_selector(f"[data-clock-seat='{mover}']:text-matches('\\\\d:\\\\d\\\\d')")
    first = clock_text(page, mover)
    picture(page, f"clock-ticking-{size}", docs=True)
    page.wait_for_timeout(1100)
    second = clock_text(page, mover)
    picture(page, f"clock-ticking-later-{size}", docs=True)
    assert first != second, (first, second)
    # Only the running seat counts down; low time is marked.
    idle = (mover + 2) % 3
    assert clock_text(page, idle) == "5:00"
    low = (mover + 1) % 3
    assert clock_text(page, low) == "0:20"
    assert page.locator(f".seat[data-seat='{low}'] .seat-clock.low").count() == 1
    assert page.locator(f".seat[data-seat='{mover}'] .seat-clock.running").count() == 1
    if mover == 0:
        assert page.locator("#my-clock").is_visible()


def test_mocked_turn_based_warning_at_a_tenth_of_a_move(
    contexts: Callable[..., Any], server: str
) -> None:
    table, view = a_table(server)
    mover = view["current_player"]
    remaining: list[float | None] = [86400.0, 86400.0, 86400.0]
    remaining[mover] = 7000.0  # under a tenth of a day
    view = {**view, "clock": {"remaining": remaining, "running": mover, "per_move": 86400}}
    page = contexts()
    signed_in_as(page, "Ana")
    FakeSocket(page, table, view)
    page.goto(f"{server}/table/{table['id']}#token=x&seat=0")
    page.wait_for_selector(f".seat[data-seat='{mover}'] .seat-clock.low")
    assert clock_text(page, mover).startswith("1:56:")
    assert page.locator(".seat-clock.low").count() == 1


@pytest.mark.parametrize("size", SIZES)
def test_mocked_absent_seat_marked_and_im_back_sends_back(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    table, view = a_table(server)
    away = {
        **view,
        "absent": [0],
        "clock": {"remaining": [0, 300, 280], "running": view["current_player"]},
    }
    page = contexts(size)
    signed_in_as(page, "Ana")
    socket = FakeSocket(page, table, away)
    page.goto(f"{server}/table/{table['id']}#token=x&seat=0&pace=0")
    page.wait_for_selector("#away:not(.hidden)")
    assert "away \u2014 played by a bot" in page.text_content(".seat[data-seat='0']")
    assert page.locator(".away-mark").count() == 1
    assert page.locator("#actions [data-action]").count() == 0  # the bot plays meanwhile
    back = page.get_by_role("button", name="I'm back")
    box = back.bounding_box()
    height = page.viewport_size["height"]
    assert back.is_visible() and box is not None and 0 <= box["y"] <= height - box["height"]
    picture(page, f"clock-away-{size}", docs=True)
    back.click()
    page.wait_for_function("() => document.getElementById('back-button').disabled")
    assert {"type": "back"} in socket.sent
    # The server gives the seat back with time on the clock: the mark and the button go.
    socket.state(
        {
            **view,
            "move": view["move"],
            "absent": [],
            "clock": {"remaining": [30, 300, 280], "running": 0},
        }
    )
    page.wait_for_selector("#away", state="hidden")
    assert page.locator(".away-mark").count() == 0


def test_mocked_spectator_sees_the_away_mark_without_a_button(
    contexts: Callable[..., Any], server: str
) -> None:
    table, view = a_table(server)
    page = contexts("phone")
    signed_in_as(page, None)
    FakeSocket(page, table, {**view, "seat": None, "absent": [2]})
    page.goto(f"{server}/table/{table['id']}")
    page.wait_for_selector(".seat[data-seat='2'] .away-mark")
    assert page.locator("#away").is_hidden()
    assert "Bo" in page.text_content(".seat[data-seat='2']")


def test_mocked_turn_notice_title_sound_and_notification(browser: Any, server: str) -> None:
    table, view = a_table(server)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    try:
        page = context.new_page()
        page.on("pageerror", lambda error: errors.append(str(error)))
        page.add_init_script(WATCH)
        signed_in_as(page, "Ana")
        others = {**view, "current_player": 1, "legal_actions": []}
        socket = FakeSocket(page, table, others)
        page.goto(f"{server}/table/{table['id']}#token=x&seat=0&pace=0")
        page.wait_for_selector("#notify-button:not(.hidden)")
        assert not page.title().startswith("\u25cf")
        # Asked with a button, never on load; Chromium's permission granted for the test.
        assert page.evaluate("window.__asked") == 0
        context.grant_permissions(["notifications"], origin=server)
        page.click("#notify-button")
        page.wait_for_function("() => window.__asked === 1")
        page.wait_for_selector("#notify-button", state="hidden")
        assert page.evaluate("Notification.permission") == "granted"
        assert page.is_checked("#sound")

        # It becomes this seat's turn while the tab is in the background.
        page.evaluate("window.__hidden = true")
        mine = {**view, "current_player": 0, "move": view["move"] + 1}
        socket.state(mine)
        page.wait_for_function("() => window.__notes.length === 1")
        notes = page.evaluate("window.__notes")
        assert "Your turn" in notes[0]["title"] and "Fearless" in notes[0]["body"]
        assert page.title().startswith("\u25cf Your turn")
        assert page.evaluate("window.__tones") == 2

        # Sound off (remembered): the notification still comes, the sound does not.
        page.evaluate("window.__hidden = false")
        page.uncheck("#sound")
        assert page.evaluate("localStorage.getItem('parlour.sound')") == "off"
        socket.state({**others, "move": view["move"] + 2})
        page.wait_for_function("() => !document.title.startsWith('\u25cf')")
        page.evaluate("window.__hidden = true")
        socket.state({**mine, "move": view["move"] + 3})
        page.wait_for_function("() => window.__notes.length === 2")
        assert page.evaluate("window.__tones") == 2
        # A visible tab gets the title only.
        page.evaluate("window.__hidden = false")
        socket.state({**others, "move": view["move"] + 4})
        socket.state({**mine, "move": view["move"] + 5})
        page.wait_for_function(f"() => document.body.dataset.move === '{view['move'] + 5}'")
        page.wait_for_timeout(200)
        assert page.evaluate("window.__notes.length") == 2
        assert page.title().startswith("\u25cf Your turn")
    finally:
        context.close()
    assert not errors, errors


# -- on the real server (needs the server side of issue 31) ----------------------------------------


def test_two_people_press_play_now_and_land_at_one_table(
    contexts: Callable[..., Any], play_now: str
) -> None:
    pages = [contexts("desktop"), contexts("phone")]
    for page, name in zip(pages, ("Ana", "Bo"), strict=True):
        page.goto(f"{play_now}/")
        page.wait_for_selector("[data-play='citadels']")
        page.select_option("#play-size-citadels", "2")
        page.click("[data-play='citadels']")
        page.get_by_label("Your name", exact=True).fill(name)
        page.click("#dialog-submit")
    pages[0].wait_for_selector("#play-wait:not(.hidden)", timeout=10_000)
    for page in pages:
        page.wait_for_url("**/table/**", timeout=30_000)
        page.wait_for_selector(".seat.me")
    tables = {page.url.split("/table/")[1].split("#")[0] for page in pages}
    assert len(tables) == 1, tables
    seats = {page.locator(".seat.me").get_attribute("data-seat") for page in pages}
    assert len(seats) == 2
    picture(pages[0], "play-now-seated-desktop", docs=True)
    picture(pages[1], "play-now-seated-phone", docs=True)


def test_im_back_after_a_two_second_clock_runs_out(
    contexts: Callable[..., Any], with_clocks: str
) -> None:
    body = {
        "game": "fearless",
        "players": 3,
        "seed": 11,
        "bots": {"1": "easy", "2": "easy"},
        "clock": {"initial": 2, "increment": 0},
    }
    made = httpx.post(f"{with_clocks}/api/tables", json=body)
    assert made.status_code == 201, made.text
    seat = made.json()["seats"][0]
    page = contexts("desktop")
    page.goto(f"{with_clocks}{seat['url']}&pace=0")
    page.wait_for_selector(".seat.me [data-clock-seat='0']")
    page.wait_for_selector("#away:not(.hidden)", timeout=30_000)
    assert page.locator(".seat[data-seat='0'] .away-mark").count() == 1
    picture(page, "clock-away-real-desktop", docs=True)
    clicked = time.monotonic()
    page.click("#back-button")
    page.wait_for_selector("#away", state="hidden", timeout=10_000)
    left = httpx.get(f"{with_clocks}/api/tables/{made.json()['table']}").json()["table"]["clock"]
    # At least BACK_SECONDS when the person came back, less what ran since the click (a
    # loaded machine takes seconds between the click and the answer).
    assert left["remaining"][0] >= BACK_SECONDS - (time.monotonic() - clicked) - 0.05, left
    assert page.locator(".seat[data-seat='0'] .away-mark").count() == 0
