"""Shared helpers for the CLI tests: run ``parlour`` in-process in a scratch folder."""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Sequence
from pathlib import Path

import pytest
from typer.testing import CliRunner, Result

from parlour.cli.app import app

Invoke = Callable[..., Result]

# A row of the final table: seat, the player and score-part columns where there are some,
# then the score before the last column (the result).
ROW = re.compile(r"^│\s*(\d+) │(?:[^│\n]*│)*?\s*(-?\d+) │[^│\n]*│$", re.MULTILINE)


@pytest.fixture
def invoke(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Invoke:
    """Run ``parlour`` with arguments (a list or a shell-like string) and stdin, in tmp_path."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("COLUMNS", "100")
    runner = CliRunner()

    def run(args: str | Sequence[str], input: str = "") -> Result:
        return runner.invoke(app, shlex.split(args) if isinstance(args, str) else args, input=input)

    return run


def final_scores(output: str) -> list[int]:
    """The scores of the final table printed at the end of a game, by seat."""
    table = output[output.rindex("final scores") :]
    return [int(score) for _, score in ROW.findall(table)]
