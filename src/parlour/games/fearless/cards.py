"""The Fearless deck as data: suits, values, the decks for each player count, card texts.

A hand is one integer used as a bit set: suit ``s`` holds bits ``16*s`` to ``16*s + 13``
(one bit per physical card, low values first, the two +1s and two -1s side by side) and
the four zeros hold bits 64 to 67. Copying a hand is copying an int, and "does this player
hold the led suit" is one ``&``.
"""

from __future__ import annotations

__all__ = [
    "CARD_MASK",
    "HAND_SIZE",
    "SUITS",
    "SUIT_MASK",
    "VALUES",
    "ZERO_MASK",
    "bit_list",
    "bits_of",
    "card_text",
    "card_texts",
    "deck_bits",
    "parse_card",
]

SUITS = ("blue", "orange", "magenta", "green")
# Physical cards of one suit from bit 0 up: -6 … -2, -1, -1, +1, +1, +2 … +6.
SUIT_VALUES = (-6, -5, -4, -3, -2, -1, -1, 1, 1, 2, 3, 4, 5, 6)
VALUES = tuple(sorted(set(SUIT_VALUES), reverse=True))  # a suit's distinct values, highest first
SUIT_BITS = 16
SUIT_MASK = tuple(((1 << len(SUIT_VALUES)) - 1) << (SUIT_BITS * s) for s in range(4))
ZERO_SHIFT = 64
ZERO_MASK = 0b1111 << ZERO_SHIFT
ZERO = "zero"
HAND_SIZE = {3: 13, 4: 13, 5: 12}
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
    for suit in range(4):
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


def card_texts(bits: int) -> list[str]:
    """The texts of the cards in a bit set, one per physical card, in deck order."""
    return [card for card, mask in CARD_MASK.items() for _ in range((bits & mask).bit_count())]


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


def deck_bits(players: int, removed_suit: int, removed_zero: int) -> int:
    """The cards in play: all 60 with 5 players; 4 and 3 players remove a +1 and a -1 a suit;
    3 players also remove ``removed_suit`` and one zero (bit ``removed_zero`` of the four)."""
    deck = (1 << (SUIT_BITS * 3 + len(SUIT_VALUES))) - 1
    deck &= SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2] | SUIT_MASK[3]
    deck |= ZERO_MASK
    if players <= 4:
        for suit in range(4):
            # Bits 6 and 8 of a suit are its second -1 and second +1.
            deck &= ~((1 << (SUIT_BITS * suit + 6)) | (1 << (SUIT_BITS * suit + 8)))
    if players == 3:
        deck &= ~SUIT_MASK[removed_suit]
        deck &= ~(1 << (ZERO_SHIFT + removed_zero))
    return deck


def bit_list(bits: int) -> list[int]:
    """The single-bit ints of a bit set, lowest first."""
    out = []
    while bits:
        low = bits & -bits
        out.append(low)
        bits ^= low
    return out
