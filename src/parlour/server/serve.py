"""``parlour serve``: run the server with uvicorn and say where to open it."""

from __future__ import annotations

from collections.abc import Sequence

import uvicorn
from sqlalchemy.exc import SQLAlchemyError

from .app import MAX_MESSAGE, MESSAGE_RATE, create_app
from .collector import keep_pauses_short
from .store import Store

__all__ = ["serve"]


def serve(
    host: str = "127.0.0.1",
    port: int = 8000,
    db: str = "sqlite:///parlour.db",
    workers: int = 2,
    bot_delay: float = 0.6,
    allowed_origins: Sequence[str] = (),
    message_rate: float = MESSAGE_RATE,
    agents: Sequence[str] = (),
) -> None:
    """Serve Parlour on ``host:port`` with the database at ``db`` until interrupted."""
    try:
        # Open (and migrate) the database now, so a bad URL or an unreachable server is one
        # clear sentence instead of a failed start-up inside uvicorn.
        Store(db).close()
    except (ImportError, SQLAlchemyError) as error:
        raise SystemExit(f"parlour serve: cannot open the database {db!r}: {error}") from None
    app = create_app(
        db,
        workers=workers,
        bot_delay=bot_delay,
        allowed_origins=allowed_origins,
        message_rate=message_rate,
        agents=agents,
    )
    shown = "127.0.0.1" if host in ("0.0.0.0", "::") else host
    print(
        f"Parlour is open at http://{shown}:{port}/  (database: {db}; Ctrl-C stops it)", flush=True
    )
    if host in ("0.0.0.0", "::"):
        print(f"Friends on your network open http://<this machine's address>:{port}/", flush=True)
    keep_pauses_short()
    # Frames a little larger than the largest message still get a readable error; far larger
    # ones close the connection before they are read into memory.
    try:
        uvicorn.run(
            app,
            host=host,
            port=port,
            ws_max_size=MAX_MESSAGE * 16,
            # Compressing every state message cost a tenth of the server's time under load
            # (benchmarks/load.py); a table's messages are a few KiB, so they go as they are.
            ws_per_message_deflate=False,
            log_level="warning",
        )
    except KeyboardInterrupt:
        # uvicorn shuts down cleanly on Ctrl-C and may then raise the signal again: stopping
        # the server that way is a normal end, not a crash with a traceback.
        print("Parlour stopped.", flush=True)
