"""Simulation throughput: games per second with 1 job, 2 jobs, and Ray with 2 CPUs, same run.

Run: ``.venv/bin/python benchmarks/simulate.py [--game citadels] [--bots medium]
[--games 1600]``. The three runs play the same plan (same seed, so the same games) into
fresh folders, one after the other; Ray's start-up is timed apart and left out of its rate
(a cluster starts once and serves many runs). Targets from issue 11, on 2 cores: 2 jobs at
least 1.8x the games per second of 1 job, Ray with 2 CPUs at least 1.6x. The machine's load
average is printed beside them: other work on the cores lowers every ratio. So the table
also gives the cores each local run actually got (CPU seconds over wall seconds) and its
games per CPU second: equal games per CPU second for 1 and 2 jobs mean that parallel play
costs nothing extra, and only the cores the machine could spare limited the ratio.
"""

from __future__ import annotations

import argparse
import logging
import math
import os
import resource
import tempfile
import time
from pathlib import Path

from rich.console import Console
from rich.table import Table

from parlour.sim.simulate import Plan, make_plan, read, run

TARGETS = {"2 jobs": 1.8, "ray, 2 CPUs": 1.6}


def cpu_seconds() -> float:
    """CPU time used so far by this process and its finished child processes."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def timed(plan: Plan, folder: Path, jobs: int, backend: str = "local") -> tuple[float, float]:
    """Wall seconds and CPU seconds to play the whole plan into ``folder``.

    The CPU seconds count this process and its worker processes; Ray's workers belong to
    Ray, not to this process, so for Ray they are NaN.
    """
    start, cpu = time.perf_counter(), cpu_seconds()
    run(plan, folder, jobs=jobs, backend=backend)
    used = cpu_seconds() - cpu if backend == "local" else math.nan
    return time.perf_counter() - start, used


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="citadels")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="medium")
    parser.add_argument("--games", type=int, default=1600)
    args = parser.parse_args()
    plan = make_plan(args.game, args.bots, args.games, players=args.players, seed=1)
    console = Console(width=110)
    console.print(
        f"{plan.game}, {plan.players} players, bots {args.bots}, {plan.games} games in "
        f"{plan.chunks} chunks of {plan.chunk_size}; load average before: "
        f"{os.getloadavg()[0]:.2f}",
        highlight=False,
    )
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        seconds = {"1 job": timed(plan, base / "one", 1)}
        seconds["2 jobs"] = timed(plan, base / "two", 2)
        import ray

        start = time.perf_counter()
        ray.init(
            address="local",
            num_cpus=2,
            include_dashboard=False,
            log_to_driver=False,
            logging_level=logging.WARNING,
        )
        startup = time.perf_counter() - start
        try:
            seconds["ray, 2 CPUs"] = timed(plan, base / "ray", 2, "ray")
        finally:
            ray.shutdown()
        same = read(base / "one").equals(read(base / "two")) and read(base / "one").equals(
            read(base / "ray")
        )
    table = Table(title="Games per second, same run", title_justify="left")
    for name in ("run", "seconds", "games/s", "x 1 job", "target", "cores used", "games/CPU-s"):
        table.add_column(name, justify="left" if name == "run" else "right")
    for name, (secs, cpu) in seconds.items():
        ratio = seconds["1 job"][0] / secs
        target = TARGETS.get(name)
        mark = (
            "" if target is None else f"{target:.1f}x " + ("met" if ratio >= target else "NOT met")
        )
        cores = "-" if math.isnan(cpu) else f"{cpu / secs:.2f}"
        per_cpu = "-" if math.isnan(cpu) else f"{plan.games / cpu:,.0f}"
        table.add_row(
            name, f"{secs:.1f}", f"{plan.games / secs:,.0f}", f"{ratio:.2f}x", mark, cores, per_cpu
        )
    console.print(table)
    console.print(
        f"Ray start-up (not counted above): {startup:.1f} s; rows identical in all three "
        f"runs: {same}; load average after: {os.getloadavg()[0]:.2f}",
        highlight=False,
    )


if __name__ == "__main__":
    main()
