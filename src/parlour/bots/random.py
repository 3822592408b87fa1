"""The random bot: uniform over the legal actions, from its own seeded generator."""

from __future__ import annotations

from ..core import Action, Rng, State

__all__ = ["RandomBot"]


class RandomBot:
    """Plays a uniformly random legal action."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: State) -> Action:
        """A uniformly random legal action (the legal actions are public to the seat)."""
        return self.rng.choice(state.legal_actions())
