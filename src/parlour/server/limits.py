"""What a connection may do: how fast it may send, and which pages may open one."""

from __future__ import annotations

import time
from collections.abc import Callable, Iterable
from urllib.parse import urlsplit

__all__ = ["MessageRate", "OriginPolicy"]


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
