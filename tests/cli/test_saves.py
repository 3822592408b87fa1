"""Saving where it can be saved, before the game starts, and resuming a saved game."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import parlour
from parlour.cli.play import fallback_paths, save_somewhere

from .conftest import Invoke, final_scores


def test_a_save_path_that_cannot_be_written_stops_before_the_first_move(
    invoke: Invoke, tmp_path: Path
) -> None:
    (tmp_path / "plain").write_text("a file, not a folder")
    result = invoke("play fearless --watch --delay 0 --seed 1 --save plain/game.json")
    assert result.exit_code == 2
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1
    assert lines[0].startswith("error: cannot save the game to 'plain/game.json'")
    assert "choose another --save" in lines[0]
    assert "final scores" not in result.output and "leads" not in result.output


def test_the_save_exists_from_the_start(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("play fearless --bots random --seed 1 --save s.json", input="q\n")
    assert result.exit_code == 0, result.output
    assert json.loads((tmp_path / "s.json").read_text())["actions"] == []


def test_a_save_that_fails_late_goes_to_a_fallback_and_says_where(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    (tmp_path / "plain").write_text("a file, not a folder")
    state = parlour.load("fearless").new_game(4, seed=3)
    state.apply(state.legal_actions()[0])
    where, why = save_somewhere(state, tmp_path / "plain" / "g.json")
    assert where == fallback_paths(Path("g.json"))[0] == tmp_path / "home/.parlour/games/g.json"
    assert why is not None and why.startswith("cannot save the game to")
    assert json.loads(where.read_text()) == state.record()
    assert save_somewhere(state, tmp_path / "ok.json") == (tmp_path / "ok.json", None)


def test_resume_goes_on_from_the_saved_actions(invoke: Invoke, tmp_path: Path) -> None:
    first = invoke(
        "play fearless --bots random --seed 4 --delay 0 --save r.json", input="1\n1\nq\n"
    )
    assert first.exit_code == 0, first.output
    assert "go on with: parlour play --resume r.json" in first.output
    saved = json.loads((tmp_path / "r.json").read_text())["actions"]
    assert len(saved) > 2

    result = invoke("play --resume r.json --bots random --delay 0", input="1\n" * 60)
    assert result.exit_code == 0, result.output
    assert f"Resuming r.json after {len(saved)} actions" in result.output
    assert "Fearless, 4 players, seed 4" in result.output
    record = json.loads((tmp_path / "r.json").read_text())
    assert record["actions"][: len(saved)] == saved
    state = parlour.replay(record)
    assert state.is_over and final_scores(result.output) == state.scores()


def test_resume_refuses_a_finished_game_and_another_deal(invoke: Invoke, tmp_path: Path) -> None:
    invoke("play fearless --watch --delay 0 --seed 5 --save done.json")
    invoke("play fearless --bots random --seed 5 --save cut.json", input="q\n")
    for args, message in [
        ("play --resume done.json", "error: the game in 'done.json' is over"),
        ("play --resume cut.json --seed 6", "error: --seed 6 differs from the saved game"),
        ("play citadels --resume cut.json", "error: game citadels differs from the saved game"),
        ("play --resume missing.json", "error: cannot read the record 'missing.json'"),
        ("play", "error: say which game to play"),
    ]:
        result = invoke(args)
        assert result.exit_code == 2, args
        assert result.stderr.startswith(message), (args, result.stderr)
