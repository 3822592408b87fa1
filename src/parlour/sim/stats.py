"""Intervals for win shares and means, for the differences between two runs, and the
sizes a difference needs to be found.

A win share counts a shared win as ``1/k`` (``returns()``), so its "successes" may be
fractional; the intervals treat it as a binomial proportion all the same.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from statistics import NormalDist

__all__ = [
    "Z95",
    "Estimate",
    "Moments",
    "mean",
    "mean_difference",
    "moments_difference",
    "mover",
    "newcombe",
    "ratio",
    "seat_games_needed",
    "smallest_difference",
    "wilson",
    "wilson_bounds",
]

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
    return mover(wilson(a.value * a.n, a.n, z), wilson(b.value * b.n, b.n, z))


def mover(a: Estimate, b: Estimate) -> Estimate:
    """The difference ``b - a`` of two independent estimates, its interval recovered from
    theirs (Zou and Donner's MOVER; from two Wilson intervals, Newcombe's); NaN bounds
    where either has none."""
    diff = b.value - a.value
    if math.isnan(a.low) or math.isnan(b.low):
        return Estimate(diff, math.nan, math.nan, min(a.n, b.n))
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


@dataclass(frozen=True)
class Moments:
    """A sample kept as its count, sum and sum of squares: added and taken apart in O(1)."""

    n: int = 0
    total: float = 0.0
    squares: float = 0.0

    @classmethod
    def of(cls, values: Iterable[float]) -> Moments:
        """The moments of ``values``."""
        xs = list(values)
        return cls(len(xs), float(sum(xs)), float(sum(x * x for x in xs)))

    def __add__(self, other: Moments) -> Moments:
        return Moments(self.n + other.n, self.total + other.total, self.squares + other.squares)

    def __sub__(self, other: Moments) -> Moments:
        return Moments(self.n - other.n, self.total - other.total, self.squares - other.squares)

    @property
    def mean(self) -> float:
        """The sample mean (NaN when empty)."""
        return self.total / self.n if self.n else math.nan

    @property
    def variance(self) -> float:
        """The sample variance, ``n - 1`` in the denominator (NaN below two values)."""
        if self.n < 2:
            return math.nan
        # Never below zero, which rounding could otherwise give for equal values.
        return max(0.0, (self.squares - self.total * self.total / self.n) / (self.n - 1))


def moments_difference(a: Moments, b: Moments, z: float = Z95) -> Estimate:
    """``mean(b) - mean(a)`` with Welch's normal interval, as ``mean_difference`` of samples."""
    if a.n < 2 or b.n < 2:
        return Estimate(math.nan, math.nan, math.nan, 0)
    se = math.sqrt(a.variance / a.n + b.variance / b.n)
    diff = b.mean - a.mean
    return Estimate(diff, diff - z * se, diff + z * se, min(a.n, b.n))


def ratio(xs: Sequence[float], ys: Sequence[float], z: float = Z95) -> Estimate:
    """``sum(xs) / sum(ys)`` over paired units with its normal (delta-method) interval.

    The ratio estimator's usual standard error: the units (games) are the independent
    samples, and ``x_i - R y_i`` their residuals. NaN with fewer than two units or no ``y``.
    """
    n = len(xs)
    total = sum(ys)
    if n < 2 or total == 0:
        return Estimate(math.nan, math.nan, math.nan, n)
    r = sum(xs) / total
    residuals = sum((x - r * y) ** 2 for x, y in zip(xs, ys, strict=True))
    se = math.sqrt(residuals / (n * (n - 1))) / (total / n)
    return Estimate(r, r - z * se, r + z * se, n)


def _variance(values: Sequence[float], m: float) -> float:
    return sum((x - m) ** 2 for x in values) / (len(values) - 1)


def seat_games_needed(
    share: float, difference: float, level: float = 0.95, power: float = 0.8
) -> int:
    """The seat-games each side needs so that a true ``difference`` from a ``share`` is found
    (a two-sided test at ``level`` rejects "no difference") with probability ``power``.

    Fleiss' formula for two independent proportions, without continuity correction: the
    size at which the intervals this package draws (Wilson, Newcombe) exclude zero about as
    often, since they agree with the score test they come from.
    """
    first, second = share, share + difference
    if not (0 < first < 1 and 0 < second < 1) or difference == 0:
        raise ValueError(f"a share of {first} against {second}: both must lie strictly in 0-1")
    normal = NormalDist()
    alpha = normal.inv_cdf(1 - (1 - level) / 2)
    beta = normal.inv_cdf(power)
    pooled = (first + second) / 2
    spread = alpha * math.sqrt(2 * pooled * (1 - pooled)) + beta * math.sqrt(
        first * (1 - first) + second * (1 - second)
    )
    return math.ceil((spread / difference) ** 2)


def smallest_difference(
    share: float, seat_games: int, level: float = 0.95, power: float = 0.8
) -> float:
    """The smallest rise above ``share`` that ``seat_games`` on each side find with
    ``power`` (``seat_games_needed`` solved for the difference, to 0.01 points)."""
    low, high = 0.0, 1 - share
    while high - low > 1e-4:
        middle = (low + high) / 2
        if middle > 0 and seat_games_needed(share, middle, level, power) <= seat_games:
            high = middle
        else:
            low = middle
    return high
