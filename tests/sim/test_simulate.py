"""``parlour simulate``: seeds, chunks, the Parquet folder, resume, backends and bad input."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pyarrow.parquet as pq
import pytest
from typer.testing import CliRunner

import parlour
from parlour import GameError, bots
from parlour.cli.app import app
from parlour.games.foolsblade.cards import card_folder
from parlour.sim.facts import facts_for
from parlour.sim.schema import COMMON
from parlour.sim.simulate import (
    Plan,
    bot_seed,
    game_seed,
    make_plan,
    play_chunk,
    play_game,
    read,
    run,
    table_columns,
)

FAST = "fearless"  # random bots play about a thousand Fearless games per second


def rows(path: Path) -> list[dict[str, object]]:
    return list(read(path).to_pylist())


def test_a_game_replays_from_its_row_alone() -> None:
    plan = make_plan("citadels", "random,medium,easy", games=5, seed=9)
    game_rows, record = play_game(plan, 3)
    row = game_rows[1]
    assert row["seed"] == game_seed(9, 3) and row["bot_seed"] == bot_seed(9, 3, 1)
    # Deal the game again from the row's seed and bot seeds: the same actions.
    state = parlour.load("citadels").new_game(3, seed=row["seed"], **json.loads(row["options"]))
    players = [
        bots.make(r["bot"], seed=r["bot_seed"])  # type: ignore[arg-type]
        for r in game_rows
    ]
    while not state.is_over:
        state.apply(players[state.current_player].choose(state))  # type: ignore[index]
    assert state.record() == record
    assert [r["score"] for r in game_rows] == state.scores()
    assert [r["won"] for r in game_rows] == [s in state.winners() for s in range(3)]


def test_rows_follow_the_schema_in_game_and_seat_order(tmp_path: Path) -> None:
    plan = make_plan(FAST, "random", players=3, games=7, seed=1, chunk_size=3)
    assert plan.chunks == 3 and list(plan.chunk_games(2)) == [6]
    assert run(plan, tmp_path / "out") == 7
    table = read(tmp_path / "out")
    assert table.column_names == [c.name for c in table_columns(FAST)]
    assert table.column_names[: len(COMMON)] == [c.name for c in COMMON]
    assert [(r["game_index"], r["seat"]) for r in table.to_pylist()] == [
        (g, s) for g in range(7) for s in range(3)
    ]
    # The folder is also a plain Parquet dataset.
    assert pq.read_table(tmp_path / "out").num_rows == 21


@pytest.mark.parametrize("game", ["fearless", "citadels", "foolsblade"])
def test_the_same_seed_gives_the_same_rows_whatever_the_job_count(
    tmp_path: Path, game: str
) -> None:
    plan = make_plan(game, "random,easy,random,medium", games=12, seed=4, chunk_size=2)
    run(plan, tmp_path / "one", jobs=1)
    run(plan, tmp_path / "two", jobs=2)
    assert rows(tmp_path / "one") == rows(tmp_path / "two")
    assert read(tmp_path / "one").schema == read(tmp_path / "two").schema
    # The card table's columns are among them: every seat held cards, and some used them.
    table = rows(tmp_path / "one")
    for group in facts_for(game).cards:
        assert all(row[group.held[1]] for row in table)
        for _, column in group.uses:
            assert any(row[column] for row in table), column
    other = make_plan(game, "random,easy,random,medium", games=12, seed=5, chunk_size=2)
    run(other, tmp_path / "other", jobs=1)
    assert rows(tmp_path / "other") != rows(tmp_path / "one")


def test_the_chunk_size_does_not_change_the_rows(tmp_path: Path) -> None:
    run(make_plan(FAST, "random", players=4, games=6, seed=2, chunk_size=1), tmp_path / "a")
    run(make_plan(FAST, "random", players=4, games=6, seed=2, chunk_size=4), tmp_path / "b")
    assert rows(tmp_path / "a") == rows(tmp_path / "b")


def test_rotate_turns_the_line_up_a_seat_a_game() -> None:
    plan = make_plan(FAST, "medium,random,easy", games=3, rotate=True)
    assert [[s.name for s in plan.seats(i)] for i in range(4)] == [
        ["medium", "random", "easy"],
        ["random", "easy", "medium"],
        ["easy", "medium", "random"],
        ["medium", "random", "easy"],
    ]


def test_records_are_kept_beside_the_rows(tmp_path: Path) -> None:
    plan = make_plan(FAST, "random", players=3, games=4, seed=3, chunk_size=2, records=True)
    run(plan, tmp_path / "out")
    lines = (tmp_path / "out" / "_records" / "part-000001.jsonl").read_text().splitlines()
    records = [json.loads(line) for line in lines]
    assert [r["seed"] for r in records] == [game_seed(3, 2), game_seed(3, 3)]
    state = parlour.replay(records[0])
    assert state.scores() == [r["score"] for r in rows(tmp_path / "out") if r["game_index"] == 2]


def test_a_finished_folder_is_refused_without_resume_and_left_alone_with_it(
    tmp_path: Path,
) -> None:
    plan = make_plan(FAST, "random", players=3, games=4, chunk_size=2)
    run(plan, tmp_path / "out")
    with pytest.raises(GameError, match="--resume"):
        run(plan, tmp_path / "out")
    assert run(plan, tmp_path / "out", resume=True) == 0
    bigger = make_plan(FAST, "random", players=3, games=6, chunk_size=2)
    with pytest.raises(GameError, match="games 4, not 6"):
        run(bigger, tmp_path / "out", resume=True)


def test_resume_after_a_killed_run_plays_only_what_is_missing(tmp_path: Path) -> None:
    out = tmp_path / "out"
    args = [FAST, "--players", "4", "--bots", "random", "--games", "3000", "--chunk", "40"]
    args += ["--seed", "8", "--jobs", "2", "--out", str(out)]
    command = [sys.executable, "-c", "from parlour.cli.app import main; main()", "simulate"]
    child = subprocess.Popen(
        command + args,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,  # so the kill reaches the worker processes too
    )
    try:
        deadline = time.monotonic() + 60
        while len(list(out.glob("part-*.parquet"))) < 3 and time.monotonic() < deadline:
            time.sleep(0.05)
    finally:
        os.killpg(child.pid, signal.SIGKILL)
        child.wait()
    kept = {p.name: p.stat().st_mtime_ns for p in out.glob("part-*.parquet")}
    assert 3 <= len(kept) < 75, "the run was killed before it finished"
    result = CliRunner().invoke(app, ["simulate", *args, "--resume"])
    assert result.exit_code == 0, result.output
    assert f"{3000 - 40 * len(kept)} games played" in result.output
    assert {p.name: p.stat().st_mtime_ns for p in out.glob("part-*.parquet") if p.name in kept} == (
        kept
    )
    assert not list(out.glob(".*"))  # no half-written part is left behind
    table = read(out)
    assert table.column("game_index").to_pylist()[::4] == list(range(3000))
    plan = Plan.from_dict(json.loads((out / "_manifest.json").read_text())["plan"])
    some = sorted(kept)[0]
    chunk = play_chunk(plan, int(some[5:11]))
    assert pq.read_table(out / some).to_pylist() == chunk.rows


def cli(args: list[str]) -> tuple[int, list[str]]:
    result = CliRunner().invoke(app, args)
    return result.exit_code, result.stderr.strip().splitlines()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["chess", "--bots", "random", "-n", "4"], "error: there is no game 'chess'"),
        (["fearless", "--bots", "random,genius,random"], "error: there is no bot 'genius'"),
        (["fearless", "--bots", "random", "-n", "4", "--option", "jokers=1"], "error: Fearless"),
        (["citadels", "--bots", "random", "-n", "4", "--option", "great_wall=3"], "error: bad"),
        (["fearless", "--bots", "random", "-n", "9"], "error: Fearless takes 3 to 5 players"),
        (["fearless", "--bots", "random"], "error: say how many players"),
        (["fearless", "--bots", "random", "-n", "3", "--games", "0"], "error: the number of"),
        (["fearless", "--bots", "random", "-n", "3", "--backend", "mpi"], "error: there is no"),
        (["fearless", "--bots", "random", "-n", "3", "--address", "x:1"], "error: --address"),
        (
            [
                "fearless",
                "--bots",
                "random",
                "-n",
                "3",
                "--backend",
                "ray",
                "--address",
                "127.0.0.1:1",
            ],
            "error: cannot join the Ray cluster at 127.0.0.1:1: Connection refused",
        ),
    ],
)
def test_bad_input_gets_one_clear_sentence(tmp_path: Path, args: list[str], message: str) -> None:
    games = [] if "--games" in args else ["--games", "2"]
    code, lines = cli(["simulate", *args, *games, "--out", str(tmp_path / "o")])
    assert code == 2
    assert len(lines) == 1 and lines[0].startswith(message), lines
    assert not (tmp_path / "o").exists()


def test_an_unwritable_output_gets_one_clear_sentence(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("")
    code, lines = cli(
        ["simulate", FAST, "-n", "3", "--bots", "random", "--out", str(tmp_path / "file" / "o")]
    )
    assert code == 2 and len(lines) == 1
    assert lines[0].startswith("error: cannot write to") and "Not a directory" in lines[0]
    code, lines = cli(["simulate", FAST, "-n", "3", "--bots", "random", "--out", str(tmp_path)])
    assert code == 2 and lines == [f"error: {str(tmp_path)!r} is a folder with other files in it"]


def test_cards_takes_an_edition_or_a_folder_and_keeps_the_folder_whole(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    editions = parlour.load("foolsblade").editions
    game = ["simulate", "foolsblade", "-n", "2", "--bots", "random", "--games", "1", "--jobs", "1"]
    code, lines = cli([*game, "--cards", editions[-1], "--out", str(tmp_path / "e")])
    assert code == 0, lines
    assert json.loads(rows(tmp_path / "e")[0]["options"])["cards"] == editions[-1]
    # A folder named from elsewhere is kept as its full path, which a report made in any
    # other folder reads again.
    copy = tmp_path / "mine"
    shutil.copytree(card_folder(editions[0]), copy)
    monkeypatch.chdir(tmp_path)
    code, lines = cli([*game, "--cards", "mine", "--out", str(tmp_path / "f")])
    assert code == 0, lines
    assert json.loads(rows(tmp_path / "f")[0]["options"])["cards"] == str(copy)


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["foolsblade", "--cards", "v0"], "--cards must be {editions} (the editions of Fool's"),
        (["foolsblade", "--option", "cards=nowhere"], "--cards must be {editions} (the edit"),
        (["foolsblade", "--option", "cards=3"], "--cards must be {editions} (the editions"),
        (["foolsblade", "--cards", "v1", "--option", "cards=v2"], "give the card set once"),
        (["fearless", "--cards", "v1"], "--cards is for a game with card files (Fool's Blade)"),
    ],
)
def test_a_bad_card_set_gets_a_sentence_naming_what_is_accepted(
    tmp_path: Path, args: list[str], message: str
) -> None:
    *others, last = parlour.load("foolsblade").editions
    editions = f"{', '.join(others)} or {last}" if others else last
    out = ["-n", "3", "--bots", "random", "--games", "1", "--out", str(tmp_path / "o")]
    code, lines = cli(["simulate", *args, *out])
    assert code == 2 and len(lines) == 1, lines
    assert lines[0].startswith("error: " + message.format(editions=editions)), lines
    assert not (tmp_path / "o").exists()


def test_power_says_what_a_difference_needs_and_plays_nothing(tmp_path: Path) -> None:
    result = CliRunner().invoke(
        app, ["simulate", "foolsblade", "-n", "4", "--games", "1000", "--power", "5"]
    )
    assert result.exit_code == 0, result.output
    lines = result.stdout.splitlines()
    # 25% against 30%: 1,251 seat-games a run (tests/sim/test_stats.py), one a game for a
    # seat; a card held in 1 seat-game in 10 is in 4 of 10 games' seat-games.
    assert "each run needs 1,251 seat-games" in lines[0] and "fair 25.0%" in lines[0]
    assert lines[1].endswith(": 1,251 games")
    assert "1 seat-game in 10: 3,128 games" in result.stdout
    assert lines[-1].startswith("With --games 1,000 each run finds 5.6 points for a seat")
    code, errors = cli(["simulate", "foolsblade", "-n", "4", "--power", "80"])
    assert code == 2 and errors == [
        "error: --power must be above 0 and below 75 points (a win share near the fair "
        "25.0% at 4 players), not 80"
    ]
    code, errors = cli(["simulate", "foolsblade", "-n", "4"])
    assert code == 2 and errors == ["error: --out is required: the results folder to create"]
