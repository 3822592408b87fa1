"""Group commit: the moves of every table that arrive while one write is on its way to disk
go together in the next one, so a busy server syncs the disk once for many moves."""

from __future__ import annotations

import asyncio
from typing import Any

from sqlalchemy.exc import IntegrityError

from .store import ConflictError, NewAction, Store

__all__ = ["GroupCommit"]


class GroupCommit:
    """Writes actions through ``store``, batching those that wait for the same disk sync."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[NewAction, asyncio.Future[None]]] = []
        self.writer: asyncio.Task[None] | None = None

    async def append(
        self,
        table_id: str,
        seq: int,
        seat: int,
        text: str,
        clock_state: dict[str, Any] | None = None,
    ) -> None:
        """Store one action (with the clock's state after it, at a table with a clock),
        committed when this returns; ``ConflictError`` if its number is taken, the
        database's ``SQLAlchemyError`` if it could not be stored."""
        done: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        self.waiting.append((NewAction(table_id, seq, seat, text, clock_state), done))
        if self.writer is None or self.writer.done():
            self.writer = asyncio.create_task(self._write())
        await done

    async def _write(self) -> None:
        while self.waiting:
            batch, self.waiting = self.waiting, []
            results: list[Exception | None]
            try:
                stored = await asyncio.to_thread(self.store.append_many, [a for a, _ in batch])
                results = list(stored)
            except Exception as error:  # the database failed: none of the batch is stored
                results = [error] * len(batch)
            for (action, done), result in zip(batch, results, strict=True):
                if done.cancelled():
                    continue
                if result is None:
                    done.set_result(None)
                elif isinstance(result, IntegrityError):
                    done.set_exception(
                        ConflictError(f"action {action.seq} of table {action.table_id} is stored")
                    )
                else:
                    done.set_exception(result)
