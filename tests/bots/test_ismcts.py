"""ISMCTS: finds the winning move, keeps to its budget, plays only legal actions."""

from __future__ import annotations

import time

import pytest

import parlour
from parlour import GameError
from parlour.bots import make
from parlour.bots.heuristic import chooser, clock, evaluator
from parlour.bots.ismcts import (
    RACE_MIN_SAMPLES,
    IsmctsBot,
    paired_gap,
    play_out,
    raced,
    settled,
    shaped_returns,
)
from parlour.core import Game, Rng


@pytest.mark.parametrize(("pile", "winning"), [(2, "take 2"), (4, "take 1"), (5, "take 2")])
def test_finds_the_winning_move(nim: Game, pile: int, winning: str) -> None:
    for seed in range(5):
        state = nim.new_game(2, seed=seed, pile=pile)
        assert make("ismcts", seed=seed, iterations=300).choose(state).text == winning


def test_iterations_budget_is_exact(nim: Game) -> None:
    bot = IsmctsBot(seed=1, iterations=123)
    bot.choose(nim.new_game(2, pile=9))
    assert bot.last_iterations == 123


def test_seconds_budget_is_kept(nim: Game) -> None:
    bot = IsmctsBot(seed=1, seconds=0.2)
    start = time.perf_counter()
    bot.choose(nim.new_game(2, pile=30))
    assert time.perf_counter() - start < 0.5
    assert bot.last_iterations > 0


def test_a_single_legal_action_needs_no_search(nim: Game) -> None:
    bot = IsmctsBot(seed=1, iterations=50)
    assert bot.choose(nim.new_game(2, pile=1)).text == "take 1"
    assert bot.last_iterations == 0


@pytest.mark.parametrize(("pile", "winning"), [(2, "take 2"), (4, "take 1"), (5, "take 2")])
def test_the_flat_search_finds_the_winning_move(nim: Game, pile: int, winning: str) -> None:
    for seed in range(5):
        state = nim.new_game(2, seed=seed, pile=pile)
        bot = make("ismcts", seed=seed, iterations=200, tree=False)
        assert bot.choose(state).text == winning


def test_the_flat_search_counts_each_playout(nim: Game) -> None:
    bot = IsmctsBot(seed=1, iterations=7, tree=False)
    bot.choose(nim.new_game(2, pile=9))
    # Two actions a determinization: four determinizations reach the 7 asked for.
    assert bot.last_iterations == 8


def test_a_race_ends_once_one_action_is_left(nim: Game) -> None:
    # From 2, taking both wins every playout and taking one loses every one: after the
    # determinizations a race waits for, the loser is dropped and the search ends.
    bot = IsmctsBot(seed=1, iterations=200, tree=False, race=2.0)
    assert bot.choose(nim.new_game(2, pile=2)).text == "take 2"
    assert bot.last_iterations == 2 * RACE_MIN_SAMPLES


def test_a_race_drops_the_clearly_worse_and_the_equal_and_keeps_the_close() -> None:
    n = RACE_MIN_SAMPLES
    leader = [0.5 + 0.1 * (i % 2) for i in range(n)]
    worse = [x - 0.2 for x in leader]
    equal = leader[:]
    close = [x + (0.05 if i % 2 else -0.06) for i, x in enumerate(leader)]
    assert raced([leader, worse, equal, close], [0, 1, 2, 3], 2.0) == [0, 3]
    # Before enough determinizations, nothing is dropped.
    assert raced([leader[:2], worse[:2]], [0, 1], 2.0) == [0, 1]


def test_a_choice_is_settled_when_every_action_is_within_the_zone_of_the_leader() -> None:
    n = RACE_MIN_SAMPLES
    leader = [0.5 + 0.1 * (i % 2) for i in range(n)]
    near = [x - 0.001 for x in leader]
    far = [x - 0.2 for x in leader]
    noisy = [x + (0.05 if i % 2 else -0.06) for i, x in enumerate(leader)]
    assert settled([leader, near], [0, 1], 2.0, 0.01)
    assert not settled([leader, near], [0, 1], 2.0, 0.0005)
    assert not settled([leader, far], [0, 1], 2.0, 0.01)  # the choice matters
    assert not settled([leader, noisy], [0, 1], 2.0, 0.01)  # not known yet
    assert not settled([leader[:2], near[:2]], [0, 1], 2.0, 0.01)  # too few samples


def test_indifference_ends_a_race_between_near_equals(nim: Game) -> None:
    # From 9 every move loses against perfect play, and random playouts make the three
    # nearly equal: a race alone runs to its budget, a zone of a whole win ends it at once.
    settings = {"iterations": 600, "tree": False, "race": 2.0}
    state = nim.new_game(2, pile=9)
    raced_only = IsmctsBot(seed=1, **settings)
    raced_only.choose(state)
    indifferent = IsmctsBot(seed=1, indifference=1.0, **settings)
    indifferent.choose(state)
    assert indifferent.last_iterations < raced_only.last_iterations
    assert indifferent.last_iterations == len(state.legal_actions()) * RACE_MIN_SAMPLES


def test_paired_gap_is_the_mean_difference_and_its_standard_error() -> None:
    gain, error = paired_gap([1.0, 2.0, 3.0], [0.0, 0.0, 0.0])
    assert gain == 2.0 and error == pytest.approx(1.0 / 3**0.5)


def test_caution_keeps_the_heuristics_move_unless_clearly_beaten() -> None:
    state = parlour.load("fearless").new_game(4, seed=9)
    heuristic = make("heuristic", seed=0).choose(state).text
    settings = {"iterations": 60, "tree": False, "rollout": "heuristic"}
    # Sixty playouts over 13 actions are noisy: without caution some searches leave the
    # heuristic's move; with a caution no gain can clear, none does.
    bold = {make("ismcts", seed=seed, **settings).choose(state).text for seed in range(3)}
    assert bold - {heuristic}
    for seed in range(3):
        bot = make("ismcts", seed=seed, caution=1e9, **settings)
        assert bot.choose(state).text == heuristic


@pytest.mark.parametrize("heuristic", [True, False])
def test_a_turn_cut_ends_the_playout_where_the_turn_ends(heuristic: bool) -> None:
    state = parlour.load("foolsblade").new_game(4, seed=3)
    medium = make("medium", seed=1)
    while state.turn < 6:
        state.apply(medium.choose(state))
    turn_clock = clock("foolsblade")
    assert turn_clock is not None and turn_clock(state) == 6
    playout = chooser("foolsblade") if heuristic else None
    rewards = play_out(state, Rng(2), 500, playout, evaluator("foolsblade"), 0.0, turn_clock)
    assert state.turn == 7 and not state.is_over and len(rewards) == 4


def test_a_turn_cut_needs_a_clock(nim: Game) -> None:
    bot = IsmctsBot(seed=0, tree=False, rollout_turn=True)
    with pytest.raises(GameError):
        bot.choose(nim.new_game(2, pile=9))


def test_plays_only_legal_actions_to_the_end(nim: Game) -> None:
    state = nim.new_game(2, seed=3, pile=15)
    bots = [make("ismcts", seed=1, iterations=20), make("ismcts", seed=2, iterations=20)]
    while not state.is_over:
        assert state.current_player is not None
        action = bots[state.current_player].choose(state)
        assert action in state.legal_actions()
        state.apply(action)


@pytest.mark.parametrize(
    "settings",
    [
        {"iterations": 0},
        {"seconds": 0},
        {"rollout": "smart"},
        {"rollout_depth": -1},
        {"margin": 2.0},
        {"budget": 5},
        {"batch": 8, "tree": False},
        {"race": -1.0},
        {"caution": -0.5},
        {"indifference": -0.1},
    ],
)
def test_bad_settings_are_refused(settings: dict[str, object]) -> None:
    with pytest.raises(GameError):
        make("ismcts", seed=0, **settings)


def test_a_cut_off_needs_an_evaluator(nim: Game) -> None:
    with pytest.raises(GameError, match="evaluate"):
        IsmctsBot(seed=0, rollout_depth=2).choose(nim.new_game(2, pile=9))


def test_shaping_follows_the_winner_direction(nim: Game) -> None:
    state = nim.new_game(2, pile=1)
    state.apply("take 1")
    assert shaped_returns(state, 0.0) == [1.0, 0.0]
    # Nim scores 1 for the winner: higher is better, so the shaping agrees with the win.
    assert shaped_returns(state, 0.5) == [1.0, 0.0]


@pytest.mark.parametrize(
    "settings",
    [{"rollout": "heuristic"}, {"rollout_depth": 8}, {"rollout": "heuristic", "rollout_depth": 0}],
)
def test_playout_kinds_search_a_real_game(settings: dict[str, object]) -> None:
    state = parlour.load("fearless").new_game(4, seed=9)
    bot = make("ismcts", seed=4, iterations=40, **settings)
    assert bot.choose(state) in state.legal_actions()
    assert isinstance(bot, IsmctsBot) and bot.last_iterations == 40
