"""The Ray backend of ``parlour simulate``: a run's chunks played as Ray tasks, on a local
Ray or a cluster, and written where the run was started; and the check that a cluster's
address answers before Ray spends minutes retrying it."""

from __future__ import annotations

import socket
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from ..core import GameError
from ..core.processes import take
from .plan import Plan
from .results import Chunk, Output, Written

__all__ = ["check_reachable", "ray_chunks"]


def ray_chunks(
    output: Output,
    todo: Sequence[int],
    jobs: int,
    address: str | None,
    play: Callable[[Plan, int], Chunk],
) -> Iterator[Written]:
    """Chunks played by ``play`` as Ray tasks (on a new local Ray of ``jobs`` CPUs, on
    ``address``, or on the Ray this process has already started) and written here: a
    cluster's machines may not see this one's disk."""
    try:
        import ray
    except ImportError:
        raise GameError("the Ray backend needs Ray: pip install 'parlour[sim]'") from None
    # A Ray already started in this process (a notebook, a benchmark) is used as it is.
    started_here = not ray.is_initialized()
    if started_here:
        _start_ray(ray, jobs, address)
    try:
        task = ray.remote(num_cpus=1)(play)
        plan_ref = ray.put(output.plan)
        cpus = int(ray.cluster_resources().get("CPU", jobs))  # type: ignore[no-untyped-call]
        queue = iter(todo)
        pending = [task.remote(plan_ref, c) for c in take(queue, 2 * max(1, cpus))]
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            chunk: Chunk = ray.get(finished[0])
            output.write(chunk)
            yield Written(chunk.index, chunk.games)
            pending.extend(task.remote(plan_ref, c) for c in take(queue, 1))
    finally:
        if started_here:
            ray.shutdown()


def _start_ray(ray: Any, cpus: int, address: str | None) -> None:
    """Join the cluster at ``address``, else start a local Ray of ``cpus`` CPUs, quietly."""
    import logging

    try:
        if address is None:
            ray.init(
                address="local",
                num_cpus=cpus,
                include_dashboard=False,
                log_to_driver=False,
                logging_level=logging.WARNING,
            )
        else:
            ray.init(address=address, log_to_driver=False, logging_level=logging.WARNING)
    except (ConnectionError, ValueError, RuntimeError) as error:
        where = "start a local Ray" if address is None else f"join the Ray cluster at {address}"
        raise GameError(f"cannot {where}: {error}") from None


def check_reachable(address: str) -> None:
    """``GameError`` at once when nothing listens at a ``host:port`` address.

    Ray itself would retry for minutes before it gave up.
    """
    host, _, port = address.removeprefix("ray://").rpartition(":")
    if not host or not port.isdigit():
        return  # "auto" and other forms are Ray's to resolve
    try:
        socket.create_connection((host, int(port)), timeout=5).close()
    except OSError as error:
        why = error.strerror or "no answer"
        raise GameError(f"cannot join the Ray cluster at {address}: {why}") from None
