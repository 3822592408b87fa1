"""The action index of a game: every action text at a fixed position, and masks over it."""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import Action, Game, IllegalAction, State

__all__ = ["ActionIndex"]


class ActionIndex:
    """Positions of ``game.action_space(players, **options)``: ``encode``, ``decode``, ``mask``."""

    def __init__(self, game: Game, players: int, **options: Any) -> None:
        self.game = game
        self.players = players
        self.texts: list[str] = list(game.action_space(players, **options))
        self.size = len(self.texts)
        self._index = {text: i for i, text in enumerate(self.texts)}

    def encode(self, action: Action | str) -> int:
        """The index of an action (or its text); ``KeyError`` for a text outside the space."""
        text = action if isinstance(action, str) else action.text
        return self._index[text]

    def decode(self, state: State, index: int) -> Action:
        """The legal action of ``state`` at ``index``; ``IllegalAction`` when it is not legal."""
        if not 0 <= index < self.size:
            raise IllegalAction(
                f"action index {index} is outside 0..{self.size - 1}",
                [a.text for a in state.legal_actions()],
            )
        return state.resolve(self.texts[index])

    def legal_indices(self, state: State) -> list[int]:
        """The indices of the legal actions of ``state``, in the order the game lists them."""
        index = self._index
        return [index[a.text] for a in state.legal_actions()]

    def mask(self, state: State, out: npt.NDArray[np.int8] | None = None) -> npt.NDArray[np.int8]:
        """A 0/1 ``int8`` vector with 1 at every legal index (all 0 once the game is over)."""
        if out is None:
            out = np.zeros(self.size, np.int8)
        else:
            out[:] = 0
        if not state.is_over:
            out[self.legal_indices(state)] = 1
        return out
