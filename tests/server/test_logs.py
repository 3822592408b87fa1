"""The server's logs: what a real ``parlour serve`` writes, and what it never writes."""

from __future__ import annotations

import time
from pathlib import Path

import httpx

from .live import free_port, start_server, stop


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
