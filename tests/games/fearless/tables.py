"""Helpers to set up Fearless tables with chosen hands."""

from __future__ import annotations

from collections.abc import Iterable

import parlour
from parlour.games.fearless.cards import HAND_SIZE, card_texts, deck_bits
from parlour.games.fearless.state import FearlessState

SUIT_NAMES = ("blue", "orange", "magenta", "green")


def deck(players: int) -> list[str]:
    """The card texts of the deck in play (3 players: green removed)."""
    return card_texts(deck_bits(players, 3))


def hands_with(
    players: int,
    fixed: dict[int, list[str]],
    avoid: dict[int, Iterable[str]] | None = None,
) -> list[list[str]]:
    """Whole hands: the ``fixed`` cards where given, the rest of the deck dealt in order,
    never giving a seat a suit named in ``avoid``."""
    avoid = {seat: set(suits) for seat, suits in (avoid or {}).items()}
    rest = deck(players)
    for cards in fixed.values():
        for card in cards:
            rest.remove(card)
    hands = [list(fixed.get(seat, [])) for seat in range(players)]
    size = HAND_SIZE[players]
    # Deal the cards that seats avoid first, to the seats that may hold them.
    rest.sort(key=lambda c: -sum(1 for s in avoid.values() if c.rstrip("+-0123456789") in s))
    for card in rest:
        suit = card.rstrip("+-0123456789")
        for seat in range(players):
            if len(hands[seat]) < size and suit not in avoid.get(seat, ()):
                hands[seat].append(card)
                break
        else:
            raise AssertionError(f"no seat can take {card}")
    return hands


def new(players: int, hands: list[list[str]], first_leader: int = 0) -> FearlessState:
    state = parlour.load("fearless").new_game(
        players, seed=1, hands=hands, first_leader=first_leader
    )
    assert isinstance(state, FearlessState)
    return state


def play(state: FearlessState, *cards: str) -> list[str]:
    """Play cards in turn order; the texts of the events they caused."""
    texts = []
    for card in cards:
        texts += [event.text for event in state.apply(f"play {card}")]
    return texts
