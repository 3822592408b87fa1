"""Catching up: a table this process holds is brought up to the actions other processes
stored, applied in order, and its clients are sent the new state."""

from __future__ import annotations

import asyncio
import logging
from collections import OrderedDict
from datetime import datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ..core import GameError
from .hub import DELETED, Hub, Table, database_trouble
from .people import CHAT_HISTORY
from .store import ChatLine, SeatInfo

__all__ = ["Follower"]

log = logging.getLogger("parlour.server")

# How many tables' newest announced numbers are remembered for tables still loading.
REMEMBERED = 10_000


class Follower:
    """Applies the actions heard of (or read from the database) to the hub's tables."""

    def __init__(self, hub: Hub) -> None:
        self.hub = hub
        # Per table: action numbers heard of and their texts (``None``: read it), not applied.
        self.pending: dict[str, dict[int, str | None]] = {}
        self.running: dict[str, asyncio.Task[None]] = {}
        # The newest number heard of per table, loaded here or not: a table being loaded
        # while its next action is announced may have been read just before that action.
        self.recent: OrderedDict[str, int] = OrderedDict()
        # Seat and chat changes being sent to this process's connections, and tables being
        # loaded to play their bots.
        self.sending: set[asyncio.Task[None]] = set()

    def heard(self, table_id: str, seq: int, text: str | None) -> None:
        """Action ``seq`` of ``table_id`` is stored: apply it if the table is here."""
        self.recent[table_id] = max(seq, self.recent.get(table_id, 0))
        self.recent.move_to_end(table_id)
        if len(self.recent) > REMEMBERED:
            self.recent.popitem(last=False)
        table = self.hub.tables.get(table_id)
        if table is None:
            if self.hub.peers.plays_bots(table_id):
                # Forgotten here while it waited for a person, whose move this may be.
                self.load(table_id)
            return  # else not held here: it loads fresh when needed
        if table.move >= seq:
            return  # this process stored it
        self.pending.setdefault(table_id, {})[seq] = text
        if table.clients or self.hub.peers.plays_bots(table_id):
            self._follow(table)
        # Else nobody here watches the table nor plays its bots (this process only created
        # or described it): applying every move would double another process's work, so it
        # waits until the table is needed here (``current``).

    async def current(self, table: Table) -> None:
        """Bring a table whose following was put off up to what was heard of it."""
        if table.id in self.pending:
            self._follow(table)
        task = self.running.get(table.id)
        if task is not None:
            await asyncio.shield(task)  # a request given up must not stop the catching up

    def changed(self, news: dict[str, Any]) -> None:
        """Another process stored a table's new seats (a name, a setting, an open seat taken
        or filled, a seat absent or back with its clock), a line of its chat or its rematch,
        or closed it; or an admin stopped or deleted it, or deleted a line of its chat: tell
        this process's connections at that table."""
        table = self.hub.tables.get(news["table"])
        kind, data = news.get("kind"), news.get("data")
        if news.get("origin") == self.hub.store.origin:
            return  # told already
        if table is None:
            if kind in ("seats", "clock") and self.hub.peers.plays_bots(news["table"]):
                # Forgotten here while it waited for open seats: the last may have been taken.
                self.load(news["table"])
            return  # else not held here: it loads fresh when needed
        if kind == "closed":
            task = asyncio.create_task(self.hub.closed(table))
        elif kind == "deleted":
            task = asyncio.create_task(self.hub.closed(table, DELETED))
        elif kind == "stopped" and isinstance(data, str):
            task = asyncio.create_task(self.hub.stopped(table, datetime.fromisoformat(data)))
        elif kind == "chat_deleted" and isinstance(data, int):
            task = asyncio.create_task(self.hub.chat_deleted(table, data))
        elif kind == "rematch" and isinstance(data, str):
            task = asyncio.create_task(self.hub.rematch_opened(table, data))
        elif kind == "seats" and isinstance(data, list):
            task = asyncio.create_task(self._seats(table, [SeatInfo.from_json(s) for s in data]))
        elif kind == "clock" and isinstance(data, dict):
            seats = [SeatInfo.from_json(s) for s in data["seats"]]
            task = asyncio.create_task(self.hub.clock_heard(table, seats, data["clock_state"]))
        elif kind == "chat" and isinstance(data, dict):
            line = ChatLine(
                data["seat"],
                data["name"],
                data["text"],
                datetime.fromisoformat(data["at"]),
                data.get("id"),
            )
            task = asyncio.create_task(self._chat(table, line))
        else:
            log.error("table %s: an unknown change %r", table.id, kind)
            return
        self._keep(task)

    def forgotten(self, table_id: str) -> None:
        """A table left the hub's memory: what was heard of it is read again when it loads."""
        self.pending.pop(table_id, None)

    def _keep(self, task: asyncio.Task[None]) -> None:
        self.sending.add(task)
        task.add_done_callback(self.sending.discard)

    def load(self, table_id: str) -> None:
        """Load a table whose bots this process plays, forgotten here (it waited for a
        person), so that its bots play on."""
        self._keep(asyncio.create_task(self._load(table_id)))

    async def _load(self, table_id: str) -> None:
        try:
            await self.hub.get(table_id)  # which starts its bots
        except (GameError, SQLAlchemyError) as error:
            reason = database_trouble(error) if isinstance(error, SQLAlchemyError) else error
            log.error("table %s: its bots cannot be played here: %s", table_id, reason)

    async def _seats(self, table: Table, seats: list[SeatInfo]) -> None:
        async with table.lock:  # no move's state between the change and its resending
            await self.hub.reseat(table, seats)
        self.hub.schedule_bot(table)  # the game begins here if the last open seat was taken

    async def _chat(self, table: Table, line: ChatLine) -> None:
        if table.chat is not None:  # else read from the store on first use, this line with it
            table.chat.append(line)
            del table.chat[:-CHAT_HISTORY]
        await self.hub.send_all(table, {"type": "chat", **line.to_json()})

    def loaded(self, table: Table) -> None:
        """A table was just loaded: read what was announced while it was being read."""
        if self.recent.get(table.id, 0) > table.move:
            self.pending.setdefault(table.id, {})
            self._follow(table)

    async def resync(self) -> None:
        """Bring every table here up to the database (nothing heard may have been missed)."""
        for table in list(self.hub.tables.values()):
            table.chat = None  # read again on next use: a line may have been missed too
            if not table.state.is_over:
                self.pending.setdefault(table.id, {})
                self._follow(table)

    async def close(self) -> None:
        """Stop catching up."""
        tasks = [*self.running.values(), *self.sending]
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)

    def _follow(self, table: Table) -> None:
        if table.id not in self.running:
            self.running[table.id] = asyncio.create_task(self._catch_up(table))

    async def _catch_up(self, table: Table) -> None:
        try:
            while table.id in self.pending:
                known = self.pending.pop(table.id)
                async with table.lock:
                    await self._apply(table, known)
                self.hub.schedule_bot(table)
        finally:
            del self.running[table.id]

    async def _apply(self, table: Table, known: dict[int, str | None]) -> None:
        texts: list[str] = []
        seq = table.move + 1
        while (text := known.get(seq)) is not None:
            texts.append(text)
            seq += 1
        # Read from the database what was not heard in order: a gap, a text too long for a
        # notification, or everything after a reconnection or a load.
        if not known or max(known) >= seq:
            try:
                stored = await asyncio.to_thread(
                    self.hub.store.actions_after, {table.id: table.move}
                )
            except SQLAlchemyError as error:
                # The next action heard, or the next reconnection, reads again.
                log.warning("table %s cannot catch up: %s", table.id, database_trouble(error))
                return
            texts = stored[table.id]
        await self.hub.apply_stored(table, texts)
