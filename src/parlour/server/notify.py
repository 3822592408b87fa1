"""Hearing of the actions other server processes store: PostgreSQL ``LISTEN`` on the moves
channel, over a connection of its own that is opened again whenever it breaks."""

from __future__ import annotations

import asyncio
import json
import logging
import os
from collections.abc import Awaitable, Callable
from typing import Any

import psycopg
from psycopg.conninfo import make_conninfo

from . import metrics
from .store import MOVES_CHANNEL, TABLES_CHANNEL

__all__ = ["KEEPALIVES", "Listener", "connect", "open_connection"]

log = logging.getLogger("parlour.server")

# TCP keepalives on the process's own PostgreSQL connections, so that a database machine
# gone from the network is noticed in seconds rather than at the system's default (hours).
KEEPALIVES = {
    "keepalives": 1,
    "keepalives_idle": 5,
    "keepalives_interval": 2,
    "keepalives_count": 3,
}
# The longest wait, in seconds, between attempts to reach a database that is down.
RECONNECT_CAP = 2.0

# What the listener hands on: a stored action's table, number and text (``None``: too long
# for a notification, read it from the table).
Heard = Callable[[str, int, str | None], None]
# What it hands on of another change to a table: ``{"origin", "table", "kind", "data"}``.
Changed = Callable[[dict[str, Any]], None]


def _own(conninfo: str, role: str) -> str:
    """``conninfo`` with keepalives, named ``parlour ROLE PID`` in ``pg_stat_activity``
    (which process holds which lease)."""
    return make_conninfo(conninfo, application_name=f"parlour {role} {os.getpid()}", **KEEPALIVES)


async def open_connection(conninfo: str, role: str) -> psycopg.AsyncConnection[tuple[Any, ...]]:
    """A connection of the process's own (autocommit, with keepalives) to ``conninfo``."""
    return await psycopg.AsyncConnection.connect(_own(conninfo, role), autocommit=True)


def connect(conninfo: str, role: str) -> psycopg.Connection[tuple[Any, ...]]:
    """The same, blocking, for a connection that threads use too (the bot leases')."""
    return psycopg.Connection.connect(_own(conninfo, role), autocommit=True)


class Listener:
    """Calls ``heard`` for every action announced on the moves channel, ``changed`` for
    every other change to a table, and ``connected`` each time listening (re)starts: actions
    stored while it was not listening were not heard, so ``connected`` reads them from the
    database."""

    def __init__(
        self,
        conninfo: str,
        heard: Heard,
        changed: Changed,
        connected: Callable[[], Awaitable[None]],
        own: Callable[[], int | None] = lambda: None,
    ) -> None:
        self.conninfo = conninfo
        self.heard = heard
        self.changed = changed
        self.connected = connected
        # The server process of this process's own writes of moves (``None``: none yet),
        # whose notifications are not handed on: this process applied those moves already.
        self.own = own
        # Set while the connection listens (tests and the start-up wait on it).
        self.listening = asyncio.Event()

    async def run(self) -> None:
        """Listen until cancelled, reconnecting after every failure."""
        delay = 0.1
        while True:
            try:
                connection = await open_connection(self.conninfo, "listener")
                async with connection:
                    # What arrives while psycopg reads the connection itself (its answers to
                    # the LISTENs) comes through its handler; the rest through ``_hear``.
                    connection.add_notify_handler(
                        lambda note: self._heard(note.pid, note.channel, note.payload)
                    )
                    await connection.execute(f"LISTEN {MOVES_CHANNEL}; LISTEN {TABLES_CHANNEL}")
                    self.listening.set()
                    delay = 0.1
                    await self.connected()
                    await self._hear(connection)
            except psycopg.Error as error:
                metrics.database_error("listener")
                if self.listening.is_set():
                    log.warning("listening for other processes' moves stopped: %s", error)
            self.listening.clear()
            await asyncio.sleep(delay)
            delay = min(RECONNECT_CAP, 2 * delay)

    async def _hear(self, connection: psycopg.AsyncConnection[tuple[Any, ...]]) -> None:
        """Hand on the notifications as they arrive until the connection breaks (its error
        raised): one reader for the connection's life, every notification read at a wake-up
        handed on in it (psycopg's ``notifies()`` adds and removes a reader, and a task's
        future, a wake-up, so about one a move on a busy server)."""
        loop = asyncio.get_running_loop()
        pgconn = connection.pgconn
        broken: asyncio.Future[None] = loop.create_future()

        def readable() -> None:
            try:
                pgconn.consume_input()
            except psycopg.Error as error:  # the server or the network ended it
                if not broken.done():
                    broken.set_exception(error)
                return
            while (note := pgconn.notifies()) is not None:
                self._heard(note.be_pid, note.relname.decode(), note.extra.decode())

        socket = pgconn.socket
        loop.add_reader(socket, readable)
        try:
            readable()  # what came before the reader was added
            await broken
        finally:
            loop.remove_reader(socket)

    def _heard(self, sender: int, channel: str, payload: str) -> None:
        if channel == TABLES_CHANNEL:
            self._changed(payload)
        elif sender != self.own():
            self._hand_on(payload)

    def _changed(self, payload: str) -> None:
        try:
            news = json.loads(payload)
            if not isinstance(news, dict) or not isinstance(news.get("table"), str):
                raise ValueError
        except ValueError:
            log.error("a notification on %s is not a table's change: %r", TABLES_CHANNEL, payload)
            return
        self.changed(news)

    def _hand_on(self, payload: str) -> None:
        try:
            table_id, seq, text = json.loads(payload)
        except (ValueError, TypeError):
            log.error("a notification on %s is not [table, seq, text]: %r", MOVES_CHANNEL, payload)
            return
        self.heard(str(table_id), int(seq), None if text is None else str(text))
