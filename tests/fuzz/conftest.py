"""Hypothesis settings of the fuzzing suites: quick enough for every run, and in CI the
same examples every time, with no example database kept between runs."""

from __future__ import annotations

import os

import pytest
from hypothesis import HealthCheck, settings

# The stateful suite: each example starts a game and takes up to 25 steps, some of which
# play up to 150 actions, so a few hundred examples a game reach deep positions too.
settings.register_profile(
    "fuzz",
    max_examples=200,
    stateful_step_count=25,
    deadline=None,  # a step may play a whole game; its time says nothing
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large],
)
settings.register_profile(
    "fuzz-ci", settings.get_profile("fuzz"), derandomize=True, database=None, print_blob=True
)
PROFILE = "fuzz-ci" if os.environ.get("CI") else "fuzz"


@pytest.fixture
def fuzz_settings() -> settings:
    """The settings of this run's profile (``fuzz``, or ``fuzz-ci`` under CI)."""
    return settings.get_profile(PROFILE)
