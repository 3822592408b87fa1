"""Many server processes over one PostgreSQL database (docs/server.md, "Many processes").

The database holds the truth: a move is an action row, and ``(table, seq)`` is unique, so
two processes never both store move n. Each stored action is announced (``NOTIFY``, sent
on commit); every process holding the table applies it and sends its clients the new
state (``follow.py``); one process, the holder of the table's bot lease, plays its bots
(``lease.py``).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging

from .botpool import ready
from .follow import Follower
from .hub import Hub, Table
from .lease import BotLeases
from .notify import Listener
from .store import libpq_url

__all__ = ["Cluster"]

log = logging.getLogger("parlour.server")


class Cluster:
    """This process's part among the processes serving one PostgreSQL database."""

    def __init__(self, hub: Hub, url: str) -> None:
        conninfo = libpq_url(url)
        self.hub = hub
        self.follower = Follower(hub)
        self.leases = BotLeases(conninfo, hub)
        self.listener = Listener(
            conninfo, self.follower.heard, self.follower.changed, self.resync, hub.writes.writer
        )
        self.tasks: list[asyncio.Task[None]] = []
        hub.peers = self

    def plays_bots(self, table_id: str) -> bool:
        """Whether this process holds the table's bot lease."""
        return self.leases.holds(table_id)

    def loaded(self, table: Table) -> None:
        """Catch a table just loaded up, and take its bot lease if it is free."""
        self.follower.loaded(table)
        self.leases.loaded(table)

    async def current(self, table: Table) -> None:
        """Apply what other processes stored at a table this process was not following."""
        await self.follower.current(table)

    def forgotten(self, table_id: str) -> None:
        """A table left this process's memory (its bot lease, if held here, stays)."""
        self.follower.forgotten(table_id)

    async def resync(self) -> None:
        """After a break in listening: bring the tables here up to the database, and load
        those whose bots are played here, forgotten while they waited for a person (their
        person may have moved meanwhile)."""
        await self.follower.resync()
        for table_id in sorted(self.leases.held - self.hub.tables.keys()):
            self.follower.load(table_id)

    async def start(self) -> None:
        """Listen for other processes' moves and take the bot leases nobody holds."""
        self.tasks = [
            asyncio.create_task(self.listener.run()),
            asyncio.create_task(self.leases.run()),
        ]
        # The bot processes start now rather than at the first bot move: this process may
        # take over another's tables at any moment, and their bots should go on at once,
        # not after a Python process has started and imported the bots.
        for _ in range(self.hub.pool.workers):
            self.tasks.append(asyncio.create_task(self._warm()))

    async def _warm(self) -> None:
        try:
            await self.hub.pool.run(ready)
        except Exception as error:  # the first bot move starts them again
            log.warning("the bot processes did not start: %r", error)

    async def close(self) -> None:
        """Stop listening and give up the leases (others take them within a second)."""
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            with contextlib.suppress(asyncio.CancelledError):
                await task
        await self.leases.close()
        await self.follower.close()
