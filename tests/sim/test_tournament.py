"""Tournaments: duplicate-deal scheduling, parallel play, statistics, output and the command."""

from __future__ import annotations

import json
import math
import re
from pathlib import Path

import pytest
import typer
from typer.testing import CliRunner, Result

import parlour
from parlour import GameError
from parlour.cli.tournament import duration
from parlour.cli.tournament import tournament as tournament_command
from parlour.sim.tournament import (
    BotSpec,
    GameResult,
    parse_bots,
    play,
    run,
    schedule,
    summarize,
    tournament,
)


def test_parse_bots_reads_names_and_settings() -> None:
    specs = parse_bots("ismcts:iterations=50:margin=0.25:rollout=heuristic, random")
    assert specs[0] == BotSpec("ismcts", {"iterations": 50, "margin": 0.25, "rollout": "heuristic"})
    assert specs[0].label == "ismcts:iterations=50:margin=0.25:rollout=heuristic"
    assert specs[1] == BotSpec("random")


@pytest.mark.parametrize("text", ["genius", "ismcts:iterations", "ismcts:iterations=0"])
def test_parse_bots_refuses_bad_line_ups(text: str) -> None:
    with pytest.raises(GameError):
        parse_bots(text)


def test_schedule_rotates_every_deal_through_every_seat() -> None:
    lineup = parse_bots("heuristic,random,random")
    matches = schedule("fearless", lineup, games=7, seed=3)
    assert len(matches) == 9  # rounded up to whole deals of 3 rotations
    for deal in range(3):
        games = [m for m in matches if m.deal == deal]
        assert len({m.seed for m in games}) == 1
        assert sorted(m.seats.index(BotSpec("heuristic")) for m in games) == [0, 1, 2]
        # A bot keeps its seed through the rotations of a deal.
        heuristic_seeds = {m.bot_seeds[m.seats.index(BotSpec("heuristic"))] for m in games}
        assert len(heuristic_seeds) == 1
    assert len({m.seed for m in matches}) == 3


def test_schedule_checks_the_table() -> None:
    with pytest.raises(GameError, match="players"):
        schedule("fearless", parse_bots("random,random"), games=2, seed=0)
    with pytest.raises(GameError, match="one bot a seat"):
        schedule("fearless", parse_bots("random,random"), games=2, seed=0, players=4)
    with pytest.raises(GameError, match="how many players"):
        schedule("fearless", parse_bots("random"), games=2, seed=0)
    assert len(schedule("fearless", parse_bots("random"), games=3, seed=0, players=3)) == 3


def test_a_played_game_replays_from_its_record() -> None:
    match = schedule("fearless", parse_bots("heuristic,random,random"), games=3, seed=5)[1]
    result = play(match)
    state = parlour.replay(result.record)
    assert state.is_over
    assert state.scores() == result.scores
    assert state.returns() == result.returns
    assert sum(result.decisions) == len(result.record["actions"])


def test_parallel_play_gives_the_same_results(tmp_path: Path) -> None:
    matches = schedule("fearless", parse_bots("easy,random,random"), games=6, seed=2)
    alone = run(matches, jobs=1)
    out = tmp_path / "games.jsonl"
    with out.open("w") as handle:
        together = run(matches, jobs=2, out=handle)
    assert [r.record for r in alone] == [r.record for r in together]
    lines = [json.loads(line) for line in out.read_text().splitlines()]
    assert sorted(line["index"] for line in lines) == list(range(6))
    assert all(parlour.replay(line["record"]).returns() == line["returns"] for line in lines)


def result(index: int, deal: int, seats: tuple[str, ...], winner: int) -> GameResult:
    """A made-up finished game of three seats that ``winner`` won with a score of 9."""
    scores = [9 if seat == winner else seat for seat in range(3)]
    returns = [1.0 if seat == winner else 0.0 for seat in range(3)]
    record = {"game": "citadels"}  # higher scores win, as in this made-up game
    return GameResult(index, deal, 0, seats, record, returns, scores, [winner], [0.3] * 3, [3] * 3)


def test_summary_shares_intervals_and_ratings() -> None:
    seats = ("strong", "weak", "weak")
    results = [result(i, deal=i // 2, seats=seats, winner=0 if i % 4 else 1) for i in range(40)]
    summary = {row.label: row for row in summarize(results)}
    strong, weak = summary["strong"], summary["weak"]
    assert strong.seat_games == 40 and weak.seat_games == 80
    assert strong.win_share == pytest.approx(0.75)
    assert weak.win_share == pytest.approx(0.125)
    assert strong.ci_low < 0.75 < strong.ci_high
    assert strong.ci_low > 1 / 3 > weak.ci_high
    assert strong.rating_mu > weak.rating_mu
    assert strong.seconds_per_decision == pytest.approx(0.1)


def test_one_deal_has_no_interval() -> None:
    row = summarize([result(0, 0, ("a", "b", "c"), 0)])[0]
    assert math.isnan(row.ci_low) and math.isnan(row.ci_high)


def test_tournament_heuristic_beats_random_and_writes_games(tmp_path: Path) -> None:
    out = tmp_path / "t.jsonl"
    summary = tournament("fearless", "heuristic,random,random,random", 40, seed=1, out=out)
    assert summary[0].label == "heuristic"
    assert len(out.read_text().splitlines()) == 40


def test_command_prints_the_table() -> None:
    app = typer.Typer()
    app.command()(tournament_command)
    app.command("other")(lambda: None)  # a second command, so the first keeps its name
    outcome = CliRunner().invoke(
        app,
        ["tournament", "fearless", "--bots", "medium,easy,random", "--games", "6", "--jobs", "1"],
    )
    assert outcome.exit_code == 0, outcome.output
    assert "win share" in outcome.output and "medium" in outcome.output


def test_command_reports_a_bad_line_up() -> None:
    app = typer.Typer()
    app.command()(tournament_command)
    app.command("other")(lambda: None)
    outcome = CliRunner().invoke(app, ["tournament", "fearless", "--bots", "genius,random"])
    assert outcome.exit_code == 2


# Fool's Blade cut at 20 turns (five rounds each): the search won 79% (59.5-90.8%) there,
# 83% at 40 turns, in half the time (23 s of processor time against 50 s).
CAPPED = {"foolsblade": {"max_turns": 20}}


@pytest.mark.slow
@pytest.mark.long
@pytest.mark.parametrize("game", parlour.game_names())
def test_search_beats_random_clearly(game: str) -> None:
    # Playouts cut at 30 actions and scored by the heuristic: a random game of Fool's Blade
    # is over a thousand actions, so playouts to the end would take the suite an hour.
    bots = "ismcts:iterations=50:rollout_depth=30,random,random,random"
    # 24 deals: with 12, one unlucky set of determinizations could put the interval's low
    # end under 0.25 (win share 0.46 on 12 deals against 0.55 on 60). Fool's Blade is cut at
    # its turn cap, where it is scored as usual: the search's edge shows from the first
    # turns, and 96 whole games took seven minutes.
    options = CAPPED.get(game, {})
    summary = {row.label: row for row in tournament(game, bots, 24, seed=3, options=options)}
    assert summary["ismcts:iterations=50:rollout_depth=30"].ci_low > 0.25


def test_even_deals_give_an_interval_of_honest_width() -> None:
    # Four deals where the bot wins exactly half its games: a normal interval on the deal
    # means' spread (none) would be 50.0-50.0%.
    seats = ("even", "odd", "odd")
    results = [result(i, deal=i // 2, seats=seats, winner=0 if i % 2 else 1) for i in range(8)]
    row = {r.label: r for r in summarize(results)}["even"]
    assert row.win_share == pytest.approx(0.5)
    assert row.ci_low < 0.25 and row.ci_high > 0.75  # Wilson's for 4 of 8


def test_a_share_of_zero_keeps_an_upper_bound_above_zero() -> None:
    seats = ("loser", "winner", "other")
    results = [result(i, deal=i, seats=seats, winner=1) for i in range(5)]
    row = {r.label: r for r in summarize(results)}["loser"]
    assert row.win_share == 0 == row.ci_low
    assert 0.3 < row.ci_high < 0.5  # Wilson's bound for 0 of 5


def invoke_command(*args: str) -> Result:
    app = typer.Typer()
    app.command()(tournament_command)
    app.command("other")(lambda: None)
    return CliRunner().invoke(app, ["tournament", *args])


def test_a_single_bot_fills_four_seats_by_default() -> None:
    outcome = invoke_command("fearless", "--bots", "random", "--games", "4", "--jobs", "1")
    assert outcome.exit_code == 0, outcome.output
    assert "4 games on 1 process" in outcome.output
    assert "fair share 25.0%" in " ".join(outcome.output.split())


def test_errors_come_before_any_progress_bar() -> None:
    outcome = invoke_command("fearless", "--bots", "random,random", "--players", "4")
    assert outcome.exit_code == 2
    assert outcome.stdout == ""
    assert outcome.stderr.startswith("error: 2 bots for 4 players")


def test_the_time_is_estimated_after_the_first_game() -> None:
    outcome = invoke_command("fearless", "--bots", "random,random,random", "--games", "6")
    assert outcome.exit_code == 0, outcome.output
    assert "6 games on 2 processes" in outcome.output
    estimate = r"The first game took \d+\.\d s: about \d+ seconds? for all 6\."
    assert re.search(estimate, outcome.output)


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(0.2, "1 second"), (40, "40 seconds"), (600, "10 minutes"), (5400, "1.5 hours")],
)
def test_duration_in_words(seconds: float, words: str) -> None:
    assert duration(seconds) == words
