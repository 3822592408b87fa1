"""Post-game analysis at the server: each seat of a finished game analysed in the background
when its replay asks, in the bot workers' processes, and stored with the game.

The engine is ``parlour.analysis``; each decision is one task of the bot pool, and at most
one task per worker is in flight for all analyses together, so a bot at a live table waits
for one decision's analysis at most, never for a whole game's.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import JSON, DateTime, ForeignKey, Integer, String
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Mapped, Session, mapped_column

from ..analysis import Settings, assemble, decision_points, judge_move
from .base import Base
from .botpool import BotPool
from .hints import WORLDS, seat_levels, settings_for
from .hub import Table
from .store import Store

__all__ = ["ITERATIONS", "Analyses", "AnalysisRow", "Progress"]

log = logging.getLogger("parlour.server")

# Worlds a decision at the server, half the command's default, the same as a hint's so that
# the two agree: a 4-player Fearless seat takes about 3 s of one worker's processor time, a
# 3-player Fool's Blade seat about 12 s (docs/analysis.md).
ITERATIONS = WORLDS


class AnalysisRow(Base):
    """One seat's analysis of a finished table: the settings used and the result as JSON."""

    __tablename__ = "parlour_analyses"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("parlour_tables.id"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    settings: Mapped[dict[str, Any]] = mapped_column(JSON)
    # ``SeatAnalysis.to_dict()``.
    data: Mapped[dict[str, Any]] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


@dataclass
class Progress:
    """A seat's analysis under way: decisions judged of how many, or why it failed."""

    done: int = 0
    total: int | None = None
    failed: str | None = None


class Analyses:
    """The analyses of finished tables: stored ones, and those being computed."""

    def __init__(self, store: Store, pool: BotPool, iterations: int = ITERATIONS) -> None:
        self.store = store
        self.pool = pool
        self.iterations = iterations
        self.running: dict[tuple[str, int], Progress] = {}
        self.tasks: set[asyncio.Task[None]] = set()
        self._slots = asyncio.Semaphore(pool.workers)

    def settings(self, table: Table) -> Settings:
        """The settings the server analyses ``table``'s game with: a hint's (``settings_for``),
        each seat played out at the level the table has it (``seat_levels``)."""
        levels = seat_levels([info.bot for info in table.info.seats])
        return settings_for(table.info.game, self.iterations, levels)

    def _stored(self, table_id: str, seat: int) -> dict[str, Any] | None:
        with Session(self.store.engine) as session:
            row = session.get(AnalysisRow, (table_id, seat))
            return None if row is None else {"settings": row.settings, "seat": row.data}

    def _keep(self, table_id: str, seat: int, settings: Settings, data: dict[str, Any]) -> None:
        # Two requests may race to the same analysis, in this process or in two processes
        # on one database (between the look and the insert): the first one stored stays.
        with (
            contextlib.suppress(IntegrityError),
            Session(self.store.engine) as session,
            session.begin(),
        ):
            if session.get(AnalysisRow, (table_id, seat)) is None:
                session.add(
                    AnalysisRow(
                        table_id=table_id,
                        seat=seat,
                        settings=settings.to_dict(),
                        data=data,
                        created_at=datetime.now(UTC),
                    )
                )

    async def answer(self, table: Table, seat: int) -> tuple[int, dict[str, Any]]:
        """The status code and JSON for seat ``seat``'s analysis of a finished ``table``:
        200 with it when stored, else 202 with the progress (starting the work if need be),
        or 500 with the reason when it failed (asking again tries again)."""
        stored = await asyncio.to_thread(self._stored, table.id, seat)
        if stored is not None:
            return 200, {
                "status": "done",
                "seat": seat,
                "settings": stored["settings"],
                "analysis": stored["seat"],
            }
        key = (table.id, seat)
        progress = self.running.get(key)
        if progress is not None and progress.failed is not None:
            del self.running[key]
            return 500, {"type": "error", "message": progress.failed}
        if progress is None:
            progress = self.running[key] = Progress()
            task = asyncio.create_task(self._analyse(table, seat, progress))
            self.tasks.add(task)
            task.add_done_callback(self.tasks.discard)
        return 202, {
            "status": "analysing",
            "seat": seat,
            "done": progress.done,
            "total": progress.total,
        }

    async def _analyse(self, table: Table, seat: int, progress: Progress) -> None:
        record = table.info.record()
        # The moves' words name seats as the table's buttons and log do (from 1).
        names = table.sentence_names
        loop = asyncio.get_running_loop()
        try:
            settings = self.settings(table)
            points = await asyncio.to_thread(decision_points, record, [seat])
            progress.total = len(points)

            async def judged(before: int) -> Any:
                async with self._slots:
                    # The pool's executor is looked up each time: it is replaced when a
                    # worker dies.
                    decision = await loop.run_in_executor(
                        self.pool.executor, judge_move, record, before, settings, names
                    )
                progress.done += 1
                return decision

            decisions = await asyncio.gather(*(judged(before) for before in points))
            analysis = await asyncio.to_thread(assemble, record, [seat], settings, decisions)
            data = analysis.seat(seat).to_dict()
            await asyncio.to_thread(self._keep, table.id, seat, settings, data)
        except asyncio.CancelledError:
            raise
        except Exception as error:
            log.exception("the analysis of seat %d at table %s failed", seat, table.id)
            progress.failed = f"the analysis failed: {error}"
            return
        del self.running[(table.id, seat)]

    async def close(self) -> None:
        """Stop the analyses under way (nothing of them was stored: asking again redoes them)."""
        for task in list(self.tasks):
            task.cancel()
        await asyncio.gather(*self.tasks, return_exceptions=True)
