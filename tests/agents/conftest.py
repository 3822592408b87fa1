"""Example agents written here: programs that answer well, badly on purpose, or never, and
a chat-completion endpoint on 127.0.0.1 that plays like a model told what to say."""

from __future__ import annotations

import json
import os
import shlex
import sys
import threading
from collections.abc import Callable, Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from typing import Any

import pytest

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


def children() -> list[tuple[int, str]]:
    """This process's child processes now, with their states (Z: a zombie)."""
    found = []
    me = str(os.getpid())
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[1].split()
        if fields[1] == me:
            found.append((int(entry.name), fields[0]))
    return found


Reply = Callable[[list[dict[str, str]]], str]


class ChatStub:
    """A chat-completion endpoint on 127.0.0.1: each reply is ``reply(messages)``."""

    def __init__(self, reply: Reply) -> None:
        self.reply = reply
        self.requests: list[dict[str, Any]] = []
        stub = self

        class Handler(BaseHTTPRequestHandler):
            def do_POST(self) -> None:
                body = json.loads(self.rfile.read(int(self.headers["Content-Length"])))
                stub.requests.append({"path": self.path, "body": body})
                content = stub.reply(body["messages"])
                answer = json.dumps(
                    {
                        "choices": [
                            {"index": 0, "message": {"role": "assistant", "content": content}}
                        ]
                    }
                ).encode()
                self.send_response(200)
                self.send_header("Content-Type", "application/json")
                self.send_header("Content-Length", str(len(answer)))
                self.end_headers()
                self.wfile.write(answer)

            def log_message(self, *_: Any) -> None:
                pass

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
        self.base = f"http://127.0.0.1:{self.server.server_port}/v1"
        threading.Thread(
            target=self.server.serve_forever, kwargs={"poll_interval": 0.05}, daemon=True
        ).start()

    def close(self) -> None:
        self.server.shutdown()
        self.server.server_close()


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
