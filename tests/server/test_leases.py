"""Bot leases on PostgreSQL (server/lease.py): a busy event loop keeps them, a stuck one
loses them, and a process that joins gets its share."""

from __future__ import annotations

import os
import time

import psycopg
import pytest
from fastapi.testclient import TestClient

from parlour.server import create_app, lease

from .conftest import create
from .live import free_port, start_server, stop
from .postgres import Postgres
from .test_cluster import base, database, lease_holders, open_table


@pytest.fixture
def postgres_url(postgres: Postgres, request: pytest.FixtureRequest) -> str:
    """A fresh database of that server for each test."""
    return database(postgres, f"leases_{abs(hash(request.node.name)) % 10**9}")


def lease_session(url: str) -> int | None:
    """The PostgreSQL backend of this process's lease connection while it holds a lease
    (``None``: no lease held)."""
    conninfo = url.replace("postgresql+psycopg", "postgresql")
    with psycopg.connect(conninfo, autocommit=True) as connection:
        row = connection.execute(
            "SELECT a.pid FROM pg_locks l JOIN pg_stat_activity a ON a.pid = l.pid"
            " WHERE l.locktype = 'advisory' AND l.granted AND a.application_name = %s",
            (f"parlour leases {os.getpid()}",),
        ).fetchone()
    return None if row is None else int(row[0])


def blocked_for(client: TestClient, seconds: float) -> None:
    """Keep the app's event loop busy (no await) for ``seconds``."""

    async def busy() -> None:
        time.sleep(seconds)

    client.portal.call(busy)  # type: ignore[union-attr]


def holding(client: TestClient, url: str) -> int:
    """Open a table with bots and wait until its lease is held; the lease's backend."""
    create(client, "fearless", 3, {1: "random", 2: "random"})
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        session = lease_session(url)
        if session is not None:
            return session
        time.sleep(0.1)
    raise AssertionError("the lease was not taken within 30 s")


@pytest.mark.parametrize("stuck", [False, True])
def test_a_busy_loop_keeps_its_leases_and_a_stuck_one_loses_them(
    postgres_url: str, monkeypatch: pytest.MonkeyPatch, stuck: bool
) -> None:
    # PostgreSQL ends the lease's session after 2 s without a heartbeat; the loop is busy
    # for three times that. Stuck: the heartbeat gives up after 1 s without a sweep.
    monkeypatch.setattr(lease, "EXPIRY", 2)
    if stuck:
        monkeypatch.setattr(lease, "STALL", 1.0)
    app = create_app(postgres_url, workers=1, bot_delay=60)
    with TestClient(app) as client:
        before = holding(client, postgres_url)
        blocked_for(client, 3 * lease.EXPIRY)
        # The same session holds it: it was never lost (else a new session took it again).
        after = lease_session(postgres_url)
        if stuck:
            assert after != before
        else:
            assert after == before


def test_a_process_that_joins_takes_its_share_of_the_leases(postgres_url: str) -> None:
    one = start_server(postgres_url, free_port(), bot_delay=60)
    two = None
    try:
        for seed in range(6):
            open_table(base(one), "fearless", 3, seed, {1: "random", 2: "random"})
        deadline = time.monotonic() + 30
        while lease_holders(postgres_url) != {one.pid: 6}:
            assert time.monotonic() < deadline, lease_holders(postgres_url)
            time.sleep(0.2)
        two = start_server(postgres_url, free_port(), bot_delay=60)
        # The first lets the excess go; the second takes it (before, the first kept all six).
        deadline = time.monotonic() + 30
        while lease_holders(postgres_url) != {one.pid: 3, two.pid: 3}:
            assert time.monotonic() < deadline, lease_holders(postgres_url)
            time.sleep(0.2)
    finally:
        for process in (one, two):
            if process is not None:
                stop(process)
