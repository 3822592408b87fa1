"""Storage of tables as records: a row per table and its append-only actions (SQLAlchemy)."""

from __future__ import annotations

import contextlib
import json
import secrets
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field, replace
from datetime import UTC, datetime
from pathlib import Path
from select import POLLIN, poll
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    DateTime,
    Engine,
    ForeignKey,
    Integer,
    String,
    Text,
    bindparam,
    column,
    create_engine,
    delete,
    event,
    insert,
    make_url,
    select,
    text,
    update,
)
from sqlalchemy import table as sql_table
from sqlalchemy.engine import Connection, Dialect
from sqlalchemy.exc import DBAPIError, IntegrityError, SQLAlchemyError
from sqlalchemy.orm import Mapped, Session, mapped_column

from . import metrics
from .base import Base
from .community.rows import AccountRow, AccountSeatRow

__all__ = [
    "MOVES_CHANNEL",
    "TABLES_CHANNEL",
    "ActionRow",
    "ChatLine",
    "ChatRow",
    "ConflictError",
    "FinishStep",
    "GoneError",
    "NewAction",
    "SeatInfo",
    "Store",
    "TableInfo",
    "TableRow",
    "libpq_url",
]

MIGRATIONS = Path(__file__).with_name("migrations")
# The PostgreSQL channel on which every committed action is announced (``LISTEN``).
MOVES_CHANNEL = "parlour_moves"
# The channel of the other changes to a live table: its seats (names, settings), its chat.
TABLES_CHANNEL = "parlour_tables"
# NOTIFY payloads must stay under 8000 bytes: a longer action is announced without its text.
PAYLOAD_LIMIT = 7000


class TableRow(Base):
    """A table: the game, its options and seed, who sits where, when it began and ended."""

    __tablename__ = "parlour_tables"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    seed: Mapped[int] = mapped_column(BigInteger)
    options: Mapped[dict[str, Any]] = mapped_column(JSON)
    # Per seat: {"bot": name or null, "token_hash": hex digest or null, and for a person's
    # seat "name" (null until given) and "auto_pass"}.
    seats: Mapped[list[dict[str, Any]]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    # Filled in when the game ends, so the lobby lists results without replaying.
    scores: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    winners: Mapped[list[int] | None] = mapped_column(JSON, nullable=True)
    # Unique (migration 0004): a table has one rematch, whichever process opened it.
    rematch_of: Mapped[str | None] = mapped_column(
        String(32), nullable=True, unique=True, index=True
    )
    # The rules version the game is played under (``record["version"]``).
    version: Mapped[str | None] = mapped_column(String(32), nullable=True)
    # Whether seats may ask for hints (null for tables older than migration 0003: the default).
    hints: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # Migration 0005. Whether the game counts for ratings (null: no, as for older tables).
    rated: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # The account that opened the table (it may fill or close open seats while it waits).
    creator_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    # True while a seat is open for anyone to take (the lobby lists these).
    waiting: Mapped[bool | None] = mapped_column(Boolean, nullable=True, index=True)
    # Once a rated game ended: each seat's rating change (null for a guest's seat).
    rating_changes: Mapped[list[float | None] | None] = mapped_column(JSON, nullable=True)
    # Migration 0006. The clock chosen at creation (API.md, "Clocks": {"initial",
    # "increment"} or {"per_move"}; null: none), and where it stands: each seat's remaining
    # seconds, the seat whose time runs and since when, the seats played by a bot meanwhile.
    clock: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    clock_state: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # Migration 0007. Whether the table is listed (API.md, "Private tables"); null for older
    # tables, which count as private.
    public: Mapped[bool | None] = mapped_column(Boolean, nullable=True)
    # Migration 0008: when an admin, or the retention policy, stopped the table's game where
    # it stood (``finished_at`` is set with it, scores and winners stay null).
    stopped_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ActionRow(Base):
    """One action of a table, numbered from 1; (table, seq) is unique, rows never change."""

    __tablename__ = "parlour_actions"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("parlour_tables.id"), primary_key=True
    )
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    text: Mapped[str] = mapped_column(Text)
    seat: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class ChatRow(Base):
    """One line of a table's chat, numbered in the order the server received them."""

    __tablename__ = "parlour_chat"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    table_id: Mapped[str] = mapped_column(String(32), ForeignKey("parlour_tables.id"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Migration 0007: set when an admin deletes the line (it is then never shown).
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


# What runs inside the transaction that marks a table finished (given the table as stored,
# scores and winners set): it answers each seat's rating change, or ``None`` for none.
FinishStep = Callable[[Session, "TableInfo"], list[float | None] | None]


class ConflictError(Exception):
    """The action's sequence number is taken (another writer got there first), or a seat
    change found the seat or the table no longer as it was asked for; its text says why."""


class GoneError(Exception):
    """The table is no longer stored (closed while it waited)."""


@dataclass(frozen=True)
class NewAction:
    """An action to store: its table, its number there (from 1), who took it, its text."""

    table_id: str
    seq: int
    seat: int
    text: str
    # Where the table's clock stands after it, stored with it (``None``: no clock, no write).
    clock_state: dict[str, Any] | None = None


@dataclass
class SeatInfo:
    """Who sits at a seat: a bot by name, or a person holding the token with this hash, with
    the name the person gave (``None``: none yet) and whether the server passes for them;
    ``account``: the account holding the seat (its name is the seat's); ``open``: a person's
    seat nobody has taken yet (no token); ``absent``: a person whose time ran out, played by
    ``clocks.ABSENT_BOT`` until they come back."""

    bot: str | None
    token_hash: str | None
    name: str | None = None
    auto_pass: bool = True
    account: int | None = None
    open: bool = False
    absent: bool = False

    def to_json(self) -> dict[str, Any]:
        """The stored form (``account``, ``open`` and ``absent`` only where set, as older rows
        lack them)."""
        out: dict[str, Any] = {
            "bot": self.bot,
            "token_hash": self.token_hash,
            "name": self.name,
            "auto_pass": self.auto_pass,
        }
        if self.account is not None:
            out["account"] = self.account
        if self.open:
            out["open"] = True
        if self.absent:
            out["absent"] = True
        return out

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> SeatInfo:
        """A seat from its stored form (seats stored before names had none: the defaults)."""
        return cls(
            data.get("bot"),
            data.get("token_hash"),
            data.get("name"),
            bool(data.get("auto_pass", True)),
            data.get("account"),
            bool(data.get("open", False)),
            bool(data.get("absent", False)),
        )


@dataclass(frozen=True)
class ChatLine:
    """A line of chat: the seat that said it, its name then, the text verbatim, and when;
    ``id``: its number in the store (what a report or an admin's deletion names), once
    stored."""

    seat: int
    name: str | None
    text: str
    at: datetime
    id: int | None = None

    def to_json(self) -> dict[str, Any]:
        """The line as the protocol sends it (``type`` aside)."""
        return {
            "id": self.id,
            "seat": self.seat,
            "name": self.name,
            "text": self.text,
            "at": self.at.isoformat(),
        }


@dataclass
class TableInfo:
    """A stored table with its actions in order."""

    id: str
    game: str
    players: int
    seed: int
    options: dict[str, Any]
    seats: list[SeatInfo]
    created_at: datetime
    finished_at: datetime | None = None
    scores: list[int] | None = None
    winners: list[int] | None = None
    rematch_of: str | None = None
    version: str | None = None
    # Whether seats may ask for hints; ``None``: the default (``people.hints_default``).
    hints: bool | None = None
    rated: bool = False
    creator_id: int | None = None
    rating_changes: list[float | None] | None = None
    # The clock chosen at creation and where it stood at the last change (``community.clocks``).
    clock: dict[str, Any] | None = None
    clock_state: dict[str, Any] | None = None
    # When an admin or the retention policy stopped the game (``None``: never).
    stopped_at: datetime | None = None
    # Whether the table is listed (API.md, "Private tables"): else only its links find it.
    public: bool = False
    actions: list[str] = field(default_factory=list)

    def record(self) -> dict[str, Any]:
        """The game's record: what ``parlour.replay`` rebuilds the state from."""
        out: dict[str, Any] = {
            "game": self.game,
            "players": self.players,
            "seed": self.seed,
            "options": dict(self.options),
            "actions": list(self.actions),
        }
        if self.version is not None:
            out["version"] = self.version
        return out


def _now() -> datetime:
    return datetime.now(UTC)


def _aware(moment: datetime | None) -> datetime | None:
    # SQLite hands back naive datetimes for what was stored in UTC.
    if moment is None or moment.tzinfo is not None:
        return moment
    return moment.replace(tzinfo=UTC)


def _sqlite_pragmas(dbapi_connection: Any, _record: Any) -> None:
    cursor = dbapi_connection.cursor()
    # WAL lets readers work while a move is written; FULL syncs each commit to disk, so an
    # acknowledged action survives a power cut, not only a crash of the process.
    cursor.execute("PRAGMA journal_mode=WAL")
    cursor.execute("PRAGMA synchronous=FULL")
    cursor.execute("PRAGMA foreign_keys=ON")
    cursor.close()


class _Statement:
    """A statement compiled once for the database's dialect and run on a DBAPI cursor, its
    parameters processed for the driver as SQLAlchemy's own execution processes them:
    SQLAlchemy's statement cache key and its parameters built row by row cost more than the
    database's work in every move's write."""

    def __init__(self, statement: Any, dialect: Dialect) -> None:
        compiled = statement.compile(dialect=dialect)
        self.sql = str(compiled)
        # The driver's placeholders by position (SQLite's ``?``) or by name (psycopg's).
        self.order = list(compiled.positiontup or ()) if compiled.positional else None
        self.processors = [
            (name, process)
            for name, bind in compiled.binds.items()
            if (process := bind.type.dialect_impl(dialect).bind_processor(dialect)) is not None
        ]

    def parameters(self, row: dict[str, Any]) -> Any:
        """``row`` (by the statement's names) as the driver takes it; ``row`` is changed."""
        for name, process in self.processors:
            row[name] = process(row[name])
        if self.order is None:
            return row
        return tuple(row[name] for name in self.order)

    def run(self, cursor: Any, rows: list[dict[str, Any]]) -> None:
        """Run it once for each of ``rows`` (``executemany``; one row: ``execute``)."""
        if len(rows) == 1:
            cursor.execute(self.sql, self.parameters(rows[0]))
        else:
            cursor.executemany(self.sql, [self.parameters(row) for row in rows])


class _ActionInsert(_Statement):
    """The insert of a batch of actions (the time processed once a batch)."""

    def __init__(self, dialect: Dialect) -> None:
        super().__init__(insert(ActionRow), dialect)
        time = dict(self.processors).get("created_at")
        self.time = time
        self.processors = [(n, p) for n, p in self.processors if n != "created_at"]

    def __call__(self, cursor: Any, actions: list[NewAction], now: datetime) -> None:
        """Insert ``actions``, made at ``now``, in the transaction of ``cursor``'s connection."""
        moment = now if self.time is None else self.time(now)
        self.run(
            cursor,
            [
                {
                    "table_id": a.table_id,
                    "seq": a.seq,
                    "seat": a.seat,
                    "text": a.text,
                    "created_at": moment,
                }
                for a in actions
            ],
        )


# A batch on PostgreSQL in one statement, so one round trip and its own transaction: the
# actions, the clocks' states after them, and their announcements, which PostgreSQL delivers
# when, and only if, the statement commits (``announcement``; the store's other writes
# announce in their transactions). A data-modifying ``WITH`` runs whether or not it is read.
# The batch comes as one JSON text: the driver dumps one string where arrays of each field
# cost it a tenth of a move's CPU.
ONE_STATEMENT = f"""WITH batch AS (
    SELECT * FROM json_to_recordset(%(batch)s::json)
        AS b(table_id text, seq int, seat int, text text, payload text)
), stored AS (
    INSERT INTO {ActionRow.__tablename__} (table_id, seq, seat, text, created_at)
    SELECT table_id, seq, seat, text, %(at)s FROM batch
    RETURNING 1
), clocked AS (
    UPDATE {TableRow.__tablename__} SET clock_state = c.value
    FROM json_each(%(clocks)s::json) AS c
    WHERE {TableRow.__tablename__}.id = c.key
    RETURNING 1
)
SELECT pg_notify('{MOVES_CHANNEL}', payload) FROM batch"""


def has_input(descriptor: int) -> bool:
    """Whether anything waits to be read on ``descriptor`` (``poll``: ``select`` refuses a
    number above 1023, and a busy server's sockets go far above it)."""
    waiting = poll()
    waiting.register(descriptor, POLLIN)
    return bool(waiting.poll(0))


def one_statement(actions: list[NewAction], now: datetime | None = None) -> dict[str, Any]:
    """``ONE_STATEMENT``'s parameters for ``actions`` made at ``now`` (``None``: now); a
    table's clock takes the state after its last action of the batch."""
    batch = [
        {
            "table_id": a.table_id,
            "seq": a.seq,
            "seat": a.seat,
            "text": a.text,
            "payload": announcement(a),
        }
        for a in actions
    ]
    clocks = {a.table_id: a.clock_state for a in actions if a.clock_state is not None}
    return {"batch": json.dumps(batch), "at": now or _now(), "clocks": json.dumps(clocks)}


class _Writer:
    """The group commit's own database connection: one DBAPI connection, held from its first
    write to the store's close, and the batch's statements run on it compiled once (no pool
    checkout, no SQLAlchemy transaction, no statement cache a batch: those were most of a
    move's write). Errors are SQLAlchemy's, as its own execution raises them (a taken number
    is its ``IntegrityError``). One thread at a time writes (the lock says so)."""

    def __init__(self, engine: Engine, announces: bool) -> None:
        self.engine = engine
        self.dialect = engine.dialect
        self.insert = _ActionInsert(self.dialect)
        self.clocks = _Statement(
            update(TableRow)
            .where(TableRow.id == bindparam("key"))
            .values(clock_state=bindparam("clock_state", type_=JSON)),
            self.dialect,
        )
        self.connection: Any = None  # SQLAlchemy's proxy of the DBAPI connection
        # PostgreSQL (which announces): a batch is ``ONE_STATEMENT`` in autocommit, one round
        # trip where a transaction of three statements took four.
        self.one_statement = announces
        self.lock = threading.Lock()
        # The engine's pool was replaced (``Engine.dispose``): connections opened from now
        # on may be set up otherwise, so this one is given up before the next write.
        self.disposed = False
        event.listen(engine, "engine_disposed", self._disposed)

    def _disposed(self, _engine: Engine) -> None:
        self.disposed = True

    def write(self, actions: list[NewAction], now: datetime) -> None:
        """Store ``actions`` in one transaction, committed when this returns. A connection
        found broken before the commit was sent is replaced and the batch written once
        more on the new one (nothing of it can have been stored); one that breaks in the
        commit raises, the outcome unknown."""
        with self.lock:
            for attempt in (1, 2):
                if self.disposed:
                    self.disposed = False
                    self._drop()
                fresh, committing = self.connection is None, False
                try:
                    if fresh:
                        self._open()
                    cursor = self.connection.cursor()
                    try:
                        if self.one_statement:
                            if not fresh:
                                self._check(cursor)
                            committing = True  # the statement is its own transaction
                            cursor.execute(ONE_STATEMENT, one_statement(actions, now))
                            return
                        self._statements(cursor, actions, now)
                    finally:
                        cursor.close()
                    committing = True
                    self.connection.commit()
                    return
                except self.dialect.loaded_dbapi.Error as error:
                    broken = self._failed(error)
                    if broken and not committing and not fresh and attempt == 1:
                        continue
                    raise DBAPIError.instance(
                        self.insert.sql,
                        None,
                        error,
                        self.dialect.loaded_dbapi.Error,
                        connection_invalidated=broken,
                        dialect=self.dialect,
                    ) from error

    def _open(self) -> None:
        self.connection = self.engine.raw_connection()
        if self.one_statement:
            # Out of the pool, which must not hand others a connection in autocommit.
            self.connection.detach()
            self.connection.dbapi_connection.autocommit = True

    def _check(self, cursor: Any) -> None:
        """Raise the driver's error if the connection is broken, judged before the batch is
        sent: anything to read on an idle connection is a server's farewell (a restart's)
        or a notice, so only then a round trip tells which."""
        if has_input(self.connection.dbapi_connection.pgconn.socket):
            cursor.execute("SELECT 1")

    def _statements(self, cursor: Any, actions: list[NewAction], now: datetime) -> None:
        """The batch's statements where it is not one (SQLite), in the open transaction."""
        self.insert(cursor, actions, now)
        clocks = [
            {"key": a.table_id, "clock_state": a.clock_state}
            for a in actions
            if a.clock_state is not None
        ]
        if clocks:  # tables without a clock write nothing more
            self.clocks.run(cursor, clocks)

    def _failed(self, error: Any) -> bool:  # the driver's own error
        """After ``error``: whether the connection broke, or none could be opened (it is
        then given up), else the transaction is rolled back. A failure other than a taken
        number is counted."""
        if not isinstance(error, self.dialect.loaded_dbapi.IntegrityError):
            metrics.database_error("store")
        if self.connection is None:
            return True
        broken = self.dialect.is_disconnect(error, self.connection.dbapi_connection, None)
        if broken:
            self.connection.invalidate(error)
            self.connection = None
            return True
        try:
            self.connection.rollback()
        except self.dialect.loaded_dbapi.Error as second:
            self.connection.invalidate(second)
            self.connection = None
        return False

    def _drop(self) -> None:
        if self.connection is not None:
            connection, self.connection = self.connection, None
            with contextlib.suppress(self.dialect.loaded_dbapi.Error):
                connection.close()  # back to its pool, which closes it when disposed

    def close(self) -> None:
        """Give the connection back (the next write opens another)."""
        with self.lock:
            self._drop()


def make_engine(url: str) -> Engine:
    """An engine for ``url`` (SQLite files get WAL mode and full syncs)."""
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})
        event.listen(engine, "connect", _sqlite_pragmas)
        return engine
    return create_engine(url, pool_pre_ping=True)


def libpq_url(url: str) -> str:
    """The SQLAlchemy URL ``url`` (``postgresql+psycopg://...``) as psycopg's own connect
    string."""
    return make_url(url).set(drivername="postgresql").render_as_string(hide_password=False)


def announcement(action: NewAction) -> str:
    """The NOTIFY payload of a stored action: JSON ``[table, seq, text]`` (text ``null`` when
    it is too long for a payload: the listener then reads it from the table)."""
    payload = json.dumps([action.table_id, action.seq, action.text])
    if len(payload.encode("utf-8")) > PAYLOAD_LIMIT:
        payload = json.dumps([action.table_id, action.seq, None])
    return payload


def migrate(engine: Engine) -> None:
    """Bring the database's schema to the newest migration (Alembic, inside the package)."""
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


class Store:
    """Tables and their actions in one database; every write is committed before it returns."""

    def __init__(self, url: str) -> None:
        self.url = url
        self.engine = make_engine(url)
        # On PostgreSQL every stored action is announced to the other server processes.
        self.announces = self.engine.dialect.name == "postgresql"
        # Who announces: a process ignores what it announced itself.
        self.origin = secrets.token_hex(8)
        migrate(self.engine)
        self._writer = _Writer(self.engine, self.announces)

    def close(self) -> None:
        """Release the database connections."""
        self._writer.close()
        self.engine.dispose()

    def create(
        self,
        table_id: str,
        game: str,
        players: int,
        seed: int,
        options: dict[str, Any],
        seats: list[SeatInfo],
        rematch_of: str | None = None,
        version: str | None = None,
        hints: bool | None = None,
        rated: bool = False,
        creator_id: int | None = None,
        session: Session | None = None,
        clock: dict[str, Any] | None = None,
        clock_state: dict[str, Any] | None = None,
        public: bool = False,
    ) -> TableInfo:
        """Store a new table with no actions, and the seats accounts hold there, with its
        clock if it has one, listed if ``public``; ``IntegrityError`` if it is the rematch of
        a table that has one already. ``session``: in that session's transaction, which its
        owner commits."""
        created = _now()
        # A JSON round trip so what is stored is exactly what a reload gives back.
        stored = json.loads(json.dumps(options))
        row = TableRow(
            id=table_id,
            game=game,
            players=players,
            seed=seed,
            options=stored,
            seats=[seat.to_json() for seat in seats],
            created_at=created,
            rematch_of=rematch_of,
            version=version,
            hints=hints,
            rated=rated,
            creator_id=creator_id,
            waiting=any(seat.open for seat in seats),
            public=public,
        )
        if clock is not None:
            # Only when there is one: a JSON column given ``None`` stores JSON null, not NULL.
            row.clock, row.clock_state = clock, clock_state
        with self._within(session) as session:
            session.add(row)
            # The table's row first (the account seats refer to it); a second rematch of one
            # table fails here, unannounced.
            session.flush()
            session.add_all(
                AccountSeatRow(table_id=table_id, seat=number, account_id=seat.account, rated=rated)
                for number, seat in enumerate(seats)
                if seat.account is not None
            )
            if rematch_of is not None:
                self._tell(session, rematch_of, "rematch", table_id)
        return TableInfo(
            table_id,
            game,
            players,
            seed,
            stored,
            seats,
            created,
            rematch_of=rematch_of,
            version=version,
            hints=hints,
            rated=rated,
            creator_id=creator_id,
            clock=clock,
            clock_state=clock_state,
            public=public,
        )

    @contextmanager
    def _within(self, session: Session | None) -> Iterator[Session]:
        """``session`` as it is, or a transaction of its own committed on leaving."""
        if session is not None:
            yield session
            return
        with Session(self.engine) as own, own.begin():
            yield own

    def set_seats(self, table_id: str, seats: list[SeatInfo]) -> None:
        """Store the seats' names and settings as they are now."""
        with Session(self.engine) as session, session.begin():
            stored = [seat.to_json() for seat in seats]
            session.execute(update(TableRow).where(TableRow.id == table_id).values(seats=stored))
            self._tell(session, table_id, "seats", stored)

    # -- seats that change hands: open seats taken or filled, a waiting table closed, a
    # finished game claimed. Each is checked and written in one transaction holding the
    # table's row (``FOR UPDATE`` on PostgreSQL; SQLite has one writer at a time), so of two
    # processes changing one seat at once exactly one succeeds.

    def take_seat(
        self, table_id: str, seat: int, token_hash: str, name: str, account_id: int | None
    ) -> list[SeatInfo]:
        """Give open seat ``seat`` to a person (an account's, or a guest's); the seats now.
        ``ConflictError`` if the seat is not open or the account sits there already,
        ``GoneError`` if the table is gone."""

        def take(row: TableRow, seats: list[SeatInfo]) -> None:
            if not seats[seat].open:
                raise ConflictError("the seat is not open: someone has it already")
            if account_id is not None and any(s.account == account_id for s in seats):
                raise ConflictError("you have a seat at this table already")
            seats[seat] = SeatInfo(None, token_hash, name, seats[seat].auto_pass, account_id)

        return self._change_seats(table_id, take, account_id, seat, rated=None)

    def fill_seat(self, table_id: str, seat: int, bot: str) -> list[SeatInfo]:
        """Seat bot ``bot`` at open seat ``seat``; the seats now (``ConflictError`` if the
        seat is not open, ``GoneError`` if the table is gone)."""

        def fill(_row: TableRow, seats: list[SeatInfo]) -> None:
            if not seats[seat].open:
                raise ConflictError("the seat is not open: someone has it already")
            seats[seat] = SeatInfo(bot, None)

        return self._change_seats(table_id, fill, None, seat, rated=None)

    def claim_seat(self, table_id: str, seat: int, account_id: int, name: str) -> list[SeatInfo]:
        """Make a finished game's guest seat the account's, in its history but not its
        ratings; the seats now (``ConflictError`` if the seat or another seat of the table
        is the account's already, or the game is not over)."""

        def claim(row: TableRow, seats: list[SeatInfo]) -> None:
            if row.finished_at is None:
                raise ConflictError("the game is not over: a seat is claimed once it ends")
            if seats[seat].account is not None:
                raise ConflictError("the seat belongs to an account already")
            if any(s.account == account_id for s in seats):
                raise ConflictError("you have a seat at this table already")
            seats[seat].account, seats[seat].name = account_id, name

        return self._change_seats(table_id, claim, account_id, seat, rated=False)

    def _change_seats(
        self,
        table_id: str,
        change: Callable[[TableRow, list[SeatInfo]], None],
        account_id: int | None,
        seat: int,
        rated: bool | None,
    ) -> list[SeatInfo]:
        """Apply ``change(row, seats)`` to the locked table's seats and store them, with the
        account's seat row (``rated``: whether it counts for ratings; ``None``: as the table
        does); the other processes hear of the new seats."""
        with Session(self.engine) as session, session.begin():
            row = self._locked(session, table_id)
            seats = [SeatInfo.from_json(s) for s in row.seats]
            change(row, seats)
            stored = [s.to_json() for s in seats]
            row.seats = stored
            row.waiting = any(s.open for s in seats)
            if account_id is not None:
                session.add(
                    AccountSeatRow(
                        table_id=table_id,
                        seat=seat,
                        account_id=account_id,
                        rated=bool(row.rated) if rated is None else rated,
                    )
                )
            self._tell(session, table_id, "seats", stored)
        return seats

    def _locked(self, session: Session, table_id: str) -> TableRow:
        """The table's row, locked until the transaction ends; ``GoneError`` if none."""
        if self.engine.dialect.name == "sqlite":
            # The driver begins a transaction only at the first write, so a read first would
            # not be part of it: a write that changes nothing takes the database's write lock
            # (others wait for it), and what is read after it stays true until the commit.
            claim = text("UPDATE parlour_tables SET id = id WHERE id = :id")
            session.execute(claim, {"id": table_id})
        row = session.get(TableRow, table_id, with_for_update=True)
        if row is None:
            raise GoneError(f"there is no table {table_id!r}")
        return row

    def close_waiting(self, table_id: str) -> None:
        """Delete a table that waits for open seats, with its account seats and chat; the
        other processes hear of it. ``ConflictError`` once its game has begun, ``GoneError``
        if it is gone already."""
        with Session(self.engine) as session, session.begin():
            row = self._locked(session, table_id)
            if not row.waiting:
                raise ConflictError("the game has begun: only a table that waits can be closed")
            session.execute(delete(AccountSeatRow).where(AccountSeatRow.table_id == table_id))
            session.execute(delete(ChatRow).where(ChatRow.table_id == table_id))
            session.execute(delete(ActionRow).where(ActionRow.table_id == table_id))
            session.delete(row)
            self._tell(session, table_id, "closed", None)

    def set_clock(self, table_id: str, seats: list[SeatInfo], clock_state: dict[str, Any]) -> None:
        """Store a seat's absence or return with where the clock stands; the other processes
        hear of both (``"clock"``)."""
        with Session(self.engine) as session, session.begin():
            stored = [seat.to_json() for seat in seats]
            session.execute(
                update(TableRow)
                .where(TableRow.id == table_id)
                .values(seats=stored, clock_state=clock_state)
            )
            self._tell(session, table_id, "clock", {"seats": stored, "clock_state": clock_state})

    def set_clocks(self, states: dict[str, dict[str, Any]]) -> None:
        """Store where running clocks stand now, per table id (checkpoints: unannounced)."""
        rows = [{"key": key, "clock_state": state} for key, state in states.items()]
        with self.engine.begin() as connection:
            connection.execute(
                update(TableRow)
                .where(TableRow.id == bindparam("key"))
                .values(clock_state=bindparam("clock_state", type_=JSON)),
                rows,
            )

    def clock_state(self, table_id: str) -> dict[str, Any] | None:
        """Where the table's clock stood at its last stored change (``None``: no clock)."""
        with Session(self.engine) as session:
            found = session.scalar(select(TableRow.clock_state).where(TableRow.id == table_id))
        return found if isinstance(found, dict) else None

    def username(self, account_id: int) -> str | None:
        """The username of an account, or ``None`` (deleted)."""
        with Session(self.engine) as session:
            found = session.scalar(select(AccountRow.username).where(AccountRow.id == account_id))
        return None if found is None else str(found)

    def usernames(self, account_ids: set[int]) -> dict[int, str]:
        """The usernames of these accounts, by id (deleted ones left out)."""
        if not account_ids:
            return {}
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountRow.id, AccountRow.username).where(AccountRow.id.in_(account_ids))
            ).all()
        return {int(account_id): str(name) for account_id, name in rows}

    def account_tables(self, account_id: int) -> list[tuple[str, int]]:
        """The unfinished tables where the account holds a seat, and the seat."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat)
                .join(TableRow, TableRow.id == AccountSeatRow.table_id)
                .where(AccountSeatRow.account_id == account_id, TableRow.finished_at.is_(None))
            ).all()
        return [(str(table_id), int(seat)) for table_id, seat in rows]

    def add_chat(self, table_id: str, line: ChatLine) -> ChatLine:
        """Store a line of a table's chat: the line with its id."""
        with Session(self.engine) as session, session.begin():
            row = ChatRow(
                table_id=table_id,
                seat=line.seat,
                name=line.name,
                text=line.text,
                created_at=line.at,
            )
            session.add(row)
            session.flush()
            stored = replace(line, id=row.id)
            self._tell(session, table_id, "chat", stored.to_json())
        return stored

    def chat(self, table_id: str, limit: int) -> list[ChatLine]:
        """The last ``limit`` lines of a table's chat, oldest first (deleted ones left out)."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(ChatRow)
                .where(ChatRow.table_id == table_id, ChatRow.deleted_at.is_(None))
                .order_by(ChatRow.id.desc())
                .limit(limit)
            ).all()
            return [
                ChatLine(row.seat, row.name, row.text, _aware(row.created_at) or _now(), row.id)
                for row in reversed(rows)
            ]

    def chat_line(self, line_id: int) -> tuple[str, ChatLine] | None:
        """A stored line of chat not deleted, with its table's id, or ``None``."""
        with Session(self.engine) as session:
            row = session.get(ChatRow, line_id)
            if row is None or row.deleted_at is not None:
                return None
            at = _aware(row.created_at) or _now()
            return row.table_id, ChatLine(row.seat, row.name, row.text, at, row.id)

    def delete_chat(self, line_id: int) -> str:
        """Delete a line of chat (it is kept, marked, and never shown again): its table's id;
        the other processes hear of it. ``GoneError`` if there is no such line left."""
        with Session(self.engine) as session, session.begin():
            table_id = session.scalar(
                update(ChatRow)
                .where(ChatRow.id == line_id, ChatRow.deleted_at.is_(None))
                .values(deleted_at=_now())
                .returning(ChatRow.table_id)
            )
            if table_id is None:
                raise GoneError(f"there is no chat line {line_id} (or it is deleted already)")
            self._tell(session, table_id, "chat_deleted", line_id)
        return str(table_id)

    def stop(self, table_id: str) -> datetime:
        """Stop an unfinished table's game where it stands (no more moves, no ratings): when;
        the other processes hear of it. ``ConflictError`` if it is over already,
        ``GoneError`` if there is no such table."""
        now = _now()
        with Session(self.engine) as session, session.begin():
            row = self._locked(session, table_id)
            if row.finished_at is not None:
                raise ConflictError(f"table {table_id} is over already: there is nothing to stop")
            row.stopped_at = row.finished_at = now
            row.waiting = False
            self._tell(session, table_id, "stopped", now.isoformat())
        return now

    def delete_table(self, table_id: str) -> None:
        """Delete a table with everything stored of it (actions, chat, account seats,
        analyses); the other processes hear of it. ``GoneError`` if there is none."""
        with Session(self.engine) as session, session.begin():
            self._locked(session, table_id)
            self._purge(session, [table_id])
            self._tell(session, table_id, "deleted", None)

    def moderated(
        self, table_ids: list[str], line_ids: list[int]
    ) -> tuple[dict[str, datetime], set[str], list[tuple[str, int]]]:
        """Of these tables, those stopped (with when) and those no longer stored; of these
        chat lines, the deleted ones with their tables (``watch.py`` reads what another
        process changed where no NOTIFY says so)."""
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow.id, TableRow.stopped_at).where(TableRow.id.in_(table_ids))
            ).all()
            lines = session.execute(
                select(ChatRow.table_id, ChatRow.id).where(
                    ChatRow.id.in_(line_ids), ChatRow.deleted_at.is_not(None)
                )
            ).all()
        stopped = {str(key): _aware(at) or at for key, at in rows if at is not None}
        gone = set(table_ids) - {str(key) for key, _ in rows}
        return stopped, gone, [(str(key), int(line)) for key, line in lines]

    def delete_tables(self, table_ids: list[str]) -> None:
        """Delete these tables with everything stored of them, in one transaction; the other
        processes hear of each."""
        with Session(self.engine) as session, session.begin():
            self._purge(session, table_ids)
            for table_id in table_ids:
                self._tell(session, table_id, "deleted", None)

    def _purge(self, session: Session, table_ids: list[str]) -> None:
        """Delete these tables and every row that refers to them, in the session."""
        for kind in (AccountSeatRow, ChatRow, ActionRow):
            session.execute(delete(kind).where(kind.table_id.in_(table_ids)))
        # Named, not imported: ``analysis.py`` (whose row this is) imports this module.
        analyses = sql_table("parlour_analyses", column("table_id"))
        session.execute(delete(analyses).where(analyses.c.table_id.in_(table_ids)))
        session.execute(delete(TableRow).where(TableRow.id.in_(table_ids)))

    def append(
        self,
        table_id: str,
        seq: int,
        seat: int,
        text: str,
        clock_state: dict[str, Any] | None = None,
    ) -> None:
        """Add action number ``seq`` (from 1), with the clock's state after it if the table
        has a clock; ``ConflictError`` if that number is taken."""
        try:
            with Session(self.engine) as session, session.begin():
                session.add(
                    ActionRow(table_id=table_id, seq=seq, seat=seat, text=text, created_at=_now())
                )
                if clock_state is not None:
                    session.flush()  # the action first: its conflict leaves the clock as it was
                    session.execute(
                        update(TableRow)
                        .where(TableRow.id == table_id)
                        .values(clock_state=clock_state)
                    )
                self._announce(session, [NewAction(table_id, seq, seat, text)])
        except IntegrityError:
            raise ConflictError(f"action {seq} of table {table_id} is already stored") from None

    def append_many(self, actions: list[NewAction]) -> list[SQLAlchemyError | None]:
        """Store actions of several tables in one transaction (one sync to disk); per action
        ``None`` or why it was not stored. A failure of the database itself (down, full,
        read-only) raises: none of them was stored. One thread at a time (SQLite's group
        commit's; PostgreSQL's writes on the loop, ``writes.OnTheLoop``) writes this way:
        it has one connection of its own."""
        try:
            self._writer.write(actions, _now())
            return [None] * len(actions)
        except IntegrityError:
            return self.one_by_one(actions)

    def one_by_one(self, actions: list[NewAction]) -> list[SQLAlchemyError | None]:
        """After a batch failed on a number already taken: its actions stored one by one, so
        the others go in; per action ``None`` or its ``IntegrityError``."""
        results: list[SQLAlchemyError | None] = []
        for action in actions:
            try:
                self.append(
                    action.table_id, action.seq, action.seat, action.text, action.clock_state
                )
                results.append(None)
            except ConflictError as error:
                results.append(IntegrityError(str(error), None, error))
        return results

    def _announce(self, session: Session | Connection, actions: list[NewAction]) -> None:
        # Inside the transaction: PostgreSQL delivers the notifications when, and only if, it
        # commits, so a listener never hears of an action that is not stored.
        if self.announces and actions:
            session.execute(
                text("SELECT pg_notify(:channel, p) FROM unnest(CAST(:payloads AS text[])) AS p"),
                {"channel": MOVES_CHANNEL, "payloads": [announcement(a) for a in actions]},
            )

    def _tell(self, session: Session, table_id: str, kind: str, data: Any) -> None:
        # The other processes hear of it when, and only if, the transaction commits.
        if self.announces:
            payload = {"origin": self.origin, "table": table_id, "kind": kind, "data": data}
            session.execute(
                text("SELECT pg_notify(:channel, :payload)"),
                {"channel": TABLES_CHANNEL, "payload": json.dumps(payload)},
            )

    def actions_after(self, marks: dict[str, int]) -> dict[str, list[str]]:
        """Per table id, the stored actions after its first ``marks[id]`` ones, in order."""
        out: dict[str, list[str]] = {}
        with Session(self.engine) as session:
            for table_id, seen in marks.items():
                texts = session.scalars(
                    select(ActionRow.text)
                    .where(ActionRow.table_id == table_id, ActionRow.seq > seen)
                    .order_by(ActionRow.seq)
                ).all()
                out[table_id] = list(texts)
        return out

    def finish(
        self,
        table_id: str,
        scores: list[int],
        winners: list[int],
        step: FinishStep | None = None,
    ) -> bool:
        """Mark a table's game as over, with its final scores and winners (once: another
        process that saw the same end changes nothing); whether this call marked it. Only
        then ``step`` runs, in the same transaction, and what it answers is stored as the
        table's rating changes (``community.ratings.record_end``)."""
        with Session(self.engine) as session, session.begin():
            marked = session.scalar(
                update(TableRow)
                .where(TableRow.id == table_id, TableRow.finished_at.is_(None))
                .values(finished_at=_now(), scores=scores, winners=winners)
                .returning(TableRow.id)
            )
            if marked is None or step is None:
                return marked is not None
            row = session.get(TableRow, table_id)
            assert row is not None  # the update above just matched it
            changes = step(session, self._info(row, []))
            if changes is not None:
                row.rating_changes = changes
        return True

    def get(self, table_id: str) -> TableInfo | None:
        """A stored table with its actions, or ``None``."""
        with Session(self.engine) as session:
            row = session.get(TableRow, table_id)
            if row is None:
                return None
            texts = session.scalars(
                select(ActionRow.text).where(ActionRow.table_id == table_id).order_by(ActionRow.seq)
            ).all()
            return self._info(row, list(texts))

    def rematch(self, table_id: str) -> str | None:
        """The id of the rematch opened from a table, or ``None``."""
        with Session(self.engine) as session:
            found = session.scalar(select(TableRow.id).where(TableRow.rematch_of == table_id))
            return None if found is None else str(found)

    def ids(self, unfinished_only: bool = False, with_bots: bool = False) -> list[str]:
        """The stored tables' ids, oldest first; ``with_bots``: only tables that go on by
        themselves (a bot seat, or a clock that runs out)."""
        query = select(TableRow.id, TableRow.seats, TableRow.clock).order_by(TableRow.created_at)
        if unfinished_only:
            query = query.where(TableRow.finished_at.is_(None))
        with Session(self.engine) as session:
            rows = session.execute(query).all()
        return [
            table_id
            for table_id, seats, clock in rows
            if not with_bots
            or clock is not None
            or any(seat.get("bot") is not None for seat in seats)
        ]

    def bot_tables(self) -> set[str]:
        """The ids of the unfinished tables where every seat is a bot's."""
        query = select(TableRow.id, TableRow.seats).where(TableRow.finished_at.is_(None))
        with Session(self.engine) as session:
            rows = session.execute(query).all()
        return {
            table_id
            for table_id, seats in rows
            if all(seat.get("bot") is not None for seat in seats)
        }

    def summaries(self, limit: int = 200, waiting: bool = False) -> list[TableInfo]:
        """The newest public tables without their actions, newest first; ``waiting``: only
        those with an open seat. A private table is never listed: only its links find it."""
        query = (
            select(TableRow)
            .where(TableRow.public.is_(True))
            .order_by(TableRow.created_at.desc())
            .limit(limit)
        )
        if waiting:
            query = query.where(TableRow.waiting.is_(True))
        with Session(self.engine) as session:
            rows = session.scalars(query).all()
            return [self._info(row, []) for row in rows]

    @staticmethod
    def _info(row: TableRow, actions: list[str]) -> TableInfo:
        return TableInfo(
            id=row.id,
            game=row.game,
            players=row.players,
            seed=row.seed,
            options=dict(row.options),
            seats=[SeatInfo.from_json(s) for s in row.seats],
            created_at=_aware(row.created_at) or _now(),
            finished_at=_aware(row.finished_at),
            scores=row.scores,
            winners=row.winners,
            rematch_of=row.rematch_of,
            version=row.version,
            hints=row.hints,
            rated=bool(row.rated),
            creator_id=row.creator_id,
            rating_changes=row.rating_changes,
            clock=row.clock,
            clock_state=row.clock_state,
            stopped_at=_aware(row.stopped_at),
            public=bool(row.public),
            actions=actions,
        )
