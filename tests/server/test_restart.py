"""Killing the server process (SIGKILL) mid-game loses no acknowledged move; tables resume."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path
from typing import Any

import httpx
import pytest

import parlour

from .live import free_port, next_state, open_seat, start_server, stop


def _status(base: str, table: str) -> dict[str, Any]:
    answer: dict[str, Any] = httpx.get(f"{base}/api/tables/{table}", timeout=10).json()["table"]
    return answer


def _children(pid: int) -> list[int]:
    """The processes ``pid`` started (Linux's /proc)."""
    return [int(child) for child in Path(f"/proc/{pid}/task/{pid}/children").read_text().split()]


def _alive(pid: int) -> bool:
    """Whether ``pid`` still runs (an unreaped zombie has ended)."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


@pytest.mark.slow
def test_kill_9_mid_game_then_every_table_resumes_and_finishes(tmp_path: Path) -> None:
    db = f"sqlite:///{tmp_path / 'parlour.db'}"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    server = start_server(db, port, bot_delay=0.02)
    try:
        mine = httpx.post(
            f"{base}/api/tables",
            json={
                "game": "fearless",
                "players": 3,
                "seed": 4,
                "bots": {"1": "random", "2": "easy"},
            },
        ).json()
        bots_only = httpx.post(
            f"{base}/api/tables",
            json={
                "game": "citadels",
                "players": 3,
                "seed": 5,
                "bots": {str(s): "random" for s in range(3)},
            },
        ).json()
        table, token = mine["table"], mine["seats"][0]["token"]
        rng = random.Random(1)
        sent: dict[int, str] = {}
        with open_seat(base, table, token) as ws:
            message = next_state(ws)
            while len(sent) < 8:
                view = message["view"]
                if view.get("legal_actions"):
                    action = rng.choice(view["legal_actions"])
                    sent[view["move"] + 1] = action
                    ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))
                message = next_state(ws)
            acknowledged = message["view"]["move"]
        while _status(base, bots_only["table"])["move"] < 10:
            time.sleep(0.05)
        workers = _children(server.pid)
        assert workers, "the bots' worker processes"
        server.kill()  # SIGKILL: no shutdown code runs
        server.wait(10)
        server = start_server(db, port, bot_delay=0.0)
        # The killed server's bot workers leave by themselves, orphaned as they are.
        deadline = time.monotonic() + 30
        while any(_alive(pid) for pid in workers):
            assert time.monotonic() < deadline, "the killed server's bot workers live on"
            time.sleep(0.2)
        # The bots-only table goes on by itself after the restart and finishes.
        deadline = time.monotonic() + 120
        while _status(base, bots_only["table"])["status"] != "over":
            assert time.monotonic() < deadline, "the bots' table did not resume"
            time.sleep(0.2)
        record = httpx.get(f"{base}/api/tables/{bots_only['table']}/record").json()
        assert parlour.replay(record).is_over
        # The seat resumes where it was: every acknowledged move is still there.
        with open_seat(base, table, token) as ws:
            message = next_state(ws)
            assert message["view"]["move"] >= acknowledged
            while not message["view"]["is_over"]:
                view = message["view"]
                if view.get("legal_actions"):
                    action = rng.choice(view["legal_actions"])
                    ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))
                message = next_state(ws)
        record = httpx.get(f"{base}/api/tables/{table}/record").json()
        for move, action in sent.items():
            assert record["actions"][move - 1] == action
        assert parlour.replay(record).scores() == message["view"]["scores"]
    finally:
        stop(server)
