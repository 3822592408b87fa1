"""The live table: ``/ws/{table_id}``, a seat's (or, without a token, the seat the session's
account holds there, else a spectator's) connection, and the messages it sends (API.md,
"Server protocol"; docs/server.md)."""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable
from contextlib import AsyncExitStack
from typing import Any

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError
from websockets.protocol import State

from ...core import GameError
from ..community.moderation import BANNED, standing
from ..deps import ServerSettings, client_address, current_account, get_quotas, hub_of, settings_of
from ..errors import RequestError, error_body, unavailable
from ..frames import PROTOCOL, ReadAhead, sender, sender_now
from ..hub import STOPPED, Client, Closer, Hub, RefusedError, Table
from ..inbound import parse
from ..limits import CROWDED, MessageRate, Quotas, count_refusal
from ..messages import HANDLERS, welcome

__all__ = ["MESSAGE_BURST", "MESSAGE_RATE", "router"]

# Messages a connection may send a second on average, and in a burst: a person clicks far
# less; a script flooding the server is answered with errors, then cut off.
MESSAGE_RATE = 20.0
MESSAGE_BURST = 40

router = APIRouter()


def closer(websocket: WebSocket) -> Closer:
    """End the connection with 1013 ("try again later"): the server let go of it, since a
    message to it did not go out in time; the table page then connects again. Not one its
    client closed or that was lost: a message to it failed for that, its ending is under way
    and the session hears why (its log line says its client's close code, not 1013)."""

    async def close() -> None:
        if client_gone(websocket):
            return
        await websocket.close(1013, "a message to this connection did not go out in time")

    return close


def client_gone(websocket: WebSocket) -> bool:
    """Whether the connection's client closed it (its close frame was read) or it was lost,
    as far as the server's protocol knows (``frames.ReadAhead``; ``False`` with another)."""
    protocol = websocket.scope.get(PROTOCOL)
    return isinstance(protocol, ReadAhead) and (
        protocol.ending or protocol.disconnected or protocol.conn.state is not State.OPEN
    )


def shutter(websocket: WebSocket) -> Callable[[int], Awaitable[None]]:
    """End the connection for good with a close code (the table was closed or deleted:
    ``GONE``, or its game stopped: ``STOPPED``): the table page does not connect again."""

    async def shut(code: int) -> None:
        reason = "the game was stopped" if code == STOPPED else "the table was closed"
        await websocket.close(code, reason)

    return shut


async def _close(websocket: WebSocket, message: str, code: int) -> None:
    """Say why the connection ends, then end it with ``code``."""
    await websocket.send_json(error_body(message))
    await websocket.close(code)


async def live(websocket: WebSocket) -> None:
    """A seat's (``?token=``; without one, a spectator's) live connection to the table
    ``table_id``; refused (``CROWDED``) past the connections of its address. Its opening and
    its closing each wait for one of the process's turns (``limits.TURNS``).

    Its path, query and the server's parts are read here, not as FastAPI's parameters and
    dependencies: their solving was a sixth of a connection's opening, in the event loop's
    pass that reads it, and a crowd of 500 joining pays it 500 times. For the same reason
    the route is Starlette's own (``router``), not FastAPI's, whose session solved the
    (empty) dependencies and recorded its telemetry anyway."""
    table_id: str = websocket.path_params["table_id"]
    token = websocket.query_params.get("token")
    hub, settings, quotas = hub_of(websocket), settings_of(websocket), get_quotas(websocket)
    address = client_address(websocket)
    async with AsyncExitStack() as stack:
        async with quotas.turns:
            await websocket.accept()
            if not quotas.connections.enter(address):
                count_refusal("connections")
                await _close(websocket, quotas.connections.refusal(), CROWDED)
                return
            stack.callback(quotas.connections.leave, address)
            opened = await _open(websocket, table_id, hub, settings, token)
            if opened is None:
                return
            table, client = opened
            # From here on the table forgets the connection however it ends, a failed
            # welcome included.
            stack.push_async_callback(_leave, quotas, hub, table, client)
            await hub.join(table, client)
            await welcome(hub, table, client)
            if client.seat is not None:
                await hub.offer_rematch(table, client)
        # In a task of its own: each wait for a message, and each move's wait for its write,
        # then suspends and resumes the conversation's few frames, not also the 26 above
        # this one (uvicorn's, the middlewares', Starlette's and FastAPI's routing).
        await asyncio.create_task(_converse(websocket, hub, settings, table, client))


router.add_websocket_route("/ws/{table_id}", live)


async def _leave(quotas: Quotas, hub: Hub, table: Table, client: Client) -> None:
    """Forget a connection at its table, in its turn."""
    async with quotas.turns:
        await hub.leave(table, client)


async def _open(
    websocket: WebSocket, table_id: str, hub: Hub, settings: ServerSettings, token: str | None
) -> tuple[Table, Client] | None:
    """The connection's table and its client (seat or spectator); ``None`` when it was
    refused (and told why)."""
    origin = websocket.headers.get("origin")
    if not settings.origins.allows(origin, websocket.headers.get("host")):
        # A page of another site could otherwise play with a token it got hold of, or
        # watch tables, in its visitor's name.
        await _close(websocket, settings.origins.refusal(origin or ""), 4403)
        return None
    try:
        table = await hub.get(table_id)
    except SQLAlchemyError as error:
        await _close(websocket, unavailable(error), 4503)
        return None
    except GameError as error:
        await _close(websocket, f"this table cannot be replayed: {error}", 4500)
        return None
    if table is None:
        await _close(websocket, f"there is no table {table_id!r}", 4404)
        return None
    seat = None
    try:
        if token is not None:
            seat = table.seat_for(token)
            if seat is None:
                await _close(websocket, "that token opens no seat at this table", 4403)
                return None
            holder = table.info.seats[seat].account
            if (
                holder is not None
                and (await asyncio.to_thread(standing, hub.store.engine, holder)).banned
            ):
                await _close(websocket, BANNED, 4403)
                return None
        else:
            account = await current_account(websocket)
            if account is not None:
                seat = table.seat_of_account(account.id)
    except SQLAlchemyError as error:
        await _close(websocket, unavailable(error), 4503)
        return None
    except RequestError as error:  # a banned account's session
        await _close(websocket, error.message, 4403)
        return None
    most = settings.limits.spectators_per_table
    if seat is None and most and table.connected[None] >= most:
        count_refusal("spectators")
        message = f"this table has {most} spectators already, the most it takes; try again later"
        await _close(websocket, message, CROWDED)
        return None
    websocket.state.seat = seat  # for the session's log line (logs.AccessLog)
    client = Client(
        seat,
        sender(websocket),
        token=token if seat is not None else None,
        close=closer(websocket),
        shut=shutter(websocket),
        send_now=sender_now(websocket),
    )
    return table, client


async def _converse(
    websocket: WebSocket, hub: Hub, settings: ServerSettings, table: Table, client: Client
) -> None:
    """Answer the connection's messages until it closes."""
    rate = MessageRate(settings.message_rate, settings.message_burst)
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                break
            raw = frame.get("text")
            reply: dict[str, Any] | None
            if not rate.allow():
                count_refusal("messages")
                if rate.refused_in_a_row > rate.burst:
                    await _close(websocket, rate.refusal(cut_off=True), 4429)
                    break
                reply = error_body(rate.refusal())
            elif raw is None:
                reply = error_body("send JSON text frames, not binary ones")
            else:
                reply, moved = await _handle(hub, table, client, raw)
                if moved:
                    rate.refund()
            if reply is not None:
                await websocket.send_json(reply)
    except WebSocketDisconnect:
        pass


async def _handle(
    hub: Hub, table: Table, client: Client, raw: str
) -> tuple[dict[str, Any] | None, bool]:
    """Answer one client message: the reply for it (``None``: none, what it did went out to
    the table) and whether it made a move (moves are not counted against the message rate)."""
    try:
        message = parse(raw)
        reply = await HANDLERS[message.type](hub, table, client, message)
    except RefusedError as error:
        return error_body(str(error)), False
    return reply, message.MOVES
