"""Worker processes for running games in parallel, safe to start from a threaded program."""

from __future__ import annotations

import multiprocessing
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor


def process_pool(jobs: int) -> ProcessPoolExecutor:
    """A pool of ``jobs`` processes forked from a clean single-threaded server process.

    Linux's default, a fork of the caller, copies locks that the caller's other threads (a
    test runner's, a server's, a database driver's) may hold at that instant, and a worker
    that then needs one waits forever, and so does whoever waits for its result. The
    ``forkserver`` context forks from a process that has no other threads; the work and its
    arguments travel pickled, so they must be module-level functions and plain data.
    """
    context = multiprocessing.get_context("forkserver")
    return ProcessPoolExecutor(max_workers=jobs, mp_context=context)


def take(items: Iterator[int], count: int) -> list[int]:
    """The next ``count`` items (fewer at the end): how much work to queue on a pool."""
    out = []
    for item in items:
        out.append(item)
        if len(out) == count:
            break
    return out
