"""How much one client may take (docs/server.md, "Limits"): connections per address and
spectators per table (close code 4409), new tables per address and per account (429 with
Retry-After), tables of bots alone per address and in all; and who-is-here messages that do
not grow with the square of a table's connections."""

from __future__ import annotations

import asyncio
import contextlib
import json
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
import websockets
from fastapi.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

from parlour.server import create_app
from parlour.server.limits import CROWDED, Limits, Quotas, refusals
from parlour.server.routes import live as live_routes

from .conftest import create
from .live import NO_LIMITS, free_port, received, start_server

BOTS = {1: "random", 2: "random"}
BOTS_ALONE = {0: "random", 1: "random", 2: "random"}


@contextlib.contextmanager
def app_with(db_url: str, **limits: Any) -> Iterator[TestClient]:
    """The app with these limits; bots that wait long, so no game ends during a test."""
    app = create_app(db_url, workers=1, bot_delay=60, limits=Limits(**limits))
    with TestClient(app) as client:
        yield client


def refused_with(client: TestClient, path: str, words: str) -> None:
    """Connect to ``path`` and see the connection refused: an error naming ``words``, then
    the close code ``CROWDED``."""
    with client.websocket_connect(path) as ws:
        message = ws.receive_json()
        assert message["type"] == "error" and words in message["message"], message
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == CROWDED


def test_connections_are_capped_per_address_seats_and_spectators_alike(db_url: str) -> None:
    with app_with(db_url, connections_per_address=2) as client:
        answer = create(client, "fearless", 3, BOTS)
        table, token = answer["table"], answer["seats"][0]["token"]
        before = refusals["connections"]
        with client.websocket_connect(f"/ws/{table}?token={token}") as seat:
            assert seat.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/{table}") as spectator:
                assert spectator.receive_json()["type"] == "state"
                refused_with(client, f"/ws/{table}", "too many connections from your address")
                refused_with(client, f"/ws/{table}?token={token}", "at most 2 at once")
            # One closed: one more may open.
            with client.websocket_connect(f"/ws/{table}") as again:
                assert again.receive_json()["type"] == "state"
        assert refusals["connections"] == before + 2


def test_spectators_are_capped_per_table_but_seats_are_not(db_url: str) -> None:
    with app_with(db_url, spectators_per_table=1) as client:
        answer = create(client, "fearless", 3, BOTS)
        table, token = answer["table"], answer["seats"][0]["token"]
        other = create(client, "fearless", 3, BOTS)["table"]
        with client.websocket_connect(f"/ws/{table}") as spectator:
            assert spectator.receive_json()["type"] == "state"
            refused_with(client, f"/ws/{table}", "1 spectators already")
            with client.websocket_connect(f"/ws/{table}?token={token}") as seat:
                assert seat.receive_json()["type"] == "state"
            with client.websocket_connect(f"/ws/{other}") as elsewhere:
                assert elsewhere.receive_json()["type"] == "state"


def test_new_tables_are_rate_limited_with_retry_after(db_url: str) -> None:
    with app_with(db_url, tables_per_minute=1, table_burst=2) as client:
        body = {"game": "fearless", "players": 3, "bots": {"1": "random", "2": "random"}}
        for _ in range(2):
            assert client.post("/api/tables", json=body).status_code == 201
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429
        assert "too many new tables: at most 1 a minute" in refused.json()["message"]
        assert 1 <= int(refused.headers["retry-after"]) <= 60
    with app_with(db_url, tables_per_minute=0, table_burst=1) as client:
        for _ in range(3):  # 0: no limit
            assert client.post("/api/tables", json=body).status_code == 201


def test_an_account_is_limited_from_any_address() -> None:
    now = [0.0]
    quotas = Quotas(Limits(tables_per_minute=6, table_burst=1), clock=lambda: now[0])
    assert quotas.table_wait(["address a", "account 7"]) == 0
    # Another address, the same account: refused until the account's bucket fills again.
    assert quotas.table_wait(["address b", "account 7"]) == 10
    assert quotas.table_wait(["address b"]) == 0  # the refusal took nothing from b
    now[0] = 10.0
    assert quotas.table_wait(["address c", "account 7"]) == 0


def test_tables_of_bots_alone_are_capped_per_address(db_url: str) -> None:
    with app_with(db_url, bot_tables_per_address=1, bot_tables=0) as client:
        first = create(client, "fearless", 3, BOTS_ALONE)["table"]
        body = {"game": "fearless", "players": 3, "bots": BOTS_ALONE}
        refused = client.post("/api/tables", json=body)
        assert refused.status_code == 429 and refused.headers["retry-after"]
        assert "your address has 1 tables of bots alone playing" in refused.json()["message"]
        create(client, "fearless", 3, BOTS)  # a person's seat: not a table of bots alone
        store = client.app.state.hub.store  # type: ignore[attr-defined]
        assert store.finish(first, [1, 2, 3], [0])
        create(client, "fearless", 3, BOTS_ALONE)  # the first one ended


def test_tables_of_bots_alone_are_capped_in_all(db_url: str) -> None:
    with app_with(db_url, bot_tables_per_address=0, bot_tables=2) as client:
        for _ in range(2):
            create(client, "fearless", 3, BOTS_ALONE)
        refused = client.post("/api/tables", json={"game": "fearless", "bots": BOTS_ALONE})
        assert refused.status_code == 429
        assert "2 tables of bots alone are playing on this server" in refused.json()["message"]


# -- who is here, with a real server and real sockets ----------------------------------------

SPECTATORS = 500


async def crowd(port: int, table: str, token: str) -> tuple[int, dict[str, Any]]:
    """Connect a seat, then ``SPECTATORS`` spectators, then close them: the who-is-here
    messages the seat heard meanwhile, and the last one."""
    base = f"ws://127.0.0.1:{port}/ws/{table}"
    async with websockets.connect(f"{base}?token={token}", max_size=None) as seat:
        told: list[dict[str, Any]] = []

        async def listen() -> None:
            while True:
                message = json.loads(await seat.recv())
                if message["type"] == "table":
                    told.append(message["table"])

        listening = asyncio.create_task(listen())
        gate = asyncio.Semaphore(50)

        async def watch() -> websockets.ClientConnection:
            async with gate:
                ws = await websockets.connect(base, max_size=None)
                assert (await received(ws))["type"] == "state"
                return ws

        watchers = await asyncio.gather(*(watch() for _ in range(SPECTATORS)))
        await asyncio.gather(*(ws.close() for ws in watchers))
        await asyncio.sleep(1)  # a trailing message, if any, arrives
        listening.cancel()
        with contextlib.suppress(asyncio.CancelledError):
            await listening
    return len(told), told[-1]


def test_500_spectators_joining_send_a_seat_few_who_is_here_messages(tmp_path: Path) -> None:
    port = free_port()
    server = start_server(f"sqlite:///{tmp_path / 'crowd.db'}", port, 60, extra=NO_LIMITS)
    try:
        body = {"game": "fearless", "players": 3, "bots": {"1": "random", "2": "random"}}
        answer = httpx.post(f"http://127.0.0.1:{port}/api/tables", json=body).json()
        count, last = asyncio.run(crowd(port, answer["table"], answer["seats"][0]["token"]))
        # Sent for each join and leave, they were a thousand (and cost the square of the
        # connections); the seat's own joining is the one it hears.
        assert count < 20, count
        assert last["seats"][0]["connected"] is True
    finally:
        server.terminate()
        server.wait(30)


def test_a_connection_whose_welcome_fails_is_forgotten_by_its_table_and_its_address(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    table = create(client, "fearless", 3, {1: "random", 2: "random"})["table"]

    async def failing(*_: Any) -> None:
        raise RuntimeError("the chat could not be read")

    monkeypatch.setattr(live_routes, "welcome", failing)
    with (
        pytest.raises((RuntimeError, WebSocketDisconnect)),
        client.websocket_connect(f"/ws/{table}") as ws,
    ):
        ws.receive_json()
        ws.receive_json()
    app: Any = client.app
    quotas: Quotas = app.state.quotas
    assert quotas.connections.open == {}
    assert app.state.hub.tables[table].clients == []
