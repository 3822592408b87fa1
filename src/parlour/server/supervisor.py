"""The parent of ``parlour serve --processes N``: uvicorn's supervisor, which starts a server
process again when one dies, and which here also says why it died and drops its metrics."""

from __future__ import annotations

import logging
import signal

from uvicorn.config import STARTUP_FAILURE
from uvicorn.supervisors.multiprocess import Multiprocess, Process

from . import metrics

__all__ = ["Supervisor", "ending"]

log = logging.getLogger("parlour.server")


def ending(exitcode: int | None) -> str:
    """How a process ended, from its exit code (negative: the signal that ended it)."""
    if exitcode is None:
        return "it did not answer and was killed"
    if exitcode < 0:
        try:
            return f"killed by {signal.Signals(-exitcode).name}"
        except ValueError:
            return f"killed by signal {-exitcode}"
    return f"exit code {exitcode}"


class Supervisor(Multiprocess):
    """uvicorn's supervisor of several server processes, logging each death with its cause."""

    def keep_subprocess_alive(self) -> None:
        """Start again each process that died or hangs, as uvicorn does, and log why.

        uvicorn's own check kills a process whose ping fails, which hides why a process that
        died during the ping ended; this one looks again after a failed ping, so only a
        process still alive is told as hung.
        """
        if self.should_exit.is_set():
            return
        for index, process in enumerate(self.processes):
            if process.is_alive(timeout=self.config.timeout_worker_healthcheck):
                continue
            hung = process.process.is_alive()
            process.kill()
            process.join()
            if process.exitcode == STARTUP_FAILURE:
                log.error("server process %d failed to start; the server stops", process.pid)
                self.should_exit.set()
                return
            if self.should_exit.is_set():
                return
            cause = ending(None if hung else process.exitcode)
            log.error("server process %d ended (%s); a new one starts", process.pid, cause)
            if process.pid is not None:
                metrics.process_ended(process.pid)
            replacement = Process(self.config, self.sockets)
            replacement.start()
            self.processes[index] = replacement
