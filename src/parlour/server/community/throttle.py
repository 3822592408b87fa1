"""Throttling sign-ins: failures are counted in the database, so every server process
refuses alike (API.md: 5 failures a username, 20 an address, in 15 minutes)."""

from __future__ import annotations

import math
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, delete, func, select
from sqlalchemy.orm import Session

from .rows import SignInFailureRow

__all__ = ["ADDRESS_FAILURES", "USERNAME_FAILURES", "WINDOW", "SignInThrottle"]

# After this many failed sign-ins for one username within ``WINDOW``, every sign-in for it
# is refused until the window ends (the right password too: guessing gains nothing).
USERNAME_FAILURES = 5
# The looser limit per address, which keeps one address from trying many names.
ADDRESS_FAILURES = 20
WINDOW = timedelta(minutes=15)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class SignInThrottle:
    """Failed sign-ins per username and per address; blocking (call it from a thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def retry_after(self, username_key: str, address: str) -> int | None:
        """Seconds until a sign-in for ``username_key`` from ``address`` may be tried, or
        ``None`` when it may be tried now."""
        now = datetime.now(UTC)
        since = now - WINDOW
        waits = []
        with Session(self.engine) as session:
            for column, value, limit in (
                (SignInFailureRow.username_key, username_key, USERNAME_FAILURES),
                (SignInFailureRow.address, address, ADDRESS_FAILURES),
            ):
                recent = (
                    select(SignInFailureRow.at)
                    .where(column == value, SignInFailureRow.at > since)
                    .order_by(SignInFailureRow.at.desc())
                    .limit(limit)
                    .subquery()
                )
                count, oldest = session.execute(select(func.count(), func.min(recent.c.at))).one()
                if count >= limit and oldest is not None:
                    # The refusal lasts until the oldest of the last ``limit`` failures
                    # leaves the window.
                    waits.append((_aware(oldest) + WINDOW - now).total_seconds())
        return max(1, math.ceil(max(waits))) if waits else None

    def failed(self, username_key: str, address: str) -> None:
        """Count a failed sign-in (and forget failures older than the window)."""
        now = datetime.now(UTC)
        with Session(self.engine) as session, session.begin():
            session.add(SignInFailureRow(username_key=username_key, address=address, at=now))
            session.execute(delete(SignInFailureRow).where(SignInFailureRow.at < now - WINDOW))
