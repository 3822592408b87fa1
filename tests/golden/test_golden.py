"""Golden games: recorded games replayed, their scores and log compared line by line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import parlour

from .regenerate import SEEDS

FILES = sorted(Path(__file__).parent.glob("*.json"))


def test_there_are_golden_games_for_every_game() -> None:
    """Every registered game at every player count: a new game fails here until it has its
    golden games (``tests/golden/regenerate.py <name>``)."""
    expected = {
        f"{name}-{players}p-seed{seed}.json"
        for name in parlour.game_names()
        for players in range(parlour.load(name).min_players, parlour.load(name).max_players + 1)
        for seed in SEEDS
    }
    missing = sorted(expected - {path.name for path in FILES})
    assert not missing, f"no golden game {missing[0]} (and {len(missing) - 1} more)"


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_the_same(path: Path) -> None:
    golden = json.loads(path.read_text())
    state = parlour.replay(golden["record"])
    assert state.is_over
    assert [event.text for event in state.log] == golden["log"]
    assert state.scores() == golden["scores"]
    assert state.winners() == golden["winners"]
