"""Throttling sign-ins: failures are counted in the database, so every server process
refuses alike (API.md: 5 failures a username, 20 an address, in 15 minutes)."""

from __future__ import annotations

import ipaddress
import math
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from functools import lru_cache

from sqlalchemy import Engine, delete, func, select
from sqlalchemy.orm import Session

from .rows import SignInFailureRow

__all__ = [
    "ADDRESS_FAILURES",
    "USERNAME_FAILURES",
    "WINDOW",
    "SignInThrottle",
    "ThrottledError",
    "address_key",
]

# After this many failed sign-ins for one username within ``WINDOW``, every sign-in for it
# is refused until the window ends (the right password too: guessing gains nothing).
USERNAME_FAILURES = 5
# The looser limit per address, which keeps one address from trying many names.
ADDRESS_FAILURES = 20
WINDOW = timedelta(minutes=15)
# How much of a stored address or username key is kept (the column's width).
KEY_LENGTH = 64


class ThrottledError(Exception):
    """A sign-in refused by a throttle: the seconds until one may be tried again."""

    def __init__(self, retry_after: int) -> None:
        super().__init__(f"too many failed sign-ins; try again in {retry_after} seconds")
        self.retry_after = retry_after


@lru_cache(maxsize=1024)  # read at every connection's opening: a crowd's come from few
def address_key(host: str) -> str:
    """The address a client's failures are counted under: an IPv6 client's /64 network
    (one subscriber commonly holds a whole /64), any other address as it is."""
    try:
        address = ipaddress.ip_address(host)
    except ValueError:
        return host[:KEY_LENGTH]
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def _utc_now() -> datetime:
    return datetime.now(UTC)


class SignInThrottle:
    """Failed sign-ins per username and per address; blocking (call it from a thread)."""

    # A password check is an attempt, counted as a failure before the password is checked
    # and forgotten once it succeeds: many requests sent at once cannot all be checked
    # before the first failure is stored. ``clock`` lets tests move time.
    def __init__(self, engine: Engine, clock: Callable[[], datetime] = _utc_now) -> None:
        self.engine = engine
        self.clock = clock

    def attempt(self, username_key: str, address: str) -> int:
        """Count an attempt for ``username_key`` from ``address``: its id (``forget`` it if
        the password was right); ``ThrottledError`` if either has failed too often."""
        username_key, address = username_key[:KEY_LENGTH], address[:KEY_LENGTH]
        now = self.clock()
        with Session(self.engine) as session, session.begin():
            session.execute(delete(SignInFailureRow).where(SignInFailureRow.at < now - WINDOW))
            row = SignInFailureRow(username_key=username_key, address=address, at=now)
            session.add(row)
            session.flush()
            attempt = row.id
        # Counted after the attempt is committed: of attempts made at once, each sees the
        # ones committed before it, so no more than the limit get through.
        wait = self._wait(username_key, address, attempt, now)
        if wait is not None:
            self.forget(attempt)  # a refused attempt checks no password: it is no failure
            raise ThrottledError(wait)
        return attempt

    def forget(self, attempt: int) -> None:
        """Take back an attempt that was no failure (the password was right)."""
        with Session(self.engine) as session, session.begin():
            session.execute(delete(SignInFailureRow).where(SignInFailureRow.id == attempt))

    def _wait(self, username_key: str, address: str, attempt: int, now: datetime) -> int | None:
        """Seconds until an attempt may be made, counting every failure (and attempt under
        way) but ``attempt``; ``None``: it may be made now."""
        waits = []
        with Session(self.engine) as session:
            for column, value, limit in (
                (SignInFailureRow.username_key, username_key, USERNAME_FAILURES),
                (SignInFailureRow.address, address, ADDRESS_FAILURES),
            ):
                recent = (
                    select(SignInFailureRow.at)
                    .where(
                        column == value,
                        SignInFailureRow.at > now - WINDOW,
                        SignInFailureRow.id != attempt,
                    )
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
