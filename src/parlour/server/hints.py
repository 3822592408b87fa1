"""Hints: every legal action of the deciding seat with its estimated chance to win, judged
from that seat's information only (``parlour.analysis``), in a bot worker process."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Any

from ..analysis import Settings, judge_position
from .botpool import replayed

__all__ = ["HINT_SECONDS", "HINT_WORLDS", "advise"]

# A hint draws worlds two at a time until it has this many or this many seconds have gone
# (the first two always): a 3-player Fool's Blade opening takes about 0.12 s for two worlds.
HINT_WORLDS = 64
HINT_SECONDS = 2.0


def advise(
    record: dict[str, Any], seconds: float = HINT_SECONDS, worlds: int = HINT_WORLDS
) -> list[tuple[str, float]]:
    """Each legal action at the end of ``record`` with the deciding seat's estimated expected
    result after it (its share of a win, 0 to 1), best first (ties in the game's order).

    Each round is ``judge_position`` over two worlds the seat cannot tell from the real one
    (``determinize``), with its own seed, so the estimate depends only on the seat's view.
    """
    state = replayed(record)
    settings = Settings.for_game(state.game.name, iterations=2)
    first = state.legal_actions()[0].text
    totals: dict[str, float] = {}
    rounds = 0
    deadline = time.monotonic() + seconds
    while rounds == 0 or (2 * rounds < worlds and time.monotonic() < deadline):
        decision = judge_position(state, first, replace(settings, seed=rounds))
        for action, value in decision.values.items():
            totals[action] = totals.get(action, 0.0) + value
        rounds += 1
    chances = [(action, total / rounds) for action, total in totals.items()]
    return sorted(chances, key=lambda pair: -pair[1])
