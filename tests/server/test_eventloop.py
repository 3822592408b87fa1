"""The server's event loop: a poll takes at most ``EVENTS_AT_ONCE`` ready sockets, the others
come in the next polls, and uvicorn runs ``parlour serve`` on it."""

from __future__ import annotations

import asyncio
import importlib
import selectors
import socket
from pathlib import Path
from typing import Any

import pytest
from uvicorn import Config

from parlour.server.config import ServeSettings
from parlour.server.eventloop import EVENTS_AT_ONCE, new_loop

# The module, not the ``serve`` function the package gives under that name.
serve_module = importlib.import_module("parlour.server.serve")

pytestmark = pytest.mark.skipif(
    not hasattr(selectors, "EpollSelector"), reason="the cap is on epoll"
)


def test_a_poll_takes_a_few_ready_sockets_and_the_next_polls_the_rest() -> None:
    loop = new_loop()
    pairs = [socket.socketpair() for _ in range(3 * EVENTS_AT_ONCE)]
    try:
        selector = loop._selector  # type: ignore[attr-defined]
        for reader, writer in pairs:
            selector.register(reader, selectors.EVENT_READ)
            writer.send(b"x")  # every socket is ready, and stays ready
        seen: set[int] = set()
        for _ in range(3):
            ready = selector.select(0)
            assert len(ready) == EVENTS_AT_ONCE
            seen |= {key.fd for key, _ in ready}
        assert seen == {reader.fileno() for reader, _ in pairs}  # none waits behind the others
    finally:
        for reader, writer in pairs:
            reader.close()
            writer.close()
        loop.close()


def test_a_server_on_it_answers_a_crowd_that_connects_at_once() -> None:
    async def crowd() -> list[bytes]:
        async def echo(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
            writer.write(await reader.readline())
            await writer.drain()
            writer.close()

        server = await asyncio.start_server(echo, "127.0.0.1", 0)
        port = server.sockets[0].getsockname()[1]

        async def one(number: int) -> bytes:
            reader, writer = await asyncio.open_connection("127.0.0.1", port)
            writer.write(f"{number}\n".encode())
            answer = await reader.readline()
            writer.close()
            return answer

        async with server:
            return await asyncio.gather(*(one(number) for number in range(200)))

    loop = new_loop()
    try:
        answers = loop.run_until_complete(crowd())
    finally:
        loop.close()
    assert answers == [f"{number}\n".encode() for number in range(200)]


def test_parlour_serve_asks_uvicorn_for_this_loop(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: dict[str, Any] = {}
    monkeypatch.setattr(serve_module, "keep_pauses_short", lambda: None)
    monkeypatch.setattr(serve_module.uvicorn, "run", lambda app, **options: asked.update(options))
    serve_module.serve(ServeSettings(database_url=f"sqlite:///{tmp_path / 'parlour.db'}"))
    assert Config(app="parlour.server:create_app", loop=asked["loop"]).get_loop_factory() is (
        new_loop
    )
