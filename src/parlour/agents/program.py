"""Programs as players: a command run once, asked in JSON lines over its stdin and stdout.

Each request is one line ``{"view", "legal_actions", "prompt"}`` (with ``"error"`` and
``"previous"`` on a retry, saying why the previous answer was refused); the program
answers one line ``{"action": "<text or number>"}``. Anything it writes to stderr is kept,
and its last lines are quoted when it fails. A program that gives no answer in time is
stopped and started afresh for the next decision; one that exits is an ``AgentError``.
"""

from __future__ import annotations

import contextlib
import json
import os
import queue
import shlex
import signal
import subprocess
import threading
import time
import weakref
from collections import deque
from typing import IO, Any

from .protocol import AgentError, AgentTimeout, Exchange, Request

__all__ = ["ProgramAgent", "message"]

# How long a program has to exit by itself once its input is closed, before it is killed.
GRACE = 1.0
STDERR_LINES = 20


def _pump(stream: IO[str], sink: queue.Queue[str | None]) -> None:
    """Move lines from ``stream`` to ``sink`` until it ends, then put ``None``."""
    with contextlib.suppress(ValueError, OSError):
        for line in stream:
            sink.put(line)
    sink.put(None)


def _keep(stream: IO[str], tail: deque[str]) -> None:
    """Keep the last lines of ``stream`` in ``tail`` until it ends."""
    with contextlib.suppress(ValueError, OSError):
        for line in stream:
            tail.append(line.rstrip("\n"))


def _stop(process: subprocess.Popen[str]) -> None:
    """End ``process``: close its input, let it exit, else kill its group; always reap it."""
    if process.poll() is None:
        with contextlib.suppress(OSError):
            if process.stdin is not None:
                process.stdin.close()
        try:
            process.wait(GRACE)
        except subprocess.TimeoutExpired:
            with contextlib.suppress(OSError):
                os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    for stream in (process.stdin, process.stdout, process.stderr):
        if stream is not None:
            with contextlib.suppress(OSError):
                stream.close()


ANSWER_FORMAT = 'answer with one line of JSON, {"action": "<action text or number>"}'


def message(request: Request) -> dict[str, Any]:
    """The JSON a program receives for ``request``."""
    sent: dict[str, Any] = {
        "view": dict(request.view),
        "legal_actions": list(request.legal),
        "prompt": request.prompt,
    }
    if request.error is not None:
        sent["error"] = request.error
        sent["previous"] = request.previous
    return sent


def _answer(sent: dict[str, Any], line: str) -> Exchange:
    """The exchange for an answer line: its action, or the problem with its format."""
    try:
        answer = json.loads(line)
    except json.JSONDecodeError:
        answer = None
    action = answer.get("action") if isinstance(answer, dict) else None
    if isinstance(action, bool) or not isinstance(action, str | int):
        problem = f"the answer {line[:200]!r} is not JSON with an action: {ANSWER_FORMAT}"
        return Exchange(sent, line, problem=problem)
    return Exchange(sent, line, action=str(action))


class _Running:
    """One run of the program, with threads reading its output."""

    def __init__(self, argv: list[str]) -> None:
        self.process = subprocess.Popen(
            argv,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            text=True,
            encoding="utf-8",
            errors="replace",
            bufsize=1,
            # A group of its own: stopping it stops what it started, and Ctrl-C at the
            # terminal reaches the table, which then closes the program itself.
            start_new_session=True,
        )
        self.lines: queue.Queue[str | None] = queue.Queue()
        self.stderr: deque[str] = deque(maxlen=STDERR_LINES)
        assert self.process.stdout is not None and self.process.stderr is not None
        threading.Thread(target=_pump, args=(self.process.stdout, self.lines), daemon=True).start()
        self.stderr_reader = threading.Thread(
            target=_keep, args=(self.process.stderr, self.stderr), daemon=True
        )
        self.stderr_reader.start()
        self.stop = weakref.finalize(self, _stop, self.process)


class ProgramAgent:
    """An external program speaking JSON lines, started on the first question."""

    def __init__(self, command: str) -> None:
        try:
            self.argv = shlex.split(command)
        except ValueError as error:
            raise AgentError(f"cannot read the command line {command!r}: {error}") from None
        if not self.argv:
            raise AgentError("the agent's command line is empty")
        self.label = command
        self._run: _Running | None = None

    def _started(self) -> _Running:
        if self._run is None or self._run.process.poll() is not None:
            try:
                self._run = _Running(self.argv)
            except OSError as error:
                raise AgentError(
                    f"cannot start the agent program {self.label!r}: {error.strerror or error}"
                ) from None
        return self._run

    def _failed(self, run: _Running, what: str) -> AgentError:
        """The error for a program that stopped, quoting the end of its stderr."""
        # The program is gone (or going), so its stderr ends soon: read it to the end before
        # quoting it, and only then close the pipes.
        run.stderr_reader.join(GRACE)
        run.stop()
        code = run.process.returncode
        tail = "\n".join(run.stderr)
        self._run = None
        how = f"exited with code {code}" if code is not None and code >= 0 else "was killed"
        message = f"the agent program {self.label!r} {how} {what}"
        if code == 0:
            # A clean exit mid-game is a program written to answer once.
            message += " (a program must keep answering requests until its input ends)"
        return AgentError(message + (f"; its last error output:\n{tail}" if tail else ""))

    def ask(self, request: Request, timeout: float) -> Exchange:
        """Send the request as one JSON line and read the answer line within ``timeout``."""
        run = self._started()
        sent = message(request)
        assert run.process.stdin is not None
        try:
            run.process.stdin.write(json.dumps(sent) + "\n")
            run.process.stdin.flush()
        except OSError:
            raise self._failed(run, "before it was asked") from None
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = run.lines.get(timeout=max(0.0, deadline - time.monotonic()))
            except queue.Empty:
                # A program that hangs is stopped: a late answer must not be read as the
                # answer to the next question.
                with contextlib.suppress(OSError):
                    os.killpg(run.process.pid, signal.SIGKILL)
                run.stop()
                self._run = None
                raise AgentTimeout(f"no answer within {timeout:g} s") from None
            if line is None:
                run.process.wait()
                raise self._failed(run, "before answering")
            if line.strip():
                return _answer(sent, line.strip())

    def close(self) -> None:
        """Close the program's input and reap it (killed if it does not exit by itself)."""
        if self._run is not None:
            self._run.stop()
            self._run = None
