"""The encoding of any game without a dedicated one: its view, feature-hashed.

Every leaf of ``state.view(seat)`` becomes a feature named by its key path, and the
features are hashed (CRC-32) into a fixed number of buckets, the hashing trick of
Weinberger et al. (2009). Numbers add their value to the bucket of their path, strings and
``true`` add 1 to the bucket of path and value; list positions are dropped (a hand is a bag
of cards), except in lists of one entry per seat, whose positions become the seat relative
to the observer. Integers under keys that name a seat (``seat``, ``current_player``,
``crown``, ``active``, ``first_player``, ``first_leader``) are rotated the same way. The
common keys that only repeat the observer or its legal actions (``game``, ``seat``,
``players``, ``legal_actions``) are left out: the action mask carries the legal actions.
"""

from __future__ import annotations

import zlib
from typing import Any

import numpy as np
import numpy.typing as npt

from ...core import State
from .base import Layout

__all__ = ["HashedViewEncoder"]

SEAT_KEYS = frozenset(
    {"seat", "current_player", "crown", "active", "first_player", "first_leader", "leader"}
)
SKIPPED = frozenset({"game", "seat", "players", "legal_actions"})
# Lists of one entry per seat that are not seat-indexed all the same: a hand whose size
# happens to equal the player count.
NOT_PER_SEAT = frozenset({"hand", "legal_actions", "played", "drawn", "aside"})


class HashedViewEncoder:
    """``buckets`` floats of hashed view features, for any game and player count."""

    name = "hashed-view"

    def __init__(self, game_name: str, players: int, buckets: int = 1024) -> None:
        self.game_name = game_name
        self.players = players
        self.buckets = buckets
        self.layout = Layout()
        self.layout.add(
            "features",
            buckets,
            "view leaves hashed by key path (and value, for strings) with CRC-32 modulo "
            f"{buckets}; per-seat lists and seat numbers rotated observer-first",
        )
        self._hashes: dict[str, int] = {}

    @property
    def size(self) -> int:
        """Length of every vector this encoder writes."""
        return self.buckets

    def _bucket(self, name: str) -> int:
        found = self._hashes.get(name)
        if found is None:
            found = self._hashes[name] = zlib.crc32(name.encode()) % self.buckets
        return found

    def encode(
        self, state: State, seat: int, out: npt.NDArray[np.float32] | None = None
    ) -> npt.NDArray[np.float32]:
        """Write ``seat``'s hashed view of ``state`` into ``out`` and return it."""
        if out is None:
            out = np.zeros(self.buckets, np.float32)
        else:
            out[:] = 0.0
        view = state.view(seat)
        for key, value in view.items():
            if key not in SKIPPED:
                self._walk(out, key, key, value, seat)
        return out

    def _walk(
        self, out: npt.NDArray[np.float32], path: str, key: str, value: Any, seat: int
    ) -> None:
        p = self.players
        if value is None:
            return
        if isinstance(value, bool):
            if value:
                out[self._bucket(path)] += 1.0
        elif isinstance(value, int | float):
            if key in SEAT_KEYS and isinstance(value, int) and 0 <= value < p:
                out[self._bucket(f"{path}=@{(value - seat) % p}")] += 1.0
            else:
                out[self._bucket(path)] += float(value)
        elif isinstance(value, str):
            out[self._bucket(f"{path}={value}")] += 1.0
        elif isinstance(value, dict):
            for k, v in value.items():
                self._walk(out, f"{path}/{k}", k, v, seat)
        elif isinstance(value, list):
            per_seat = len(value) == p and key not in NOT_PER_SEAT
            for i, item in enumerate(value):
                sub = f"{path}/@{(i - seat) % p}" if per_seat else f"{path}/*"
                self._walk(out, sub, key, item, seat)
