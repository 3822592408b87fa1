"""PettingZoo: every game of the registry as an AEC environment with action masks.

``env("fearless", players=4)`` is the environment wrapped in PettingZoo's
``OrderEnforcingWrapper``; ``raw_env`` is the bare one. Agents are ``player_0`` …
``player_{n-1}`` (the seats). Each observation is ``{"observation": float32 vector from the
game's encoder (observer first), "action_mask": int8 vector over the action index}``; an
action is an index into ``game.action_space(players, **options)``. Rewards are
``state.returns()`` when the game ends, 0 before.

Two turn orders: ``turns="actor"`` (the default, as in PettingZoo's classic games) selects
only the seat that must decide; ``turns="table"`` selects every seat in seat order each
cycle, the seat to move playing and the others answering with the extra ``wait`` action
(the last index), so that each cycle is one move of the game and
``parallel_env`` (PettingZoo's own ``aec_to_parallel`` of it) can offer it as a parallel
environment. ``max_cycles`` truncates the game before any agent would be selected more
than that many times.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv, ParallelEnv
from pettingzoo.utils import OrderEnforcingWrapper
from pettingzoo.utils.conversions import aec_to_parallel_wrapper

from ..core import Event, GameError, IllegalAction, Rng, load
from .actions import ActionIndex
from .encoders import encoder
from .text import render_text

__all__ = ["ILLEGAL", "TURNS", "ParlourEnv", "env", "parallel_env", "raw_env"]

TURNS = ("actor", "table")
ILLEGAL = ("terminate", "raise", "random")
"""What an illegal action does: end the game with ``illegal_reward`` for the offender (as
PettingZoo's ``TerminateIllegalWrapper``), raise ``IllegalAction``, or play a random
legal action in its place (for checkers that sample actions without the mask)."""

Observation = dict[str, npt.NDArray[Any]]


def default_players(game: str) -> int:
    """Four seats where the game takes four, else the nearest count it takes."""
    g = load(game)
    return min(max(4, g.min_players), g.max_players)


# PettingZoo ships no types, so its base class is Any to mypy.
class ParlourEnv(AECEnv[str, Observation, int | None]):  # type: ignore[misc]
    """A game of the registry as a PettingZoo AEC environment (see the module's docstring)."""

    def __init__(
        self,
        game: str,
        players: int | None = None,
        *,
        turns: str = "actor",
        max_cycles: int | None = None,
        on_illegal: str = "terminate",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        seed: int = 0,
        **options: Any,
    ) -> None:
        super().__init__()
        self.game = load(game)
        self.players = default_players(game) if players is None else players
        if turns not in TURNS:
            raise GameError(f"turns must be one of {', '.join(TURNS)}, not {turns!r}")
        if on_illegal not in ILLEGAL:
            raise GameError(f"on_illegal must be one of {', '.join(ILLEGAL)}, not {on_illegal!r}")
        if render_mode not in (None, "ansi"):
            raise GameError(f"render_mode must be None or 'ansi', not {render_mode!r}")
        self.turns = turns
        self.max_cycles = max_cycles
        self.on_illegal = on_illegal
        self.illegal_reward = illegal_reward
        self.render_mode = render_mode
        self.options = options
        self.index = ActionIndex(self.game, self.players, **options)
        self.encoder = encoder(self.game, self.players, **options)
        # Fail now, not at reset, on a bad player count or option.
        self.game.new_game(self.players, seed=0, **options)
        # The index of ``wait``; in actor turns nobody is ever asked to wait.
        self.wait = self.index.size
        actions = self.index.size + (1 if turns == "table" else 0)
        self.metadata = {
            "render_modes": ["ansi"],
            "name": f"parlour_{self.game.name}_v0",
            "is_parallelizable": turns == "table",
        }
        self.possible_agents = [f"player_{seat}" for seat in range(self.players)]
        obs_space = spaces.Dict(
            {
                "observation": spaces.Box(-np.inf, np.inf, (self.encoder.size,), np.float32),
                "action_mask": spaces.Box(0, 1, (actions,), np.int8),
            }
        )
        self.observation_spaces = dict.fromkeys(self.possible_agents, obs_space)
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        self.actions = actions
        self._rng = Rng(seed)
        self._events: list[Event] = []

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The same ``Dict`` space for every agent: observation vector and action mask."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Discrete:
        """``Discrete`` over the action index (plus ``wait`` with ``turns="table"``)."""
        return self.action_spaces[agent]

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new game; ``seed`` restarts the stream of deals (else it continues)."""
        if seed is not None:
            self._rng = Rng(seed)
        self.state = self.game.new_game(self.players, seed=self._rng.next64(), **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.selections = dict.fromkeys(self.agents, 0)
        self._events = []
        self._table_seat = 0
        self._move: int | None = None
        self._offender: tuple[str, int | None] | None = None
        self.agent_selection = self._next_agent()

    def _next_agent(self) -> str:
        if self.turns == "table":
            return self.possible_agents[self._table_seat]
        seat: int = self.state.current_player  # type: ignore[assignment]  # never None here
        return self.possible_agents[seat]

    def observe(self, agent: str) -> Observation:
        """The agent's encoded view and its action mask (all 0 unless it is selected)."""
        seat = self.possible_agents.index(agent)
        mask = np.zeros(self.actions, np.int8)
        live = not (self.terminations.get(agent) or self.truncations.get(agent))
        if live and agent == self.agent_selection:
            if seat == self.state.current_player:
                self.index.mask(self.state, mask[: self.index.size])
            elif self.turns == "table":
                mask[self.wait] = 1
        return {"observation": self.encoder.encode(self.state, seat), "action_mask": mask}

    def step(self, action: int | None) -> None:
        """Play the selected agent's action index (``None`` for an agent that is done).

        With ``turns="table"`` the move is made once the cycle's last seat has answered,
        so that everything changes at the end of a cycle, as a parallel environment needs.
        """
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self.possible_agents.index(agent)
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        self.selections[agent] += 1
        state = self.state
        legal = self.index.legal_indices(state) if seat == state.current_player else [self.wait]
        chosen = None if action is None else int(action)
        if chosen not in legal:
            if self.on_illegal == "raise":
                self.selections[agent] -= 1
                raise IllegalAction(
                    f"action {action!r} is not legal for {agent} now", [str(i) for i in legal]
                )
            if self.on_illegal == "terminate":
                self._offender = self._offender or (agent, action)
                chosen = None
            else:
                chosen = legal[self._rng.below(len(legal))]
        if seat == state.current_player:
            self._move = chosen
        if self.turns == "table" and seat + 1 < self.players:
            self._table_seat = seat + 1
            self.agent_selection = self._next_agent()
            self._accumulate_rewards()
            return
        self._table_seat = 0
        self._end_move(seat)

    def _end_move(self, seat: int) -> None:
        """Make the move chosen (or end the game on an illegal one) and select who is next."""
        state = self.state
        move, self._move = self._move, None
        if self._offender is not None:
            offender, action = self._offender
            self.rewards[offender] = self.illegal_reward
            self.terminations = dict.fromkeys(self.agents, True)
            self.infos[offender] = {"illegal_action": action}
            self._accumulate_rewards()
            return
        if move is not None:
            self._events = state.apply(self.index.texts[move])
        if state.is_over:
            returns = state.returns()
            for s, a in enumerate(self.possible_agents):
                self.rewards[a] = returns[s]
            self.terminations = dict.fromkeys(self.agents, True)
            self.agent_selection = self.possible_agents[(seat + 1) % self.players]
        else:
            self.agent_selection = self._next_agent()
            cap = self.max_cycles
            if cap is not None and self.selections[self.agent_selection] >= cap:
                self.truncations = dict.fromkeys(self.agents, True)
        self._accumulate_rewards()

    def render(self) -> str | None:
        """With ``render_mode="ansi"``: the spectator's summary and the last move's events."""
        if self.render_mode is None:
            return None
        return render_text(self.state, self._events)

    def close(self) -> None:
        """Nothing to release."""


def raw_env(game: str, players: int | None = None, **kwargs: Any) -> ParlourEnv:
    """The bare AEC environment (keywords as ``ParlourEnv``)."""
    return ParlourEnv(game, players, **kwargs)


def env(
    game: str, players: int | None = None, **kwargs: Any
) -> OrderEnforcingWrapper[str, Observation, int | None]:
    """The AEC environment in PettingZoo's ``OrderEnforcingWrapper``, as the classic games."""
    return OrderEnforcingWrapper(ParlourEnv(game, players, **kwargs))


def parallel_env(
    game: str, players: int | None = None, **kwargs: Any
) -> ParallelEnv[str, Observation, int | None]:
    """A parallel environment: one move a step, every seat submitting (``turns="table"``)."""
    kwargs["turns"] = "table"
    return aec_to_parallel_wrapper(ParlourEnv(game, players, **kwargs))
