"""The public card data a table page draws cards with: names, costs, colours, by game."""

from __future__ import annotations

from typing import Any

from ..core import load

__all__ = ["catalogue"]


def catalogue(game: str) -> dict[str, Any]:
    """Card data for ``game``'s pages as the game declares it; ``{}`` where texts say enough."""
    made = load(game).catalogue
    return {} if made is None else made()
