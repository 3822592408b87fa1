"""Observation encoders by game: ``encoder(game, players, **options)``.

Fearless and Citadels have dedicated layouts; any other game gets the hashed view
(``generic``), a fixed-shape encoding of exactly what ``view(seat)`` shows.
"""

from __future__ import annotations

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
    """The observation encoder of ``game`` for this player count and options."""
    if game.name == "fearless":
        return FearlessEncoder(players)
    if game.name == "citadels":
        return CitadelsEncoder(game, players, **options)
    return HashedViewEncoder(game.name, players)
