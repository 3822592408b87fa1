"""The Fearless deck as data: suits, values, the decks for each player count, card texts.

A hand is one integer used as a bit set: suit ``s`` holds bits ``16*s`` to ``16*s + 13``
(one bit per physical card, low values first, the two +1s and two -1s side by side) and
the four zeros hold bits 64 to 67. Copying a hand is copying an int, and "does this player
hold the led suit" is one ``&``.
"""

from __future__ import annotations

from ...core import Action

__all__ = [
    "CARD_BITS",
    "PLAY",
    "SUITS",
    "SUIT_MASK",
    "ZERO_MASK",
    "Play",
    "card_texts",
    "deck_bits",
]

SUITS = ("blue", "orange", "magenta", "green")
# Physical cards of one suit from bit 0 up: -6 … -2, -1, -1, +1, +1, +2 … +6.
SUIT_VALUES = (-6, -5, -4, -3, -2, -1, -1, 1, 1, 2, 3, 4, 5, 6)
SUIT_BITS = 16
SUIT_MASK = tuple(((1 << len(SUIT_VALUES)) - 1) << (SUIT_BITS * s) for s in range(4))
ZERO_SHIFT = 64
ZERO_MASK = 0b1111 << ZERO_SHIFT
HAND_SIZE = {3: 13, 4: 13, 5: 12}


def card_text(suit: int, value: int) -> str:
    """The notation of a card: ``green+2``, ``blue-1``, or ``zero`` (suit -1)."""
    return "zero" if suit < 0 else f"{SUITS[suit]}{value:+d}"


class Play(Action):
    """``play <card>``: one card from the hand. ``mask`` covers every copy of the card."""

    __slots__ = ("card", "mask", "suit", "value")
    card: str
    mask: int
    suit: int
    value: int

    def __init__(self, suit: int, value: int, mask: int) -> None:
        card = card_text(suit, value)
        super().__init__(f"play {card}")
        for name, field in (("card", card), ("mask", mask), ("suit", suit), ("value", value)):
            object.__setattr__(self, name, field)


def _build() -> tuple[dict[str, Play], dict[int, Play]]:
    by_card: dict[str, Play] = {}
    by_bit: dict[int, Play] = {}
    for suit in range(4):
        for value in sorted(set(SUIT_VALUES), reverse=True):
            mask = 0
            for index, v in enumerate(SUIT_VALUES):
                if v == value:
                    mask |= 1 << (SUIT_BITS * suit + index)
            play = Play(suit, value, mask)
            by_card[play.card] = play
    zero = Play(-1, 0, ZERO_MASK)
    by_card[zero.card] = zero
    for play in by_card.values():
        bits = play.mask
        while bits:
            low = bits & -bits
            by_bit[low] = play
            bits ^= low
    return by_card, by_bit


PLAY, CARD_BITS = _build()
"""Every ``play`` action by card text, highest first within a suit; each card's action by bit."""

_ORDER = list(PLAY.values())


def card_texts(bits: int) -> list[str]:
    """The texts of the cards in a bit set, one per physical card, in deck order."""
    return [play.card for play in _ORDER for _ in range((bits & play.mask).bit_count())]


def bits_of(texts: list[str], available: int) -> int:
    """Take the named cards out of ``available``; ``ValueError`` names the first missing one."""
    taken = 0
    for text in texts:
        play = PLAY.get(text)
        if play is None:
            raise ValueError(
                f"{text!r} is not a Fearless card (cards look like green+2, blue-1, zero)"
            )
        free = available & play.mask & ~taken
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


# legal_actions' hot path: the distinct plays of a suit's 14-bit field, built on first use.
SUIT_PLAYS: list[list[tuple[Play, ...] | None]] = [
    [()] + [None] * ((1 << len(SUIT_VALUES)) - 1) for _ in range(4)
]


def suit_plays(suit: int, field: int) -> tuple[Play, ...]:
    """The distinct plays held in one suit's field of a hand (highest first)."""
    plays = SUIT_PLAYS[suit][field]
    if plays is None:
        # Built from the field without its highest card (cached, or built the same way),
        # so a miss costs a few operations, not a scan of the deck; filling the whole
        # table up front would add a third to the time it takes to import the game.
        top = field.bit_length() - 1
        rest = suit_plays(suit, field ^ (1 << top))
        play = CARD_BITS[1 << (SUIT_BITS * suit + top)]
        plays = rest if rest and rest[0] is play else (play, *rest)
        SUIT_PLAYS[suit][field] = plays
    return plays


ZERO_PLAY = PLAY["zero"]
SUIT_FIELD = (1 << len(SUIT_VALUES)) - 1
SUIT_SHIFT = tuple(SUIT_BITS * s for s in range(4))
