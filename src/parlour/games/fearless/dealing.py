"""The deck in play for a game, the deal, and redealing hidden cards consistently."""

from __future__ import annotations

from ...core import Rng
from .cards import (
    CARD_MASK,
    HAND_SIZE,
    SUIT_MASK,
    SUITS,
    ZERO_MASK,
    bit_list,
    bits_of,
    card_texts,
    deal_rules,
    deck_bits,
    parse_card,
)

__all__ = ["Table", "canonical", "deal_consistent"]

_ALL_CARDS = deck_bits(5)
# Groups of identical cards: the four zeros, and each suit's two +1s and two -1s.
_TWINS = [ZERO_MASK] + [CARD_MASK[f"{suit}{value}"] for suit in SUITS for value in ("+1", "-1")]
_TRIES = 16


class Table:
    """What a game fixes at the start and never changes: the deck, hand size, first leader."""

    __slots__ = ("cards", "deck", "first_leader", "hand_size", "removed", "twins")

    def __init__(self, players: int, first_leader: int, deck: int) -> None:
        self.deck = deck
        self.cards = tuple(bit_list(deck))
        self.hand_size = HAND_SIZE[players]
        self.first_leader = first_leader
        self.removed = tuple(card_texts(_ALL_CARDS & ~deck))
        # Groups of identical cards with more than one copy in play, as (mask, copies).
        self.twins = tuple(
            (group, tuple(bit_list(group & deck)))
            for group in _TWINS
            if (group & deck).bit_count() > 1
        )

    @classmethod
    def for_game(
        cls, players: int, first_leader: int, hands: list[list[str]] | None, rng: Rng
    ) -> Table:
        """The table for a new game; with 3 players the seed picks the removed suit."""
        if not deal_rules(players).remove_suit:
            return cls(players, first_leader, deck_bits(players))
        removed_suit = rng.below(4) if hands is None else _absent_suit(hands)
        return cls(players, first_leader, deck_bits(players, removed_suit))

    @staticmethod
    def check_hands(players: int, hands: list[list[str]]) -> None:
        """``ValueError`` unless the hands together are exactly this player count's deck."""
        removes_suit = deal_rules(players).remove_suit
        deck = deck_bits(players, _absent_suit(hands) if removes_suit else 0)
        taken = bits_of([card for hand in hands for card in hand], deck)
        if taken != deck:
            raise ValueError("the hands do not make up the deck")

    def hand_bits(self, hands: list[list[str]]) -> list[int]:
        """The bit sets of hands given as card texts (already checked against the deck)."""
        available = self.deck
        out = []
        for hand in hands:
            bits = bits_of(hand, available)
            available &= ~bits
            out.append(bits)
        return out


def _absent_suit(hands: list[list[str]]) -> int:
    present = {parse_card(c)[0] for hand in hands for c in hand if c in CARD_MASK}
    absent = [s for s in range(4) if SUITS[s] not in present]
    if len(absent) != 1:
        raise ValueError(
            "with 3 players one whole suit is removed, so the hands must hold exactly three suits"
        )
    return absent[0]


def canonical(table: Table, played: int, own: int) -> tuple[int, int]:
    """Played cards and a hand with identical cards moved to their lowest copies, in that order.

    Which physical copy of a zero or a +1 someone holds is invisible at the table, so a
    determinization must not depend on it.
    """
    for group, copies in table.twins:
        n_played = (played & group).bit_count()
        n_own = (own & group).bit_count()
        if n_played + n_own == 0:
            continue
        played = played & ~group | sum(copies[:n_played])
        own = own & ~group | sum(copies[n_played : n_played + n_own])
    return played, own


def deal_consistent(cards: list[int], counts: list[int], voids: list[int], rng: Rng) -> list[int]:
    """Deal ``counts[p]`` of ``cards`` to each seat ``p``, none from a suit in ``voids[p]``.

    Seats with voids draw first, each uniformly from the cards it may hold; the others share
    the rest uniformly. With one constrained seat this is exactly uniform over the consistent
    deals. When draws keep failing, a constructive deal that always succeeds takes over.
    """
    # Search deals once an iteration: one plain loop sorts the seats (on Python 3.11 each
    # comprehension would cost a function call).
    constrained = []
    free = []
    needed = 0
    for p, count in enumerate(counts):
        if not count:
            continue
        if voids[p]:
            constrained.append(p)
        else:
            free.append(p)
            needed += count
    if len(constrained) > 1:
        constrained.sort(key=lambda p: -voids[p].bit_count())
    for _ in range(_TRIES):
        hands = [0] * len(counts)
        left = cards
        for p in constrained:
            allowed = [c for c in left if not c & voids[p]]
            if len(allowed) < counts[p]:
                break
            rng.partial_shuffle(allowed, counts[p])
            hand = hands[p] = sum(allowed[: counts[p]])
            left = [c for c in left if not c & hand]
        else:
            # When the free seats take every card left, the last one takes the remainder
            # as it falls, so only the others' cards need drawing.
            draws = needed - counts[free[-1]] if free and needed == len(left) else needed
            rng.partial_shuffle(left, draws)
            start = 0
            for p in free:
                hands[p] = sum(left[start : start + counts[p]])
                start += counts[p]
            return hands
    return deal_constructive(cards, counts, voids, rng)


def deal_constructive(cards: list[int], counts: list[int], voids: list[int], rng: Rng) -> list[int]:
    """Fill seats one card at a time, each card to a seat that keeps a completion possible."""
    seats = len(counts)
    hands = [0] * seats
    left = counts[:]
    rng.shuffle(cards)
    # Place the cards the fewest seats may hold first.
    cards.sort(key=lambda c: sum(1 for p in range(seats) if left[p] and not c & voids[p]))
    for position, card in enumerate(cards):
        options = [p for p in range(seats) if left[p] and not card & voids[p]]
        rng.shuffle(options)
        for p in options:
            left[p] -= 1
            if _feasible(cards[position + 1 :], left, voids):
                hands[p] |= card
                break
            left[p] += 1
        else:
            raise AssertionError("no consistent deal exists for the cards seen")
    return hands


def _feasible(cards: list[int], left: list[int], voids: list[int]) -> bool:
    """Hall's condition: every set of suits has enough room among the seats that may hold it."""
    by_suit = [sum(1 for c in cards if c & SUIT_MASK[s]) for s in range(4)]
    for subset in range(1, 16):
        need = sum(by_suit[s] for s in range(4) if subset >> s & 1)
        if not need:
            continue
        suits_mask = sum(SUIT_MASK[s] for s in range(4) if subset >> s & 1)
        room = sum(left[p] for p in range(len(left)) if suits_mask & ~voids[p])
        if need > room:
            return False
    return sum(left) >= len(cards)
