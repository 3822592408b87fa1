"""The public card data a table page draws cards with: names, costs, colours, by game."""

from __future__ import annotations

from typing import Any

__all__ = ["catalogue"]


def _citadels() -> dict[str, Any]:
    from ..games.citadels.cards import CHARACTERS, DISTRICTS

    return {
        "districts": {
            d.slug: {"name": d.name, "colour": d.colour, "cost": d.cost, "points": d.points}
            for d in DISTRICTS
        },
        "characters": {
            c.slug: {"name": c.name, "rank": c.rank, "colour": c.colour} for c in CHARACTERS
        },
    }


def catalogue(game: str) -> dict[str, Any]:
    """Card data for ``game``'s pages; games whose card texts say enough give ``{}``."""
    if game == "citadels":
        return _citadels()
    return {}
