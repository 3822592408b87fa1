"""``parlour replay`` of saved games and bad files, and ``parlour games``."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import parlour
from parlour import GameError
from parlour.cli.replay import KEYS, target

from .conftest import Invoke, final_scores


@pytest.fixture
def saved(invoke: Invoke, tmp_path: Path) -> Path:
    """A finished 4-player Fearless game of random bots saved by ``parlour play --watch``."""
    result = invoke("play fearless --watch --delay 0 --seed 5 --bots random --save saved.json")
    assert result.exit_code == 0, result.output
    return tmp_path / "saved.json"


def test_replay_prints_every_action_and_the_final_table(invoke: Invoke, saved: Path) -> None:
    record = json.loads(saved.read_text())
    total = len(record["actions"])
    result = invoke(f"replay {saved} --no-step")
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"Fearless, 4 players, seed 5, {total} actions, seen by a spectator" in out
    assert f"1/{total}: Player 1" in out and f"{total}/{total}: Player" in out
    assert "Your hand" not in out  # the spectator sees no hand
    assert final_scores(out) == parlour.replay(record).scores()


def test_replay_for_a_seat_shows_its_hand_and_only_its_own_action_texts(
    invoke: Invoke, saved: Path
) -> None:
    record = json.loads(saved.read_text())
    result = invoke(f"replay {saved} --seat 2 --no-step")
    assert result.exit_code == 0, result.output
    out = result.output
    assert "seen by Player 3" in out and "Player 3 (you)" in out and "Your hand:" in out
    state = parlour.replay(record, upto=0)
    for number, text in enumerate(record["actions"], 1):
        mover = state.current_player
        heading = f"{number}/{len(record['actions'])}: Player {mover + 1}"
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


def test_replay_goes_back_and_jumps_to_a_move_a_round_and_a_trick(
    invoke: Invoke, saved: Path
) -> None:
    total = len(json.loads(saved.read_text())["actions"])
    keys = ["", "", "b", "m 10", "r 2", "t 3", "7", "r 9", "x", "q"]
    result = invoke(f"replay {saved} --step --no-hands", input="\n".join(keys) + "\n")
    assert result.exit_code == 0, result.output
    out = result.output
    assert f"2/{total}: Player" in out
    assert f"at move 1/{total}" in out  # b: back one action
    assert f"at move 10/{total}" in out
    assert f"at move 52/{total}" in out  # round 2 starts after 13 tricks of 4 cards
    assert f"at move 60/{total}" in out  # trick 3 of round 2: two tricks later
    assert f"at move 7/{total}" in out
    assert "there is no round 9 in this game" in out
    assert "'x' is not a replay key" in out
    assert "round 2 of 4 · trick 3 of 13" in out
    assert "Every hand:" not in out


def test_replay_target_reads_each_key() -> None:
    marks = [(1, 1), (1, 1), (1, 2), (2, 1), (2, 2), (2, 2)]
    assert target("b", 3, marks) == 2
    assert target("4", 0, marks) == 4 == target("m 4", 0, marks)
    assert target("r 2", 0, marks) == 3
    assert target("t 2", 5, marks) == 4 and target("t 2", 0, marks) == 2
    for entry, position, why in [
        ("b", 0, "this is the start"),
        ("m 6", 0, "there is no move 6; the game has 5"),
        ("t 3", 0, "there is no trick 3 in round 1"),
        ("r", 0, "'r' is not a replay key"),
    ]:
        with pytest.raises(GameError, match=why):
            target(entry, position, marks)
    with pytest.raises(GameError, match="no tricks"):
        target("t 1", 0, [(1, None), (1, None)])


def test_a_finished_game_shows_every_hand(invoke: Invoke, saved: Path) -> None:
    record = json.loads(saved.read_text())
    result = invoke(f"replay {saved} --no-step")
    assert result.exit_code == 0, result.output
    first = result.output[: result.output.index(f"1/{len(record['actions'])}:")]
    assert "Every hand:" in first
    start = parlour.replay(record, upto=0)
    for seat in range(4):
        assert f"Player {seat + 1}:" in first
        hand = start.view(seat)["hand"]
        blues = sorted((int(c[4:]) for c in hand if c.startswith("blue")), reverse=True)
        assert f"blue  {' '.join(f'{v:+d}' for v in blues)}" in first
    stepped = invoke(f"replay {saved} --step --seat 1", input="h\nh\nq\n")
    assert stepped.output.count("Every hand:") == 1  # h shows them, h again hides them


def test_an_unfinished_game_keeps_other_hands_hidden(invoke: Invoke, tmp_path: Path) -> None:
    invoke("play fearless --seed 7 --delay 0 --save cut.json", input="1\n")
    result = invoke("replay cut.json --step --hands", input="h\nq\n")
    assert "Every hand:" not in result.output
    assert "The game is not over, so the other hands stay hidden." in result.output
