"""Bots by name: ``bots.make("random", seed=1)``; the levels ``easy``, ``medium``, ``hard``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import GameError
from .base import Bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .levels import EasyBot, HardBot, MediumBot
from .random import RandomBot

__all__ = ["LEVELS", "Bot", "make", "names"]

_FACTORIES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": IsmctsBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

LEVELS = ("easy", "medium", "hard")


def names() -> list[str]:
    """The names ``make`` accepts."""
    return sorted(_FACTORIES)


def make(name: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot by name, seeded; ``GameError`` for an unknown name or setting."""
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise GameError(f"there is no bot {name!r}; the bots are: {', '.join(names())}")
    try:
        return factory(seed=seed, **settings)
    except TypeError as error:
        raise GameError(f"bad settings for the {name} bot: {error}") from None
