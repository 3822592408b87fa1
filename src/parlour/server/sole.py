"""One ``parlour serve`` per SQLite file: an exclusive lock on a file beside the database,
held while the server runs and let go by the system when its process ends, however it ends
(so a ``kill -9`` leaves no stale lock behind)."""

from __future__ import annotations

import fcntl
import os
from pathlib import Path
from typing import IO

from sqlalchemy.engine import make_url

__all__ = ["ServedElsewhereError", "lock_path", "serve_alone"]

# The lock file is the database file's name with this after it.
SUFFIX = ".serving"


class ServedElsewhereError(Exception):
    """Another server process holds the database's lock."""


def _sqlite_file(url: str) -> str | None:
    """The SQLite file of ``url``; ``None`` for a database that is not a SQLite file
    (PostgreSQL serves many processes; an in-memory SQLite only its own)."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return parsed.database


def lock_path(url: str) -> Path | None:
    """The lock file of the SQLite database at ``url`` (``None``: not a SQLite file)."""
    database = _sqlite_file(url)
    return None if database is None else Path(f"{database}{SUFFIX}")


def serve_alone(url: str) -> IO[str] | None:
    """Take the lock of the SQLite file at ``url`` for this process (keep the returned file
    open as long as it serves); ``ServedElsewhereError`` when another process holds it."""
    path = lock_path(url)
    if path is None:
        return None
    held = path.open("a+")
    try:
        fcntl.flock(held, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        held.seek(0)
        holder = held.read().strip() or "unknown"
        held.close()
        # Two servers on one file each play its tables from their own memory: their games
        # drift apart (one at move 35, the other at move 0), since SQLite cannot tell the
        # other process of a move as PostgreSQL's NOTIFY does.
        raise ServedElsewhereError(
            f"another parlour serve (process {holder}) is serving the SQLite file "
            f"{str(path).removesuffix(SUFFIX)}, and two servers on one SQLite file would "
            "play its tables apart: stop that one first, or give this one another file (or "
            "serve both from PostgreSQL, which any number of processes may share)"
        ) from None
    held.seek(0)
    held.truncate()
    held.write(f"{os.getpid()}\n")
    held.flush()
    return held
