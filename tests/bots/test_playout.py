"""The bots' random playout: the same actions as drawing with ``Rng.below`` step by step."""

from __future__ import annotations

import parlour
from parlour.bots.playout import random_playout
from parlour.core import Rng


def test_random_playout_draws_as_below_does() -> None:
    a = parlour.load("fearless").new_game(4, seed=5)
    b = a.clone()
    rng_a, rng_b = Rng(9), Rng(9)
    random_playout(a, rng_a, 30)
    for _ in range(30):
        actions = b.legal_actions()
        b.apply(actions[rng_b.below(len(actions))])
    assert a.view(None) == b.view(None) and a.history == b.history
    assert rng_a.state == rng_b.state
    random_playout(a, rng_a, 10_000)
    assert a.is_over
