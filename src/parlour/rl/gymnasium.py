"""Gymnasium: one seat of a game against bots, as a single-agent environment.

``make("fearless", seat=0, opponents="medium")`` (or ``gymnasium.make("parlour/Fearless-v0")``
once this module is imported: one id per game of the registry, from its title). The
observation is the game's encoder vector for the seat, the action an index into
``game.action_space``, the mask of legal indices ``info["action_mask"]``. The reward is the
seat's ``state.returns()`` when the game ends (``1/k`` for each of ``k`` winners), else 0.
The bots move between the agent's decisions; ``reset(seed=...)`` fixes the deal and the
bots' choices.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
import numpy.typing as npt
from gymnasium import spaces

from .. import bots
from ..core import Event, GameError, IllegalAction, State, game_names, load
from ..core.rng import derive_seed
from .actions import ActionIndex
from .encoders import encoder
from .pettingzoo import ILLEGAL, default_players
from .text import render_text

__all__ = ["ParlourSeatEnv", "env_id", "make", "register_envs"]

Opponent = str | bots.Bot


def env_id(game: str) -> str:
    """The registered id of a game: ``parlour/<Title without spaces or quotes>-v0``."""
    title = load(game).title
    return "parlour/" + "".join(ch for ch in title if ch.isalnum()) + "-v0"


class ParlourSeatEnv(gymnasium.Env[npt.NDArray[np.float32], np.int64]):
    """One seat of a game of the registry against bots (see the module's docstring)."""

    metadata = {"render_modes": ["ansi"], "render_fps": 1}

    def __init__(
        self,
        game: str,
        seat: int = 0,
        opponents: Opponent | Sequence[Opponent] = "medium",
        players: int | None = None,
        *,
        on_illegal: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options: Any,
    ) -> None:
        self.game = load(game)
        self.players = default_players(game) if players is None else players
        if not 0 <= seat < self.players:
            raise GameError(f"seat must be 0 to {self.players - 1}, not {seat!r}")
        if on_illegal not in ILLEGAL:
            raise GameError(f"on_illegal must be one of {', '.join(ILLEGAL)}, not {on_illegal!r}")
        if render_mode not in (None, "ansi"):
            raise GameError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        others = self.players - 1
        if isinstance(opponents, str) or not isinstance(opponents, Sequence):
            opponents = [opponents] * others
        if len(opponents) != others:
            raise GameError(f"give one opponent per other seat ({others}), not {len(opponents)}")
        for opponent in opponents:
            if isinstance(opponent, str):
                bots.make(opponent)  # fail now on an unknown name
        self._opponents = list(opponents)
        self.seat = seat
        self.on_illegal = on_illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.options = options
        self.game.new_game(self.players, seed=0, **options)  # fail now on a bad option
        self.index = ActionIndex(self.game, self.players, **options)
        self.encoder = encoder(self.game, self.players, **options)
        self.observation_space = spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32)
        self.action_space = spaces.Discrete(self.index.size)
        self.state: State | None = None
        self._bots: dict[int, bots.Bot] = {}
        self._events: list[Event] = []

    def _seat_bots(self, seed: int) -> dict[int, bots.Bot]:
        """The opponents by seat; bots made by name are seeded from the game's seed."""
        seats = [s for s in range(self.players) if s != self.seat]
        out: dict[int, bots.Bot] = {}
        for s, opponent in zip(seats, self._opponents, strict=True):
            if isinstance(opponent, str):
                out[s] = bots.make(opponent, seed=derive_seed(seed, s))
            else:
                out[s] = opponent
        return out

    def _play_bots(self) -> None:
        state = self.state
        assert state is not None
        while not state.is_over and state.current_player != self.seat:
            bot = self._bots[state.current_player]  # type: ignore[index]
            self._events = self._events + state.apply(bot.choose(state))

    def _observe(self) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        state = self.state
        assert state is not None
        obs = self.encoder.encode(state, self.seat)
        return obs, {"action_mask": self.index.mask(state)}

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[npt.NDArray[np.float32], dict[str, Any]]:
        """A new game, played by the bots up to the agent's first decision."""
        super().reset(seed=seed)
        game_seed = int(self.np_random.integers(0, 2**63))
        self.state = self.game.new_game(self.players, seed=game_seed, **self.options)
        self._bots = self._seat_bots(game_seed)
        self._events = []
        self._play_bots()
        return self._observe()

    def step(
        self, action: np.int64 | int
    ) -> tuple[npt.NDArray[np.float32], float, bool, bool, dict[str, Any]]:
        """Play the agent's action index, then the bots up to its next decision or the end."""
        state = self.state
        if state is None:
            raise GameError("call reset() before step()")
        if state.is_over:
            raise GameError("the game is over: call reset()")
        index = int(action)
        legal = self.index.legal_indices(state)
        if index not in legal:
            if self.on_illegal == "raise":
                raise IllegalAction(
                    f"action {index} is not legal now", [self.index.texts[i] for i in legal]
                )
            if self.on_illegal == "terminate":
                obs, info = self._observe()
                info["illegal_action"] = index
                return obs, self.illegal_reward, True, False, info
            index = legal[int(self.np_random.integers(len(legal)))]
        self._events = state.apply(self.index.texts[index])
        self._play_bots()
        obs, info = self._observe()
        reward = state.returns()[self.seat] if state.is_over else 0.0
        return obs, reward, state.is_over, False, info

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the public summary and the events since the last step."""
        if self.render_mode is None or self.state is None:
            return None
        return render_text(self.state, self._events)


def make(
    game: str,
    seat: int = 0,
    opponents: Opponent | Sequence[Opponent] = "medium",
    players: int | None = None,
    **kwargs: Any,
) -> ParlourSeatEnv:
    """The environment of one seat of ``game`` against ``opponents`` (bot names or bots)."""
    return ParlourSeatEnv(game, seat, opponents, players, **kwargs)


def register_envs() -> None:
    """Register ``parlour/<Title>-v0`` for every game of the registry (again: no change)."""
    for name in game_names():
        ident = env_id(name)
        if ident not in gymnasium.registry:
            gymnasium.register(ident, entry_point=f"{__name__}:make", kwargs={"game": name})


register_envs()
