"""Intervals: Wilson for shares, Newcombe for their differences, normal and Welch for means."""

from __future__ import annotations

import math

import pytest

from parlour.sim.stats import mean, mean_difference, newcombe, wilson


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
