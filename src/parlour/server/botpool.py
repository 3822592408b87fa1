"""Bots think in worker processes, so a searching bot never stalls the server's event loop."""

from __future__ import annotations

import asyncio
import json
import multiprocessing
import os
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any, TypeVar

from .. import bots, replay
from ..core import IllegalAction, State, derive_seed
from . import metrics

__all__ = ["BotPool", "ready", "replayed", "think", "timed_think"]

T = TypeVar("T")

# How much lower the bots' processes run than the server's: a searching bot uses a whole core,
# and the moves of people at other tables must not wait for it.
BOT_NICENESS = 10


def ready() -> bool:
    """True: run in a bot process, whose import of this module loaded the bots (and nothing
    of the web stack: ``parlour.server`` loads it only when asked for)."""
    return True


def _start_worker(server: int) -> None:
    """Run below the server's priority, and end when the server process ``server`` is gone."""
    os.nice(BOT_NICENESS)
    # A server killed outright (SIGKILL, out of memory) runs no shutdown code, so its workers
    # would live on, orphaned; each one watches for its parent to change and leaves.
    threading.Thread(target=_exit_without, args=(server,), daemon=True).start()


def _exit_without(server: int) -> None:
    while os.getppid() == server:
        time.sleep(1.0)
    os._exit(0)


# How many games a worker process keeps replayed: a table's next bot move or hint then applies
# only the actions since its last one, where a replay from the start each time made a game's
# bot moves quadratic in its length (a 900-action Fool's Blade game: 10 ms a replay).
REPLAYED_GAMES = 64
_replayed: OrderedDict[str, tuple[list[str], State]] = OrderedDict()


def replayed(record: dict[str, Any]) -> State:
    """The state at the end of ``record``, for the caller to use as it likes (run in a worker).

    A state kept from an earlier call is taken when its record began the same way (same game,
    seed and options, its actions a beginning of these): replay is deterministic, so it is the
    same state whichever table it came from.
    """
    key = json.dumps({k: v for k, v in record.items() if k != "actions"}, sort_keys=True)
    actions: list[str] = list(record["actions"])
    kept = _replayed.pop(key, None)
    if kept is not None and actions[: len(kept[0])] == kept[0]:
        state = kept[1]
        try:
            for text in actions[len(kept[0]) :]:
                state.apply(text)
        except IllegalAction:
            state = replay(record)  # raises, saying which action of the record and why
    else:
        state = replay(record)
    _replayed[key] = (actions, state)
    while len(_replayed) > REPLAYED_GAMES:
        _replayed.popitem(last=False)
    return state.clone()


def think(record: dict[str, Any], bot: str, seat: int) -> str:
    """The action text ``bot`` chooses at the end of ``record`` (run in a worker process).

    The bot's seed comes from the table's seed, the seat and the move number, so a table
    that resumes after a restart gets the same move it would have got.
    """
    state = replayed(record)
    seed = derive_seed(int(record["seed"]), seat, len(record["actions"]))
    player = bots.make(bot, seed=seed)
    try:
        return str(player.choose(state))
    finally:
        bots.release(player)  # an agent's program ends with the move (docs/agents.md)


def timed_think(record: dict[str, Any], bot: str, seat: int) -> tuple[str, float]:
    """``think``'s action text and the seconds the bot took to choose it (run in a worker
    process, so the time counts neither the wait for a free worker nor the trip there)."""
    started = time.perf_counter()
    text = think(record, bot, seat)
    return text, time.perf_counter() - started


class BotPool:
    """A pool of worker processes choosing bots' moves; each bot keeps its level's budget."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = max(1, workers)
        self.executor = self._start()
        # When a worker last answered (``time.monotonic``), for the readiness check.
        self.answered_at = -float("inf")

    def _start(self) -> ProcessPoolExecutor:
        # "spawn": the server runs threads (the database, uvicorn), which fork would copy
        # half-locked into the children.
        return ProcessPoolExecutor(
            max_workers=self.workers,
            mp_context=multiprocessing.get_context("spawn"),
            initializer=_start_worker,
            initargs=(os.getpid(),),
        )

    async def choose(self, record: dict[str, Any], bot: str, seat: int) -> str:
        """The action text the bot takes for ``seat`` after ``record``."""
        text, seconds = await self.run(timed_think, record, bot, seat)
        metrics.thought(str(record["game"]), seconds)
        return text

    async def run(self, function: Callable[..., T], *args: Any) -> T:
        """``function(*args)`` in a worker process (a module-level function, so it can be
        sent there); ``BrokenProcessPool`` if a worker died, and later calls get a new pool."""
        loop = asyncio.get_running_loop()
        executor = self.executor
        try:
            with metrics.bot_job():
                result = await loop.run_in_executor(executor, function, *args)
        except BrokenProcessPool:
            # A worker died (killed, out of memory): later moves get a fresh pool, once.
            if self.executor is executor:
                executor.shutdown(wait=False, cancel_futures=True)
                self.executor = self._start()
            raise
        self.answered_at = time.monotonic()
        return result

    def close(self) -> None:
        """Stop the workers, dropping moves not yet begun, and wait for those under way."""
        # Waiting lets the pool release its queues' semaphores now. Without it they were
        # released only by the interpreter's exit handlers, which a stop by SIGTERM (systemd,
        # uvicorn's workers) skips, and every stop printed the resource tracker's warning of
        # "leaked semaphore objects".
        self.executor.shutdown(wait=True, cancel_futures=True)
