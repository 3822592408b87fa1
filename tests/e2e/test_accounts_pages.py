"""Players who come back, in the browser: sign up and in from every page's header, "your
tables" from the account on any device, open seats taken from the lobby, a rated game's
rating changes on the final table, the profile and the leaderboard; at 1280x800 and 390x844.

Two kinds of test. Those named ``test_mocked_*`` answer the new API with Playwright's
``page.route`` (and ``page.route_web_socket`` for the table page), so they check the pages
against API.md's shapes on any server. The others play on the real server and need its side
of issue 30 (accounts, open seats, ratings): they skip, saying so, on a server without it.
The real ones save the pictures of ``docs/screenshots/``; the mocked ones save theirs in
``tests/e2e/screenshots/``.
"""

from __future__ import annotations

import json
import re
import secrets
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any
from urllib.parse import urlparse

import httpx
import pytest

from .conftest import SCREENSHOTS, is_over

pytestmark = pytest.mark.slow

DOCS = Path(__file__).parents[2] / "docs" / "screenshots"
SIZES = {"desktop": (1280, 800), "phone": (390, 844)}
PASSWORD = "correct horse battery"
MINUS = "\u2212"


# -- helpers ----------------------------------------------------------------------------------


@pytest.fixture
def contexts(browser: Any) -> Iterator[Callable[..., Any]]:
    """Make pages in browser contexts of their own (people on different devices), each
    failing the test on a script error."""
    made: list[Any] = []
    errors: list[str] = []

    def open_page(size: str = "desktop") -> Any:
        width, height = SIZES[size]
        context = browser.new_context(viewport={"width": width, "height": height})
        made.append(context)
        opened = context.new_page()
        opened.on("pageerror", lambda error: errors.append(str(error)))
        return opened

    yield open_page
    for context in made:
        context.close()
    assert not errors, errors


@pytest.fixture
def accounts(server: str) -> str:
    """The server, when it has accounts (API.md, "Added for players who come back")."""
    if httpx.get(f"{server}/api/me").status_code == 404:
        pytest.skip("this server has no accounts yet (the server side of issue 30)")
    return server


def picture(page: Any, name: str, docs: bool = False) -> Path:
    """Save what the window shows: in docs/screenshots/ (``docs``), else tests/e2e/screenshots/."""
    folder = DOCS if docs else SCREENSHOTS
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{name}.png"
    page.screenshot(path=str(path))
    return path


def fresh_name(prefix: str) -> str:
    """A username no other test (or earlier run on the same database) has taken."""
    return f"{prefix}{secrets.token_hex(3)}"


def sign_up(page: Any, username: str) -> None:
    """Sign up from the header's dialog; back once the header shows the name."""
    page.click("#sign-up")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.click("#dialog-submit")
    page.wait_for_selector(f"#account-name:text-is('{username}')")


def sign_in(page: Any, username: str) -> None:
    page.click("#sign-in")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.click("#dialog-submit")
    page.wait_for_selector(f"#account-name:text-is('{username}')")


def answer(page: Any, method: str, path: str, status: int, body: Any) -> list[Any]:
    """Answer ``method path`` (the path and query exactly) with JSON; the bodies asked, kept."""
    asked: list[Any] = []

    def matches(url: str) -> bool:
        parsed = urlparse(url)
        return (parsed.path + (f"?{parsed.query}" if parsed.query else "")) == path

    def handle(route: Any) -> None:
        if route.request.method != method:
            route.fallback()
            return
        data = route.request.post_data
        asked.append(json.loads(data) if data else None)
        if status == 204:
            route.fulfill(status=204, body="")
        else:
            route.fulfill(status=status, content_type="application/json", body=json.dumps(body))

    page.route(matches, handle)
    return asked


def signed_in_as(page: Any, username: str | None) -> None:
    """``GET /api/me`` answers ``username`` (``None``: signed out, 401)."""
    if username is None:
        answer(page, "GET", "/api/me", 401, {"message": "you are not signed in"})
    else:
        answer(
            page,
            "GET",
            "/api/me",
            200,
            {"username": username, "joined": "2026-11-02T10:00:00+00:00"},
        )


def play_until_over(pages: list[Any], timeout: float = 180.0) -> None:
    """Take the first armed move on whichever page has one, until every page shows the end."""
    deadline = time.monotonic() + timeout
    while not all(is_over(p) for p in pages):
        assert time.monotonic() < deadline, "the game did not end in time"
        moved = False
        for p in pages:
            control = p.locator("[data-action][data-armed]")
            if is_over(p) or not control.count():
                continue
            before = int(p.evaluate("Number(document.body.dataset.move)"))
            control.first.click()
            if p.locator("#confirm:not(.hidden)").count():
                p.locator("#confirm-yes[data-armed]").click()
            p.wait_for_function(
                f"() => Number(document.body.dataset.move) > {before}"
                " || document.body.dataset.over === 'true'",
                timeout=60_000,
            )
            moved = True
        if not moved:
            pages[0].wait_for_timeout(100)


def signed(change: float | None) -> str:
    """A rating change as the pages write it ("+1.2", "\u22120.8", "unrated")."""
    if change is None:
        return "unrated"
    text = f"{abs(change):.1f}"
    if text == "0.0":
        return "\u00b10.0"
    return ("+" if change > 0 else MINUS) + text


def finished_table(server: str, players: int = 3) -> tuple[dict[str, Any], dict[str, Any]]:
    """A Fearless game played to its end by easy bots: its description and spectator view."""
    bots = {str(seat): "easy" for seat in range(players)}
    body = {"game": "fearless", "players": players, "seed": 5, "bots": bots}
    table = httpx.post(f"{server}/api/tables", json=body).json()["table"]
    for _ in range(600):
        got = httpx.get(f"{server}/api/tables/{table}").json()
        if got["view"]["is_over"]:
            return got["table"], got["view"]
        time.sleep(0.1)
    raise AssertionError("the bots did not finish the game")


def fake_table_socket(page: Any, table: dict[str, Any], view: dict[str, Any]) -> None:
    """The table page's WebSocket answered with ``table`` and ``view`` (no server behind)."""

    def handler(socket: Any) -> None:
        socket.send(json.dumps({"type": "table", "table": table}))
        socket.send(json.dumps({"type": "state", "view": view, "events": []}))

    page.route_web_socket(re.compile(r"/ws/"), handler)


# -- the pages, against API.md's shapes (any server) ---------------------------------------------


@pytest.mark.parametrize("size", SIZES)
def test_mocked_sign_up_dialog_labels_and_the_servers_message(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    page = contexts(size)
    signed_in_as(page, None)
    taken = answer(page, "POST", "/api/accounts", 409, {"message": "the username Ana is taken"})
    page.goto(f"{server}/")
    page.wait_for_selector("#sign-up")
    assert page.locator("#sign-in").is_visible()
    page.click("#sign-up")
    # Real labels: the fields are found by their label's words.
    page.get_by_label("Username").fill("Ana")
    page.get_by_label("Password").fill(PASSWORD)
    page.click("#dialog-submit")
    page.wait_for_selector("#dialog-error:text('the username Ana is taken')")
    assert taken == [{"username": "Ana", "password": PASSWORD}]
    picture(page, f"accounts-signup-{size}")
    # Then it works: the header shows the name, as text.
    page.unroute_all()
    made = answer(page, "POST", "/api/accounts", 201, {"username": "Ana_2"})
    page.get_by_label("Username").fill("Ana_2")
    page.click("#dialog-submit")
    page.wait_for_selector("#account-name:text-is('Ana_2')")
    assert made == [{"username": "Ana_2", "password": PASSWORD}]
    assert not page.locator("#account-dialog[open]").count()
    assert page.locator("#rated-label").is_visible()
    assert not page.locator("#my-name-label").is_visible()


def test_mocked_sign_in_throttled_says_when_to_try_again(
    contexts: Callable[..., Any], server: str
) -> None:
    page = contexts()
    signed_in_as(page, None)

    def throttled(route: Any) -> None:
        route.fulfill(
            status=429,
            headers={"Retry-After": "600"},
            content_type="application/json",
            body=json.dumps({"message": "too many failed sign-ins for this name."}),
        )

    page.route("**/api/session", throttled)
    page.goto(f"{server}/")
    page.click("#sign-in")
    page.get_by_label("Username").fill("Ana")
    page.get_by_label("Password").fill("wrong password")
    page.click("#dialog-submit")
    page.wait_for_selector("#dialog-error:text('Try again in 10 minutes')")
    page.click("#dialog-switch")
    assert page.text_content("#dialog-title") == "Create an account"


@pytest.mark.parametrize("size", SIZES)
def test_mocked_lobby_signed_in_your_tables_and_open_seats(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    page = contexts(size)
    signed_in_as(page, "Ana")
    mine = [
        {
            "table": "T1abc",
            "seat": 0,
            "game": "fearless",
            "title": "Fearless",
            "players": 3,
            "names": ["Ana", "easy bot", "Bo"],
            "status": "playing",
            "move": 12,
            "current_player": 0,
            "your_turn": True,
            "created_at": "2026-12-03T10:00:00+00:00",
            "url": "/table/T1abc",
        },
        {
            "table": "T2abc",
            "seat": 1,
            "game": "citadels",
            "title": "Citadels",
            "players": 4,
            "names": ["Cy", "Ana", None, None],
            "status": "waiting",
            "open": [2, 3],
            "move": 0,
            "current_player": 0,
            "your_turn": False,
            "created_at": "2026-12-03T11:00:00+00:00",
            "url": "/table/T2abc",
        },
    ]
    answer(page, "GET", "/api/me/tables", 200, mine)
    waiting = [
        {
            "id": "W1abc",
            "game": "foolsblade",
            "title": "Fool's Blade",
            "players": 3,
            "status": "waiting",
            "open": [1, 2],
            "rated": True,
            "seats": [{"seat": 0, "bot": None}, {"seat": 1, "bot": None}, {"seat": 2, "bot": None}],
            "names": ["Cy", None, None],
        }
    ]
    answer(page, "GET", "/api/tables?open=true", 200, waiting)
    sat = answer(page, "POST", "/api/tables/W1abc/sit", 409, {"message": "seat 1 is taken"})
    page.goto(f"{server}/")
    page.wait_for_selector("#mine tr[data-mine='account']")
    assert page.locator("#mine tr[data-mine='account']").count() == 2
    assert page.locator("#mine .pill.turn").count() == 1
    assert "waiting for players" in page.text_content("#mine")
    assert "Cy" in page.text_content("[data-open-table='W1abc'] li[data-seat='0']")
    assert page.locator("#open-seats [data-take]").count() == 2
    assert page.locator("#open-seats .pill.rated").count() == 1
    picture(page, f"accounts-lobby-{size}")
    # One click takes a seat; a seat taken meanwhile says so.
    page.click("[data-take='W1abc:1']")
    page.wait_for_selector("#toast:text('seat 1 is taken')")
    assert sat == [{"seat": 1}]
    # The menu: profile, leaderboards, password, data, delete, sign out.
    page.click("#account-name")
    for item in (
        "#menu-profile",
        "#menu-ratings",
        "#menu-password",
        "#menu-export",
        "#menu-delete",
    ):
        assert page.locator(item).is_visible()
    assert page.get_attribute("#menu-profile", "href") == "/players/Ana"
    assert page.get_attribute("#menu-export", "href") == "/api/me/export"
    picture(page, f"accounts-menu-{size}")
    changed = answer(page, "POST", "/api/me/password", 204, None)
    page.click("#menu-password")
    page.get_by_label("Current password").fill(PASSWORD)
    page.get_by_label("New password").fill("a new long password")
    page.click("#dialog-submit")
    page.wait_for_selector("#toast:text('Your password is changed.')")
    assert changed == [{"password": PASSWORD, "new_password": "a new long password"}]
    out = answer(page, "DELETE", "/api/session", 204, None)
    page.click("#account-name")
    page.click("#sign-out")
    page.wait_for_selector("#sign-in")
    assert out == [None]


def test_mocked_guest_is_asked_a_name_to_take_a_seat(
    contexts: Callable[..., Any], server: str
) -> None:
    page = contexts("phone")
    signed_in_as(page, None)
    waiting = [
        {
            "id": "W2abc",
            "game": "fearless",
            "title": "Fearless",
            "players": 3,
            "status": "waiting",
            "open": [2],
            "seats": [
                {"seat": 0, "bot": None},
                {"seat": 1, "bot": "medium"},
                {"seat": 2, "bot": None},
            ],
            "names": ["<b>Ana</b>", "medium bot", None],
        }
    ]
    answer(page, "GET", "/api/tables?open=true", 200, waiting)
    sat = answer(
        page, "POST", "/api/tables/W2abc/sit", 200, {"seat": 2, "token": "t", "url": "/nowhere-yet"}
    )
    page.goto(f"{server}/")
    page.wait_for_selector("[data-take='W2abc:2']")
    # Who sits is text, never markup.
    assert page.locator("#open-seats b").count() == 0
    assert "<b>Ana</b>" in page.text_content("#open-seats")
    page.click("[data-take='W2abc:2']")
    page.get_by_label("Your name", exact=True).fill("Dee")
    picture(page, "accounts-take-seat-phone")
    page.click("#dialog-submit")
    page.wait_for_url("**/nowhere-yet")
    assert sat == [{"seat": 2, "name": "Dee"}]


@pytest.mark.parametrize("size", SIZES)
def test_mocked_profile_and_leaderboard(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    page = contexts(size)
    signed_in_as(page, "Ana")
    profile = {
        "username": "Ana",
        "joined": "2026-11-02T10:00:00+00:00",
        "ratings": {
            "fearless": {"rating": 27.412, "games": 12},
            "citadels": {"rating": 22.05, "games": 3},
        },
        "games": [
            {
                "table": "G3abc",
                "game": "fearless",
                "finished_at": "2026-12-03T12:00:00+00:00",
                "place": 1,
                "rating_change": 1.234,
            },
            {
                "table": "G2abc",
                "game": "citadels",
                "finished_at": "2026-12-02T12:00:00+00:00",
                "place": 3,
                "rating_change": -0.81,
            },
            {
                "table": "G1abc",
                "game": "fearless",
                "finished_at": "2026-12-01T12:00:00+00:00",
                "place": 2,
                "rating_change": None,
            },
        ],
    }
    answer(page, "GET", "/api/players/Ana", 200, profile)
    page.goto(f"{server}/players/Ana")
    page.wait_for_selector("#games-table")
    assert page.text_content("#player-name") == "Ana"
    assert "you" in page.text_content("#joined")
    rows = page.locator("#games-table tbody tr")
    assert rows.count() == 3
    assert [rows.nth(i).locator("td").nth(3).text_content() for i in range(3)] == [
        "+1.2",
        f"{MINUS}0.8",
        "unrated",
    ]
    assert rows.nth(0).locator("a").get_attribute("href") == "/replay/G3abc"
    assert page.locator("[data-rating='fearless'] .big").text_content() == "27.4"
    picture(page, f"profile-{size}")

    board = {
        "game": "fearless",
        "players": [
            {"bot": "hard", "rating": 31.2, "games": 140},
            {"username": "Ana", "rating": 27.4, "games": 12},
            {"bot": "medium", "rating": 24.9, "games": 130},
            {"username": "Bo", "rating": 21.0, "games": 4},
            {"bot": "easy", "rating": 12.3, "games": 120},
        ],
    }
    answer(page, "GET", "/api/ratings/fearless", 200, board)
    page.goto(f"{server}/ratings/fearless")
    page.wait_for_selector("#leaderboard")
    assert page.locator("#leaderboard tbody tr").count() == 5
    assert page.locator("#leaderboard .pill.bot").count() == 3
    assert page.locator("#leaderboard tr.me").text_content().count("Ana (you)") == 1
    assert page.get_attribute("#games a[aria-current='page']", "href") == "/ratings/fearless"
    picture(page, f"leaderboard-{size}")


def test_mocked_no_such_player_shows_the_name_as_text(
    contexts: Callable[..., Any], server: str
) -> None:
    page = contexts()
    signed_in_as(page, None)
    markup = "<img src=x onerror=alert(1)>"
    page.on("dialog", lambda dialog: (_ for _ in ()).throw(AssertionError(dialog.message)))
    page.goto(f"{server}/players/{markup}")
    page.wait_for_selector("#failure")
    assert markup in page.text_content("#failure")
    assert page.locator("img").count() == 0


def people(table: dict[str, Any], view: dict[str, Any], names: list[str | None]) -> None:
    """Make the bots' finished table look like people's: ``names`` (``None``: a bot)."""
    table["names"] = view["names"] = [name or "easy bot" for name in names]
    table["seats"] = [
        {**seat, "bot": None if names[seat["seat"]] else "easy"} for seat in table["seats"]
    ]


@pytest.mark.parametrize("size", SIZES)
def test_mocked_final_table_shows_rating_changes(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    table, view = finished_table(server)
    # Seat 1 won, seat 0 came last: the winner's rating went up, the last's down; bots are
    # rated players too.
    table = {**table, "rated": True, "rating_changes": [-0.81, 1.234, 0.42]}
    view = {**view, "seat": 0}
    people(table, view, ["Ana", "Bo", None])
    page = contexts(size)
    signed_in_as(page, "Ana")
    fake_table_socket(page, table, view)
    page.goto(f"{server}/table/{table['id']}")
    page.wait_for_selector("#final [data-rating-change]")
    changes = {
        int(cell.get_attribute("data-rating-change")): cell.text_content()
        for cell in page.locator("#final [data-rating-change]").all()
    }
    assert changes == {0: f"{MINUS}0.8", 1: "+1.2", 2: "+0.4"}
    assert page.locator("#final .change-down").count() == 1
    # A rated game is the accounts' already: nothing to save.
    assert page.locator("#claim, #claim-signup").count() == 0
    page.locator("#final").scroll_into_view_if_needed()
    picture(page, f"final-rated-{size}")


def test_mocked_a_signed_in_player_saves_a_game_played_with_a_link(
    contexts: Callable[..., Any], server: str
) -> None:
    table, view = finished_table(server)
    view = {**view, "seat": 0}
    people(table, view, ["Ana", None, None])
    page = contexts()
    signed_in_as(page, "Ana")
    fake_table_socket(page, table, view)
    claimed = answer(page, "POST", f"/api/tables/{table['id']}/claim", 200, {})
    page.goto(f"{server}/table/{table['id']}#token=guest-token&seat=0")
    page.click("#claim")
    page.wait_for_selector("#claimed")
    assert claimed == [{"token": "guest-token"}]
    assert page.get_attribute("#claimed a", "href") == "/players/Ana"


def test_mocked_guest_signs_up_to_save_the_game(contexts: Callable[..., Any], server: str) -> None:
    table, view = finished_table(server)
    page = contexts()
    signed_in_as(page, None)
    fake_table_socket(page, table, {**view, "seat": 1})
    made = answer(page, "POST", "/api/accounts", 201, {"username": "Bo_1"})
    claimed = answer(page, "POST", f"/api/tables/{table['id']}/claim", 200, {})
    page.goto(f"{server}/table/{table['id']}#token=tok-1&seat=1")
    page.click("#claim-signup")
    page.get_by_label("Username").fill("Bo_1")
    page.get_by_label("Password").fill(PASSWORD)
    page.click("#dialog-submit")
    page.wait_for_selector("#claimed")
    assert made == [{"username": "Bo_1", "password": PASSWORD}]
    assert claimed == [{"token": "tok-1"}]
    assert page.text_content("#account-name") == "Bo_1"


@pytest.mark.parametrize("size", SIZES)
def test_mocked_waiting_table_creator_fills_a_seat_and_may_close(
    contexts: Callable[..., Any], server: str, size: str
) -> None:
    made = httpx.post(
        f"{server}/api/tables", json={"game": "fearless", "players": 3, "bots": {"2": "easy"}}
    ).json()
    got = httpx.get(f"{server}/api/tables/{made['table']}").json()
    table = {**got["table"], "status": "waiting", "open": [1], "creator": "Ana", "rated": True}
    table["names"] = ["Ana", None, "easy bot"]
    page = contexts(size)
    signed_in_as(page, "Ana")
    fake_table_socket(page, table, {**got["view"], "seat": 0, "names": ["Ana", None, "easy bot"]})
    filled = answer(page, "POST", f"/api/tables/{made['table']}/seats/1/bot", 200, {})
    page.goto(f"{server}/table/{made['table']}")
    page.wait_for_selector("#waiting [data-fill='1']")
    assert "Waiting for players" in page.text_content("#waiting")
    assert page.text_content("#status") == "waiting for players"
    assert page.locator("#actions [data-action]").count() == 0
    picture(page, f"waiting-{size}")
    page.select_option("#bot-1", "hard")
    page.click("[data-fill='1']")
    page.wait_for_timeout(300)
    assert filled == [{"bot": "hard"}]
    page.click("#close-table")
    assert page.locator("#close-yes").is_visible()


# -- on the real server (needs the server side of issue 30) --------------------------------------


def open_from_lobby(page: Any, server: str, seats: dict[int, str], rated: bool = False) -> str:
    """Open a 3-player Fearless table from the lobby's form (seat choice by seat: "you",
    "person", "open" or a bot level), go to your seat; the table's id."""
    page.goto(f"{server}/")
    page.wait_for_selector("#seat-picks select")
    page.select_option("#game", "fearless")
    page.fill("#players", "3")
    page.dispatch_event("#players", "change")
    for seat, choice in seats.items():
        page.select_option(f"#seat-{seat}", choice)
    if rated:
        page.check("#rated")
    page.click("#create-button")
    page.wait_for_selector("[data-seat-link]")
    page.click("[data-seat-link]")
    page.wait_for_selector(".seat.me")
    no_pause(page)
    return str(page.url.split("/table/")[1].split("#")[0])


def no_pause(page: Any) -> None:
    """Reopen the table page with ``pace=0``: no finished trick held on screen."""
    url = page.url
    page.goto(f"{url}{'&' if '#' in url else '#'}pace=0")
    page.reload()
    page.wait_for_selector(".seat.me")


def test_sign_up_and_see_the_same_tables_on_a_second_device(
    contexts: Callable[..., Any], accounts: str
) -> None:
    username = fresh_name("ana")
    laptop = contexts("desktop")
    laptop.goto(f"{accounts}/")
    sign_up(laptop, username)
    table = open_from_lobby(laptop, accounts, {0: "you", 1: "easy", 2: "easy"})
    laptop.goto(f"{accounts}/")
    laptop.wait_for_selector(f"#mine tr[data-table='{table}'][data-mine='account']")
    picture(laptop, "accounts-lobby-desktop", docs=True)

    phone = contexts("phone")
    phone.goto(f"{accounts}/")
    sign_in(phone, username)
    phone.wait_for_selector(f"#mine tr[data-table='{table}'][data-mine='account']")
    picture(phone, "accounts-lobby-phone", docs=True)
    # The seat opens on the second device too.
    phone.click(f"#mine tr[data-table='{table}'] a")
    phone.wait_for_selector(".seat.me[data-seat='0']")
    assert phone.text_content("#account-name") == username


def test_open_seat_taken_from_the_lobby_then_a_rated_game_moves_ratings(
    contexts: Callable[..., Any], accounts: str
) -> None:
    host, guest = fresh_name("host"), fresh_name("bo")
    first = contexts("desktop")
    first.goto(f"{accounts}/")
    sign_up(first, host)
    table = open_from_lobby(first, accounts, {0: "you", 1: "open", 2: "easy"}, rated=True)
    first.wait_for_selector("#waiting:not(.hidden)")
    assert first.locator("#waiting [data-open-seat='1']").count() == 1
    picture(first, "waiting-desktop", docs=True)

    second = contexts("phone")
    second.goto(f"{accounts}/")
    sign_up(second, guest)
    second.wait_for_selector(f"[data-open-table='{table}'] [data-take='{table}:1']")
    picture(second, "open-seats-phone", docs=True)
    second.click(f"[data-take='{table}:1']")
    second.wait_for_selector(".seat.me")
    no_pause(second)
    first.wait_for_selector("#waiting.hidden", state="attached")

    play_until_over([first, second])
    for page, size in ((first, "desktop"), (second, "phone")):
        page.wait_for_selector("#final [data-rating-change]")
        changes = [c.text_content() for c in page.locator("#final [data-rating-change]").all()]
        assert all(re.fullmatch(r"[+\u2212\u00B1]\d+\.\d", c) for c in changes), changes
        page.locator("#final").scroll_into_view_if_needed()
        picture(page, f"final-rated-{size}", docs=True)

    # The profile lists the game with its change; the leaderboard agrees, bots marked.
    profile = httpx.get(f"{accounts}/api/players/{host}").json()
    first.goto(f"{accounts}/players/{host}")
    first.wait_for_selector(f"#games-table tr[data-table='{table}']")
    shown = first.locator(f"#games-table tr[data-table='{table}'] td").nth(3).text_content()
    assert shown == signed(profile["games"][0]["rating_change"])
    picture(first, "profile-desktop", docs=True)
    first.click("[data-rating='fearless'] a")
    first.wait_for_selector("#leaderboard")
    assert first.locator(f"#leaderboard tr[data-player='{host}']").count() == 1
    assert first.locator("#leaderboard tr[data-player='bot:easy']").count() == 1
    picture(first, "leaderboard-desktop", docs=True)
    second.goto(f"{accounts}/players/{guest}")
    second.wait_for_selector(f"#games-table tr[data-table='{table}']")
    picture(second, "profile-phone", docs=True)
    second.goto(f"{accounts}/ratings/fearless")
    second.wait_for_selector("#leaderboard tr.me")
    picture(second, "leaderboard-phone", docs=True)


def test_a_guest_saves_a_finished_game_to_a_new_account(
    contexts: Callable[..., Any], accounts: str
) -> None:
    page = contexts("desktop")
    # Public, so that the profile seen by anyone lists it (a private table is listed only to
    # its account: test_private.py).
    body = {
        "game": "fearless",
        "players": 3,
        "seed": 3,
        "bots": {"1": "easy", "2": "easy"},
        "public": True,
    }
    made = httpx.post(f"{accounts}/api/tables", json=body).json()
    page.goto(f"{accounts}{made['seats'][0]['url']}&pace=0")
    page.wait_for_function("() => document.body.dataset.move !== undefined")
    play_until_over([page])
    username = fresh_name("dee")
    page.click("#claim-signup")
    page.get_by_label("Username").fill(username)
    page.get_by_label("Password").fill(PASSWORD)
    page.click("#dialog-submit")
    page.wait_for_selector("#claimed")
    profile = httpx.get(f"{accounts}/api/players/{username}").json()
    assert [g["table"] for g in profile["games"]] == [made["table"]]
    assert profile["games"][0]["rating_change"] is None
