"""A real ``parlour serve`` process on a free loopback port, for restart and browser tests."""

from __future__ import annotations

import asyncio
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

# ``serve``'s options lifting the limits of one client (docs/server.md, "Limits"): for a
# server whose every client is one test session on one address.
NO_LIMITS = (
    "--connections-per-address",
    "0",
    "--spectators-per-table",
    "0",
    "--tables-per-minute",
    "0",
    "--bot-tables-per-address",
    "0",
    "--bot-tables",
    "0",
)


def free_port() -> int:
    """A TCP port free on 127.0.0.1 now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


SERVE = [sys.executable, "-c", "from parlour.cli.app import main; main()", "serve"]


@contextmanager
def served(db: str, *extra: str, folder: Path) -> Iterator[tuple[str, int]]:
    """A real ``parlour serve`` with its output in ``folder``'s ``stdout`` and ``stderr``: its
    address and process id, once it answers."""
    port = free_port()
    with open(folder / "stdout", "wb") as out, open(folder / "stderr", "wb") as err:
        process = subprocess.Popen(
            [*SERVE, "--port", str(port), "--db", db, "--workers", "1", "--bot-delay", "0", *extra],
            stdout=out,
            stderr=err,
        )
        address = f"http://127.0.0.1:{port}"
        try:
            deadline = time.monotonic() + 60
            while True:
                assert process.poll() is None, (folder / "stderr").read_text()
                try:
                    httpx.get(f"{address}/api/health/live", timeout=1)
                    break
                except httpx.HTTPError:
                    assert time.monotonic() < deadline, "the server did not answer within 60 s"
                    time.sleep(0.1)
            yield address, process.pid
        finally:
            stop(process)


def start_server(
    db: str,
    port: int,
    bot_delay: float = 0.0,
    pass_delay: float | None = None,
    message_rate: float | None = None,
    forget_after: float | None = None,
    extra: Sequence[str] = (),
) -> subprocess.Popen[bytes]:
    """``parlour serve`` in its own process, returned once it answers HTTP; ``pass_delay``
    replaces the server's pause before it passes for a person (auto_pass), ``message_rate``
    the messages a connection may send a second, ``forget_after`` the seconds a table
    nobody uses stays in memory; ``extra``: more of ``serve``'s options."""
    main = "from parlour.cli.app import main; main()"
    # Neither the pause nor the memory's wait has an option (the same for everyone by
    # design): set in the server's process, as tests/server/test_people.py sets them in its own.
    if pass_delay is not None:
        main = f"from parlour.server import people; people.AUTO_PASS_DELAY = {pass_delay!r}; {main}"
    if forget_after is not None:
        forget = f"from parlour.server.hub import cache; cache.FORGET_AFTER = {forget_after!r}"
        main = f"{forget}; {main}"
    # The server writes a line for each request: a pipe read only at the end would fill and
    # stall it, so its standard error goes to a file, which ``process.stderr`` reads.
    descriptor, path = tempfile.mkstemp(prefix="parlour-serve-", suffix=".log")
    logged = open(path, "rb")  # noqa: SIM115 (closed with the process object)
    os.unlink(path)  # removed once the server and the reader have closed it
    process = subprocess.Popen(
        [
            sys.executable,
            "-c",
            main,
            "serve",
            "--port",
            str(port),
            "--db",
            db,
            "--workers",
            "1",
            "--bot-delay",
            str(bot_delay),
            *(["--message-rate", str(message_rate)] if message_rate is not None else []),
            *extra,
        ],
        stdout=subprocess.DEVNULL,
        stderr=descriptor,
    )
    os.close(descriptor)
    process.stderr = logged
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if process.poll() is not None:
            assert process.stderr is not None
            raise RuntimeError(f"the server stopped: {process.stderr.read().decode()}")
        try:
            httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
            return process
        except httpx.HTTPError:
            time.sleep(0.1)
    process.kill()
    raise RuntimeError("the server did not answer within 60 s")


async def received(ws: Any, seconds: float = 30) -> dict[str, Any]:
    """The next message of an asyncio websocket; ``TimeoutError`` after ``seconds`` without
    one, so that a message the server never sends fails the test instead of hanging it."""
    message: dict[str, Any] = json.loads(await asyncio.wait_for(ws.recv(), seconds))
    return message


def stop(process: subprocess.Popen[bytes]) -> None:
    """End a server started here, politely, then for sure."""
    if process.poll() is None:
        process.terminate()
        try:
            process.wait(10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait(10)


def open_seat(base: str, table: str, token: str | None) -> ClientConnection:
    """A WebSocket to a table as the seat of ``token`` (``None``: spectator)."""
    query = f"?token={token}" if token else ""
    return connect(f"ws://{base.removeprefix('http://')}/ws/{table}{query}", open_timeout=10)


def next_state(ws: ClientConnection, timeout: float = 30) -> dict[str, Any]:
    """The next "state" message (table notices skipped)."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=timeout))
        if message["type"] == "state":
            return message
        assert message["type"] in ("table", "rematch", "chat_log", "chat"), message
