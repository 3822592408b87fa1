"""The server's WebSocket protocol (``frames.ReadAhead``) reads and writes the common frames
itself: what the application hears and what the client reads are what uvicorn's and
websockets' own code gives, and every other frame still goes their way."""

from __future__ import annotations

import asyncio
import json
from typing import Any

import orjson
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from uvicorn.config import Config
from uvicorn.protocols.utils import ClientDisconnected
from uvicorn.server import ServerState
from websockets.client import ClientProtocol
from websockets.frames import Close, Frame, Opcode
from websockets.http11 import Response
from websockets.server import ServerProtocol
from websockets.uri import parse_uri

from parlour.server.frames import ReadAhead, encode


class _Wire:
    """The transport's side the protocol uses: what it writes is kept for the client."""

    def __init__(self) -> None:
        self.written = bytearray()
        self.closing = False

    def write(self, data: bytes) -> None:
        self.written += data

    def take(self) -> bytes:
        data, self.written = bytes(self.written), bytearray()
        return data

    def is_closing(self) -> bool:
        return self.closing

    def close(self) -> None:
        self.closing = True

    def pause_reading(self) -> None:
        pass

    def resume_reading(self) -> None:
        pass

    def get_extra_info(self, name: str, default: Any = None) -> Any:
        return {"peername": ("127.0.0.1", 50000), "sockname": ("127.0.0.1", 8000)}.get(
            name, default
        )


class _Session:
    """A ``ReadAhead`` connection with a websockets client at the other end, whose
    application accepts and keeps every message it hears."""

    def __init__(self, max_size: int = 1 << 20) -> None:
        self.heard: list[dict[str, Any]] = []

        async def app(scope: Any, receive: Any, send: Any) -> None:
            assert (await receive())["type"] == "websocket.connect"
            self.scope = scope
            await send({"type": "websocket.accept"})
            while True:
                message = await receive()
                self.heard.append(message)
                if message["type"] == "websocket.disconnect":
                    return

        self.protocol = ReadAhead(Config(app, ws_max_size=max_size), ServerState(), {})
        self.wire = _Wire()
        self.protocol.connection_made(self.wire)  # type: ignore[arg-type]
        self.client = ClientProtocol(parse_uri("ws://127.0.0.1:8000/ws/t"), max_size=None)

    def to_server(self) -> bytes:
        return b"".join(self.client.data_to_send())

    def to_client(self) -> list[Any]:
        self.client.receive_data(self.wire.take())
        return self.client.events_received()

    async def open(self, trailing: bytes = b"") -> None:
        self.client.send_request(self.client.connect())
        self.protocol.data_received(self.to_server() + trailing)
        # The session begins when the event loop is free (``eventloop.when_free``).
        await self.settle()
        (response,) = self.to_client()[:1]
        assert isinstance(response, Response) and response.status_code == 101

    async def settle(self) -> None:
        for _ in range(5):
            await asyncio.sleep(0)

    def texts(self) -> list[str]:
        return [m["text"] for m in self.heard if m["type"] == "websocket.receive"]


def _client_frames(texts: list[str]) -> bytes:
    """What a websockets client sends for ``texts``, as one stream (masked frames)."""
    client = ClientProtocol(parse_uri("ws://127.0.0.1:8000/ws/t"))
    client.state = client.state.__class__.OPEN  # framing only: no handshake needed
    for text in texts:
        client.send_text(text.encode())
    return b"".join(client.data_to_send())


_TEXTS = st.lists(
    st.one_of(
        st.text(max_size=140),
        st.sampled_from([0, 125, 126, 127, 65535, 65536, 70000]).map(lambda n: "é" * (n // 2)),
    ),
    max_size=6,
)


@settings(max_examples=60, deadline=None)
@given(texts=_TEXTS, cuts=st.lists(st.integers(min_value=1, max_value=70000), max_size=8))
def test_text_frames_read_directly_are_what_the_client_sent(
    texts: list[str], cuts: list[int]
) -> None:
    async def run() -> None:
        session = _Session()
        await session.open()
        assert session.protocol.direct
        stream = _client_frames(texts)
        # The frames arrive cut anywhere, as a socket's reads may cut them.
        at = 0
        for cut in sorted(set(cuts)):
            if at < cut < len(stream):
                session.protocol.data_received(stream[at:cut])
                at = cut
        session.protocol.data_received(stream[at:])
        await session.settle()
        assert session.texts() == texts
        # Frames of 64 KiB or more (a 64-bit length) went to websockets, from that one on.
        assert session.protocol.direct == all(len(t.encode()) < 65536 for t in texts)

    asyncio.run(run())


def test_a_ping_a_close_or_a_binary_frame_hands_the_connection_to_websockets() -> None:
    async def run() -> None:
        session = _Session()
        await session.open()
        session.client.send_text(b"before")
        session.client.send_ping(b"are you there")
        session.client.send_text(b"after")
        session.protocol.data_received(session.to_server())
        await session.settle()
        assert not session.protocol.direct
        (pong,) = session.to_client()
        assert pong == Frame(Opcode.PONG, b"are you there")
        assert session.texts() == ["before", "after"]
        session.client.send_close(1000)
        session.protocol.data_received(session.to_server())
        await session.settle()
        assert session.heard[-1] == {"type": "websocket.disconnect", "code": 1000, "reason": ""}

        binary = _Session()
        await binary.open()
        binary.client.send_binary(b"\x00\x01")
        binary.protocol.data_received(binary.to_server())
        await binary.settle()
        assert not binary.protocol.direct
        assert binary.heard == [{"type": "websocket.receive", "bytes": b"\x00\x01"}]

    asyncio.run(run())


def test_a_frame_past_the_largest_message_is_refused_as_before() -> None:
    async def run() -> None:
        session = _Session(max_size=1000)
        await session.open()
        session.client.send_text(b"x" * 1001)
        session.protocol.data_received(session.to_server())
        await session.settle()
        (close,) = session.to_client()
        assert Close.parse(close.data).code == 1009  # websockets' "message too big"
        assert session.texts() == []

    asyncio.run(run())


def test_frames_sent_with_the_opening_request_go_to_websockets() -> None:
    async def run() -> None:
        session = _Session()
        # A client must wait for the answer; one that does not is read websockets' way.
        await session.open(trailing=_client_frames(["early"]))
        await session.settle()
        assert not session.protocol.direct
        assert session.texts() == ["early"]

    asyncio.run(run())


def test_keepalive_pongs_are_read_directly() -> None:
    async def run() -> None:
        session = _Session()
        await session.open()
        session.protocol.send_keepalive_ping()
        assert session.protocol.pending_ping_payload is not None
        assert [e.opcode for e in session.to_client()] == [Opcode.PING]
        session.protocol.data_received(session.to_server())  # the client's pong
        assert session.protocol.pending_ping_payload is None
        assert session.protocol.direct

    asyncio.run(run())


@pytest.mark.parametrize("length", [0, 1, 125, 126, 65535, 65536, 70000])
def test_written_text_frames_are_websockets_own(length: int) -> None:
    async def run() -> None:
        session = _Session()
        await session.open()
        payload = ("é" * length).encode()[:length]
        assert session.protocol.write_text(payload)
        ours = session.wire.take()
        reference = ServerProtocol()
        reference.state = reference.state.__class__.OPEN
        reference.send_text(payload)
        assert ours == b"".join(reference.data_to_send())
        # Not written once the buffer is full, nor once the server closed: uvicorn's send
        # waits for the buffer, or says the connection is gone.
        session.protocol.pause_writing()
        assert not session.protocol.write_text(payload)
        session.protocol.resume_writing()
        await session.protocol.send({"type": "websocket.close", "code": 1000})
        session.wire.take()
        assert not session.protocol.write_text(payload)
        assert session.wire.written == b""

    asyncio.run(run())


def test_a_lost_connection_is_written_nothing_and_its_send_says_so() -> None:
    async def run() -> None:
        session = _Session()
        await session.open()
        session.protocol.connection_lost(None)
        # Written to, asyncio would warn at every message; uvicorn's send says it is gone,
        # so the hub lets go of the connection, as before.
        assert not session.protocol.write_text(b'{"type":"state"}')
        assert session.wire.written == b""
        await session.settle()  # the loss is handled when the event loop is free
        with pytest.raises(ClientDisconnected):
            await session.protocol.send({"type": "websocket.send", "text": "{}"})

    asyncio.run(run())


def test_a_text_frame_that_is_not_utf8_closes_with_1007_as_before() -> None:
    async def run() -> None:
        session = _Session()
        await session.open()
        session.client.send_text(b"\xff\xfe not UTF-8")
        session.protocol.data_received(session.to_server())
        await session.settle()
        (close,) = session.to_client()
        assert Close.parse(close.data).code == 1007
        assert session.texts() == []

    asyncio.run(run())


@given(
    st.recursive(
        st.none() | st.booleans() | st.integers(-(2**53), 2**53) | st.text(),
        lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
        max_leaves=20,
    )
)
def test_messages_are_the_compact_json_send_json_gave(value: Any) -> None:
    message = {"type": "state", "view": value}
    expected = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode()
    assert encode(message) == expected


def test_keys_that_are_not_strings_are_written_as_strings() -> None:
    message = {"type": "state", "view": {"points": {1: 3, 2: 0}}}
    assert encode(message) == b'{"type":"state","view":{"points":{"1":3,"2":0}}}'
    assert orjson.loads(encode(message))["view"]["points"] == {"1": 3, "2": 0}
