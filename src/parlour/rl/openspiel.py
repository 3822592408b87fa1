"""OpenSpiel: every game of the registry as an OpenSpiel Python game, ``parlour_<name>``.

``register()`` registers them; then ``pyspiel.load_game("parlour_fearless", {"players": 4})``;
a game's scalar options are parameters too (``{"players": 4, "great_wall": True}``).
Chance is sampled (``SAMPLED_STOCHASTIC``): each new initial state is a fresh deal, seeded
from the ``seed`` parameter and a counter, and later deals come from the state's own
generator. Actions are indices into ``game.action_space``; the information-state and
observation tensors are the game's encoder vector for the player (the engine's view is its
information set: see ``determinize`` in API.md), and the strings are that view as JSON.
``resample_from_infostate`` is ``determinize``, seeded from OpenSpiel's sampler, which is
what OpenSpiel's ISMCTS bot calls.
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pyspiel

from ..core import Game, State, derive_seed, game_names, load
from .actions import ActionIndex
from .encoders import Encoder, encoder
from .pettingzoo import default_players

__all__ = [
    "DEFAULT_MAX_GAME_LENGTH",
    "ParlourGame",
    "ParlourState",
    "max_game_length",
    "option_parameters",
    "register",
    "short_name",
]

# The bound on a game's length that OpenSpiel asks of every game, where the game declares
# none (``Game.max_decisions``): a generous default.
DEFAULT_MAX_GAME_LENGTH = 100_000
# The option types an OpenSpiel parameter can carry (its parameters are scalars).
_SCALAR_OPTIONS = {"bool": bool, "int": int, "str": str}


def short_name(game: str) -> str:
    """The OpenSpiel name of a game of the registry: ``parlour_<name>``."""
    return f"parlour_{load(game).name}"


def option_parameters(game: str) -> dict[str, Any]:
    """The game's options that OpenSpiel parameters carry, with their defaults: those of a
    scalar type with a default (``great_wall``, ``max_rounds``, ``max_turns`` ...)."""
    return {
        name: option.default
        for name, option in load(game).options.items()
        if option.type in _SCALAR_OPTIONS and option.default is not None
    }


def max_game_length(game: Game, players: int, options: dict[str, Any]) -> int:
    """The game's own bound on its length (``Game.max_decisions``), else the default."""
    bound = game.max_decisions
    return DEFAULT_MAX_GAME_LENGTH if bound is None else bound(players, options)


class _Holder:
    """The engine's state and its game inside an OpenSpiel state.

    OpenSpiel clones a Python state by making a new initial state and deep-copying the
    attributes over it. Deep copies would copy the engine state's shared setup and try to
    pickle the game, so the holder clones the state with ``clone()`` and shares the game;
    and a new initial state is dealt only when first read, so the deal a clone overwrites
    costs nothing and takes no deal from the game's stream.
    """

    __slots__ = ("_state", "game")

    def __init__(self, state: State | None, game: ParlourGame) -> None:
        self._state = state
        self.game = game

    @property
    def state(self) -> State:
        """The engine's state, dealt on first use for a new initial state."""
        if self._state is None:
            self._state = self.game.deal()
        return self._state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Holder:
        return _Holder(self.state.clone(), self.game)


class ParlourGame(pyspiel.Game):  # type: ignore[misc]  # pyspiel ships no types
    """One game of the registry with its ``players`` and ``seed`` parameters and its options
    (``option_parameters``: ``{"players": 4, "great_wall": True}`` plays that variant)."""

    def __init__(self, name: str, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        self.engine = load(name)
        self.players = int(params.pop("players", default_players(name)))
        self.seed = int(params.pop("seed", 0))
        # The other parameters are the game's options, checked now (a bad one is a
        # GameError naming it); the bound reads them with the defaults filled in.
        self.options = params
        stored = self.engine.checked_options(self.players, self.options)
        self.index = ActionIndex(self.engine, self.players, **self.options)
        self.encoder: Encoder = encoder(self.engine, self.players, **self.options)
        self._deals = 0
        info = pyspiel.GameInfo(
            num_distinct_actions=self.index.size,
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=1.0,
            max_game_length=max_game_length(self.engine, self.players, stored),
        )
        parameters = {"players": self.players, "seed": self.seed, **self.options}
        super().__init__(_game_type(name), info, parameters)

    def new_initial_state(self) -> ParlourState:
        """A new game: the next deal of this game's seed stream, made when first read."""
        return ParlourState(self, None)

    def deal(self) -> State:
        """The engine's state of the next new game of this game's seed stream."""
        self._deals += 1
        seed = derive_seed(self.seed, self._deals)
        return self.engine.new_game(self.players, seed=seed, **self.options)

    def make_py_observer(
        self, iig_obs_type: Any = None, params: dict[str, Any] | None = None
    ) -> ParlourObserver:
        """The observer of a player's own information (the encoder and the view)."""
        if params:
            raise ValueError(f"observation parameters are not supported; passed {params}")
        private = getattr(iig_obs_type, "private_info", pyspiel.PrivateInfoType.SINGLE_PLAYER)
        if private != pyspiel.PrivateInfoType.SINGLE_PLAYER:
            raise ValueError("only a player's own observation (private_info SINGLE_PLAYER)")
        return ParlourObserver(self.encoder)


class ParlourState(pyspiel.State):  # type: ignore[misc]  # pyspiel ships no types
    """An OpenSpiel state around the engine's state."""

    def __init__(self, game: ParlourGame, state: State | None) -> None:
        super().__init__(game)
        self._holder = _Holder(state, game)

    @property
    def engine_state(self) -> State:
        """The engine's state (read it through ``view``; do not change it)."""
        return self._holder.state

    def current_player(self) -> int:
        """The seat to move, or ``TERMINAL``."""
        state = self._holder.state
        if state.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return state.current_player  # type: ignore[return-value]

    def _legal_actions(self, player: int) -> list[int]:
        """The legal indices, ascending."""
        return sorted(self._holder.game.index.legal_indices(self._holder.state))

    def _apply_action(self, action: int) -> None:
        self._holder.state.apply(self._holder.game.index.texts[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self._holder.game.index.texts[action]

    def is_terminal(self) -> bool:
        """Whether the game is over."""
        return self._holder.state.is_over

    def returns(self) -> list[float]:
        """``state.returns()``: ``1/k`` for each of ``k`` winners, else 0."""
        return self._holder.state.returns()

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> ParlourState:
        """A state ``player_id`` cannot tell from this one: ``determinize``, sampler-seeded."""
        seed = int(probability_sampler() * 2**53)
        twin = self._holder.state.determinize(player_id, seed)
        return ParlourState(self._holder.game, twin)

    def __str__(self) -> str:
        return json.dumps(self._holder.state.view(None), sort_keys=True)


class ParlourObserver:
    """OpenSpiel's observer interface: ``tensor``/``dict`` from the encoder, strings from views."""

    def __init__(self, enc: Encoder) -> None:
        self.encoder = enc
        self.tensor = np.zeros(enc.size, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: ParlourState, player: int) -> None:
        """Encode ``player``'s view of ``state`` into ``tensor``."""
        self.encoder.encode(state.engine_state, player, self.tensor)

    def string_from(self, state: ParlourState, player: int) -> str:
        """``player``'s view as canonical JSON (equal strings: the same information)."""
        return json.dumps(state.engine_state.view(player), sort_keys=True)


def _game_type(name: str) -> pyspiel.GameType:
    game = load(name)
    return pyspiel.GameType(
        short_name=short_name(name),
        long_name=f"Parlour {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.CONSTANT_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": default_players(name),
            "seed": 0,
            **option_parameters(name),
        },
    )


def register() -> list[str]:
    """Register ``parlour_<name>`` for every game of the registry; return their names."""
    registered = set(pyspiel.registered_names())
    names = []
    for name in game_names():
        short = short_name(name)
        if short not in registered:
            pyspiel.register_game(_game_type(name), _game_class(name))
        names.append(short)
    return names


def _game_class(name: str) -> type[ParlourGame]:
    """A ``ParlourGame`` subclass for one game, made with OpenSpiel's ``(params)`` signature.

    OpenSpiel keeps what ``register_game`` receives until the process ends; a class is
    released safely then, whereas a closure is released after the interpreter has gone and
    aborts the process at exit.
    """

    def init(self: ParlourGame, params: dict[str, Any] | None = None) -> None:
        ParlourGame.__init__(self, name, params)

    title = "".join(ch for ch in load(name).title if ch.isalnum())
    return type(f"Parlour{title}Game", (ParlourGame,), {"__init__": init})
