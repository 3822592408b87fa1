"""The card model: districts and characters read from TOML, checked at load time, and their texts.

The files are validated by pydantic models (unknown fields are refused) through
``core.cardfiles``; a bad file raises ``GameError`` naming the file, the card and the field.
The rules, the bots and the terminal views read the cards from here and never parse card
names again.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core import GameError
from ...core.cardfiles import validate_list

__all__ = [
    "CHARACTERS",
    "DISTRICTS",
    "Character",
    "Colour",
    "District",
    "catalogue",
    "character_named",
    "character_set",
    "district_named",
    "district_slugs",
    "full_deck",
    "kinds_of",
    "load_characters",
    "load_districts",
    "slugs",
]

DATA = Path(__file__).with_name("data")


class Colour(IntEnum):
    """A district colour; the first four pay a character's income."""

    YELLOW = 0
    BLUE = 1
    GREEN = 2
    RED = 3
    PURPLE = 4


ColourName = Literal["yellow", "blue", "green", "red", "purple"]
IncomeColour = Literal["yellow", "blue", "green", "red"]
# The purple abilities the rules implement, each keyed once in the district file.
Effect = Literal[
    "haunted_city",
    "keep",
    "laboratory",
    "smithy",
    "graveyard",
    "observatory",
    "school_of_magic",
    "library",
    "university",
    "dragon_gate",
    "great_wall",
]
Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]


class District(BaseModel):
    """One kind of district card: its names, colour, cost, points, copies and ability."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    slug: Slug
    name: str
    german: str | None = None
    colour: ColourName
    cost: Annotated[int, Field(ge=1, le=9)]
    points: int  # what it scores: its cost unless the file says otherwise
    copies: Annotated[int, Field(ge=1)]
    effect: Effect | None = None
    optional: bool = False  # only with the option of the same name (the Great Wall)
    text: str | None = None  # what the ability does, for purple districts

    @model_validator(mode="before")
    @classmethod
    def _points_default_to_cost(cls, data: Any) -> Any:
        if isinstance(data, dict) and "points" not in data and "cost" in data:
            return {**data, "points": data["cost"]}
        return data

    @model_validator(mode="after")
    def _purple_has_ability(self) -> District:
        purple = self.colour == "purple"
        if (self.effect is None) == purple:
            raise ValueError("'effect' is required for purple districts and only for them")
        if (self.text is None) == purple:
            raise ValueError("'text' is required for purple districts and only for them")
        return self


class Character(BaseModel):
    """One character: rank 1-8, names, the colour that pays it income (or none), its ability."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    rank: Annotated[int, Field(ge=1, le=8)]
    slug: Slug
    name: str
    german: str
    colour: IncomeColour | None = None
    text: str


def load_districts(path: Path = DATA / "districts.toml") -> tuple[District, ...]:
    """Every district kind of the file, checked; ``GameError`` names the file, card and field."""
    districts = validate_list(path, "district", District)
    effects = [d.effect for d in districts if d.effect is not None]
    missing = sorted(set(get_args(Effect)) - set(effects))
    if missing:
        raise GameError(f"{path.name}: no district has the effect {missing[0]!r}")
    for d in districts:
        if d.effect is not None and effects.count(d.effect) > 1:
            raise GameError(
                f"{path.name}: district {d.slug!r}: field 'effect' repeats {d.effect!r}"
            )
    return tuple(districts)


def load_characters(path: Path = DATA / "characters.toml") -> tuple[Character, ...]:
    """The eight characters in rank order, checked like the districts."""
    characters = validate_list(path, "character", Character)
    for number, c in enumerate(characters, start=1):
        if c.rank != number:
            raise GameError(
                f"{path.name}: character {c.slug!r}: field 'rank' must be {number}, not {c.rank}"
            )
    if len(characters) != 8:
        raise GameError(f"{path.name}: needs 8 characters, not {len(characters)}")
    return tuple(characters)


DISTRICTS = load_districts()
CHARACTERS = load_characters()

# Flat tables by district index and character index (rank - 1): the rules read these in
# their hot paths, where attribute lookups on models would cost more.
D_SLUG = tuple(d.slug for d in DISTRICTS)
D_NAME = tuple(d.name for d in DISTRICTS)
D_COST = tuple(d.cost for d in DISTRICTS)
D_POINTS = tuple(d.points for d in DISTRICTS)
D_COLOUR = tuple(Colour[d.colour.upper()] for d in DISTRICTS)
D_INDEX = {d.slug: index for index, d in enumerate(DISTRICTS)}
C_SLUG = tuple(c.slug for c in CHARACTERS)
C_NAME = tuple(c.name for c in CHARACTERS)
C_COLOUR = tuple(-1 if c.colour is None else Colour[c.colour.upper()] for c in CHARACTERS)
C_INDEX = {c.slug: c.rank - 1 for c in CHARACTERS}
PURPLE = Colour.PURPLE
# Character indices (rank - 1), in calling order; the file's rank check guarantees them.
(ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD) = range(8)
CHARACTER_COUNT = 8
MAX_SEATS = 7  # the most players a game takes


def _with_effect(effect: str) -> int:
    """The index of the district whose ability the rules know by ``effect``."""
    return next(index for index, d in enumerate(DISTRICTS) if d.effect == effect)


# The purple districts the rules treat specially, found by their ability, not their name.
HAUNTED_CITY = _with_effect("haunted_city")
KEEP = _with_effect("keep")
LABORATORY = _with_effect("laboratory")
SMITHY = _with_effect("smithy")
GRAVEYARD = _with_effect("graveyard")
OBSERVATORY = _with_effect("observatory")
SCHOOL_OF_MAGIC = _with_effect("school_of_magic")
LIBRARY = _with_effect("library")
GREAT_WALL = _with_effect("great_wall")


# Sets of district kinds as bit sets (bit ``d``: district ``d``), for the rules' hot paths:
# whether a city has a district, or which cards of a hand are affordable, is one ``&``.
D_BIT = tuple(1 << d for d in range(len(DISTRICTS)))
C_BIT = tuple(1 << c for c in range(CHARACTER_COUNT))  # sets of characters, alike


def kinds_of(districts: Iterable[int]) -> int:
    """The bit set of the district kinds among ``districts`` (copies count once)."""
    kinds = 0
    for d in districts:
        kinds |= D_BIT[d]
    return kinds


def character_set(characters: Iterable[int]) -> int:
    """The bit set of some characters."""
    bits = 0
    for c in characters:
        bits |= C_BIT[c]
    return bits


def slugs(districts: Iterable[int]) -> list[str]:
    """The slugs of districts given by index, in the same order."""
    out = []
    for d in districts:  # a plain loop: a comprehension costs a call on Python 3.11
        out.append(D_SLUG[d])
    return out


def district_named(slug: str) -> District | None:
    """The district with this slug, else ``None``."""
    index = D_INDEX.get(slug)
    return None if index is None else DISTRICTS[index]


def district_slugs(districts: list[int]) -> list[str]:
    """The slugs of some districts in the deck file's order, however they were drawn: the
    order cards come in tells nothing, so views and events list them alike."""
    out = []
    for d in sorted(districts):  # its own loop, one call less: most turns' events ask
        out.append(D_SLUG[d])
    return out


def character_named(slug: str) -> Character | None:
    """The character with this slug, else ``None``."""
    index = C_INDEX.get(slug)
    return None if index is None else CHARACTERS[index]


def _deck(great_wall: bool) -> tuple[int, ...]:
    return tuple(
        index
        for index, d in enumerate(DISTRICTS)
        if great_wall or not d.optional
        for _ in range(d.copies)
    )


# Built once: every determinization starts from the whole deck.
_DECKS = {great_wall: _deck(great_wall) for great_wall in (False, True)}


def full_deck(great_wall: bool) -> list[int]:
    """Every district card of a game, as district indices, one entry a copy."""
    return list(_DECKS[great_wall])


def catalogue() -> dict[str, Any]:
    """The public card data a table page draws cards with: districts and characters by slug."""
    return {
        "districts": {
            d.slug: {"name": d.name, "colour": d.colour, "cost": d.cost, "points": d.points}
            for d in DISTRICTS
        },
        "characters": {
            c.slug: {"name": c.name, "rank": c.rank, "colour": c.colour} for c in CHARACTERS
        },
    }
