"""Scores and winners: assembled parts' strength, plus the Stash's values, stated once here
(``SCORE_RULE`` in words; ``weapon_strength`` and ``stash_points`` in code, which
``score`` and ``score_parts`` add up)."""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import FoolsBladeState
    from .table import Table

__all__ = [
    "SCORE_PARTS",
    "SCORE_RULE",
    "best",
    "score",
    "score_all",
    "score_parts",
    "stash_points",
    "weapon_strength",
]

SCORE_RULE = (
    "The strength of your assembled parts, plus the value of the monsters and Treasures in "
    "your Stash, plus the strength of the Legendary parts there."
)

# The parts of a score, in ``SCORE_RULE``'s order: the keys of ``score_parts``.
SCORE_PARTS = ("weapon", "monsters", "treasures", "legendary")


def weapon_strength(table: Table, weapon: Sequence[int]) -> int:
    """What an assembled weapon scores: its parts' strength (``-1``: no part there)."""
    return sum(table.strength[part] for part in weapon if part >= 0)


def stash_points(table: Table, card: int) -> int:
    """What a card in the Stash scores: a Legendary part its strength, others their value."""
    return table.strength[card] if table.kind[card] == "part" else table.value[card]


def score_parts(state: FoolsBladeState, seat: int) -> dict[str, int]:
    """A seat's score in its parts (``SCORE_PARTS``), adding up to ``score``."""
    table = state.table
    parts = dict.fromkeys(SCORE_PARTS, 0)
    parts["weapon"] = weapon_strength(table, state.weapons[seat])
    for card in state.stash[seat]:
        kind = table.kind[card]
        key = "legendary" if kind == "part" else "monsters" if kind == "monster" else "treasures"
        parts[key] += stash_points(table, card)
    return parts


@cache
def _stash_points_by_card(table: Table) -> list[int]:
    """``stash_points`` of every card of ``table``, by index (tables are cached for good)."""
    return [stash_points(table, card) for card in range(len(table.ids))]


def score(state: FoolsBladeState, seat: int) -> int:
    """A seat's score (``SCORE_RULE``): the sum of its ``score_parts``, without the dict, as
    every view and playout reads it."""
    table = state.table
    stash = sum(map(_stash_points_by_card(table).__getitem__, state.stash[seat]))
    return weapon_strength(table, state.weapons[seat]) + stash


def score_all(state: FoolsBladeState) -> list[int]:
    """Every seat's score."""
    return [score(state, seat) for seat in range(state.players)]


def best(scores: list[int]) -> list[int]:
    """The seats with the highest score (ties shared)."""
    top = max(scores)
    return [seat for seat, points in enumerate(scores) if points == top]
