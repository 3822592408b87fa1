"""The one source of chance: a seeded SplitMix64 generator whose whole state is one integer."""

from __future__ import annotations

from collections.abc import MutableSequence, Sequence
from functools import lru_cache
from typing import TypeVar

__all__ = ["GAMMA", "MASK64", "MIX1", "MIX2", "Rng", "derive_seed"]

T = TypeVar("T")

# SplitMix64's step, public for code that must inline it (the bots' random playouts):
# ``state += GAMMA``, then the output mixes ``state`` with MIX1 and MIX2, all mod 2**64.
MASK64 = (1 << 64) - 1
GAMMA = 0x9E3779B97F4A7C15
MIX1 = 0xBF58476D1CE4E5B9
MIX2 = 0x94D049BB133111EB
_BATCH = 1 << 32
_SIGN = 1 << 63


def derive_seed(*parts: int | str) -> int:
    """A 64-bit seed determined by the parts alone, the same on every machine.

    Each part is read as bytes (text as UTF-8, integers as signed little-endian) in 8-byte
    chunks; an integer that fits in 8 bytes is its own single chunk, computed directly
    because search calls this once per determinization.
    """
    z = 0x5851F42D4C957F2D
    for part in parts:
        if isinstance(part, int) and -_SIGN < part < _SIGN:
            size = max(1, (part.bit_length() + 8) // 8)
            chunks: list[int] = [part & ((1 << (8 * size)) - 1)]
        else:
            data = (
                part.encode()
                if isinstance(part, str)
                else part.to_bytes(max(1, (part.bit_length() + 8) // 8), "little", signed=True)
            )
            size = len(data)
            chunks = [int.from_bytes(data[i : i + 8], "little") for i in range(0, size, 8)]
        for value in (*chunks, None):
            # The mix of (z + GAMMA + chunk) for each chunk, then of (z + size): inlined,
            # because a call costs as much as the arithmetic here.
            z = (z + (size if value is None else GAMMA + value)) & MASK64
            z = ((z ^ (z >> 30)) * MIX1) & MASK64
            z = ((z ^ (z >> 27)) * MIX2) & MASK64
            z ^= z >> 31
    return z


# Which swaps share a draw depends only on the length (and the sample size), so the
# batches are worked out once: computing them costs a fifth of a shuffle.
@lru_cache(maxsize=256)
def _shuffle_batches(n: int) -> tuple[tuple[int, int], ...]:
    """``shuffle``'s batches for ``n`` items: (product of the bounds, last index swapped)."""
    out = []
    i = n - 1
    while i > 0:
        product = i + 1
        last = i
        while last > 1 and product * last < _BATCH:
            product *= last
            last -= 1
        out.append((product, last))
        i = last - 1
    return tuple(out)


@lru_cache(maxsize=1024)
def _partial_batches(n: int, stop: int) -> tuple[tuple[int, int], ...]:
    """``partial_shuffle``'s batches: (product of the bounds, index after the last swap)."""
    out = []
    i = 0
    while i < stop:
        product = n - i
        last = i + 1
        while last < stop and product * (n - last) < _BATCH:
            product *= n - last
            last += 1
        out.append((product, last))
        i = last
    return tuple(out)


class Rng:
    """SplitMix64: fast, 64-bit, deterministic everywhere, and copied by copying one int.

    Python's Mersenne Twister would cost about 17 µs a copy, twenty times a whole game
    state's clone; this generator's state is a single integer.
    """

    __slots__ = ("state",)

    def __init__(self, seed: int | str = 0) -> None:
        self.state = derive_seed(seed)

    def clone(self) -> Rng:
        """An independent generator that will produce the same numbers as this one."""
        other = Rng.__new__(Rng)
        other.state = self.state
        return other

    def next64(self) -> int:
        """The next 64-bit unsigned integer."""
        self.state = z = (self.state + GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in ``range(n)`` (bias under n / 2**64: never measurable)."""
        if n <= 0:
            raise ValueError(f"below() needs a positive bound, not {n}")
        self.state = z = (self.state + GAMMA) & MASK64
        z = ((z ^ (z >> 30)) * MIX1) & MASK64
        z = ((z ^ (z >> 27)) * MIX2) & MASK64
        return ((z ^ (z >> 31)) * n) >> 64

    def randint(self, low: int, high: int) -> int:
        """A uniform integer in ``[low, high]``, both ends included (a d20: ``randint(1, 20)``)."""
        return low + self.below(high - low + 1)

    def random(self) -> float:
        """A uniform float in ``[0, 1)`` with 53 random bits."""
        return (self.next64() >> 11) * (1.0 / (1 << 53))

    def choice(self, items: Sequence[T]) -> T:
        """One element of a non-empty sequence, uniformly."""
        return items[self.below(len(items))]

    def shuffle(self, items: MutableSequence[T]) -> None:
        """Shuffle in place (Fisher-Yates).

        One 64-bit draw serves several swaps: it is scaled to the product of their bounds
        (kept under 2**32, so the bias stays under 2**-32) and split by mixed-radix division.
        """
        state = self.state
        i = len(items) - 1
        for product, last in _shuffle_batches(len(items)):
            state = z = (state + GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * MIX1) & MASK64
            z = ((z ^ (z >> 27)) * MIX2) & MASK64
            draw = ((z ^ (z >> 31)) * product) >> 64
            while i >= last:
                # ``%`` and ``//`` cost less than a call of ``divmod`` and its tuple.
                bound = i + 1
                j = draw % bound
                draw //= bound
                items[i], items[j] = items[j], items[i]
                i -= 1
        self.state = state

    def partial_shuffle(self, items: MutableSequence[T], k: int) -> None:
        """Move a uniform sample of ``k`` items, in random order, to the front of ``items``.

        Fisher-Yates stopped after ``k`` swaps, so drawing a few cards from many costs
        ``k`` swaps, not ``len(items)``; draws are batched as in ``shuffle``.
        """
        state = self.state
        n = len(items)
        i = 0
        for product, last in _partial_batches(n, min(k, n - 1)):
            state = z = (state + GAMMA) & MASK64
            z = ((z ^ (z >> 30)) * MIX1) & MASK64
            z = ((z ^ (z >> 27)) * MIX2) & MASK64
            draw = ((z ^ (z >> 31)) * product) >> 64
            while i < last:
                bound = n - i
                j = i + draw % bound
                draw //= bound
                items[i], items[j] = items[j], items[i]
                i += 1
        self.state = state
