"""Liveness and readiness (API.md, "Added for operators"): ready only while the database and
the bot processes answer."""

from __future__ import annotations

import time

import pytest
from fastapi.testclient import TestClient

from parlour.server import create_app

from .postgres import postgres_server, unavailable


def until_ready(client: TestClient, seconds: float = 60) -> None:
    """Wait for the server to be ready: its first bot process starts with the first check."""
    deadline = time.monotonic() + seconds
    while client.get("/api/health/ready").status_code != 200:
        assert time.monotonic() < deadline, client.get("/api/health/ready").json()
        time.sleep(0.2)


@pytest.mark.parametrize("path", ["/api/health", "/api/health/live", "/api/health/ready"])
def test_health_answers_get_and_head(client: TestClient, path: str) -> None:
    until_ready(client)
    assert client.get(path).status_code == 200
    head = client.head(path)
    assert head.status_code == 200
    assert head.content == b""


def test_ready_says_ready_while_the_database_and_the_bots_answer(client: TestClient) -> None:
    assert client.get("/api/health/live").json() == {"status": "live"}
    until_ready(client)
    assert client.get("/api/health/ready").json() == {"status": "ready"}


def test_ready_fails_while_the_bot_processes_do_not_answer(client: TestClient) -> None:
    app = client.app
    pool = app.state.hub.pool  # type: ignore[attr-defined]
    until_ready(client)
    pool.close()  # no process left to answer, and none is started again
    pool.answered_at = -float("inf")
    answer = client.get("/api/health/ready")
    assert answer.status_code == 503
    assert answer.json()["message"].startswith("not ready: the bot processes do not answer")


@pytest.mark.skipif(unavailable() is not None, reason=str(unavailable()))
def test_ready_fails_while_postgresql_is_stopped_and_recovers_when_it_starts() -> None:
    with postgres_server() as postgres:
        app = create_app(postgres.url, workers=1)
        with TestClient(app, client=("127.0.0.1", 50000)) as client:
            until_ready(client)
            postgres.stop()
            answer = client.get("/api/health/ready")
            assert answer.status_code == 503
            message = answer.json()["message"]
            assert message.startswith("not ready: the database"), message
            # Never where the database is: a health check may be public.
            assert "127.0.0.1" not in message and str(postgres.port) not in message
            assert client.head("/api/health/ready").status_code == 503
            assert client.get("/api/health/live").status_code == 200  # alive all the same
            assert 'parlour_database_errors_total{where="store"}' in client.get("/metrics").text
            postgres.start()
            until_ready(client, 30)
