"""A table's messages to a WebSocket, sent with as few layers as the server allows.

Each move sends every connection at the table its ``state``: Starlette's ``WebSocket.send``,
its exception handler's wrapper and the access log's wrapper each add a call and a check to
every one of those messages, and none of them has anything to do with a text frame (they
watch for the accept and the close, which still go through them). ``DirectSend`` keeps the
server's own ``send`` of each WebSocket session in its scope, and ``sender`` hands the text
frames to it. ``ReadAhead``, the server's WebSocket protocol (uvicorn's own, RFC 6455 by
websockets), reads a connection's frames without pausing after each one, and does the common
case itself: it writes a message as a text frame straight to the socket when the connection
takes it at once (``sender_now``), and reads a person's text frames (and the pongs of
uvicorn's keep-alive pings) without websockets' parser; anything else a connection sends, or
a message that has to wait, goes uvicorn's and websockets' way, as before (docs/server.md,
"The move path's CPU").
``ReadAhead`` also ends a connection its client closed when the event loop is free, and
``FirstRequestInTurn`` reads a new connection's first request (a WebSocket's handshake) when
the event loop is free (docs/server.md, "Limits").
"""

from __future__ import annotations

import asyncio
import struct
from collections.abc import Callable
from typing import Any

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.websockets.websockets_sansio_impl import WebSocketsSansIOProtocol
from websockets.frames import Frame, Opcode
from websockets.http11 import Request
from websockets.protocol import State

try:
    from websockets.speedups import apply_mask
except ImportError:  # pragma: no cover  # websockets built without its C part
    from websockets.utils import apply_mask

from .eventloop import when_free
from .hub import Sender

__all__ = [
    "READ_AHEAD",
    "DirectSend",
    "FirstRequestInTurn",
    "ReadAhead",
    "encode",
    "sender",
    "sender_now",
]

# Where ``DirectSend`` keeps the server's ``send`` in a WebSocket session's scope, and where
# ``ReadAhead`` keeps itself.
SERVER_SEND = "parlour.server_send"
PROTOCOL = "parlour.protocol"


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


def encode(message: dict[str, Any]) -> bytes:
    """``message`` as compact JSON in UTF-8, as ``send_json`` gives it (encoded by orjson:
    the standard library's encoder took a tenth of the server's time). Keys that are not
    strings (a few games' views have numbers) are written as strings; orjson's option for
    them doubles the cost of every message, so it is asked for only where it is needed."""
    try:
        return orjson.dumps(message)
    except TypeError:
        return orjson.dumps(message, option=orjson.OPT_NON_STR_KEYS)


def sender(websocket: WebSocket) -> Sender:
    """Send a message to an accepted ``websocket`` as compact JSON text (``encode``),
    straight to the server's ``send``, which ``DirectSend`` kept."""
    send: Send = websocket.scope[SERVER_SEND]

    async def send_message(message: dict[str, Any]) -> None:
        await send({"type": "websocket.send", "text": encode(message).decode()})

    return send_message


def sender_now(websocket: WebSocket) -> Callable[[dict[str, Any]], bool] | None:
    """Send a message to an accepted ``websocket`` at once, as ``sender`` would, if the
    connection takes it without waiting: ``False`` when nothing was sent (the connection's
    buffer is full, or it is closing), and ``sender`` must be awaited. ``None`` if the
    server is not ``ReadAhead`` (a test's client)."""
    protocol = websocket.scope.get(PROTOCOL)
    if not isinstance(protocol, ReadAhead):
        return None
    write = protocol.write_text

    def send_now(message: dict[str, Any]) -> bool:
        return write(encode(message))

    return send_now


def _done(turn: asyncio.Future[None]) -> None:
    """Let a session that waited its turn begin (unless its connection is gone)."""
    if not turn.done():
        turn.set_result(None)


# Frames a connection may have read and not yet handed to the application before its
# reading pauses (each at most ``ws_max_size``): a person sends a frame a move or so, and a
# flood is refused by the message rate long before.
READ_AHEAD = 4


# The first byte of a frame with its FIN bit, and the second's mask bit (RFC 6455, 5.2).
_TEXT = 0x80 | Opcode.TEXT
_PONG = 0x80 | Opcode.PONG
_MASKED = 0x80
_LENGTH_16 = struct.Struct("!H")
_HEAD_16 = struct.Struct("!BBH")
_HEAD_64 = struct.Struct("!BBQ")
# The opening request's end; a request longer than this is websockets' to refuse.
_REQUEST_END = b"\r\n\r\n"
_LONGEST_REQUEST = 1 << 16


class ReadAhead(WebSocketsSansIOProtocol):
    """uvicorn's WebSocket protocol, pausing a connection's reading only once ``READ_AHEAD``
    frames wait to be handled, not after each frame: the pause and the resume are a system
    call each (``epoll_ctl``), and were a tenth of the event loop's time under load.

    Once the opening request is read (and nothing after it: a client sends no frame before
    the answer), it reads the connection's frames itself while they are complete, masked text
    messages in one frame or pongs, at most ``ws_max_size``: websockets' parser, a generator
    per field, cost more than the rest of a frame's reading. Any other frame (a close, a
    ping, a fragment, a binary or too large one), or a frame after the server's close, hands
    the connection to websockets for good, from that frame on: websockets has seen no frame
    before it, so it picks up at a frame's start. ``write_text`` writes a server's text frame
    (never masked) straight to the socket.

    A connection its client closes (a close frame, or the socket's end) stops being read at
    once, and is ended (its close answered, its socket closed, the application told) when
    the event loop is free (``eventloop.when_free``): when a crowd leaves at once, the
    messages of other connections ready behind it are not held up by the ending of every
    closing connection ahead of them."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # What came before the opening request was read (``None``: no longer kept), the
        # frames are read here (``direct``), and the start of a frame not all read yet.
        self.request_read: bytearray | None = bytearray()
        self.direct = False
        self.unread = b""
        self.ending = False  # the client's close is being answered in turn

    def handle_connect(self, event: Request) -> None:
        """Open the session (uvicorn's), with this protocol in its scope for ``sender_now``."""
        super().handle_connect(event)
        if self.response.status_code == 101:
            self.scope[PROTOCOL] = self  # type: ignore[literal-required]

    def data_received(self, data: bytes) -> None:
        """Read what came: frames here once that is sound, else by uvicorn and websockets."""
        if self.direct:
            self.read_frames(data)
            return
        read = self.request_read
        if read is None:
            super().data_received(data)
            return
        read += data
        super().data_received(data)
        if self.handshake_initiated or len(read) > _LONGEST_REQUEST:
            self.request_read = None
            self.direct = (
                self.handshake_initiated
                and self.response.status_code == 101
                and read.find(_REQUEST_END) + len(_REQUEST_END) == len(read)
            )

    def read_frames(self, data: bytes) -> None:
        """Hand the complete frames in ``data`` (after what was left unread) to the
        application, keeping an incomplete one for the next data; hand the connection to
        websockets at the first frame this does not read."""
        if self.unread:
            data, self.unread = self.unread + data, b""
        size, at, most = len(data), 0, self.conn.max_message_size
        while not self.close_sent:
            if size - at < 6:
                self.unread = data[at:]
                return
            first, second = data[at], data[at + 1]
            length, start = second & 0x7F, at + 6
            if not second & _MASKED or length == 127 or (first != _TEXT and first != _PONG):
                break
            if length == 126:
                if first == _PONG:  # a control frame has at most 125 bytes
                    break
                if size - at < 8:
                    self.unread = data[at:]
                    return
                (length,) = _LENGTH_16.unpack_from(data, at + 2)
                start = at + 8
                if most is not None and length > most:
                    break
            end = start + length
            if end > size:
                self.unread = data[at:]
                return
            payload = apply_mask(data[start:end], data[start - 4 : start])
            at = end
            if first == _TEXT:
                self.curr_msg_data_type, self.frames = "text", [payload]
                self.send_receive_event_to_app()
            else:
                self.handle_pong(Frame(Opcode.PONG, payload))
        self.direct = False
        if at < size:
            super().data_received(data[at:])

    def write_text(self, payload: bytes) -> bool:
        """Write ``payload`` (UTF-8) as one text frame if the connection is open and its
        buffer takes it now; ``False``: nothing written (send it uvicorn's way, which waits
        for the buffer or says the connection is gone: a lost connection's state stays open
        in websockets, so ``disconnected`` is what tells)."""
        if (
            self.disconnected
            or self.ending
            or self.close_sent
            or self.conn.state is not State.OPEN
            or not self.writable.is_set()
        ):
            return False
        length = len(payload)
        if length < 126:
            head = bytes((_TEXT, length))
        elif length < 65536:
            head = _HEAD_16.pack(_TEXT, 126, length)
        else:
            head = _HEAD_64.pack(_TEXT, 127, length)
        self.transport.write(head + payload)
        return True

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
