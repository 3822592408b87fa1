"""Group commit: the moves of every table that arrive while one write is on its way to disk
go together in the next one, so a busy server syncs the disk once for many moves."""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

from sqlalchemy.exc import IntegrityError

from .store import ConflictError, NewAction, Store

__all__ = ["GroupCommit"]

# A batch handed to the writer thread: its moves, and the loop to hand the outcome back to.
_Batch = tuple[list[tuple[NewAction, "asyncio.Future[None]"]], asyncio.AbstractEventLoop]


class GroupCommit:
    """Writes actions through ``store``, batching those that wait for the same disk sync.

    The writes run on a thread of the group commit's own, started at the first move (one
    batch at a time, on the store's one connection for them): a batch goes to it through a
    queue and its outcome comes back by ``call_soon_threadsafe``, with no task, executor or
    future of a thread pool a batch."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[NewAction, asyncio.Future[None]]] = []
        self.writing = False  # a batch is with the writer thread
        self.batches: queue.SimpleQueue[_Batch | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None

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
        loop = asyncio.get_running_loop()
        done: asyncio.Future[None] = loop.create_future()
        self.waiting.append((NewAction(table_id, seq, seat, text, clock_state), done))
        if not self.writing:
            # Sent once the loop has run what is ready: the moves read meanwhile go too.
            self.writing = True
            loop.call_soon(self._send, loop)
        await done

    def close(self) -> None:
        """Let the writer thread end once the batch it has is written (the next move starts
        another)."""
        if self.thread is not None:
            self.batches.put(None)
            self.thread = None

    def _send(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self.waiting = self.waiting, []
        if self.thread is None:
            self.thread = threading.Thread(
                target=self._run, args=(self.batches,), name="parlour-group-commit", daemon=True
            )
            self.thread.start()
        self.batches.put((batch, loop))

    def _run(self, batches: queue.SimpleQueue[_Batch | None]) -> None:
        """The writer thread: each batch in one transaction, its outcome to its loop."""
        while (item := batches.get()) is not None:
            batch, loop = item
            results: list[Exception | None]
            try:
                results = list(self.store.append_many([a for a, _ in batch]))
            except Exception as error:  # the database failed: none of the batch is stored
                results = [error] * len(batch)
            try:
                loop.call_soon_threadsafe(self._settle, batch, results, loop)
            except RuntimeError:  # the loop is closed: nobody waits for these any more
                self.writing = False

    def _settle(
        self,
        batch: list[tuple[NewAction, asyncio.Future[None]]],
        results: list[Exception | None],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        """On the loop: answer the batch's moves, and send the moves that came meanwhile."""
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
        if self.waiting:
            self._send(loop)
        else:
            self.writing = False
