"""One ``parlour serve`` per SQLite file: a second refuses to start, saying why, and a killed
server leaves no lock behind (docs/server.md, "Storage")."""

from __future__ import annotations

import signal
import subprocess
import sys
from pathlib import Path

import httpx

from parlour.server.sole import lock_path

from .live import free_port, start_server, stop

SERVE = [sys.executable, "-c", "from parlour.cli.app import main; main()", "serve"]


def test_a_second_server_on_one_sqlite_file_refuses_and_a_killed_one_leaves_no_lock(
    tmp_path: Path,
) -> None:
    db = f"sqlite:///{tmp_path / 'club.db'}"
    port = free_port()
    first = start_server(db, port)
    try:
        second = subprocess.run(
            [*SERVE, "--port", str(free_port()), "--db", db, "--workers", "1"],
            capture_output=True,
            text=True,
            timeout=120,
        )
        assert second.returncode == 1
        assert second.stderr.startswith(
            f"parlour serve: another parlour serve (process {first.pid}) is serving the "
            f"SQLite file {tmp_path / 'club.db'}, and two servers on one SQLite file would "
            "play its tables apart"
        ), second.stderr
        # The first one serves on, untouched.
        assert httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=10).is_success
        # Another file is another server's.
        other = start_server(f"sqlite:///{tmp_path / 'other.db'}", free_port())
        stop(other)
        # Killed without a chance to clean up: the system lets the lock go with the process.
        first.send_signal(signal.SIGKILL)
        first.wait(10)
        assert lock_path(db) == tmp_path / "club.db.serving"
        assert (tmp_path / "club.db.serving").exists()
        first = start_server(db, free_port())
    finally:
        stop(first)


def test_an_in_memory_or_postgresql_database_takes_no_lock() -> None:
    assert lock_path("sqlite://") is None
    assert lock_path("sqlite:///:memory:") is None
    assert lock_path("postgresql+psycopg://parlour@db/parlour") is None
