"""Intervals for win shares and means, and for the differences between two runs.

A win share counts a shared win as ``1/k`` (``returns()``), so its "successes" may be
fractional; the intervals treat it as a binomial proportion all the same.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["Z95", "Estimate", "mean", "mean_difference", "newcombe", "wilson", "wilson_bounds"]

Z95 = 1.959963984540054  # the normal quantile of a two-sided 95% interval


@dataclass(frozen=True)
class Estimate:
    """A value with its 95% interval (NaN bounds when there is too little data)."""

    value: float
    low: float
    high: float
    n: int

    @property
    def excludes_zero(self) -> bool:
        """Whether the interval lies wholly above or wholly below zero."""
        return self.low > 0 or self.high < 0


def wilson(successes: float, n: int, z: float = Z95) -> Estimate:
    """A proportion with its Wilson score interval; NaN when ``n`` is 0."""
    if n <= 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    p = successes / n
    return Estimate(p, *wilson_bounds(p, n, z), n)


def wilson_bounds(p: float, n: float, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a proportion ``p`` seen in ``n`` trials (``n`` > 0; an
    effective count, so not necessarily whole), clipped to [0, 1]."""
    denominator = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denominator
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denominator
    return max(0.0, centre - half), min(1.0, centre + half)


def newcombe(a: Estimate, b: Estimate, z: float = Z95) -> Estimate:
    """The difference ``b - a`` of two independent proportions, with Newcombe's interval.

    Newcombe's hybrid score interval (his method 10) combines the two Wilson intervals; it
    keeps its coverage near 0 and 1 where the plain normal interval does not.
    """
    if a.n == 0 or b.n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    a, b = wilson(a.value * a.n, a.n, z), wilson(b.value * b.n, b.n, z)
    diff = b.value - a.value
    low = diff - math.sqrt((b.value - b.low) ** 2 + (a.high - a.value) ** 2)
    high = diff + math.sqrt((b.high - b.value) ** 2 + (a.value - a.low) ** 2)
    return Estimate(diff, low, high, min(a.n, b.n))


def mean(values: Sequence[float], z: float = Z95) -> Estimate:
    """A mean with its normal interval; NaN bounds with fewer than two values."""
    n = len(values)
    if n == 0:
        return Estimate(math.nan, math.nan, math.nan, 0)
    m = sum(values) / n
    if n < 2:
        return Estimate(m, math.nan, math.nan, n)
    half = z * math.sqrt(_variance(values, m) / n)
    return Estimate(m, m - half, m + half, n)


def mean_difference(a: Sequence[float], b: Sequence[float], z: float = Z95) -> Estimate:
    """The difference of means ``mean(b) - mean(a)`` with Welch's normal interval."""
    if len(a) < 2 or len(b) < 2:
        return Estimate(math.nan, math.nan, math.nan, 0)
    ma, mb = sum(a) / len(a), sum(b) / len(b)
    se = math.sqrt(_variance(a, ma) / len(a) + _variance(b, mb) / len(b))
    diff = mb - ma
    return Estimate(diff, diff - z * se, diff + z * se, min(len(a), len(b)))


def _variance(values: Sequence[float], m: float) -> float:
    return sum((x - m) ** 2 for x in values) / (len(values) - 1)
