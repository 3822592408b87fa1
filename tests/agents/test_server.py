"""Agents at a server's table: joined over the WebSocket, or seated by the bot pool."""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

import httpx
from fastapi.testclient import TestClient
from typer.testing import CliRunner

from parlour.agents.remote import socket_url
from parlour.cli.app import app
from parlour.server import create_app
from server.live import free_port, start_server, stop


def test_agent_join_plays_a_seat_to_the_end_and_refuses_a_bad_token(
    agent_command: Callable[..., str], tmp_path: Path
) -> None:
    port = free_port()
    server = start_server(f"sqlite:///{tmp_path / 'p.db'}", port)
    base = f"http://127.0.0.1:{port}"
    try:
        body = {"game": "fearless", "players": 3, "bots": {"1": "random", "2": "random"}}
        created = httpx.post(f"{base}/api/tables", json=body, timeout=10).json()
        (seat,) = created["seats"]
        transcript = tmp_path / "t.jsonl"
        result = CliRunner().invoke(
            app,
            [
                "agent",
                "join",
                base + seat["url"],
                "--cmd",
                agent_command("scripted"),
                "--transcript",
                str(transcript),
            ],
        )
        assert result.exit_code == 0, result.output
        assert "Game over: the agent (Player 1)" in result.output
        assert "0 fallback moves" in result.output
        record = httpx.get(f"{base}/api/tables/{created['table']}/record", timeout=10).json()
        assert len(record["actions"]) == 117
        entries = [json.loads(line) for line in transcript.read_text().splitlines()]
        assert [e["outcome"] for e in entries] == ["played"] * 39
        # What the agent was shown is what the seat's page is shown: no other hand.
        assert all("hand" in e["sent"]["view"] for e in entries)
        wrong = CliRunner().invoke(
            app,
            ["agent", "join", f"{base}/table/{created['table']}", "--token", "bad", "--cmd", "x"],
        )
        assert wrong.exit_code == 1
        assert "the server refused the seat: that token opens no seat" in wrong.output
    finally:
        stop(server)


def test_seat_links_become_websocket_addresses() -> None:
    assert (
        socket_url("https://example.org/parlour/table/Ab1#seat=2&token=T0k", None)
        == "wss://example.org/parlour/ws/Ab1?token=T0k"
    )
    assert (
        socket_url("http://127.0.0.1:8000/table/Ab1", "T") == "ws://127.0.0.1:8000/ws/Ab1?token=T"
    )


def wait_for(client: TestClient, table: str, moves: int) -> dict[str, Any]:
    """The table once at least ``moves`` moves are made (a bot thinks in another process)."""
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        info: dict[str, Any] = client.get(f"/api/tables/{table}").json()
        if info["view"]["move"] >= moves:
            return info
        time.sleep(0.05)
    raise AssertionError(f"the table made fewer than {moves} moves in 60 s")


def test_the_bot_pool_seats_only_the_agents_the_server_was_started_with(
    agent_command: Callable[..., str], tmp_path: Path
) -> None:
    spec = f"cmd:{agent_command('scripted')}"
    db = f"sqlite:///{tmp_path / 'p.db'}"
    with TestClient(create_app(db, workers=1, bot_delay=0, agents=[spec])) as client:
        games = client.get("/api/games").json()
        assert spec in games[0]["bots"]
        refused = client.post(
            "/api/tables", json={"game": "fearless", "players": 3, "bots": {"0": "cmd:rm -rf /"}}
        )
        assert refused.status_code == 400 and "there is no bot 'cmd:rm -rf /'" in refused.text
        # Seat 0 leads the first trick: the agent's program plays it, then seat 1 (a person)
        # is to move.
        body = {"game": "fearless", "players": 3, "bots": {"0": spec, "2": "random"}}
        created = client.post("/api/tables", json=body).json()
        info = wait_for(client, created["table"], 1)
        assert info["view"]["current_player"] == 1
        assert info["table"]["seats"][0]["bot"] == spec
        assert [seat for seat, _ in info["view"]["trick"]] == [0]
