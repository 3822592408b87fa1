"""Seats for accounts and open seats (API.md, "Seats for accounts"; docs/server.md): sitting
at creation, tables that wait for open seats, taking, filling and closing them, the
account's tables on any device, the WebSocket opened by the session, and claiming a guest's
finished game."""

from __future__ import annotations

import asyncio
import time
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect
from websockets.asyncio.client import connect

from parlour.server.community.sessions import COOKIE

from .conftest import create, next_state, play_out
from .live import received
from .postgres import Postgres
from .test_cluster import base, database, workers

PASSWORD = "correct horse battery"
# Fearless with a bot leading the first trick: a table that did not wait would move at once.
BOT_LEADS = {"first_leader": 2}


def sign_up(client: TestClient, username: str) -> str:
    """A new account, signed in on ``client``; its session cookie."""
    client.cookies.clear()
    answer = client.post("/api/accounts", json={"username": username, "password": PASSWORD})
    assert answer.status_code == 201, answer.text
    return str(answer.cookies[COOKIE])


def be(client: TestClient, cookie: str | None) -> None:
    """Make ``client`` the person of that session cookie (``None``: a guest)."""
    client.cookies.clear()
    if cookie is not None:
        client.cookies.set(COOKIE, cookie)


def waiting_table(client: TestClient, **extra: Any) -> dict[str, Any]:
    """A Fearless table for three: the signed-in person at seat 0, seat 1 open, a random bot
    at seat 2 who leads; the answer."""
    body: dict[str, Any] = {"sit": 0, "open": [1], "options": BOT_LEADS}
    body.update(extra)
    return dict(create(client, "fearless", 3, {2: "random"}, **body))


def describe(client: TestClient, table: str) -> dict[str, Any]:
    """The table's description."""
    answer = client.get(f"/api/tables/{table}")
    assert answer.status_code == 200, answer.text
    return dict(answer.json()["table"])


def test_an_open_table_waits_in_the_lobby_until_its_last_seat_is_taken(
    client: TestClient,
) -> None:
    ana = sign_up(client, "ana")
    answer = waiting_table(client)
    table = answer["table"]
    # Seat 0 is Ana's, with its link; the open seat has none.
    assert [seat["seat"] for seat in answer["seats"]] == [0] and answer["open"] == [1]
    facts = describe(client, table)
    assert facts["status"] == "waiting" and facts["open"] == [1]
    assert facts["names"] == ["ana", None, "random bot"]
    assert (facts["creator"], facts["rated"]) == ("ana", False)
    listed = client.get("/api/tables", params={"open": "true"}).json()
    assert [entry["id"] for entry in listed] == [table]
    assert listed[0]["open"] == [1] and listed[0]["names"][0] == "ana"
    # Seat 0, opened by the session alone, is offered no move and may make none.
    with client.websocket_connect(f"/ws/{table}") as ws:
        view = next_state(ws)["view"]
        assert view["waiting"] is True and "legal_actions" not in view and "hand" in view
        ws.send_json({"type": "act", "action": "play zero", "move": 0})
        # The open seat is seat 1 of the API, seat 2 as people count.
        assert "every seat is taken; still open: seat 2" in _error(ws)
    time.sleep(0.3)
    assert describe(client, table)["move"] == 0  # the bot did not lead
    bob = sign_up(client, "bob")
    taken = client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    assert taken.status_code == 200, taken.text
    sat = taken.json()
    assert sat["seat"] == 1 and sat["url"] == f"/table/{table}#seat=1&token={sat['token']}"
    # The game begins: the bot leads, and the table leaves the list of open ones.
    with client.websocket_connect(f"/ws/{table}?token={sat['token']}") as ws:
        state = next_state(ws)
        while state["view"]["move"] == 0:
            state = next_state(ws)
        assert "waiting" not in state["view"]
    facts = describe(client, table)
    assert facts["open"] == [] and facts["names"] == ["ana", "bob", "random bot"]
    assert facts["status"] == "playing"
    assert client.get("/api/tables", params={"open": "true"}).json() == []
    entry = next(e for e in client.get("/api/tables").json() if e["id"] == table)
    assert (entry["open"], entry["rated"]) == ([], False)
    # Both play the game out, each opened by the session alone.
    for cookie in (ana, bob):
        be(client, cookie)
        with client.websocket_connect(f"/ws/{table}") as ws:
            state = next_state(ws)
            assert "hand" in state["view"]
    be(client, ana)
    with client.websocket_connect(f"/ws/{table}") as first:
        be(client, bob)
        with client.websocket_connect(f"/ws/{table}") as second:
            _play_both(first, second)
    assert describe(client, table)["status"] == "over"


def _play_both(first: Any, second: Any) -> None:
    """Play two seats' first legal moves until the game ends (each on its own socket)."""
    sockets = [first, second]
    views = [next_state(ws)["view"] for ws in sockets]
    while True:
        # Each move sends each socket one state: read the one behind up to the other.
        while views[0]["move"] != views[1]["move"]:
            behind = 0 if views[0]["move"] < views[1]["move"] else 1
            views[behind] = next_state(sockets[behind])["view"]
        if views[0]["is_over"]:
            return
        actor = next((i for i, v in enumerate(views) if v.get("legal_actions")), None)
        if actor is not None:
            view = views[actor]
            sockets[actor].send_json(
                {"type": "act", "action": view["legal_actions"][0], "move": view["move"]}
            )
        views = [next_state(ws)["view"] for ws in sockets]


def _error(ws: Any) -> str:
    """The message of the next error on ``ws`` (other messages skipped)."""
    while True:
        message = ws.receive_json()
        if message["type"] == "error":
            return str(message["message"])


def test_a_guest_takes_an_open_seat_with_a_name(client: TestClient) -> None:
    ana = sign_up(client, "ana")
    table = create(client, "fearless", 4, {3: "random"}, sit=0, open=[1, 2])["table"]
    be(client, None)
    nameless = client.post(f"/api/tables/{table}/sit", json={"seat": 1})
    assert nameless.status_code == 400 and '"name"' in nameless.json()["message"]
    bad = client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": "  "})
    assert bad.status_code == 400
    for body in ({}, {"seat": "one"}, [1]):
        assert client.post(f"/api/tables/{table}/sit", json=body).status_code == 400
    far = client.post(f"/api/tables/{table}/sit", json={"seat": 7, "name": "Gus"})
    assert far.status_code == 404
    taken = client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": " Gus "})
    assert taken.status_code == 200, taken.text
    token = taken.json()["token"]
    # The seat is taken: by anyone else, again, and the bot's and Ana's were never open.
    for seat in (1, 3, 0):
        again = client.post(f"/api/tables/{table}/sit", json={"seat": seat, "name": "Hal"})
        assert again.status_code == 409, again.text
    # Ana sits here already: not at a second seat.
    be(client, ana)
    twice = client.post(f"/api/tables/{table}/sit", json={"seat": 2})
    assert twice.status_code == 409 and "already" in twice.json()["message"]
    facts = describe(client, table)
    assert facts["names"][:3] == ["ana", "Gus", None] and facts["open"] == [2]
    # The guest's token opens the guest's seat, which keeps its own name.
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        assert "hand" in next_state(ws)["view"]
        ws.send_json({"type": "name", "name": "Gustav"})
        message = ws.receive_json()
        while message["type"] != "table" or message["table"]["names"][1] != "Gustav":
            assert message["type"] != "error", message
            message = ws.receive_json()


@pytest.mark.parametrize(
    ("signed_in", "body", "status", "words"),
    [
        (False, {"sit": 0}, 401, "sign in"),
        (False, {"open": [1], "rated": True}, 400, "signed-in"),
        (True, {"sit": 0, "rated": True}, 400, "rated table every person's seat"),
        (True, {"sit": 0, "open": [1], "rated": True, "hints": True}, 400, "no hints"),
        (True, {"sit": 0, "open": [2]}, 400, "bot's"),
        (True, {"sit": 2}, 400, "bot's"),
        (True, {"sit": 3}, 400, "not a seat"),
        (True, {"sit": 0, "open": [0]}, 400, "you sit at"),
        (True, {"open": [1, 1]}, 400, "twice"),
        (True, {"open": "1"}, 400, "list of seat numbers"),
        (True, {"sit": "0"}, 400, '"sit"'),
        (True, {"rated": "yes"}, 400, '"rated"'),
        (True, {"open": [1], "names": {"1": "Bo"}}, 400, "whoever takes it"),
        (True, {"sit": 0, "names": {"0": "Bo"}}, 400, "username"),
    ],
)
def test_seats_at_creation_that_do_not_fit_are_refused(
    client: TestClient, signed_in: bool, body: dict[str, Any], status: int, words: str
) -> None:
    if signed_in:
        sign_up(client, "ana")
    full = {"game": "fearless", "players": 3, "bots": {"2": "random"}, **body}
    answer = client.post("/api/tables", json=full)
    assert answer.status_code == status, answer.text
    assert words in answer.json()["message"]
    assert client.get("/api/tables").json() == []


def test_a_rated_table_is_for_accounts_only_and_has_no_hints(client: TestClient) -> None:
    ana = sign_up(client, "ana")
    table = create(client, "fearless", 3, {}, sit=0, open=[1, 2], rated=True)["table"]
    facts = describe(client, table)
    assert (facts["rated"], facts["hints"], facts["open"]) == (True, False, [1, 2])
    be(client, None)
    guest = client.post(f"/api/tables/{table}/sit", json={"seat": 1, "name": "Gus"})
    assert guest.status_code == 403 and "accounts" in guest.json()["message"]
    sign_up(client, "bob")
    assert client.post(f"/api/tables/{table}/sit", json={"seat": 1}).status_code == 200
    exported = client.get("/api/me/export").json()["games"]
    assert [(g["table"], g["seat"], g["rated"]) for g in exported] == [(table, 1, True)]
    be(client, ana)
    exported = client.get("/api/me/export").json()["games"]
    assert [(g["table"], g["seat"], g["rated"]) for g in exported] == [(table, 0, True)]
    # The seat is the account's and bears its username: its holder cannot rename it.
    with client.websocket_connect(f"/ws/{table}") as ws:
        next_state(ws)
        ws.send_json({"type": "name", "name": "Queen Ana"})
        assert "username" in _error(ws)
    # A rated game starts only once every seat is an account's or a bot's.
    assert describe(client, table)["status"] == "waiting"


def test_the_creator_fills_an_open_seat_with_a_bot_and_the_game_begins(
    client: TestClient,
) -> None:
    ana = sign_up(client, "ana")
    table = waiting_table(client)["table"]
    sign_up(client, "bob")
    path = f"/api/tables/{table}/seats/1/bot"
    assert client.post(path, json={"bot": "random"}).status_code == 403
    be(client, None)
    assert client.post(path, json={"bot": "random"}).status_code == 403
    assert client.delete(f"/api/tables/{table}").status_code == 403
    be(client, ana)
    assert client.post(path, json={"bot": "nobody"}).status_code == 400
    assert client.post(path, json={}).status_code == 400
    for seat, status in ((0, 409), (9, 404)):
        other = client.post(f"/api/tables/{table}/seats/{seat}/bot", json={"bot": "random"})
        assert other.status_code == status, other.text
    with client.websocket_connect(f"/ws/{table}") as ws:
        next_state(ws)
        filled = client.post(path, json={"bot": " Random "})
        assert filled.status_code == 200, filled.text
        assert filled.json()["table"]["names"] == ["ana", "random bot", "random bot"]
        # The bot leads; then it is Ana's turn.
        state = next_state(ws)
        while not state["view"].get("legal_actions"):
            state = next_state(ws)
        assert state["view"]["move"] >= 1
    assert client.post(path, json={"bot": "random"}).status_code == 409
    closing = client.delete(f"/api/tables/{table}")
    assert closing.status_code == 409 and "begun" in closing.json()["message"]


def test_the_creator_closes_a_waiting_table_and_its_connections_are_told(
    client: TestClient,
) -> None:
    ana = sign_up(client, "ana")
    table = waiting_table(client)["table"]
    be(client, None)
    with client.websocket_connect(f"/ws/{table}") as watcher:
        be(client, ana)
        with client.websocket_connect(f"/ws/{table}") as seat:
            _close_while_watched(client, table, seat, watcher)
    assert client.get(f"/api/tables/{table}").status_code == 404
    assert client.delete(f"/api/tables/{table}").status_code == 404
    assert client.get("/api/tables", params={"open": "true"}).json() == []
    assert client.get("/api/me/tables").json() == {"tables": []}
    be(client, ana)
    assert client.get("/api/me/export").json()["games"] == []


def _close_while_watched(client: TestClient, table: str, seat: Any, watcher: Any) -> None:
    """Close the table while a seat and a spectator watch it: both are told, then closed."""
    assert "hand" in next_state(seat)["view"]
    assert "hand" not in next_state(watcher)["view"]
    assert client.delete(f"/api/tables/{table}").status_code == 204
    for ws in (seat, watcher):
        assert "closed" in _error(ws)
        with pytest.raises(WebSocketDisconnect) as ended:
            ws.receive_json()
        assert ended.value.code == 4410


def test_an_accounts_tables_are_listed_on_another_device(client: TestClient) -> None:
    sign_up(client, "ana")
    waiting = waiting_table(client)["table"]
    # Ana leads here, so it is her turn at once.
    opened = create(client, "fearless", 3, {1: "random", 2: "random"}, sit=0)
    mine, token = opened["table"], opened["seats"][0]["token"]
    elsewhere = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]
    assert client.get("/api/me/tables").status_code == 200
    # Another browser: a session of its own.
    client.cookies.clear()
    assert client.get("/api/me/tables").status_code == 401
    signed = client.post("/api/session", json={"username": "ANA", "password": PASSWORD})
    assert signed.status_code == 200
    listed = client.get("/api/me/tables").json()["tables"]
    assert [entry["table"] for entry in listed] == [mine, waiting]
    assert elsewhere not in [entry["table"] for entry in listed]
    first, second = listed
    assert (first["your_turn"], first["seat"], first["status"]) == (True, 0, "waiting")
    assert (second["your_turn"], second["status"]) == (False, "waiting")
    assert first["url"] == f"/table/{mine}" and first["clock"] is None
    assert first["names"] == ["ana", "random bot", "random bot"]
    # The page of that URL opens Ana's seat by the session; she plays the game out.
    with client.websocket_connect(first["url"].replace("/table/", "/ws/")) as ws:
        play_out(ws)
        # A rematch keeps the seat the account's: it is offered at its page with no token.
        rematch = client.post(f"/api/tables/{mine}/rematch", json={"token": token})
        assert rematch.status_code == 200, rematch.text
        again = rematch.json()["table"]
        message = ws.receive_json()
        while message["type"] != "rematch":
            message = ws.receive_json()
        assert message["url"] == f"/table/{again}"
    listed = client.get("/api/me/tables").json()["tables"]
    assert [entry["table"] for entry in listed] == [again, waiting]


def test_a_guest_claims_a_finished_game_into_an_account(client: TestClient) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "random"})
    table, token = answer["table"], answer["seats"][0]["token"]
    claim = f"/api/tables/{table}/claim"
    assert client.post(claim, json={"token": token}).status_code == 401
    ana = sign_up(client, "ana")
    early = client.post(claim, json={"token": token})
    assert early.status_code == 409 and "going on" in early.json()["message"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        play_out(ws)
    assert client.post(claim, json={"token": "not-a-token"}).status_code == 403
    assert client.post(claim, json={}).status_code == 400
    claimed = client.post(claim, json={"token": token})
    assert claimed.status_code == 200, claimed.text
    assert claimed.json() == {"table": table, "seat": 0}
    assert describe(client, table)["names"][0] == "ana"
    games = client.get("/api/me/export").json()["games"]
    assert [(g["table"], g["seat"], g["rated"]) for g in games] == [(table, 0, False)]
    # Claimed once: not again, by Ana or anyone.
    assert client.post(claim, json={"token": token}).status_code == 409
    sign_up(client, "bob")
    assert client.post(claim, json={"token": token}).status_code == 409
    be(client, ana)
    assert client.get("/api/me/tables").json() == {"tables": []}


def test_two_processes_seat_one_person_at_a_contested_seat_and_start_the_game(
    postgres: Postgres,
) -> None:
    url = database(postgres, "open_seats")
    with workers(url, 2, bot_delay=0.0) as processes:
        one, two = base(processes[0]), base(processes[1])
        cookies = {name: _signed_up(one, name) for name in ("ana", "bob", "cyd", "dee")}

        async def contest(round_: int) -> None:
            """Bob (through one) and Cyd (through two) take seat 1 at once; Ana watches her
            seat through both processes and sees the game begin on each."""
            answer = await _post(
                one,
                "/api/tables",
                cookies["ana"],
                {
                    "game": "fearless",
                    "players": 3,
                    "sit": 0,
                    "open": [1],
                    "bots": {"2": "random"},
                    "options": BOT_LEADS,
                },
            )
            assert answer.status_code == 201, answer.text
            table = answer.json()["table"]
            header = {"Cookie": f"{COOKIE}={cookies['ana']}"}
            async with (
                connect(
                    f"{one.replace('http', 'ws')}/ws/{table}", additional_headers=header
                ) as here,
                connect(
                    f"{two.replace('http', 'ws')}/ws/{table}", additional_headers=header
                ) as there,
            ):
                for ws in (here, there):
                    assert (await _state(ws, lambda view: True))["waiting"] is True
                sitters = [(one, "bob"), (two, "cyd")][:: 1 if round_ % 2 else -1]
                answers = await asyncio.gather(
                    *(
                        _post(address, f"/api/tables/{table}/sit", cookies[name], {"seat": 1})
                        for address, name in sitters
                    )
                )
                statuses = sorted(a.status_code for a in answers)
                assert statuses == [200, 409], [a.text for a in answers]
                winner = sitters[[a.status_code for a in answers].index(200)][1]
                # Each process's connection sees the seat taken and the bot lead.
                for ws in (here, there):
                    view = await _state(ws, lambda view: view["move"] >= 1)
                    assert view["names"] == ["ana", winner, "random bot"]
            for address in (one, two):
                facts = httpx.get(f"{address}/api/tables/{table}", timeout=10).json()["table"]
                assert facts["open"] == [] and facts["names"][1] == winner
            listed = httpx.get(f"{two}/api/tables?open=true", timeout=10).json()
            assert table not in [entry["id"] for entry in listed]

        for round_ in range(3):
            asyncio.run(contest(round_))


def _signed_up(address: str, username: str) -> str:
    """A new account made through ``address``; its session cookie."""
    answer = httpx.post(
        f"{address}/api/accounts", json={"username": username, "password": PASSWORD}, timeout=30
    )
    assert answer.status_code == 201, answer.text
    return str(answer.cookies[COOKIE])


async def _post(address: str, path: str, cookie: str, body: Any) -> httpx.Response:
    """``body`` posted to ``address`` by the person of session ``cookie``."""
    async with httpx.AsyncClient(timeout=30) as http:
        return await http.post(
            f"{address}{path}", json=body, headers={"Cookie": f"{COOKIE}={cookie}"}
        )


async def _state(ws: Any, wanted: Any) -> dict[str, Any]:
    """The view of the next state message for which ``wanted(view)`` holds."""
    while True:
        message = await received(ws)
        if message["type"] == "state" and wanted(message["view"]):
            return dict(message["view"])
