"""Scoring: district points, the five-colour bonus and the bonuses for complete cities."""

from __future__ import annotations

from collections.abc import Sequence

from .cards import D_COLOUR, D_POINTS, HAUNTED_CITY, PURPLE

COMPLETE = 8  # districts that complete a city and trigger the last round
FIVE_COLOURS_BONUS = 3
FIRST_COMPLETE_BONUS = 4  # for the first city of 8 districts
COMPLETE_BONUS = 2  # for every other city of 8 or more


def has_five_colours(city: Sequence[int], haunted_counts: bool) -> bool:
    """Whether a city shows all five colours; an eligible Haunted City fills any one gap."""
    colours = {D_COLOUR[d] for d in city if d != HAUNTED_CITY}
    if HAUNTED_CITY in city:
        if haunted_counts:
            # The best colour for it is whichever one is missing, so four others suffice.
            return len(colours) >= 4
        colours.add(PURPLE)
    return len(colours) == 5


def city_score(city: Sequence[int], haunted_counts: bool, first_complete: bool) -> int:
    """Points for one city: costs (University and Dragon Gate 8) and every bonus."""
    points = sum(D_POINTS[d] for d in city)
    if has_five_colours(city, haunted_counts):
        points += FIVE_COLOURS_BONUS
    if first_complete:
        points += FIRST_COMPLETE_BONUS
    elif len(city) >= COMPLETE:
        points += COMPLETE_BONUS
    return points


def best(scores: Sequence[int]) -> list[int]:
    """The seats with the highest score: ties share the win."""
    top = max(scores)
    return [seat for seat, score in enumerate(scores) if score == top]
