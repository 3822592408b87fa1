"""Card sets: the editions of the game's own set, and loading a folder of card files with
the checks no single card can make.

A card set is a folder of TOML files of ``[[card]]`` tables (the format of CARDS.md). Every
table is checked by the model of its ``kind`` (``schema.py``), and every error names the
file, the card and the field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar, get_args

from pydantic import TypeAdapter, ValidationError

from ...core import GameError
from ...core.cardfiles import read_toml
from .schema import EFFECT_MODELS, AnyCard, Card, Kind, deck_of, primitive_name

__all__ = [
    "DATA",
    "DEFAULT_EDITION",
    "EDITIONS",
    "CardSet",
    "card_folder",
    "check_card",
    "check_set",
    "load_cards",
]

# The game's own card sets, one folder an edition; the third is the default.
EDITIONS = ("v1", "v2", "v3")
DEFAULT_EDITION = "v3"
DATA = Path(__file__).with_name("data") / DEFAULT_EDITION


def card_folder(source: str | None) -> Path:
    """The folder of a ``cards`` option's value: an edition's name, a folder's path, or
    ``None`` (the first edition: what every record made before the second one holds)."""
    if source is None:
        return DATA.parent / EDITIONS[0]
    if source in EDITIONS:
        return DATA.parent / source
    return Path(source)


_CARD: TypeAdapter[AnyCard] = TypeAdapter(Card)


def _where(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a field path: ``lose[0].count``.

    The union member pydantic tried (the card's kind first, an effect's primitive after a
    list index) is left out: the card's ``kind`` or the effect's ``do`` already says it, and
    a field of the same name (a part's ``strength``) is kept.
    """
    out = ""
    for index, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
        elif (index == 0 and part in CARD_KINDS) or (
            index > 0 and isinstance(loc[index - 1], int) and part in PRIMITIVE_NAMES
        ):
            continue
        else:
            out += ("." if out else "") + str(part)
    return out or "card"


# The union members pydantic names in error locations, read from the models themselves.
PRIMITIVE_NAMES = frozenset(map(primitive_name, EFFECT_MODELS))
CARD_KINDS = frozenset(get_args(Kind))


def _message(error: Any) -> str:
    """What pydantic found wrong, with the value given when it is of the wrong type (strict:
    ``true`` is not a number, ``"3"`` not an int)."""
    text = str(error["msg"]).removeprefix("Value error, ")
    if str(error["type"]).endswith("_type"):
        text += f", not {error['input']!r}"
    return text


# A card model, for the typed look-up of a card whose kind its reader knows.
_Kind = TypeVar("_Kind", bound=AnyCard)


@dataclass
class CardSet:
    """A loaded, checked card set: the cards in file order and lookups by id and deck."""

    cards: list[AnyCard]
    by_id: dict[str, AnyCard] = field(init=False)
    source: str = ""

    def __post_init__(self) -> None:
        self.by_id = {card.id: card for card in self.cards}

    def card(self, card_id: str, kind: type[_Kind]) -> _Kind:
        """The card ``card_id``, which must be of the model ``kind`` (``PartCard``...): what a
        reader knows of a card from where it lies (a weapon holds parts), checked, not cast."""
        card = self.by_id[card_id]
        if not isinstance(card, kind):
            raise GameError(f"card {card_id!r} is a {card.kind} card, not a {kind.__name__}")
        return card

    def deck(self, name: str) -> list[AnyCard]:
        """The cards that start in a deck ("tavern", "forest", "loot", "box", "classes"...)."""
        return [card for card in self.cards if deck_of(card) == name]


def _read(path: Path) -> list[tuple[Path, dict[str, Any]]]:
    """The ``[[card]]`` tables of a file (it may hold no other), each with its file."""
    data = read_toml(path)
    extra = sorted(set(data) - {"card"})
    if extra:
        raise GameError(f"{path.name}: unknown table {extra[0]!r}; a card file holds [[card]]")
    entries = data.get("card", [])
    if not isinstance(entries, list):
        raise GameError(f"{path.name}: `card` must be a list of [[card]] tables")
    return [(path, entry) for entry in entries]


def check_card(path: Path, number: int, entry: Any) -> AnyCard:
    """One card table as its model; ``GameError`` names the file, the card and the field."""
    name = entry.get("id") if isinstance(entry, dict) else None
    card = f"card {name!r}" if isinstance(name, str) else f"card {number}"
    try:
        return _CARD.validate_python(entry)
    except ValidationError as error:
        problems = [
            f"{path.name}: {card}: field {_where(tuple(e['loc']))!r}: {_message(e)}"
            for e in error.errors()
        ]
        raise GameError("; ".join(problems[:5])) from None


def load_cards(folder: Path | str = DATA) -> CardSet:
    """Every card of a folder's TOML files, checked one by one and as a set."""
    root = Path(folder)
    if not root.is_dir():
        raise GameError(f"{root}: not a folder of card files")
    files = sorted(root.glob("*.toml"))
    if not files:
        raise GameError(f"{root}: holds no .toml card files")
    cards: list[AnyCard] = []
    origin: dict[str, str] = {}
    for path in files:
        for number, (where, entry) in enumerate(_read(path), start=1):
            card = check_card(where, number, entry)
            if card.id in origin:
                raise GameError(
                    f"{where.name}: card {card.id!r}: field 'id' repeats a card of "
                    f"{origin[card.id]}"
                )
            origin[card.id] = where.name
            cards.append(card)
    check_set(cards, origin)
    return CardSet(cards, source=str(root))


def check_set(cards: list[AnyCard], origin: dict[str, str]) -> None:
    """What no single card can check: Boss links, Legendary sets, decks that must exist."""
    by_id = {card.id: card for card in cards}
    owner: dict[str, str] = {}
    for card in cards:
        at = f"{origin[card.id]}: card {card.id!r}"
        if card.kind != "approach":
            continue
        for boss in card.bosses:
            found = by_id.get(boss)
            if found is None or found.kind != "boss":
                raise GameError(f"{at}: field 'bosses': {boss!r} is not a Boss card of the set")
            if boss in owner:
                raise GameError(f"{at}: field 'bosses': {boss!r} belongs to {owner[boss]!r} too")
            owner[boss] = card.id
    for card in cards:
        if card.kind == "boss" and card.id not in owner:
            raise GameError(
                f"{origin[card.id]}: card {card.id!r}: no Approach card gathers this Boss card"
            )
    counts: dict[str, int] = {}
    for card in cards:
        counts[deck_of(card)] = counts.get(deck_of(card), 0) + card.copies
    for deck in ("classes", "tavern", "anvil", "quest", "forest", "cavern", "dungeon", "loot"):
        if not counts.get(deck):
            raise GameError(f"the card set has no cards for the {deck} deck")
    for deck in ("forest", "cavern", "dungeon"):
        approaches = [c for c in cards if c.kind == "approach" and c.deck == deck]
        if len(approaches) > 1:
            raise GameError(f"the {deck} deck holds {len(approaches)} Approach cards; at most 1")
    if not any(c.kind == "part" and c.part == "handle" and not c.legendary for c in cards):
        raise GameError("the Anvil deck has no Handle, and every player starts with one")
