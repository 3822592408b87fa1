"""Bot leases: a table's bot turns are played by the one server process holding its lease, a
PostgreSQL advisory lock held on that process's own connection.

The lock ends with the connection, so the lease ends when its process dies (the kernel
closes the socket, PostgreSQL ends the session), when its machine drops off the network
(TCP keepalives and ``tcp_user_timeout``), and when its process stalls: the connection is
used every ``SWEEP_EVERY`` seconds, and PostgreSQL ends a session idle for ``EXPIRY``
seconds (``idle_session_timeout``). Every process looks for tables with bots whose lease
nobody holds every ``SWEEP_EVERY`` seconds and takes them over.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

import psycopg
from sqlalchemy.exc import SQLAlchemyError

from ..core import GameError
from . import metrics
from .hub import Hub, Table, database_trouble
from .notify import RECONNECT_CAP, open_connection

__all__ = ["EXPIRY", "SWEEP_EVERY", "BotLeases"]

log = logging.getLogger("parlour.server")

# Seconds between two looks for tables nobody plays the bots of (also the lease's heartbeat).
SWEEP_EVERY = 1.0
# Seconds without a heartbeat after which PostgreSQL ends the session and its leases.
EXPIRY = 5
# The lock of a table: a 64-bit hash of its id.
KEY = "hashtextextended(%s, 0)"
# Unfinished tables with a bot seat or a clock (whose timer the lease's holder keeps) whose
# lock nobody else holds: each one this query returns is locked by it (the materialized
# list first, so that no other row is locked).
ORPHANS = f"""
WITH open AS MATERIALIZED (
    SELECT id FROM parlour_tables t
    WHERE t.finished_at IS NULL
      AND (EXISTS (SELECT 1 FROM json_array_elements(t.seats) AS s WHERE s->>'bot' IS NOT NULL)
           OR (t.clock IS NOT NULL AND t.clock::text <> 'null'))
      AND NOT (t.id = ANY(%s))
)
SELECT id FROM open WHERE pg_try_advisory_lock({KEY.replace("%s", "id")})
"""


class BotLeases:
    """The bot leases this process holds, taken and kept on a connection of its own."""

    def __init__(self, conninfo: str, hub: Hub) -> None:
        self.conninfo = conninfo
        self.hub = hub
        self.held: set[str] = set()
        self.connection: psycopg.AsyncConnection[tuple[Any, ...]] | None = None
        self.claims: set[asyncio.Task[None]] = set()

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
                connection = await open_connection(self.conninfo, "leases")
                async with connection:
                    await connection.execute(f"SET idle_session_timeout = '{EXPIRY}s'")
                    await connection.execute(f"SET tcp_user_timeout = {EXPIRY * 1000}")
                    self.connection = connection
                    delay = 0.1
                    while True:
                        await self._sweep(connection)
                        await asyncio.sleep(SWEEP_EVERY)
            except psycopg.Error as error:
                metrics.database_error("leases")
                if self.held:
                    log.warning("the bot leases were lost with their connection: %s", error)
            self.connection = None
            self.held.clear()
            await asyncio.sleep(delay)
            delay = min(RECONNECT_CAP, 2 * delay)

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
            cursor = await connection.execute(f"SELECT pg_try_advisory_lock({KEY})", (table.id,))
            row = await cursor.fetchone()
        except psycopg.Error:
            return  # the sweep loop sees the broken connection and starts again
        if row is not None and row[0] is True and connection is self.connection:
            self.held.add(table.id)
            await self.hub.peers.current(table)  # followed from now on; maybe not until now
            self.hub.schedule_bot(table)

    async def _sweep(self, connection: psycopg.AsyncConnection[tuple[Any, ...]]) -> None:
        for table_id in [t for t in self.held if self._over(t)]:
            # As many times as it was taken: a claim and a sweep may both have taken it.
            while True:
                cursor = await connection.execute(f"SELECT pg_advisory_unlock({KEY})", (table_id,))
                row = await cursor.fetchone()
                if row is None or row[0] is not True:
                    break
            self.held.discard(table_id)
        cursor = await connection.execute(ORPHANS, (sorted(self.held),))
        taken = [str(row[0]) for row in await cursor.fetchall()]
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

    def _over(self, table_id: str) -> bool:
        table = self.hub.tables.get(table_id)
        return table is not None and (table.state.is_over or table.stopped)
