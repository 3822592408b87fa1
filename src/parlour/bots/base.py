"""What every bot is: something that chooses an action for the seat to move."""

from __future__ import annotations

from typing import Protocol

from ..core import Action, State

__all__ = ["Bot"]


class Bot(Protocol):
    """A player. ``choose`` looks only at what ``state.current_player`` may know."""

    name: str

    def choose(self, state: State) -> Action:
        """The action this bot takes for ``state.current_player``."""
        ...
