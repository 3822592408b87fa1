"""The game-agnostic core: registry, actions, events, chance, records and errors."""

from .actions import Action
from .errors import GameError, IllegalAction
from .events import Event, Said, event, player_name, seats_named
from .game import Game, Option, State
from .record import Record, replay
from .registry import game_names, load, register
from .rng import Rng, derive_seed
from .views import CommonView, seat_name

__all__ = [
    "Action",
    "CommonView",
    "Event",
    "Game",
    "GameError",
    "IllegalAction",
    "Option",
    "Record",
    "Rng",
    "Said",
    "State",
    "derive_seed",
    "event",
    "game_names",
    "load",
    "player_name",
    "register",
    "replay",
    "seat_name",
    "seats_named",
]
