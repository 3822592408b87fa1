"""Refusals stay one readable sentence whatever was sent (found by fuzzing: a refusal quoted
a megabyte of input back)."""

from __future__ import annotations

import pytest

import parlour
from parlour.core.errors import quoted

HUGE = [
    "x" * 1_000_000,
    "play " + "z" * 100_000,
    "choose " + "k" * 150,
    "destroy 1 " + "w" * 500,
    b"pass" * 10_000,
    ["pass"] * 10_000,
]


def test_quoted_cuts_long_values_and_says_how_long() -> None:
    assert quoted("pass") == "'pass'"
    assert quoted("x" * 1000) == "'" + "x" * 56 + "... (1,000 characters)"
    assert quoted(b"x" * 100).endswith("... (100 bytes)")
    assert quoted(list(range(100))).endswith("...") and len(quoted(list(range(100)))) == 60


@pytest.mark.parametrize("name", parlour.game_names())
def test_a_refusal_of_huge_input_is_short(name: str) -> None:
    state = parlour.load(name).new_game(parlour.load(name).min_players, seed=1)
    for bad in HUGE:
        with pytest.raises(parlour.IllegalAction) as refused:
            state.apply(bad)  # type: ignore[arg-type]  # wrong types on purpose
        assert len(str(refused.value)) < 1000
        assert "legal" in str(refused.value)
