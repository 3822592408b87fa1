"""``parlour serve``: run the server with uvicorn and say where to open it."""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import asdict
from typing import Any

import uvicorn
from fastapi import FastAPI
from sqlalchemy.exc import SQLAlchemyError

from .app import create_app
from .collector import keep_pauses_short
from .limits import Limits
from .routes.live import MAX_MESSAGE, MESSAGE_RATE
from .store import Store

__all__ = ["serve", "worker_app"]

# Where each of ``--processes`` server processes finds the settings of ``parlour serve``.
SETTINGS = "PARLOUR_SERVE_SETTINGS"


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///parlour.db",
    workers: int = 2,
    bot_delay: float = 0.6,
    allowed_origins: Sequence[str] = (),
    message_rate: float = MESSAGE_RATE,
    agents: Sequence[str] = (),
    processes: int = 1,
    forwarded_allow_ips: str | None = None,
    limits: Limits | None = None,
) -> None:
    """Serve Parlour on ``host:port`` with the database at ``db`` until interrupted, in
    ``processes`` server processes sharing the port (PostgreSQL only, above one), trusting
    the ``X-Forwarded-*`` headers of the proxies at ``forwarded_allow_ips``, each process
    holding every client to ``limits`` (default: ``Limits()``)."""
    try:
        # Open (and migrate) the database now, so a bad URL or an unreachable server is one
        # clear sentence instead of a failed start-up inside uvicorn.
        store = Store(db)
        store.close()
    except (ImportError, SQLAlchemyError) as error:
        raise SystemExit(f"parlour serve: cannot open the database {db!r}: {error}") from None
    if processes > 1 and not store.announces:
        raise SystemExit(
            f"parlour serve: --processes {processes} needs a PostgreSQL database "
            "(--db postgresql+psycopg://...): the processes learn each other's moves through "
            "PostgreSQL's LISTEN/NOTIFY, which SQLite does not have, so SQLite is served by "
            "one process"
        )
    settings: dict[str, Any] = {
        "db": db,
        "workers": workers,
        "bot_delay": bot_delay,
        "allowed_origins": list(allowed_origins),
        "message_rate": message_rate,
        "agents": list(agents),
        "limits": asdict(limits if limits is not None else Limits()),
    }
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    many = f"; {processes} processes" if processes > 1 else ""
    print(
        f"Parlour is open at http://{shown}:{port}/  (database: {db}{many}; Ctrl-C stops it)",
        flush=True,
    )
    if host in ("0.0.0.0", "::"):
        print(f"Friends on your network open http://<this machine's address>:{port}/", flush=True)
    # Frames a little larger than the largest message still get a readable error; far larger
    # ones close the connection before they are read into memory. Compressing every state
    # message cost a tenth of the server's time under load (benchmarks/load.py); a table's
    # messages are a few KiB, so they go as they are.
    options: dict[str, Any] = {
        "host": host,
        "port": port,
        "ws_max_size": MAX_MESSAGE * 16,
        "ws_per_message_deflate": False,
        "log_level": "warning",
        # A TLS proxy's X-Forwarded-Proto makes the session cookie Secure, its
        # X-Forwarded-For names the client the sign-in throttle counts; uvicorn believes
        # them only from these addresses (its default: this machine, 127.0.0.1 and ::1).
        "proxy_headers": True,
    }
    if forwarded_allow_ips is not None:
        options["forwarded_allow_ips"] = forwarded_allow_ips
    try:
        if processes > 1:
            # uvicorn binds the port once and starts the processes on it (the kernel shares
            # the connections out), and starts a process again if it dies.
            os.environ[SETTINGS] = json.dumps(settings)
            uvicorn.run(
                "parlour.server.serve:worker_app", factory=True, workers=processes, **options
            )
        else:
            keep_pauses_short()
            uvicorn.run(_app(settings), **options)
    except KeyboardInterrupt:
        # uvicorn shuts down cleanly on Ctrl-C and may then raise the signal again: stopping
        # the server that way is a normal end, not a crash with a traceback.
        print("Parlour stopped.", flush=True)


def worker_app() -> FastAPI:
    """The application of one of ``--processes`` server processes (uvicorn's factory)."""
    keep_pauses_short()
    settings: dict[str, Any] = json.loads(os.environ[SETTINGS])
    return _app(settings)


def _app(settings: dict[str, Any]) -> FastAPI:
    """The application of ``serve``'s settings (plain JSON, for every process alike)."""
    return create_app(**{**settings, "limits": Limits(**settings["limits"])})
