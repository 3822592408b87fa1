"""The server's event loop: a poll takes at most ``EVENTS_AT_ONCE`` ready sockets, the others
come in the next polls, work kept for later (``when_free``) runs between them, a crowd's
closed connections are ended that way, and uvicorn runs ``parlour serve`` on it."""

from __future__ import annotations

import asyncio
import importlib
import selectors
import socket
from collections.abc import AsyncIterator, Callable, Coroutine, Iterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

import pytest
from uvicorn import Config
from uvicorn.server import ServerState
from websockets.asyncio.client import connect

from parlour.server.config import ServeSettings
from parlour.server.eventloop import EVENTS_AT_ONCE, LATER_AT_ONCE, new_loop, when_free
from parlour.server.frames import FirstRequestInTurn, ReadAhead

T = TypeVar("T")

# The module, not the ``serve`` function the package gives under that name.
serve_module = importlib.import_module("parlour.server.serve")

pytestmark = pytest.mark.skipif(
    not hasattr(selectors, "EpollSelector"), reason="the cap is on epoll"
)


@pytest.fixture
def loop_and_pairs() -> Iterator[
    tuple[asyncio.AbstractEventLoop, list[tuple[socket.socket, socket.socket]]]
]:
    """A new server loop and three polls' worth of connected socket pairs, closed after."""
    loop = new_loop()
    pairs = [socket.socketpair() for _ in range(3 * EVENTS_AT_ONCE)]
    yield loop, pairs
    for reader, writer in pairs:
        reader.close()
        writer.close()
    loop.close()


def test_a_poll_takes_a_few_ready_sockets_and_the_next_polls_the_rest(loop_and_pairs: Any) -> None:
    loop, pairs = loop_and_pairs
    selector = loop._selector
    for reader, writer in pairs:
        selector.register(reader, selectors.EVENT_READ)
        writer.send(b"x")  # every socket is ready, and stays ready
    seen: set[int] = set()
    for _ in range(3):
        ready = selector.select(0)
        assert len(ready) == EVENTS_AT_ONCE
        seen |= {key.fd for key, _ in ready}
    assert seen == {reader.fileno() for reader, _ in pairs}  # none waits behind the others


def _on_a_new_loop(work: Coroutine[Any, Any, T]) -> T:
    """Run ``work`` to its end on a new loop of the server's kind, then close the loop."""
    loop = new_loop()
    try:
        return loop.run_until_complete(work)
    finally:
        loop.close()


@asynccontextmanager
async def _serving(app: Any, protocol: Callable[..., asyncio.Protocol]) -> AsyncIterator[int]:
    """``app`` served on the running loop with ``protocol`` (one of the server's), on a free
    port of 127.0.0.1: the port."""
    loop = asyncio.get_running_loop()
    config = Config(app, ws="parlour.server.frames:ReadAhead", log_level="warning")
    config.load()
    server = await loop.create_server(
        lambda: protocol(config, ServerState(), {}, _loop=loop), "127.0.0.1", 0
    )
    async with server:
        yield server.sockets[0].getsockname()[1]


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

    answers = _on_a_new_loop(crowd())
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


def test_work_kept_for_later_runs_one_a_pass_while_sockets_wait_then_a_few(
    loop_and_pairs: Any,
) -> None:
    loop, pairs = loop_and_pairs
    read: list[int] = []
    ran: list[int] = []
    for reader, writer in pairs:
        loop.add_reader(reader, read.append, reader.fileno())
        writer.send(b"x")  # never read: every socket stays ready, every poll is full
    for number in range(3 + 2 * LATER_AT_ONCE):
        when_free(loop, ran.append, number)
    for passes in range(1, 4):
        loop._run_once()  # type: ignore[attr-defined]
        assert len(read) == passes * EVENTS_AT_ONCE
        assert ran == list(range(passes))  # one a pass, in the order given
    for reader, _ in pairs:
        loop.remove_reader(reader)
    loop._run_once()  # type: ignore[attr-defined]  # caught up: a few at once
    assert ran == list(range(3 + LATER_AT_ONCE))
    loop._run_once()  # type: ignore[attr-defined]  # without waiting for a socket
    assert ran == list(range(3 + 2 * LATER_AT_ONCE))


def test_on_another_loop_work_kept_for_later_runs_at_its_next_pass() -> None:
    async def run() -> list[str]:
        ran: list[str] = []
        when_free(asyncio.get_running_loop(), ran.append, "done")
        assert ran == []
        await asyncio.sleep(0)
        return ran

    assert asyncio.run(run()) == ["done"]


def test_a_message_behind_a_crowd_that_closes_waits_for_their_reading_not_their_ending() -> None:
    """64 clients close their WebSockets at once, and another client's message comes right
    behind their close frames: the server reads them all before it (the kernel hands the
    sockets over in the order they became ready), but ends each closed connection in turn,
    so the application hears the message before most of the crowd's ends (before, all 64
    ended first)."""
    crowd = 4 * EVENTS_AT_ONCE
    heard: list[tuple[str, int]] = []  # what the application heard, with the ends so far

    async def app(scope: Any, receive: Any, send: Any) -> None:
        assert (await receive())["type"] == "websocket.connect"
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                heard.append(("end", len(heard)))
                return
            heard.append((message["text"], sum(what == "end" for what, _ in heard)))

    async def run() -> None:
        async with _serving(app, ReadAhead) as port:
            url = f"ws://127.0.0.1:{port}/"
            closing = [await connect(url) for _ in range(crowd)]
            async with connect(url) as talker:
                await asyncio.sleep(0.2)  # every session open
                closes = [asyncio.create_task(ws.close()) for ws in closing]
                await asyncio.sleep(0)  # the close frames sent, every one
                await talker.send("after the crowd")
                await asyncio.gather(*closes)
                await asyncio.sleep(0.2)
            await asyncio.sleep(0.2)

    _on_a_new_loop(run())
    ends_before = dict(heard)["after the crowd"]
    assert sum(what == "end" for what, _ in heard) == crowd + 1  # every connection ended
    assert ends_before < crowd // 4, f"{ends_before} of the {crowd} ended before it"


HANDSHAKE = (
    b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n"
    b"Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n"
)


def test_a_message_behind_a_crowd_that_connects_waits_for_their_reading_not_their_sessions() -> (
    None
):
    """64 clients send their WebSocket handshakes at once, and another client's message comes
    right behind them: the server takes the handshakes in turn (a few a pass), so the
    application hears the message before most of the crowd's sessions begin (before, all
    64 began first)."""
    crowd = 4 * EVENTS_AT_ONCE
    heard: list[tuple[str, int]] = []  # what the application heard, with the sessions so far

    async def app(scope: Any, receive: Any, send: Any) -> None:
        assert (await receive())["type"] == "websocket.connect"
        heard.append(("begun", len(heard)))
        await send({"type": "websocket.accept"})
        while True:
            message = await receive()
            if message["type"] == "websocket.disconnect":
                return
            heard.append((message["text"], sum(what == "begun" for what, _ in heard)))

    async def run() -> None:
        async with (
            _serving(app, FirstRequestInTurn) as port,
            connect(f"ws://127.0.0.1:{port}/") as talker,
        ):
            # Connected and taken by the server first, so their handshakes come before the
            # message in the kernel's ready list.
            raw = [socket.create_connection(("127.0.0.1", port)) for _ in range(crowd)]
            try:
                await asyncio.sleep(0.2)
                for client in raw:
                    client.sendall(HANDSHAKE)
                await talker.send("after the crowd")
                for _ in range(100):
                    await asyncio.sleep(0.02)
                    if sum(what == "begun" for what, _ in heard) == crowd + 1:
                        break
            finally:
                for client in raw:
                    client.close()
            await asyncio.sleep(0.2)

    _on_a_new_loop(run())
    assert sum(what == "begun" for what, _ in heard) == crowd + 1  # every session began
    begun_before = dict(heard)["after the crowd"] - 1  # the talker's own was the first
    assert begun_before < crowd // 4, f"{begun_before} of the {crowd} began before it"
