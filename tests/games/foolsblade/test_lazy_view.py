"""``LazyView``: the view read key by key gives what ``view`` gives, key for key."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

import parlour
from parlour.core import GameError, Rng
from parlour.games.foolsblade.state import FoolsBladeState
from parlour.games.foolsblade.views import LazyView


def states(players: int, seed: int, cards: str, every: int) -> Iterator[FoolsBladeState]:
    """Every ``every``-th state of a seeded random game, and its last."""
    state = parlour.load("foolsblade").new_game(players, seed=seed, cards=cards)
    assert isinstance(state, FoolsBladeState)
    rng = Rng(seed)
    step = 0
    while not state.is_over:
        if step % every == 0:
            yield state
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        step += 1
    yield state


@pytest.mark.parametrize(("players", "cards"), [(2, "v1"), (4, "v2"), (4, "v3"), (6, "v3")])
def test_every_key_read_alone_or_all_together_is_the_views(players: int, cards: str) -> None:
    seen_combat = seen_window = seen_decision = False
    for state in states(players, seed=players * 10 + len(cards), cards=cards, every=23):
        for seat in [None, *range(players)]:
            full = state.view(seat)
            # Each key read first on a fresh view: no key leans on another read before it.
            for key, value in full.items():
                assert LazyView(state, seat)[key] == value, key
            if full["combat"] is not None:
                for key, value in full["combat"].items():
                    assert LazyView(state, seat)["combat"][key] == value, key
            lazy = LazyView(state, seat)
            assert list(lazy) == list(full)
            assert len(lazy) == len(full)
            assert all(key in lazy for key in full)
            assert "nothing" not in lazy and lazy.get("nothing", 7) == 7
            unpacked = {**lazy}
            assert list(unpacked) == list(full) and unpacked == full
            assert lazy.full() == full and dict(lazy.items()) == full
            assert lazy == full and full == lazy
            assert (lazy != full) is False  # ``!=`` too reads every key
            seen_combat |= full["combat"] is not None
            seen_window |= full["window"] is not None
            seen_decision |= full["decision"] is not None
    assert seen_combat and seen_window and seen_decision


def test_the_hand_and_the_legal_actions_are_only_where_the_view_has_them() -> None:
    state = parlour.load("foolsblade").new_game(3, seed=4)
    assert isinstance(state, FoolsBladeState)
    mover = state.current_player
    assert mover is not None
    other = (mover + 1) % 3
    assert LazyView(state, mover)["legal_actions"] == [a.text for a in state.legal_actions()]
    for seat in (None, other):
        with pytest.raises(KeyError):
            LazyView(state, seat)["legal_actions"]
        assert LazyView(state, seat).get("legal_actions") is None
    with pytest.raises(KeyError):
        LazyView(state, None)["hand"]
    assert LazyView(state, other).get("hand") == state.view(other)["hand"]


def test_a_seat_out_of_range_is_refused_as_by_view() -> None:
    state = parlour.load("foolsblade").new_game(3, seed=4)
    assert isinstance(state, FoolsBladeState)
    for seat in (-1, 3):
        with pytest.raises(GameError):
            state.view(seat)
        with pytest.raises(GameError):
            LazyView(state, seat)
