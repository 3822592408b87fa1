"""The Ray backend on a local Ray instance of 2 CPUs: the same rows as local processes."""

from __future__ import annotations

from pathlib import Path

import pytest
from typer.testing import CliRunner

from parlour.cli.app import app
from parlour.sim.simulate import Written, make_plan, read, run

LINEUP = "random,easy,medium,random"


class StopRunError(Exception):
    """Ends a run from its progress callback, as an interruption would."""


def test_ray_finishes_a_stopped_run_with_the_same_rows_as_one_local_job(tmp_path: Path) -> None:
    plan = make_plan("citadels", LINEUP, games=16, seed=6, chunk_size=2)
    run(plan, tmp_path / "local", jobs=1)

    def stop(chunk: Written) -> None:
        if chunk.index == 2:
            raise StopRunError

    with pytest.raises(StopRunError):
        run(plan, tmp_path / "ray", jobs=1, on_chunk=stop)
    # Ray starts once (it is slow to start), from the command line, resuming the stopped run.
    args = ["simulate", "citadels", "--bots", LINEUP, "--games", "16", "--seed", "6"]
    args += ["--chunk", "2", "--backend", "ray", "--jobs", "2", "--resume"]
    result = CliRunner().invoke(app, [*args, "--out", str(tmp_path / "ray")])
    assert result.exit_code == 0, result.output
    assert "10 games played" in result.output
    assert read(tmp_path / "ray").to_pylist() == read(tmp_path / "local").to_pylist()
