"""The parent of ``parlour serve --processes N``: uvicorn's supervisor, which starts a server
process again when one dies, and which here also says why it died and drops its metrics."""

from __future__ import annotations

import logging
import signal

from uvicorn.supervisors.multiprocess import Multiprocess

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
        """Start again each process that died or hangs, as uvicorn does, and log why (a
        hung one, which uvicorn kills, has no exit code of its own)."""
        before = list(self.processes)
        # Read before uvicorn's check, which kills a process that does not answer (SIGKILL),
        # so that a death is told with its own cause rather than that kill.
        exitcodes = {
            process.pid: None if process.process.is_alive() else process.process.exitcode
            for process in before
        }
        super().keep_subprocess_alive()
        for process in before:
            if process in self.processes or process.pid is None:
                continue  # alive, or not started again (the server is stopping)
            cause = ending(exitcodes[process.pid])
            log.error("server process %d ended (%s); a new one starts", process.pid, cause)
            metrics.process_ended(process.pid)
