"""Intervals: Wilson for shares, Newcombe for their differences, normal and Welch for means."""

from __future__ import annotations

import math

import pytest

from parlour.sim.stats import (
    Estimate,
    Moments,
    mean,
    mean_difference,
    moments_difference,
    mover,
    newcombe,
    ratio,
    seat_games_needed,
    smallest_difference,
    wilson,
)


def test_wilson_matches_the_published_values() -> None:
    # Newcombe (1998), Statistics in Medicine 17, table I: 81/263 and 0/10.
    e = wilson(81, 263)
    assert (round(e.low, 4), round(e.high, 4)) == (0.2553, 0.3662)
    e = wilson(0, 10)
    assert (e.low, round(e.high, 4)) == (0.0, 0.2775)
    assert math.isnan(wilson(0, 0).value)


def test_newcombe_matches_the_published_difference() -> None:
    # Newcombe (1998), Statistics in Medicine 17, method 10 on 56/70 against 48/80.
    d = newcombe(wilson(48, 80), wilson(56, 70))
    assert round(d.value, 4) == 0.2
    assert (round(d.low, 4), round(d.high, 4)) == (0.0524, 0.3339)
    assert d.excludes_zero
    assert not newcombe(wilson(5, 10), wilson(6, 10)).excludes_zero


def test_means_and_their_difference() -> None:
    e = mean([1.0, 2.0, 3.0, 4.0])
    assert e.value == 2.5
    assert e.high - e.value == pytest.approx(1.959963984540054 * math.sqrt(5 / 3 / 4))
    d = mean_difference([1.0, 2.0, 3.0], [11.0, 12.0, 13.0])
    assert d.value == 10 and d.excludes_zero
    assert math.isnan(mean_difference([1.0], [2.0, 3.0]).value)


def test_moments_give_the_difference_of_the_samples() -> None:
    a, b = [3.0, 5.0, 4.0, 9.0], [1.0, 2.0, 2.5]
    assert moments_difference(Moments.of(a), Moments.of(b)) == pytest.approx(mean_difference(a, b))
    # Taken apart: the whole less a part is the rest.
    whole = Moments.of(a + b)
    assert moments_difference(whole - Moments.of(b), Moments.of(b)) == pytest.approx(
        mean_difference(a, b)
    )
    assert Moments.of([2.0, 2.0]).variance == 0.0
    assert math.isnan(moments_difference(Moments.of([1.0]), Moments.of(b)).value)


def test_a_ratio_over_units_has_the_delta_method_interval() -> None:
    # Cochran, Sampling Techniques (1977), 6.2: se(R) = sqrt(sum (x - R y)^2 / (n (n-1))) / ybar.
    xs, ys = [4.0, 3.0, 0.0], [16.0, 10.0, 14.0]
    r = 7 / 40
    se = math.sqrt(((4 - 16 * r) ** 2 + (3 - 10 * r) ** 2 + (14 * r) ** 2) / 6) / (40 / 3)
    e = ratio(xs, ys)
    assert e.value == pytest.approx(r)
    assert (e.low, e.high) == pytest.approx(
        (r - 1.959963984540054 * se, r + 1.959963984540054 * se)
    )
    assert math.isnan(ratio([1.0], [2.0]).value) and math.isnan(ratio([0.0, 0.0], [0.0, 0.0]).low)


def test_mover_recovers_the_interval_of_a_difference_from_the_two_intervals() -> None:
    # From two Wilson intervals, MOVER is Newcombe's method 10.
    assert mover(wilson(48, 80), wilson(56, 70)) == newcombe(wilson(48, 80), wilson(56, 70))
    # From two symmetric normal intervals, the normal interval of the difference:
    # half-widths 3 and 4 give 5.
    d = mover(Estimate(10.0, 7.0, 13.0, 50), Estimate(12.0, 8.0, 16.0, 40))
    assert (d.value, d.low, d.high, d.n) == (2.0, -3.0, 7.0, 40)
    # Without an interval on either side there is none of the difference.
    assert math.isnan(mover(Estimate(0.5, math.nan, math.nan, 1), wilson(3, 4)).low)


def test_the_seat_games_a_difference_needs_follow_fleiss_formula() -> None:
    # 50% against 60%, two-sided 5%, power 80%: 388 a group, the figure published with
    # Fleiss' formula without continuity correction.
    assert seat_games_needed(0.5, 0.1) == 388
    # The formula written out with its quantiles, z(0.975) and z(0.8), for 25% against 30%.
    pooled = 0.275
    spread = 1.959964 * math.sqrt(2 * pooled * (1 - pooled)) + 0.841621 * math.sqrt(
        0.25 * 0.75 + 0.3 * 0.7
    )
    assert seat_games_needed(0.25, 0.05) == math.ceil((spread / 0.05) ** 2) == 1251
    # A stricter level or more power needs more; a fall needs its own count.
    assert seat_games_needed(0.25, 0.05, level=0.99) > 1251
    assert seat_games_needed(0.25, 0.05, power=0.9) > 1251
    assert seat_games_needed(0.25, -0.05) != 1251
    with pytest.raises(ValueError, match="strictly in 0-1"):
        seat_games_needed(0.25, 0.8)


def test_the_smallest_difference_found_inverts_the_seat_games_needed() -> None:
    found = smallest_difference(0.25, 1251)
    assert found == pytest.approx(0.05, abs=1e-3)
    assert seat_games_needed(0.25, found) <= 1251 < seat_games_needed(0.25, found - 1e-3)
