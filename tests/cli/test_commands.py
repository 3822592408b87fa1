"""The command line itself: help wording, -h, --version, games and their aliases, bots."""

from __future__ import annotations

from importlib.metadata import version

import pytest

import parlour

from .conftest import Invoke

COMMANDS = ["", "games", "play", "replay", "tournament"]


@pytest.mark.parametrize("command", COMMANDS)
def test_help_is_plain_and_reads_as_english(invoke: Invoke, command: str) -> None:
    long = invoke(f"{command} --help")
    short = invoke(f"{command} -h")
    assert long.exit_code == 0 == short.exit_code, long.output
    assert long.output == short.output
    text = " ".join(long.output.split())
    assert "<bool>" not in text and "╭" not in text
    for garbled in ("one a ", "a rotation)", "time a decision"):
        assert garbled not in text, garbled


def test_the_top_line_promises_only_the_games_there_are(invoke: Invoke) -> None:
    text = invoke("--help").output
    assert "Fool's Blade" not in text or "foolsblade" in parlour.game_names()
    assert "parlour games" in text


def test_version(invoke: Invoke) -> None:
    result = invoke("--version")
    assert result.exit_code == 0
    assert result.output == f"parlour {version('parlour')}\n"


def test_games_lists_aliases(invoke: Invoke) -> None:
    result = invoke("games")
    assert "ohne-furcht-und-adel" in result.output
    for alias in ("ohne-furcht-und-adel",):
        assert invoke(f"play {alias} --watch --delay 0 --seed 1 --bots random").exit_code == 0


def test_play_takes_bot_settings(invoke: Invoke) -> None:
    result = invoke("play fearless --watch --delay 0 --seed 1 --bots ismcts:iterations=10")
    assert result.exit_code == 0, result.output
    assert "Player 1: ismcts:iterations=10 · Player 2: ismcts:iterations=10" in result.output
    bad = invoke("play fearless --bots ismcts:iterations=0")
    assert bad.exit_code == 2 and bad.stderr.startswith("error: ")


def test_a_negative_delay_is_refused(invoke: Invoke) -> None:
    result = invoke("play fearless --watch --delay -1")
    assert result.exit_code == 2
    assert "Invalid value for '--delay'" in result.output
