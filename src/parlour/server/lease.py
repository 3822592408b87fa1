"""Bot leases: a table's bot turns are played by the one server process holding its lease, a
PostgreSQL advisory lock held on that process's own connection.

The lock ends with the connection, so the lease ends when its process dies (the kernel
closes the socket, PostgreSQL ends the session), when its machine drops off the network
(TCP keepalives and ``tcp_user_timeout``), and when its process stalls: a thread of its own
uses the connection every ``SWEEP_EVERY`` seconds, and PostgreSQL ends a session idle for
``EXPIRY`` seconds (``idle_session_timeout``). The thread goes on while the event loop is
busy (a burst of work must not hand every table to another process), but stops once the
loop has not swept for ``STALL`` seconds: a process stuck for good loses its leases. Every
process looks for tables with bots whose lease nobody holds every ``SWEEP_EVERY`` seconds
and takes them over.
"""

from __future__ import annotations

import asyncio
import logging
import threading
import time
from typing import Any

import psycopg
from sqlalchemy.exc import SQLAlchemyError

from ..core import GameError
from . import metrics
from .hub import Hub, Table, database_trouble
from .notify import RECONNECT_CAP, connect

__all__ = ["EXPIRY", "STALL", "SWEEP_EVERY", "BotLeases"]

log = logging.getLogger("parlour.server")

# Seconds between two looks for tables nobody plays the bots of (also the lease's heartbeat).
SWEEP_EVERY = 1.0
# Seconds without a heartbeat after which PostgreSQL ends the session and its leases.
EXPIRY = 5
# Seconds the event loop may go without sweeping before the heartbeat stops (then the
# leases end ``EXPIRY`` seconds later): far longer than any burst of work should take.
STALL = 30.0
# The lock of a table: a 64-bit hash of its id.
KEY = "hashtextextended(%s, 0)"
# Unfinished tables with a bot seat or a clock (whose timer the lease's holder keeps): the
# tables with a lease.
LEASED = """
    SELECT id FROM parlour_tables t
    WHERE t.finished_at IS NULL
      AND (EXISTS (SELECT 1 FROM json_array_elements(t.seats) AS s WHERE s->>'bot' IS NOT NULL)
           OR (t.clock IS NOT NULL AND t.clock::text <> 'null'))
"""
# Up to a number of those whose lock nobody else holds: each one this query returns is locked
# by it (the materialized list first, so that no other row is locked; the limit stops the
# locking once reached).
ORPHANS = f"""
WITH open AS MATERIALIZED ({LEASED} AND NOT (t.id = ANY(%s)))
SELECT id FROM open WHERE pg_try_advisory_lock({KEY.replace("%s", "id")}) LIMIT %s
"""
# The processes holding leases (each has one lease connection, named by ``open_connection``)
# and the tables with a lease: each process's fair share is the one over the other.
SHARE = f"""
SELECT (SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name LIKE 'parlour leases %%'),
       (SELECT count(*) FROM ({LEASED}) AS leased)
"""
# Leases a process may hold over its share before it lets some go (so that a table created
# here, whose lease it takes at once, does not move away and back).
SLACK = 1


class BotLeases:
    """The bot leases this process holds, taken and kept on a connection of its own."""

    def __init__(self, conninfo: str, hub: Hub) -> None:
        self.conninfo = conninfo
        self.hub = hub
        self.held: set[str] = set()
        # Used from the event loop (through ``asyncio.to_thread``) and by the heartbeat's
        # thread: psycopg's connections serialise what threads send on them.
        self.connection: psycopg.Connection[tuple[Any, ...]] | None = None
        self.claims: set[asyncio.Task[None]] = set()
        # When the event loop last swept (``time.monotonic``), read by the heartbeat.
        self.swept_at = time.monotonic()

    def holds(self, table_id: str) -> bool:
        """Whether this process plays the table's bots now."""
        return table_id in self.held

    def loaded(self, table: Table) -> None:
        """A table with bots or a clock was loaded or created here: take its lease if it is
        free."""
        if table.id in self.held or table.state.is_over:
            return
        if table.clock is None and all(seat.bot is None for seat in table.info.seats):
            return
        task = asyncio.create_task(self._claim(table))
        self.claims.add(task)
        task.add_done_callback(self.claims.discard)

    async def run(self) -> None:
        """Hold and take leases until cancelled; after a broken connection every lease is
        lost (PostgreSQL released them), and the next connection takes them again."""
        delay = 0.1
        while True:
            try:
                connection = await asyncio.to_thread(connect, self.conninfo, "leases")
                stop = threading.Event()
                with connection:
                    connection.execute(f"SET idle_session_timeout = '{EXPIRY}s'")
                    connection.execute(f"SET tcp_user_timeout = {EXPIRY * 1000}")
                    self.connection = connection
                    delay = 0.1
                    beat = threading.Thread(
                        target=self._beat, args=(connection, stop), name="parlour leases"
                    )
                    beat.start()
                    try:
                        while True:
                            self.swept_at = time.monotonic()
                            await self._sweep(connection)
                            await asyncio.sleep(SWEEP_EVERY)
                    finally:
                        stop.set()
            except psycopg.Error as error:
                metrics.database_error("leases")
                if self.held:
                    log.warning("the bot leases were lost with their connection: %s", error)
            self.connection = None
            self.held.clear()
            await asyncio.sleep(delay)
            delay = min(RECONNECT_CAP, 2 * delay)

    def _beat(self, connection: psycopg.Connection[tuple[Any, ...]], stop: threading.Event) -> None:
        """Use the connection every ``SWEEP_EVERY`` seconds, so that PostgreSQL keeps its
        session (and the leases), until ``stop`` or a broken connection; skipped while the
        event loop has not swept for ``STALL`` seconds."""
        while not stop.wait(SWEEP_EVERY):
            if time.monotonic() - self.swept_at > STALL:
                continue
            try:
                connection.execute("SELECT 1")
            except psycopg.Error:
                return  # the sweep loop sees the broken connection and starts again

    async def close(self) -> None:
        """Stop claiming (the leases end with the connection, closed by ``run``'s end)."""
        for task in list(self.claims):
            task.cancel()
        await asyncio.gather(*self.claims, return_exceptions=True)

    async def _claim(self, table: Table) -> None:
        connection = self.connection
        if connection is None:
            return  # not connected: the sweep takes it once the connection is back
        try:
            query = f"SELECT pg_try_advisory_lock({KEY})"
            row = (await asyncio.to_thread(connection.execute, query, (table.id,))).fetchone()
        except psycopg.Error:
            return  # the sweep loop sees the broken connection and starts again
        if row is not None and row[0] is True and connection is self.connection:
            self.held.add(table.id)
            await self.hub.peers.current(table)  # followed from now on; maybe not until now
            self.hub.schedule_bot(table)

    async def _sweep(self, connection: psycopg.Connection[tuple[Any, ...]]) -> None:
        for table_id in [t for t in self.held if self._over(t)]:
            # As many times as it was taken: a claim and a sweep may both have taken it.
            unlock = f"SELECT pg_advisory_unlock({KEY})"
            while True:
                cursor = await asyncio.to_thread(connection.execute, unlock, (table_id,))
                row = cursor.fetchone()
                if row is None or row[0] is not True:
                    break
            self.held.discard(table_id)
        share = await self._share(connection)
        if len(self.held) > share + SLACK:
            await self._let_go(connection, len(self.held) - share)
        wanted = max(0, share - len(self.held))
        held = (sorted(self.held), wanted)
        cursor = await asyncio.to_thread(connection.execute, ORPHANS, held)
        taken = [str(row[0]) for row in cursor.fetchall()]
        self.held.update(taken)
        for table_id in taken:
            try:
                table = await self.hub.get(table_id)
            except (GameError, SQLAlchemyError) as error:
                reason = database_trouble(error) if isinstance(error, SQLAlchemyError) else error
                log.error("table %s: its bots cannot be played here: %s", table_id, reason)
                continue
            if table is not None:
                self.hub.schedule_bot(table)

    async def _share(self, connection: psycopg.Connection[tuple[Any, ...]]) -> int:
        """How many leases this process should hold: the tables with a lease over the
        processes holding leases, rounded up (all of them, alone)."""
        row = (await asyncio.to_thread(connection.execute, SHARE)).fetchone()
        processes, leased = (1, 0) if row is None else (max(1, int(row[0])), int(row[1]))
        return -(-leased // processes)

    async def _let_go(self, connection: psycopg.Connection[tuple[Any, ...]], count: int) -> None:
        """Give up ``count`` leases (a process joined: the others take them at their next
        sweep), of tables where no bot of this process is thinking now."""
        idle = [
            table_id
            for table_id in sorted(self.held)
            if (table := self.hub.tables.get(table_id)) is None
            or table.bot_task is None
            or table.bot_task.done()
        ]
        for table_id in idle[:count]:
            self.held.discard(table_id)  # first: no bot move is started here from now on
            unlock = f"SELECT pg_advisory_unlock({KEY})"
            while True:
                cursor = await asyncio.to_thread(connection.execute, unlock, (table_id,))
                row = cursor.fetchone()
                if row is None or row[0] is not True:
                    break
        if idle:
            log.info("let %d bot leases go to the other processes", min(count, len(idle)))

    def _over(self, table_id: str) -> bool:
        table = self.hub.tables.get(table_id)
        return table is not None and (table.state.is_over or table.stopped)
