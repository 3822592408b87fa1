"""Seats that change hands: an open seat taken by a person or a bot, a guest's seat claimed by
an account, and seats changed in the store by another process or outside the hub."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Sequence

from sqlalchemy.exc import SQLAlchemyError

from ..store import SeatInfo
from ..tokens import hash_token, new_token
from .connections import Connections
from .parts import database_trouble
from .table import Table

__all__ = ["Seats"]

log = logging.getLogger("parlour.server")


class Seats(Connections):
    """Who sits at each seat, and every connection told when that changes."""

    async def sit(self, table: Table, seat: int, name: str, account_id: int | None = None) -> str:
        """Give open seat ``seat`` to a person named ``name`` (the account's, if given): its
        new token. ``ConflictError`` if it is not open (taken here or by another process
        first) or the account sits here already, ``GoneError`` if the table was closed."""
        token = new_token()
        async with table.lock:
            seats = await asyncio.to_thread(
                self.store.take_seat, table.id, seat, hash_token(token), name, account_id
            )
            await self.reseat(table, seats)
        self.schedule_bot(table)  # the game begins if that was the last open seat
        return token

    async def fill(self, table: Table, seat: int, bot: str) -> None:
        """Seat ``bot`` at open seat ``seat`` (``ConflictError``: not open; ``GoneError``)."""
        async with table.lock:
            seats = await asyncio.to_thread(self.store.fill_seat, table.id, seat, bot)
            await self.reseat(table, seats)
        self.peers.loaded(table)  # perhaps its first bot: this process may take its lease
        self.schedule_bot(table)

    async def claim(self, table: Table, seat: int, account_id: int, name: str) -> None:
        """Make a finished game's guest seat the account's (``ConflictError`` if it cannot be)."""
        async with table.lock:
            seats = await asyncio.to_thread(self.store.claim_seat, table.id, seat, account_id, name)
            await self.reseat(table, seats)

    async def reseat(self, table: Table, seats: list[SeatInfo]) -> None:
        """Take in the table's stored seats (changed here or by another process) and send
        every connection its view, its log naming the seats anew, and the table's
        description; the caller holds the table's lock."""
        table.info.seats = seats
        table.renamed()
        table.pass_move = None  # an auto_pass setting may have changed
        await self.resend(table, full_log=True)
        await self._announce(table)

    async def seats_stored(self, table_ids: Sequence[str]) -> None:
        """Take in seats changed in the store outside the hub (an account deleted): this
        process's copies of those tables, and the other processes' (told through the store)."""
        for table_id in table_ids:
            info = await asyncio.to_thread(self.store.get, table_id)
            if info is None:
                continue
            await asyncio.to_thread(self.store.set_seats, table_id, info.seats)
            table = self.tables.get(table_id)
            if table is not None:
                async with table.lock:
                    await self.reseat(table, info.seats)

    async def _seats_again(self, table: Table) -> None:
        """Read the table's seats from the store and take them in if they changed: a seat
        taken through another process while this one was not listening was not heard of,
        and the table would wait here for ever. The caller holds the table's lock."""
        try:
            info = await asyncio.to_thread(self.store.get, table.id)
        except SQLAlchemyError as error:
            log.warning("table %s: its seats cannot be read: %s", table.id, database_trouble(error))
            return
        if info is not None and info.seats != table.info.seats:
            await self.reseat(table, info.seats)
