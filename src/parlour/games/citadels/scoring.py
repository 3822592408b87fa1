"""Scoring: district points, the five-colour bonus and the bonuses for complete cities."""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

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


class CityScore(NamedTuple):
    """A city's points in their parts, which add up to its score."""

    districts: int  # the districts' points (their costs; University and Dragon Gate 8)
    five_colours: int  # the bonus for districts of all five colours, or 0
    complete: int  # the bonus for a complete city (more for the first), or 0


def city_score_parts(city: Sequence[int], haunted_counts: bool, first_complete: bool) -> CityScore:
    """Points for one city, in their parts: districts' points and every bonus."""
    five = FIVE_COLOURS_BONUS if has_five_colours(city, haunted_counts) else 0
    if first_complete:
        complete = FIRST_COMPLETE_BONUS
    else:
        complete = COMPLETE_BONUS if len(city) >= COMPLETE else 0
    return CityScore(sum(D_POINTS[d] for d in city), five, complete)


def city_score(city: Sequence[int], haunted_counts: bool, first_complete: bool) -> int:
    """Points for one city: the sum of its ``city_score_parts``."""
    return sum(city_score_parts(city, haunted_counts, first_complete))


def best(scores: Sequence[int]) -> list[int]:
    """The seats with the highest score: ties share the win."""
    top = max(scores)
    return [seat for seat, score in enumerate(scores) if score == top]
