"""The card data: districts and characters read from TOML and checked at load time."""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ...core import GameError

DATA = Path(__file__).with_name("data")
COLOURS = ("yellow", "blue", "green", "red", "purple")
EFFECTS = (
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
)


@dataclass(frozen=True)
class District:
    """One kind of district card: its names, colour, cost, points, copies and effect."""

    index: int
    slug: str
    name: str
    german: str | None
    colour: str
    cost: int
    points: int
    copies: int
    effect: str | None
    optional: bool


@dataclass(frozen=True)
class Character:
    """One character: rank 1-8, names and the colour that pays it income (or none)."""

    rank: int
    slug: str
    name: str
    german: str
    colour: str | None


def _read(path: Path, table: str) -> list[dict[str, Any]]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise GameError(f"{path.name}: cannot read the file: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise GameError(f"{path.name}: not valid TOML: {error}") from None
    entries = data.get(table)
    if not isinstance(entries, list) or not entries:
        raise GameError(f"{path.name}: needs a list of [[{table}]] tables")
    return entries


def _field(
    path: Path, where: str, entry: dict[str, Any], name: str, kind: type, required: bool = True
) -> Any:
    """The value of one field, checked for presence and type; errors name file, card, field."""
    if name not in entry:
        if required:
            raise GameError(f"{path.name}: {where}: missing field {name!r}")
        return None
    value = entry[name]
    if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
        raise GameError(
            f"{path.name}: {where}: field {name!r} must be {kind.__name__}, not {value!r}"
        )
    return value


def load_districts(path: Path = DATA / "districts.toml") -> tuple[District, ...]:
    """Every district kind of the file, checked; ``GameError`` names the file, card and field."""
    known = {"slug", "name", "german", "colour", "cost", "points", "copies", "effect", "optional"}
    out: list[District] = []
    seen: set[str] = set()
    for number, entry in enumerate(_read(path, "district"), start=1):
        where = f"district {number}"
        slug = _field(path, where, entry, "slug", str)
        where = f"district {slug!r}"
        extra = sorted(set(entry) - known)
        if extra:
            raise GameError(f"{path.name}: {where}: unknown field {extra[0]!r}")
        if slug in seen:
            raise GameError(f"{path.name}: {where}: field 'slug' repeats an earlier card")
        seen.add(slug)
        name = _field(path, where, entry, "name", str)
        german = _field(path, where, entry, "german", str, required=False)
        colour = _field(path, where, entry, "colour", str)
        if colour not in COLOURS:
            raise GameError(
                f"{path.name}: {where}: field 'colour' must be one of {', '.join(COLOURS)}, "
                f"not {colour!r}"
            )
        cost = _field(path, where, entry, "cost", int)
        if not 0 < cost <= 9:
            raise GameError(f"{path.name}: {where}: field 'cost' must be 1 to 9, not {cost}")
        points = _field(path, where, entry, "points", int, required=False)
        copies = _field(path, where, entry, "copies", int)
        if copies < 1:
            raise GameError(f"{path.name}: {where}: field 'copies' must be at least 1")
        effect = _field(path, where, entry, "effect", str, required=False)
        if (effect is None) != (colour != "purple"):
            raise GameError(
                f"{path.name}: {where}: field 'effect' is required for purple districts "
                "and only for them"
            )
        if effect is not None and effect not in EFFECTS:
            raise GameError(f"{path.name}: {where}: field 'effect' has unknown key {effect!r}")
        optional = bool(_field(path, where, entry, "optional", bool, required=False))
        out.append(
            District(
                len(out),
                slug,
                name,
                german,
                colour,
                cost,
                cost if points is None else points,
                copies,
                effect,
                optional,
            )
        )
    return tuple(out)


def load_characters(path: Path = DATA / "characters.toml") -> tuple[Character, ...]:
    """The eight characters in rank order, checked like the districts."""
    out: list[Character] = []
    for number, entry in enumerate(_read(path, "character"), start=1):
        where = f"character {number}"
        slug = _field(path, where, entry, "slug", str)
        where = f"character {slug!r}"
        rank = _field(path, where, entry, "rank", int)
        if rank != number:
            raise GameError(f"{path.name}: {where}: field 'rank' must be {number}, not {rank}")
        name = _field(path, where, entry, "name", str)
        german = _field(path, where, entry, "german", str)
        colour = _field(path, where, entry, "colour", str, required=False)
        if colour is not None and colour not in COLOURS[:4]:
            raise GameError(f"{path.name}: {where}: field 'colour' has unknown colour {colour!r}")
        out.append(Character(rank, slug, name, german, colour))
    if len(out) != 8:
        raise GameError(f"{path.name}: needs 8 characters, not {len(out)}")
    return tuple(out)


DISTRICTS = load_districts()
CHARACTERS = load_characters()

# Flat tables by district index and character index (rank - 1): the rules read these in
# their hot paths, where attribute lookups on dataclasses would cost more.
D_SLUG = tuple(d.slug for d in DISTRICTS)
D_NAME = tuple(d.name for d in DISTRICTS)
D_COST = tuple(d.cost for d in DISTRICTS)
D_POINTS = tuple(d.points for d in DISTRICTS)
D_COLOUR = tuple(COLOURS.index(d.colour) for d in DISTRICTS)
D_EFFECT = tuple(d.effect for d in DISTRICTS)
D_INDEX = {d.slug: d.index for d in DISTRICTS}
C_SLUG = tuple(c.slug for c in CHARACTERS)
C_NAME = tuple(c.name for c in CHARACTERS)
C_COLOUR = tuple(-1 if c.colour is None else COLOURS.index(c.colour) for c in CHARACTERS)
C_INDEX = {c.slug: c.rank - 1 for c in CHARACTERS}
PURPLE = 4
(ASSASSIN, THIEF, MAGICIAN, KING, BISHOP, MERCHANT, ARCHITECT, WARLORD) = range(8)
HAUNTED_CITY = D_INDEX["haunted-city"]
KEEP = D_INDEX["keep"]
LABORATORY = D_INDEX["laboratory"]
SMITHY = D_INDEX["smithy"]
GRAVEYARD = D_INDEX["graveyard"]
OBSERVATORY = D_INDEX["observatory"]
SCHOOL_OF_MAGIC = D_INDEX["school-of-magic"]
LIBRARY = D_INDEX["library"]
GREAT_WALL = D_INDEX["great-wall"]


def full_deck(great_wall: bool) -> list[int]:
    """Every district card of a game, as district indices, one entry a copy."""
    return [d.index for d in DISTRICTS if great_wall or not d.optional for _ in range(d.copies)]
