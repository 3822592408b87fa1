"""Line-ups of bots as people write them: ``"ismcts:iterations=500,heuristic,cmd:python a.py"``.

The one parser of bot names with settings: tournaments, simulations and the terminal read
line-ups with ``parse_bots``; the ``key=value`` pairs after a name are read by
``parlour.core.settings.settings_of``, which the agent kinds share.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..core import GameError
from ..core.settings import settings_of
from . import is_agent, make, names

__all__ = ["BotSpec", "parse_bots", "setting_value", "split_lineup"]


@dataclass(frozen=True)
class BotSpec:
    """A bot of the line-up: its name for ``bots.make``, its settings, and its label."""

    name: str
    settings: dict[str, Any] = field(default_factory=dict)

    @property
    def label(self) -> str:
        """How tables and records name this bot: ``name`` or ``name:key=value:...``."""
        return ":".join([self.name, *(f"{k}={v}" for k, v in sorted(self.settings.items()))])


def setting_value(text: str) -> Any:
    """A setting's value from its text: a number, ``true``, ``false``, ``none`` or the text."""
    lowered = text.lower()
    if lowered in ("true", "false"):
        return lowered == "true"
    if lowered == "none":
        return None
    for kind in (int, float):
        try:
            return kind(text)
        except ValueError:
            pass
    return text


def split_lineup(text: str) -> list[str]:
    """The bots of a comma-separated line-up; a comma inside quotes (in a program's command
    line, ``cmd:python -c 'import json, sys ...'``) separates nothing."""
    parts: list[str] = []
    current: list[str] = []
    quote: str | None = None
    for char in text:
        if quote is not None:
            quote = None if char == quote else quote
        elif char in "'\"":
            quote = char
        elif char == ",":
            parts.append("".join(current))
            current = []
            continue
        current.append(char)
    parts.append("".join(current))
    return parts


def parse_bots(text: str) -> list[BotSpec]:
    """The line-up from ``"ismcts:iterations=500,heuristic,random"``; ``GameError`` if bad."""
    specs = []
    for part in split_lineup(text):
        if is_agent(part):
            # A program's command line or an endpoint's URL keeps its colons and case.
            make(part.strip(), seed=0)  # refuses a bad spec now; nothing is started
            specs.append(BotSpec(part.strip()))
            continue
        name, *pairs = part.strip().split(":")
        if name not in names():
            raise GameError(f"there is no bot {name!r}; the bots are: {', '.join(names())}")
        settings = {
            key: setting_value(value) for key, value in settings_of(pairs, part.strip()).items()
        }
        make(name, seed=0, **settings)  # refuses bad settings now, not in a worker
        specs.append(BotSpec(name, settings))
    return specs
