"""One decision judged: a clearly losing move is marked, and only the seat's view counts."""

from __future__ import annotations

import pytest

from parlour import load, replay
from parlour.analysis import (
    Decision,
    Playouts,
    Settings,
    Verdict,
    judge,
    judge_move,
    judge_position,
)
from parlour.core import GameError, Rng, State

from .conftest import fearless_endgame, finished


def outcomes(state: State) -> set[tuple[float, ...]]:
    """The returns of every way the game can be played on from ``state``."""
    if state.is_over:
        return {tuple(state.returns())}
    found: set[tuple[float, ...]] = set()
    for action in state.legal_actions():
        after = state.clone()
        after.apply(action)
        found |= outcomes(after)
    return found


def test_the_position_is_built_as_its_docstring_says() -> None:
    state = fearless_endgame()
    view = state.view(None)
    assert (view["round"], view["rounds"], view["trick_number"]) == (3, 3, 12)
    assert [state.view(s)["hand"] for s in range(3)] == [
        ["orange+4", "green+4"],
        ["blue-2", "green-4"],
        ["orange+6", "orange+5"],
    ]
    # However everyone plays on, the one lead wins and the other loses.
    for lead, result in (("play orange+4", 1.0), ("play green+4", 0.0)):
        after = state.clone()
        after.apply(lead)
        assert {returns[0] for returns in outcomes(after)} == {result}


def test_a_clearly_losing_move_is_a_blunder_with_the_better_move_named() -> None:
    state = fearless_endgame()
    settings = Settings.for_game("fearless", iterations=8)
    bad = judge_position(state, "play green+4", settings)
    assert bad.verdict is Verdict.BLUNDER
    assert bad.best == "play orange+4"
    assert bad.loss > 0.5
    assert bad.values["play orange+4"] > bad.values["play green+4"]
    good = judge_position(state, "play orange+4", settings)
    assert good.verdict is None and good.loss == 0.0 and good.best == "play orange+4"
    assert good.values == bad.values


@pytest.mark.parametrize(("game", "players"), [("fearless", 4), ("citadels", 3), ("foolsblade", 3)])
def test_the_judgement_depends_only_on_what_the_seat_knew(game: str, players: int) -> None:
    replayed = finished(game, players, seed=3).record()
    settings = Settings.for_game(game, iterations=2, rollout_depth=8)
    checked = differed = 0

    # Four decisions spread over the game, each compared in the real state and in two
    # states that differ from it only in what the deciding seat cannot see.
    # (spread over twelve steps, since a seeded game may have few real choices at some)
    for before in range(5, len(replayed["actions"]), max(1, len(replayed["actions"]) // 12)):
        if checked == 4:
            break
        real = replay(replayed, upto=before)
        seat = real.current_player
        assert seat is not None
        if len(real.legal_actions()) < 2:
            continue
        played = replayed["actions"][before]
        others = [real.determinize(seat, k) for k in (1, 2)]
        assert all(other.view(seat) == real.view(seat) for other in others)
        differed += any(
            other.view(s) != real.view(s) for other in others for s in range(players) if s != seat
        )
        expected = judge_position(real, played, settings)
        for other in others:
            assert judge_position(other, played, settings) == expected
        checked += 1
    assert checked >= 2
    assert differed, "the determinizations should differ in some other seat's hidden cards"


def test_verdicts_follow_the_thresholds_and_ignore_noise() -> None:
    assert judge(0.0, 0.0) is None
    assert judge(0.04, 0.0) is None
    assert judge(0.05, 0.01) is Verdict.INACCURACY
    assert judge(0.10, 0.01) is Verdict.MISTAKE
    assert judge(0.20, 0.01) is Verdict.BLUNDER
    # A large loss measured with a larger spread may be noise: not marked.
    assert judge(0.30, 0.2) is None
    assert [v.symbol for v in Verdict] == ["?!", "?", "??"]


def test_bad_settings_are_refused_with_a_sentence() -> None:
    with pytest.raises(GameError, match="iterations must be at least 2"):
        Settings(iterations=1)
    with pytest.raises(GameError, match="rollout must be one of heuristic, random"):
        Settings(rollout="smart")
    with pytest.raises(GameError, match="rollout_depth must be at least 0"):
        Settings(rollout_depth=-1)
    with pytest.raises(GameError, match="the game is over"):
        judge_position(finished("fearless", 3), "play zero", Settings())


def test_moves_share_a_rank_where_their_difference_is_within_its_uncertainty() -> None:
    # Four worlds. "a" and "b" differ by 0.05 on average, but the paired differences
    # (+0.3, -0.2, +0.2, -0.1) spread far wider; "c" is 0.3 below "a" in every world.
    rows = ((0.8, 0.5, 0.5), (0.3, 0.5, 0.0), (0.7, 0.5, 0.4), (0.4, 0.5, 0.1))
    playouts = Playouts(move=5, seat=1, legal=("a", "b", "c"), labels={}, results=rows)
    decision = playouts.judge("b")
    assert decision.values["a"] == pytest.approx(0.55) and decision.best == "a"
    assert decision.ranks == {"a": 1, "b": 1, "c": 2}
    # Each value's standard error is that of its mean over the worlds.
    assert decision.errors["b"] == 0.0
    assert decision.errors["a"] == pytest.approx((0.17 / 3 / 4) ** 0.5)
    # Tied with the best, "b" is not marked, however the worlds were split to measure it.
    assert decision.verdict is None
    assert playouts.judge("c").verdict is not None


def test_a_difference_the_same_in_every_world_is_ranked_however_small() -> None:
    rows = ((0.50, 0.49, 0.49), (0.20, 0.19, 0.19))
    decision = Playouts(1, 0, ("x", "y", "z"), {}, rows).judge("x")
    assert decision.ranks == {"x": 1, "y": 2, "z": 2}


def test_a_decision_keeps_its_errors_and_ranks_through_json() -> None:
    decision = judge_position(
        fearless_endgame(), "play green+4", Settings.for_game("fearless", iterations=4)
    )
    assert decision.ranks == {"play orange+4": 1, "play green+4": 2}
    assert set(decision.errors) == set(decision.values)
    assert Decision.from_dict(decision.to_dict()) == decision
    old = {k: v for k, v in decision.to_dict().items() if k not in ("errors", "ranks")}
    assert Decision.from_dict(old).ranks == {}  # an analysis stored before ranks were kept


def test_the_words_of_a_judged_move_name_seats_as_the_table_does() -> None:
    # The server's analysis gives the table's names, so a Warlord's or Magician's moves read
    # "Destroy Bo's Manor", as its buttons did, not "Player 1" counted from 0.
    names = ["Ana", "Bo", "Cy"]
    for seed in range(40):
        state = load("citadels").new_game(3, seed=seed)
        rng = Rng(seed)
        while not state.is_over:
            legal = state.legal_actions()
            named = [a for a in legal if state.label(a, names) != state.label(a)]
            if named:
                record = state.record()
                before = len(record["actions"])
                record["actions"].append(legal[0].text)
                settings = Settings(iterations=2, rollout_depth=4)
                decision = judge_move(record, before, settings, names)
                assert decision.labels == {a.text: state.label(a, names) for a in legal}
                assert any(name in decision.labels[named[0].text] for name in names)
                return
            state.apply(legal[rng.below(len(legal))])
    pytest.fail("no move named a seat in 40 random games")
