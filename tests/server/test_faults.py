"""Faults under play: the server killed (SIGKILL) at random moments while several tables play,
on SQLite and on PostgreSQL, and PostgreSQL itself restarted under the running server.

Scripted WebSocket clients play every human seat and reconnect whenever the server goes
away; bots play the other seats and whole tables. A client counts a move as acknowledged
when a ``state`` including it comes back on the connection that sent it. After the faults
every game must go on to its end, and every acknowledged move must be in its record.
"""

from __future__ import annotations

import asyncio
import json
import random
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

import parlour

from .live import free_port, start_server, stop
from .postgres import Postgres

# The only errors a client may get while the faults go on: a move the database did not store
# (PostgreSQL down), and a stale move after a reconnect raced a bot. Anything else fails.
EXPECTED_ERRORS = re.compile(r"your move was not made: the database did not store it|stale move")


@dataclass
class Seat:
    """A human seat played by a scripted client, and what the server acknowledged to it."""

    table: str
    seat: int
    token: str
    acknowledged: dict[int, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    connections: int = 0
    over: bool = False


def open_tables(base: str) -> tuple[list[Seat], list[str]]:
    """Several tables: people with bots, two people and a bot, and one of bots only."""
    plans = [
        {"game": "fearless", "players": 3, "seed": 11, "bots": {"2": "random"}},
        {"game": "citadels", "players": 2, "seed": 12, "bots": {"1": "easy"}},
        {"game": "fearless", "players": 3, "seed": 13, "bots": {"1": "random", "2": "random"}},
        {"game": "citadels", "players": 3, "seed": 14, "bots": dict.fromkeys("012", "random")},
    ]
    seats, tables = [], []
    for plan in plans:
        answer = httpx.post(f"{base}/api/tables", json=plan, timeout=30).json()
        tables.append(answer["table"])
        seats += [Seat(answer["table"], s["seat"], s["token"]) for s in answer["seats"]]
    return seats, tables


async def play_seat(base: str, seat: Seat, rng: random.Random, deadline: float) -> None:
    """Play random legal moves for ``seat`` until its game ends, reconnecting as needed."""
    url = f"ws://{base.removeprefix('http://')}/ws/{seat.table}?token={seat.token}"
    while not seat.over:
        assert time.monotonic() < deadline, f"seat {seat.seat} of {seat.table} did not finish"
        try:
            async with connect(url, open_timeout=5, close_timeout=1) as ws:
                seat.connections += 1
                await _play_connection(ws, seat, rng)
        except (OSError, WebSocketException, TimeoutError):
            await asyncio.sleep(0.1)  # the server is down or restarting


async def _play_connection(ws: Any, seat: Seat, rng: random.Random) -> None:
    # What this connection sent and is not yet answered: the move it acted on and the action.
    pending: tuple[int, str] | None = None
    view: dict[str, Any] = {}
    while True:
        message = json.loads(await ws.recv())
        if message["type"] == "error":
            assert EXPECTED_ERRORS.search(message["message"]), message
            seat.errors.append(message["message"])
            pending = None
            await asyncio.sleep(0.05)  # send again shortly: the database may be back
        elif message["type"] != "state":
            continue
        else:
            view = message["view"]
            if pending is not None and view["move"] == pending[0] + 1:
                seat.acknowledged[view["move"]] = pending[1]
            pending = None
        if view.get("is_over"):
            seat.over = True
            return
        if view.get("legal_actions") and not view.get("passing") and pending is None:
            await asyncio.sleep(rng.uniform(0, 0.02))  # a person (a quick one) thinks
            action = rng.choice(view["legal_actions"])
            pending = (view["move"], action)
            await ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))


def game_over(base: str, table: str) -> bool:
    """Whether the table's game is over (the server may be restarting: then not yet)."""
    try:
        answer = httpx.get(f"{base}/api/tables/{table}", timeout=5)
    except httpx.HTTPError:
        return False
    return answer.status_code == 200 and answer.json()["table"]["status"] == "over"


class Chaos:
    """What a fault schedule may do: wait a random stretch of play, and kill the server."""

    def __init__(self, rng: random.Random, seats: list[Seat], kill: Callable[[], None]) -> None:
        self.rng = rng
        self.seats = seats
        self.kill_and_restart = kill

    def play_on(self) -> None:
        """Wait until the clients are acknowledged 3 to 25 more moves (or every game ends):
        a random moment of play, counted in moves so that it falls mid-game on any machine."""

        def acknowledged() -> int:
            return sum(len(seat.acknowledged) for seat in self.seats)

        target = acknowledged() + self.rng.randint(3, 25)
        while acknowledged() < target and not all(seat.over for seat in self.seats):
            time.sleep(0.005)


def run_under_faults(db: str, faults: Callable[[Chaos], None], seed: int) -> list[Seat]:
    """Serve ``db``, play every table while ``faults`` runs in a thread, then check that
    every game ended and kept every acknowledged move."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = [start_server(db, port, bot_delay=0.01)]

    def kill_and_restart() -> None:
        server[0].kill()  # SIGKILL: no shutdown code runs
        server[0].wait(10)
        server[0] = start_server(db, port, bot_delay=0.01)

    try:
        seats, tables = open_tables(base)
        rng = random.Random(seed)
        deadline = time.monotonic() + 150

        async def everything() -> None:
            players = [
                play_seat(base, seat, random.Random(rng.random()), deadline) for seat in seats
            ]
            chaos = Chaos(random.Random(rng.random()), seats, kill_and_restart)
            await asyncio.gather(asyncio.to_thread(faults, chaos), *players)

        asyncio.run(everything())
        while not all(game_over(base, table) for table in tables):
            assert time.monotonic() < deadline, "a bots' table did not finish"
            time.sleep(0.2)
        for table in tables:
            record = httpx.get(f"{base}/api/tables/{table}/record", timeout=10).json()
            assert parlour.replay(record).is_over
            for seat in (s for s in seats if s.table == table):
                for move, action in seat.acknowledged.items():
                    assert record["actions"][move - 1] == action, (table, seat.seat, move)
        assert sum(len(s.acknowledged) for s in seats) > 100
        return seats
    finally:
        stop(server[0])


def random_kills(times: int) -> Callable[[Chaos], None]:
    """Kill the server ``times`` times, each at a random moment of play."""

    def faults(chaos: Chaos) -> None:
        for _ in range(times):
            chaos.play_on()
            chaos.kill_and_restart()

    return faults


@pytest.mark.slow
def test_kill_9_at_random_moments_on_sqlite_loses_no_acknowledged_move(tmp_path: Path) -> None:
    seats = run_under_faults(f"sqlite:///{tmp_path / 'parlour.db'}", random_kills(3), seed=1)
    # Every client lived through the kills: it reconnected, the game had resumed.
    assert all(seat.connections >= 2 for seat in seats)


@pytest.mark.slow
def test_kill_9_at_random_moments_on_postgresql_loses_no_acknowledged_move(
    postgres: Postgres,
) -> None:
    seats = run_under_faults(postgres.url, random_kills(2), seed=2)
    assert all(seat.connections >= 2 for seat in seats)


@pytest.mark.slow
def test_postgresql_restarted_under_the_server_refuses_then_recovers(postgres: Postgres) -> None:
    def faults(chaos: Chaos) -> None:
        for _ in range(2):
            chaos.play_on()
            postgres.stop()  # as a crash: the server's pooled connections all break
            time.sleep(chaos.rng.uniform(0.3, 0.8))
            postgres.start()

    # A fresh database for this test: the tables of the kill test stay in theirs.
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres.port} user=parlour dbname=postgres", autocommit=True
    ) as connection:
        connection.execute("CREATE DATABASE restarts")
    seats = run_under_faults(postgres.url.replace("/postgres", "/restarts"), faults, seed=3)
    # The server kept running: the clients saw refusals while the database was down, and
    # every refused move was made once it was back (the games ended, all acknowledged moves
    # kept).
    assert any(seat.errors for seat in seats)
