"""The public data a table page draws cards with: each game's declared catalogue (cards with
their rules texts, How to play, a sentence a phase), and the cards of a table whose game loads
its cards per table.

The texts live in the games, so neither the server nor the browser carries its own copy of a
rule.
"""

from __future__ import annotations

from typing import Any

from ..core import load

__all__ = ["catalogue", "table_cards"]


def catalogue(game: str) -> dict[str, Any]:
    """Card data, the "How to play" guide and the phase sentences for ``game``'s pages, as
    the game declares them."""
    spec = load(game)
    guide = {} if spec.guide is None else spec.guide.to_dict()
    return guide | ({} if spec.catalogue is None else spec.catalogue())


def table_cards(state: Any) -> dict[str, dict[str, Any]] | None:
    """Every card of a table whose game loads its cards per table (Fool's Blade), by id, with
    its rules text; ``None`` for games whose cards are all in :func:`catalogue`."""
    made = state.game.table_cards
    return None if made is None else made(state)
