"""Bots by name: ``bots.make("random", seed=1)``; the levels ``easy``, ``medium``, ``hard``;
and any program or language model as ``cmd:<command line>`` or ``llm:base=<url>:model=<name>``
(``parlour.agents``)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..core import GameError
from .base import Bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .levels import EasyBot, HardBot, MediumBot
from .random import RandomBot

__all__ = ["AGENT_KINDS", "LEVELS", "Bot", "is_agent", "make", "names", "release"]

_FACTORIES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": IsmctsBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

LEVELS = ("easy", "medium", "hard")
# The kinds of bot whose name carries a spec after a colon: an agent program or model.
AGENT_KINDS = ("cmd", "llm")


def names() -> list[str]:
    """The names ``make`` accepts."""
    return sorted(_FACTORIES)


def is_agent(name: str) -> bool:
    """Whether ``name`` seats an agent (``cmd:...``, ``llm:...``), whose spec keeps its case."""
    kind, sep, _ = name.strip().partition(":")
    return bool(sep) and kind.lower() in AGENT_KINDS


def make(name: str, seed: int = 0, **settings: Any) -> Bot:
    """A bot by name, seeded; ``GameError`` for an unknown name or setting."""
    if is_agent(name):
        # Imported here: the agents' text and protocols are not needed by other bots.
        from ..agents import kinds

        return kinds.make(name, seed=seed, **settings)
    factory = _FACTORIES.get(name.strip().lower())
    if factory is None:
        raise GameError(
            f"there is no bot {name!r}; the bots are: {', '.join(names())}, and programs as "
            "cmd:<command line> or llm:base=<url>:model=<name>"
        )
    try:
        return factory(seed=seed, **settings)
    except TypeError as error:
        raise GameError(f"bad settings for the {name} bot: {error}") from None


def release(bot: Bot) -> None:
    """Let a bot free what it holds (an agent's program); other bots hold nothing."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()
