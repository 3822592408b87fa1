"""The server's event loop: asyncio's, taking at most ``EVENTS_AT_ONCE`` ready sockets from
each poll, and running the work given to ``when_free`` a little at a time between the
polls, behind the sockets that are ready.

asyncio's selector hands the loop every socket that is ready, and the loop runs all their
callbacks before it polls again. When a crowd connects or leaves at once (hundreds of
spectators' sockets closing in the same millisecond) one pass of the loop then ran every
one of them, 20-30 ms in which no other table's message was read. With the poll capped,
a pass takes a few of them; the rest, and other tables' sockets, come in the next passes.

The cap alone did not let another table's message through sooner: the kernel's ready list
is first in, first out, so a socket that becomes ready behind 300 closing ones is read after
all of them, and every one of them was ended (its close answered, its socket closed, its
session unwound, its log line written) in the passes before. ``when_free`` keeps that work
for later: one such callback a pass while the last poll was full (sockets still wait), up
to ``LATER_AT_ONCE`` a pass once the loop has caught up. A message behind a crowd then
waits only for the reading of the sockets ahead of it (docs/server.md, "Limits").
"""

from __future__ import annotations

import asyncio
import selectors
from collections import deque
from collections.abc import Callable
from typing import Any

__all__ = ["EVENTS_AT_ONCE", "LATER_AT_ONCE", "new_loop", "when_free"]

EVENTS_AT_ONCE = 16
LATER_AT_ONCE = 4


class _CappedEpoll:
    """An epoll object whose ``poll`` returns at most ``most`` events, and hands the loop
    the callbacks kept for later that the poll leaves room for."""

    def __init__(self, epoll: Any, most: int) -> None:
        self._epoll = epoll
        self._most = most
        self.later: deque[tuple[Callable[..., object], tuple[Any, ...]]] = deque()
        self.loop: asyncio.AbstractEventLoop | None = None

    def poll(self, timeout: float = -1, maxevents: int = -1) -> list[tuple[int, int]]:
        """The epoll's ``poll``, ``maxevents`` capped at ``most``; without waiting while work
        is kept for later, and then with some of it put on the loop."""
        most = self._most if maxevents <= 0 else min(maxevents, self._most)
        if self.later:
            timeout = 0
        events: list[tuple[int, int]] = self._epoll.poll(timeout, most)
        if self.later and self.loop is not None:
            room = 1 if len(events) >= most else LATER_AT_ONCE
            for _ in range(min(room, len(self.later))):
                callback, args = self.later.popleft()
                self.loop.call_soon(callback, *args)
        return events

    def __getattr__(self, name: str) -> Any:
        return getattr(self._epoll, name)


class _Loop(asyncio.SelectorEventLoop):
    """asyncio's loop on a ``_CappedEpoll``."""

    def __init__(self) -> None:
        selector = selectors.EpollSelector()
        # The selector keeps its epoll object there; wrapping it caps what a poll returns,
        # and every other call goes to the epoll object unchanged.
        self.capped = _CappedEpoll(selector._selector, EVENTS_AT_ONCE)  # type: ignore[attr-defined]
        selector._selector = self.capped  # type: ignore[attr-defined]
        super().__init__(selector)
        self.capped.loop = self


def new_loop() -> asyncio.AbstractEventLoop:
    """A new event loop polling at most ``EVENTS_AT_ONCE`` sockets at a time (asyncio's own
    where the system has no epoll)."""
    if not hasattr(selectors, "EpollSelector"):
        return asyncio.new_event_loop()
    return _Loop()


def when_free(loop: asyncio.AbstractEventLoop, callback: Callable[..., object], *args: Any) -> None:
    """Run ``callback(*args)`` on ``loop`` soon, but not ahead of the sockets ready: one such
    callback a pass while every poll is full, ``LATER_AT_ONCE`` a pass once it is not, in the
    order given. For work that may wait a few milliseconds (ending a connection, beginning a
    session) and must not hold up the messages behind it. On another loop than
    ``new_loop``'s, at its next pass."""
    if isinstance(loop, _Loop):
        loop.capped.later.append((callback, args))
    else:
        loop.call_soon(callback, *args)
