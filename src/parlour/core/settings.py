"""``key=value`` settings as people write them after a bot's name: the one parser of pairs,
read by bot line-ups (``parlour.bots.lineup``) and agent kinds (``parlour.agents.kinds``)
alike, kept below both so that neither imports the other for it."""

from __future__ import annotations

from collections.abc import Iterable

from .errors import GameError

__all__ = ["settings_of"]


def settings_of(pairs: Iterable[str], spec: str) -> dict[str, str]:
    """The ``key=value`` pairs as texts by key; ``GameError`` quoting ``spec`` for a bad pair."""
    settings = {}
    for pair in pairs:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise GameError(f"bad bot setting {pair!r} in {spec!r}: use key=value")
        settings[key] = value
    return settings
