"""Short garbage-collection pauses for a long-running server.

With hundreds of live tables the server holds millions of objects (states, journals, events),
and each of CPython's full collections walks all of them: a pause of 0.1-0.3 s in which no
move is made, the whole of the server's slow tail under load (benchmarks/load.py). Objects
that survived a collection of the two older generations are mostly long-lived (the tables'
state, the connections), so they are frozen (``gc.freeze``) and the next collections walk
only what came after. Freezing after full collections alone was not enough: 500 spectators
connecting made objects that a full collection then walked in one 30-45 ms pause
(benchmarks/spectators.py). Every ``FULL_EVERY`` seconds everything is thawed, so that one
complete collection frees any cycles among frozen objects that have become garbage since
(a few thousand objects a minute at 200 busy tables).
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

__all__ = ["FULL_EVERY", "keep_pauses_short"]

FULL_EVERY = 600.0
MIDDLE, OLDEST = 1, 2  # the generations whose collections freeze; the oldest is a full one


def keep_pauses_short(full_every: float = FULL_EVERY) -> Callable[[], None]:
    """From now on, freeze what each collection of the older generations leaves, and thaw
    it all every ``full_every`` seconds for one complete collection; the function returned
    undoes it."""
    thawed = time.monotonic()
    thawing = False  # thawed, waiting for the full collection that walks everything

    def after_collection(phase: str, info: dict[str, Any]) -> None:
        nonlocal thawed, thawing
        if phase != "stop" or info["generation"] < MIDDLE:
            return
        if thawing:
            if info["generation"] == OLDEST:
                thawing = False
                gc.freeze()
            return
        now = time.monotonic()
        if now - thawed >= full_every:
            gc.unfreeze()
            thawed, thawing = now, True
        else:
            gc.freeze()

    def undo() -> None:
        gc.callbacks.remove(after_collection)
        gc.unfreeze()

    gc.callbacks.append(after_collection)
    return undo
