"""Fixtures for the server tests: an app on a temporary SQLite file, and game helpers."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.server import create_app
from parlour.server.limits import Limits

from .postgres import Postgres, postgres_server, unavailable


@pytest.fixture(scope="module")
def postgres() -> Iterator[Postgres]:
    """A PostgreSQL server of the test module's own (skipped where none can be started)."""
    why = unavailable()
    if why is not None:
        pytest.skip(f"no PostgreSQL server: {why}")
    with postgres_server() as server:
        yield server


@pytest.fixture
def db_url(tmp_path: Path) -> str:
    """A fresh SQLite database file."""
    return f"sqlite:///{tmp_path / 'parlour.db'}"


@pytest.fixture
def client(db_url: str) -> Iterator[TestClient]:
    """The app with its lifespan running (one bot process, bots move at once), opening
    tables as fast as a test asks (test_limits.py tests the limit)."""
    app = create_app(db_url, workers=1, bot_delay=0, limits=Limits(tables_per_minute=0))
    with TestClient(app) as test_client:
        yield test_client


def create(client: TestClient, game: str, players: int, bots: dict[int, str], **extra: Any) -> Any:
    """Open a table and return the answer."""
    body = {"game": game, "players": players, "bots": {str(s): b for s, b in bots.items()}}
    body.update(extra)
    answer = client.post("/api/tables", json=body)
    assert answer.status_code == 201, answer.text
    return answer.json()


def smallest(game: str) -> int:
    """A player count the game takes, as small as possible (fast tests)."""
    return parlour.load(game).min_players


def next_state(ws: Any, log: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next "state" message, keeping every message in ``log``."""
    while True:
        message = ws.receive_json()
        if log is not None:
            log.append(message)
        if message["type"] == "state":
            return message
        assert message["type"] in ("table", "rematch", "chat_log", "chat"), message


def play_out(
    ws: Any, seed: int = 0, log: list[dict[str, Any]] | None = None, first: Any = None
) -> dict[str, Any]:
    """Play random legal moves for the seat on ``ws`` until the game ends; the last state.

    A lone pass the server plays for the seat (``"passing"``) is left to the server.
    """
    rng = random.Random(seed)
    message = first if first is not None else next_state(ws, log)
    while not message["view"]["is_over"]:
        view = message["view"]
        if view.get("legal_actions") and not view.get("passing"):
            action = rng.choice(view["legal_actions"])
            ws.send_json({"type": "act", "action": action, "move": view["move"]})
        message = next_state(ws, log)
    return message
