"""The WebSocket messages a client sends, parsed once into one union: each bad message is
refused with the sentence that says what to send, and every type has one handler."""

from __future__ import annotations

import json
from typing import Any

import pytest

from parlour.server import people
from parlour.server.hub import RefusedError
from parlour.server.inbound import KINDS, MAX_MESSAGE, Act, Chat, Hint, Ping, Rename, parse
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
