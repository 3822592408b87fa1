"""Readiness: whether this server process can serve players now, which needs its database
and its bot processes to answer (``/api/health/ready``)."""

from __future__ import annotations

import asyncio
import os
import time
from collections.abc import Awaitable, Callable

from sqlalchemy import text
from sqlalchemy.exc import SQLAlchemyError

from .botpool import BotPool
from .store import Store

__all__ = ["ANSWERED_WITHIN", "TIMEOUT", "Readiness"]

# Seconds the check waits for the database, and for a bot process, before it says no.
TIMEOUT = 2.0
# Seconds after a bot process's last answer during which the bots count as answering without
# asking again: under load every worker may be busy thinking, and a question would wait.
ANSWERED_WITHIN = 10.0


class Readiness:
    """Asks the database and the bot processes whether they answer."""

    def __init__(self, store: Store, pool: BotPool) -> None:
        self.store = store
        self.pool = pool
        # The questions under way, one of each at a time: a database that hangs holds one
        # thread of the server's pool, not one a check, and a bot process that is slow to
        # start answers a question that later checks wait for rather than ask again.
        self.database: asyncio.Future[object] | None = None
        self.bots: asyncio.Future[object] | None = None

    async def trouble(self) -> str | None:
        """Why the process is not ready (a sentence naming no host, port or password), or
        ``None`` when it is."""
        self.database = _again(self.database, lambda: asyncio.to_thread(self._ask_database))
        try:
            await _within(self.database)
        except TimeoutError:
            return f"the database did not answer within {TIMEOUT:g} s"
        except SQLAlchemyError as error:
            # The driver's own words name the host and port: only the kind of failure is said.
            return f"the database does not answer ({type(error).__name__})"
        if time.monotonic() - self.pool.answered_at < ANSWERED_WITHIN:
            return None
        self.bots = _again(self.bots, lambda: self.pool.run(os.getpid))
        try:
            await _within(self.bots)
        except TimeoutError:
            return f"no bot process answered within {TIMEOUT:g} s"
        except Exception as error:
            return f"the bot processes do not answer ({type(error).__name__})"
        return None

    def _ask_database(self) -> None:
        with self.store.engine.connect() as connection:
            connection.execute(text("SELECT 1"))


def _again(
    asking: asyncio.Future[object] | None, ask: Callable[[], Awaitable[object]]
) -> asyncio.Future[object]:
    """The question under way, or a new one if the last is answered."""
    if asking is not None and not asking.done():
        return asking
    asking = asyncio.ensure_future(ask())
    # Its failure is read by a check, or by nobody if it ends after the checks gave up on it.
    asking.add_done_callback(lambda done: done.cancelled() or done.exception())
    return asking


async def _within(asking: asyncio.Future[object]) -> None:
    """Wait for the answer ``TIMEOUT`` seconds, leaving the question to go on after that."""
    async with asyncio.timeout(TIMEOUT):
        await asyncio.shield(asking)
