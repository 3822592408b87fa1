"""Simulation throughput: 1 job, 2 jobs and Ray with 2 CPUs, interleaved, in games per
second and in games per CPU second.

Run: ``.venv/bin/python benchmarks/simulate.py [--game citadels] [--bots medium]
[--games 800] [--rounds 3]``. Each round plays the same plan (same seed, so the same games)
three times into fresh folders, 1 job, 2 jobs and Ray, in an order turned one place each
round, so that a change in the machine's load does not fall on one of them only. Ray is
started once, before the first round, and its start-up is timed apart (a cluster starts once
and serves many runs); its workers' first import of Parlour falls in the first round.

Targets from issue 11, on 2 cores: 2 jobs at least 1.8x the games per second of 1 job, Ray
with 2 CPUs at least 1.6x. Other work on the cores lowers every wall-clock ratio, so beside
each run the table gives the CPU seconds it used (this process, its worker processes and,
for Ray, every Ray process, its raylet and GCS included; Ray idles beside the local runs,
about 3% of a core here, charged to none of them), the cores it got (CPU seconds over
wall seconds), and its games per CPU second: equal games per CPU second for 1 job, 2 jobs
and Ray mean that playing in parallel costs nothing extra, and only the cores the machine
could spare held the wall-clock ratio down. The load average (``uptime``) is printed before
and after every round.
"""

from __future__ import annotations

import argparse
import logging
import os
import resource
import statistics
import subprocess
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path

from rich.console import Console
from rich.table import Table

from parlour.sim.simulate import Plan, make_plan, read, run

RUNS = ("1 job", "2 jobs", "ray, 2 CPUs")
TARGETS = {"2 jobs": 1.8, "ray, 2 CPUs": 1.6}
TICKS = os.sysconf("SC_CLK_TCK")


def own_cpu() -> float:
    """CPU seconds of this process and of its child processes that have ended."""
    own = resource.getrusage(resource.RUSAGE_SELF)
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


def descendants_cpu() -> float:
    """CPU seconds of the live processes descended from this one (Ray's, when it runs)."""
    parent: dict[int, int] = {}
    used: dict[int, float] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            fields = (entry / "stat").read_text().rpartition(")")[2].split()
        except OSError:
            continue  # the process ended meanwhile
        pid = int(entry.name)
        parent[pid] = int(fields[1])
        used[pid] = (int(fields[11]) + int(fields[12])) / TICKS
    mine = {os.getpid()}
    grew = True
    while grew:
        found = {pid for pid, ppid in parent.items() if ppid in mine} - mine
        grew = bool(found)
        mine |= found
    mine.discard(os.getpid())
    return sum(used[pid] for pid in mine)


@dataclass(frozen=True)
class Measure:
    """One run: its wall seconds and CPU seconds."""

    wall: float
    cpu: float


def timed(plan: Plan, folder: Path, name: str) -> Measure:
    """Play the whole plan into ``folder`` the way ``name`` says."""
    jobs, backend = {"1 job": (1, "local"), "2 jobs": (2, "local")}.get(name, (2, "ray"))

    # A local run's workers have ended (and are counted) when it returns; Ray's processes
    # live on, counted while they run. Ray idles beside the local runs, not charged to them.
    def cpu() -> float:
        return own_cpu() + (descendants_cpu() if backend == "ray" else 0.0)

    start, used = time.perf_counter(), cpu()
    run(plan, folder, jobs=jobs, backend=backend)
    wall = time.perf_counter() - start
    return Measure(wall, cpu() - used)


def uptime() -> str:
    """The ``uptime`` line: the machine's load averages."""
    return subprocess.run(["uptime"], capture_output=True, text=True, check=False).stdout.strip()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="citadels")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--bots", default="medium")
    parser.add_argument("--games", type=int, default=800)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    plan = make_plan(args.game, args.bots, args.games, players=args.players, seed=1)
    console = Console(width=120)
    console.print(
        f"{plan.game}, {plan.players} players, bots {args.bots}, {plan.games} games in "
        f"{plan.chunks} chunks of {plan.chunk_size}, {args.rounds} rounds; {os.cpu_count()} "
        "CPUs",
        highlight=False,
    )
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
    results: list[dict[str, Measure]] = []
    same = True
    try:
        with tempfile.TemporaryDirectory() as scratch:
            for number in range(args.rounds):
                console.print(f"round {number + 1}, before: {uptime()}", highlight=False)
                order = RUNS[number % 3 :] + RUNS[: number % 3]
                base = Path(scratch) / str(number)
                measured = {name: timed(plan, base / name, name) for name in order}
                results.append(measured)
                tables = [read(base / name) for name in RUNS]
                same = same and all(t.equals(tables[0]) for t in tables)
                console.print(f"round {number + 1}, after:  {uptime()}", highlight=False)
    finally:
        ray.shutdown()
    report(console, plan, results)
    console.print(
        f"Ray start-up (not counted above): {startup:.1f} s; rows identical in every run: {same}",
        highlight=False,
    )


def report(console: Console, plan: Plan, results: list[dict[str, Measure]]) -> None:
    """A table a round, then the median ratios against 1 job with the targets."""
    ratios: dict[str, list[float]] = {name: [] for name in RUNS}
    per_cpu: dict[str, list[float]] = {name: [] for name in RUNS}
    for number, measured in enumerate(results, start=1):
        table = Table(title=f"Round {number}", title_justify="left")
        for column in ("run", "wall s", "games/s", "x 1 job", "CPU s", "cores used"):
            table.add_column(column, justify="left" if column == "run" else "right")
        table.add_column("games/CPU-s", justify="right")
        table.add_column("x 1 job", justify="right")
        one = measured["1 job"]
        for name in RUNS:
            m = measured[name]
            ratio = one.wall / m.wall
            cost = (plan.games / m.cpu) / (plan.games / one.cpu)
            ratios[name].append(ratio)
            per_cpu[name].append(cost)
            table.add_row(
                name,
                f"{m.wall:.1f}",
                f"{plan.games / m.wall:,.0f}",
                f"{ratio:.2f}x",
                f"{m.cpu:.1f}",
                f"{m.cpu / m.wall:.2f}",
                f"{plan.games / m.cpu:,.0f}",
                f"{cost:.2f}x",
            )
        console.print(table)
    summary = Table(title="Medians over the rounds", title_justify="left")
    for column in ("run", "games/s x 1 job", "target", "games/CPU-s x 1 job"):
        summary.add_column(column, justify="left" if column == "run" else "right")
    for name in RUNS:
        ratio = statistics.median(ratios[name])
        target = TARGETS.get(name)
        mark = (
            "" if target is None else f"{target:.1f}x " + ("met" if ratio >= target else "NOT met")
        )
        summary.add_row(name, f"{ratio:.2f}x", mark, f"{statistics.median(per_cpu[name]):.2f}x")
    console.print(summary)


if __name__ == "__main__":
    main()
