"""The WebSocket messages a client sends, parsed once into one union: each bad message is
refused with the sentence that says what to send, and every type has one handler."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from pydantic import ValidationError

from parlour.server import people
from parlour.server.hub import RefusedError
from parlour.server.inbound import (
    _INBOUND,
    KINDS,
    MAX_MESSAGE,
    Act,
    Chat,
    Hint,
    Ping,
    Rename,
    parse,
)
from parlour.server.messages import HANDLERS


def _refusal(raw: str) -> str:
    with pytest.raises(RefusedError) as refused:
        parse(raw)
    return str(refused.value)


def _people_refusal(check: Any, value: Any) -> str:
    """The sentence ``people``'s ``check`` refuses ``value`` with."""
    with pytest.raises(ValueError) as refused:
        check(value)
    return str(refused.value)


def test_every_message_type_has_one_handler() -> None:
    assert sorted(HANDLERS) == sorted(KINDS)
    assert len(KINDS) == len(set(KINDS))


def test_good_messages_parse_into_their_types_with_their_fields_as_kept() -> None:
    act = parse(json.dumps({"type": "act", "action": " play 3 ", "move": 4, "extra": 1}))
    assert isinstance(act, Act) and (act.action, act.move) == (" play 3 ", 4) and act.MOVES
    assert isinstance(parse('{"type": "ping"}'), Ping)
    name = parse('{"type": "name", "name": "  Ana "}')
    assert isinstance(name, Rename) and name.name == "Ana" and not name.MOVES
    chat = parse('{"type": "chat", "text": " hi "}')
    assert isinstance(chat, Chat) and chat.text == "hi"
    hint = parse('{"type": "hint", "move": 0}')
    assert isinstance(hint, Hint) and hint.move == 0


@pytest.mark.parametrize(
    ("message", "sentence"),
    [
        ("not json", "a message must be JSON"),
        ("[1]", "a message must be a JSON object"),
        ('"act"', "a message must be a JSON object"),
        ({"type": "act"}, 'an "act" message needs "action": the text of a legal action'),
        (
            {"type": "act", "action": "  ", "move": 0},
            'an "act" message needs "action": the text of a legal action',
        ),
        (
            {"type": "act", "action": 5, "move": 0},
            'an "act" message needs "action": the text of a legal action',
        ),
        (
            {"type": "act", "action": "pass"},
            'an "act" message needs "move": the "move" of the view you act on',
        ),
        (
            {"type": "act", "action": "pass", "move": True},
            'an "act" message needs "move": the "move" of the view you act on',
        ),
        (
            {"type": "act", "action": "pass", "move": 1.0},
            'an "act" message needs "move": the "move" of the view you act on',
        ),
        ({"type": "settings"}, 'a "settings" message needs "auto_pass": true or false'),
        (
            {"type": "settings", "auto_pass": "yes"},
            'a "settings" message needs "auto_pass": true or false',
        ),
        (
            {"type": "hint", "move": False},
            'a "hint" message needs "move": the "move" of the view you ask about',
        ),
        ({"type": "hint"}, 'a "hint" message needs "move": the "move" of the view you ask about'),
    ],
)
def test_a_bad_message_is_refused_with_what_to_send(message: Any, sentence: str) -> None:
    raw = message if isinstance(message, str) else json.dumps(message)
    assert _refusal(raw) == sentence


@pytest.mark.parametrize("value", [None, 5, "   ", "x" * (people.NAME_LIMIT + 1), "a\tb"])
def test_a_bad_name_is_refused_with_the_sentence_of_the_names_check(value: Any) -> None:
    expected = _people_refusal(people.check_name, value)
    assert _refusal(json.dumps({"type": "name", "name": value})) == expected


@pytest.mark.parametrize("value", [None, [], " \n ", "x" * (people.CHAT_LIMIT + 1)])
def test_a_bad_chat_line_is_refused_with_the_sentence_of_the_chat_check(value: Any) -> None:
    expected = _people_refusal(people.check_chat, value)
    assert _refusal(json.dumps({"type": "chat", "text": value})) == expected


@pytest.mark.parametrize("kind", [None, "dance", 5, ["act"], "ACT"])
def test_an_unknown_type_is_refused_with_every_type_named(kind: Any) -> None:
    message = {} if kind is None else {"type": kind}
    known = ", ".join(f'"{name}"' for name in KINDS)
    assert _refusal(json.dumps(message)) == f"unknown message type {kind!r}; send one of {known}"


def test_a_message_too_long_is_refused_before_it_is_read() -> None:
    raw = "x" * (MAX_MESSAGE + 1)  # not even JSON: its length is checked first
    assert _refusal(raw) == f"message too long ({len(raw)} characters; at most {MAX_MESSAGE})"


# Values of an "act" message's fields, good and bad, of every JSON kind.
_FIELD_VALUES = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(min_value=-(2**70), max_value=2**70),
    st.floats(allow_nan=False),
    st.text(max_size=12),
    st.lists(st.integers(), max_size=2),
)


@given(action=_FIELD_VALUES, move=_FIELD_VALUES, extra=st.booleans())
def test_an_act_message_parses_as_pydantics_union_parses_it(
    action: Any, move: Any, extra: bool
) -> None:
    # The common form is built without pydantic's validation: the same message, or the same
    # refusal, as the union's own parse gives.
    message = {"type": "act", "action": action, "move": move, **({"x": [1]} if extra else {})}
    try:
        expected: Any = _INBOUND.validate_python(message)
    except ValidationError as error:
        expected = error.errors()[0]["msg"]
    raw = json.dumps(message)
    try:
        got: Any = parse(raw)
    except RefusedError as refused:
        got = str(refused)
    assert got == expected
    if isinstance(got, Act):
        assert got.model_fields_set == expected.model_fields_set


@pytest.mark.parametrize(
    "raw",
    [
        '{"type": "act", "action": "pass", "move": NaN}',
        '{"type": "act", "action": "pass", "move": 1e400}',
        '{"type": "act", "action": "pass", "move": 123456789012345678901234567890}',
        '{"type": "act", "action": "\\ud800", "move": 1}',
        '{"type": "act", "type": "ping"}',
        '{"type": "act", "action": "pass", "move": 3}  ',
    ],
)
def test_a_message_is_read_as_the_standard_librarys_json_reads_it(raw: str) -> None:
    # Read by the standard library's json (orjson reads numbers beyond 64 bits as floats),
    # then the common form of "act" without pydantic: what pydantic makes of it all the same.
    data = json.loads(raw)
    try:
        expected: Any = _INBOUND.validate_python(data)
    except ValidationError as error:
        expected = error.errors()[0]["msg"]
    try:
        got: Any = parse(raw)
    except RefusedError as refused:
        got = str(refused)
    assert got == expected
