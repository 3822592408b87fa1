"""Every message one seat receives over whole games shows nothing hidden from that seat."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour

from .conftest import create, play_out, smallest


def leaves(value: Any) -> set[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return set()


def secrets_of_others(state: parlour.core.State, seat: int) -> set[str]:
    """What other seats know now that ``seat`` does not: strings in their views, not in its."""
    known = leaves(state.view(seat))
    hidden: set[str] = set()
    for other in range(state.players):
        if other != seat:
            hidden |= leaves(state.view(other)) - known
    return hidden


def spoken(secret: str) -> set[str]:
    """How a card slug may read in a sentence: "haunted-city" as "haunted city", "blue+3" as
    "blue +3"."""
    return {secret, secret.replace("-", " "), re.sub(r"([a-z])([+-]\d)", r"\1 \2", secret)}


@pytest.mark.slow
@pytest.mark.parametrize("game", parlour.game_names())
def test_no_message_to_a_seat_shows_another_seats_hidden_cards(
    client: TestClient, game: str
) -> None:
    players = (
        smallest(game) + 1 if smallest(game) < parlour.load(game).max_players else smallest(game)
    )
    bots = dict.fromkeys(range(1, players), "random")
    answer = create(client, game, players, bots, seed=21)
    table, token = answer["table"], answer["seats"][0]["token"]
    messages: list[dict[str, Any]] = []
    with client.websocket_connect(f"/ws/{table}?token={token}") as ws:
        play_out(ws, seed=3, log=messages)
    record = client.get(f"/api/tables/{table}/record").json()
    states = [m for m in messages if m["type"] == "state"]
    assert states[-1]["view"]["is_over"]
    seen_events = 0
    before = parlour.replay(record, upto=0)
    for message in messages:
        if message["type"] != "state":
            # Table notices carry seats, status and scores: public at every table.
            assert not leaves(message) & {a for a in record["actions"] if " " in a}
            continue
        move = message["view"]["move"]
        state = parlour.replay(record, upto=move)
        # The view is exactly the seat's own view, and the events exactly its redacted log.
        assert message["view"] == state.view(0)
        log = state.log
        assert message["events"] == [e.to_dict(0) for e in log[seen_events:]]
        seen_events = len(log)
        # Belt and braces: no string that only other seats know appears anywhere in it,
        # neither as a value nor inside an event's sentence.
        # Belt and braces: nothing that only other seats know appears in the message, as a
        # value or inside a sentence. Events about seat 0's own moves may name cards it held
        # and no longer shows, and an event may name what was public when it happened and
        # is hidden again now (a character revealed last round, held again this round); so
        # events about others are checked against what stayed hidden across the message.
        secrets = secrets_of_others(state, 0)
        assert not leaves(message["view"]) & secrets, (move, game)
        held = secrets & secrets_of_others(before, 0)
        before = state
        others = [
            e
            for e in message["events"]
            if e.get("seat") != 0 and not e["text"].startswith("Player 0 ")
        ]
        assert not leaves(others) & held, (move, game)
        sentences = " ".join(e["text"].lower() for e in others)
        for secret in held:
            if re.fullmatch(r"[a-z]+[a-z0-9+-]*", secret) and len(secret) > 3:
                assert not any(
                    re.search(rf"\b{re.escape(s)}(?![\w+-])", sentences) for s in spoken(secret)
                ), (secret, move, game)
        text = json.dumps(message)
        assert '"hand":' not in text or message["view"].get("hand") == state.view(0).get("hand")
