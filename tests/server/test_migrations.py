"""A database made by the previous release (schema 0004) upgrades in place: its tables,
actions, chat and records intact and replaying, and the accounts' tables working."""

from __future__ import annotations

import random
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import pytest
import sqlalchemy as sa
from alembic import command
from alembic.config import Config
from alembic.script import ScriptDirectory
from fastapi.testclient import TestClient

import parlour
from parlour.server import create_app
from parlour.server.community.accounts import Accounts
from parlour.server.store import MIGRATIONS, SeatInfo, Store, make_engine

from .postgres import Postgres

# The previous release's tables, as migrations 0001-0004 made them (the columns it wrote).
OLD = sa.MetaData()
OLD_TABLES = sa.Table(
    "parlour_tables",
    OLD,
    sa.Column("id", sa.String(32), primary_key=True),
    sa.Column("game", sa.String(64)),
    sa.Column("players", sa.Integer),
    sa.Column("seed", sa.BigInteger),
    sa.Column("options", sa.JSON),
    sa.Column("seats", sa.JSON),
    sa.Column("created_at", sa.DateTime(timezone=True)),
    sa.Column("finished_at", sa.DateTime(timezone=True)),
    sa.Column("scores", sa.JSON),
    sa.Column("winners", sa.JSON),
    sa.Column("rematch_of", sa.String(32)),
    sa.Column("version", sa.String(32)),
    sa.Column("hints", sa.Boolean),
)
OLD_ACTIONS = sa.Table(
    "parlour_actions",
    OLD,
    sa.Column("table_id", sa.String(32), primary_key=True),
    sa.Column("seq", sa.Integer, primary_key=True),
    sa.Column("text", sa.Text),
    sa.Column("seat", sa.Integer),
    sa.Column("created_at", sa.DateTime(timezone=True)),
)
OLD_CHAT = sa.Table(
    "parlour_chat",
    OLD,
    sa.Column("id", sa.Integer, primary_key=True),
    sa.Column("table_id", sa.String(32)),
    sa.Column("seat", sa.Integer),
    sa.Column("name", sa.String(64)),
    sa.Column("text", sa.Text),
    sa.Column("created_at", sa.DateTime(timezone=True)),
)
THEN = datetime(2026, 6, 1, 12, 0, tzinfo=UTC)


def migrate_to(url: str, revision: str) -> None:
    """Bring the database at ``url`` to ``revision`` only (``store.migrate`` goes to head)."""
    engine = make_engine(url)
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    try:
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, revision)
    finally:
        engine.dispose()


def newest() -> str:
    """The newest migration, which opening a database brings it to."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    return str(ScriptDirectory.from_config(config).get_current_head())


def revision_of(url: str) -> str:
    """The migration the database is at."""
    engine = make_engine(url)
    try:
        with engine.connect() as connection:
            return str(connection.scalar(sa.text("SELECT version_num FROM alembic_version")))
    finally:
        engine.dispose()


def played(game: str, players: int, seed: int, moves: int | None) -> Any:
    """A game played at random, to its end (``moves``: None) or for ``moves`` actions."""
    state = parlour.load(game).new_game(players=players, seed=seed)
    rng = random.Random(seed)
    while not state.is_over and (moves is None or state.move_number < moves):
        state.apply(rng.choice(state.legal_actions()))
    return state


def write_old_release(url: str) -> dict[str, Any]:
    """A 0004 database with what the previous release stored: a finished game of seats in
    the oldest form (no names), a game under way with named seats and chat; what was
    written, by table id."""
    migrate_to(url, "0004")
    over = played("fearless", 3, 5, None)
    going = played("citadels", 2, 8, 12)
    written = {"old-over": over, "old-going": going}
    engine = make_engine(url)
    try:
        with engine.begin() as connection:
            connection.execute(
                sa.insert(OLD_TABLES),
                [
                    {
                        "id": "old-over",
                        "game": "fearless",
                        "players": 3,
                        "seed": 5,
                        "options": over.record()["options"],
                        # Seats as stored before names existed.
                        "seats": [
                            {"bot": None, "token_hash": "a" * 64},
                            {"bot": "easy", "token_hash": None},
                            {"bot": "hard", "token_hash": None},
                        ],
                        "created_at": THEN,
                        "finished_at": THEN + timedelta(minutes=20),
                        "scores": over.scores(),
                        "winners": over.winners(),
                        "rematch_of": None,
                        "version": over.record().get("version"),
                        "hints": None,
                    },
                    {
                        "id": "old-going",
                        "game": "citadels",
                        "players": 2,
                        "seed": 8,
                        "options": going.record()["options"],
                        "seats": [
                            {
                                "bot": None,
                                "token_hash": "b" * 64,
                                "name": "Ann",
                                "auto_pass": False,
                            },
                            {"bot": None, "token_hash": "c" * 64, "name": None, "auto_pass": True},
                        ],
                        "created_at": THEN,
                        "finished_at": None,
                        "scores": None,
                        "winners": None,
                        "rematch_of": "old-over",
                        "version": going.record().get("version"),
                        "hints": True,
                    },
                ],
            )
            for table_id, state in written.items():
                connection.execute(
                    sa.insert(OLD_ACTIONS),
                    [
                        {
                            "table_id": table_id,
                            "seq": seq,
                            "text": text,
                            "seat": 0,
                            "created_at": THEN + timedelta(seconds=seq),
                        }
                        for seq, text in enumerate(state.record()["actions"], start=1)
                    ],
                )
            connection.execute(
                sa.insert(OLD_CHAT),
                [
                    {
                        "table_id": "old-going",
                        "seat": seat,
                        "name": name,
                        "text": text,
                        "created_at": THEN + timedelta(minutes=number),
                    }
                    for number, (seat, name, text) in enumerate(
                        [(0, "Ann", "hello <b>there</b>"), (1, None, "good luck"), (0, "Ann", "gg")]
                    )
                ],
            )
    finally:
        engine.dispose()
    return written


@pytest.fixture(params=["sqlite", "postgresql"])
def url(request: pytest.FixtureRequest, tmp_path: Path) -> str:
    """A fresh, empty database of each kind."""
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'old.db'}"
    import psycopg

    server: Postgres = request.getfixturevalue("postgres")
    name = f"old_{random.randrange(10**9)}"
    with psycopg.connect(
        f"host=127.0.0.1 port={server.port} user=parlour dbname=postgres", autocommit=True
    ) as connection:
        connection.execute(f"CREATE DATABASE {name}")
    return server.url.replace("/postgres", f"/{name}")


def test_the_previous_releases_database_upgrades_with_everything_intact(url: str) -> None:
    written = write_old_release(url)
    assert revision_of(url) == "0004"
    store = Store(url)  # upgrades to head
    try:
        assert revision_of(url) == newest()
        for table_id, state in written.items():
            info = store.get(table_id)
            assert info is not None
            assert info.record() == state.record()
            again = parlour.replay(info.record())
            assert again.view(None) == state.view(None)
            assert info.created_at == THEN
            assert not info.rated and info.creator_id is None and info.rating_changes is None
            assert info.stopped_at is None  # migration 0008: no older table was stopped
        over = store.get("old-over")
        assert over is not None
        assert over.finished_at == THEN + timedelta(minutes=20)
        assert over.scores == written["old-over"].scores()
        assert over.winners == written["old-over"].winners()
        assert [(s.bot, s.token_hash, s.name, s.auto_pass) for s in over.seats] == [
            (None, "a" * 64, None, True),
            ("easy", None, None, True),
            ("hard", None, None, True),
        ]
        going = store.get("old-going")
        assert going is not None and going.finished_at is None and going.hints is True
        assert [(s.name, s.auto_pass, s.account, s.open) for s in going.seats] == [
            ("Ann", False, None, False),
            (None, True, None, False),
        ]
        assert store.rematch("old-over") == "old-going"
        assert [(line.seat, line.name, line.text) for line in store.chat("old-going", 100)] == [
            (0, "Ann", "hello <b>there</b>"),
            (1, None, "good luck"),
            (0, "Ann", "gg"),
        ]
        assert store.ids(unfinished_only=True) == ["old-going"]

        # The new tables work beside the old ones.
        accounts = Accounts(store.engine)
        account = accounts.create("oldtimer", "a password of old")
        assert accounts.verify("OLDTIMER", "a password of old") == account
        store.create(
            "new-one",
            "fearless",
            3,
            1,
            {},
            [
                SeatInfo(None, "d" * 64, "oldtimer", account=account.id),
                SeatInfo("easy", None),
                SeatInfo("easy", None),
            ],
            rated=True,
            creator_id=account.id,
        )
        new = store.get("new-one")
        assert new is not None and new.rated and new.seats[0].account == account.id
    finally:
        store.close()


def test_the_server_opens_an_upgraded_database_and_serves_its_old_tables(url: str) -> None:
    written = write_old_release(url)
    with TestClient(create_app(url, workers=1, bot_delay=0)) as client:
        assert revision_of(url) == newest()
        over = client.get("/api/tables/old-over")
        assert over.status_code == 200
        assert over.json()["table"]["status"] == "over"
        record = client.get("/api/tables/old-over/record")
        assert record.status_code == 200
        assert record.json()["actions"] == written["old-over"].record()["actions"]
        going = client.get("/api/tables/old-going")
        assert going.status_code == 200
        assert going.json()["view"]["move"] == written["old-going"].move_number
        listed = client.get("/api/tables")
        assert listed.status_code == 200
        made = client.post("/api/accounts", json={"username": "newcomer", "password": "x" * 12})
        assert made.status_code == 201
        assert client.get("/api/me").json()["username"] == "newcomer"


def test_upgrading_twice_changes_nothing(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'twice.db'}"
    written = write_old_release(url)
    Store(url).close()
    store = Store(url)
    try:
        info = store.get("old-over")
        assert info is not None and info.record() == written["old-over"].record()
    finally:
        store.close()
