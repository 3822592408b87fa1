"""A table's messages to a WebSocket, sent with as few layers as the server allows.

Each move sends every connection at the table its ``state``: Starlette's ``WebSocket.send``,
its exception handler's wrapper and the access log's wrapper each add a call and a check to
every one of those messages, and none of them has anything to do with a text frame (they
watch for the accept and the close, which still go through them). ``DirectSend`` keeps the
server's own ``send`` of each WebSocket session in its scope, and ``sender`` hands the text
frames to it; ``ReadAhead`` reads a connection's frames without pausing after each one
(docs/server.md, "The move path's CPU"), and ends a connection its client closed when the
event loop is free; ``FirstRequestInTurn`` reads a new connection's first request (a
WebSocket's handshake) when the event loop is free (docs/server.md, "Limits").
"""

from __future__ import annotations

import asyncio
from typing import Any

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame

from .eventloop import when_free
from .hub import Sender

__all__ = ["READ_AHEAD", "DirectSend", "FirstRequestInTurn", "ReadAhead", "sender"]

# Where ``DirectSend`` keeps the server's ``send`` in a WebSocket session's scope.
SERVER_SEND = "parlour.server_send"


class DirectSend:
    """ASGI middleware, outermost: keeps each WebSocket session's ``send`` as the server
    gave it, for ``sender``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request, the server's ``send`` kept in a WebSocket session's scope."""
        if scope["type"] == "websocket":
            scope[SERVER_SEND] = send
        await self.app(scope, receive, send)


def sender(websocket: WebSocket) -> Sender:
    """Send a message to an accepted ``websocket`` as compact JSON text (as ``send_json``
    does, encoded by orjson: the standard library's encoder took a tenth of the server's
    time), straight to the server's ``send``, which ``DirectSend`` kept."""
    send: Send = websocket.scope[SERVER_SEND]

    async def send_message(message: dict[str, Any]) -> None:
        text = orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS).decode()
        await send({"type": "websocket.send", "text": text})

    return send_message


def _done(turn: asyncio.Future[None]) -> None:
    """Let a session that waited its turn begin (unless its connection is gone)."""
    if not turn.done():
        turn.set_result(None)


# Frames a connection may have read and not yet handed to the application before its
# reading pauses (each at most ``ws_max_size``): a person sends a frame a move or so, and a
# flood is refused by the message rate long before.
READ_AHEAD = 4


class ReadAhead(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, pausing a connection's reading only once ``READ_AHEAD``
    frames wait to be handled, not after each frame: the pause and the resume are a system
    call each (``epoll_ctl``), and were a tenth of the event loop's time under load.

    A connection its client closes (a close frame, or the socket's end) stops being read at
    once, and is ended (its close answered, its socket closed, the application told) when
    the event loop is free (``eventloop.when_free``): when a crowd leaves at once, the
    messages of other connections ready behind it are not held up by the ending of every
    closing connection ahead of them."""

    ending = False  # the client's close is being answered in turn

    async def run_asgi(self) -> None:
        """The application's session, begun when the event loop is free: a crowd that
        connects at once is let in a few at a time, between the reading of other sockets."""
        turn = self.loop.create_future()
        when_free(self.loop, _done, turn)
        await turn
        await super().run_asgi()

    def handle_close(self, event: Frame) -> None:
        """The client's close frame: reading stops; it is answered, and the connection
        ended, in turn."""
        if self.ending or self.close_sent or self.transport.is_closing():
            super().handle_close(event)  # the answer to the server's own close, or late
            return
        self.ending = True
        self.transport.pause_reading()
        when_free(self.loop, super().handle_close, event)

    def connection_lost(self, exc: Exception | None) -> None:
        """The socket ended: the application is told in turn (at once if it ended after
        a close frame, which waited its turn already)."""
        if self.ending:
            super().connection_lost(exc)
            return
        self.ending = True
        when_free(self.loop, super().connection_lost, exc)

    def send_receive_event_to_app(self) -> None:
        """Queue the frame read for the application; pause reading if too many wait."""
        if self.read_paused or self.queue.qsize() + 1 >= READ_AHEAD:
            super().send_receive_event_to_app()
            return
        # uvicorn pauses the reading unless it is paused already: it is told so, for a moment.
        self.read_paused = True
        try:
            super().send_receive_event_to_app()
        finally:
            self.read_paused = False


class FirstRequestInTurn(H11Protocol):
    """uvicorn's HTTP protocol, reading a new connection's first request (a WebSocket's
    handshake, its upgrade and the session's beginning) when the event loop is free
    (``eventloop.when_free``): a crowd that connects at once is let in a few at a time,
    and the messages of other connections ready behind it are not held up by the
    handshakes ahead of them (each a few tenths of a millisecond)."""

    begun = False
    waiting: list[bytes] | None = None  # what came before the connection's turn

    def data_received(self, data: bytes) -> None:
        """Read the data at once if the connection had its turn, else in its turn."""
        if self.begun:
            super().data_received(data)
        elif self.waiting is not None:
            self.waiting.append(data)
        else:
            self.waiting = [data]
            self.flow.pause_reading()
            when_free(self.loop, self._begin)

    def _begin(self) -> None:
        self.begun = True
        data, self.waiting = b"".join(self.waiting or []), None
        if self.transport.is_closing():
            return
        self.flow.resume_reading()
        super().data_received(data)
