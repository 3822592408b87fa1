"""Parlour: rules engine, bots and program for Fearless, Citadels and Fool's Blade."""

from . import games as _games  # noqa: F401  (registers the built-in games)
from .core import Action, Event, GameError, IllegalAction, Record, game_names, load, replay

__all__ = [
    "Action",
    "Event",
    "GameError",
    "IllegalAction",
    "Record",
    "game_names",
    "load",
    "replay",
]
__version__ = "0.1.0"
