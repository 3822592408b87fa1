"""Observation encoders by game: ``encoder(game, players, **options)``.

A game names its dedicated layout in ``Game.encoder`` (Fearless and Citadels do); any other
game gets the hashed view (``generic``), a fixed-shape encoding of exactly what
``view(seat)`` shows.
"""

from __future__ import annotations

import importlib
from typing import Any

from ...core import Game
from .base import Encoder, Layout
from .citadels import CitadelsEncoder
from .fearless import FearlessEncoder
from .generic import HashedViewEncoder

__all__ = [
    "CitadelsEncoder",
    "Encoder",
    "FearlessEncoder",
    "HashedViewEncoder",
    "Layout",
    "encoder",
]


def encoder(game: Game, players: int, **options: Any) -> Encoder:
    """The observation encoder ``game`` declares (``Game.encoder``), else the hashed view."""
    if game.encoder is None:
        return HashedViewEncoder(game.name, players)
    module, _, name = game.encoder.partition(":")
    made: Encoder = getattr(importlib.import_module(module), name).for_game(
        game, players, **options
    )
    return made
