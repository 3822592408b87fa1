"""Clocks' timers and absences (docs/server.md, "Clocks and absence"): the running seat
timed, where the clocks stand stored now and then, a seat whose time ran out made absent,
and its person back."""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import replace
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from ..community import clocks
from ..people import seat_number
from ..store import SeatInfo
from .parts import STORE_RETRY_CAP, RefusedError, UnstoredError, database_trouble
from .seats import Seats
from .table import Table

__all__ = ["CLOCK_SLACK", "ClockTimers"]

log = logging.getLogger("parlour.server")

# Seconds a clock's timer may fire before the time is quite out (the wall clock and the
# event loop's differ a little): it is taken as out rather than set again for a moment.
CLOCK_SLACK = 0.05


class ClockTimers(Seats):
    """The timers of the clocks this process enforces, and the absences they make."""

    def _time(self, table: Table) -> None:
        """Set the timer of the seat whose clock runs now, in the process that enforces the
        table's clock (the holder of its bot lease); stop any earlier one."""
        if table.clock is None:
            return
        if table.clock_timer is not None:
            table.clock_timer.cancel()
            table.clock_timer = None
        seat = table.clock_runner()
        if seat is None:
            return
        now = time.time()
        table.clock = clock = table.clock.begun(now)
        if not self.peers.plays_bots(table.id):
            return
        left = clock.left(seat, seat, now) or 0.0
        loop = asyncio.get_running_loop()
        table.clock_timer = loop.call_later(left, self._ran_out, table, seat, table.move)
        if self.checkpointer is None or self.checkpointer.done():
            self.checkpointer = asyncio.create_task(self._checkpoints())

    async def _checkpoints(self) -> None:
        """While clocks are enforced here, store where each running one stands every
        ``clock.checkpoint_every()`` seconds, in one write for all: a server killed outright
        gives back at most that much time (``resume_all`` charges from the stored remaining).
        A table busy with a move is left to the next round; its move stores its clock."""
        while any(table.clock_timer is not None for table in self.tables.values()):
            await asyncio.sleep(clocks.CHECKPOINT)
            now = time.time()
            due = [
                table
                for table in self.tables.values()
                if table.clock is not None
                and table.clock_timer is not None
                and table.clock.since is not None
                and now - table.clock.since >= table.clock.checkpoint_every()
                and not table.lock.locked()
            ]
            for table in due:
                # Free, so taken at once (no other coroutine runs in between): no move can
                # come between what is written and what the table holds.
                await table.lock.acquire()
            try:
                states: dict[str, tuple[Table, clocks.ClockState]] = {}
                for table in due:
                    seat = table.clock_runner()
                    if seat is not None and table.clock is not None:
                        states[table.id] = (table, table.clock.checkpoint(seat, now))
                if not states:
                    continue
                stored = {key: state.to_json() for key, (_, state) in states.items()}
                try:
                    await asyncio.to_thread(self.store.set_clocks, stored)
                except SQLAlchemyError as error:
                    log.warning("the clocks were not stored: %s", database_trouble(error))
                    continue
                for table, state in states.values():
                    table.clock = state
            finally:
                for table in due:
                    table.lock.release()

    def _ran_out(self, table: Table, seat: int, move: int) -> None:
        table.clock_timer = None
        task = asyncio.create_task(self._time_out(table, seat, move))
        self.timeouts.add(task)
        task.add_done_callback(self.timeouts.discard)

    async def _time_out(self, table: Table, seat: int, move: int) -> None:
        """Make ``seat`` absent if its time ran out at ``move``: stored, announced to the
        other processes, every connection sent its state, and the bot plays it from now."""
        async with table.lock:
            clock = table.clock
            if clock is None or table.move != move or table.clock_runner() != seat:
                return  # the seat moved (or left the turn) while the timer fired
            now = time.time()
            left = clock.left(seat, seat, now) or 0.0
            if left > CLOCK_SLACK or not self.peers.plays_bots(table.id):
                self._time(table)  # the clock was given time meanwhile, or is enforced elsewhere
                return
            after = clock.ran_out(seat, now)
            seats = [replace(info) for info in table.info.seats]
            seats[seat].absent = True
            try:
                await asyncio.to_thread(self.store.set_clock, table.id, seats, after.to_json())
            except SQLAlchemyError as error:
                log.warning(
                    "table %s: seat %d's time ran out but is not stored: %s",
                    table.id,
                    seat,
                    database_trouble(error),
                )
                loop = asyncio.get_running_loop()
                table.clock_timer = loop.call_later(
                    STORE_RETRY_CAP, self._ran_out, table, seat, move
                )
                return
            table.clock = after
            await self.reseat(table, seats)
        self.schedule_bot(table)

    async def back(self, table: Table, seat: int) -> None:
        """The absent person of ``seat`` takes it back: at once, with at least
        ``clocks.BACK_SECONDS`` on the clock; stored, announced, every connection sent its
        state. ``RefusedError`` if the seat is not absent, ``UnstoredError`` if not stored."""
        async with table.lock:
            if table.clock is None or not table.info.seats[seat].absent:
                raise RefusedError(
                    f"seat {seat_number(seat)} is not absent: nobody plays it for you, so "
                    "there is no need to come back"
                )
            its_turn = table.state.current_player == seat and not table.state.is_over
            after = table.clock.back(seat, its_turn, time.time())
            seats = [replace(info) for info in table.info.seats]
            seats[seat].absent = False
            try:
                await asyncio.to_thread(self.store.set_clock, table.id, seats, after.to_json())
            except SQLAlchemyError as error:
                raise UnstoredError(
                    "you are not back yet: the database did not store it "
                    f"({database_trouble(error)}); send it again in a moment"
                ) from None
            table.clock = after
            if its_turn and table.bot_task is not None:
                # The bot was thinking for the seat (or waiting for this lock): the person moves.
                table.bot_task.cancel()
            await self.reseat(table, seats)
        self.schedule_bot(table)

    async def clock_heard(
        self, table: Table, seats: list[SeatInfo], clock_state: dict[str, Any]
    ) -> None:
        """Another process stored a seat's absence or return with the clock's state: take
        both in and send every connection its state."""
        async with table.lock:
            table.clock = table.stored_clock(clock_state)
            await self.reseat(table, seats)
        self.schedule_bot(table)
