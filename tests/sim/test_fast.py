"""``parlour simulate --fast``: Fearless on the batched engine, in the ordinary table."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.app import app
from parlour.fast import fearless
from parlour.sim.simulate import Written, fast_seed, make_plan, play_chunk, read, run


def test_a_fast_chunk_holds_the_batched_engines_rows_with_the_runs_columns() -> None:
    plan = make_plan("fearless", "random", players=5, games=2500, seed=3, fast=True)
    assert plan.chunk_size == 1024 and plan.chunks == 3
    chunk = play_chunk(plan, 2)
    result = fearless.simulate(2500 - 2048, 5, seed=fast_seed(3, 2))
    expected = fearless.rows(result)
    for row in expected:
        row["game_index"] += 2048
        row.update(
            seed=fast_seed(3, 2),
            options=json.dumps(plan.options, sort_keys=True),
            bot="random",
            bot_seed=None,
        )
    assert chunk.rows == expected


def test_a_fast_run_has_the_ordinary_schema_and_ignores_jobs(tmp_path: Path) -> None:
    run(make_plan("fearless", "random", players=4, games=3, seed=1), tmp_path / "slow")
    plan = make_plan("fearless", "random", players=4, games=900, seed=1, fast=True, chunk_size=200)
    run(plan, tmp_path / "one", jobs=1)
    run(plan, tmp_path / "two", jobs=2)
    one = read(tmp_path / "one")
    assert one.schema == read(tmp_path / "slow").schema
    assert one.equals(read(tmp_path / "two"))
    assert one.column("game_index").to_pylist()[::4] == list(range(900))
    for row in one.slice(0, 8).to_pylist():
        assert sum(row["fear_per_round"]) == row["score"] and row["decisions"] == 208


class StopRunError(Exception):
    """Ends a run from its progress callback, as an interruption would."""


def test_a_stopped_fast_run_resumes_to_the_same_rows(tmp_path: Path) -> None:
    plan = make_plan("fearless", "random", players=3, games=500, seed=2, fast=True, chunk_size=100)
    run(plan, tmp_path / "whole")

    def stop(chunk: Written) -> None:
        if chunk.index == 1:
            raise StopRunError

    with pytest.raises(StopRunError):
        run(plan, tmp_path / "stopped", on_chunk=stop)
    args = ["simulate", "fearless", "-n", "3", "--games", "500", "--seed", "2", "--chunk", "100"]
    result = CliRunner().invoke(app, [*args, "--fast", "--resume", "--out", f"{tmp_path}/stopped"])
    assert result.exit_code == 0, result.output
    assert "300 games played" in result.output
    assert read(tmp_path / "stopped").equals(read(tmp_path / "whole"))


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["citadels", "-n", "4"], "error: --fast plays Fearless only, not Citadels;"),
        (["fearless", "--bots", "random,medium,random"], "error: --fast plays random bots only"),
        (["fearless", "-n", "4", "--option", "first_leader=2"], "error: --fast plays the default"),
        (["fearless", "-n", "4", "--records"], "error: --fast keeps no records"),
    ],
)
def test_what_fast_cannot_play_gets_one_sentence(
    tmp_path: Path, args: list[str], message: str
) -> None:
    result = CliRunner().invoke(app, ["simulate", *args, "--fast", "--out", f"{tmp_path}/o"])
    lines = result.stderr.strip().splitlines()
    assert result.exit_code == 2
    assert len(lines) == 1 and lines[0].startswith(message), lines
    assert not (tmp_path / "o").exists()
