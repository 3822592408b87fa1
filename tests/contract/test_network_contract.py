"""The contract's additions for play over a network and for learning, on every game.

Redacted events, move numbers, action spaces, typed options, the score direction and the
rules version in records; like the rest of the contract suite, a game added to the
registry runs these with no change here.
"""

from __future__ import annotations

import json

import pytest

import parlour
from parlour.core import Rng, State

from .test_contract import CASES, IDS, advanced, playout, seats

LEAK_STEPS = 400


@pytest.fixture(params=CASES, ids=IDS)
def case(request: pytest.FixtureRequest) -> tuple[str, int]:
    return request.param  # type: ignore[no-any-return]


def redacted(events: list[parlour.Event], seat: int | None) -> list[dict[str, object]]:
    return [event.to_dict(seat) for event in events]


def test_events_redacted_for_a_seat_agree_across_a_determinization(
    case: tuple[str, int],
) -> None:
    """A seat cannot tell the real game from its guess by the events it is shown."""
    name, players = case
    compared = 0
    for start in (0, 9, 60):
        state = advanced(name, players, seed=61 + start, steps=start)
        for seat in seats(state):
            real = state.clone()
            guess = state.determinize(seat, 7 + start)
            rng = Rng(start * 31 + (seat or 0))
            for _ in range(LEAK_STEPS):
                if real.is_over or real.view(seat) != guess.view(seat):
                    break
                legal = [a.text for a in real.legal_actions()]
                shared = [t for t in legal if t in {a.text for a in guess.legal_actions()}]
                if not shared:
                    break
                text = shared[rng.below(len(shared))]
                seen_real = redacted(real.apply(text), seat)
                seen_guess = redacted(guess.apply(text), seat)
                if real.view(seat) == guess.view(seat):
                    assert seen_real == seen_guess, f"events after {text!r} tell the deals apart"
                    compared += 1
    assert compared > 0


def test_redacted_events_are_json_and_name_nothing_new(case: tuple[str, int]) -> None:
    name, players = case
    state = parlour.load(name).new_game(players, seed=67)
    playout(state, 67)
    for event in state.log:
        for seat in seats(state):
            data = event.to_dict(seat)
            assert json.loads(json.dumps(data)) == data
            assert data == event.for_seat(seat).to_dict()
            assert event.for_seat(seat).for_seat(seat) == event.for_seat(seat)
    spectator = [e.to_dict(None) for e in state.log]
    assert [e.to_dict() for e in state.log_for(None)] == spectator


def test_move_numbers_count_actions_and_reach_every_view(case: tuple[str, int]) -> None:
    name, players = case
    state = parlour.load(name).new_game(players, seed=71)
    assert state.move_number == 0
    for view in (state.view(seat) for seat in seats(state)):
        assert view["move"] == 0
    playout(state, 71, limit=50)
    moves = len(state.history)
    assert state.move_number == moves
    assert state.clone().move_number == moves
    assert all(state.view(seat)["move"] == moves for seat in seats(state))
    assert parlour.replay(state.record()).move_number == moves
    if not state.is_over:
        assert state.determinize(0, 3).view(0)["move"] == moves


def test_every_legal_action_is_in_the_action_space(case: tuple[str, int]) -> None:
    name, players = case
    game = parlour.load(name)
    space = game.action_space(players)
    assert space == game.action_space(players)
    assert len(space) == len(set(space))
    index = set(space)
    for seed in range(4):
        state = game.new_game(players, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            missing = [a.text for a in legal if a.text not in index]
            assert not missing, f"legal actions outside the action space: {missing}"
            state.apply(legal[rng.below(len(legal))])


def test_action_space_checks_its_arguments(case: tuple[str, int]) -> None:
    name, _ = case
    game = parlour.load(name)
    with pytest.raises(parlour.GameError, match="players"):
        game.action_space(game.max_players + 1)
    with pytest.raises(parlour.GameError, match="no_such_option"):
        game.action_space(game.min_players, no_such_option=1)


def test_options_are_typed() -> None:
    for name in parlour.game_names():
        for option in parlour.load(name).options.values():
            data = option.to_dict()
            assert json.loads(json.dumps(data)) == data
            assert data["type"] in ("bool", "int", "str", "list")
            assert {"name", "default", "help", "type"} <= set(data)
            if data["type"] == "bool":
                assert isinstance(data["default"], bool)
            if "min" in data and data["default"] is not None:
                assert data["min"] <= data["default"]
            if "choices" in data:
                assert data["default"] in data["choices"]


def test_winners_hold_the_best_score_in_the_games_direction(case: tuple[str, int]) -> None:
    name, players = case
    game = parlour.load(name)
    for seed in range(3):
        state = game.new_game(players, seed=seed)
        playout(state, seed)
        scores = state.scores()
        best = min(scores) if game.lower_score_wins else max(scores)
        assert all(scores[seat] == best for seat in state.winners())


def finished(name: str, players: int) -> State:
    state = parlour.load(name).new_game(players, seed=73)
    playout(state, 73)
    return state


def test_records_carry_the_rules_version(case: tuple[str, int]) -> None:
    name, players = case
    state = finished(name, players)
    record = state.record()
    assert record["version"] == state.game.version
    older = dict(record, version="0-test")
    assert parlour.replay(older).record()["actions"] == record["actions"]
    broken = dict(older, actions=[*record["actions"][:3], "no such action"])
    with pytest.raises(parlour.GameError, match="version 0-test") as error:
        parlour.replay(broken)
    assert "no longer replays" in str(error.value)
    with pytest.raises(parlour.GameError, match="cannot be played"):
        parlour.replay(dict(broken, version=state.game.version))
    with pytest.raises(parlour.GameError, match="version"):
        parlour.replay(dict(record, version=3))
