"""The action vocabulary: ``play <card>``, one shared value per card, and the hot-path tables."""

from __future__ import annotations

from typing import Any

from ...core import Action
from .cards import CARD_MASK, SUIT_BITS, SUIT_VALUES, SUITS, ZERO, card_text, parse_card
from .events import spoken

__all__ = ["CARD_BITS", "PLAY", "ZERO_PLAY", "Play", "action_space", "label", "suit_plays"]


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


def _play(card: str, mask: int) -> Play:
    suit, value = parse_card(card)
    return Play(-1 if suit is None else SUITS.index(suit), value, mask)


PLAY = {card: _play(card, mask) for card, mask in CARD_MASK.items()}
"""Every ``play`` action by card text, highest first within a suit."""
CARD_BITS = {
    1 << bit: play
    for play in PLAY.values()
    for bit in range(play.mask.bit_length())
    if play.mask >> bit & 1
}
"""Each physical card's action, by its bit."""
ZERO_PLAY = PLAY[ZERO]
SUIT_FIELD = (1 << len(SUIT_VALUES)) - 1
SUIT_SHIFT = tuple(SUIT_BITS * s for s in range(4))

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


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """Every action text of Fearless, whatever the player count: one ``play`` a card."""
    return [play.text for play in PLAY.values()]


def label(action: Action) -> str:
    """The words of a button for a play: "Play blue +3", "Play the zero"."""
    card = action.text.removeprefix("play ")
    return "Play the zero" if card == ZERO else f"Play {spoken(card)}"
