"""Action indices and observation encoders: fixed shapes, views only, buffers reused."""

from __future__ import annotations

import numpy as np
import pytest

import parlour
from parlour.core import IllegalAction, Rng
from parlour.rl import ActionIndex, encoder
from parlour.rl.encoders import FearlessEncoder, HashedViewEncoder
from parlour.rl.encoders.fearless import CARDS

from .conftest import CONFIG_IDS, CONFIGS


def random_states(name: str, players: int, seed: int, stride: int = 7) -> list[parlour.core.State]:
    """Every ``stride``-th state of a random game, and its final state."""
    state = parlour.load(name).new_game(players, seed=seed)
    rng = Rng(seed)
    out = []
    while not state.is_over:
        if state.move_number % stride == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
    out.append(state)
    return out


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_action_index_round_trips_every_legal_action(name: str, players: int) -> None:
    index = ActionIndex(parlour.load(name), players)
    assert len(set(index.texts)) == index.size
    for state in random_states(name, players, seed=3):
        mask = index.mask(state)
        legal = state.legal_actions()
        assert int(mask.sum()) == len(legal)
        for action in legal:
            i = index.encode(action)
            assert mask[i] == 1
            assert index.decode(state, i).text == action.text
        if not state.is_over:
            illegal = int(np.flatnonzero(mask == 0)[0])
            with pytest.raises(IllegalAction):
                index.decode(state, illegal)
            with pytest.raises(IllegalAction):
                index.decode(state, index.size)


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_encoding_is_fixed_shape_and_sees_only_the_view(name: str, players: int) -> None:
    enc = encoder(parlour.load(name), players)
    assert sum(size for _, _, size, _ in enc.layout.sections) == enc.size
    buffer = np.full(enc.size, 7.0, np.float32)
    for k, state in enumerate(random_states(name, players, seed=5)):
        seat = k % players
        fresh = enc.encode(state, seat)
        assert fresh.shape == (enc.size,) and fresh.dtype == np.float32
        assert np.isfinite(fresh).all()
        # A reused buffer holding stale values gives the same vector.
        assert enc.encode(state, seat, buffer) is buffer
        np.testing.assert_array_equal(buffer, fresh)
        # A state the seat cannot tell apart (same view) encodes the same.
        twin = state.determinize(seat, seed=k)
        assert twin.view(seat) == state.view(seat)
        np.testing.assert_array_equal(enc.encode(twin, seat), fresh)


def test_fearless_layout_reads_as_documented() -> None:
    game = parlour.load("fearless")
    state = game.new_game(4, seed=1)
    rng = Rng(2)
    for _ in range(30):
        state.apply(rng.choice(state.legal_actions()))
    enc = FearlessEncoder(4)
    seat = 1
    view = state.view(seat)
    parts = enc.layout.slices(enc.encode(state, seat))
    assert int(parts["hand"].sum()) == len(view["hand"])
    assert int(parts["played"].sum()) == len(view["played"]) + len(view["trick"])
    assert int(parts["unseen"].sum()) == sum(view["hand_counts"]) - len(view["hand"])
    trick = parts["trick"].reshape(4, -1)
    for s, card in view["trick"]:
        assert trick[(s - seat) % 4].argmax() == CARDS.index(card)
    assert parts["to_move"].argmax() == (view["current_player"] - seat) % 4
    for s, ghost in enumerate(view["ghosts"]):
        r = (s - seat) % 4
        assert parts["ruin"][r] == (ghost is None)
        assert parts["ghost"][r] == pytest.approx(0 if ghost is None else ghost / 15)
    for s, suits in enumerate(view["voids"]):
        flags = parts["voids"].reshape(4, 4)[(s - seat) % 4]
        assert [bool(f) for f in flags] == [
            x in suits for x in ("blue", "orange", "magenta", "green")
        ]


@pytest.mark.parametrize(("name", "players"), CONFIGS, ids=CONFIG_IDS)
def test_hashed_view_fallback_sees_only_the_view(name: str, players: int) -> None:
    """The encoding a game without a dedicated one gets, tried on the games we have."""
    enc = HashedViewEncoder(name, players, buckets=256)
    vectors = []
    for k, state in enumerate(random_states(name, players, seed=9, stride=23)):
        seat = k % players
        vector = enc.encode(state, seat)
        assert vector.shape == (256,) and np.isfinite(vector).all()
        twin = state.determinize(seat, seed=k)
        np.testing.assert_array_equal(enc.encode(twin, seat), vector)
        vectors.append(vector.tobytes())
    assert len(set(vectors)) == len(vectors)
