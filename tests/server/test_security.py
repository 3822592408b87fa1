"""Security of the server: seat tokens, per-connection limits, and which pages may use it."""

from __future__ import annotations

import asyncio
import hmac
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.server import create_app
from parlour.server.botpool import BotPool
from parlour.server.hub import Client, Hub, hash_token
from parlour.server.limits import MessageRate
from parlour.server.routes import live
from parlour.server.store import Store

from .conftest import create, next_state, play_out


def test_tokens_are_192_random_bits_and_all_different(client: TestClient) -> None:
    tokens = [
        seat["token"] for _ in range(40) for seat in create(client, "fearless", 5, {})["seats"]
    ]
    assert len(set(tokens)) == len(tokens) == 200
    # 24 bytes from `secrets`, URL-safe base64: 32 characters of 64 symbols each.
    assert all(re.fullmatch(r"[A-Za-z0-9_-]{32}", token) for token in tokens)
    # Every character position takes many values: nothing is fixed or counted up.
    assert all(len({token[i] for token in tokens}) > 30 for i in range(31))


def test_a_token_is_compared_in_constant_time_with_every_seat(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    answer = create(client, "fearless", 4, {2: "easy"})
    table = client.app.state.hub.tables[answer["table"]]  # type: ignore[attr-defined]
    compared: list[tuple[str, str]] = []
    constant_time = hmac.compare_digest

    def counting(a: str, b: str) -> bool:
        compared.append((a, b))
        return constant_time(a, b)

    monkeypatch.setattr("parlour.server.hub.table.hmac.compare_digest", counting)
    first = answer["seats"][0]["token"]
    assert table.seat_for(first) == 0
    # Each human seat's hash was compared, though the first one matched: the time taken
    # says nothing about which seat (if any) a token opens.
    assert len(compared) == 3
    assert all(a == hash_token(first) for a, _ in compared)
    compared.clear()
    assert table.seat_for("x" * 32) is None and len(compared) == 3


def test_a_token_opens_its_seat_at_its_table_only(client: TestClient) -> None:
    one = create(client, "fearless", 3, {2: "random"}, seed=3)
    other = create(client, "fearless", 3, {2: "random"}, seed=3)  # the same deal
    token = one["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{other['table']}?token={token}") as ws:
        assert "no seat" in ws.receive_json()["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    with client.websocket_connect(f"/ws/{one['table']}?token={token}") as ws:
        view = next_state(ws)["view"]
        assert view["seat"] == 0 and view["hand"] == hub.tables[one["table"]].state.view(0)["hand"]
        ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": 0})
        view = next_state(ws)["view"]
        # Seat 1 decides now: seat 0's token cannot make its move.
        assert view["current_player"] == 1
        actions = hub.tables[one["table"]].state.legal_actions()
        ws.send_json({"type": "act", "action": str(actions[0]), "move": view["move"]})
        message = ws.receive_json()
        assert message["type"] == "error" and "not your turn" in message["message"]


@pytest.fixture
def slow_client(db_url: str) -> Iterator[TestClient]:
    """An app whose connections may send one message a second (in bursts of 40)."""
    with TestClient(create_app(db_url, workers=1, bot_delay=0, message_rate=1)) as test_client:
        yield test_client


def test_a_connection_over_its_message_rate_is_refused_then_cut_off(
    slow_client: TestClient,
) -> None:
    answer = create(slow_client, "fearless", 3, {1: "random", 2: "random"})
    with slow_client.websocket_connect(
        f"/ws/{answer['table']}?token={answer['seats'][0]['token']}"
    ) as ws:
        next_state(ws)
        for _ in range(200):
            ws.send_json({"type": "ping"})
        replies: list[dict[str, Any]] = []
        with pytest.raises(WebSocketDisconnect) as closed:
            while True:
                replies.append(ws.receive_json())
    assert closed.value.code == 4429
    kinds = [reply["type"] for reply in replies if reply["type"] not in ("table", "chat_log")]
    # The burst is answered, then every message over the rate gets an error, and a client
    # that goes on regardless is disconnected.
    assert kinds[:40] == ["pong"] * 40
    errors = [reply["message"] for reply in replies if reply["type"] == "error"]
    assert errors[0] == (
        "too many messages: at most 1 a second (bursts of 40); this one was ignored"
    )
    assert errors[-1].endswith("the connection is closed")
    assert 40 <= len(errors) <= 45


def test_the_rate_refills_over_time() -> None:
    now = [0.0]
    rate = MessageRate(2, 3, clock=lambda: now[0])
    assert [rate.allow() for _ in range(4)] == [True, True, True, False]
    now[0] += 0.5  # one message's worth at two a second
    assert [rate.allow(), rate.allow()] == [True, False]
    now[0] += 100
    assert sum(rate.allow() for _ in range(10)) == 3  # the burst, never more


def test_pages_of_another_origin_cannot_open_a_websocket_or_open_tables(
    client: TestClient,
) -> None:
    answer = create(client, "fearless", 3, {1: "random", 2: "random"})
    path = f"/ws/{answer['table']}?token={answer['seats'][0]['token']}"
    with client.websocket_connect(path, headers={"origin": "https://evil.example"}) as ws:
        message = ws.receive_json()
        assert message["message"].startswith("pages at https://evil.example may not use")
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4403
    # The server's own pages (same origin as the Host), and clients without a page, may.
    for headers in ({"origin": "http://testserver"}, {}):
        with client.websocket_connect(path, headers=headers) as ws:
            assert next_state(ws)["view"]["seat"] == 0
    body = {"game": "fearless", "players": 3}
    refused = client.post("/api/tables", json=body, headers={"origin": "https://evil.example"})
    assert refused.status_code == 403 and "may not use" in refused.json()["message"]
    # Reading is left to the browser's same-origin rule: no CORS header lets a page read.
    listed = client.get("/api/tables", headers={"origin": "https://evil.example"})
    assert "access-control-allow-origin" not in listed.headers


def test_allowed_origins_may_use_the_server(tmp_path: Path) -> None:
    app = create_app(
        f"sqlite:///{tmp_path / 'p.db'}", 1, 0, allowed_origins=["https://friends.example/"]
    )
    with TestClient(app) as client:
        headers = {"origin": "https://friends.example"}
        made = client.post("/api/tables", json={"game": "fearless", "players": 3}, headers=headers)
        assert made.status_code == 201
        assert made.headers["access-control-allow-origin"] == "https://friends.example"
        seat = made.json()["seats"][0]
        with client.websocket_connect(
            f"/ws/{made.json()['table']}?token={seat['token']}", headers=headers
        ) as ws:
            assert next_state(ws)["view"]["seat"] == 0
        other = {"origin": "https://evil.example"}
        assert (
            client.post("/api/tables", json={"game": "fearless"}, headers=other).status_code == 403
        )


def test_moves_that_are_made_do_not_count_against_the_rate(slow_client: TestClient) -> None:
    answer = create(slow_client, "citadels", 2, {1: "random"}, seed=5)
    with slow_client.websocket_connect(
        f"/ws/{answer['table']}?token={answer['seats'][0]['token']}"
    ) as ws:
        # Far more than 40 moves in a few seconds, at one message a second: never refused.
        last = play_out(ws, seed=1)
    assert last["view"]["is_over"] and last["view"]["move"] > 80


def test_a_connection_whose_send_fails_is_ended_so_that_its_page_connects_again(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Every state after the first fails to go out, as on a network that went away.
    real = live.sender

    def failing(websocket: Any) -> Any:
        send, states = real(websocket), []

        async def flaky(message: dict[str, Any]) -> None:
            if message["type"] == "state":
                states.append(message)
                if len(states) > 1:
                    raise OSError("the network went away")
            await send(message)

        return flaky

    monkeypatch.setattr(live, "sender", failing)
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=1)
    table, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        view = next_state(ws)["view"]
        if view.get("legal_actions"):  # else the bots move, and their states fail
            ws.send_json({"type": "act", "action": view["legal_actions"][0], "move": view["move"]})
        with pytest.raises(WebSocketDisconnect) as ended:
            while True:
                ws.receive_json()
    assert ended.value.code == 1013  # "try again later": the page connects again


def test_a_connection_that_does_not_read_is_dropped_not_waited_for(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # A spectator (no token needed) whose socket buffer is full: its sends never complete.
    monkeypatch.setattr("parlour.server.hub.connections.SEND_TIMEOUT", 0.05)

    async def never_read(_message: dict[str, Any]) -> None:
        await asyncio.Event().wait()

    async def game() -> None:
        store = Store(f"sqlite:///{tmp_path / 'stuck.db'}")
        hub = Hub(store, BotPool(1))
        table, _tokens = await hub.create("fearless", 3, {}, 1, {})
        heard: list[dict[str, Any]] = []

        async def reads(message: dict[str, Any]) -> None:
            heard.append(message)

        closed = asyncio.Event()

        async def close() -> None:
            closed.set()

        stuck, seat = Client(None, never_read, close=close), Client(0, reads)
        await hub.join(table, stuck)
        await hub.join(table, seat)
        action = str(table.state.legal_actions()[0])
        await hub.play(table, 0, action, 0)
        # The move was made and sent to the seat; the stuck connection was let go, and
        # ended, so that its page connects again rather than wait for states never sent.
        assert [m["view"]["move"] for m in heard if m["type"] == "state"] == [0, 1]
        assert table.clients == [seat]
        await asyncio.wait_for(closed.wait(), 5)
        hub.pool.close()
        store.close()

    # Without the limit the join above would wait for ever: bound the test itself.
    asyncio.run(asyncio.wait_for(game(), 30))
