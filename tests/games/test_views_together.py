"""``State.views``, every seat's view built together (the server's broadcast after a move),
gives what ``view`` gives each seat, key for key and in the same order (the messages are
compared byte for byte on the wire)."""

from __future__ import annotations

import json
import random

import pytest

import parlour


@pytest.mark.parametrize(
    ("game", "players"),
    [("fearless", 3), ("fearless", 4), ("fearless", 5), ("citadels", 4), ("foolsblade", 2)],
)
def test_views_together_are_each_seats_view(game: str, players: int) -> None:
    rng = random.Random(players)
    state = parlour.load(game).new_game(players, rng.randrange(1000))
    seats = [*range(players), None, 0]
    checked = 0
    while not state.is_over and checked < 400:
        together = state.views(seats)
        alone = [state.view(seat) for seat in seats]
        assert [json.dumps(v) for v in together] == [json.dumps(v) for v in alone]
        state.apply(rng.choice(state.legal_actions()))
        checked += 1
    assert checked > 20
