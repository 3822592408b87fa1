"""Fool's Blade ``hard`` against ``medium`` on duplicate deals: untimed, so it holds anywhere."""

from __future__ import annotations

import pytest

from parlour.sim.tournament import parse_bots, run, schedule, summarize


@pytest.mark.slow
@pytest.mark.long
def test_hard_is_not_weaker_than_medium_on_duplicate_deals() -> None:
    # `hard` with its Fool's Blade settings but at most 40 playouts a decision (its races
    # take up to 2000), one seat against three `medium`, every deal played from all four
    # seats; games cut at 24 turns (six rounds, scored as they stand) keep the run short. On
    # these deals a `hard` that played at random would fail (0 wins: at most 24.2% against
    # 33.3%). docs/bots.md has the full-budget figures.
    lineup = parse_bots("hard:iterations=40,medium,medium,medium")
    matches = schedule("foolsblade", lineup, 12, seed=2, options={"max_turns": 24})
    summaries = {s.label.split(":")[0]: s for s in summarize(run(matches))}
    hard, medium = summaries["hard"], summaries["medium"]
    assert hard.seat_games == 12 and medium.seat_games == 36
    # Not weaker beyond its interval: medium's share lies below the top of hard's interval.
    assert hard.ci_high > medium.win_share
