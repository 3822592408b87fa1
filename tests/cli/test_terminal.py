"""``parlour play`` in a real terminal (a pty): colours, the prompt, Ctrl-C, the live table."""

from __future__ import annotations

import json
import re
import shutil
import signal
import sys
from pathlib import Path

import pexpect
import pytest

import parlour

PARLOUR = str(Path(sys.executable).with_name("parlour"))
ANSI = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")
# The terminal codes of the suits' colours: bold blue, dark orange, magenta and green.
SUIT_COLOURS = {"blue": "34", "orange": "38;5;208", "magenta": "35", "green": "32"}
PROMPT = "Your move ("

pytestmark = pytest.mark.skipif(not Path(PARLOUR).exists(), reason="parlour script not installed")


def default_interrupt() -> None:
    """In the spawned program, Ctrl-C interrupts: SIGINT neither ignored nor blocked, both of
    which a program inherits from whatever started it (a test run in a shell's background,
    or a test worker whose SIGINT an earlier test left blocked)."""
    signal.signal(signal.SIGINT, signal.SIG_DFL)
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGINT})


def spawn(args: str, cwd: Path) -> pexpect.spawn:
    child = pexpect.spawn(
        PARLOUR,
        args.split(),
        cwd=str(cwd),
        encoding="utf-8",
        dimensions=(50, 120),
        timeout=30,
        env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "COLUMNS": "120"},
        preexec_fn=default_interrupt,
    )
    child.delaybeforesend = None  # pexpect's default 50 ms a line would make a game take seconds
    return child


def test_a_whole_game_in_a_terminal(tmp_path: Path) -> None:
    child = spawn(
        "play fearless --players 4 --seat 0 --bots random --seed 0 --delay 0 --save t.json",
        tmp_path,
    )
    child.expect_exact(PROMPT)
    screen = ANSI.sub("", child.before)
    assert "Your hand:" in screen
    hand = parlour.load("fearless").new_game(4, seed=0).view(0)["hand"]
    for suit, colour in SUIT_COLOURS.items():
        assert any(card.startswith(suit) for card in hand)  # seed 0 deals every suit
        assert re.search(rf"\x1b\[1;{colour}m *{suit}\x1b", child.before), suit
    first = re.search(r"\b1 (play \S+)", screen)
    assert first is not None

    child.sendline("play nothing")
    child.expect_exact(PROMPT)
    assert "Not legal:" in child.before and "nothing" in child.before
    # The echoed entry, one line of explanation, then the choices again.
    said = child.before.split("\n")
    assert "Not legal:" in said[1] and "Not legal:" not in "".join(said[2:])
    assert first[1] in "".join(said[2:])

    child.sendline(first[1])
    moves = 1
    while child.expect_exact([PROMPT, "final scores"]) == 0:
        child.sendline("1")
        moves += 1
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert moves == 52
    assert "Game saved to t.json" in child.before
    record = json.loads((tmp_path / "t.json").read_text())
    assert record["actions"][0] == first[1]
    assert parlour.replay(record).is_over


def test_ctrl_c_saves_the_game(tmp_path: Path) -> None:
    child = spawn("play fearless --seed 9 --delay 0 --save cut.json", tmp_path)
    child.expect_exact(PROMPT)
    child.sendline("1")
    child.expect_exact(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 130
    assert "Game stopped after" in child.before and "saved to cut.json" in child.before
    state = parlour.replay(json.loads((tmp_path / "cut.json").read_text()))
    assert not state.is_over and state.current_player == 0


def test_watch_redraws_the_table_and_ends_with_the_scores(tmp_path: Path) -> None:
    child = spawn("play fearless --watch --seed 9 --delay 0 --save w.json", tmp_path)
    child.expect_exact("final scores")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert parlour.replay(json.loads((tmp_path / "w.json").read_text())).is_over


MAKE = shutil.which("make")


@pytest.mark.skipif(MAKE is None, reason="make is not installed")
def test_ctrl_c_in_the_game_of_make_play_is_not_a_failure(tmp_path: Path) -> None:
    # The README's `make play`, with the venv already built and the game saved in tmp_path.
    root = Path(__file__).resolve().parents[2]
    child = pexpect.spawn(
        str(MAKE),
        ["-s", "-f", str(root / "Makefile"), "play", "RUN_STAMP=", f"BIN={Path(PARLOUR).parent}"],
        cwd=str(tmp_path),
        encoding="utf-8",
        dimensions=(50, 120),
        timeout=60,
        env={"PATH": "/usr/bin:/bin", "TERM": "xterm-256color", "HOME": str(tmp_path)},
        preexec_fn=default_interrupt,
    )
    child.expect_exact(PROMPT)
    child.sendintr()
    child.expect(pexpect.EOF)
    child.close()
    assert "Game stopped after 0 actions" in child.before
    assert "make: ***" not in child.before
    assert child.signalstatus is None and child.exitstatus == 0
    assert len(list((tmp_path / "games").glob("fearless-*.json"))) == 1


def test_enter_alone_plays_the_only_card_in_a_terminal(tmp_path: Path) -> None:
    child = spawn("play fearless --bots random --seed 2 --delay 0 --save e.json", tmp_path)
    for _ in range(12):
        child.expect_exact(PROMPT)
        child.sendline("1")
    child.expect_exact("Your move (Enter: play ")
    child.sendline("")
    child.expect_exact(PROMPT)
    child.sendline("q")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    record = json.loads((tmp_path / "e.json").read_text())
    state = parlour.load("fearless").new_game(4, seed=2)
    for text in record["actions"]:
        state.apply(text)
    assert state.view(0)["round"] == 2  # the human's 13th card ended round 1
