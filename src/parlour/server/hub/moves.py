"""Moves: checked, stored (through the group commit), applied and broadcast; after a write
that failed or conflicted, the table catches up with the stored record; a game's end stored."""

from __future__ import annotations

import asyncio
import functools
import logging
import time
from collections.abc import Sequence

from sqlalchemy.exc import SQLAlchemyError

from ...core import GameError, IllegalAction, player_name
from .. import metrics
from ..community import ratings
from ..people import seat_number
from ..store import ConflictError
from .closing import STOPPED_MESSAGE
from .parts import RefusedError, UnstoredError, database_trouble
from .seats import Seats
from .table import Table

__all__ = ["Moves"]

log = logging.getLogger("parlour.server")

# Why an absent person's move is refused.
_ABSENT = 'your time ran out and a bot plays for you: send {"type": "back"} to take your seat back'


def _still_open(seats: Sequence[int]) -> str:
    """Why nobody may move yet at a table whose ``seats`` are open."""
    which = ", ".join(str(seat_number(seat)) for seat in seats)
    return f"the game begins once every seat is taken; still open: seat {which}"


class Moves(Seats):
    """The moves made at the tables, people's and bots' alike."""

    async def act(self, table: Table, seat: int | None, text: str, move: int) -> None:
        """Carry out ``seat``'s ``act`` message, ``text`` at ``move`` (``inbound.Act``);
        ``RefusedError`` (nothing changed) if not."""
        if seat is None:
            raise RefusedError("spectators cannot act; open the table with a seat's link to play")
        if table.info.seats[seat].bot is not None:
            raise RefusedError(f"seat {seat_number(seat)} is played by a bot")
        started = time.perf_counter()
        await self.play(table, seat, text, move)
        metrics.move_took(table.info.game, time.perf_counter() - started)

    async def play(
        self, table: Table, seat: int, text: str, move: int, bot: str | None = None
    ) -> None:
        """Store, apply and broadcast ``text`` by ``seat`` if it is legal at ``move`` (``bot``:
        chosen by that bot, refused unless it still plays the seat).

        The move is made only once its row is committed (with where the clock stands after
        it, at a table with a clock); a write that fails leaves the table as it was and
        raises ``UnstoredError``.
        """
        try:
            await self._play(table, seat, text, move, bot)
        finally:
            # Also after a refusal: catching up with the database may have moved the turn.
            self.schedule_bot(table)

    async def _play(self, table: Table, seat: int, text: str, move: int, bot: str | None) -> None:
        async with table.lock:
            if table.player_of(seat) != bot:
                if bot is None:
                    raise RefusedError(_ABSENT)
                raise RefusedError(f"seat {seat_number(seat)} is no longer played by the {bot} bot")
            state = table.state
            if move != table.move:
                raise RefusedError(
                    f"stale move: you acted on move {move}, the table is at move {table.move}"
                )
            if state.is_over:
                raise RefusedError("the game is over")
            if table.stopped:
                raise RefusedError(STOPPED_MESSAGE)
            if table.waiting:
                await self._seats_again(table)
                if table.waiting:
                    raise RefusedError(_still_open(table.open_seats))
            turn = state.current_player
            if turn != seat:
                who = "nobody" if turn is None else player_name(turn, table.sentence_names)
                raise RefusedError(f"it is not your turn: {who} decides now")
            try:
                action = state.resolve(text, table.sentence_names)
            except IllegalAction as error:
                raise RefusedError(str(error)) from None
            seq = table.move + 1
            clock, clock_state = table.clock, None
            if clock is not None:
                clock = clock.moved(seat, table.clock_runner(), time.time())
                clock_state = clock.to_json()
            try:
                await self.writes.append(table.id, seq, seat, action.text, clock_state)
            except (ConflictError, SQLAlchemyError) as error:
                # A failed commit may still have reached the database (the connection broke
                # while the server answered), and a conflict means another writer stored this
                # number: either way the stored record is the truth, so catch up with it.
                await self._catch_up(table, error)
                if table.move >= seq and table.info.actions[seq - 1] == action.text:
                    return  # it was stored after all: made and sent like any other move
                if isinstance(error, ConflictError):
                    raise RefusedError(
                        f"stale move: you acted on move {move}, the table is at move {table.move}"
                    ) from None
                raise UnstoredError(
                    "your move was not made: the database did not store it "
                    f"({database_trouble(error)}); send it again in a moment"
                ) from None
            table.apply(action)
            metrics.moved(table.info.game)
            table.clock = clock
            if state.is_over:
                await self._store_finish(table)
            await self._broadcast(table)

    def _apply(self, table: Table, texts: list[str]) -> None:
        """Apply stored actions to the table's state, in order."""
        for stored in texts:
            table.apply(stored)

    async def _catch_up(self, table: Table, cause: Exception) -> None:
        """Apply the actions the database holds beyond the table's state (after a failed or
        conflicting write), and send them; a database still unreachable changes nothing."""
        try:
            info = await asyncio.to_thread(self.store.get, table.id)
        except SQLAlchemyError as error:
            log.warning(
                "table %s: a move's write failed (%s) and the record cannot be read back (%s)",
                table.id,
                cause,
                database_trouble(error),
            )
            return
        if info is None or info.actions[: table.move] != table.info.actions:
            log.error("table %s: the stored record no longer begins with the game played", table.id)
            return
        await self.apply_stored(table, info.actions[table.move :])

    async def apply_stored(self, table: Table, texts: list[str]) -> None:
        """Apply actions stored after the table's state (by another process, or by a write
        whose answer was lost) and send the new state; the caller holds the table's lock."""
        if not texts:
            return
        try:
            self._apply(table, texts)
        except GameError as error:
            log.error("table %s: a stored action does not replay: %s", table.id, error)
        if table.clock is not None:
            # Stored with the moves by whoever made them: read, not worked out again here.
            try:
                stored = await asyncio.to_thread(self.store.clock_state, table.id)
            except SQLAlchemyError as error:
                log.warning("table %s: its clock cannot be read: %s", table.id, error)
            else:
                table.clock = table.stored_clock(stored)
        if table.state.is_over:
            await self._store_finish(table)
        await self._broadcast(table)

    async def _store_finish(self, table: Table) -> None:
        """Store the end of a finished game (scores and winners, for the lobby), with the
        places and rating changes of its seats, and tell the table its rating changes."""
        state = table.state
        try:
            await asyncio.to_thread(
                self.store.finish,
                table.id,
                state.scores(),
                state.winners(),
                # A seat whose time ever ran out is ranked last (API.md, "Clocks").
                functools.partial(ratings.record_end, absent=table.timed_out),
            )
            info = await asyncio.to_thread(self.store.get, table.id)
        except SQLAlchemyError as error:
            # The moves are stored; the next load of the table stores its end again.
            log.warning("table %s: its end was not stored: %s", table.id, database_trouble(error))
            return
        except Exception:
            # A fault of the rating step rolled the end back with it: the game stays over here
            # and the next load of the table tries again; the players still see the end.
            log.exception("table %s: its end was not stored", table.id)
            return
        if info is not None:
            table.info.finished_at = info.finished_at
            if info.rating_changes is not None:
                table.info.rating_changes = info.rating_changes
                await self._announce(table)
        self._forget_later(table)  # a game that ended while nobody watched
