"""Put on a server's ``PYTHONPATH`` by ``benchmarks/crowd_join.py --profile``: profiles the
server's main thread (its event loop) by CPU time with ``cProfile`` from a ``SIGUSR1`` to a
``SIGUSR2``, which writes the profile to ``$PARLOUR_PROFILE`` (``pstats`` reads it)."""

import cProfile
import os
import signal
import time

_path = os.environ.get("PARLOUR_PROFILE")
if _path:
    _profile = cProfile.Profile(time.process_time)

    def _begin(_number: int, _frame: object) -> None:
        _profile.enable()

    def _end(_number: int, _frame: object) -> None:
        _profile.disable()
        _profile.dump_stats(_path)

    signal.signal(signal.SIGUSR1, _begin)
    signal.signal(signal.SIGUSR2, _end)
