"""Tables that end before their game does: closed by their creator while they wait, stopped
or deleted by an admin (docs/server.md, "Admin"), and a chat line an admin deleted."""

from __future__ import annotations

import asyncio
from datetime import datetime

from .connections import Connections
from .table import Table

__all__ = [
    "CLOSED_BY_CREATOR",
    "DELETED",
    "GONE",
    "STOPPED",
    "STOPPED_MESSAGE",
    "Closing",
]

# The close codes of a table's connections when it is gone (closed while it waited, or
# deleted by an admin) and when an admin or the retention policy stopped its game; the
# table page does not connect again after either (docs/server.md, "Close codes").
GONE = 4410
STOPPED = 4423
# What the connections are told before those codes.
CLOSED_BY_CREATOR = "this table was closed by the person who opened it"
DELETED = "this table was deleted by an admin"
STOPPED_MESSAGE = "this game was stopped by an admin (or left idle too long): no more moves"


class Closing(Connections):
    """Closing, stopping and deleting tables, and what runs at them stopped."""

    async def close_waiting(self, table: Table) -> None:
        """Delete a table that waits for open seats, and end its connections; ``ConflictError``
        once its game has begun, ``GoneError`` if another process closed it first."""
        async with table.lock:
            await asyncio.to_thread(self.store.close_waiting, table.id)
        await self.closed(table)

    async def closed(self, table: Table, why: str = CLOSED_BY_CREATOR) -> None:
        """Forget a table closed while it waited or deleted (here or in another process):
        each of its connections is told ``why``, then ended with close code ``GONE``."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
            self.peers.forgotten(table.id)
        if table.forgetting is not None:
            table.forgetting.cancel()
            table.forgetting = None
        self._halt(table)
        await self._shut_all(table, why, GONE)

    def _halt(self, table: Table) -> None:
        """Stop what runs at a table by itself: its bot's thinking and its clock's timer."""
        if table.bot_task is not None and table.bot_task is not asyncio.current_task():
            table.bot_task.cancel()
        table.bot_task = None
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None

    async def stop(self, table: Table) -> None:
        """Stop a table's game where it stands (``ConflictError`` if it is over already,
        ``GoneError`` if deleted): stored, heard of by the other processes, and every
        connection told and ended with ``STOPPED``."""
        async with table.lock:
            moment = await asyncio.to_thread(self.store.stop, table.id)
        await self.stopped(table, moment)

    async def stopped(self, table: Table, moment: datetime) -> None:
        """Take in a table's stop (here or in another process), and end its connections."""
        async with table.lock:  # a move being stored here goes in first, then nothing more
            table.info.stopped_at = moment
            table.info.finished_at = table.info.finished_at or moment
            self._halt(table)
        await self._shut_all(table, STOPPED_MESSAGE, STOPPED)
        self._forget_later(table)

    async def delete(self, table_id: str) -> None:
        """Delete a table and all that is stored of it (``GoneError`` if there is none); if
        held here, its connections are told and ended with ``GONE``."""
        table = self.tables.get(table_id)
        if table is None:
            await asyncio.to_thread(self.store.delete_table, table_id)
            return
        async with table.lock:
            await asyncio.to_thread(self.store.delete_table, table_id)
        await self.closed(table, DELETED)

    async def chat_deleted(self, table: Table, line_id: int) -> None:
        """A line of the table's chat was deleted (here or in another process): dropped
        from what new connections are sent, and every connection told to drop it."""
        if table.chat is not None:
            table.chat[:] = [line for line in table.chat if line.id != line_id]
        await self.send_all(table, {"type": "chat_deleted", "id": line_id})
