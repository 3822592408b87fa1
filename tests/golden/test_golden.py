"""Golden games: recorded games replayed, their scores and log compared line by line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import parlour

FILES = sorted(Path(__file__).parent.glob("*.json"))


def test_there_are_golden_games_for_every_game() -> None:
    names = {path.name.split("-")[0] for path in FILES}
    assert names >= {"fearless", "citadels"}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_game_replays_the_same(path: Path) -> None:
    golden = json.loads(path.read_text())
    state = parlour.replay(golden["record"])
    assert state.is_over
    assert [event.text for event in state.log] == golden["log"]
    assert state.scores() == golden["scores"]
    assert state.winners() == golden["winners"]
