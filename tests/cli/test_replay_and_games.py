"""``parlour replay`` of saved games and bad files, and ``parlour games``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import parlour
from parlour.cli.replay import KEYS

from .conftest import Invoke, final_scores


@pytest.fixture
def saved(invoke: Invoke, tmp_path: Path) -> Path:
    """A finished 4-player Fearless game saved by ``parlour play --watch``."""
    result = invoke("play fearless --watch --delay 0 --seed 5 --save saved.json")
    assert result.exit_code == 0, result.output
    return tmp_path / "saved.json"


def test_replay_prints_every_action_and_the_final_table(invoke: Invoke, saved: Path) -> None:
    record = json.loads(saved.read_text())
    total = len(record["actions"])
    result = invoke(f"replay {saved} --no-step")
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Fearless, 4 players, seed 5, {total} actions, seen by a spectator" in out
    assert f"1/{total}: Player 0" in out and f"{total}/{total}: Player" in out
    assert "Your hand" not in out  # the spectator sees no hand
    assert final_scores(out) == parlour.replay(record).scores()


def test_replay_for_a_seat_shows_its_hand_and_only_its_own_action_texts(
    invoke: Invoke, saved: Path
) -> None:
    record = json.loads(saved.read_text())
    result = invoke(f"replay {saved} --seat 2 --no-step")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seen by Player 2" in out and "Player 2 (you)" in out and "Your hand:" in out
    state = parlour.replay(record, upto=0)
    for number, text in enumerate(record["actions"], 1):
        mover = state.current_player
        heading = f"{number}/{len(record['actions'])}: Player {mover}"
        assert (f"{heading}: {text} " in out) == (mover == 2), heading
        state.apply(text)


def test_replay_steps_on_enter_and_stops_on_q(invoke: Invoke, saved: Path) -> None:
    total = len(json.loads(saved.read_text())["actions"])
    result = invoke(f"replay {saved} --step", input="\n\nq\n")
    assert result.exit_code == 0, result.output
    assert f"2/{total}:" in result.output and f"3/{total}:" not in result.output
    assert result.output.count(KEYS) == 3


def test_replay_of_an_interrupted_game_ends_without_a_final_table(
    invoke: Invoke, tmp_path: Path
) -> None:
    invoke("play fearless --seed 7 --delay 0 --save cut.json", input="1\n")
    result = invoke("replay cut.json --no-step --seat 0")
    assert result.exit_code == 0, result.output
    assert "final scores" not in result.output


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("not json", "error: the record is not valid JSON"),
        ('{"game": "fearless"}', "error: the record has no 'players' field"),
        (
            '{"game": "fearless", "players": 4, "seed": 1, "actions": ["play purple+9"]}',
            "error: action 1 of the record, 'play purple+9', cannot be played",
        ),
        ('{"game": "chess", "players": 2, "seed": 1, "actions": []}', "error: there is no game"),
    ],
)
def test_replay_of_a_bad_file_is_one_error_line(
    invoke: Invoke, tmp_path: Path, content: str, message: str
) -> None:
    (tmp_path / "bad.json").write_text(content)
    result = invoke("replay bad.json")
    assert result.exit_code == 1
    lines = result.stderr.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith(message), result.stderr
    assert result.stdout == ""


def test_replay_of_a_missing_file_or_a_bad_seat_is_one_error_line(
    invoke: Invoke, saved: Path
) -> None:
    for args, message in [
        ("replay missing.json", "error: cannot read the record 'missing.json'"),
        (f"replay {saved} --seat 4", "error: --seat must be a seat from 0 to 3, not 4"),
    ]:
        result = invoke(args)
        assert result.exit_code == 1
        assert result.stderr.strip().splitlines() == [result.stderr.strip()]
        assert result.stderr.startswith(message), result.stderr


def test_games_lists_every_game_with_players_and_options(invoke: Invoke) -> None:
    result = invoke("games")
    assert result.exit_code == 0, result.output
    for name in parlour.game_names():
        game = parlour.load(name)
        assert name in result.output and game.title in result.output
        assert f"{game.min_players}-{game.max_players}" in result.output
        for option in game.options:
            assert option in result.output


def test_no_command_shows_the_commands(invoke: Invoke) -> None:
    result = invoke([])
    for command in ("games", "play", "replay"):
        assert command in result.output
