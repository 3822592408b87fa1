"""The generator: partial shuffles and the random playout that search uses."""

from __future__ import annotations

from collections import Counter

import pytest

from parlour.core import Rng


@pytest.mark.parametrize(("n", "k"), [(0, 0), (1, 0), (1, 1), (3, 3), (3, 5), (40, 39), (40, 7)])
def test_partial_shuffle_keeps_every_item(n: int, k: int) -> None:
    items = list(range(n))
    Rng(n * 100 + k).partial_shuffle(items, k)
    assert sorted(items) == list(range(n))


def test_partial_shuffle_front_is_uniform() -> None:
    rng = Rng(5)
    seen: Counter[tuple[int, ...]] = Counter()
    for _ in range(20_000):
        items = list(range(5))
        rng.partial_shuffle(items, 2)
        seen[tuple(items[:2])] += 1
    # 20 ordered pairs, 1,000 expected each: 4 standard deviations is about 125.
    assert len(seen) == 20
    assert all(abs(count - 1_000) < 130 for count in seen.values())


def test_randint_covers_both_ends_uniformly() -> None:
    rng = Rng(3)
    counts = Counter(rng.randint(1, 20) for _ in range(20_000))
    assert sorted(counts) == list(range(1, 21))
    assert max(counts.values()) < 1.2 * min(counts.values())
