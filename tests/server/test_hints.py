"""Hints agree with the post-game analysis: the same judgement of the same position, with
the same settings, so the same numbers; and moves are ranked only beyond their uncertainty."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any, cast

import pytest

import parlour
from parlour import bots
from parlour.analysis import Playouts, decision_points, judge_move
from parlour.core import State
from parlour.server.analysis import Analyses
from parlour.server.botpool import BotPool
from parlour.server.hints import WORLDS, advice, advise, seat_levels, settings_for, steady_move
from parlour.server.hub import Table
from parlour.server.store import SeatInfo, Store


def played(game: str, players: int, seed: int) -> State:
    """A whole game of ``medium`` bots."""
    state = parlour.load(game).new_game(players, seed=seed)
    seats = [bots.make("medium", seed=seed * 10 + s) for s in range(players)]
    while not state.is_over:
        assert state.current_player is not None
        state.apply(seats[state.current_player].choose(state))
    return state


def upto(record: dict[str, Any], before: int, *more: str) -> dict[str, Any]:
    """``record`` cut after its first ``before`` actions, then ``more``."""
    return {**record, "actions": [*record["actions"][:before], *more]}


@pytest.mark.parametrize("game", ["fearless", "citadels", "foolsblade"])
def test_the_server_analyses_with_the_settings_of_a_hint(game: str) -> None:
    pool = cast(BotPool, SimpleNamespace(workers=1))
    analyses = Analyses(cast(Store, None), pool)
    bots = [None, "easy", "hard", "random"]
    seats = [SeatInfo(bot=bot, token_hash=None if bot else "x") for bot in bots]
    table = cast(Table, SimpleNamespace(info=SimpleNamespace(game=game, seats=seats)))
    levels = ("medium", "easy", "medium", "random")
    assert seat_levels(bots) == levels
    assert analyses.settings(table) == settings_for(game, seats=levels)
    assert settings_for(game).iterations == WORLDS
    # As many worlds again where medium's move is not among the best, for both alike.
    assert settings_for(game).confirm == WORLDS


def test_a_hint_has_the_analysis_numbers_and_its_first_move_is_never_marked() -> None:
    record = played("foolsblade", 3, seed=4).record()
    # A Learn table: a person at seat 0, easy bots at the others.
    settings = settings_for("foolsblade", 4, ("medium", "easy", "easy"))
    points = decision_points(record, [0])
    assert len(points) > 8
    for before in points[:: len(points) // 4][:4]:
        hint = advise(upto(record, before), settings)
        judged = judge_move(record, before, settings)
        assert {a.action: a.win_chance for a in hint} == judged.values
        assert {a.action: a.error for a in hint} == judged.errors
        assert {a.action: a.rank for a in hint} == judged.ranks
        ranks = [a.rank for a in hint]
        assert ranks == sorted(ranks) and ranks[0] == 1
        top = judge_move(upto(record, before, hint[0].action), before, settings)
        assert top.verdict is None


def position_with_choices() -> State:
    """A Fool's Blade position of seat 0 with at least three legal actions."""
    state = played("foolsblade", 3, seed=4)
    record = state.record()
    for before in decision_points(record, [0]):
        position = parlour.replay(upto(record, before))
        if len(position.legal_actions()) >= 3:
            return position
    raise AssertionError("no decision with three choices")


def test_among_moves_as_good_as_the_best_the_steady_move_comes_first() -> None:
    state = position_with_choices()
    steady = steady_move(state, 0)
    legal = [a.text for a in state.legal_actions()]
    better = next(text for text in legal if text != steady)
    worse = next(text for text in legal if text not in (steady, better))

    def results(lead: float) -> tuple[tuple[float, ...], ...]:
        # ``better`` is ``lead`` ahead of ``steady`` on average: 0.1 + lead and -0.1 + lead
        # in turn, so the paired difference spreads by 0.1; ``worse`` is 0.5 behind always.
        rows = []
        for world in range(8):
            row = {steady: 0.5, better: 0.5 + lead + (0.1 if world % 2 else -0.1), worse: 0.0}
            rows.append(tuple(row.get(text, 0.0) for text in legal))
        return tuple(rows)

    tied = advice(state, Playouts(1, 0, tuple(legal), {}, results(0.02)), 0)
    assert [a.action for a in tied[:2]] == [steady, better]
    assert tied[0].win_chance < tied[1].win_chance and tied[0].rank == tied[1].rank == 1
    assert {a.rank for a in tied if a.action == worse} == {2}
    apart = advice(state, Playouts(1, 0, tuple(legal), {}, results(0.2)), 0)
    assert [a.action for a in apart[:2]] == [better, steady]
    assert (apart[0].rank, apart[1].rank) == (1, 2)


def test_a_hint_says_what_an_equip_replaces() -> None:
    state = position_with_choices()
    legal = tuple(a.text for a in state.legal_actions())
    rows = tuple(tuple(0.5 for _ in legal) for _ in range(2))
    words = {a.action: a.does for a in advice(state, Playouts(1, 0, legal, {}, rows), 0)}
    assert words == {a.text: state.consequence(a) for a in state.legal_actions()}
    assert set(advice(state, Playouts(1, 0, legal, {}, rows), 0)[0].to_json()) == {
        "action",
        "win_chance",
        "error",
        "rank",
        "does",
    }
