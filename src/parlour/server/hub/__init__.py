"""Live tables: each one's state rebuilt from its record, its connections, and its moves.

``Hub`` is made of parts, each a module of this package and each building on those it
needs: ``cache`` (the tables held, loaded and forgotten), ``connections`` (joining,
who-is-here, every message sent), ``seats`` (seats that change hands), ``closing`` (tables
closed, stopped or deleted), ``timers`` (clocks' timers and absences), ``moves`` (a move
stored, applied and broadcast, and catching up), ``turns`` (bots' turns and passes for
people) and ``creation`` (new tables and rematches); ``table`` is a table in memory and
``parts`` what they share.
"""

from __future__ import annotations

import asyncio
import logging
import time

from ...core import GameError
from ..tokens import hash_token, new_token
from .closing import CLOSED_BY_CREATOR, DELETED, GONE, STOPPED, STOPPED_MESSAGE, Closing
from .connections import event_json
from .creation import Creation, seat_url
from .parts import Alone, Peers, RefusedError, UnstoredError, database_trouble
from .table import Client, Closer, Sender, Table
from .timers import CLOCK_SLACK
from .turns import Turns

__all__ = [
    "CLOCK_SLACK",
    "CLOSED_BY_CREATOR",
    "DELETED",
    "GONE",
    "STOPPED",
    "STOPPED_MESSAGE",
    "Alone",
    "Client",
    "Closer",
    "Hub",
    "Peers",
    "RefusedError",
    "Sender",
    "Table",
    "UnstoredError",
    "database_trouble",
    "event_json",
    "hash_token",
    "new_token",
    "seat_url",
]

log = logging.getLogger("parlour.server")


class Hub(Creation, Turns, Closing):
    """Every table the server holds, the moves made at them, and the bots that play them."""

    async def resume_all(self) -> None:
        """Load every unfinished table with a bot seat or a clock, which restarts the bots
        whose turn it is (those that wait for a person are forgotten again after
        ``FORGET_AFTER``) and the clocks. Tables of people alone without a clock load when
        someone opens them (and the server's passes go on then)."""
        ids = await asyncio.to_thread(self.store.ids, True, True)
        for table_id in ids:
            try:
                table = await self.get(table_id)
            except GameError as error:
                log.error("table %s cannot be resumed: %s", table_id, error)
                continue
            if table is not None and table.clock is not None:
                # The time the server was down is not charged: the running seat's clock goes
                # on from what was stored at the table's last change, counted from now.
                table.clock = table.clock.restarted(time.time())
                self._time(table)

    async def close(self) -> None:
        """Stop the bot tasks (their moves were not stored, so a restart redoes them) and
        the group commit's writer."""
        for table in self.tables.values():
            if table.clock_timer is not None:
                table.clock_timer.cancel()
                table.clock_timer = None
        tasks = [t.bot_task for t in self.tables.values() if t.bot_task is not None]
        if self.checkpointer is not None:
            tasks.append(self.checkpointer)
        tasks += [*self.passes, *self.closing, *self.timeouts, *self.presences]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        await self.writes.close()
