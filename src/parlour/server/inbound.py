"""The messages a connection sends on ``/ws/{id}`` (API.md, "Server protocol", and
"Added for people at the table"): one pydantic union on ``"type"``, parsed once.

A message is checked whole before anything is done with it: its length, JSON, that it is an
object, its type, then its fields in order; the first fault is refused with the sentence
that says what to send (``RefusedError``), and the handler of its type
(``messages.HANDLERS``) checks it against the table.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Annotated, Any, ClassVar, Literal, get_args

from pydantic import BaseModel, BeforeValidator, ConfigDict, Field, TypeAdapter, ValidationError
from pydantic_core import PydanticCustomError

from . import people
from .hub import RefusedError
from .schemas import REFUSED

__all__ = [
    "KINDS",
    "MAX_MESSAGE",
    "Act",
    "Back",
    "Chat",
    "Hint",
    "Inbound",
    "Ping",
    "Rename",
    "Settings",
    "parse",
]

# The largest WebSocket message the server reads: an act message is well under 1 KiB.
MAX_MESSAGE = 4096


def _refused_unless(holds: Callable[[Any], bool], sentence: str) -> BeforeValidator:
    """A field's check: its value if ``holds`` says so, else refused with ``sentence``."""

    def check(value: Any) -> Any:
        if not holds(value):
            # Without a context, the sentence is taken as it is: its braces are no placeholders.
            raise PydanticCustomError(REFUSED, sentence)
        return value

    return BeforeValidator(check)


def _checked_by(check: Callable[[Any], str]) -> BeforeValidator:
    """A field checked by one of ``people``'s checks: the value it keeps (trimmed), or
    refused with the check's own sentence."""

    def checked(value: Any) -> str:
        try:
            return check(value)
        except ValueError as error:
            raise PydanticCustomError(REFUSED, str(error)) from None

    return BeforeValidator(checked)


def _is_text(value: Any) -> bool:
    return isinstance(value, str) and bool(value.strip())


def _is_move(value: Any) -> bool:
    # JSON's true and false are Python ints too, and no move number.
    return isinstance(value, int) and not isinstance(value, bool)


class _Message(BaseModel):
    """A client message; fields it does not know are ignored. A field it lacks is checked
    as ``None`` (``validate_default``), so that it is refused with its own sentence."""

    model_config = ConfigDict(frozen=True)

    # Whether it makes a move: a move is not counted against the connection's message rate.
    MOVES: ClassVar[bool] = False


class Act(_Message):
    """``{"type": "act", "action": text, "move": n}``: the seat's move, acted on view ``n``."""

    MOVES: ClassVar[bool] = True

    type: Literal["act"]
    action: Annotated[
        str,
        _refused_unless(_is_text, 'an "act" message needs "action": the text of a legal action'),
    ] = Field(None, validate_default=True)
    move: Annotated[
        int,
        _refused_unless(
            _is_move, 'an "act" message needs "move": the "move" of the view you act on'
        ),
    ] = Field(None, validate_default=True)


class Ping(_Message):
    """``{"type": "ping"}``: answered ``{"type": "pong"}``."""

    type: Literal["ping"]


class Rename(_Message):
    """``{"type": "name", "name": text}``: the seat's holder names it (trimmed)."""

    type: Literal["name"]
    name: Annotated[str, _checked_by(people.check_name)] = Field(None, validate_default=True)


class Settings(_Message):
    """``{"type": "settings", "auto_pass": bool}``: whether the server passes for the seat."""

    type: Literal["settings"]
    auto_pass: Annotated[
        bool,
        _refused_unless(
            lambda value: isinstance(value, bool),
            'a "settings" message needs "auto_pass": true or false',
        ),
    ] = Field(None, validate_default=True)


class Chat(_Message):
    """``{"type": "chat", "text": text}``: a line of chat (trimmed)."""

    type: Literal["chat"]
    text: Annotated[str, _checked_by(people.check_chat)] = Field(None, validate_default=True)


class Hint(_Message):
    """``{"type": "hint", "move": n}``: the seat to act asks for hints at view ``n``."""

    type: Literal["hint"]
    move: Annotated[
        int,
        _refused_unless(
            _is_move, 'a "hint" message needs "move": the "move" of the view you ask about'
        ),
    ] = Field(None, validate_default=True)


class Back(_Message):
    """``{"type": "back"}``: the absent person takes the seat back from the bot."""

    type: Literal["back"]


# In the order the refusal of an unknown type names them.
_MESSAGES = (Act, Ping, Rename, Settings, Chat, Hint, Back)
Inbound = Annotated[
    Act | Ping | Rename | Settings | Chat | Hint | Back, Field(discriminator="type")
]
_INBOUND: TypeAdapter[Inbound] = TypeAdapter(Inbound)
# Every message type a client may send.
KINDS: tuple[str, ...] = tuple(
    get_args(kind.model_fields["type"].annotation)[0] for kind in _MESSAGES
)
# The errors of a message whose "type" is missing or none of ``KINDS``.
_UNKNOWN = {"union_tag_invalid", "union_tag_not_found"}


def parse(raw: str) -> Inbound:
    """The message a text frame holds; ``RefusedError`` says what is wrong with it."""
    if len(raw) > MAX_MESSAGE:
        raise RefusedError(f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})")
    try:
        data = json.loads(raw)
    except json.JSONDecodeError:
        raise RefusedError("a message must be JSON") from None
    if not isinstance(data, dict):
        raise RefusedError("a message must be a JSON object")
    if data.get("type") == "act":
        # Every move's message: when its fields pass their checks (``_is_text``,
        # ``_is_move``), it is built as pydantic would build it, without its validation.
        action, move = data.get("action"), data.get("move")
        if _is_text(action) and _is_move(move):
            return Act.model_construct(type="act", action=action, move=move)
    try:
        return _INBOUND.validate_python(data)
    except ValidationError as error:
        first = error.errors()[0]
        if first["type"] in _UNKNOWN:
            known = ", ".join(f'"{kind}"' for kind in KINDS)
            message = f"unknown message type {data.get('type')!r}; send one of {known}"
            raise RefusedError(message) from None
        raise RefusedError(first["msg"]) from None
