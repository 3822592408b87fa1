"""Bots by name: ``bots.make("random", seed=1)``; the levels ``easy``, ``medium``, ``hard``;
and any program or language model as ``cmd:<command line>`` or ``llm:base=<url>:model=<name>``
(``parlour.agents``)."""

from __future__ import annotations

import inspect
import types
from collections.abc import Callable
from typing import Any, Union, get_args, get_origin, get_type_hints

from ..core import GameError
from .base import Bot
from .heuristic import HeuristicBot
from .ismcts import IsmctsBot
from .levels import EasyBot, HardBot, MediumBot
from .random import RandomBot

__all__ = ["AGENT_KINDS", "LEVELS", "Bot", "is_agent", "make", "names", "release", "titles"]

_FACTORIES: dict[str, Callable[..., Bot]] = {
    "random": RandomBot,
    "heuristic": HeuristicBot,
    "ismcts": IsmctsBot,
    "easy": EasyBot,
    "medium": MediumBot,
    "hard": HardBot,
}

LEVELS = ("easy", "medium", "hard")
# What a player is told each bot is, in the lobby: the levels, then the bots for testing.
_TITLES = {
    "easy": "Easy: often makes a careless move",
    "medium": "Medium: plays sensibly, never looks ahead",
    "hard": "Hard: thinks ahead over the cards it cannot see",
    "random": "Random moves (for testing)",
    "heuristic": "Rules of thumb, as medium (for testing)",
    "ismcts": "Search with settings by hand (for testing)",
}
# The kinds of bot whose name carries a spec after a colon: an agent program or model.
AGENT_KINDS = ("cmd", "llm")


def names() -> list[str]:
    """The names ``make`` accepts."""
    return sorted(_FACTORIES)


def titles() -> dict[str, str]:
    """What a player is told each bot of ``names`` is ("Easy: often makes a careless move")."""
    return dict(_TITLES)


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
    _check_settings(name.strip().lower(), factory, settings)
    return factory(seed=seed, **settings)


def _check_settings(name: str, factory: Callable[..., Bot], settings: dict[str, Any]) -> None:
    """``GameError`` in one sentence for a setting the bot does not take or of the wrong type."""
    # A bot that passes its other settings on (``hard`` to its search) names the class that
    # takes them.
    target = getattr(factory, "settings_of", factory)
    hints = {**get_type_hints(target.__init__), **get_type_hints(factory.__init__)}
    known: list[str] = []
    for source in dict.fromkeys((factory, target)):
        for key, parameter in inspect.signature(source).parameters.items():
            if key != "seed" and parameter.kind is not parameter.VAR_KEYWORD:
                known.append(key)
    for key, value in settings.items():
        if key not in known:
            takes = f"its settings are: {', '.join(known)}" if known else "it takes none"
            raise GameError(f"bad settings for the {name} bot: no setting {key!r} ({takes})")
        kinds = _accepted_types(hints.get(key, object))
        if not isinstance(value, kinds) or (isinstance(value, bool) and bool not in kinds):
            wanted = " or ".join(kind.__name__ for kind in kinds)
            raise GameError(f"bad settings for the {name} bot: {key} takes {wanted}, not {value!r}")


def _accepted_types(hint: Any) -> tuple[type, ...]:
    """The classes a setting annotated ``hint`` accepts (``float`` takes ints too, ``None`` is
    the default's, never given as text)."""
    kinds = get_args(hint) if get_origin(hint) in (Union, types.UnionType) else (hint,)
    accepted = tuple(kind for kind in kinds if isinstance(kind, type) and kind is not type(None))
    return (*accepted, int) if float in accepted else accepted


def release(bot: Bot) -> None:
    """Let a bot free what it holds (an agent's program); other bots hold nothing."""
    close = getattr(bot, "close", None)
    if callable(close):
        close()
