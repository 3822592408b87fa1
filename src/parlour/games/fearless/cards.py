"""The card model: the Fearless deck read from ``data/deck.toml`` and checked, card texts.

A hand is one integer used as a bit set: suit ``s`` holds bits ``16*s`` to ``16*s + 13``
(one bit per physical card, low values first, the two +1s and two -1s side by side) and
the four zeros hold bits 64 to 67. Copying a hand is copying an int, and "does this player
hold the led suit" is one ``&``. The rules' hot paths rely on that layout, so the file is
checked against it.
"""

from __future__ import annotations

from pathlib import Path
from typing import Annotated

from pydantic import BaseModel, ConfigDict, Field, model_validator

from ...core.cardfiles import read_toml, validate

__all__ = [
    "CARD_MASK",
    "DECK",
    "HAND_SIZE",
    "SUITS",
    "SUIT_MASK",
    "VALUES",
    "ZERO_MASK",
    "Deck",
    "PlayerCount",
    "bit_list",
    "bits_of",
    "card_text",
    "card_texts",
    "deal_rules",
    "deck_bits",
    "load_deck",
    "parse_card",
]

DATA = Path(__file__).with_name("data")
SUIT_BITS = 16  # bits a suit takes in a hand, whatever its cards
SUIT_COUNT = 4
ZERO_SHIFT = SUIT_BITS * SUIT_COUNT
ZERO_BITS = 4


class PlayerCount(BaseModel):
    """The deck for one player count: the hand size and what is removed before the deal."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    count: Annotated[int, Field(ge=3, le=5)]
    hand_size: Annotated[int, Field(ge=1)]
    remove_second_copies: bool = False  # the second copy of each doubled value, every suit
    remove_suit: bool = False  # one whole suit, chosen by the seed
    remove_zeros: Annotated[int, Field(ge=0)] = 0


class Deck(BaseModel):
    """The whole deck: the suits, one suit's values, the zeros, and each player count's deal."""

    model_config = ConfigDict(extra="forbid", frozen=True, strict=True)

    suits: Annotated[
        list[Annotated[str, Field(pattern=r"^[a-z]+$")]], Field(min_length=4, max_length=4)
    ]
    values: Annotated[list[int], Field(min_length=1, max_length=SUIT_BITS)]
    zeros: Annotated[int, Field(ge=0, le=ZERO_BITS)]
    players: list[PlayerCount]

    @model_validator(mode="after")
    def _consistent(self) -> Deck:
        if len(set(self.suits)) != len(self.suits):
            raise ValueError("'suits' repeats a suit")
        if self.values != sorted(self.values) or 0 in self.values:
            raise ValueError("'values' must rise from the lowest and hold no 0 (zeros are apart)")
        if [p.count for p in self.players] != [3, 4, 5]:
            raise ValueError("'players' must describe 3, 4 and 5 players, in that order")
        for rule in self.players:
            kept = len(self.values) - _second_copies(self.values) * rule.remove_second_copies
            suits = SUIT_COUNT - rule.remove_suit
            in_play = kept * suits + self.zeros - rule.remove_zeros
            if rule.hand_size * rule.count != in_play:
                raise ValueError(
                    f"with {rule.count} players {in_play} cards are in play, "
                    f"not {rule.count} hands of {rule.hand_size}"
                )
        return self


def _second_copies(values: list[int]) -> int:
    return len(values) - len(set(values))


def load_deck(path: Path = DATA / "deck.toml") -> Deck:
    """The deck of the file, checked; ``GameError`` names the file, the entry and the field."""
    return validate(path, "the deck", Deck, read_toml(path))


DECK = load_deck()
SUITS = tuple(DECK.suits)
# Physical cards of one suit from bit 0 up: -6 … -2, -1, -1, +1, +1, +2 … +6.
SUIT_VALUES = tuple(DECK.values)
VALUES = tuple(sorted(set(SUIT_VALUES), reverse=True))  # a suit's distinct values, highest first
SUIT_MASK = tuple(((1 << len(SUIT_VALUES)) - 1) << (SUIT_BITS * s) for s in range(SUIT_COUNT))
ZERO_MASK = ((1 << DECK.zeros) - 1) << ZERO_SHIFT
ZERO = "zero"
HAND_SIZE = {rule.count: rule.hand_size for rule in DECK.players}
_RULES = {rule.count: rule for rule in DECK.players}
# The bits of each doubled value's second copy within a suit's field.
_SECOND_COPIES = sum(
    1 << index
    for index in range(1, len(SUIT_VALUES))
    if SUIT_VALUES[index] == SUIT_VALUES[index - 1]
)
CARD_HELP = "cards look like green+2, blue-1, zero"


def card_text(suit: int, value: int) -> str:
    """The notation of a card: ``green+2``, ``blue-1``, or ``zero`` (suit -1)."""
    return ZERO if suit < 0 else f"{SUITS[suit]}{value:+d}"


def parse_card(text: str) -> tuple[str | None, int]:
    """The suit (``None`` for the zero) and value of a card text; ``ValueError`` if none."""
    if text == ZERO:
        return None, 0
    for suit in SUITS:
        if text.startswith(suit) and text in CARD_MASK:
            return suit, int(text[len(suit) :])
    raise ValueError(f"{text!r} is not a Fearless card ({CARD_HELP})")


def _masks() -> dict[str, int]:
    masks: dict[str, int] = {}
    for suit in range(SUIT_COUNT):
        for value in VALUES:
            mask = 0
            for index, v in enumerate(SUIT_VALUES):
                if v == value:
                    mask |= 1 << (SUIT_BITS * suit + index)
            masks[card_text(suit, value)] = mask
    masks[ZERO] = ZERO_MASK
    return masks


CARD_MASK = _masks()
"""Every card text, highest first within a suit, with the bits of all its copies."""


_CARD_MASKS = tuple(CARD_MASK.items())


def _byte_texts(suit: int, low: int) -> tuple[tuple[str, ...], ...]:
    """For each byte of a suit's field from bit ``low``: its cards' texts, highest first."""
    table = []
    for byte in range(256):
        texts = []
        for bit in reversed(range(8)):
            if byte >> bit & 1 and low + bit < len(SUIT_VALUES):
                texts.append(card_text(suit, SUIT_VALUES[low + bit]))
        table.append(tuple(texts))
    return tuple(table)


# Per suit: where its field begins, and the texts of its high and its low byte.
_SUIT_BYTES = tuple(
    (SUIT_BITS * suit, _byte_texts(suit, 8), _byte_texts(suit, 0)) for suit in range(SUIT_COUNT)
)


def card_texts(bits: int) -> list[str]:
    """The texts of the cards in a bit set, one per physical card, in deck order."""
    # Every view builds a hand with this: two looked-up bytes a suit cost a fifth of a
    # loop over every card (deck order is by suit, highest value, so highest bit, first).
    out: list[str] = []
    for shift, high, low in _SUIT_BYTES:
        field = bits >> shift
        out += high[field >> 8 & 255]
        out += low[field & 255]
    zeros = (bits & ZERO_MASK).bit_count()
    if zeros:
        out += [ZERO] * zeros
    return out


def bits_of(texts: list[str], available: int) -> int:
    """Take the named cards out of ``available``; ``ValueError`` names the first missing one."""
    taken = 0
    for text in texts:
        mask = CARD_MASK.get(text)
        if mask is None:
            raise ValueError(f"{text!r} is not a Fearless card ({CARD_HELP})")
        free = available & mask & ~taken
        if not free:
            raise ValueError(f"{text} is not in the deck as often as the hands name it")
        taken |= free & -free
    return taken


def deal_rules(players: int) -> PlayerCount:
    """What the deck file says about a game of ``players``: hand size and removed cards."""
    return _RULES[players]


def deck_bits(players: int, removed_suit: int = 0) -> int:
    """The cards in play with ``players``, as the deck file says; ``removed_suit`` is the suit
    taken out where a whole suit is (the zeros taken out are the last ones: all alike)."""
    rule = _RULES[players]
    deck = ZERO_MASK
    for suit in range(SUIT_COUNT):
        deck |= SUIT_MASK[suit]
        if rule.remove_second_copies:
            deck &= ~(_SECOND_COPIES << (SUIT_BITS * suit))
    if rule.remove_suit:
        deck &= ~SUIT_MASK[removed_suit]
    for zero in range(rule.remove_zeros):
        deck &= ~(1 << (ZERO_SHIFT + DECK.zeros - 1 - zero))
    return deck


def bit_list(bits: int) -> list[int]:
    """The single-bit ints of a bit set, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out
