"""Random playouts for search, with the generator's step inlined."""

from __future__ import annotations

from ..core import Rng, State
from ..core.rng import GAMMA, MASK64, MIX1, MIX2

__all__ = ["random_playout"]


def random_playout(state: State, rng: Rng, limit: int) -> None:
    """Play up to ``limit`` uniformly random legal actions, drawn exactly as ``rng.below`` does.

    Search spends most of its time here, so the generator step is inlined: a call to
    ``below`` for every action would cost about a twentieth of the playout.
    """
    legal_actions, apply = state.legal_actions, state.apply
    counter = rng.state
    for _ in range(limit):
        if state.is_over:
            break
        legal = legal_actions()
        counter = z = (counter + GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        apply(legal[((z ^ (z >> 31)) * len(legal)) >> 64])
    rng.state = counter
