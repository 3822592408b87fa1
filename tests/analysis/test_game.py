"""A whole game analysed: the decisions it judges, processes, and the JSON form."""

from __future__ import annotations

import pytest

from parlour import replay
from parlour.analysis import GameAnalysis, Settings, analyze, decision_points
from parlour.core import GameError

from .conftest import record_of

QUICK = Settings.for_game("fearless", iterations=2, rollout_depth=6)


def test_every_decision_with_a_choice_is_judged_for_the_seats_asked() -> None:
    record = record_of("fearless", 3)
    points = decision_points(record, [1])
    for before in points:
        state = replay(record, upto=before)
        assert state.current_player == 1 and len(state.legal_actions()) > 1
    called: list[int] = []
    analysis = analyze(record, [1], QUICK, on_decision=lambda d, total: called.append(total))
    assert [s.seat for s in analysis.seats] == [1]
    decisions = analysis.seat(1).decisions
    assert [d.move for d in decisions] == [before + 1 for before in points]
    assert [d.played for d in decisions] == [record["actions"][b] for b in points]
    assert called == [len(points)] * len(points)
    assert analysis.seat(1).result == replay(record).returns()[1]
    with pytest.raises(GameError, match="seat 0 was not analysed"):
        analysis.seat(0)


def test_processes_give_the_same_analysis_as_one() -> None:
    record = record_of("fearless", 3, seed=4)
    one = analyze(record, [0, 2], QUICK, jobs=1)
    two = analyze(record, [0, 2], QUICK, jobs=2)
    assert one == two


def test_the_json_form_round_trips() -> None:
    analysis = analyze(record_of("citadels", 2), [0], Settings.for_game("citadels", iterations=2))
    data = analysis.to_dict()
    assert GameAnalysis.from_dict(data) == analysis
    seat = data["seats"][0]
    assert set(seat["counts"]) == {"inaccuracy", "mistake", "blunder"}
    assert all(0.0 <= d["chance"] <= 1.0 for d in seat["decisions"])


def test_bad_input_is_one_sentence() -> None:
    record = record_of("fearless", 3)
    with pytest.raises(GameError, match="seat must be from 0 to 2, not 3"):
        analyze(record, [3], QUICK)
    with pytest.raises(GameError, match="jobs must be at least 1"):
        analyze(record, [0], QUICK, jobs=0)
    broken = dict(record, actions=[*record["actions"][:5], "play nothing"])
    with pytest.raises(GameError, match="action 6 of the record"):
        analyze(broken, [0], QUICK)


def test_an_unfinished_game_is_analysed_as_far_as_it_went() -> None:
    record = record_of("fearless", 3)
    half = dict(record, actions=record["actions"][:40])
    seat = analyze(half, [0], QUICK).seat(0)
    assert seat.result is None
    assert seat.decisions and all(d.move <= 40 for d in seat.decisions)
