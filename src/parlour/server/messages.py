"""What the server does with each WebSocket message a connection sends: ``act`` and
``ping`` (API.md, "Server protocol"), ``name``, ``settings``, ``chat`` and ``hint`` (API.md,
"Added for people at the table"), ``back`` (API.md, "Clocks"); and what a connection is sent
when it opens (the chat so far).

Each handler takes the hub, the table, the connection and the message as ``inbound``
parsed it (its fields checked), sends what goes to the table itself, and gives the reply
to the connection (``None``: none); ``RefusedError`` refuses the message, which changes
nothing.
"""

from __future__ import annotations

import asyncio
import logging
import weakref
from collections.abc import Awaitable, Callable
from datetime import UTC, datetime
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from . import people
from .community.moderation import BANNED, MUTED, standing
from .hints import Advice, advise, seat_levels
from .hub import Client, Hub, RefusedError, Table, UnstoredError, database_trouble
from .inbound import Act, Back, Chat, Hint, Ping, Rename, Settings
from .store import ChatLine

__all__ = ["HANDLERS", "Handler", "Reply", "welcome"]

log = logging.getLogger("parlour.server")

# The message's type is its handler's own (``Any`` here: the table holds every kind's).
Reply = dict[str, Any] | None
Handler = Callable[[Hub, Table, Client, Any], Awaitable[Reply]]
Chances = list[Advice]

# Per table, the hint being worked out or last given: its move, its seat and the task.
_hints: weakref.WeakKeyDictionary[Table, tuple[int, int, asyncio.Future[Chances]]] = (
    weakref.WeakKeyDictionary()
)
# Tasks that answer hints, kept so they are not collected before they are done.
_answering: set[asyncio.Task[None]] = set()


def _holder(client: Client, doing: str) -> int:
    """The seat of ``client``; spectators are refused."""
    if client.seat is None:
        raise RefusedError(f"spectators cannot {doing}; open the table with a seat's link")
    return client.seat


def _unstored(error: SQLAlchemyError) -> UnstoredError:
    return UnstoredError(
        f"nothing was changed: the database did not store it ({database_trouble(error)}); "
        "send it again in a moment"
    )


async def _history(hub: Hub, table: Table) -> list[ChatLine]:
    """The table's last lines of chat, read from the store on first use."""
    if table.chat is None:
        table.chat = await asyncio.to_thread(hub.store.chat, table.id, people.CHAT_HISTORY)
    return table.chat


async def welcome(hub: Hub, table: Table, client: Client) -> None:
    """What a new connection is sent besides its state: the last lines of chat."""
    lines = await _history(hub, table)
    message = {"type": "chat_log", "lines": [line.to_json() for line in lines]}
    await hub.send(table, client, message)


async def act(hub: Hub, table: Table, client: Client, message: Act) -> Reply:
    """``{"type": "act", "action": ..., "move": n}``: the seat's move, sent to the table."""
    await hub.act(table, client.seat, message.action, message.move)
    return None


async def ping(hub: Hub, table: Table, client: Client, message: Ping) -> Reply:
    """``{"type": "ping"}``: answered ``{"type": "pong"}``."""
    return {"type": "pong"}


async def rename(hub: Hub, table: Table, client: Client, message: Rename) -> Reply:
    """``{"type": "name", "name": ...}``: the seat's holder names it; every connection gets
    its view and its log again, their sentences naming the seat anew."""
    seat = _holder(client, "take a name")
    if table.info.seats[seat].account is not None:
        raise RefusedError("this seat is an account's and is named by its username")
    name = message.name
    info = table.info.seats[seat]
    async with table.lock:  # one write of the seats at a time, so none is lost
        before, info.name = info.name, name
        try:
            await asyncio.to_thread(hub.store.set_seats, table.id, table.info.seats)
        except SQLAlchemyError as error:
            info.name = before
            raise _unstored(error) from None
        table.renamed()
        await hub.resend(table, full_log=True)
    await hub.send_all(table, {"type": "table", "table": table.describe()})
    return None


async def settings(hub: Hub, table: Table, client: Client, message: Settings) -> Reply:
    """``{"type": "settings", "auto_pass": bool}``: whether the server passes for the seat
    when passing is all it can do; the seat's connections get their view again."""
    seat = _holder(client, "change settings")
    auto_pass = message.auto_pass
    info = table.info.seats[seat]
    async with table.lock:
        before, info.auto_pass = info.auto_pass, auto_pass
        try:
            await asyncio.to_thread(hub.store.set_seats, table.id, table.info.seats)
        except SQLAlchemyError as error:
            info.auto_pass = before
            raise _unstored(error) from None
        # A timer that ran out while the setting was off passed for nobody: start afresh.
        table.pass_move = None
        await hub.resend(table, seat)
    hub.schedule_bot(table)
    return None


async def chat(hub: Hub, table: Table, client: Client, message: Chat) -> Reply:
    """``{"type": "chat", "text": ...}``: stored, then sent to every connection, spectators
    included, as ``{"type": "chat", "id", "seat", "name", "text", "at"}``; refused for a
    seat whose account is banned or muted."""
    seat = _holder(client, "chat")
    text = message.text
    account = table.info.seats[seat].account
    lines = await _history(hub, table)
    line = ChatLine(seat, table.names[seat], text, datetime.now(UTC))
    try:
        if account is not None:
            # Read at each line: a ban or a mute holds at once, whichever process made it.
            banned, muted = await asyncio.to_thread(standing, hub.store.engine, account)
            if banned or muted:
                raise RefusedError(BANNED if banned else MUTED)
        line = await asyncio.to_thread(hub.store.add_chat, table.id, line)
    except SQLAlchemyError as error:
        raise _unstored(error) from None
    lines.append(line)
    del lines[: -people.CHAT_HISTORY]
    await hub.send_all(table, {"type": "chat", **line.to_json()})
    return None


async def hint(hub: Hub, table: Table, client: Client, message: Hint) -> Reply:
    """``{"type": "hint", "move": n}``: answered, once worked out in a bot worker, with
    ``{"type": "hint", "move": n, "actions": [{"action", "win_chance", "error", "rank",
    "does"}, ...]}``."""
    seat = _holder(client, "ask for hints")
    if not table.hints:
        raise RefusedError("this table was opened without hints")
    move = message.move
    if move != table.move:
        raise RefusedError(
            f"stale move: you asked about move {move}, the table is at move {table.move}"
        )
    state = table.state
    if state.is_over:
        raise RefusedError("the game is over")
    if table.waiting:
        raise RefusedError("the game has not begun: a seat is still open")
    if state.current_player != seat:
        raise RefusedError("a hint is for the seat that decides now, and that is not yours")
    found = _hints.get(table)
    if found is None or found[:2] != (move, seat):
        # One computation per decision, however many times or from however many tabs asked.
        # The playouts play each seat as the table has it (public: the seats and bot levels).
        levels = seat_levels([info.bot for info in table.info.seats])
        work = asyncio.ensure_future(hub.pool.run(advise, table.info.record(), None, levels))
        found = _hints[table] = (move, seat, work)
    task = asyncio.create_task(_answer(hub, table, client, move, found[2]))
    _answering.add(task)
    task.add_done_callback(_answering.discard)
    return None


async def _answer(
    hub: Hub, table: Table, client: Client, move: int, work: asyncio.Future[Chances]
) -> None:
    try:
        chances = await asyncio.shield(work)
    except Exception as error:  # a worker died, or the analysis failed: asking again retries
        log.warning("a hint at table %s failed: %r", table.id, error)
        if table in _hints and _hints[table][2] is work:
            del _hints[table]
        message: dict[str, Any] = {
            "type": "error",
            "message": f"no hint this time ({error!r}); ask again in a moment",
        }
    else:
        actions = [entry.to_json() for entry in chances]
        message = {"type": "hint", "move": move, "actions": actions}
    await hub.send(table, client, message)


async def back(hub: Hub, table: Table, client: Client, message: Back) -> Reply:
    """``{"type": "back"}``: the person whose time ran out takes the seat back from the bot,
    at once, with at least ``clocks.BACK_SECONDS``; every connection gets its state again."""
    seat = _holder(client, "come back")
    await hub.back(table, seat)
    return None


# Every message type's handler (``inbound.KINDS``, one each).
HANDLERS: dict[str, Handler] = {
    "act": act,
    "ping": ping,
    "name": rename,
    "settings": settings,
    "chat": chat,
    "hint": hint,
    "back": back,
}
