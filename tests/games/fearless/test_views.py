"""The round's done tricks in views are built once and reused: every view is still what a
build from nothing gives."""

from __future__ import annotations

import random

import pytest

import parlour
from parlour.games.fearless import views


def fresh_view(state: object, seat: int | None) -> dict[str, object]:
    """The view with nothing reused from the views built before (which are kept for the
    views built next)."""
    kept = dict(views._built)
    views._built.clear()
    try:
        return views.view(state, seat)  # type: ignore[arg-type]
    finally:
        views._built.clear()
        views._built.update(kept)


@pytest.mark.parametrize("games", [1, 2])
@pytest.mark.parametrize("players", [3, 4, 5])
def test_views_are_what_a_fresh_build_gives(players: int, games: int) -> None:
    # One game, or two moved in turn, and a clone kept a few moves behind: each view is
    # built on whatever the last view built, of the same chain, one trick shorter (one
    # game: the trick just done is added), or another game's.
    game = parlour.load("fearless")
    states = [game.new_game(players, seed) for seed in range(1, games + 1)]
    rng = random.Random(players)
    behind = states[0].clone()
    checked = 0
    while not all(state.is_over for state in states):
        for state in states:
            if state.is_over:
                continue
            state.apply(rng.choice(state.legal_actions()))
            for seat in [None, *range(players)]:
                built = views.view(state, seat)  # type: ignore[arg-type]
                assert built == fresh_view(state, seat)
                checked += 1
        if rng.random() < 0.3:
            assert views.view(behind, 0) == fresh_view(behind, 0)  # type: ignore[arg-type]
            behind = states[0].clone()
    assert checked > 100


def test_views_are_right_when_older_builds_are_dropped(monkeypatch: pytest.MonkeyPatch) -> None:
    # Three games moved in random turns with room for two builds: a game's last build is
    # often dropped by the time it moves again, and sometimes kept.
    monkeypatch.setattr(views, "_KEPT", 2)
    views._built.clear()
    game = parlour.load("fearless")
    states = [game.new_game(4, seed) for seed in (5, 6, 7)]
    rng = random.Random(5)
    checked = 0
    while not all(state.is_over for state in states):
        for state in rng.sample(states, len(states)):
            if state.is_over:
                continue
            state.apply(rng.choice(state.legal_actions()))
            built = views.view(state, 0)  # type: ignore[arg-type]
            assert len(views._built) <= 2
            assert built == fresh_view(state, 0)
            checked += 1
    assert checked > 100


def test_a_changed_view_leaves_the_next_views_alone() -> None:
    state = parlour.load("fearless").new_game(4, 3)
    rng = random.Random(3)
    while not state.view(None)["tricks"]:
        state.apply(rng.choice(state.legal_actions()))
    first = state.view(0)
    first["tricks"].append({"cards": [], "winner": 0, "value": 0})
    first["played"].clear()
    assert state.view(1) == fresh_view(state, 1)


@pytest.mark.parametrize("players", [3, 4, 5])
def test_score_parts_are_the_rounds_fear_and_add_up_to_the_totals(players: int) -> None:
    # The final table's columns: each round's fear points, as the rounds' events gave them;
    # shown once the game is over, and a clone taken before a round ends keeps its own.
    state = parlour.load("fearless").new_game(players, seed=players)
    rng = random.Random(players)
    copy = None
    while not state.is_over:
        assert "score_parts" not in state.view(None)
        if copy is None and state.view(None)["round"] == 2:
            copy = state.clone()
        state.apply(rng.choice(state.legal_actions()))
    assert copy is not None
    rounds = [event.to_dict()["fear"] for event in state.log if event.kind == "round"]
    assert len(rounds) == players
    for seat in [None, *range(players)]:
        parts = state.view(seat)["score_parts"]
        assert parts == [
            {f"round_{number}": fear[s] for number, fear in enumerate(rounds, 1)}
            for s in range(players)
        ]
        assert [sum(p.values()) for p in parts] == state.scores()
    assert len(copy.fear_by_round) == 1  # type: ignore[attr-defined]
    while not copy.is_over:
        copy.apply(rng.choice(copy.legal_actions()))
    assert [sum(p.values()) for p in copy.view(None)["score_parts"]] == copy.scores()
