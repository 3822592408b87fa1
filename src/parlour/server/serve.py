"""``parlour serve``: run the server with uvicorn and say where to open it."""

from __future__ import annotations

import json
import os
import shutil
import tempfile
from dataclasses import asdict
from typing import Any

import uvicorn
from fastapi import FastAPI
from sqlalchemy.exc import SQLAlchemyError

from . import logs, metrics
from .app import create_app
from .collector import keep_pauses_short
from .config import ServeSettings
from .frames import FirstRequestInTurn, ReadAhead
from .inbound import MAX_MESSAGE
from .limits import Limits
from .redact import shown_url
from .sole import ServedElsewhereError, serve_alone
from .store import Store
from .supervisor import Supervisor

__all__ = ["serve", "worker_app"]

# Where each of ``--processes`` server processes finds the settings of ``parlour serve``.
SETTINGS = "PARLOUR_SERVE_SETTINGS"


def serve(config: ServeSettings) -> None:
    """Serve Parlour as ``config`` says until interrupted, in ``config.processes`` server
    processes sharing the port (PostgreSQL only, above one), serving the metrics to
    ``config.metrics_allow`` and logging in ``config.log_format`` (``logs.FORMATS``)."""
    db = config.database_url
    if config.log_format not in logs.FORMATS:
        raise SystemExit(f"parlour serve: --log-format is one of {', '.join(logs.FORMATS)}")
    try:
        metrics.AddressPolicy(config.metrics_allow)
    except ValueError as error:
        raise SystemExit(f"parlour serve: {error}") from None
    try:
        # A second server on the same SQLite file stops here, before it touches the file.
        lock = serve_alone(db)
        # Open (and migrate) the database now, so a bad URL or an unreachable server is one
        # clear sentence instead of a failed start-up inside uvicorn.
        store = Store(db)
        store.close()
    except ServedElsewhereError as error:
        raise SystemExit(f"parlour serve: {error}") from None
    except (ImportError, SQLAlchemyError, OSError) as error:
        raise SystemExit(
            f"parlour serve: cannot open the database {shown_url(db)!r}: {error}"
        ) from None
    processes = config.processes
    if processes > 1 and not store.announces:
        raise SystemExit(
            f"parlour serve: --processes {processes} needs a PostgreSQL database "
            "(--db postgresql+psycopg://...): the processes learn each other's moves through "
            "PostgreSQL's LISTEN/NOTIFY, which SQLite does not have, so SQLite is served by "
            "one process"
        )
    host, port = config.host, config.port
    settings: dict[str, Any] = {
        "db": db,
        "workers": config.workers,
        "bot_delay": config.bot_delay,
        "allowed_origins": list(config.allow_origin),
        "message_rate": config.message_rate,
        "agents": list(config.agent),
        "metrics_allow": list(config.metrics_allow),
        "close_idle_days": config.close_idle_days,
        "delete_guest_games_days": config.delete_guest_games_days,
        "limits": asdict(
            Limits(
                connections_per_address=config.connections_per_address,
                spectators_per_table=config.spectators_per_table,
                tables_per_minute=config.tables_per_minute,
                bot_tables_per_address=config.bot_tables_per_address,
                bot_tables=config.bot_tables,
            )
        ),
    }
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    many = f"; {processes} processes" if processes > 1 else ""
    database = shown_url(db)
    print(
        f"Parlour is open at http://{shown}:{port}/  (database: {database}{many}; Ctrl-C stops it)",
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
        # A crowd's sockets are taken a few at a time (``eventloop``), so other tables' messages
        # are not held up behind hundreds of handshakes or closes.
        "loop": "parlour.server.eventloop:new_loop",
        "ws": ReadAhead,  # uvicorn's own, reading on while a few frames wait (frames.py)
        "http": FirstRequestInTurn,  # uvicorn's h11, a connection's first request in turn
        "log_level": "warning",
        # Configured here and in each server process (``worker_app``), not by uvicorn: its
        # configuration runs in a new process before the process answers uvicorn's health
        # check, and importing the server there took longer than the check waits on a
        # loaded machine, so uvicorn killed every process as it started.
        "log_config": None,
        "access_log": False,  # logs.AccessLog writes each request's line, with its duration
        # A TLS proxy's X-Forwarded-Proto makes the session cookie Secure, its
        # X-Forwarded-For names the client the sign-in throttle counts; uvicorn believes
        # them only from these addresses (its default: this machine, 127.0.0.1 and ::1).
        "proxy_headers": True,
    }
    if config.forwarded_allow_ips is not None:
        options["forwarded_allow_ips"] = config.forwarded_allow_ips
    logs.configure(config.log_format)
    try:
        if processes > 1:
            os.environ[SETTINGS] = json.dumps({**settings, "log_format": config.log_format})
            _supervise(processes, options)
        else:
            keep_pauses_short()
            uvicorn.run(_app(settings), **options)
    except KeyboardInterrupt:
        # uvicorn shuts down cleanly on Ctrl-C and may then raise the signal again: stopping
        # the server that way is a normal end, not a crash with a traceback.
        print("Parlour stopped.", flush=True)
    finally:
        # Served until here (uvicorn serves a SQLite file in this very process).
        if lock is not None:
            lock.close()


def _supervise(processes: int, options: dict[str, Any]) -> None:
    """Run ``processes`` server processes on one port until interrupted."""
    # Each process writes its metrics to files in a folder of its own run, and the one that
    # answers /metrics adds them all up (metrics.py).
    folder = os.environ[metrics.MULTIPROCESS] = tempfile.mkdtemp(prefix="parlour-metrics-")
    try:
        config = uvicorn.Config(
            "parlour.server.serve:worker_app", factory=True, workers=processes, **options
        )
        # uvicorn binds the port once and starts the processes on it (the kernel shares the
        # connections out), and starts a process again if it dies (saying why: Supervisor).
        Supervisor(config, sockets=[config.bind_socket()]).run()
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def worker_app() -> FastAPI:
    """The application of one of ``--processes`` server processes (uvicorn's factory)."""
    keep_pauses_short()
    settings: dict[str, Any] = json.loads(os.environ[SETTINGS])
    logs.configure(settings.pop("log_format"))
    return _app(settings)


def _app(settings: dict[str, Any]) -> FastAPI:
    """The application of ``serve``'s settings (plain JSON, for every process alike)."""
    return create_app(**{**settings, "limits": Limits(**settings["limits"])})
