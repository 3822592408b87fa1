"""What the hub's parts share: its refusals, the other processes on the database, and the
state every part reads (the tables held, the store, the bots' pool, the tasks that run)."""

from __future__ import annotations

import asyncio
from abc import ABC, abstractmethod
from typing import Protocol

from sqlalchemy.exc import SQLAlchemyError

from ..botpool import BotPool
from ..redact import shown_reason
from ..store import Store
from ..writes import GroupCommit
from .table import Table

__all__ = [
    "STORE_RETRY_CAP",
    "Alone",
    "HubParts",
    "Peers",
    "RefusedError",
    "UnstoredError",
    "database_trouble",
]

# The longest wait, in seconds, before a bot, a pass or a clock tries again what the
# database did not store.
STORE_RETRY_CAP = 5.0


class RefusedError(Exception):
    """A request or message that changes nothing; its text is the error sent back."""


class UnstoredError(RefusedError):
    """A move not made because the database did not store it (down, full, read-only)."""


def database_trouble(error: SQLAlchemyError) -> str:
    """The database's own reason for a failure, in one line, without the database server's
    address (players read it; the operator knows where the database is)."""
    reason = str(getattr(error, "orig", None) or error).strip().splitlines()
    return shown_reason(reason[0]) if reason else type(error).__name__


class Peers(Protocol):
    """The other server processes on the same database, as far as the hub needs to know."""

    def plays_bots(self, table_id: str) -> bool:
        """Whether this process plays the table's bot turns (it holds the table's bot lease)."""
        ...

    def loaded(self, table: Table) -> None:
        """A table was loaded or created in this process (it may need catching up, or its
        bot lease)."""
        ...

    async def current(self, table: Table) -> None:
        """Apply the moves other processes stored at a table this process did not follow
        (nobody here watched it nor played its bots), before it is used here."""
        ...

    def forgotten(self, table_id: str) -> None:
        """A table left this process's memory (it loads fresh when needed)."""
        ...


class Alone:
    """No other process serves the database: this one plays every table's bots."""

    def plays_bots(self, table_id: str) -> bool:
        """Always: there is nobody else."""
        return True

    def loaded(self, table: Table) -> None:
        """Nothing to do."""

    async def current(self, table: Table) -> None:
        """Nothing to do: every move is made here."""

    def forgotten(self, table_id: str) -> None:
        """Nothing to do."""


class HubParts(ABC):
    """The state the hub's parts share, and the two steps a part calls in another that
    builds on it: starting whoever moves next, and storing a game's end."""

    def __init__(self, store: Store, pool: BotPool, bot_delay: float = 0.0) -> None:
        self.store = store
        # Moves are written through one group commit: a disk sync for many tables' moves.
        self.writes = GroupCommit(store)
        self.pool = pool
        # A pause before each bot move, so people at the table can follow the play.
        self.bot_delay = bot_delay
        self.tables: dict[str, Table] = {}
        # Per finished table, the id of the rematch opened from it (the database has them
        # all: ``Store.rematch``; these were opened or heard of here).
        self.rematches: dict[str, str] = {}
        self._rematch_lock = asyncio.Lock()
        # The timers that pass for people (kept here so they are not collected, and stopped).
        self.passes: set[asyncio.Task[None]] = set()
        # Connections being ended after a send to them failed (kept so they are not collected).
        self.closing: set[asyncio.Task[None]] = set()
        # Clocks that ran out, being turned into absences (kept so they are not collected).
        self.timeouts: set[asyncio.Task[None]] = set()
        # Who-is-here messages due at tables (kept so they are not collected, and stopped).
        self.presences: set[asyncio.Task[None]] = set()
        # Writes where the clocks enforced here stand, while any runs (``_checkpoints``).
        self.checkpointer: asyncio.Task[None] | None = None
        # The other processes on this database (cluster.py sets them on PostgreSQL).
        self.peers: Peers = Alone()
        # Bot moves this process made (stored and applied), for /api/health.
        self.bot_moves = 0

    @abstractmethod
    def schedule_bot(self, table: Table) -> None:
        """Start whatever moves next at the table by itself (``turns.Turns``)."""

    @abstractmethod
    async def _store_finish(self, table: Table) -> None:
        """Store the end of a finished game (``moves.Moves``)."""
