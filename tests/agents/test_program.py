"""Programs as players: JSON lines, retries told why, the fallback, time limits, crashes."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import parlour
from parlour import bots
from parlour.agents.player import AgentBot
from parlour.agents.protocol import AgentError
from parlour.core import State

from .conftest import Spawned


def play_out(state: State, seats: list[bots.Bot]) -> None:
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        state.apply(seats[seat].choose(state))


def lines(path: Path) -> list[dict[str, object]]:
    return [json.loads(line) for line in path.read_text().splitlines()]


def test_a_scripted_program_plays_a_whole_game_and_every_exchange_is_recorded(
    agent_command: Callable[..., str], tmp_path: Path, spawned: Spawned
) -> None:
    transcript = tmp_path / "t.jsonl"
    agent = bots.make(f"cmd:transcript={transcript}:{agent_command('scripted')}", seed=1)
    state = parlour.load("fearless").new_game(3, seed=4)
    play_out(state, [agent, bots.make("random", seed=2), bots.make("random", seed=3)])
    entries = lines(transcript)
    # 3 rounds of 13 tricks: 39 decisions of this seat, each answered legally at once.
    assert [e["outcome"] for e in entries] == ["played"] * 39
    first = entries[0]
    sent = first["sent"]
    assert isinstance(sent, dict)
    assert set(sent) == {"view", "legal_actions", "prompt"}
    # It answers the number of the last legal action, which the reader turns into its text.
    assert first["answer"] == json.dumps({"action": len(sent["legal_actions"])})
    assert first["action"] == sent["legal_actions"][-1]
    bots.release(agent)
    assert len(spawned) == 1 and spawned.left() == []


def test_bad_answers_are_retried_each_told_why_then_a_near_miss_is_taken(
    agent_command: Callable[..., str], tmp_path: Path, spawned: Spawned
) -> None:
    told, transcript = tmp_path / "told.jsonl", tmp_path / "t.jsonl"
    agent = bots.make(
        f"cmd:retries=2:transcript={transcript}:{agent_command('bad', str(told))}", seed=1
    )
    state = parlour.load("citadels").new_game(3, seed=1)
    action = agent.choose(state)
    assert action == state.legal_actions()[0]
    errors = [json.loads(line) for line in told.read_text().splitlines()]
    assert errors[0] is None
    assert "choose a character to keep" in errors[1]  # the game's own reason
    assert "is not JSON with an action" in errors[2]
    assert [e["outcome"] for e in lines(transcript)] == ["refused", "refused", "played"]
    # Refusals do not restart the program: one run answered all three.
    bots.release(agent)
    assert len(spawned) == 1 and spawned.left() == []


def test_after_the_last_retry_the_fallback_move_is_played_and_recorded(
    agent_command: Callable[..., str], tmp_path: Path, spawned: Spawned
) -> None:
    transcript = tmp_path / "t.jsonl"
    agent = bots.make(
        f"cmd:retries=1:fallback=first:transcript={transcript}:{agent_command('wrong')}", seed=1
    )
    assert isinstance(agent, AgentBot)
    state = parlour.load("foolsblade").new_game(2, seed=1)
    assert agent.choose(state) == state.legal_actions()[0]
    entries = lines(transcript)
    assert [e["outcome"] for e in entries] == ["refused", "refused", "fallback"]
    assert entries[-1]["fallback"] == "first"
    assert entries[-1]["action"] == state.legal_actions()[0].text
    assert entries[-1]["error"] == "no legal answer in 2 attempts"
    assert agent.fallbacks == 1
    bots.release(agent)
    assert len(spawned) == 1 and spawned.left() == []


def test_a_hanging_program_is_stopped_at_the_time_limit_and_the_fallback_plays(
    agent_command: Callable[..., str], tmp_path: Path, spawned: Spawned
) -> None:
    transcript = tmp_path / "t.jsonl"
    agent = bots.make(f"cmd:timeout=0.5:transcript={transcript}:{agent_command('hanging')}")
    state = parlour.load("fearless").new_game(3, seed=1)
    assert agent.choose(state) in state.legal_actions()
    entries = lines(transcript)
    assert [e["outcome"] for e in entries] == ["timeout", "fallback"]
    assert entries[0]["error"] == "no answer within 0.5 s"
    # The hung program was killed and reaped at once, not left for later.
    assert len(spawned) == 1 and spawned.left() == []
    bots.release(agent)


def test_a_crashing_program_is_a_clear_error_quoting_its_stderr(
    agent_command: Callable[..., str], tmp_path: Path, spawned: Spawned
) -> None:
    transcript = tmp_path / "t.jsonl"
    agent = bots.make(f"cmd:transcript={transcript}:{agent_command('crashing')}")
    state = parlour.load("fearless").new_game(3, seed=1)
    with pytest.raises(AgentError) as error:
        agent.choose(state)
    message = str(error.value)
    assert "exited with code 3 before answering" in message
    assert message.endswith("its last error output:\nagent: out of ideas")
    (entry,) = lines(transcript)
    assert entry["outcome"] == "failed" and entry["error"] == message
    assert len(spawned) == 1 and spawned.left() == []


def test_a_program_that_cannot_start_and_bad_specs_are_refused_in_one_sentence() -> None:
    state = parlour.load("fearless").new_game(3, seed=1)
    with pytest.raises(AgentError, match="cannot start the agent program 'no-such-agent-x'"):
        bots.make("cmd:no-such-agent-x").choose(state)
    with pytest.raises(parlour.GameError, match="say which program to run"):
        bots.make("cmd:")
    with pytest.raises(parlour.GameError, match="timeout must be a number"):
        bots.make("cmd:timeout=soon:python agent.py")
    with pytest.raises(parlour.GameError, match="needs base= and model="):
        bots.make("llm:model=x")
