"""The tables a process holds: loaded from the store (and replayed) on first use, and
forgotten once nobody is connected and nothing runs at them."""

from __future__ import annotations

import asyncio
import re

from ... import replay
from .. import people
from .parts import HubParts
from .table import Table

__all__ = ["FORGET_AFTER", "TABLE_ID", "Cache"]

# What a table id may look like (``tokens.new_table_id`` text; older ids may start with ``-``).
TABLE_ID = re.compile(r"[A-Za-z0-9_-]{1,32}")
# Seconds a table with nobody connected stays in memory once nothing runs at it (its game
# over, or waiting for a person): then it is dropped, and loaded again from the store if
# anyone opens it (else every game played or left since the process started would stay).
FORGET_AFTER = 60.0


class Cache(HubParts):
    """The tables held in memory, each loaded once and dropped when unused."""

    async def held(self, table_id: str) -> Table | None:
        """The table of that id if this process holds it, up to date; ``None`` if not."""
        table = self.tables.get(table_id)
        if table is not None:
            await self.peers.current(table)
        return table

    async def get(self, table_id: str) -> Table | None:
        """The table of that id, loaded from the store (and replayed) on first use."""
        table = await self.held(table_id)
        if table is not None:
            table.used_at = asyncio.get_running_loop().time()
            return table
        if not TABLE_ID.fullmatch(table_id):
            return None  # never an id this server gave out: no need to ask the database
        info = await asyncio.to_thread(self.store.get, table_id)
        if info is None:
            return None
        creator = None
        if info.creator_id is not None:
            creator = await asyncio.to_thread(self.store.username, info.creator_id)
        table = self.tables.get(table_id)  # another request may have loaded it meanwhile
        if table is None:
            table = self.tables[table_id] = Table(info, replay(info.record()))
            table.creator = creator
            table.used_at = asyncio.get_running_loop().time()
            self.peers.loaded(table)
            if table.state.is_over and info.finished_at is None:
                # The last move was stored but the database failed before the game's end was.
                await self._store_finish(table)
            else:
                # Its bots (or the server's pass for a person) go on from where it was left.
                self.schedule_bot(table)
                self._forget_later(table)  # read for its record, a replay, a page not joined...
        return table

    def _forget_later(self, table: Table) -> None:
        """Drop the table from memory ``FORGET_AFTER`` seconds from now, if nobody is
        connected to it then and nothing runs at it (the store keeps it whole)."""
        if not table.clients and table.forgetting is None:
            loop = asyncio.get_running_loop()
            table.forgetting = loop.call_later(FORGET_AFTER, self._forget, table)

    def _forget(self, table: Table) -> None:
        table.forgetting = None
        if table.clients or self.tables.get(table.id) is not table:
            return  # watched again (the last to leave looks again), or loaded anew
        loop = asyncio.get_running_loop()
        # Asked for since (a connection about to join, a record read): wait the rest. A
        # table whose bots play on, or where the server is about to pass, waits a while more.
        wait = FORGET_AFTER if self._running(table) else table.used_at + FORGET_AFTER - loop.time()
        if wait > 0:
            table.forgetting = loop.call_later(wait, self._forget, table)
            return
        del self.tables[table.id]
        # The database keeps the rematch too (``Store.rematch``), read if it is asked for.
        self.rematches.pop(table.id, None)
        self.peers.forgotten(table.id)

    def _running(self, table: Table) -> bool:
        """Whether the game goes on at the table without anyone connected: a bot of this
        process is to move (or thinking), or the server is about to pass for a person."""
        state = table.state
        seat = state.current_player
        if state.is_over or seat is None or table.waiting or table.stopped:
            return False
        if table.bot_task is not None and not table.bot_task.done():
            return True
        if table.clock_runner() is not None and self.peers.plays_bots(table.id):
            return True  # its clock is enforced here, whoever watches
        info = table.info.seats[seat]
        if table.player_of(seat) is None:
            return info.auto_pass and people.lone_pass(state)
        return self.peers.plays_bots(table.id)
