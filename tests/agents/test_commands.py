"""A program named as a bot where bots are named: play, tournament and simulate."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

from typer.testing import CliRunner

from parlour.bots.lineup import split_lineup
from parlour.cli.app import app

from .conftest import Spawned


def run(*args: str) -> str:
    result = CliRunner().invoke(app, list(args))
    assert result.exit_code == 0, result.output
    return result.output


def test_play_watches_a_program_against_bots(
    agent_command: Callable[..., str], tmp_path: Path
) -> None:
    lineup = f"cmd:{agent_command('scripted')},random,random"
    save = str(tmp_path / "g.json")
    out = run("play", "fearless", "--watch", "--delay", "0", "--save", save, "--bots", lineup)
    assert "final scores" in out and "Player 1: cmd:" in out
    assert json.loads((tmp_path / "g.json").read_text())["actions"]


def test_a_tournament_and_a_simulation_seat_the_program_in_every_seat(
    agent_command: Callable[..., str], tmp_path: Path, spawned: Spawned
) -> None:
    lineup = f"cmd:{agent_command('scripted')},random,random"
    out = run("tournament", "fearless", "--bots", lineup, "--games", "3", "--jobs", "1")
    assert "│ cmd:" in out  # the program has its own row
    sim = str(tmp_path / "sim")
    run("simulate", "fearless", "--bots", lineup, "--games", "2", "--jobs", "1", "--out", sim)
    assert (tmp_path / "sim").is_dir()
    # One run of the program a game (3 + 2), each closed and reaped at its game's end.
    assert len(spawned) == 5 and spawned.left() == []


def test_a_comma_inside_quotes_belongs_to_the_command() -> None:
    lineup = "cmd:python -c 'import json, sys' --name \"a, b\",random , medium"
    assert split_lineup(lineup) == [
        "cmd:python -c 'import json, sys' --name \"a, b\"",
        "random ",
        " medium",
    ]


def test_agent_show_prints_the_prompt_or_the_request_line() -> None:
    prompt = run("agent", "show", "citadels", "--players", "4", "--moves", "3")
    assert prompt.startswith("Rules of Citadels:") and "Legal actions:\n1. choose" in prompt
    request = json.loads(run("agent", "show", "foolsblade", "--moves", "5", "--json"))
    assert set(request) == {"view", "legal_actions", "prompt"}
    assert request["legal_actions"] == request["view"]["legal_actions"]


def test_serve_refuses_an_agent_it_cannot_make_before_it_starts() -> None:
    result = CliRunner().invoke(app, ["serve", "--agent", "heuristic"])
    assert result.exit_code == 2
    assert "--agent takes cmd:COMMAND or llm:base=URL:model=NAME" in result.output
    result = CliRunner().invoke(app, ["serve", "--agent", "llm:model=x"])
    assert result.exit_code == 2 and "needs base= and model=" in result.output
