"""Properties over whole random games: cards are conserved, scores follow from the public
view, another card set plays through the `cards` option, views and determinize agree."""

from __future__ import annotations

import io
import json
from collections import Counter
from pathlib import Path

import pytest
from rich.console import Console

import parlour
from fuzz.foolsblade import assert_conserved, everywhere, recomputed
from parlour import bots
from parlour.cli.views import render_view
from parlour.core import Rng
from parlour.games.foolsblade.scenario import seen_in_hand, started
from parlour.games.foolsblade.state import FoolsBladeState

from .cardsets import NUMBERS, write_set


def random_game(state: FoolsBladeState, seed: int, limit: int = 20_000) -> FoolsBladeState:
    """Play random legal actions to the end, checking conservation after each."""
    rng = Rng(seed)
    for _ in range(limit):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        assert_conserved(state)
        for seat in range(state.players):  # cards known to be in a hand are in it
            assert not Counter(state.known[seat]) - Counter(state.hands[seat])
    return state


@pytest.mark.parametrize("players", [2, 4, 6])
def test_cards_are_conserved_through_random_games(players: int) -> None:
    for seed in range(2):
        state = parlour.load("foolsblade").new_game(players, seed=seed)
        assert isinstance(state, FoolsBladeState)
        random_game(state, seed)
        assert state.is_over


def test_cards_are_conserved_with_the_test_set_and_side_quest(features: str) -> None:
    for seed in range(3):
        state = parlour.load("foolsblade").new_game(3, seed=seed, cards=features, side_quest=True)
        assert isinstance(state, FoolsBladeState)
        random_game(state, seed)


def test_scores_equal_their_recomputation_from_the_public_view() -> None:
    for seed in range(3):
        state = parlour.load("foolsblade").new_game(4, seed=seed)
        assert isinstance(state, FoolsBladeState)
        rng = Rng(seed)
        while not state.is_over:
            view = state.view(None)
            assert view["scores"] == recomputed(state, view)
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        assert state.scores() == recomputed(state, state.view(None))
        assert state.winners() == [
            s for s, v in enumerate(state.scores()) if v == max(state.scores())
        ]


def test_a_numbers_only_set_plays_through_the_cards_option(numbers: str) -> None:
    game = parlour.load("foolsblade")
    space = game.action_space(3, cards=numbers)
    assert space != game.action_space(3)
    assert "choose c1" in space and "play ale" in space and "hunt dungeon" in space
    for seed in range(3):
        state = game.new_game(3, seed=seed, cards=numbers)
        assert isinstance(state, FoolsBladeState)
        assert state.card("ogre") == {
            "id": "ogre",
            "name": "Ogre",
            "kind": "monster",
            "copies": 6,
            "deck": "dungeon",
            "element": "water",
            "strength": 8,
            "value": 5,
            "modifiers": ["d6"],
            "win": [],
            "lose": [],
            "effects": [],
        }
        rng = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            assert all(a.text in space for a in legal)
            state.apply(legal[rng.below(len(legal))])
        assert state.log[-1].to_dict()["capped"] is True  # nothing in this set draws Loot
        assert parlour.replay(state.record()).view(None) == state.view(None)


def test_bad_card_options_are_game_errors(tmp_path: Path) -> None:
    game = parlour.load("foolsblade")
    with pytest.raises(parlour.GameError, match="cards"):
        game.new_game(3, cards=str(tmp_path / "missing"))
    few = write_set(tmp_path / "few", NUMBERS.replace("copies = 8", "copies = 2"))
    with pytest.raises(parlour.GameError, match="2 Handles, fewer than 3"):
        game.new_game(3, cards=few)
    assert game.new_game(2, cards=few).players == 2
    with pytest.raises(parlour.GameError, match="max_turns"):
        game.new_game(3, max_turns=0)
    with pytest.raises(parlour.GameError, match="side_quest"):
        game.new_game(3, side_quest="yes")


def test_determinize_keeps_known_hand_cards_and_redraws_the_rest(features: str) -> None:
    state = started(features, players=3)
    seen_in_hand(state, 1, 1)
    kept = state.known[1][0]
    for seed in range(6):
        guess = state.determinize(0, seed)
        assert isinstance(guess, FoolsBladeState)
        assert kept in guess.hands[1]
        assert guess.view(0) == state.view(0)
        assert guess.hands[0] == state.hands[0]
        hidden = [*guess.hands[1], *guess.hands[2], *guess.decks[0], *guess.decks[1]]
        assert sorted(hidden + guess.decks[2]) == sorted(
            [*state.hands[1], *state.hands[2], *state.decks[0], *state.decks[1], *state.decks[2]]
        )
        assert everywhere(guess) == everywhere(state)
    guesses = {tuple(state.determinize(0, seed).hands[2]) for seed in range(6)}
    assert len(guesses) > 1


def test_aliases_and_options() -> None:
    game = parlour.load("fools-blade")
    assert game.name == "foolsblade" and game.title == "Fool's Blade"
    assert (game.min_players, game.max_players) == (2, 6)
    assert {o: game.options[o].to_dict()["type"] for o in game.options} == {
        "cards": "str",
        "side_quest": "bool",
        "max_turns": "int",
    }
    assert game.options["max_turns"].default == 300


def test_the_cards_option_is_recorded_and_replays_each_edition() -> None:
    game = parlour.load("foolsblade")
    assert game.options["cards"].default == "v3"
    second, first = game.new_game(3, seed=2, cards="v2"), game.new_game(3, seed=2, cards="v1")
    third = game.new_game(3, seed=2)
    assert third.options["cards"] == "v3" and third.view(None)["cards"] == "v3"
    assert second.options["cards"] == "v2" and second.view(None)["cards"] == "v2"
    # The first edition is stored as null, as every record before the second edition has it.
    assert first.options["cards"] is None and "oathkeeper-blade" in first.table.index
    assert "oathkeeper-blade" not in second.table.index
    for state in (first, second, third):
        rng = Rng(5)
        for _ in range(150):
            legal = state.legal_actions()
            state.apply(legal[rng.below(len(legal))])
        again = parlour.replay(json.loads(json.dumps(state.record())))
        assert again.view(None) == state.view(None) and again.options == state.options


def test_bots_and_the_terminal_view_play_with_another_card_set(numbers: str) -> None:
    """The view names its card folder, so bots and renderers read that set, not the default."""

    state = parlour.load("foolsblade").new_game(3, seed=4, cards=numbers)
    assert state.view(0)["cards"] == numbers
    heuristic = bots.make("heuristic", seed=1)
    for _ in range(300):
        if state.is_over:
            break
        state.apply(heuristic.choose(state))
    Console(file=io.StringIO()).print(render_view(state.view(0)))


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_strength_and_scores_in_parts_add_up_and_decisions_say_why(seed: int) -> None:
    state = parlour.load("foolsblade").new_game(4, seed=seed)
    assert isinstance(state, FoolsBladeState)
    rng = Rng(seed)
    seen = Counter[str]()
    while not state.is_over and state.move_number < 3000:
        view = state.view(None)
        combat = view["combat"]
        if combat is not None and combat["player_strength"] > 0:
            assert combat["player_parts"][0][0] == "weapon"
            assert sum(amount for _, amount in combat["player_parts"]) == combat["player_strength"]
            seen["combat"] += 1
        if combat is not None and combat["monster_strength"] > 0:
            assert combat["monster_parts"][0][0] == "printed"
            assert (
                sum(amount for _, amount in combat["monster_parts"]) == combat["monster_strength"]
            )
            if len(combat["monster_parts"]) > 1:
                seen["monster parts"] += 1
        if view["decision"] is not None:
            assert view["decision"]["why"]
            # What is asked agrees with the legal actions' count of cards.
            ask = view["decision"]["ask"]
            assert ask.split()[1] == str(view["decision"]["count"]), ask
            seen[view["decision"]["why"].split(":")[0]] += 1
        for seat, parts in enumerate(view["score_parts"]):
            assert sum(parts.values()) == view["scores"][seat]
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
    assert seen["combat"] > 0 and sum(seen.values()) > seen["combat"]
    assert seen["monster parts"] > 0, "no monster had more than its printed strength"
