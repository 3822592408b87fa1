"""Short garbage-collection pauses for a long-running server.

With hundreds of live tables the server holds millions of objects (states, journals, events),
and each of CPython's full collections walks all of them: a pause of 0.1-0.3 s in which no
move is made, the whole of the server's slow tail under load (benchmarks/load.py). Objects
that survived a full collection are mostly the tables' long-lived state, so they are frozen
(``gc.freeze``) and the next full collections walk only what came after. Every
``FULL_EVERY`` seconds they are thawed, so that one complete collection frees any cycles
among them that have become garbage since.
"""

from __future__ import annotations

import gc
import time
from collections.abc import Callable
from typing import Any

__all__ = ["FULL_EVERY", "keep_pauses_short"]

FULL_EVERY = 600.0
OLDEST = 2  # the generation a full collection collects


def keep_pauses_short(full_every: float = FULL_EVERY) -> Callable[[], None]:
    """From now on, freeze what each full collection leaves, and thaw it all every
    ``full_every`` seconds for one complete collection; the function returned undoes it."""
    thawed = time.monotonic()

    def after_collection(phase: str, info: dict[str, Any]) -> None:
        nonlocal thawed
        if phase != "stop" or info["generation"] != OLDEST:
            return
        now = time.monotonic()
        if now - thawed >= full_every:
            gc.unfreeze()  # the next full collection walks everything once
            thawed = now
        else:
            gc.freeze()

    def undo() -> None:
        gc.callbacks.remove(after_collection)
        gc.unfreeze()

    gc.callbacks.append(after_collection)
    return undo
