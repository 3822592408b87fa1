"""The seat as text: every game described from a view, the rules, the numbered choices."""

from __future__ import annotations

import pytest

import parlour
from parlour import agents, bots
from parlour.core import State


def played(game: str, moves: int, seed: int = 3) -> State:
    state = parlour.load(game).new_game(3, seed=seed)
    bot = bots.make("random", seed=seed)
    for _ in range(moves):
        state.apply(bot.choose(state))
    return state


@pytest.mark.parametrize("game", parlour.game_names())
def test_a_seat_is_told_its_hand_its_turn_and_its_legal_actions(game: str) -> None:
    state = played(game, 20)
    seat = state.current_player
    assert seat is not None
    view = state.view(seat)
    text = agents.prompt(view)
    assert f"You are Player {seat + 1} at a 3-player game of {state.game.title}" in text
    assert "It is your turn to decide." in text
    assert agents.rules(game) in text
    for number, action in enumerate(view["legal_actions"], 1):
        assert f"\n{number}. {action}\n" in text + "\n"
    described = agents.describe(view)
    for card in view["hand"]:
        assert card in described


@pytest.mark.parametrize("game", parlour.game_names())
def test_a_finished_game_and_a_spectator_are_described(game: str) -> None:
    state = played(game, 0)
    bot = bots.make("random", seed=1)
    while not state.is_over:
        state.apply(bot.choose(state))
    text = agents.describe(state.view(None))
    assert "You are a spectator" in text and "The game is over" in text


def test_fools_blade_cards_carry_their_rules_text() -> None:
    state = played("foolsblade", 20)
    view = state.view(state.current_player)
    text = agents.describe(view)
    from parlour.games.foolsblade.table import table_for
    from parlour.games.foolsblade.texts import card_text

    card = table_for(None).set.by_id[view["hand"][0]]
    assert f"{card.name} ({card.id}:" in text
    assert card_text(card).rstrip(".") in text
