"""The server's event loop: asyncio's, taking at most ``EVENTS_AT_ONCE`` ready sockets from
each poll.

asyncio's selector hands the loop every socket that is ready, and the loop runs all their
callbacks before it polls again. When a crowd connects or leaves at once (hundreds of
spectators' sockets closing in the same millisecond) one pass of the loop then ran every
one of them, 20-30 ms in which no other table's message was read. With the poll capped,
a pass takes a few of them; the kernel's ready list is round-robin (epoll puts a socket it
returned and that is still ready behind the others), so the rest, and other tables' sockets,
come in the next passes, a fraction of a millisecond later.
"""

from __future__ import annotations

import asyncio
import selectors
from typing import Any

__all__ = ["EVENTS_AT_ONCE", "new_loop"]

EVENTS_AT_ONCE = 16


class _CappedEpoll:
    """An epoll object whose ``poll`` returns at most ``most`` events."""

    def __init__(self, epoll: Any, most: int) -> None:
        self._epoll = epoll
        self._most = most

    def poll(self, timeout: float = -1, maxevents: int = -1) -> list[tuple[int, int]]:
        """The epoll's ``poll``, ``maxevents`` capped at ``most``."""
        most = self._most if maxevents <= 0 else min(maxevents, self._most)
        events: list[tuple[int, int]] = self._epoll.poll(timeout, most)
        return events

    def __getattr__(self, name: str) -> Any:
        return getattr(self._epoll, name)


def new_loop() -> asyncio.AbstractEventLoop:
    """A new event loop polling at most ``EVENTS_AT_ONCE`` sockets at a time (asyncio's own
    where the system has no epoll)."""
    if not hasattr(selectors, "EpollSelector"):
        return asyncio.new_event_loop()
    selector = selectors.EpollSelector()
    # The selector keeps its epoll object there; wrapping it caps what a poll returns,
    # and every other call goes to the epoll object unchanged.
    selector._selector = _CappedEpoll(selector._selector, EVENTS_AT_ONCE)  # type: ignore[attr-defined]
    return asyncio.SelectorEventLoop(selector)
