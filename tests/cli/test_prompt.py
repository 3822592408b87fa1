"""The prompt as a first-time player meets it: echoed input, the legend, help, Enter."""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest

import parlour
from parlour import IllegalAction
from parlour.cli.play import lineup
from parlour.core import Action, State
from parlour.games.citadels.cards import character_named, district_named

from .conftest import Invoke

Wanted = Callable[[State], bool]


def human_turns_until(game: str, players: int, seed: int, wanted: Wanted) -> int | None:
    """How many human turns of choice 1 (seat 0, random bots as `parlour play` seats them)
    come before the human's first turn where ``wanted`` holds; ``None`` if none does."""
    state = parlour.load(game).new_game(players, seed=seed)
    seats = lineup("random", players, 0, seed)
    turns = 0
    while not state.is_over:
        bot = seats[state.current_player].bot
        if bot is not None:
            state.apply(bot.choose(state))
            continue
        if wanted(state):
            return turns
        state.apply(state.legal_actions()[0])
        turns += 1
    return None


def only_end_turn(state: State) -> bool:
    return [a.text for a in state.legal_actions()] == ["end turn"]


def find(game: str, players: int, wanted: Wanted) -> tuple[int, int]:
    """A seed and the number of human turns before a turn where ``wanted`` holds."""
    for seed in range(50):
        turns = human_turns_until(game, players, seed, wanted)
        if turns is not None:
            return seed, turns
    raise AssertionError("no seed in 50 gives such a turn")


def not_legal_lines(output: str) -> list[str]:
    lines = output.splitlines()
    return [line[line.index("Not legal:") :] for line in lines if "Not legal:" in line]


def test_an_entry_that_names_no_action_is_quoted_as_typed(invoke: Invoke) -> None:
    result = invoke("play fearless --bots random --seed 1 --delay 0", input="asdf qwe\nq\n")
    assert result.exit_code == 0, result.output
    (line,) = not_legal_lines(result.output)
    assert "'asdf qwe' is not an action of Fearless" in line
    assert "play asdf" not in line


def test_a_card_without_its_verb_is_explained_as_that_card(invoke: Invoke) -> None:
    hand = set(parlour.load("fearless").new_game(4, seed=1).view(0)["hand"])
    missing = next(f"blue{v:+d}" for v in (6, 5, 4, 3, 2, -2, -3) if f"blue{v:+d}" not in hand)
    result = invoke("play fearless --bots random --seed 1 --delay 0", input=f"{missing}\nq\n")
    assert not_legal_lines(result.output) == [f"Not legal: Player 1 holds no {missing}."]


def test_citadels_echoes_the_entry_not_a_rewrite_of_it(invoke: Invoke) -> None:
    seed, turns = find("citadels", 3, only_end_turn)
    result = invoke(
        f"play citadels --players 3 --bots random --seed {seed} --delay 0",
        input="1\n" * turns + "collect income\nq\n",
    )
    (line,) = not_legal_lines(result.output)
    assert "end collect income" not in line
    # Citadels says why (docs/citadels.md): the reason names income, never a rewritten entry.
    assert re.fullmatch(
        r"Not legal: (the \w+ collects no district income|you have already "
        r"collected income this turn|your city has no \w+ district.*)\.",
        line,
    )


class OneMove(State):
    """A state whose only legal action is ``wave`` and that explains nothing itself."""

    __slots__ = ()

    def legal_actions(self) -> list[Action]:
        return [Action("wave")]


def test_the_generic_refusal_quotes_the_text_as_given() -> None:
    state = OneMove.__new__(OneMove)
    state.is_over = False
    state.current_player = 0
    with pytest.raises(IllegalAction) as error:
        state.resolve("  Collect  Income ")
    assert error.value.why == "'Collect  Income' is not a legal action for Player 0 now"


def test_enter_alone_plays_the_only_legal_move(invoke: Invoke, tmp_path: Path) -> None:
    # The 13th trick of a round leaves one card in hand: Enter alone plays it.
    result = invoke(
        "play fearless --bots random --seed 2 --delay 0 --save e.json",
        input="1\n" * 12 + "\nq\n",
    )
    assert result.exit_code == 0, result.output
    assert "Your move (Enter: play " in result.output
    record = json.loads((tmp_path / "e.json").read_text())
    state = parlour.load("fearless").new_game(4, seed=2)
    human = 0
    for text in record["actions"]:
        human += state.current_player == 0
        state.apply(text)
    assert human == 13


def test_question_mark_shows_the_legend_and_help_describes_cards(invoke: Invoke) -> None:
    result = invoke(
        "play fearless --bots random --seed 1 --delay 0",
        input="?\nhelp green+2\nhelp zero\nhelp nonsense\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Legend" in out
    for symbol in ("ruin [1 3]", "*", "Enter alone", "help NAME", "Out of the game"):
        assert symbol in out, symbol
    assert "green+2: a green card worth +2" in out
    assert "zero: a four-colour card worth 0" in out
    assert "Nothing in Fearless is called 'nonsense'" in out
    assert out.count("Your move (") == 5  # each help answers and asks again


def test_help_describes_citadels_characters_and_districts(invoke: Invoke) -> None:
    result = invoke(
        "play citadels --players 3 --bots random --seed 1 --delay 0",
        input="help warlord\nhelp laboratory\nhelp haunted city\n?\nq\n",
    )
    assert result.exit_code == 0, result.output
    out = " ".join(result.output.split())
    # The abilities are the card data's own texts (one source for the rules).
    warlord = character_named("warlord")
    laboratory = district_named("laboratory")
    assert warlord is not None and laboratory is not None and laboratory.text is not None
    assert f"8 Warlord (Söldner): {warlord.text}" in out
    assert "Income: red districts." in out
    assert "Laboratory P5: a purple district costing 5 gold" in out
    assert laboratory.text in out
    assert "Haunted City P2" in out and "Counts as any one colour" in out
    for symbol in ("♔", "◀", "nobody was", "offered to you", "Manor Y3"):
        assert symbol in out, symbol


def test_the_draft_says_what_was_offered(invoke: Invoke) -> None:
    result = invoke("play citadels --players 3 --bots random --seed 1 --delay 0", input="q\n")
    assert re.search(r"offered to you at draft step \d: ", result.output)
    assert "passed to you" not in result.output
