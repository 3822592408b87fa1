"""A language model as a player, through a chat-completion stub on 127.0.0.1."""

from __future__ import annotations

import json
import threading
from collections.abc import Callable
from pathlib import Path

import pytest

import parlour
from parlour import bots
from parlour.agents.protocol import AgentError
from parlour.agents.stub import ChatStub, Reply


def last_legal(messages: list[dict[str, str]]) -> str:
    """Like a model that reasons aloud, then names the last legal action on its own line."""
    actions = [line for line in messages[1]["content"].splitlines() if line[:1].isdigit()]
    return f"<think>Let me see.</think>I will keep my options open.\nAction: {actions[-1]}"


def test_a_model_plays_a_whole_game_through_the_endpoint(
    chat_stub: Callable[[Reply], ChatStub], tmp_path: Path
) -> None:
    stub = chat_stub(last_legal)
    transcript = tmp_path / "llm.jsonl"
    model = bots.make(f"llm:base={stub.base}:model=stub-1:transcript={transcript}", seed=1)
    state = parlour.load("fearless").new_game(3, seed=2)
    seats = [model, bots.make("random", seed=1), bots.make("random", seed=2)]
    while not state.is_over:
        state.apply(seats[state.current_player or 0].choose(state))
    first = stub.requests[0]
    assert first["model"] == "stub-1" and first["temperature"] == 0.0
    system, user = first["messages"]
    assert system["role"] == "system" and parlour.agents.rules("fearless") in system["content"]
    assert user["content"].startswith("You are Player 1 at a 3-player game of Fearless")
    entries = [json.loads(line) for line in transcript.read_text().splitlines()]
    assert len(entries) == 39 and {e["outcome"] for e in entries} == {"played"}
    assert entries[0]["answer"].startswith("<think>")


def test_a_refused_reply_stays_in_the_conversation_with_the_reason(
    chat_stub: Callable[[Reply], ChatStub],
) -> None:
    def stubborn(messages: list[dict[str, str]]) -> str:
        return "I resign." if len(messages) == 2 else "2"

    stub = chat_stub(stubborn)
    model = bots.make(f"llm:base={stub.base}:model=m")
    state = parlour.load("citadels").new_game(2, seed=1)
    assert model.choose(state) == state.legal_actions()[1]
    retry = stub.requests[1]["messages"]
    assert [m["role"] for m in retry] == ["system", "user", "assistant", "user"]
    assert retry[2]["content"] == "I resign."
    assert retry[3]["content"].startswith("That was not accepted: the characters are being chosen")


def test_a_slow_endpoint_meets_the_time_limit_and_the_fallback_plays(
    chat_stub: Callable[[Reply], ChatStub], tmp_path: Path
) -> None:
    release = threading.Event()

    def slow(messages: list[dict[str, str]]) -> str:
        release.wait(5)
        return "1"

    stub = chat_stub(slow)
    transcript = tmp_path / "t.jsonl"
    model = bots.make(f"llm:base={stub.base}:model=m:timeout=0.3:transcript={transcript}")
    state = parlour.load("fearless").new_game(3, seed=1)
    try:
        assert model.choose(state) in state.legal_actions()
    finally:
        release.set()
    outcomes = [json.loads(line)["outcome"] for line in transcript.read_text().splitlines()]
    assert outcomes == ["timeout", "fallback"]


def test_an_endpoint_that_is_not_there_is_a_clear_error() -> None:
    # Port 9 on loopback (discard) is closed here: the connection is refused at once.
    model = bots.make("llm:base=http://127.0.0.1:9/v1:model=m")
    with pytest.raises(AgentError, match=r"cannot reach the chat endpoint http://127\.0\.0\.1:9"):
        model.choose(parlour.load("fearless").new_game(3, seed=1))


def test_the_stand_in_endpoint_answers_the_first_listed_action() -> None:
    stub = ChatStub()
    try:
        model = bots.make(f"llm:base={stub.base}:model=any")
        state = parlour.load("foolsblade").new_game(2, seed=3)
        assert model.choose(state) == state.legal_actions()[0]
    finally:
        stub.close()
