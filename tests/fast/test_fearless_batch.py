"""The batched Fearless engine plays exactly the object engine's rules, decision for decision."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from parlour.fast.fearless import Batch, card_text, rows, simulate
from parlour.games.fearless.events import RoundScored, TrickWon


@pytest.mark.parametrize("players", [3, 4, 5])
def test_traced_games_replay_through_the_object_engine(players: int) -> None:
    result = simulate(games=300, players=players, seed=players, trace=12)
    game = parlour.load("fearless")
    for index, record in enumerate(result["records"]):
        state = game.new_game(players, seed=99, **record["options"])
        assert len(record["actions"]) == result["decisions_per_game"]
        for legal, action in zip(record["legal"], record["actions"], strict=True):
            assert sorted(a.text for a in state.legal_actions()) == legal
            state.apply(action)
        assert state.is_over
        assert state.scores() == result["scores"][index].tolist()
        assert state.returns() == result["returns"][index].tolist()
        fear = [e.fear for e in state.log if isinstance(e, RoundScored)]
        assert np.array_equal(result["fear_per_round"][index].T, fear)
        tricks = np.zeros((players, players), np.int64)
        round_number = 0
        for event in state.log:
            if isinstance(event, TrickWon):
                tricks[event.seat, round_number] += 1
            elif isinstance(event, RoundScored):
                round_number += 1
        assert np.array_equal(result["tricks_per_round"][index], tricks)


def test_totals_and_shapes() -> None:
    result = simulate(games=50, players=4, seed=1)
    assert result["decisions"] == 50 * 208
    assert result["scores"].shape == (50, 4)
    assert np.array_equal(result["fear_per_round"].sum(axis=2), result["scores"])
    # Every trick is won by someone: 13 tricks a round.
    assert (result["tricks_per_round"].sum(axis=1) == 13).all()
    assert np.allclose(result["returns"].sum(axis=1), 1.0)


def test_same_arguments_same_games_and_seeds_differ() -> None:
    first = simulate(games=20, players=3, seed=5)["scores"]
    assert np.array_equal(first, simulate(games=20, players=3, seed=5)["scores"])
    assert not np.array_equal(first, simulate(games=20, players=3, seed=6)["scores"])


def test_random_choices_are_uniform_over_distinct_cards() -> None:
    # A leader holding a zero and k distinct cards (copies of a card count once) leads the
    # zero one time in k, so k times "led a zero" averages 1 over such leaders.
    batch = Batch.new(4, 20000, np.random.default_rng(3))
    slot = batch.base + batch.current
    hands = batch.hands[slot].copy()
    batch.step()
    played = hands ^ batch.hands[slot]
    samples = []
    for hand, card in zip(hands.tolist(), played.tolist(), strict=True):
        if hand >> 56:
            distinct = {card_text(p) for p in range(60) if hand >> p & 1}
            samples.append(len(distinct) * (card >> 56 > 0))
    assert len(samples) > 10000
    assert abs(np.mean(samples) - 1.0) < 0.08


def test_rows_for_the_simulation_table() -> None:
    result = simulate(games=3, players=4, seed=1)
    table = rows(result)
    assert len(table) == 12
    first = table[0]
    assert first["game_index"] == 0 and first["seat"] == 0
    assert first["score"] == sum(first["fear_per_round"])
    assert first["won"] == (first["rank"] == 1)
    assert sum(r["tricks_won"] for r in table[:4]) == 52


@pytest.mark.parametrize("games,players", [(0, 4), (5, 6)])
def test_bad_arguments(games: int, players: int) -> None:
    with pytest.raises(ValueError):
        simulate(games=games, players=players)
