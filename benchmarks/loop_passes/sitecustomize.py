"""Put on a server's ``PYTHONPATH`` by ``benchmarks/spectators.py``: records each pass of the
process's asyncio event loop that took over 2 ms of the thread's CPU time, as
``<wall clock> <ms>`` lines in ``$PARLOUR_LOOP_PASSES.<pid>``.

A pass is what the loop runs between two polls of its sockets, so no other message is read
during it. Its CPU time does not count the time the process waited for a core, so the
longest pass is the server's own contribution to a message's wait, whatever the load.
"""

import asyncio.base_events
import os
import time

_folder = os.environ.get("PARLOUR_LOOP_PASSES")
if _folder:
    _out = open(f"{_folder}.{os.getpid()}", "a", buffering=1)  # noqa: SIM115 (the process's life)
    _run_once = asyncio.base_events.BaseEventLoop._run_once

    def _timed_run_once(self: asyncio.base_events.BaseEventLoop) -> None:
        started = time.thread_time()
        _run_once(self)  # type: ignore[attr-defined]
        took = time.thread_time() - started
        if took > 0.002:
            _out.write(f"{time.time():.4f} {took * 1000:.2f}\n")

    asyncio.base_events.BaseEventLoop._run_once = _timed_run_once  # type: ignore[attr-defined]
