"""Scenario building for the Citadels tests: the package's documented test helper."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from parlour.games.citadels.scenario import districts, scenario
from parlour.games.citadels.state import CitadelsState

Scenario = Callable[..., CitadelsState]
ids = districts


@pytest.fixture
def make() -> Scenario:
    """The scenario builder."""
    return scenario
