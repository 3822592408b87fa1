"""The server's logs: what a real ``parlour serve`` writes, and what it never writes."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import random
import re
import signal
import socket
import struct
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.sync.client import ClientConnection, connect

from parlour.server.community.sessions import COOKIE
from parlour.server.logs import JsonFormatter, Repeats, TextFormatter

from .live import free_port, next_state, open_seat, served, start_server, stop
from .postgres import postgres_server, unavailable

PASSWORD = "correct horse battery"
# Connections that close as soon as they are let in, one after the other.
CLOSING_AT_ONCE = 10


def play_game(ws: ClientConnection) -> dict[str, Any]:
    """Play random legal moves for the seat on ``ws`` until the game ends; the last state."""
    rng = random.Random(0)
    message = next_state(ws)
    while not message["view"]["is_over"]:
        view = message["view"]
        if view.get("legal_actions") and not view.get("passing"):
            action = rng.choice(view["legal_actions"])
            ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))
        message = next_state(ws)
    return message


def bot_moves(address: str) -> int:
    """The bot moves the server at ``address`` has made."""
    moves: int = httpx.get(f"{address}/api/health", timeout=10).json()["bot_moves"]
    return moves


def test_a_stop_by_sigterm_leaks_no_semaphore(tmp_path: Path) -> None:
    port = free_port()
    process = start_server(f"sqlite:///{tmp_path / 'parlour.db'}", port)
    address = f"http://127.0.0.1:{port}"
    try:
        bots = {"0": "random", "1": "random", "2": "random"}
        body = {"game": "fearless", "players": 3, "bots": bots}
        assert httpx.post(f"{address}/api/tables", json=body, timeout=10).status_code == 201
        deadline = time.monotonic() + 60
        while bot_moves(address) < 2:  # the bot processes have started and answered
            assert time.monotonic() < deadline
            time.sleep(0.1)
    finally:
        stop(process)  # SIGTERM, as systemd stops it
    assert process.stderr is not None
    errors = process.stderr.read().decode()
    assert "leaked semaphore" not in errors, errors


def lines(folder: Path) -> list[dict[str, Any]]:
    """The JSON log lines a server wrote to ``folder``'s ``stderr``; the rest is Python's own
    (after a process was killed outright, the resource tracker's warning that it cleaned
    up what the process left)."""
    written = (folder / "stderr").read_text().splitlines()
    return [json.loads(line) for line in written if line.startswith("{")]


def session_lines(folder: Path) -> list[dict[str, Any]]:
    """The lines of WebSocket sessions the server in ``folder`` wrote."""
    return [line for line in lines(folder) if line["logger"] == "parlour.session"]


def test_json_logs_have_a_line_per_request_and_session_and_no_secret(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    with (
        served(db, "--log-format", "json", folder=tmp_path) as (address, _),
        httpx.Client(base_url=address) as http,
    ):
        made = http.post("/api/accounts", json={"username": "alice", "password": PASSWORD})
        assert made.status_code == 201
        session_id = made.cookies[COOKIE]
        body = {"game": "fearless", "players": 3, "bots": {"1": "random", "2": "random"}}
        answer = http.post("/api/tables", json=body).json()
        table, token = answer["table"], answer["seats"][0]["token"]
        # A token in a query string, where a careless client might put one.
        assert http.get(f"/api/tables/{table}?token={token}").status_code == 200
        with open_seat(address, table, token) as ws:
            last = play_game(ws)
        assert last["view"]["is_over"]
        cookie = {"cookie": f"{COOKIE}={session_id}"}
        with connect(f"ws{address.removeprefix('http')}/ws/{table}", additional_headers=cookie):
            pass
        assert http.delete("/api/session").status_code == 204
    output = (tmp_path / "stdout").read_text() + (tmp_path / "stderr").read_text()
    for secret in [PASSWORD, token, session_id, hashlib.sha256(session_id.encode()).hexdigest()]:
        assert secret not in output
    written = lines(tmp_path)
    requests = [line for line in written if line["logger"] == "parlour.access"]
    assert {"method": "POST", "path": "/api/tables", "status": 201, "client": "127.0.0.1"} in [
        {key: line[key] for key in ("method", "path", "status", "client")} for line in requests
    ]
    assert any(line["path"] == f"/api/tables/{table}?token=..." for line in requests)
    assert all(line["duration_ms"] >= 0 and line["time"].endswith("+00:00") for line in requests)
    sessions = [line for line in written if line["logger"] == "parlour.session"]
    assert [(line["table"], line["seat"]) for line in sessions] == [(table, 0), (table, None)]
    assert all(line["close_code"] == 1000 and line["duration_s"] > 0 for line in sessions)


def close_frame(code: int) -> bytes:
    """A client's close frame with ``code`` (masked, as a client's must be)."""
    payload, mask = struct.pack("!H", code), os.urandom(4)
    return (
        bytes((0x88, 0x80 | len(payload)))
        + mask
        + bytes(b ^ mask[i % 4] for i, b in enumerate(payload))
    )


def test_a_session_its_client_closes_as_it_opens_is_logged_with_the_clients_close_code(
    tmp_path: Path,
) -> None:
    """A client closes (1000) as soon as it is let in, while the server still opens its
    session (it reads the account of the cookie in a thread): its line says 1000. Before,
    the server's first message found the connection closing, and the server let go of it
    as of one that does not read, with 1013, which its line said instead."""
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    with served(db, "--log-format", "json", folder=tmp_path) as (address, _):
        made = httpx.post(f"{address}/api/accounts", json={"username": "bob", "password": PASSWORD})
        session_id = made.cookies[COOKIE]
        body = {"game": "fearless", "players": 3, "bots": {"0": "random", "1": "random"}}
        table = httpx.post(f"{address}/api/tables", json=body).json()["table"]
        port = int(address.rsplit(":", 1)[1])
        handshake = (
            f"GET /ws/{table} HTTP/1.1\r\nHost: 127.0.0.1:{port}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
            f"Sec-WebSocket-Version: 13\r\nCookie: {COOKIE}={session_id}\r\n\r\n"
        ).encode()
        for _ in range(CLOSING_AT_ONCE):
            with socket.create_connection(("127.0.0.1", port), timeout=10) as client:
                client.sendall(handshake)
                assert client.recv(4096).startswith(b"HTTP/1.1 101 ")
                client.sendall(close_frame(1000))
                while client.recv(4096):  # until the server closes the socket
                    pass
        deadline = time.monotonic() + 10
        while len(sessions := session_lines(tmp_path)) < CLOSING_AT_ONCE:
            assert time.monotonic() < deadline, sessions
            time.sleep(0.05)
    assert [line["close_code"] for line in sessions] == [1000] * CLOSING_AT_ONCE


def test_text_logs_are_the_default(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    with served(db, folder=tmp_path) as (address, _):
        assert httpx.head(f"{address}/api/health/live").status_code == 200
    written = (tmp_path / "stderr").read_text()
    assert re.search(r"INFO parlour.access: HEAD /api/health/live 200 [0-9.]+ ms", written)


def record(text: str, *args: str, name: str = "parlour.test") -> logging.LogRecord:
    """A warning of logger ``name``."""
    return logging.LogRecord(name, logging.WARNING, "", 0, text, args, None)


def test_the_same_message_is_written_at_most_so_often() -> None:
    repeats = Repeats(limit=3, window=0.5)
    stalled = [record("table %s: stalled", str(n)) for n in range(5)]
    assert [repeats.filter(line) for line in stalled] == [True] * 3 + [False] * 2
    assert repeats.filter(record("something else"))
    time.sleep(0.6)
    later = record("table %s: stalled", "9")
    assert repeats.filter(later) and getattr(later, "held_back", 0) == 2
    assert "(2 more like it were not written" in TextFormatter().format(later)
    assert json.loads(JsonFormatter().format(later))["held_back"] == 2
    # A request's line is never held back: each is about a request of its own.
    assert all(repeats.filter(record("GET /", name="parlour.access")) for _ in range(5))


def wait_for_ending(folder: Path, pid: int) -> None:
    """Wait until the server in ``folder`` logged that process ``pid`` ended."""
    deadline = time.monotonic() + 60
    while not any(
        line.get("message", "").startswith(f"server process {pid} ended") for line in lines(folder)
    ):
        assert time.monotonic() < deadline, (folder / "stderr").read_text()
        time.sleep(0.2)


@pytest.mark.skipif(unavailable() is not None, reason=str(unavailable()))
def test_processes_log_a_death_or_a_hang_with_its_cause_and_share_their_metrics(
    tmp_path: Path,
) -> None:
    with (
        postgres_server() as postgres,
        served(postgres.url, "--processes", "2", "--log-format", "json", folder=tmp_path) as (
            address,
            parent,
        ),
    ):
        bots = {"0": "random", "1": "random", "2": "random"}
        body = {"game": "fearless", "players": 3, "bots": bots, "seed": 4}
        table = httpx.post(f"{address}/api/tables", json=body, timeout=10).json()["table"]
        deadline = time.monotonic() + 120
        while (info := httpx.get(f"{address}/api/tables/{table}", timeout=10).json())["table"][
            "status"
        ] != "over":
            assert time.monotonic() < deadline, "the bots did not finish their game"
            time.sleep(0.2)
        moves = info["table"]["move"]
        # Whichever process answers, the scrape adds up both processes' moves.
        for _ in range(4):
            text = httpx.get(f"{address}/metrics", timeout=10).text
            assert f'parlour_moves_total{{game="fearless"}} {float(moves)}' in text
        worker = httpx.get(f"{address}/api/health", timeout=10).json()["process"]
        assert worker != parent
        os.kill(worker, signal.SIGKILL)
        wait_for_ending(tmp_path, worker)
        hung = httpx.get(f"{address}/api/health", timeout=10).json()["process"]
        os.kill(hung, signal.SIGSTOP)  # alive but answering nothing: the supervisor kills it
        wait_for_ending(tmp_path, hung)
    told = [
        line["message"] for line in lines(tmp_path) if f"server process {hung}" in line["message"]
    ]
    assert (
        told[0]
        == f"server process {hung} ended (it did not answer and was killed); a new one starts"
    )
    died = [line for line in lines(tmp_path) if f"server process {worker}" in line["message"]]
    assert died[0]["level"] == "error"
    cause = "killed by SIGKILL"
    assert died[0]["message"] == f"server process {worker} ended ({cause}); a new one starts"
