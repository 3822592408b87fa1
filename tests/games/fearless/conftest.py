"""Fixtures of the Fearless tests."""

from __future__ import annotations

import pytest

from parlour.games.fearless.state import FearlessState

from .tables import hands_with, new


@pytest.fixture
def four_player_example() -> FearlessState:
    """The rulebook's trick: Angelika (0), Sabine (1), Hedwig (2, no green), Nicole (3)."""
    hands = hands_with(
        4,
        {0: ["green-4"], 1: ["green+2"], 2: ["blue+5"], 3: ["green+6", "zero"]},
        avoid={2: ["green"]},
    )
    return new(4, hands)
