"""A throwaway PostgreSQL server in a temporary folder, run as a non-root user."""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager

from .live import free_port


def _binaries() -> str | None:
    found = sorted(glob.glob("/usr/lib/postgresql/*/bin/initdb"))
    return os.path.dirname(found[-1]) if found else None


def unavailable() -> str | None:
    """Why a PostgreSQL server cannot be started here, or ``None`` when it can."""
    if _binaries() is None:
        return "PostgreSQL is not installed (scripts/test-setup.sh installs Debian's postgresql)"
    if os.geteuid() == 0 and shutil.which("runuser") is None:
        return "running as root without runuser, so PostgreSQL cannot be started"
    try:
        import psycopg  # noqa: F401
    except ImportError:
        return "psycopg is not installed (pip install -e '.[dev]')"
    return None


def _as_user(command: list[str]) -> list[str]:
    # PostgreSQL refuses to run as root; Debian's package creates the "postgres" user.
    if os.geteuid() != 0:
        return command
    return ["runuser", "-u", _user(), "--", *command]


def _user() -> str:
    for name in ("postgres", "nobody"):
        try:
            pwd.getpwnam(name)
            return name
        except KeyError:
            continue
    raise RuntimeError("no unprivileged user to run PostgreSQL as")


class Postgres:
    """A running throwaway server: its SQLAlchemy URL, and a way to stop and start it again."""

    def __init__(self, bin_dir: str, folder: str, port: int) -> None:
        self.bin_dir = bin_dir
        self.data = os.path.join(folder, "data")
        self.folder = folder
        self.port = port
        self.url = f"postgresql+psycopg://parlour@127.0.0.1:{port}/postgres"

    def _ctl(self, *args: str, check: bool = True) -> None:
        subprocess.run(
            _as_user([f"{self.bin_dir}/pg_ctl", "-D", self.data, *args]),
            check=check,
            capture_output=True,
            cwd=self.folder,
        )

    def start(self) -> None:
        """Start the server (again, on the same port and data)."""
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._ctl("-o", options, "-w", "-l", f"{self.folder}/log", "start")

    def stop(self, check: bool = True) -> None:
        """Stop it at once, as a crash would: open connections break, nothing is flushed."""
        self._ctl("-m", "immediate", "-w", "stop", check=check)


@contextmanager
def postgres_server() -> Iterator[Postgres]:
    """Start a server on a free loopback port; yields it, stops and removes it after."""
    bin_dir = _binaries()
    assert bin_dir is not None
    folder = tempfile.mkdtemp(prefix="parlour-pg-")
    if os.geteuid() == 0:
        user = pwd.getpwnam(_user())
        os.chown(folder, user.pw_uid, user.pw_gid)
    server = Postgres(bin_dir, folder, free_port())
    subprocess.run(
        _as_user(
            [f"{bin_dir}/initdb", "-D", server.data, "-A", "trust", "-U", "parlour", "-E", "UTF8"]
        ),
        check=True,
        capture_output=True,
        cwd=folder,
    )
    server.start()
    try:
        yield server
    finally:
        server.stop(check=False)
        shutil.rmtree(folder, ignore_errors=True)
