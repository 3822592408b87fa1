"""What a client may do: how fast a connection may send, which pages may open one, and how
much of the server one address or account may take (connections, new tables, tables of bots
alone; docs/server.md, "Limits")."""

from __future__ import annotations

import asyncio
import math
import time
from collections import Counter
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from urllib.parse import urlsplit

from . import metrics

__all__ = [
    "CROWDED",
    "TURNS",
    "Buckets",
    "Connections",
    "Limits",
    "MessageRate",
    "OriginPolicy",
    "Quotas",
    "count_refusal",
    "refusals",
]

# Connections whose opening or closing work runs at once in one server process; the others
# wait their turn. A crowd that connects (or leaves) together is then handled a few at a
# time, so the event loop goes back to other tables' messages between them instead of
# running every handshake in one stretch (benchmarks/spectators.py).
TURNS = 2

# The WebSocket close code of a connection refused by a cap (too many from its address, or
# spectators at its table), after an error message that says which.
CROWDED = 4409


@dataclass(frozen=True)
class Limits:
    """How much of the server one client may take (0: no limit): WebSocket connections open
    at once from one address (seats and spectators alike), spectators at one table, tables
    opened a minute by one address and by one account (in bursts of ``table_burst``), and
    unfinished tables of bots alone (each keeps a bot process busy) opened by one address
    and in all."""

    connections_per_address: int = 50
    spectators_per_table: int = 200
    tables_per_minute: float = 10.0
    table_burst: int = 20
    bot_tables_per_address: int = 4
    bot_tables: int = 64


# Refusals by a limit, by kind (``count_refusal``).
refusals: Counter[str] = Counter()


def count_refusal(kind: str) -> None:
    """Count one refusal by a limit (``"connections"``, ``"spectators"``, ``"tables"``,
    ``"bot_tables"``, ``"messages"``): every refusal passes here, counted here and in the
    Prometheus metrics (``parlour_refusals_total``)."""
    refusals[kind] += 1
    metrics.refused(kind)


class MessageRate:
    """A token bucket: on average ``rate`` messages a second, in bursts of up to ``burst``
    (messages that made a move are given back)."""

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.tokens = float(burst)
        self.last = clock()
        # Messages refused in a row: a client that goes on sending regardless is cut off.
        self.refused_in_a_row = 0

    def allow(self) -> bool:
        """Whether one more message may be read now (and count it if so)."""
        now = self.clock()
        self.tokens = min(float(self.burst), self.tokens + (now - self.last) * self.rate)
        self.last = now
        if self.tokens >= 1:
            self.tokens -= 1
            self.refused_in_a_row = 0
            return True
        self.refused_in_a_row += 1
        return False

    def wait(self) -> float:
        """Seconds until one more message may be read (0: now); counts nothing."""
        tokens = min(float(self.burst), self.tokens + (self.clock() - self.last) * self.rate)
        return 0.0 if tokens >= 1 else (1 - tokens) / self.rate

    def refund(self) -> None:
        """Give back the last message's count: a move that was made costs nothing, so a
        client playing fast against bots never meets the limit."""
        self.tokens = min(float(self.burst), self.tokens + 1)

    def refusal(self, cut_off: bool = False) -> str:
        """The error sent for a message over the limit (or for the last one, ``cut_off``)."""
        then = "the connection is closed" if cut_off else "this one was ignored"
        return f"too many messages: at most {self.rate:g} a second (bursts of {self.burst}); {then}"


class OriginPolicy:
    """Which web pages may open WebSockets and send writes: the server's own (same origin),
    plus the ``allowed`` origins (``*``: any page)."""

    def __init__(self, allowed: Iterable[str] = ()) -> None:
        self.allowed = {origin.rstrip("/").lower() for origin in allowed}

    def allows(self, origin: str | None, host: str | None) -> bool:
        """Whether a request with this ``Origin`` header, sent to ``Host``, may go on.

        No ``Origin`` means no browser page sent it (a script, a terminal client): allowed,
        since the seat's token is still needed to play.
        """
        if origin is None:
            return True
        origin = origin.rstrip("/").lower()
        if "*" in self.allowed or origin in self.allowed:
            return True
        parts = urlsplit(origin)
        return (
            parts.scheme in ("http", "https")
            and host is not None
            and (parts.netloc == host.lower())
        )

    def refusal(self, origin: str) -> str:
        """The error for a page of another origin."""
        return (
            f"pages at {origin} may not use this server; its operator can allow them with "
            "`parlour serve --allow-origin ORIGIN`"
        )


class Buckets:
    """A ``MessageRate`` per key (an address, an account): ``rate`` a second on average, in
    bursts of ``burst``. Full buckets are dropped now and then, so the keys of clients gone
    quiet do not pile up."""

    # How many keys may be held before the full buckets are dropped.
    PRUNE_AT = 4096

    def __init__(
        self, rate: float, burst: int, clock: Callable[[], float] = time.monotonic
    ) -> None:
        self.rate = rate
        self.burst = burst
        self.clock = clock
        self.buckets: dict[str, MessageRate] = {}

    def retry_after(self, keys: Iterable[str]) -> int:
        """Whole seconds until every key may take one more (0: now): then each takes one."""
        buckets = [self._bucket(key) for key in keys]
        wait = max((bucket.wait() for bucket in buckets), default=0.0)
        if wait > 0:
            return max(1, math.ceil(wait))
        for bucket in buckets:
            bucket.allow()
        return 0

    def _bucket(self, key: str) -> MessageRate:
        bucket = self.buckets.get(key)
        if bucket is None:
            if len(self.buckets) >= self.PRUNE_AT:
                # A full bucket is what a new one would be: forgetting it changes nothing.
                now = self.clock()
                self.buckets = {
                    k: b
                    for k, b in self.buckets.items()
                    if b.tokens + (now - b.last) * b.rate < b.burst
                }
            bucket = self.buckets[key] = MessageRate(self.rate, self.burst, self.clock)
        return bucket


class Connections:
    """The WebSocket connections open now from each address, up to ``limit`` (0: any)."""

    def __init__(self, limit: int) -> None:
        self.limit = limit
        self.open: Counter[str] = Counter()

    def enter(self, address: str) -> bool:
        """Count a connection from ``address`` if one more is allowed; whether it was."""
        if self.limit and self.open[address] >= self.limit:
            return False
        self.open[address] += 1
        return True

    def leave(self, address: str) -> None:
        """Forget a connection counted by ``enter``."""
        self.open[address] -= 1
        if self.open[address] <= 0:
            del self.open[address]

    def refusal(self) -> str:
        """The error for a connection over the limit."""
        return (
            f"too many connections from your address: at most {self.limit} at once; close a "
            "table's page and try again"
        )


class Quotas:
    """What each client has taken of ``limits``: its connections, its new tables' buckets, and
    the tables of bots alone each address opened here (``bot_tables``)."""

    def __init__(self, limits: Limits, clock: Callable[[], float] = time.monotonic) -> None:
        self.limits = limits
        self.connections = Connections(limits.connections_per_address)
        self.tables = Buckets(limits.tables_per_minute / 60, limits.table_burst, clock)
        self.bot_tables: dict[str, set[str]] = {}
        self.turns = asyncio.Semaphore(TURNS)  # connections opening or closing (``TURNS``)

    def table_wait(self, keys: Iterable[str]) -> int:
        """Whole seconds until a table may be opened by all of ``keys`` (an address, an
        account), 0: now, and then it is counted against each."""
        if not self.limits.tables_per_minute:
            return 0
        return self.tables.retry_after(keys)

    def bot_tables_refusal(self, address: str, live: set[str]) -> str | None:
        """Why ``address`` may not open one more table of bots alone while the tables of bots
        alone ``live`` are unfinished (``None``: it may)."""
        mine = self.bot_tables.setdefault(address, set())
        mine &= live
        if not mine:
            del self.bot_tables[address]
        most, everyone = self.limits.bot_tables_per_address, self.limits.bot_tables
        if most and len(mine) >= most:
            return (
                f"your address has {len(mine)} tables of bots alone playing (at most {most}): "
                "wait for one to end, or sit at one yourself"
            )
        if everyone and len(live) >= everyone:
            return (
                f"{len(live)} tables of bots alone are playing on this server (at most "
                f"{everyone}): wait for one to end, or sit at one yourself"
            )
        return None

    def bot_table_opened(self, address: str, table_id: str) -> None:
        """Count a table of bots alone opened by ``address``."""
        self.bot_tables.setdefault(address, set()).add(table_id)
