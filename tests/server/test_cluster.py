"""Two server processes on one PostgreSQL database (docs/server.md, "Many processes").

Each test starts its own ``parlour serve`` processes, on their own ports, on a fresh
database of one throwaway PostgreSQL server, the way separate machines would run them.
"""

from __future__ import annotations

import asyncio
import json
import os
import random
import re
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

import httpx
import psycopg
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import WebSocketException

import parlour
from parlour.server.hub import hash_token
from parlour.server.people import sentence_names

from .live import free_port, received, start_server, stop
from .postgres import Postgres
from .test_leaks import expected_view, leaves

# The errors a client may get: a move the database did not store, a stale move (another
# process, or the other connection of the same seat, made that move first).
SERVE = [sys.executable, "-c", "from parlour.cli.app import main; main()", "serve"]
EXPECTED_ERRORS = re.compile(r"your move was not made: the database did not store it|stale move")


def database(postgres: Postgres, name: str) -> str:
    """A fresh database on the server; its URL."""
    with psycopg.connect(
        f"host=127.0.0.1 port={postgres.port} user=parlour dbname=postgres", autocommit=True
    ) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return postgres.url.replace("/postgres", f"/{name}")


@contextmanager
def workers(
    url: str,
    count: int,
    bot_delay: float,
    pass_delay: float | None = None,
    message_rate: float | None = None,
    forget_after: float | None = None,
) -> Iterator[list[subprocess.Popen[bytes]]]:
    """``count`` server processes on ``url``, each on its own port (``.args[4]``)."""
    started: list[subprocess.Popen[bytes]] = []
    try:
        for _ in range(count):
            started.append(
                start_server(url, free_port(), bot_delay, pass_delay, message_rate, forget_after)
            )
        yield started
    finally:
        for process in started:
            stop(process)


def base(process: subprocess.Popen[bytes]) -> str:
    """The address of a server started by ``start_server``."""
    return f"http://127.0.0.1:{process.args[process.args.index('--port') + 1]}"  # type: ignore[index,union-attr]


def health(address: str) -> dict[str, Any]:
    """A process's ``/api/health``."""
    answer: dict[str, Any] = httpx.get(f"{address}/api/health", timeout=10).json()
    return answer


def lease_holders(url: str) -> dict[int, int]:
    """Per server process id, the number of bot leases (advisory locks) it holds now."""
    conninfo = url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(conninfo, autocommit=True) as connection:
        rows = connection.execute(
            "SELECT a.application_name, count(*) FROM pg_locks l"
            " JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted GROUP BY a.application_name"
        ).fetchall()
    return {int(name.split()[-1]): count for name, count in rows if name.startswith("parlour ")}


# Fool's Blade played at random lasts a thousand moves and more: these tests end it sooner.
SHORTER = {"foolsblade": {"max_turns": 30}}


def open_table(address: str, game: str, players: int, seed: int, bots: dict[int, str]) -> Any:
    """Open a table through ``address``; the answer."""
    body = {
        "game": game,
        "players": players,
        "seed": seed,
        "bots": {str(s): b for s, b in bots.items()},
        "options": SHORTER.get(game, {}),
        "public": True,  # listed, as the lobby tests here expect (test_private.py: privacy)
    }
    answer = httpx.post(f"{address}/api/tables", json=body, timeout=30)
    assert answer.status_code == 201, answer.text
    return answer.json()


@dataclass
class Seat:
    """A human seat played by a scripted client over one or more servers."""

    table: str
    seat: int | None
    token: str | None
    servers: list[str]
    messages: list[dict[str, Any]] = field(default_factory=list)
    acknowledged: dict[int, str] = field(default_factory=dict)
    errors: list[str] = field(default_factory=list)
    connected_to: list[str] = field(default_factory=list)
    over: bool = False


async def play_seat(seat: Seat, rng: random.Random, deadline: float) -> None:
    """Play random legal moves (a spectator: watch) until the game ends; when a server goes
    away, connect to the next one in ``seat.servers``."""
    query = f"?token={seat.token}" if seat.token else ""
    turn = 0
    while not seat.over:
        assert time.monotonic() < deadline, f"seat {seat.seat} of {seat.table} did not finish"
        server = seat.servers[turn % len(seat.servers)]
        url = f"ws://{server.removeprefix('http://')}/ws/{seat.table}{query}"
        try:
            async with connect(url, open_timeout=5, close_timeout=1) as ws:
                seat.connected_to.append(server)
                await _play(ws, seat, rng)
        except (OSError, WebSocketException, TimeoutError):
            turn += 1  # that server is gone: the next one
            await asyncio.sleep(0.1)


async def _play(ws: Any, seat: Seat, rng: random.Random) -> None:
    pending: tuple[int, str] | None = None
    view: dict[str, Any] = {}
    while True:
        message = json.loads(await ws.recv())
        seat.messages.append(message)
        if message["type"] == "error":
            assert EXPECTED_ERRORS.search(message["message"]), message
            seat.errors.append(message["message"])
            pending = None
            await asyncio.sleep(0.05)
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
        if (
            seat.seat is not None
            and view.get("legal_actions")
            and not view.get("passing")  # the server passes for the seat
            and pending is None
        ):
            await asyncio.sleep(rng.uniform(0, 0.01))
            action = rng.choice(view["legal_actions"])
            pending = (view["move"], action)
            await ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))


def record_of(address: str, table: str) -> dict[str, Any]:
    """A finished table's record."""
    answer: dict[str, Any] = httpx.get(f"{address}/api/tables/{table}/record", timeout=10).json()
    return answer


def states_by_move(messages: list[dict[str, Any]]) -> dict[int, dict[str, Any]]:
    """The views of the state messages, by move number."""
    return {m["view"]["move"]: m["view"] for m in messages if m["type"] == "state"}


def events(messages: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Every event the state messages carried, in order."""
    return [e for m in messages if m["type"] == "state" for e in m["events"]]


def exactly_its_own(
    messages: list[dict[str, Any]], record: dict[str, Any], seat: int | None
) -> int:
    """Check that each state sent to ``seat`` is its view at that move and the events since
    its previous state, redacted for it (as tests/server/test_leaks.py's ``check``, without
    its guesses at hidden cards, which that test tunes to its own games); the states seen."""
    state = parlour.replay({**record, "actions": []})
    seen = 0
    states = [m for m in messages if m["type"] == "state"]
    for message in states:
        for text in record["actions"][state.move_number : message["view"]["move"]]:
            state.apply(text)
        names = message["view"]["names"]
        assert message["view"] == expected_view(state, seat, names)
        labels = sentence_names(names)
        assert message["log_from"] == seen
        assert message["events"] == [
            {**e.to_dict(seat), "text": e.for_seat(seat).render(labels)} for e in state.log[seen:]
        ]
        seen = len(state.log)
    return len(states)


@pytest.mark.slow
def test_two_processes_serve_one_table_alike_and_play_each_bot_move_once(
    postgres: Postgres,
) -> None:
    url = database(postgres, "alike")
    # The servers pass at once for the people (auto_pass): each of the 150-odd lone passes of
    # the two people's seats in Fool's Blade would wait 0.6 s, most of the test's time.
    with workers(url, 2, bot_delay=0.0, pass_delay=0.0) as processes:
        one, two = base(processes[0]), base(processes[1])
        seats: list[Seat] = []
        tables: list[tuple[str, str, int]] = []
        for i, game in enumerate(parlour.game_names()):
            players = max(3, parlour.load(game).min_players)
            bots = dict.fromkeys(range(2, players), "random")
            answer = open_table((one, two)[i % 2], game, players, 40 + i, bots)
            table = answer["table"]
            tables.append((table, game, players))
            tokens = {s["seat"]: s["token"] for s in answer["seats"]}
            # Seat 0 and a spectator on one process, seat 1 and a spectator on the other.
            seats += [
                Seat(table, 0, tokens[0], [one]),
                Seat(table, 1, tokens[1], [two]),
                Seat(table, None, None, [one]),
                Seat(table, None, None, [two]),
            ]
        deadline = time.monotonic() + 240
        rng = random.Random(5)

        async def everything() -> None:
            await asyncio.gather(
                *(play_seat(s, random.Random(rng.random()), deadline) for s in seats)
            )

        asyncio.run(everything())
        bot_actions = 0
        for table, game, _players in tables:
            record = record_of(one, table)
            assert record == record_of(two, table)
            assert parlour.replay(record).is_over
            mine = [s for s in seats if s.table == table]
            # Nobody reconnected: each client kept the one connection to its process.
            assert all(len(s.connected_to) == 1 for s in mine)
            # Both processes sent the same states: the spectators on each saw the same game,
            # event for event, and the same view at every move both were sent.
            watch_one, watch_two = (s.messages for s in mine if s.seat is None)
            assert events(watch_one) == events(watch_two), game
            by_one, by_two = states_by_move(watch_one), states_by_move(watch_two)
            assert len(by_one.keys() & by_two.keys()) > len(record["actions"]) // 2
            for move in by_one.keys() & by_two.keys():
                assert by_one[move] == by_two[move], (game, move)
            # Nothing leaks: every message is exactly that seat's view and its redacted
            # events (what one process alone sends, tests/server/test_leaks.py), and no
            # message carries a token, whichever process sent it.
            tokens = {s.token for s in mine if s.token}
            keys = tokens | {hash_token(t) for t in tokens}
            for s in mine:
                assert not keys & leaves(s.messages)
                assert exactly_its_own(s.messages, record, s.seat) > len(record["actions"]) // 4
            state = parlour.replay({**record, "actions": []})
            for text in record["actions"]:
                if state.current_player is not None and state.current_player >= 2:
                    bot_actions += 1
                state.apply(text)
        # Each bot move was made once: the moves the two processes' bots made add up to the
        # bot moves of the records (a move played by both would count twice).
        made = health(one)["bot_moves"] + health(two)["bot_moves"]
        assert made == bot_actions
        for process in processes:
            stop(process)
            assert process.stderr is not None
            logged = process.stderr.read().decode()
            assert "refused" not in logged and "Traceback" not in logged, logged


@pytest.mark.slow
def test_kill_9_of_the_lease_holder_and_clients_worker_loses_nothing(
    postgres: Postgres,
) -> None:
    url = database(postgres, "failover")
    with workers(url, 2, bot_delay=0.05) as processes:
        one, two = base(processes[0]), base(processes[1])
        # Every table is opened through the first process, which takes their bot leases and
        # lets the second take its share.
        plans: list[tuple[str, int, dict[int, str]]] = [
            ("fearless", 3, {2: "random"}),
            ("citadels", 2, {1: "easy"}),
            ("fearless", 3, {1: "random", 2: "random"}),
            ("citadels", 3, dict.fromkeys(range(3), "random")),
            ("fearless", 4, dict.fromkeys(range(4), "random")),
        ]
        seats: list[Seat] = []
        tables: list[str] = []
        for i, (game, players, bots) in enumerate(plans):
            answer = open_table(one, game, players, 60 + i, bots)
            tables.append(answer["table"])
            for s in answer["seats"]:
                # Most clients on the first process, the second seat of a two-person table
                # on the other; each goes to the other process when its own is gone.
                order = [two, one] if s["seat"] == 1 else [one, two]
                seats.append(Seat(answer["table"], s["seat"], s["token"], order))
        rng = random.Random(7)
        deadline = time.monotonic() + 240
        resumed: list[float] = []

        def kill_mid_game() -> None:
            while sum(len(s.acknowledged) for s in seats) < 30:
                time.sleep(0.01)
            # The leases are shared out (lease.py rebalances): the first holds its share.
            holders = lease_holders(url)
            assert holders.get(processes[0].pid, 0) >= 1, holders
            before = health(two)["bot_moves"]
            kept = health(two)["bot_leases"]
            processes[0].send_signal(signal.SIGKILL)
            killed = time.monotonic()
            processes[0].wait(10)
            while health(two)["bot_leases"] <= kept:  # one of the killed process's taken
                assert time.monotonic() < killed + 30, "no lease taken over within 30 s"
                time.sleep(0.05)
            resumed.append(time.monotonic() - killed)
            while health(two)["bot_moves"] == before:
                time.sleep(0.05)
            resumed.append(time.monotonic() - killed)

        async def everything() -> None:
            players = [play_seat(s, random.Random(rng.random()), deadline) for s in seats]
            await asyncio.gather(asyncio.to_thread(kill_mid_game), *players)

        asyncio.run(everything())
        while not all(
            httpx.get(f"{two}/api/tables/{t}", timeout=10).json()["table"]["status"] == "over"
            for t in tables
        ):
            assert time.monotonic() < deadline, "a bots' table did not finish"
            time.sleep(0.2)
        for table in tables:
            record = record_of(two, table)
            assert parlour.replay(record).is_over
            for seat in (s for s in seats if s.table == table):
                for move, action in seat.acknowledged.items():
                    assert record["actions"][move - 1] == action, (table, seat.seat, move)
        # The clients of the killed process reconnected to the other one and finished there.
        moved = [s for s in seats if s.connected_to[0] == one]
        assert moved and all(s.connected_to[-1] == two for s in moved)
        # The bots went on: the surviving process took the leases over and played on.
        print(f"after the kill: leases taken {resumed[0]:.2f} s, a bot moved {resumed[1]:.2f} s")
        assert resumed[1] < 30


def test_two_processes_acting_on_one_move_at_once_exactly_one_wins(postgres: Postgres) -> None:
    url = database(postgres, "race")
    # The two connections act as fast as the bots answer (a whole game in under a second):
    # at the default 20 messages a second the losing connection's ping was refused as one too
    # many, its pong never came, and the test waited for it until pytest's timeout.
    with workers(url, 2, bot_delay=0.0, message_rate=1000.0) as processes:
        one, two = base(processes[0]), base(processes[1])
        answer = open_table(one, "fearless", 3, 9, {1: "random", 2: "random"})
        table, token = answer["table"], answer["seats"][0]["token"]
        address = [f"ws://{b.removeprefix('http://')}/ws/{table}?token={token}" for b in (one, two)]

        async def race() -> list[Answered]:
            """Seat 0 connected to each process; at each of its turns, the two connections
            send different actions at the same move: per turn, the move, the two actions
            and the messages each connection got for its own. Both connections must be
            sent the same view at each of seat 0's turns."""
            turns: list[Answered] = []
            async with connect(address[0]) as a, connect(address[1]) as b:
                views = [await _turn(a, -1), await _turn(b, -1)]
                while not views[0]["is_over"]:
                    move, legal = views[0]["move"], views[0]["legal_actions"]
                    assert views[1]["move"] == move and views[1]["legal_actions"] == legal
                    if len(legal) < 2:  # one way only: play it and wait for the next turn
                        await a.send(json.dumps({"type": "act", "action": legal[0], "move": move}))
                    else:
                        sent = (legal[0], legal[-1])
                        await asyncio.gather(
                            *(
                                ws.send(json.dumps({"type": "act", "action": act, "move": move}))
                                for ws, act in zip((a, b), sent, strict=True)
                            )
                        )
                        await asyncio.gather(*(ws.send('{"type": "ping"}') for ws in (a, b)))
                        got = await asyncio.gather(_answers(a), _answers(b))
                        turns.append((move, sent, (got[0], got[1])))
                        # A state may bring several moves at once (a process catching up):
                        # the last one read may already be seat 0's next turn.
                        views = [
                            await _turn(
                                ws, move, [m for m in g if m["type"] == "state"][-1]["view"]
                            )
                            for ws, g in zip((a, b), got, strict=True)
                        ]
                        continue
                    views = [await _turn(a, move), await _turn(b, move)]
            return turns

        turns = asyncio.run(race())
        record = record_of(two, table)
        assert parlour.replay(record).is_over
        assert len(turns) >= 5
        for move, sent, got in turns:
            won = record["actions"][move]
            assert won in sent
            winner = sent.index(won)
            # The winning connection got no error; the other exactly one: stale move.
            assert not [m for m in got[winner] if m["type"] == "error"], got
            errors = [m for m in got[1 - winner] if m["type"] == "error"]
            assert len(errors) == 1 and errors[0]["message"].startswith("stale move"), got
            # Both were sent the state with the winner's move before that answer.
            for messages in got:
                assert any(m["type"] == "state" and m["view"]["move"] > move for m in messages)


# A race: the move, the two actions sent, the messages each connection got for its own.
Answered = tuple[int, tuple[str, str], tuple[list[dict[str, Any]], list[dict[str, Any]]]]


async def _turn(ws: Any, after: int, seen: dict[str, Any] | None = None) -> dict[str, Any]:
    """The first view past move ``after`` at which seat 0 acts, or the end: ``seen`` (the
    view last read) if it is one, else one of the next states."""
    view = seen
    while (
        view is None or view["move"] <= after or not (view["is_over"] or view.get("legal_actions"))
    ):
        message = await received(ws)
        if message["type"] == "state":
            view = message["view"]
    return view


async def _answers(ws: Any) -> list[dict[str, Any]]:
    """The errors and states a connection got after its action, up to the answer to the
    ping sent after it (a connection's messages are answered in order, and the action's
    error, or the state it made, comes before the pong)."""
    got = []
    while True:
        message = await received(ws)
        if message["type"] == "pong":
            return got
        if message["type"] in ("error", "state"):
            got.append(message)


def test_processes_above_one_on_sqlite_are_refused_with_the_reason(tmp_path: Any) -> None:
    done = subprocess.run(
        [*SERVE, "--db", f"sqlite:///{tmp_path / 'p.db'}", "--processes", "2"],
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1
    assert done.stderr.startswith("parlour serve: --processes 2 needs a PostgreSQL database")
    assert "LISTEN/NOTIFY, which SQLite does not have" in done.stderr


def test_processes_share_one_port_and_a_killed_one_is_replaced(postgres: Postgres) -> None:
    url = database(postgres, "shared")
    port = free_port()
    address = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [
            *SERVE,
            "--port",
            str(port),
            "--db",
            url,
            "--processes",
            "2",
            "--workers",
            "1",
            "--bot-delay",
            "0",
        ],
        stdout=subprocess.PIPE,
        # A line a request: a pipe nobody reads would fill and stall the server.
        stderr=subprocess.DEVNULL,
    )
    try:
        assert server.stdout is not None
        assert "2 processes" in server.stdout.readline().decode()

        def answering(wanted: int, deadline: float) -> set[int]:
            """The process ids seen answering new connections until ``wanted`` differ."""
            seen: set[int] = set()
            while len(seen) < wanted:
                assert time.monotonic() < deadline, seen
                try:
                    seen.add(health(address)["process"])
                except httpx.HTTPError:
                    time.sleep(0.1)
            return seen

        first = answering(2, time.monotonic() + 60)
        # A table opened through one process plays on through the other.
        answer = open_table(address, "fearless", 3, 3, dict.fromkeys(range(3), "random"))
        victim = first.pop()
        os.kill(victim, signal.SIGKILL)
        # uvicorn's supervisor starts a new process in its place.
        later = answering(2, time.monotonic() + 60)
        assert victim not in later
        deadline = time.monotonic() + 60
        status = f"{address}/api/tables/{answer['table']}"
        while httpx.get(status, timeout=10).json()["table"]["status"] != "over":
            assert time.monotonic() < deadline
            time.sleep(0.2)
    finally:
        server.send_signal(signal.SIGINT)
        try:
            server.wait(20)
        except subprocess.TimeoutExpired:
            server.kill()
            server.wait(10)


def test_names_and_chat_reach_the_connections_of_the_other_process(postgres: Postgres) -> None:
    url = database(postgres, "people")
    with workers(url, 2, bot_delay=0.0) as processes:
        one, two = base(processes[0]), base(processes[1])
        answer = open_table(one, "fearless", 3, 4, {2: "random"})
        table, tokens = answer["table"], [s["token"] for s in answer["seats"]]

        async def talk() -> tuple[dict[str, Any], dict[str, Any]]:
            here = f"ws://{one.removeprefix('http://')}/ws/{table}?token={tokens[0]}"
            there = f"ws://{two.removeprefix('http://')}/ws/{table}?token={tokens[1]}"
            async with connect(here) as ada, connect(there) as bob:
                await _next(bob, "chat_log")
                await ada.send(json.dumps({"type": "name", "name": "Ada"}))
                named = await _next(bob, "state", lambda m: m["view"]["names"][0] == "Ada")
                await ada.send(json.dumps({"type": "chat", "text": "good luck"}))
                said = await _next(bob, "chat")
            return named, said

        named, said = asyncio.run(talk())
        # Bob, on the other process, sees Ada's name and hears her line.
        assert named["view"]["names"][0] == "Ada"
        assert (said["seat"], said["name"], said["text"]) == (0, "Ada", "good luck")


async def _next(ws: Any, kind: str, wanted: Any = None) -> dict[str, Any]:
    """The next message of type ``kind`` (and for which ``wanted`` holds), others skipped."""
    while True:
        message = await received(ws)
        if message["type"] == kind and (wanted is None or wanted(message)):
            return message


async def _moves_at(address: str, answer: dict[str, Any], moves: int) -> int:
    """Play on to move ``moves`` with every seat connected to ``address``; the move every
    seat's view then shows."""
    ws_base = address.replace("http://", "ws://")
    sockets = [
        await connect(f"{ws_base}/ws/{answer['table']}?token={seat['token']}")
        for seat in answer["seats"]
    ]
    views: list[dict[str, Any]] = [{} for _ in sockets]

    async def latest(index: int, move: int) -> None:
        while views[index].get("move", -1) < move:
            message = await received(sockets[index])
            if message["type"] == "state":
                views[index] = message["view"]

    try:
        for index in range(len(sockets)):
            await latest(index, 0)
        move = views[0]["move"]
        while move < moves:
            actor = next(i for i, view in enumerate(views) if view.get("legal_actions"))
            action = views[actor]["legal_actions"][0]
            await sockets[actor].send(json.dumps({"type": "act", "action": action, "move": move}))
            move += 1
            for index in range(len(sockets)):
                await latest(index, move)
        assert all(view["move"] == move for view in views)
        return move
    finally:
        for ws in sockets:
            await ws.close()


def test_a_process_nobody_watches_a_table_at_catches_up_when_asked(postgres: Postgres) -> None:
    # A process that only created a table puts off applying its moves (the clients' process
    # applies them): whatever asks it next (a description, a connection) sees them all.
    url = database(postgres, "deferred")
    with workers(url, 2, bot_delay=0) as (first, second):
        answer = open_table(base(first), "fearless", 3, 11, {})
        played = asyncio.run(_moves_at(base(second), answer, 12))
        described = httpx.get(f"{base(first)}/api/tables/{answer['table']}", timeout=10).json()
        assert described["table"]["move"] == played
        listed = httpx.get(f"{base(first)}/api/tables", timeout=10).json()
        assert [t["move"] for t in listed if t["id"] == answer["table"]] == [played]

        async def watch() -> int:
            address = base(first).replace("http://", "ws://")
            async with connect(f"{address}/ws/{answer['table']}") as ws:
                while (message := await received(ws))["type"] != "state":
                    pass
                return int(message["view"]["move"])

        assert asyncio.run(watch()) == played
        # And it plays on there, from the move the other process reached.
        assert asyncio.run(_moves_at(base(first), answer, played + 3)) == played + 3


def test_a_table_forgotten_by_its_bots_process_has_them_play_after_a_move_elsewhere(
    postgres: Postgres,
) -> None:
    # The process holding the bot lease forgets a table left at a person's turn, and keeps
    # the lease; the person's move through the other process brings the table back there,
    # and its bots play on.
    url = database(postgres, "forgotten")
    with workers(url, 2, bot_delay=0, forget_after=0.3) as (first, second):
        answer = open_table(base(first), "fearless", 3, 4, {1: "random", 2: "random"})
        deadline = time.monotonic() + 30
        while health(base(first))["tables"] or health(base(first))["bot_leases"] != 1:
            assert time.monotonic() < deadline, health(base(first))
            time.sleep(0.1)
        moves = health(base(first))["bot_moves"]

        async def move_then_wait_for_the_bots() -> None:
            address = base(second).replace("http://", "ws://")
            token = answer["seats"][0]["token"]
            async with connect(f"{address}/ws/{answer['table']}?token={token}") as ws:
                view = (await _next(ws, "state", lambda m: m["view"].get("legal_actions")))["view"]
                act = {"type": "act", "action": view["legal_actions"][0], "move": view["move"]}
                await ws.send(json.dumps(act))
                after = view["move"] + 3  # its own move and both bots'
                await _next(ws, "state", lambda m: m["view"]["move"] >= after)

        asyncio.run(move_then_wait_for_the_bots())
        assert health(base(first))["bot_moves"] >= moves + 2
        assert health(base(second))["bot_moves"] == 0


def test_a_rematch_opened_in_one_process_reaches_the_seats_of_the_other(
    postgres: Postgres,
) -> None:
    url = database(postgres, "rematch")
    with workers(url, 2, bot_delay=0) as (first, second):
        addresses = [base(first), base(second)]
        answer = open_table(addresses[0], "fearless", 3, 5, {2: "random"})
        tokens = [seat["token"] for seat in answer["seats"]]

        async def scenario() -> tuple[list[dict[str, Any]], list[dict[str, Any]]]:
            sockets = [
                await connect(
                    f"{address.replace('http://', 'ws://')}/ws/{answer['table']}?token={token}"
                )
                for address, token in zip(addresses, tokens, strict=True)
            ]
            try:

                async def play(ws: Any) -> None:
                    while True:
                        message = await received(ws)
                        if message["type"] != "state":
                            continue
                        view = message["view"]
                        if view["is_over"]:
                            return
                        if view.get("legal_actions"):
                            action = {"action": view["legal_actions"][0], "move": view["move"]}
                            await ws.send(json.dumps({"type": "act", **action}))

                await asyncio.gather(*(play(ws) for ws in sockets))
                # Both processes asked at once: one rematch, the same for everyone.
                async with httpx.AsyncClient(timeout=30) as http:
                    asked = await asyncio.gather(
                        *(
                            http.post(
                                f"{address}/api/tables/{answer['table']}/rematch",
                                json={"token": token},
                            )
                            for address, token in zip(addresses, tokens, strict=True)
                        )
                    )
                offers = []
                for ws in sockets:
                    while (message := await received(ws))["type"] != "rematch":
                        pass
                    offers.append(message)
                return [a.json() for a in asked], offers
            finally:
                for ws in sockets:
                    await ws.close()

        asked, offers = asyncio.run(scenario())
        rematch = asked[0]["table"]
        assert [a["table"] for a in asked] == [o["table"] for o in offers] == [rematch] * 2
        assert [o["seat"] for o in offers] == [0, 1]
        # Each seat's link opens its own seat of the rematch, through either process.
        for seat, offer in enumerate(offers):
            assert (
                offer["url"]
                == asked[seat]["url"]
                == f"/table/{rematch}#seat={seat}&token={tokens[seat]}"
            )

        async def first_view(address: str, token: str) -> dict[str, Any]:
            ws_url = f"{address.replace('http://', 'ws://')}/ws/{rematch}?token={token}"
            async with connect(ws_url) as ws:
                while (message := await received(ws))["type"] != "state":
                    pass
                view: dict[str, Any] = message["view"]
                return view

        assert "hand" in asyncio.run(first_view(addresses[0], tokens[1]))  # a seat, not a guest
        described = httpx.get(f"{addresses[1]}/api/tables/{rematch}", timeout=10).json()
        assert described["table"]["rematch_of"] == answer["table"]
        assert [s["bot"] for s in described["table"]["seats"]] == [None, None, "random"]
