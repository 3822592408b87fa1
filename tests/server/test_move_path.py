"""The move path's shortcuts give what the long way gives: a send that finishes at once
needs no timer, and a send that waits is still bounded and delivered in order."""

from __future__ import annotations

import asyncio
import json
import random
from datetime import UTC, datetime
from typing import Any

import pytest
from fastapi.testclient import TestClient
from starlette.types import Message
from starlette.websockets import WebSocket
from uvicorn.config import Config
from uvicorn.server import ServerState

import parlour
from parlour.server.frames import READ_AHEAD, ReadAhead
from parlour.server.hub import Client, Hub, Table, connections, event_json
from parlour.server.store import SeatInfo, TableInfo

from .conftest import create


def people_table(players: int = 4, seed: int = 1) -> Table:
    """A Fearless table of people, in memory only (no store, no bots)."""
    state = parlour.load("fearless").new_game(players, seed)
    seats = [SeatInfo(None, "a" * 64) for _ in range(players)]
    info = TableInfo(f"t{seed}", "fearless", players, seed, {}, seats, datetime.now(UTC))
    return Table(info, state)


def test_a_send_that_finishes_at_once_needs_no_timer(monkeypatch: pytest.MonkeyPatch) -> None:
    timers: list[float | None] = []
    real_timeout = asyncio.timeout

    def counted(delay: float | None) -> asyncio.Timeout:
        timers.append(delay)
        return real_timeout(delay)

    monkeypatch.setattr(connections.asyncio, "timeout", counted)
    heard: list[dict[str, Any]] = []

    async def at_once(message: dict[str, Any]) -> None:
        heard.append(message)

    async def after_a_while(message: dict[str, Any]) -> None:
        await asyncio.sleep(0.01)
        heard.append(message)

    async def game() -> None:
        hub = Hub(None, None)  # type: ignore[arg-type]  # people's tables need no store or bots
        table = people_table()
        quick, slow = Client(0, at_once), Client(1, after_a_while)
        for client in (quick, slow):
            table.connect(client)
        await hub._broadcast(table)
        # The slow connection's send waited, so it ran under the timer; the quick one not.
        assert timers == [connections.SEND_TIMEOUT]
        assert [m["view"]["seat"] for m in heard] == [0, 1]
        assert table.clients == [quick, slow]

    asyncio.run(game())


def test_a_send_that_fails_after_waiting_drops_its_connection() -> None:
    async def breaks(_message: dict[str, Any]) -> None:
        await asyncio.sleep(0)
        raise ConnectionResetError

    async def game() -> None:
        hub = Hub(None, None)  # type: ignore[arg-type]
        table = people_table()
        heard: list[dict[str, Any]] = []

        async def reads(message: dict[str, Any]) -> None:
            heard.append(message)

        broken, kept = Client(0, breaks), Client(1, reads)
        for client in (broken, kept):
            table.connect(client)
        await hub._broadcast(table)
        assert table.clients == [kept]
        assert len(heard) == 1

    asyncio.run(game())


def test_a_send_cancelled_while_it_waits_is_cancelled() -> None:
    started, finished = asyncio.Event(), []

    async def waits(_message: dict[str, Any]) -> None:
        started.set()
        await asyncio.Event().wait()
        finished.append(True)

    async def game() -> None:
        hub = Hub(None, None)  # type: ignore[arg-type]
        table = people_table()
        table.connect(Client(0, waits))
        task = asyncio.create_task(hub._broadcast(table))
        await started.wait()
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task
        assert finished == []

    asyncio.run(game())


@pytest.mark.parametrize("game", ["fearless", "citadels", "foolsblade"])
def test_every_connection_gets_the_events_and_view_a_fresh_build_gives(game: str) -> None:
    # One broadcast builds a public event's JSON once for all its connections: each still
    # gets exactly what building its own message alone gives (redacted events included).
    async def play() -> None:
        hub = Hub(None, None)  # type: ignore[arg-type]
        players = 4
        state = parlour.load(game).new_game(players, 7)
        seats = [SeatInfo(None, "a" * 64) for _ in range(players)]
        info = TableInfo("t", game, players, 7, {}, seats, datetime.now(UTC))
        table = Table(info, state)
        heard: dict[int, list[dict[str, Any]]] = {}

        def reader(number: int) -> Client:
            async def reads(message: dict[str, Any]) -> None:
                heard.setdefault(number, []).append(message)

            return Client(None if number == players else number, reads)

        # Two connections of seat 0 (two tabs), every seat, and a spectator.
        for client in [reader(seat) for seat in range(players + 1)] + [reader(0)]:
            table.connect(client)
        table.clients[-1].send = table.clients[0].send
        rng = random.Random(3)
        for _ in range(60):
            if state.is_over:
                break
            table.apply(rng.choice(state.legal_actions()))
            seen = {id(c): c.sent_events for c in table.clients}
            await hub._broadcast(table)
            for number, client in enumerate(table.clients[:-1]):
                message = heard[number][-1]
                start = seen[id(client)]
                names = table.sentence_names
                expected = [event_json(e, client.seat, names) for e in table.log[start:]]
                assert message["events"] == expected
                assert message["view"] == table.view(client.seat)

    asyncio.run(play())


def test_state_frames_skip_starlette_and_are_compact_json(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What goes through Starlette's WebSocket.send: the accept, errors and pongs, never a state.
    through_starlette: list[str] = []
    real = WebSocket.send

    async def counting(websocket: WebSocket, message: Message) -> None:
        through_starlette.append(message.get("text") or message["type"])
        await real(websocket, message)

    monkeypatch.setattr(WebSocket, "send", counting)
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=3)
    table, token = answer["table"], answer["seats"][0]["token"]
    states = []
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        while len(states) < 3:
            text = ws.receive_text()
            message = json.loads(text)
            # Byte for byte what send_json sent: compact, not ASCII-escaped.
            assert text == json.dumps(message, separators=(",", ":"), ensure_ascii=False)
            if message["type"] != "state":
                continue
            states.append(message)
            view = message["view"]
            if view.get("legal_actions"):
                act = {"type": "act", "action": view["legal_actions"][0], "move": view["move"]}
                ws.send_json(act)
        ws.send_json({"type": "ping"})
        assert ws.receive_json() == {"type": "pong"}
        # Taken before leaving: a bot's move racing the disconnect closes the connection
        # through Starlette, which is right and not what this test is about.
        while_connected = list(through_starlette)
    assert while_connected == ["websocket.accept", '{"type":"pong"}']


class _Transport:
    """The part of a transport the protocol's reading uses: pauses and resumes counted."""

    def __init__(self) -> None:
        self.paused = self.resumed = 0

    def pause_reading(self) -> None:
        self.paused += 1

    def resume_reading(self) -> None:
        self.resumed += 1


def test_reading_pauses_only_once_frames_wait_and_resumes_once_they_are_handled() -> None:
    async def run() -> None:
        async def app(scope: Any, receive: Any, send: Any) -> None:
            """Never called: the frames are handed to the protocol directly."""

        protocol = ReadAhead(Config(app), ServerState(), {})
        transport = _Transport()
        protocol.transport = transport  # type: ignore[assignment]

        def frame(text: str) -> None:
            protocol.curr_msg_data_type, protocol.frames = "text", [text.encode()]
            protocol.send_receive_event_to_app()

        # One frame at a time, each handled before the next: reading never pauses (uvicorn's
        # own protocol paused and resumed it at every frame).
        for number in range(10):
            frame(f"move {number}")
            assert (await protocol.receive())["text"] == f"move {number}"
        assert (transport.paused, transport.resumed) == (0, 0)
        # A burst: reading pauses when READ_AHEAD frames wait, and resumes once all are read.
        for number in range(READ_AHEAD + 2):
            frame(f"burst {number}")
        assert transport.paused == 1
        texts = [(await protocol.receive())["text"] for _ in range(READ_AHEAD + 2)]
        assert texts == [f"burst {number}" for number in range(READ_AHEAD + 2)]
        assert (transport.paused, transport.resumed) == (1, 1)

    asyncio.run(run())
