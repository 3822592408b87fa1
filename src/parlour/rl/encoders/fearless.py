"""The Fearless observation: cards as bit fields unpacked in one call, the table rotated.

Reads ``FearlessState``'s slots directly (hands are bit sets, see ``games.fearless.cards``)
so that one observation costs a few microseconds; every field it reads is also in
``view(seat)``, so it holds nothing the seat could not know.
"""

from __future__ import annotations

import struct
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core import Game, State
from ...games.fearless.actions import PLAY
from ...games.fearless.cards import HAND_SIZE
from ...games.fearless.state import FearlessState
from .base import Layout

__all__ = ["CARDS", "FearlessEncoder"]

CARDS = list(PLAY)
"""The 49 distinct cards, in the order of the ``trick`` section (as ``PLAY`` lists them)."""
_CARD_INDEX = {card: i for i, card in enumerate(CARDS)}
_SUIT_FIELD = 0x3FFF
_CARD_FEATURES = 4 * 14 + 4
_TWINS = ((5, 6), (7, 8))  # a suit's two -1s and two +1s, by bit


def _suit_floats(field: int) -> bytes:
    """A suit's 14-bit field as 14 float32s, identical copies moved to the lower bit."""
    bits = [field >> i & 1 for i in range(14)]
    for low, high in _TWINS:
        bits[low], bits[high] = bits[low] | bits[high], bits[low] & bits[high]
    return struct.pack("14f", *bits)


# Each suit's 14-bit field and the four zeros' nibble become their float32s' bytes by table
# look-up, joined and written with one copy: faster than numpy's unpackbits and its cast,
# and the tables also fold identical copies, so which copy of a card a seat holds (which
# nobody at the table can tell) never shows.
_SUIT_BYTES = [_suit_floats(field) for field in range(1 << 14)]
_ZERO_BYTES = [
    struct.pack("4f", *(1.0 if i < n.bit_count() else 0.0 for i in range(4))) for n in range(16)
]
_VALUE_SCALE = 10.0
_GHOST_SCALE = 15.0
_FEAR_SCALE = 45.0


class FearlessEncoder:
    """The documented Fearless layout for one player count (``layout.markdown()`` prints it)."""

    name = "fearless"

    @classmethod
    def for_game(cls, game: Game, players: int, **options: Any) -> FearlessEncoder:
        """The encoder ``Game.encoder`` names: one layout for every option."""
        return cls(players)

    def __init__(self, players: int) -> None:
        self.players = players
        p = players
        layout = self.layout = Layout()
        cards = (
            "one feature per physical card: suit s (blue, orange, magenta, green) at 14*s + i "
            "for its cards -6 … -2, -1, -1, +1, +1, +2 … +6, then the four zeros at 56..59; "
            "of identical cards the lower copies are set first (one -1 sets 14*s + 5)"
        )
        layout.add("hand", _CARD_FEATURES, "own cards; " + cards)
        layout.add("played", _CARD_FEATURES, "cards played this round, current trick included")
        layout.add("unseen", _CARD_FEATURES, "cards in the other hands (not yet played)")
        self._trick = layout.add(
            "trick",
            p * len(CARDS),
            "per seat (observer first): its card in the current trick, "
            "one-hot over the 49 distinct cards in `CARDS` order",
        )
        self._led = layout.add("led", 4, "the led suit, one-hot (all 0 when none is fixed)")
        self._value = layout.add("trick_value", 1, "the current trick's value / 10")
        self._winning = layout.add("winning", p, "per seat: holds the trick's best card so far")
        self._to_move = layout.add("to_move", p, "per seat: must play now")
        self._ruin = layout.add("ruin", p, "per seat: the ghost is still on the ruin")
        self._ghost = layout.add("ghost", p, "per seat: ghost position / 15 (0 on the ruin)")
        self._fear = layout.add("fear", p, "per seat: fear points of completed rounds / 45")
        self._voids = layout.add("voids", 4 * p, "per seat, 4 suits: shown void this round")
        self._counts = layout.add("hand_counts", p, "per seat: cards in hand / 13")
        self._progress = layout.add(
            "progress", 2, "rounds completed / rounds, tricks completed this round / tricks"
        )
        dense = layout.size - self._led
        self._blank = [0.0] * dense
        self._pack = struct.Struct(f"{dense}f").pack_into
        self._trick_end = 4 * self._led
        self._blank_trick = bytes(4 * (self._led - self._trick))
        self._hand_size = HAND_SIZE[players]
        # The seats in the observer-first order, for each observer.
        self._orders = [[(seat + r) % p for r in range(p)] for seat in range(p)]

    @property
    def size(self) -> int:
        """Length of every vector this encoder writes."""
        return self.layout.size

    def encode(
        self, state: State, seat: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """Write ``seat``'s observation into ``out`` (C-contiguous float32) and return it."""
        if out is None:
            out = np.zeros(self.layout.size, np.float32)
        st: FearlessState = state  # type: ignore[assignment]
        p = self.players
        hands = st.hands
        own = hands[seat]
        in_hands = 0
        for hand in hands:
            in_hands |= hand
        deck = st.table.deck
        played = deck & ~in_hands
        unseen = in_hands & ~own
        suits, zeros = _SUIT_BYTES, _ZERO_BYTES
        f = _SUIT_FIELD
        out.data.cast("B")[: self._trick_end] = b"".join(
            (
                suits[own & f],
                suits[own >> 16 & f],
                suits[own >> 32 & f],
                suits[own >> 48 & f],
                zeros[own >> 64],
                suits[played & f],
                suits[played >> 16 & f],
                suits[played >> 32 & f],
                suits[played >> 48 & f],
                zeros[played >> 64],
                suits[unseen & f],
                suits[unseen >> 16 & f],
                suits[unseen >> 32 & f],
                suits[unseen >> 48 & f],
                zeros[unseen >> 64],
                self._blank_trick,
            )
        )
        trick_at = self._trick
        # Scalar writes through a memoryview cost a third of numpy's item assignment (typed
        # Any: typeshed's memoryview takes only ints, this one holds float32s).
        mv: Any = out.data
        step = len(CARDS)
        rel = (st.leader - seat) % p
        for play in st.trick:
            mv[trick_at + rel * step + _CARD_INDEX[play.card]] = 1.0
            rel = rel + 1 if rel + 1 < p else 0
        # The sections after the trick are built as one list, written by one struct call.
        vals = self._blank[:]
        led = self._led
        if st.led >= 0:
            vals[st.led] = 1.0
        vals[4] = st.trick_value / _VALUE_SCALE
        if st.trick:
            vals[self._winning - led + (st.best_seat - seat) % p] = 1.0
        current = st.current_player
        if current is not None:
            vals[self._to_move - led + (current - seat) % p] = 1.0
        ruin = self._ruin - led
        ghost_at = self._ghost - led
        fear_at = self._fear - led
        counts_at = self._counts - led
        ghosts, fear = st.ghosts, st.fear
        hand_size = self._hand_size
        order = self._orders[seat]
        for r, s in enumerate(order):
            g = ghosts[s]
            if g is None:
                vals[ruin + r] = 1.0
            else:
                vals[ghost_at + r] = g / _GHOST_SCALE
            vals[fear_at + r] = fear[s] / _FEAR_SCALE
            vals[counts_at + r] = hands[s].bit_count() / hand_size
        voids = st.voids
        if voids:
            at = self._voids - led
            for s in order:
                flags = voids >> (4 * s) & 15
                if flags:
                    for suit in range(4):
                        if flags >> suit & 1:
                            vals[at + suit] = 1.0
                at += 4
        vals[-2] = st.round / p
        vals[-1] = st.trick_number / hand_size
        self._pack(out.data, 4 * led, *vals)
        return out
