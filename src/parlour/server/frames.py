"""A table's messages to a WebSocket, sent with as few layers as the server allows.

Each move sends every connection at the table its ``state``: Starlette's ``WebSocket.send``,
its exception handler's wrapper and the access log's wrapper each add a call and a check to
every one of those messages, and none of them has anything to do with a text frame (they
watch for the accept and the close, which still go through them). ``DirectSend`` keeps the
server's own ``send`` of each WebSocket session in its scope, and ``sender`` hands the text
frames to it (docs/server.md, "The move path's CPU").
"""

from __future__ import annotations

from typing import Any

import orjson
from starlette.types import ASGIApp, Receive, Scope, Send
from starlette.websockets import WebSocket

from .hub import Sender

__all__ = ["DirectSend", "sender"]

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
