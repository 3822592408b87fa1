"""A server that stops closes every WebSocket with 1012, "the server is restarting: connect
again" (API.md), whether it is told to stop by Ctrl-C (SIGINT, as the systemd unit does) or
by SIGTERM, and with one process or with ``--processes``."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time

import httpx
import pytest
from websockets.exceptions import ConnectionClosed
from websockets.sync.client import ClientConnection

from .live import free_port, next_state, open_seat, start_server, stop
from .postgres import Postgres

SERVE = [sys.executable, "-c", "from parlour.cli.app import main; main()", "serve"]


def close_code(ws: ClientConnection) -> int | None:
    """Read ``ws`` to its end; the close code the server sent."""
    with pytest.raises(ConnectionClosed) as closed:
        while True:
            ws.recv(timeout=30)
    received = closed.value.rcvd
    return None if received is None else received.code


def closed_on_stop(base: str, process: subprocess.Popen[bytes], sign: signal.Signals) -> None:
    """Open a seat's and a spectator's WebSocket, stop the server with ``sign``, and see
    both closed with 1012."""
    answer = httpx.post(f"{base}/api/tables", json={"game": "fearless", "players": 3}).json()
    seat = open_seat(base, answer["table"], answer["seats"][0]["token"])
    watcher = open_seat(base, answer["table"], None)
    for ws in (seat, watcher):
        next_state(ws)
    process.send_signal(sign)
    assert [close_code(seat), close_code(watcher)] == [1012, 1012]
    process.wait(30)


@pytest.mark.parametrize("sign", [signal.SIGINT, signal.SIGTERM], ids=["SIGINT", "SIGTERM"])
def test_one_process_closes_with_1012(sign: signal.Signals, tmp_path: object) -> None:
    port = free_port()
    process = start_server(f"sqlite:///{tmp_path}/stop.db", port)
    try:
        closed_on_stop(f"http://127.0.0.1:{port}", process, sign)
    finally:
        stop(process)


def test_processes_close_with_1012(postgres: Postgres) -> None:
    port = free_port()
    process = subprocess.Popen(
        [*SERVE, "--port", str(port), "--processes", "2", "--workers", "1"],
        env={**os.environ, "PARLOUR_DATABASE_URL": postgres.url},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        deadline = time.monotonic() + 90
        while True:
            try:
                httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                break
            except httpx.HTTPError:
                assert process.poll() is None and time.monotonic() < deadline
                time.sleep(0.2)
        closed_on_stop(f"http://127.0.0.1:{port}", process, signal.SIGINT)
    finally:
        stop(process)
