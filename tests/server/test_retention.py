"""Retention (docs/server.md, "Retention"): on a database whose rows are backdated, idle
unfinished tables are stopped, guests' old finished games deleted with their actions and
chat, accounts' games kept; in the server, with ``parlour admin retention run``, and one
round at a time among processes on PostgreSQL."""

from __future__ import annotations

import random
from collections.abc import Iterator
from datetime import UTC, datetime, timedelta
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import func, select, update
from sqlalchemy.orm import Session
from starlette.websockets import WebSocketDisconnect
from typer.testing import CliRunner

import parlour
from parlour.cli.app import app as cli
from parlour.server import create_app
from parlour.server.community.accounts import Accounts
from parlour.server.hub import STOPPED
from parlour.server.retention import Retention, run
from parlour.server.store import ActionRow, ChatLine, ChatRow, SeatInfo, Store, TableRow

from .conftest import create, next_state
from .postgres import Postgres

NOW = datetime.now(UTC)
POLICY = Retention(close_idle_days=7, delete_guest_games_days=30)


def table(store: Store, table_id: str, account: int | None, moves: int | None) -> None:
    """A Fearless table for three (seat 0 the account's, if given; bots at the others) with
    ``moves`` random moves stored, or played to its end and finished (``None``)."""
    state = parlour.load("fearless").new_game(players=3, seed=3)
    rng = random.Random(3)
    while not state.is_over and (moves is None or state.move_number < moves):
        state.apply(rng.choice(state.legal_actions()))
    record = state.record()
    seats = [
        SeatInfo(None, "a" * 64, "someone", account=account),
        SeatInfo("random", None),
        SeatInfo("random", None),
    ]
    store.create(table_id, "fearless", 3, 3, record["options"], seats, rated=False)
    for seq, text in enumerate(record["actions"], start=1):
        store.append(table_id, seq, 0, text)
    store.add_chat(table_id, ChatLine(0, "someone", "hello", NOW))
    if moves is None:
        store.finish(table_id, state.scores(), state.winners())


def backdate(store: Store, table_id: str, days: float, chat_days: float | None = None) -> None:
    """Make the table, its actions and its end ``days`` old (its chat ``chat_days``)."""
    then = NOW - timedelta(days=days)
    with Session(store.engine) as session, session.begin():
        session.execute(update(TableRow).where(TableRow.id == table_id).values(created_at=then))
        session.execute(
            update(TableRow)
            .where(TableRow.id == table_id, TableRow.finished_at.is_not(None))
            .values(finished_at=then)
        )
        session.execute(
            update(ActionRow).where(ActionRow.table_id == table_id).values(created_at=then)
        )
        chat_then = then if chat_days is None else NOW - timedelta(days=chat_days)
        session.execute(
            update(ChatRow).where(ChatRow.table_id == table_id).values(created_at=chat_then)
        )


def count(store: Store, kind: Any, table_id: str) -> int:
    """How many rows of ``kind`` the table has."""
    with Session(store.engine) as session:
        return int(
            session.scalar(select(func.count()).select_from(kind).where(kind.table_id == table_id))
            or 0
        )


@pytest.fixture
def store(db_url: str) -> Iterator[Store]:
    """The six tables of the policy's cases, backdated, on a fresh SQLite file."""
    store = Store(db_url)
    account = Accounts(store.engine).create("keeper", "a good password").id
    cases: dict[str, tuple[int | None, int | None, float, float | None]] = {
        # id: (account, moves (None: finished), days old, chat's days old)
        "idle": (None, 6, 10, None),
        "idle-account": (account, 6, 10, None),
        "chatted": (None, 6, 10, 1),
        "fresh": (None, 6, 1, None),
        "guest-old": (None, None, 40, None),
        "account-old": (account, None, 40, None),
        "guest-recent": (None, None, 20, None),
    }
    for table_id, (holder, moves, days, chat_days) in cases.items():
        table(store, table_id, holder, moves)
        backdate(store, table_id, days, chat_days)
    yield store
    store.close()


def test_idle_tables_stop_and_guests_old_games_go_with_their_rows(store: Store) -> None:
    outcome = run(store, POLICY)
    assert sorted(outcome.stopped) == ["idle", "idle-account"]
    assert outcome.deleted == ["guest-old"]
    for table_id in ("idle", "idle-account"):
        info = store.get(table_id)
        assert info is not None and info.stopped_at is not None
        assert info.finished_at == info.stopped_at and info.scores is None
    for kept in ("chatted", "fresh", "account-old", "guest-recent"):
        info = store.get(kept)
        assert info is not None and info.stopped_at is None, kept
    assert store.get("guest-old") is None
    for kind in (ActionRow, ChatRow):
        assert count(store, kind, "guest-old") == 0
        assert count(store, kind, "account-old") > 0
    # A second round finds nothing more; the stopped tables go once old enough.
    assert run(store, POLICY).stopped == {}
    later = run(store, POLICY, now=NOW + timedelta(days=31))
    assert sorted(later.deleted) == ["chatted", "fresh", "guest-recent", "idle"]
    assert store.get("idle-account") is not None and store.get("account-old") is not None


def test_a_policy_of_one_part_does_only_that(store: Store) -> None:
    outcome = run(store, Retention(delete_guest_games_days=30))
    assert (outcome.stopped, outcome.deleted) == ({}, ["guest-old"])
    outcome = run(store, Retention(close_idle_days=7))
    assert (sorted(outcome.stopped), outcome.deleted) == (["idle", "idle-account"], [])


def test_parlour_admin_retention_run(store: Store) -> None:
    result = CliRunner().invoke(
        cli,
        ["admin", "retention", "run", "--close-idle-days", "7", "--db", store.url],
        env={"PARLOUR_DELETE_GUEST_GAMES_DAYS": "30"},
    )
    assert result.exit_code == 0, result.output
    assert "2 idle tables stopped, 1 guests' finished games deleted" in result.output
    assert store.get("guest-old") is None


def test_the_server_runs_the_policy_and_a_stopped_tables_connections_end(db_url: str) -> None:
    # Bots slow enough that no move of theirs makes the table fresh again meanwhile.
    app = create_app(db_url, workers=1, bot_delay=60, close_idle_days=7, retention_every=0.2)
    with TestClient(app) as client:
        made = create(client, "fearless", 3, {1: "random", 2: "random"})
        table_id, token = made["table"], made["seats"][0]["token"]
        store: Store = app.state.hub.store
        with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
            next_state(ws)
            backdate(store, table_id, 8)
            while True:
                try:
                    ws.receive_json()
                except WebSocketDisconnect as ended:
                    assert ended.code == STOPPED
                    break
        assert client.get(f"/api/tables/{table_id}").json()["table"]["status"] == "stopped"


def test_on_postgresql_one_round_runs_at_a_time(postgres: Postgres) -> None:
    name = f"retention_{random.randrange(10**9)}"
    conninfo = f"host=127.0.0.1 port={postgres.port} user=parlour dbname=postgres"
    with psycopg.connect(conninfo, autocommit=True) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    url = postgres.url.replace("/postgres", f"/{name}")
    store = Store(url)
    try:
        table(store, "idle", None, 6)
        backdate(store, "idle", 10)
        with psycopg.connect(conninfo.replace("dbname=postgres", f"dbname={name}")) as other:
            # Another process's round holds the lock: this one does nothing.
            other.execute("SELECT pg_advisory_lock(hashtextextended('parlour retention', 0))")
            assert not run(store, POLICY).ran
            assert store.get("idle").stopped_at is None  # type: ignore[union-attr]
        assert list(run(store, POLICY).stopped) == ["idle"]
    finally:
        store.close()
