"""Example agents written here: programs that answer well, badly on purpose, or never, and
a chat-completion endpoint on 127.0.0.1 that plays like a model told what to say."""

from __future__ import annotations

import os
import shlex
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from parlour.agents.stub import ChatStub, Reply

# Plays the last legal action by its number, and notes every request it got on stderr.
SCRIPTED = """
import json, sys
for line in sys.stdin:
    request = json.loads(line)
    print(json.dumps({"action": len(request["legal_actions"])}), flush=True)
"""
# Answers nonsense, then a line that is not JSON, then the first legal action's text in
# capitals with extra spaces (a near miss the reader accepts); it writes each request's
# "error" to the file named by its argument, so a test sees what it was told.
BAD = """
import json, sys
told = open(sys.argv[1], "a")
for line in sys.stdin:
    request = json.loads(line)
    told.write(json.dumps(request.get("error")) + "\\n"); told.flush()
    if request.get("error") is None:
        print(json.dumps({"action": "dance a jig"}), flush=True)
    elif not request["previous"].startswith("not"):
        print("not json at all", flush=True)
    else:
        print(json.dumps({"action": "  " + request["legal_actions"][0].upper() + " "}), flush=True)
"""
# Always wrong: the fallback must play.
WRONG = """
import json, sys
for line in sys.stdin:
    print(json.dumps({"action": "resign"}), flush=True)
"""
# Reads the request and never answers.
HANGING = """
import sys, time
sys.stdin.readline()
time.sleep(600)
"""
# Says why on stderr and exits at the first request.
CRASHING = """
import sys
sys.stdin.readline()
print("agent: out of ideas", file=sys.stderr, flush=True)
sys.exit(3)
"""
AGENTS = {
    "scripted": SCRIPTED,
    "bad": BAD,
    "wrong": WRONG,
    "hanging": HANGING,
    "crashing": CRASHING,
}


@pytest.fixture
def agent_command(tmp_path: Path) -> Callable[..., str]:
    """The command line that runs one of ``AGENTS`` (with extra arguments)."""

    def command(name: str, *args: str) -> str:
        script = tmp_path / f"{name}_agent.py"
        script.write_text(AGENTS[name], encoding="utf-8")
        return shlex.join([sys.executable, str(script), *args])

    return command


class Spawned(list[int]):
    """The process ids of the agent programs started during a test."""

    def left(self) -> list[int]:
        """Those still there as children of this process, running or zombie (not reaped)."""
        me = str(os.getpid())
        found = []
        for pid in self:
            try:
                stat = Path(f"/proc/{pid}/stat").read_text()
            except OSError:
                continue  # gone: exited and reaped
            if stat.rsplit(")", 1)[1].split()[1] == me:
                found.append(pid)
        return found


@pytest.fixture
def spawned(monkeypatch: pytest.MonkeyPatch) -> Spawned:
    """Record every program started in this test (only agents start any here)."""
    pids = Spawned()
    real = subprocess.Popen

    class Recorded(real):  # type: ignore[misc, valid-type]
        def __init__(self, *args: Any, **kwargs: Any) -> None:
            super().__init__(*args, **kwargs)
            pids.append(self.pid)

    monkeypatch.setattr(subprocess, "Popen", Recorded)
    return pids


@pytest.fixture
def chat_stub() -> Iterator[Callable[[Reply], ChatStub]]:
    """Start chat stubs that answer as told; all are stopped after the test."""
    started: list[ChatStub] = []

    def start(reply: Reply) -> ChatStub:
        stub = ChatStub(reply)
        started.append(stub)
        return stub

    yield start
    for stub in started:
        stub.close()
