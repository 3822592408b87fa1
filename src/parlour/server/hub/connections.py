"""A table's connections: joining and leaving, who-is-here, and the messages sent to them
(a move's broadcast above all, built once for every connection that sees it alike)."""

from __future__ import annotations

import asyncio
import logging
from collections.abc import Coroutine, Generator, Sequence
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from ...core import Event
from .. import metrics
from .cache import Cache
from .table import Client, Closer, Table

__all__ = ["PRESENCE_EVERY", "SEND_TIMEOUT", "Connections", "event_json"]

log = logging.getLogger("parlour.server")

# Seconds a message may wait for a connection that does not read before it is dropped.
SEND_TIMEOUT = 2.0
# Seconds between two who-is-here messages to a table's connections: the joins and leaves in
# between go out as one (the last state always goes out). Sent for each, they cost the square
# of the connections: 500 spectators joining one table took 9.7 s of the server's time.
PRESENCE_EVERY = 0.25


def event_json(
    event: Event, seat: int | None, names: Sequence[str] | None = None
) -> dict[str, Any]:
    """An event as ``seat`` may see it, as JSON (kind, text and its redacted fields); its
    sentence names the seats by ``names`` where given."""
    if names is None:
        return event.to_dict(seat)
    shown = event.for_seat(seat)
    return {"kind": shown.kind, "text": shown.render(names), **shown.fields()}


def _connected_seats(table: Table) -> frozenset[int]:
    """The seats with a connection open at the table."""
    return frozenset(seat for seat in table.connected if seat is not None)


def _whole_log(table: Table, seat: int | None) -> list[dict[str, Any]]:
    """Every event of the table's log as ``seat`` sees it, as JSON. A spectator's is built
    once for the log's length and the seats' names (``Table.spectators_log``) and shared by
    the spectators' first ``state`` messages until the log grows or a name changes: a crowd
    joining sends the same one hundreds of times (read it, never change it). A seat's is
    built afresh: its connections open one at a time."""
    names = table.sentence_names
    kept = table.spectators_log
    if seat is None and kept is not None and kept[0] is names and len(kept[1]) == len(table.log):
        return kept[1]
    events = [event_json(event, seat, names) for event in table.log]
    if seat is None:
        table.spectators_log = (names, events)
    return events


async def _close_within(close: Closer, seconds: float) -> None:
    """Call ``close``, giving up after ``seconds`` or on any error (the connection may be
    gone already, or stuck for good: the operating system ends it in time)."""
    try:
        async with asyncio.timeout(seconds):
            await close()
    except Exception as error:
        log.debug("a connection let go of did not close: %r", error)


class _Rest:
    """The rest of a coroutine that suspended at its first step: awaiting it drives the
    coroutine on to its end, as awaiting the coroutine itself would have."""

    __slots__ = ("coroutine", "yielded")

    def __init__(self, coroutine: Coroutine[Any, Any, None], yielded: Any) -> None:
        self.coroutine = coroutine
        self.yielded = yielded

    def __await__(self) -> Generator[Any, Any, None]:
        coroutine, value = self.coroutine, self.yielded
        while True:
            try:
                sent = yield value
            except GeneratorExit:
                coroutine.close()
                raise
            except BaseException as error:  # the task's cancellation, passed on
                try:
                    value = coroutine.throw(error)
                except StopIteration:
                    return
            else:
                try:
                    value = coroutine.send(sent)
                except StopIteration:
                    return


def _started(coroutine: Coroutine[Any, Any, None]) -> _Rest | None:
    """Run ``coroutine`` up to its first suspension: ``None`` if it finished without one (a
    message the connection's buffer took at once), else what is left of it to await."""
    try:
        yielded = coroutine.send(None)
    except StopIteration:
        return None
    return _Rest(coroutine, yielded)


@dataclass
class _Shared:
    """What one broadcast built for one connection and may give the next ones: the events'
    JSON by place in the log (the form every seat that sees them unredacted gets), and the
    ``state`` messages by seat and first event."""

    events: dict[int, dict[str, Any]] = field(default_factory=dict)
    messages: dict[tuple[int | None, int], dict[str, Any]] = field(default_factory=dict)
    # The views of the connections' seats, built together (``Table.views``).
    views: dict[int | None, dict[str, Any]] = field(default_factory=dict)


class Connections(Cache):
    """Who is connected at each table, and every message the hub sends them."""

    async def join(self, table: Table, client: Client) -> None:
        """Add a connection and send it the view and the whole log as its seat sees them."""
        async with table.lock:
            if table.id not in self.tables:
                # Forgotten since the caller's ``get``: held again, and caught up with what
                # other processes stored meanwhile.
                self.tables[table.id] = table
                self.peers.loaded(table)
            table.connect(client)
            metrics.connected(client.seat)
            await self._send_state(table, client)
        # A move heard between the caller's ``get`` and now was put off: nobody watched.
        await self.peers.current(table)
        # The new connection is told who is here at once, the others within PRESENCE_EVERY.
        await self._safe_send(table, client, {"type": "table", "table": table.describe()})
        self._presence(table)

    async def leave(self, table: Table, client: Client) -> None:
        """Forget a closed connection."""
        async with table.lock:
            table.disconnect(client)
        metrics.disconnected(client.seat)
        table.used_at = asyncio.get_running_loop().time()  # kept a while after the last leaves
        self._presence(table)
        self._forget_later(table)

    def _presence(self, table: Table) -> None:
        """Tell every connection who is at the table, now if nobody was told in the last
        ``PRESENCE_EVERY`` seconds, else once they have passed (a send already due covers
        this change too: it describes the table as it is when it goes out), unless the
        seats connected are still those last told (spectators are not described)."""
        if table.presence_due is not None:
            return
        wait = table.presence_at + PRESENCE_EVERY - asyncio.get_running_loop().time()
        task = table.presence_due = asyncio.create_task(self._presence_after(table, wait))
        self.presences.add(task)
        task.add_done_callback(self.presences.discard)

    async def _presence_after(self, table: Table, wait: float) -> None:
        if wait > 0:
            await asyncio.sleep(wait)
        # Changes from now on are sent by the next one, PRESENCE_EVERY after this one.
        table.presence_due = None
        if _connected_seats(table) == table.presence_seats:
            return
        table.presence_at = asyncio.get_running_loop().time()
        await self._announce(table)

    async def _announce(self, table: Table) -> None:
        """Tell every connection who is at the table now."""
        table.presence_seats = _connected_seats(table)
        message = {"type": "table", "table": table.describe()}
        for client in list(table.clients):
            await self._safe_send(table, client, message)

    async def _send_state(
        self, table: Table, client: Client, shared: _Shared | None = None
    ) -> None:
        """Send ``client`` the view and the events since its last; ``shared``: what one
        broadcast built already (each event's JSON for every seat that sees it as it is, each
        message by seat and first event), so that it is built once, not once a connection."""
        log_events = table.log
        # Where ``events`` begin in the seat's log: 0 (on connect, or after a name changed the
        # sentences) tells the client to replace its log; else it appends them.
        start = client.sent_events
        client.sent_events = len(log_events)
        seat, names = client.seat, table.sentence_names
        if shared is not None and (seat, start) in shared.messages:
            # Another connection of the seat (a second tab) or a spectator like it.
            await self._safe_send(table, client, shared.messages[seat, start])
            return
        if start == 0 and shared is None:  # on connect, or after a name changed
            events = _whole_log(table, seat)
        else:
            events = []
            for place in range(start, len(log_events)):
                event = log_events[place]
                if shared is None or event.for_seat(seat) is not event:  # redacted for this seat
                    events.append(event_json(event, seat, names))
                    continue
                if place not in shared.events:
                    shared.events[place] = event_json(event, seat, names)
                events.append(shared.events[place])
        view = shared.views.get(seat) if shared is not None else None
        message = {
            "type": "state",
            "view": table.view(seat) if view is None else view,
            "events": events,
            "log_from": start,
        }
        if shared is not None:
            shared.messages[seat, start] = message
        await self._safe_send(table, client, message)

    async def _safe_send(self, table: Table, client: Client, message: dict[str, Any]) -> None:
        try:
            # A connection that does not read fills its buffer and its send waits: it must
            # not hold the table (its lock, everyone's updates) for longer than this. Most
            # sends finish at once and need no timer (a timer a message was a tenth of the
            # server's CPU a move, its heap grown by the cancelled ones).
            if client.send_now is not None and client.send_now(message):
                return
            rest = _started(client.send(message))
            if rest is not None:
                async with asyncio.timeout(SEND_TIMEOUT):
                    await rest
        except Exception:  # a dropped or stuck connection must not stop the others' updates
            if table.disconnect(client):
                self._end(client)

    def _end(self, client: Client) -> None:
        """End a connection let go of, in the background. Left open, it would hear nothing
        more and never know it; ended, its page connects again and is sent the whole state."""
        if client.close is None:
            return
        task = asyncio.create_task(_close_within(client.close, SEND_TIMEOUT))
        self.closing.add(task)
        task.add_done_callback(self.closing.discard)

    async def send_all(self, table: Table, message: dict[str, Any]) -> None:
        """Send ``message`` to every connection at the table, spectators included."""
        for client in list(table.clients):
            await self._safe_send(table, client, message)

    async def send(self, table: Table, client: Client, message: dict[str, Any]) -> None:
        """Send ``message`` to one connection (dropped if it does not read)."""
        await self._safe_send(table, client, message)

    async def resend(self, table: Table, seat: int | None = None, full_log: bool = False) -> None:
        """Send the connections of ``seat`` (``None``: every connection) their views again,
        after a name or a setting changed what they show; ``full_log``: with the whole log,
        whose sentences name the seats anew. The caller holds the table's lock, so no move
        comes between the change and everyone hearing of it."""
        for client in list(table.clients):
            if seat is None or client.seat == seat:
                if full_log:
                    client.sent_events = 0
                await self._send_state(table, client)

    async def _broadcast(self, table: Table) -> None:
        clients = list(table.clients)
        # Every seat's view, and the spectators', is built as the move left the table: the
        # table's lock is held until all are sent.
        seats = list(dict.fromkeys(client.seat for client in clients))
        shared = _Shared(views=dict(zip(seats, table.views(seats), strict=True)))
        for client in clients:
            await self._send_state(table, client, shared)

    async def _shut_all(self, table: Table, why: str, code: int) -> None:
        """Tell every connection at the table ``why``, then end it with ``code``."""
        message = {"type": "error", "message": why}
        for client in list(table.clients):
            await self._safe_send(table, client, message)
            table.disconnect(client)
            if client.shut is not None:
                task = asyncio.create_task(_close_within(partial(client.shut, code), SEND_TIMEOUT))
                self.closing.add(task)
                task.add_done_callback(self.closing.discard)
