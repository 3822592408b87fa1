"""The server's logs (docs/server.md, "Logs"): text or JSON lines, one for each HTTP request
and each WebSocket session, and the same message repeated at most ``REPEATS`` times a
``WINDOW``.

No line holds a secret: a request's line names its path and its query's keys, never the
query's values (a seat's token rides there), nor a header or a cookie (the session id).
"""

from __future__ import annotations

import logging
import logging.config
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any
from urllib.parse import parse_qsl

import orjson
from starlette.types import ASGIApp, Message, Receive, Scope, Send

__all__ = [
    "FORMATS",
    "REPEATS",
    "WINDOW",
    "AccessLog",
    "JsonFormatter",
    "Repeats",
    "TextFormatter",
    "config",
    "configure",
    "shown_path",
]

# Which ``--log-format`` uses which formatter.
FORMATS = {"text": "TextFormatter", "json": "JsonFormatter"}
# The same message (logger, level and its text before the arguments) is written at most
# REPEATS times in WINDOW seconds: a stall of 500 connections once wrote 23,592 lines.
REPEATS = 10
WINDOW = 60.0
# Messages that are never held back: each is about a request or a session of its own.
UNLIMITED = frozenset({"parlour.access", "parlour.session"})
# How many different messages ``Repeats`` remembers before it forgets those of past windows.
REMEMBERED = 1000
# Query keys whose values a request's line shows: nothing else is known to be harmless.
SHOWN_QUERY = frozenset({"open"})

access_log = logging.getLogger("parlour.access")
session_log = logging.getLogger("parlour.session")

# The attributes every log record has: whatever else a record carries was given as ``extra``.
_STANDARD = frozenset(vars(logging.LogRecord("", 0, "", 0, "", (), None))) | {
    "message",
    "asctime",
    "color_message",  # uvicorn's coloured copy of its message
    "taskName",
}


def configure(log_format: str = "text") -> None:
    """Log as ``config`` says, from now on in this process."""
    logging.config.dictConfig(config(log_format))


def config(log_format: str = "text") -> dict[str, Any]:
    """The logging configuration of every server process (``logging.config.dictConfig``):
    the server's messages from ``INFO``, uvicorn's and the libraries' from ``WARNING``, all
    on standard error in ``log_format``."""
    return {
        "version": 1,
        "disable_existing_loggers": False,
        "formatters": {"default": {"()": f"{__name__}.{FORMATS[log_format]}"}},
        "filters": {"repeats": {"()": f"{__name__}.Repeats"}},
        "handlers": {
            "default": {
                "class": "logging.StreamHandler",
                "formatter": "default",
                "filters": ["repeats"],
                "stream": "ext://sys.stderr",
            }
        },
        "loggers": {
            "parlour": {"handlers": ["default"], "level": "INFO", "propagate": False},
            "uvicorn": {"handlers": ["default"], "level": "WARNING", "propagate": False},
        },
        "root": {"handlers": ["default"], "level": "WARNING"},
    }


class TextFormatter(logging.Formatter):
    """``time level logger: message``, and how many like it were held back."""

    def __init__(self) -> None:
        super().__init__("%(asctime)s %(levelname)s %(name)s: %(message)s")

    def format(self, record: logging.LogRecord) -> str:
        """The record's line."""
        line = super().format(record)
        held = getattr(record, "held_back", 0)
        if held:
            line += f" ({held} more like it were not written in the minute before)"
        return line


class JsonFormatter(logging.Formatter):
    """One JSON object a line: ``time`` (UTC), ``level``, ``logger``, ``message``, the fields
    the message was given (``extra``) and any ``exception``."""

    def format(self, record: logging.LogRecord) -> str:
        """The record's line."""
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname.lower(),
            "logger": record.name,
            "message": record.getMessage(),
        }
        entry.update((key, value) for key, value in vars(record).items() if key not in _STANDARD)
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        return orjson.dumps(entry, default=str).decode()


@dataclass
class _Seen:
    """One message's current window: when it began, how many went out, how many did not."""

    began: float
    written: int = 1
    held: int = 0


class Repeats(logging.Filter):
    """Lets the same message through at most ``limit`` times a ``window`` (seconds); the first
    one let through after that carries ``held_back``, how many were not."""

    def __init__(self, limit: int = REPEATS, window: float = WINDOW) -> None:
        super().__init__()
        self.limit = limit
        self.window = window
        self.seen: dict[tuple[str, int, str], _Seen] = {}
        self.lock = threading.Lock()  # records come from the event loop and from threads

    def filter(self, record: logging.LogRecord) -> bool:
        """Whether the record is written."""
        if record.name in UNLIMITED:
            return True
        key = (record.name, record.levelno, str(record.msg))
        now = time.monotonic()
        with self.lock:
            seen = self.seen.get(key)
            if seen is None or now - seen.began >= self.window:
                if seen is not None and seen.held:
                    record.held_back = seen.held
                if len(self.seen) >= REMEMBERED:
                    self._forget(now)
                self.seen[key] = _Seen(now)
                return True
            if seen.written < self.limit:
                seen.written += 1
                return True
            seen.held += 1
            return False

    def _forget(self, now: float) -> None:
        """Forget the messages whose window is over (their held-back count goes unsaid)."""
        for key in [k for k, seen in self.seen.items() if now - seen.began >= self.window]:
            del self.seen[key]


def shown_path(scope: Scope) -> str:
    """A request's path with its query's keys, and the values only of ``SHOWN_QUERY``."""
    query = scope.get("query_string", b"").decode("latin-1")
    if not query:
        return str(scope["path"])
    pairs = parse_qsl(query, keep_blank_values=True)
    shown = "&".join(f"{key}={value if key in SHOWN_QUERY else '...'}" for key, value in pairs)
    return f"{scope['path']}?{shown}"


class AccessLog:
    """ASGI middleware: a line for each HTTP request (method, path, status, duration) when
    it is answered, and for each WebSocket session (table, seat, duration, close code) when
    it ends. A route names the session's seat in ``websocket.state.seat``."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        """Serve the request, then write its line."""
        if scope["type"] == "http":
            await self._request(scope, receive, send)
        elif scope["type"] == "websocket":
            await self._session(scope, receive, send)
        else:
            await self.app(scope, receive, send)

    async def _request(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        status = 500  # unless an answer begins: the app failed

        async def sending(message: Message) -> None:
            nonlocal status
            if message["type"] == "http.response.start":
                status = int(message["status"])
            await send(message)

        try:
            await self.app(scope, receive, sending)
        finally:
            milliseconds = round(1000 * (time.perf_counter() - started), 1)
            method, path = scope["method"], shown_path(scope)
            client = scope.get("client")
            access_log.info(
                "%s %s %d %.1f ms",
                method,
                path,
                status,
                milliseconds,
                extra={
                    "method": method,
                    "path": path,
                    "status": status,
                    "duration_ms": milliseconds,
                    "client": client[0] if client else None,
                },
            )

    async def _session(self, scope: Scope, receive: Receive, send: Send) -> None:
        started = time.perf_counter()
        code: int | None = None  # the first close: the server's or the client's

        async def receiving() -> Message:
            nonlocal code
            message = await receive()
            if message["type"] == "websocket.disconnect" and code is None:
                code = int(message.get("code", 1005))
            return message

        async def sending(message: Message) -> None:
            nonlocal code
            if message["type"] == "websocket.close" and code is None:
                code = int(message.get("code", 1000))
            await send(message)

        try:
            await self.app(scope, receiving, sending)
        finally:
            seconds = round(time.perf_counter() - started, 3)
            table = scope.get("path_params", {}).get("table_id")
            seat = scope.get("state", {}).get("seat")
            who = "a spectator" if seat is None else f"seat {seat}"
            session_log.info(
                "table %s, %s: %.1f s, close code %s",
                table,
                who,
                seconds,
                code,
                extra={
                    "table": table,
                    "seat": seat,
                    "duration_s": seconds,
                    "close_code": code,
                    "path": str(scope["path"]),
                },
            )
