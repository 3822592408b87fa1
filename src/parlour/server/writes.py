"""Group commit: the moves of every table that arrive while one write is on its way to disk
go together in the next one, so a busy server syncs the disk once for many moves."""

from __future__ import annotations

import asyncio
import queue
import threading
from typing import Any

import psycopg
from sqlalchemy.exc import DBAPIError, IntegrityError

from . import metrics
from .notify import open_connection
from .store import (
    ONE_STATEMENT,
    ConflictError,
    NewAction,
    Store,
    has_input,
    libpq_url,
    one_statement,
)

__all__ = ["GroupCommit", "OnTheLoop"]

# What a batch's write gives back: per action ``None`` (stored) or why it was not.
Results = list[Exception | None]


class OnTheLoop:
    """PostgreSQL's batches written on the event loop: ``ONE_STATEMENT`` (its own
    transaction) on an async connection of the process's own, so a batch is one round trip
    and no hand-off to a thread and back (which cost a busy server about a tenth of its CPU
    a move: the thread's waking, the GIL passed between the two, the loop woken again). A
    connection found broken before the statement is sent is replaced and the batch written
    on the new one; one that breaks after, the outcome unknown, fails the batch."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.conninfo = libpq_url(store.url)
        self.connection: psycopg.AsyncConnection[tuple[Any, ...]] | None = None
        self.cursor: psycopg.AsyncCursor[tuple[Any, ...]] | None = None  # the connection's

    async def write(self, actions: list[NewAction]) -> Results:
        """Store ``actions``: per action ``None`` or why not (a number taken is SQLAlchemy's
        ``IntegrityError``, the database's failure its ``DBAPIError`` for every action)."""
        try:
            await self._write(actions)
            return [None] * len(actions)
        except IntegrityError:  # one number is taken: the others go in one by one
            return list(await asyncio.to_thread(self.store.one_by_one, actions))
        except Exception as error:
            return [error] * len(actions)

    async def _write(self, actions: list[NewAction]) -> None:
        for attempt in (1, 2):
            fresh, sent = self.connection is None, False
            try:
                if self.connection is None or self.cursor is None:
                    self.connection = await open_connection(self.conninfo, "writer")
                    self.cursor = self.connection.cursor()
                # Anything to read on an idle connection is a server's farewell (a restart's)
                # or a notice: a round trip tells which before the batch goes.
                if not fresh and has_input(self.connection.pgconn.socket):
                    await self.cursor.execute("SELECT 1")
                sent = True
                await self.cursor.execute(ONE_STATEMENT, one_statement(actions))
                return
            except psycopg.Error as error:
                broken = self._failed(error)
                if broken and not sent and not fresh and attempt == 1:
                    continue
                raise DBAPIError.instance(
                    ONE_STATEMENT,
                    None,
                    error,
                    psycopg.Error,
                    connection_invalidated=broken,
                    dialect=self.store.engine.dialect,
                ) from error

    def _failed(self, error: psycopg.Error) -> bool:
        """After ``error``: whether the connection broke (it is then given up). A failure
        other than a taken number is counted."""
        if not isinstance(error, psycopg.IntegrityError):
            metrics.database_error("store")
        connection = self.connection
        if connection is None or connection.broken or connection.closed:
            self.connection = self.cursor = None
            return True
        return False

    def backend(self) -> int | None:
        """The server process of the connection (``None``: none open)."""
        return None if self.connection is None else self.connection.info.backend_pid

    async def close(self) -> None:
        """Close the connection (the next write opens another)."""
        connection, self.connection, self.cursor = self.connection, None, None
        if connection is not None:
            await connection.close()


# A batch handed to the writer thread: its moves, and the loop to hand the outcome back to.
_Batch = tuple[list[tuple[NewAction, "asyncio.Future[None]"]], asyncio.AbstractEventLoop]


class GroupCommit:
    """Writes actions through ``store``, batching those that wait for the same disk sync.

    One batch at a time. On PostgreSQL it is written on the loop (``OnTheLoop``). On SQLite,
    whose commit blocks on the disk's sync, the writes run on a thread of the group commit's
    own, started at the first move (on the store's one connection for them): a batch goes
    to it through a queue and its outcome comes back by ``call_soon_threadsafe``, with no
    task, executor or future of a thread pool a batch."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.waiting: list[tuple[NewAction, asyncio.Future[None]]] = []
        self.writing = False  # a batch is on its way
        self.batches: queue.SimpleQueue[_Batch | None] = queue.SimpleQueue()
        self.thread: threading.Thread | None = None
        # PostgreSQL's batches go on the loop (``OnTheLoop``, made at the first), SQLite's
        # blocking commit to the thread; the task of the batch on its way, on the loop.
        self.on_the_loop: OnTheLoop | None = None
        self.flight: asyncio.Task[None] | None = None

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

    def writer(self) -> int | None:
        """The PostgreSQL server process writing the batches on the loop (``None``: none,
        or SQLite): the listener leaves out the notifications of this process's moves."""
        return None if self.on_the_loop is None else self.on_the_loop.backend()

    async def close(self) -> None:
        """Let the writer thread end once the batch it has is written, or wait for the
        batch on its way on the loop and close its connection (the next move starts
        another)."""
        if self.thread is not None:
            self.batches.put(None)
            self.thread = None
        if self.on_the_loop is not None:
            if self.flight is not None:
                await asyncio.gather(self.flight, return_exceptions=True)
            await self.on_the_loop.close()

    def _send(self, loop: asyncio.AbstractEventLoop) -> None:
        batch, self.waiting = self.waiting, []
        if self.store.announces:
            if self.on_the_loop is None:
                self.on_the_loop = OnTheLoop(self.store)
            self.flight = loop.create_task(self._fly(batch, loop))
            return
        if self.thread is None:
            self.thread = threading.Thread(
                target=self._run, args=(self.batches,), name="parlour-group-commit", daemon=True
            )
            self.thread.start()
        self.batches.put((batch, loop))

    async def _fly(
        self,
        batch: list[tuple[NewAction, asyncio.Future[None]]],
        loop: asyncio.AbstractEventLoop,
    ) -> None:
        assert self.on_the_loop is not None
        self._settle(batch, await self.on_the_loop.write([a for a, _ in batch]), loop)

    def _run(self, batches: queue.SimpleQueue[_Batch | None]) -> None:
        """The writer thread: each batch in one transaction, its outcome to its loop."""
        while (item := batches.get()) is not None:
            batch, loop = item
            results: Results
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
        results: Results,
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
