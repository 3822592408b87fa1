"""``parlour play``: a human against bots, watched games, saves, interruptions, bad input."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import parlour
from parlour import IllegalAction, bots
from parlour.cli.play import default_save_path, lineup
from parlour.core import State

from .conftest import Invoke, final_scores

SEED = 7


def bots_until_human(state: State, seed: int, human: int = 0) -> State:
    """Let the bots ``parlour play`` would seat for ``seed`` move until it is ``human``'s turn."""
    seats = lineup("random", state.players, human, seed)
    while state.current_player != human:
        bot = seats[state.current_player].bot
        assert bot is not None
        state.apply(bot.choose(state))
    return state


def load_record(path: Path) -> dict[str, object]:
    data = json.loads(path.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


def test_human_plays_a_whole_game_by_number_text_and_a_bad_entry(
    invoke: Invoke, tmp_path: Path
) -> None:
    # Work out the human's first two choices with the bots `parlour play` seats for SEED.
    state = parlour.load("fearless").new_game(4, seed=SEED)
    first = state.legal_actions()[-1].text
    state.apply(first)
    second = bots_until_human(state, SEED).legal_actions()[-1].text
    shorthand = second.split(" ", 1)[1]  # the card without the verb, "blue+2"
    entries = ["bogus", "0", first, shorthand, *["1"] * 50]
    result = invoke(
        f"play fearless --players 4 --seat 0 --bots random --seed {SEED} --delay 0 --save g.json",
        input="\n".join(entries) + "\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    # Each bad entry gets one line, the choices and the prompt again: 52 moves, 2 re-prompts.
    choices = r"(?: *\d+ [^\n]*\n)+"
    assert re.search(rf"Your move \(.*\): Not legal: 'bogus'[^\n]*\n{choices}Your move", out)
    assert re.search(rf"Not legal: there is no choice 0; choose 1 to 13\.\n{choices}Your move", out)
    assert out.count("Your move (") == 52 + 2
    assert "Player 1 (you) leads" in out and "Your hand:" in out
    assert "Fear after round 4 of 4" in out
    assert "Game saved to g.json" in out

    record = load_record(tmp_path / "g.json")
    assert parlour.replay(record).is_over
    assert final_scores(out) == parlour.replay(record).scores()
    # The human's moves: a text, a text without its verb, then always choice number 1.
    replayed = parlour.load("fearless").new_game(4, seed=SEED)
    human_moves = []
    for text in record["actions"]:
        if replayed.current_player == 0:
            human_moves.append((text, replayed.legal_actions()[0].text))
        replayed.apply(text)
    assert [text for text, _ in human_moves[:2]] == [first, second]
    assert all(text == choice_one for text, choice_one in human_moves[2:])
    assert len(human_moves) == 52


def human_turn_with_an_unplayable_card() -> tuple[int, str, str]:
    """A seed, a card in the human's hand that is not legal at their first turn, and why
    (seats named as people count them, from 1)."""
    names = [f"Player {seat + 1}" for seat in range(4)]
    for seed in range(100):
        game = parlour.load("fearless").new_game(4, seed=seed, first_leader=1)
        state = bots_until_human(game, seed)
        legal = {a.text for a in state.legal_actions()}
        for card in state.view(0)["hand"]:
            if f"play {card}" not in legal:
                with pytest.raises(IllegalAction) as error:
                    state.resolve(f"play {card}", names)
                return seed, card, error.value.why
    raise AssertionError("no deal in 100 seeds leaves the human a card they may not play")


def test_an_illegal_card_gets_the_games_reason_on_one_line(invoke: Invoke) -> None:
    seed, card, why = human_turn_with_an_unplayable_card()
    result = invoke(
        f"play fearless --bots random --seed {seed} --option first_leader=1 --delay 0",
        input=f"{card}\nq\n",
    )
    assert result.exit_code == 0, result.output
    prompts = [line for line in result.output.splitlines() if line.startswith("Your move")]
    assert len(prompts) == 2
    assert prompts[0].endswith(f"Not legal: {why}.")
    assert "Game stopped after" in result.output


def test_watched_game_runs_to_the_end_and_its_save_replays_to_the_same_scores(
    invoke: Invoke, tmp_path: Path
) -> None:
    result = invoke("play fearless --watch --delay 0 --seed 3 --save w.json")  # medium bots
    assert result.exit_code == 0, result.output
    assert "Your move" not in result.output
    assert "Your hand" not in result.output  # a spectator sees no hand
    assert (
        "Player 1: medium · Player 2: medium · Player 3: medium · Player 4: medium" in result.output
    )
    state = parlour.replay(load_record(tmp_path / "w.json"))
    assert state.is_over
    assert final_scores(result.output) == state.scores()


def test_the_same_seed_plays_the_same_watched_game(invoke: Invoke, tmp_path: Path) -> None:
    for name in ("a.json", "b.json"):
        result = invoke(f"play fearless --watch --delay 0 --seed 11 --save {name}")
        assert result.exit_code == 0, result.output
    assert load_record(tmp_path / "a.json") == load_record(tmp_path / "b.json")


def test_a_game_ended_by_end_of_input_is_saved_and_replays(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(f"play fearless --seed {SEED} --delay 0 --save cut.json", input="1\n1\n")
    assert result.exit_code == 1
    assert "Game stopped after" in result.output and "saved to cut.json" in result.output
    record = load_record(tmp_path / "cut.json")
    state = parlour.replay(record)
    assert not state.is_over
    assert state.current_player == 0  # stopped at the human's third prompt
    assert len(record["actions"]) > 2


def test_q_saves_and_quits(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(f"play fearless --seed {SEED} --save q.json", input="q\n")
    assert result.exit_code == 0
    assert "Game stopped after 0 actions; saved to q.json" in result.output
    assert load_record(tmp_path / "q.json")["actions"] == []


def test_default_seed_is_printed_and_default_save_path_is_under_games(
    invoke: Invoke, tmp_path: Path
) -> None:
    result = invoke("play fearless --watch --delay 0")
    assert result.exit_code == 0, result.output
    seed = int(re.search(r"seed (\d+) \(to deal this game again: --seed \1\)", result.output)[1])
    saved = list((tmp_path / "games").glob(f"fearless-*-seed{seed}.json"))
    assert len(saved) == 1
    assert f"Game saved to {Path('games') / saved[0].name}" in result.output
    assert load_record(saved[0])["seed"] == seed


def test_default_save_path_names_game_time_and_seed() -> None:
    path = default_save_path("fearless", 42, now=0.0)
    assert path.parent == Path("games")
    assert re.fullmatch(r"fearless-\d{8}-\d{6}-seed42\.json", path.name)


def test_a_bad_bot_name_is_a_one_line_error(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("play fearless --bots random,nobot,random --seed 1")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        f"error: there is no bot 'nobot'; the bots are: {', '.join(bots.names())}"
    ]
    assert not (tmp_path / "games").exists()


def test_bots_one_per_other_seat_set_the_table(invoke: Invoke) -> None:
    result = invoke(
        "play fearless --watch --bots random,random,random,random,random --delay 0 --seed 2"
    )
    assert result.exit_code == 0, result.output
    assert "Fearless, 5 players, seed 2" in result.output
    result = invoke(
        "play fearless --bots random,random --seat 1 --seed 2 --save three.json",
        input="q\n",
    )
    assert result.exit_code == 0, result.output
    assert "Player 1: random · Player 2: you · Player 3: random" in result.output


def test_bots_by_difficulty_level(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke("play fearless --bots medium,easy,random --seed 6 --delay 0", input="1\n")
    assert result.exit_code == 1  # input ended after one move
    assert "Player 1: you · Player 2: medium · Player 3: easy · Player 4: random" in result.output


def test_a_bots_list_of_the_wrong_length_is_a_one_line_error(invoke: Invoke) -> None:
    result = invoke("play fearless --players 4 --bots random,random")
    assert result.exit_code == 2
    assert result.stderr.strip().splitlines() == [
        "error: --bots names 2 bots, but 3 seats need one: "
        "give one name for all or one per other seat"
    ]


def test_bad_game_seat_and_option_are_one_line_errors(invoke: Invoke) -> None:
    for args, message in [
        ("play chess", "error: there is no game 'chess'"),
        ("play fearless --players 4 --seat 4", "error: --seat must be a seat from 0 to 3, not 4"),
        ("play fearless --players 9", "error: Fearless takes 3 to 5 players, not 9"),
        ("play fearless --option speed=3", "error: Fearless has no option 'speed'"),
        ("play fearless --option first_leader", "error: an option must be written key=value"),
        ("play fearless --bots random,,random", "error: --bots must be bot names separated by"),
    ]:
        result = invoke(args)
        assert result.exit_code == 2, args
        lines = result.stderr.strip().splitlines()
        assert len(lines) == 1 and lines[0].startswith(message), (args, result.stderr)


def test_options_reach_the_game_and_its_record(invoke: Invoke, tmp_path: Path) -> None:
    result = invoke(
        "play fearless --watch --delay 0 --seed 4 --option first_leader=2 --save o.json"
    )
    assert result.exit_code == 0, result.output
    record = load_record(tmp_path / "o.json")
    assert record["options"]["first_leader"] == 2
    assert "Player 3 leads" in result.output.split("\n", 3)[2]  # seat 2, from 0
