"""Turns the server plays: a bot's (in the pool's workers), and a pass for a person who can
only pass and lets the server do it (``auto_pass``)."""

from __future__ import annotations

import asyncio
import logging

from .. import people
from .moves import Moves
from .parts import STORE_RETRY_CAP, RefusedError, UnstoredError
from .table import Table
from .timers import ClockTimers

__all__ = ["BOT_ATTEMPTS", "Turns"]

log = logging.getLogger("parlour.server")

# How many times in a row a bot's move is tried (a worker may die) before the table waits.
BOT_ATTEMPTS = 3


class Turns(Moves, ClockTimers):
    """Whoever moves next at a table by itself: a bot, or the server passing for a person."""

    def schedule_bot(self, table: Table) -> None:
        """Start the bot whose turn it is, unless one is already thinking at this table, or
        pass for a person who can only pass and lets the server do it; and time the seat
        whose clock runs, if this process enforces the table's clock."""
        self._time(table)
        state = table.state
        if state.is_over or state.current_player is None or table.waiting or table.stopped:
            return  # over or stopped, or nobody moves until every open seat is taken
        if table.player_of(state.current_player) is None:
            self._schedule_pass(table, state.current_player)
            return
        if not self.peers.plays_bots(table.id):
            return  # the process holding the table's bot lease plays it
        if table.bot_task is not None and not table.bot_task.done():
            return
        table.bot_task = asyncio.create_task(self._bot_turn(table))

    def _schedule_pass(self, table: Table, seat: int) -> None:
        # Once per move: the move number both keeps a second timer from starting and makes a
        # timer whose move was made meanwhile (the person passed first) a no-op.
        if not table.info.seats[seat].auto_pass or table.pass_move == table.move:
            return
        if not people.lone_pass(table.state):
            return
        table.pass_move = table.move
        task = asyncio.create_task(self._auto_pass(table, seat, table.move))
        self.passes.add(task)
        task.add_done_callback(self.passes.discard)

    async def _auto_pass(self, table: Table, seat: int, move: int) -> None:
        """Pass for ``seat`` at ``move`` after the fixed delay, unless the move was made or
        the seat's holder turned the setting off meanwhile."""
        await asyncio.sleep(people.AUTO_PASS_DELAY)
        if table.move != move or not table.info.seats[seat].auto_pass:
            return
        try:
            await self.play(table, seat, people.PASS, move)
        except UnstoredError as error:
            log.warning("a pass at table %s was not stored: %s", table.id, error)
            await asyncio.sleep(STORE_RETRY_CAP)
            if table.pass_move == move:
                table.pass_move = None  # try again
                self.schedule_bot(table)
        except RefusedError:
            pass  # the move was made meanwhile (by the person, or another server process)

    async def _bot_turn(self, table: Table) -> None:
        seat = table.state.current_player
        bot = None if seat is None else table.player_of(seat)
        if seat is None or bot is None:
            return
        move = table.move
        if self.bot_delay > 0:
            await asyncio.sleep(self.bot_delay)
        try:
            if people.lone_pass(table.state):
                # Any bot plays its only legal action: no need to replay the game in a worker.
                text = people.PASS
            else:
                # From the seat's information only, an absent person's seat too: the pool's
                # bots decide from ``seat``'s view of the game.
                text = await self.pool.choose(table.info.record(), bot, seat)
            await self.play(table, seat, text, move, bot)
        except UnstoredError as error:
            # The database is down, full or read-only: the bot moves again once it is back.
            table.store_failures += 1
            log.warning("bot move at table %s not stored: %s", table.id, error)
            await asyncio.sleep(min(STORE_RETRY_CAP, 0.1 * 2**table.store_failures))
        except RefusedError as error:
            # Only another writer on the same database can make a bot's move stale; the table
            # then caught up with the stored record and the bot plays the new turn; or the
            # absent person it played for came back, and moves. Any other refusal would
            # repeat, so the table waits for a restart.
            if table.player_of(seat) == bot:
                log.error("bot move at table %s refused: %s", table.id, error)
            if table.move == move:
                table.bot_task = None
                return
        except Exception:
            table.bot_failures += 1
            log.exception("the %s bot failed at table %s", bot, table.id)
            if table.bot_failures >= BOT_ATTEMPTS:
                log.error(
                    "table %s waits for a restart: its bot failed %d times", table.id, BOT_ATTEMPTS
                )
                table.bot_task = None
                return
            await asyncio.sleep(table.bot_failures)
        else:
            table.bot_failures = 0
            table.store_failures = 0
            self.bot_moves += 1
        table.bot_task = None
        self.schedule_bot(table)
