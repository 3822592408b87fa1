"""Fool's Blade class choice from measured win shares, per card edition and table size.

The shares are `medium` play's (every seat `medium`, classes at random), written by
``benchmarks/foolsblade_classes.py`` to ``data/foolsblade_classes.toml``. A search cannot
choose a class well: its playouts, cut at the turn's end, stop before anything is played,
and one played to the end costs a whole game a sample.
"""

from __future__ import annotations

import tomllib
from functools import cache
from pathlib import Path

from ..games.foolsblade.cards import EDITIONS

__all__ = ["CLASS_DATA", "edition_of", "measured_shares"]

CLASS_DATA = Path(__file__).with_name("data") / "foolsblade_classes.toml"


@cache
def _data() -> dict[str, dict[str, dict[str, object]]]:
    """The whole data file (empty when it is missing)."""
    if not CLASS_DATA.exists():
        return {}
    return tomllib.loads(CLASS_DATA.read_text(encoding="utf-8"))


def edition_of(cards: object) -> str | None:
    """The edition a game's ``cards`` option names (``None``: the first edition, as records
    hold it), or ``None`` for a folder of card files, which has no measurements."""
    if cards is None:
        return EDITIONS[0]
    return cards if isinstance(cards, str) and cards in EDITIONS else None


def measured_shares(edition: str | None, players: int) -> dict[str, float] | None:
    """Each class's measured win share ÷ fair for ``edition`` at ``players`` seats (the
    nearest size measured, the smaller on a tie), or ``None`` when the edition has none."""
    sizes = _data().get(edition or "")
    if not sizes:
        return None
    nearest = min(sizes, key=lambda size: (abs(int(size) - players), int(size)))
    classes = sizes[nearest]["classes"]
    assert isinstance(classes, dict)
    return {name: float(row[0]) for name, row in classes.items()}
