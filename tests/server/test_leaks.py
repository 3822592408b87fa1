"""Every message a seat (or a spectator) receives over whole games shows nothing hidden from it."""

from __future__ import annotations

import re
from typing import Any

import pytest
from fastapi.testclient import TestClient

import parlour
from parlour.core import State
from parlour.server import people
from parlour.server.hub import hash_token
from parlour.server.people import sentence_names

from .conftest import create, next_state, play_out, smallest


def leaves(value: Any) -> set[str]:
    """Every string inside a JSON value."""
    if isinstance(value, str):
        return {value}
    if isinstance(value, dict):
        return set().union(*(leaves(v) for v in value.values())) if value else set()
    if isinstance(value, list):
        return set().union(*(leaves(v) for v in value)) if value else set()
    return set()


def secrets_by_seat(state: State, seat: int | None) -> dict[int, set[str]]:
    """What each other seat knows now that ``seat`` does not: strings in its view, not in
    ``seat``'s."""
    known = leaves(state.view(seat))
    return {
        other: leaves(state.view(other)) - known for other in range(state.players) if other != seat
    }


def spoken(secret: str) -> set[str]:
    """How a card slug may read in a sentence: "haunted-city" as "haunted city", "blue+3" as
    "blue +3"."""
    return {secret, secret.replace("-", " "), re.sub(r"([a-z])([+-]\d)", r"\1 \2", secret)}


def expected_view(state: State, seat: int | None, names: list[str | None]) -> dict[str, Any]:
    """The view the server sends ``seat``: the seat's own, with the table's names and, for a
    seat, its auto_pass setting (on: at a lone pass the view says the server is passing)."""
    view = {**state.view(seat), "names": names}
    if "legal_actions" in view:
        words = sentence_names(names)
        view["labels"] = {a.text: state.label(a, words) for a in state.legal_actions()}
    if seat is not None:
        view["auto_pass"] = True
        if view.get("legal_actions") == ["pass"]:
            view["passing"] = True
    return view


def check(messages: list[dict[str, Any]], record: dict[str, Any], seat: int | None) -> int:
    """Check every message sent to ``seat`` against the record; the number of states seen."""
    state = parlour.replay({**record, "actions": []})
    before = secrets_by_seat(state, seat)
    # The events not yet sent, gathered from each action (``state.log`` rebuilds the whole
    # log: read at every message of a game of 2,500 moves, it took a third of the check).
    unsent = state.log
    seen_events = 0
    states = 0
    for message in messages:
        if message["type"] != "state":
            # Table notices carry seats, status and scores: no action text, no card; nobody
            # chats here.
            assert message["type"] in ("table", "chat_log")
            assert not leaves(message) & set(record["actions"])
            continue
        states += 1
        move = message["view"]["move"]
        for text in record["actions"][state.move_number : move]:
            unsent += state.apply(text)
        # The view is exactly the seat's own view, and the events exactly its redacted log,
        # their sentences naming the seats as the table does (bots by their level).
        names = message["view"]["names"]
        assert message["view"] == expected_view(state, seat, names)
        labels = sentence_names(names)
        assert message["log_from"] == seen_events
        assert message["events"] == [
            {**e.to_dict(seat), "text": e.for_seat(seat).render(labels)} for e in unsent
        ]
        # What an event shows everyone is public by its declaration, which the contract's
        # leak test proves against a determinization; here a card named publicly (a card
        # revealed from a deck) may later sit, reshuffled, in another hand.
        public = [leaves(e.to_dict(None)) for e in unsent]
        seen_events += len(unsent)
        unsent = []
        # Belt and braces: nothing that only other seats know appears in the view. Events
        # are checked for what a third seat (not the one receiving, not one the event is
        # about) knew alone both before and after them: an event may show an actor's card
        # (a card played), and a new deal may hide the same card name again elsewhere.
        after = secrets_by_seat(state, seat)
        assert not leaves(message["view"]) & set().union(*after.values()), (move, seat)
        for event, shown in zip(message["events"], public, strict=True):
            # Every seat a sentence names, by the words it names it with ("Player 1": seat 0).
            named = {event.get("seat")} | {
                s for s, label in enumerate(labels) if label in event["text"]
            }
            held = set().union(*(after[s] & before[s] for s in after if s not in named), set())
            held -= shown
            assert not leaves(event) & held, (event, seat)
            sentence = event["text"].lower()
            for secret in held:
                if re.fullmatch(r"[a-z]+[a-z0-9+-]*", secret) and len(secret) > 3:
                    assert not any(
                        re.search(rf"\b{re.escape(s)}(?![\w+-])", sentence) for s in spoken(secret)
                    ), (secret, event, seat)
        before = after
    assert seen_events == len(state.log)
    return states


@pytest.mark.slow
@pytest.mark.parametrize("game", parlour.game_names())
def test_no_message_shows_a_seat_or_a_spectator_anything_hidden(
    client: TestClient, monkeypatch: pytest.MonkeyPatch, game: str
) -> None:
    # The server passes for seat 0 (auto_pass) without its pause of 0.6 s: a random Fool's
    # Blade game holds some 450 of seat 0's lone passes, four and a half minutes of waiting.
    monkeypatch.setattr(people, "AUTO_PASS_DELAY", 0.0)
    chosen = parlour.load(game)
    players = min(smallest(game) + 1, chosen.max_players)
    answer = create(client, game, players, dict.fromkeys(range(1, players), "random"), seed=21)
    table, token = answer["table"], answer["seats"][0]["token"]
    mine: list[dict[str, Any]] = []
    watched: list[dict[str, Any]] = []
    with (
        client.websocket_connect(f"/ws/{table}") as spectator,
        client.websocket_connect(f"/ws/{table}?token={token}") as ws,
    ):
        play_out(ws, seed=3, log=mine)
        # The spectator heard the same game; its messages are queued until read.
        while True:
            last = next_state(spectator, watched)
            if last["view"]["is_over"]:
                break
    record = client.get(f"/api/tables/{table}/record").json()
    assert mine[-1]["view"]["is_over"]
    # No message carries a seat's token or what the database keeps of it.
    keys = {token, hash_token(token)}
    assert not any(keys & leaves(message) for message in mine + watched)
    assert check(mine, record, 0) > len(record["actions"]) // players
    assert check(watched, record, None) > len(record["actions"]) // players
