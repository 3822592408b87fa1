"""The store on SQLite and on a real PostgreSQL server: records, sequence numbers, migrations."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import replace
from datetime import UTC, datetime
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import inspect

import parlour
from parlour.server import create_app
from parlour.server.store import ChatLine, ConflictError, SeatInfo, Store

from .conftest import create, play_out
from .postgres import postgres_server, unavailable


@pytest.fixture(scope="module")
def postgres_url() -> Iterator[str]:
    """A fresh PostgreSQL server for this module."""
    why = unavailable()
    if why is not None:
        pytest.skip(f"no PostgreSQL server for the storage tests: {why}")
    with postgres_server() as server:
        yield server.url


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A database URL of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    found: str = request.getfixturevalue("postgres_url")
    return found


def test_a_table_is_stored_as_its_record(url: str) -> None:
    store = Store(url)
    try:
        seats = [SeatInfo(None, "a" * 64), SeatInfo("easy", None), SeatInfo("hard", None)]
        name = f"t{abs(hash(url)) % 10**8}"
        store.create(name, "fearless", 3, 2**40 + 3, {"first_leader": 1}, seats)
        for seq, text in enumerate(["play green+2", "play green+5", "play zero"], start=1):
            store.append(name, seq, seq % 3, text)
        with pytest.raises(ConflictError):
            store.append(name, 2, 0, "play blue+1")
        info = store.get(name)
        assert info is not None
        assert info.record() == {
            "game": "fearless",
            "players": 3,
            "seed": 2**40 + 3,
            "options": {"first_leader": 1},
            "actions": ["play green+2", "play green+5", "play zero"],
        }
        assert [s.bot for s in info.seats] == [None, "easy", "hard"]
        assert info.seats[0].token_hash == "a" * 64
        assert name in store.ids(unfinished_only=True)
        store.finish(name, [3, 1, 2], [1])
        done = store.get(name)
        assert done is not None and done.finished_at is not None and done.winners == [1]
        assert name not in store.ids(unfinished_only=True)
        assert store.get("missing") is None
    finally:
        store.close()
    # Opening the database again runs the migrations again: a no-op on the newest schema.
    again = Store(url)
    try:
        names = set(inspect(again.engine).get_table_names())
        assert {"parlour_tables", "parlour_actions", "alembic_version"} <= names
        assert again.get(name) is not None
    finally:
        again.close()


def test_a_whole_game_through_the_app_on_each_database(url: str) -> None:
    with TestClient(create_app(url, workers=1, bot_delay=0)) as client:
        answer = create(client, "citadels", 2, {1: "random"}, seed=6)
        table, token = answer["table"], answer["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
            last = play_out(ws, seed=2)
    # A new app on the same database finds the finished game and its record.
    with TestClient(create_app(url, workers=1, bot_delay=0)) as client:
        record = client.get(f"/api/tables/{table}/record").json()
        assert client.get(f"/api/tables/{table}").json()["table"]["status"] == "over"
    assert parlour.replay(record).scores() == last["view"]["scores"]


def test_names_settings_hints_and_chat_are_stored_on_each_database(url: str) -> None:
    store = Store(url)
    name = f"p{abs(hash(url)) % 10**8}"
    try:
        seats = [SeatInfo(None, "a" * 64), SeatInfo("easy", None)]
        store.create(name, "fearless", 3, 1, {}, [*seats, SeatInfo(None, "b" * 64)], hints=True)
        seats = [SeatInfo(None, "a" * 64, "Ana", False), SeatInfo("easy", None)]
        store.set_seats(name, [*seats, SeatInfo(None, "b" * 64)])
        moment = datetime(2026, 12, 2, 11, 0, tzinfo=UTC)
        for n, text in enumerate(["hi", "<b>bold</b> & 'quotes'", "ünïcödé ✓"]):
            store.add_chat(name, ChatLine(n % 2, "Ana" if n % 2 == 0 else None, text, moment))
        lines = store.chat(name, 2)
    finally:
        store.close()
    again = Store(url)  # what a restarted server reads
    try:
        info = again.get(name)
    finally:
        again.close()
    assert [line.text for line in lines] == ["<b>bold</b> & 'quotes'", "ünïcödé ✓"]
    assert lines[1].id is not None  # what a report or an admin's deletion names
    assert replace(lines[1], id=None) == ChatLine(0, "Ana", "ünïcödé ✓", moment)
    assert info is not None and info.hints is True
    stored = [(s.name, s.auto_pass) for s in info.seats]
    assert stored == [("Ana", False), (None, True), (None, True)]
