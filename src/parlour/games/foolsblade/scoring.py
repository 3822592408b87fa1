"""Scores and winners: assembled parts' strength, plus the Stash's values."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import FoolsBladeState


SCORE_PARTS = ("weapon", "monsters", "treasures", "legendary")


def score_parts(st: FoolsBladeState, seat: int) -> dict[str, int]:
    """A seat's score in its parts (``SCORE_PARTS``): the assembled parts' strength, the
    monsters' and the Treasures' values in the Stash, the Legendary parts' strength there."""
    tb = st.tb
    parts = dict.fromkeys(SCORE_PARTS, 0)
    parts["weapon"] = sum(tb.strength[p] for p in st.weapons[seat] if p >= 0)
    for card in st.stash[seat]:
        kind = tb.kind[card]
        if kind == "part":
            parts["legendary"] += tb.strength[card]
        else:
            parts["monsters" if kind == "monster" else "treasures"] += tb.value[card]
    return parts


def score(st: FoolsBladeState, seat: int) -> int:
    """The strength of the assembled parts, plus the value of the monsters and Treasures in
    the Stash, plus the strength of the Legendary parts in the Stash."""
    tb = st.tb
    total = sum(tb.strength[p] for p in st.weapons[seat] if p >= 0)
    for card in st.stash[seat]:
        total += tb.strength[card] if tb.kind[card] == "part" else tb.value[card]
    return total


def score_all(st: FoolsBladeState) -> list[int]:
    """Every seat's score."""
    return [score(st, seat) for seat in range(st.players)]


def best(scores: list[int]) -> list[int]:
    """The seats with the highest score (ties shared)."""
    top = max(scores)
    return [seat for seat, points in enumerate(scores) if points == top]
