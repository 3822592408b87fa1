"""Writes: moves of many tables waiting together share one transaction, and a write whose
outcome is in doubt (an answer lost, another writer first) is settled by the stored record."""

from __future__ import annotations

import asyncio
import os
import resource
import time
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import psycopg
import pytest
from fastapi.testclient import TestClient
from sqlalchemy import delete, event, insert
from sqlalchemy.exc import IntegrityError, OperationalError

from parlour.server.hub import Hub, database_trouble
from parlour.server.store import (
    MOVES_CHANNEL,
    ActionRow,
    ConflictError,
    NewAction,
    SeatInfo,
    Store,
    announcement,
    has_input,
    libpq_url,
)
from parlour.server.writes import GroupCommit, OnTheLoop

from .conftest import create, next_state
from .postgres import Postgres
from .test_refused_writes import read_only, writable


@pytest.fixture
def store(tmp_path: Path) -> Store:
    """A store with twenty empty tables, t0 to t19."""
    opened = Store(f"sqlite:///{tmp_path / 'writes.db'}")
    for n in range(20):
        opened.create(f"t{n}", "fearless", 3, n, {}, [SeatInfo(None, "a" * 64)] * 3)
    return opened


def test_moves_waiting_together_share_one_commit_and_a_conflict_fails_alone(
    store: Store,
) -> None:
    commits: list[int] = []  # the moves of each transaction
    append_many = store.append_many

    def counted(actions: list[NewAction]) -> Any:
        commits.append(len(actions))
        return append_many(actions)

    store.append_many = counted  # type: ignore[method-assign]
    writes = GroupCommit(store)

    async def both() -> list[BaseException | None]:
        first = await asyncio.gather(
            *(writes.append(f"t{n}", 1, 0, "play zero") for n in range(20))
        )
        assert first == [None] * 20 and commits == [20]  # twenty moves, one disk sync
        moves = [writes.append(f"t{n}", 2, 1, f"play blue+{n % 9}") for n in range(5)]
        moves.append(writes.append("t3", 1, 1, "play green+2"))  # number 1 is taken
        return await asyncio.gather(*moves, return_exceptions=True)

    results = asyncio.run(both())
    assert results[:5] == [None] * 5
    assert isinstance(results[5], ConflictError)
    assert store.get("t3").actions == ["play zero", "play blue+3"]  # type: ignore[union-attr]
    store.close()


def test_a_failing_database_fails_every_move_of_the_batch(store: Store) -> None:
    writes = GroupCommit(store)
    read_only(store)

    async def batch() -> list[BaseException | None]:
        return await asyncio.gather(
            *(writes.append(f"t{n}", 1, 0, "play zero") for n in range(4)), return_exceptions=True
        )

    assert all(isinstance(result, OperationalError) for result in asyncio.run(batch()))
    writable(store)
    assert all(store.get(f"t{n}").actions == [] for n in range(4))  # type: ignore[union-attr]
    store.close()


def test_a_commit_whose_answer_was_lost_is_found_and_acknowledged(
    client: TestClient, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=6)
    table_id, token = answer["table"], answer["seats"][0]["token"]
    stored = hub.store.append_many

    def stored_then_lost(actions: list[NewAction]) -> Any:
        stored(actions)  # committed, but the answer never comes back (the connection broke)
        raise OperationalError("COMMIT", {}, Exception("server closed the connection"))

    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        view = next_state(ws)["view"]
        monkeypatch.setattr(hub.store, "append_many", stored_then_lost)
        action = view["legal_actions"][0]
        ws.send_json({"type": "act", "action": action, "move": view["move"]})
        # The table read its record back, found the move and made it: a state, no error.
        after = next_state(ws)
        assert after["view"]["move"] == view["move"] + 1
        monkeypatch.undo()
    assert hub.store.get(table_id).actions[0] == action  # type: ignore[union-attr]
    assert hub.tables[table_id].info.actions[0] == action


def test_a_move_another_writer_stored_first_is_caught_up_with(client: TestClient) -> None:
    hub: Hub = client.app.state.hub  # type: ignore[attr-defined]
    answer = create(client, "fearless", 3, {1: "random", 2: "random"}, seed=6)
    table_id, token = answer["table"], answer["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{table_id}?token={token}") as ws:
        view = next_state(ws)["view"]
        first, other = view["legal_actions"][:2]
        # Another server process on the same database made seat 0's move first.
        hub.store.append(table_id, 1, 0, first)
        ws.send_json({"type": "act", "action": other, "move": 0})
        states, error = [], None
        while error is None:
            reply = ws.receive_json()
            if reply["type"] == "state":
                states.append(reply)
            elif reply["type"] == "error":
                error = reply
    # This server applies the stored move and tells everyone, and refuses the late one.
    assert states[0]["view"]["move"] == 1
    assert error["message"].startswith("stale move: you acted on move 0")
    assert hub.tables[table_id].info.actions[0] == first


def _stored_rows(store: Store) -> list[tuple[Any, ...]]:
    """The action rows as the database holds them (SQLite's text for their times)."""
    with store.engine.connect() as connection:
        query = (
            "SELECT table_id, seq, seat, text, created_at FROM parlour_actions ORDER BY table_id"
        )
        return [tuple(row) for row in connection.exec_driver_sql(query)]


def _stores_like_sqlalchemy(store: Store) -> None:
    # A batch goes by the driver's executemany, SQLAlchemy's insert compiled once: its rows
    # are the rows SQLAlchemy's own insert stores (the time in the same form).
    now = datetime(2026, 12, 4, 11, 30, 5, tzinfo=UTC)
    actions = [NewAction("t1", 1, 0, "play zero"), NewAction("t2", 1, 2, "play blue+3 ✓")]
    store._writer.write(actions, now)
    ours = _stored_rows(store)
    with store.engine.begin() as connection:
        connection.execute(delete(ActionRow))
        connection.execute(
            insert(ActionRow),
            [
                {
                    "table_id": a.table_id,
                    "seq": a.seq,
                    "seat": a.seat,
                    "text": a.text,
                    "created_at": now,
                }
                for a in actions
            ],
        )
    assert ours == _stored_rows(store)
    assert [store.get(t).actions for t in ("t1", "t2")] == [["play zero"], ["play blue+3 ✓"]]  # type: ignore[union-attr]
    # A number taken is SQLAlchemy's IntegrityError, as before: the group commit's cue.
    with pytest.raises(IntegrityError):
        store._writer.write(actions[:1], now)


def test_a_batch_stores_the_rows_sqlalchemys_insert_stores(store: Store) -> None:
    _stores_like_sqlalchemy(store)
    store.close()


def test_a_batch_stores_the_rows_sqlalchemys_insert_stores_on_postgresql(
    postgres: Postgres,
) -> None:
    opened = Store(postgres.url)
    for n in range(3):
        opened.create(f"t{n}", "fearless", 3, n, {}, [SeatInfo(None, "a" * 64)] * 3)
    _stores_like_sqlalchemy(opened)
    opened.close()


def test_the_group_commit_writes_on_one_connection_of_its_own(store: Store) -> None:
    # No pool checkout, no SQLAlchemy transaction a batch: the connection is taken once.
    checkouts: list[int] = []
    event.listen(store.engine, "checkout", lambda *_: checkouts.append(1))
    writes = GroupCommit(store)

    async def moves() -> None:
        for seq in range(1, 6):
            await asyncio.gather(*(writes.append(f"t{n}", seq, 0, f"move {seq}") for n in range(3)))

    asyncio.run(moves())
    asyncio.run(writes.close())
    assert len(checkouts) == 1
    assert store.get("t2").actions == [f"move {seq}" for seq in range(1, 6)]  # type: ignore[union-attr]
    store.close()


def test_postgresql_down_fails_a_batch_with_sqlalchemys_error_and_the_next_one_reconnects(
    postgres: Postgres,
) -> None:
    opened = Store(postgres.url)  # the server is shared: tables of their own
    opened.create("down0", "fearless", 3, 0, {}, [SeatInfo(None, "a" * 64)] * 3)
    assert opened.append_many([NewAction("down0", 1, 0, "play zero")]) == [None]
    postgres.stop()  # the writer's connection breaks, and no other can be opened
    try:
        with pytest.raises(OperationalError):
            opened.append_many([NewAction("down0", 2, 0, "play blue+1")])
    finally:
        postgres.start()
    # A broken connection found before the commit is replaced, the batch written on the new one.
    assert opened.append_many([NewAction("down0", 2, 0, "play blue+2")]) == [None]
    postgres.stop()
    postgres.start()
    assert opened.append_many([NewAction("down0", 3, 0, "play blue+3")]) == [None]
    assert opened.get("down0").actions == ["play zero", "play blue+2", "play blue+3"]  # type: ignore[union-attr]
    # A taken number is SQLAlchemy's IntegrityError, told apart from the others in the batch.
    opened.create("down1", "fearless", 3, 1, {}, [SeatInfo(None, "a" * 64)] * 3)
    results = opened.append_many(
        [NewAction("down1", 1, 0, "play zero"), NewAction("down0", 3, 1, "x")]
    )
    assert results[0] is None and isinstance(results[1], IntegrityError)
    opened.close()


def _farewell(socket: int) -> None:
    """Wait until the server's farewell reached ``socket`` (a terminated backend's)."""
    deadline = time.monotonic() + 10
    while not has_input(socket):
        assert time.monotonic() < deadline, "the server did not end the connection"
        time.sleep(0.01)


def _listened(postgres: Postgres, prefix: str, tables: int) -> tuple[Store, psycopg.Connection]:
    """A store with tables of its own (the server is shared), ``prefix`` 0 to ``tables`` - 1,
    and a connection listening on the moves channel."""
    opened = Store(postgres.url)
    for n in range(tables):
        opened.create(f"{prefix}{n}", "fearless", 3, n, {}, [SeatInfo(None, "a" * 64)] * 3)
    listener = psycopg.Connection.connect(libpq_url(postgres.url), autocommit=True)
    listener.execute(f"LISTEN {MOVES_CHANNEL}")
    return opened, listener


def test_a_batch_on_postgresql_is_one_statement_with_its_clocks_and_announcements(
    postgres: Postgres,
) -> None:
    opened, listener = _listened(postgres, "one", 2)
    now = datetime(2026, 12, 4, 11, 30, 5, tzinfo=UTC)
    batch = [
        NewAction("one0", 1, 0, "play zero", {"left": [9.0, 8.0, 7.0]}),
        NewAction("one1", 1, 1, "play blue+1"),
        NewAction("one0", 2, 1, "play blue+2 ✓", {"left": [9.0, 6.5, 7.0]}),
    ]
    opened._writer.write(batch, now)
    heard = [note.payload for note in listener.notifies(timeout=2, stop_after=3)]
    assert heard == [announcement(a) for a in batch]
    one0, one1 = opened.get("one0"), opened.get("one1")
    assert one0 is not None and one1 is not None
    assert (one0.actions, one1.actions) == (["play zero", "play blue+2 ✓"], ["play blue+1"])
    # A table's clock takes its state after its last action of the batch.
    assert (one0.clock_state, one1.clock_state) == ({"left": [9.0, 6.5, 7.0]}, None)
    # A taken number fails the whole statement: nothing of it stored, nothing announced.
    with pytest.raises(IntegrityError):
        opened._writer.write([NewAction("one1", 2, 2, "x"), NewAction("one0", 2, 2, "y")], now)
    assert list(listener.notifies(timeout=0.5)) == []
    assert opened.get("one1").actions == ["play blue+1"]  # type: ignore[union-attr]
    # A connection the server ended is found before the batch is sent, which goes on a new one.
    backend = opened._writer.connection.dbapi_connection.info.backend_pid
    listener.execute("SELECT pg_terminate_backend(%s)", [backend])
    _farewell(opened._writer.connection.dbapi_connection.pgconn.socket)
    assert opened.append_many([NewAction("one1", 2, 0, "play green+2")]) == [None]
    assert opened._writer.connection.dbapi_connection.info.backend_pid != backend
    listener.close()
    opened.close()


def test_the_group_commit_on_postgresql_writes_on_the_loop_in_one_statement(
    postgres: Postgres,
) -> None:
    opened, listener = _listened(postgres, "loop", 3)
    writes = GroupCommit(opened)

    async def moves() -> list[BaseException | None]:
        first = await asyncio.gather(
            *(writes.append(f"loop{n}", 1, 0, "play zero", {"n": n}) for n in range(3))
        )
        assert first == [None] * 3
        assert writes.thread is None and writes.on_the_loop is not None  # on the loop
        # A number taken fails alone, the others of its batch stored one by one.
        later = [writes.append("loop1", 2, 1, "play blue+2"), writes.append("loop0", 1, 1, "x")]
        results = await asyncio.gather(*later, return_exceptions=True)
        # A connection the server ended is found before the next batch, which goes on a new one.
        assert writes.on_the_loop is not None and writes.on_the_loop.connection is not None
        backend = writes.on_the_loop.connection.info.backend_pid
        listener.execute("SELECT pg_terminate_backend(%s)", [backend])
        _farewell(writes.on_the_loop.connection.pgconn.socket)
        await writes.append("loop2", 2, 2, "play green+3")
        connection = writes.on_the_loop.connection
        assert connection is not None and connection.info.backend_pid != backend
        await writes.close()
        return results

    results = asyncio.run(moves())
    assert results[0] is None and isinstance(results[1], ConflictError)
    heard = [note.payload for note in listener.notifies(timeout=2, stop_after=5)]
    assert sorted(heard) == sorted(
        announcement(NewAction(t, s, 0, x))
        for t, s, x in [
            ("loop0", 1, "play zero"),
            ("loop1", 1, "play zero"),
            ("loop2", 1, "play zero"),
            ("loop1", 2, "play blue+2"),
            ("loop2", 2, "play green+3"),
        ]
    )
    loops = [opened.get(f"loop{n}") for n in range(3)]
    assert [t.actions for t in loops if t] == [
        ["play zero"],
        ["play zero", "play blue+2"],
        ["play zero", "play green+3"],
    ]
    assert [t.clock_state for t in loops if t] == [{"n": 0}, {"n": 1}, {"n": 2}]
    listener.close()
    opened.close()


def test_a_write_on_postgresql_checks_a_connection_numbered_above_1023(postgres: Postgres) -> None:
    # A busy server's sockets go above 1023, which ``select`` refuses: the check before a
    # batch must take any number.
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard != resource.RLIM_INFINITY and hard < 1200:
        pytest.skip(f"this process may open only {hard} files")
    resource.setrlimit(resource.RLIMIT_NOFILE, (max(soft, 1200), hard))
    taken = [os.dup(0) for _ in range(1100)]
    try:
        opened = Store(postgres.url)
        opened.create("high", "fearless", 3, 0, {}, [SeatInfo(None, "a" * 64)] * 3)
        writes = GroupCommit(opened)

        async def moves() -> None:
            for seq in (1, 2):  # the second is checked on the connection the first opened
                await writes.append("high", seq, 0, f"play blue+{seq}")
            assert writes.on_the_loop is not None and writes.on_the_loop.connection is not None
            assert writes.on_the_loop.connection.pgconn.socket > 1023
            await writes.close()

        asyncio.run(moves())
        for seq in (3, 4):  # the same on the store's own writer
            assert opened.append_many([NewAction("high", seq, 0, f"play blue+{seq}")]) == [None]
        assert opened._writer.connection.dbapi_connection.pgconn.socket > 1023
        assert opened.get("high").actions == [f"play blue+{n}" for n in (1, 2, 3, 4)]  # type: ignore[union-attr]
        opened.close()
    finally:
        for descriptor in taken:
            os.close(descriptor)
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_the_write_on_the_loop_fails_with_sqlalchemys_error_that_players_read_without_address(
    postgres: Postgres,
) -> None:
    opened = Store(postgres.url)  # the server is shared: tables of their own
    opened.create("gone0", "fearless", 3, 0, {}, [SeatInfo(None, "a" * 64)] * 3)
    writer = OnTheLoop(opened)

    async def writes() -> list[Exception | None]:
        assert await writer.write([NewAction("gone0", 1, 0, "play zero")]) == [None]
        await asyncio.to_thread(postgres.stop)
        try:
            return await writer.write([NewAction("gone0", 2, 0, "play blue+1")])
        finally:
            await asyncio.to_thread(postgres.start)
            await writer.close()

    (failed,) = asyncio.run(writes())
    assert isinstance(failed, OperationalError)
    said = database_trouble(failed)
    assert "127.0.0.1" not in said and str(postgres.port) not in said
    assert opened.get("gone0").actions == ["play zero"]  # type: ignore[union-attr]
    opened.close()
