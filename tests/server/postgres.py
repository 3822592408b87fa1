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


@contextmanager
def postgres_server() -> Iterator[str]:
    """Start a server on a free loopback port; yields its SQLAlchemy URL, stops it after."""
    bin_dir = _binaries()
    assert bin_dir is not None
    folder = tempfile.mkdtemp(prefix="parlour-pg-")
    data = os.path.join(folder, "data")
    if os.geteuid() == 0:
        user = pwd.getpwnam(_user())
        os.chown(folder, user.pw_uid, user.pw_gid)
    port = free_port()
    run = {"check": True, "capture_output": True, "cwd": folder}
    subprocess.run(
        _as_user([f"{bin_dir}/initdb", "-D", data, "-A", "trust", "-U", "parlour", "-E", "UTF8"]),
        **run,  # type: ignore[call-overload]
    )
    options = f"-p {port} -k {folder} -c listen_addresses=127.0.0.1 -c fsync=off"
    subprocess.run(
        _as_user(
            [f"{bin_dir}/pg_ctl", "-D", data, "-o", options, "-w", "-l", f"{folder}/log", "start"]
        ),
        **run,  # type: ignore[call-overload]
    )
    try:
        yield f"postgresql+psycopg://parlour@127.0.0.1:{port}/postgres"
    finally:
        subprocess.run(
            _as_user([f"{bin_dir}/pg_ctl", "-D", data, "-m", "immediate", "-w", "stop"]),
            capture_output=True,
            cwd=folder,
        )
        shutil.rmtree(folder, ignore_errors=True)
