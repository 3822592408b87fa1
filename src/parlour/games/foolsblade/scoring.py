"""Scores and winners: assembled parts' strength, plus the Stash's values."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import FoolsBladeState


SCORE_PARTS = ("weapon", "monsters", "treasures", "legendary")


def score_parts(state: FoolsBladeState, seat: int) -> dict[str, int]:
    """A seat's score in its parts (``SCORE_PARTS``): the assembled parts' strength, the
    monsters' and the Treasures' values in the Stash, the Legendary parts' strength there."""
    table = state.table
    parts = dict.fromkeys(SCORE_PARTS, 0)
    parts["weapon"] = sum(table.strength[p] for p in state.weapons[seat] if p >= 0)
    for card in state.stash[seat]:
        kind = table.kind[card]
        if kind == "part":
            parts["legendary"] += table.strength[card]
        else:
            parts["monsters" if kind == "monster" else "treasures"] += table.value[card]
    return parts


def score(state: FoolsBladeState, seat: int) -> int:
    """The strength of the assembled parts, plus the value of the monsters and Treasures in
    the Stash, plus the strength of the Legendary parts in the Stash."""
    table = state.table
    total = sum(table.strength[p] for p in state.weapons[seat] if p >= 0)
    for card in state.stash[seat]:
        total += table.strength[card] if table.kind[card] == "part" else table.value[card]
    return total


def score_all(state: FoolsBladeState) -> list[int]:
    """Every seat's score."""
    return [score(state, seat) for seat in range(state.players)]


def best(scores: list[int]) -> list[int]:
    """The seats with the highest score (ties shared)."""
    top = max(scores)
    return [seat for seat, points in enumerate(scores) if points == top]
