"""An agent at a server's table: a seat token, the WebSocket protocol, the agent's moves.

The agent sees exactly what the seat's browser page would (the view and the events as the
server sends them to that seat) and acts through the same ``act`` messages.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any
from urllib.parse import parse_qs, urlsplit, urlunsplit

from websockets.exceptions import ConnectionClosed, InvalidURI, WebSocketException
from websockets.sync.client import connect

from .player import AgentBot
from .protocol import AgentError

__all__ = ["join", "socket_url"]

# Refusals in a row (a stale move, a lost race) after which joining gives up.
MAX_REFUSALS = 5
SCHEMES = {"http": "ws", "https": "wss", "ws": "ws", "wss": "wss"}


def socket_url(url: str, token: str | None) -> str:
    """The WebSocket URL of a seat from a table's or seat's page URL (``/table/ID``, the
    token in ``#...&token=T`` or given) or a ``ws://`` URL; ``AgentError`` if it names none."""
    parts = urlsplit(url.strip())
    scheme = SCHEMES.get(parts.scheme.lower())
    segments = [s for s in parts.path.split("/") if s]
    if (
        scheme is None
        or not parts.netloc
        or len(segments) < 2
        or segments[-2] not in ("table", "ws")
    ):
        raise AgentError(
            f"{url!r} is no table's address: give the seat's link, such as "
            "http://127.0.0.1:8000/table/ID#seat=0&token=T, or the table's with --token"
        )
    found = token
    for text in (parts.fragment, parts.query):
        found = found or next(iter(parse_qs(text).get("token", [])), None)
    if not found:
        raise AgentError("say which seat to take: --token T, or a seat link with its token")
    path = "/".join([*segments[:-2], "ws", segments[-1]])
    return urlunsplit((scheme, parts.netloc, "/" + path, f"token={found}", ""))


def join(
    url: str,
    token: str | None,
    bot: AgentBot,
    on_message: Callable[[Mapping[str, Any]], None] | None = None,
    open_timeout: float = 10.0,
) -> dict[str, Any]:
    """Play the seat at ``url`` with ``bot`` until the game ends; the final view.

    ``on_message`` sees every message the server sends (to show the play). ``AgentError``
    when the table cannot be reached, the token opens no seat, or the connection drops.
    """
    address = socket_url(url, token)
    shown = address.split("?", 1)[0]
    try:
        with connect(address, open_timeout=open_timeout, max_size=2**24) as socket:
            return _play(socket, bot, on_message)
    except (OSError, TimeoutError, InvalidURI) as error:
        raise AgentError(f"cannot reach the table at {shown}: {error}") from None
    except ConnectionClosed as error:
        raise AgentError(f"the server closed the connection to {shown}: {error}") from None
    except WebSocketException as error:
        raise AgentError(f"the connection to {shown} failed: {error}") from None


def _play(
    socket: Any, bot: AgentBot, on_message: Callable[[Mapping[str, Any]], None] | None
) -> dict[str, Any]:
    """The message loop: decide on each view where the seat is to move, until the end."""
    last: dict[str, Any] | None = None
    acted_on: int | None = None
    refusals = 0
    while True:
        try:
            message = json.loads(socket.recv())
        except (json.JSONDecodeError, UnicodeDecodeError):
            continue  # not a message of the protocol: nothing to act on
        if not isinstance(message, dict):
            continue
        if on_message is not None:
            on_message(message)
        kind = message.get("type")
        if kind == "error":
            if last is None:
                raise AgentError(f"the server refused the seat: {message.get('message')}")
            refusals += 1
            if refusals >= MAX_REFUSALS:
                raise AgentError(
                    f"the server refused {refusals} moves in a row: {message.get('message')}"
                )
            acted_on = None  # decide again on the latest view, if it is still ours
        elif kind == "state":
            view = dict(message["view"])
            if last is None or view["move"] != last["move"]:
                refusals = 0
            last = view
        else:
            continue
        assert last is not None
        if last.get("is_over"):
            return last
        # A view without legal actions on the seat's turn is one the server passes for.
        mine = (
            last.get("seat") is not None
            and last.get("current_player") == last.get("seat")
            and bool(last.get("legal_actions"))
        )
        if mine and acted_on != last["move"]:
            action = bot.decide(last)
            acted_on = last["move"]
            socket.send(json.dumps({"type": "act", "action": action, "move": acted_on}))
