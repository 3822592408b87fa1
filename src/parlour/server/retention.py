"""Retention, as the operator sets it (``parlour serve --close-idle-days N
--delete-guest-games-days M``): unfinished tables nobody touched for N days are stopped, and
finished games without an account's seat are deleted after M days with their actions and
chat; accounts' games are kept (docs/server.md, "Retention").

It runs in the server every ``Retention.every`` seconds and on demand (``parlour admin
retention run``). Among several processes on one PostgreSQL, a round runs in one process at
a time: the one that takes the retention lock (an advisory lock held for the round)."""

from __future__ import annotations

import asyncio
import contextlib
import logging
from dataclasses import dataclass, field
from datetime import UTC, datetime, timedelta

from sqlalchemy import exists, select, text
from sqlalchemy.exc import SQLAlchemyError
from sqlalchemy.orm import Session

from .community.rows import AccountSeatRow
from .hub import DELETED, Hub
from .store import ActionRow, ChatRow, ConflictError, GoneError, Store, TableRow

__all__ = ["EVERY", "Outcome", "Retention", "keep_running", "run", "run_in"]

log = logging.getLogger("parlour.server")

# Seconds between two rounds in the server.
EVERY = 3600.0
# The advisory lock of a round, a constant key: one round at a time on one PostgreSQL.
LOCK = "SELECT pg_try_advisory_lock(hashtextextended('parlour retention', 0))"
UNLOCK = "SELECT pg_advisory_unlock(hashtextextended('parlour retention', 0))"
# Tables deleted in one transaction (a long policy's first round may find many).
BATCH = 200


@dataclass(frozen=True)
class Retention:
    """The operator's policy: days after which an untouched unfinished table is stopped, and
    a finished game of guests only is deleted (``None``: never), and the seconds between
    rounds in the server."""

    close_idle_days: float | None = None
    delete_guest_games_days: float | None = None
    every: float = EVERY

    @property
    def active(self) -> bool:
        """Whether the policy does anything."""
        return self.close_idle_days is not None or self.delete_guest_games_days is not None

    def describe(self) -> str:
        """The policy in a sentence (for the start-up banner and the CLI)."""
        parts = []
        if self.close_idle_days is not None:
            parts.append(f"unfinished tables untouched for {self.close_idle_days:g} days stop")
        if self.delete_guest_games_days is not None:
            parts.append(f"guests' finished games go after {self.delete_guest_games_days:g} days")
        return "; ".join(parts) or "nothing is ever stopped or deleted"


@dataclass
class Outcome:
    """What a round did: the tables it stopped (with when) and those it deleted; ``ran``:
    false when another process was running a round."""

    stopped: dict[str, datetime] = field(default_factory=dict)
    deleted: list[str] = field(default_factory=list)
    ran: bool = True


def _idle(store: Store, cutoff: datetime) -> list[str]:
    """Unfinished tables made before ``cutoff`` with no action nor chat line since."""
    query = (
        select(TableRow.id)
        .where(
            TableRow.finished_at.is_(None),
            TableRow.created_at < cutoff,
            ~exists().where(ActionRow.table_id == TableRow.id, ActionRow.created_at >= cutoff),
            ~exists().where(ChatRow.table_id == TableRow.id, ChatRow.created_at >= cutoff),
        )
        .order_by(TableRow.created_at)
    )
    with Session(store.engine) as session:
        return [str(found) for found in session.scalars(query)]


def _guest_games(store: Store, cutoff: datetime) -> list[str]:
    """Games finished (or stopped) before ``cutoff`` where no account holds a seat."""
    query = (
        select(TableRow.id)
        .where(
            TableRow.finished_at.is_not(None),
            TableRow.finished_at < cutoff,
            ~exists().where(AccountSeatRow.table_id == TableRow.id),
        )
        .order_by(TableRow.finished_at)
    )
    with Session(store.engine) as session:
        return [str(found) for found in session.scalars(query)]


def run(store: Store, policy: Retention, now: datetime | None = None) -> Outcome:
    """One round of ``policy`` (blocking): stop the idle tables, then delete the old games
    of guests; each change is heard of by the other processes as an admin's would be."""
    if store.engine.dialect.name != "postgresql":
        return _round(store, policy, now or datetime.now(UTC))
    # A session lock on a connection held for the round: released at its end, or with the
    # connection if this process dies.
    with store.engine.connect() as connection:
        if not connection.scalar(text(LOCK)):
            return Outcome(ran=False)
        connection.commit()
        try:
            return _round(store, policy, now or datetime.now(UTC))
        finally:
            connection.execute(text(UNLOCK))
            connection.commit()


def _round(store: Store, policy: Retention, now: datetime) -> Outcome:
    outcome = Outcome()
    if policy.close_idle_days is not None:
        for table_id in _idle(store, now - timedelta(days=policy.close_idle_days)):
            # Unless it ended, or was deleted, since the query.
            with contextlib.suppress(ConflictError, GoneError):
                outcome.stopped[table_id] = store.stop(table_id)
    if policy.delete_guest_games_days is not None:
        found = _guest_games(store, now - timedelta(days=policy.delete_guest_games_days))
        for start in range(0, len(found), BATCH):
            batch = found[start : start + BATCH]
            store.delete_tables(batch)
            outcome.deleted += batch
    return outcome


async def run_in(hub: Hub, policy: Retention) -> Outcome:
    """One round in a server process: the tables it holds take the changes in at once (the
    other processes hear of them through the store)."""
    outcome = await asyncio.to_thread(run, hub.store, policy)
    for table_id, moment in outcome.stopped.items():
        table = hub.tables.get(table_id)
        if table is not None:
            await hub.stopped(table, moment)
    for table_id in outcome.deleted:
        table = hub.tables.get(table_id)
        if table is not None:
            await hub.closed(table, DELETED)
    if outcome.stopped or outcome.deleted:
        log.info(
            "retention: %d idle tables stopped, %d guests' games deleted",
            len(outcome.stopped),
            len(outcome.deleted),
        )
    return outcome


async def keep_running(hub: Hub, policy: Retention) -> None:
    """Run a round now and every ``policy.every`` seconds until cancelled; a database that
    fails skips a round."""
    while True:
        try:
            await run_in(hub, policy)
        except SQLAlchemyError as error:
            log.warning("retention: the round failed and is tried again later: %s", error)
        await asyncio.sleep(policy.every)
