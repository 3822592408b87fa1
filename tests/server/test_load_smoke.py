"""The load benchmark runs end to end on a few tables for a few seconds (no timing checked)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

LOAD = Path(__file__).resolve().parents[2] / "benchmarks" / "load.py"


@pytest.mark.slow
@pytest.mark.long
def test_the_load_benchmark_runs_and_reports_every_figure(tmp_path: Path) -> None:
    out = tmp_path / "load.json"
    small = ["--tables", "3", "--bot-tables", "1", "--stress-tables", "2"]
    done = subprocess.run(
        [
            sys.executable,
            str(LOAD),
            *small,
            "--seconds",
            "2",
            "--warmup",
            "0.5",
            "--json",
            str(out),
        ],
        capture_output=True,
        text=True,
        timeout=240,
    )
    assert done.returncode == 0, done.stderr
    assert "p99 ms" in done.stdout and "target" in done.stdout
    runs = json.loads(out.read_text())
    assert [run["run"] for run in runs] == ["paced", "paced + hard bots", "stress"]
    for run in runs:
        assert run["errors"] == 0, run["error_samples"]
        assert run["moves"] > 0 and run["memory_per_table_kib"] > 0
        assert run["p50_ms"] <= run["p99_ms"] <= run["max_ms"]
        assert run["ping_p99_ms"] > 0  # the reference measured alongside
