"""Simulation throughput: 1 job, 2 jobs and Ray with 2 CPUs, in games per second and in
games per CPU second, beside the machine's own ceiling measured in the same run.

Run: ``.venv/bin/python benchmarks/simulate.py [--game citadels] [--bots medium]
[--games 800] [--rounds 3]``. Every run plays the same plan (same seed, so the same games)
into a fresh folder. First, without Ray, each round plays it with 1 job, with 2 jobs, and as
two lone processes (forked at once, each playing and writing every other chunk by itself,
sharing nothing): the lone pair is what two cores give two programs here, the ceiling of any
parallel runner, so "2 jobs x lone pair" is the runner's own efficiency. Then Ray is started
once (its start-up timed apart: a cluster starts once and serves many runs; its workers'
first import of Parlour falls in its first round), and each round plays with 1 job and with
Ray. The order within a round turns each round, so a change in the machine's load does not
fall on one run only, and a ratio is always between runs of the same round.

Targets from issue 11, on 2 cores: 2 jobs at least 1.8x the games per second of 1 job, Ray
with 2 CPUs at least 1.6x. Other work on the cores lowers every wall-clock ratio, so beside
each run the table gives the CPU seconds it used (this process, its worker processes and,
for Ray, every Ray process, its raylet and GCS included), the cores it got (CPU seconds over
wall seconds), and its games per CPU second. The load average (``uptime``) is printed before
and after every round.
"""

from __future__ import annotations

import argparse
import logging
import multiprocessing
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

from parlour.sim.simulate import Output, Plan, make_plan, play_and_write, play_chunk, read, run

LOCAL_RUNS = ("1 job", "2 jobs", "lone pair")
RAY_RUNS = ("1 job", "ray, 2 CPUs")
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
    if name == "lone pair":
        return lone_pair(plan, folder)
    jobs, backend = {"1 job": (1, "local"), "2 jobs": (2, "local")}.get(name, (2, "ray"))

    # A local run's workers have ended (and are counted) when it returns; Ray's processes
    # live on, counted while they run.
    def cpu() -> float:
        return own_cpu() + (descendants_cpu() if backend == "ray" else 0.0)

    start, used = time.perf_counter(), cpu()
    run(plan, folder, jobs=jobs, backend=backend)
    wall = time.perf_counter() - start
    return Measure(wall, cpu() - used)


def lone_pair(plan: Plan, folder: Path) -> Measure:
    """Two processes forked at once, each playing and writing every other chunk by itself."""
    start, used = time.perf_counter(), own_cpu()
    output = Output(folder, plan)
    fork = multiprocessing.get_context("fork")
    halves = [fork.Process(target=play_half, args=(output, first)) for first in (0, 1)]
    for process in halves:
        process.start()
    for process in halves:
        process.join()
        if process.exitcode != 0:
            raise SystemExit(f"a lone process failed (exit code {process.exitcode})")
    return Measure(time.perf_counter() - start, own_cpu() - used)


def play_half(output: Output, first: int) -> None:
    """Play and write chunks ``first``, ``first + 2``, ... of the output's plan."""
    for chunk in range(first, output.plan.chunks, 2):
        play_and_write(output, chunk)


def rounds(
    console: Console, plan: Plan, names: tuple[str, ...], count: int, scratch: Path
) -> tuple[list[dict[str, Measure]], bool]:
    """``count`` rounds of the runs ``names`` (their order turned each round), and whether
    every run wrote the same rows."""
    results: list[dict[str, Measure]] = []
    same = True
    for number in range(count):
        console.print(f"round {number + 1}, before: {uptime()}", highlight=False)
        turn = number % len(names)
        base = scratch / str(number)
        measured = {name: timed(plan, base / name, name) for name in names[turn:] + names[:turn]}
        results.append(measured)
        tables = [read(base / name) for name in names]
        same = same and all(table.equals(tables[0]) for table in tables)
        console.print(f"round {number + 1}, after:  {uptime()}", highlight=False)
    return results, same


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

    play_chunk(plan, 0)  # the game's first import falls outside every run (workers fork with it)
    with tempfile.TemporaryDirectory() as scratch:
        console.print("Without Ray:", highlight=False)
        local, same_local = rounds(console, plan, LOCAL_RUNS, args.rounds, Path(scratch) / "l")
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
            console.print("With Ray started:", highlight=False)
            on_ray, same_ray = rounds(console, plan, RAY_RUNS, args.rounds, Path(scratch) / "r")
        finally:
            ray.shutdown()
    report(console, plan, "without Ray", local)
    report(console, plan, "with Ray started", on_ray)
    console.print(
        f"Ray start-up (not counted above): {startup:.1f} s; rows identical in every run: "
        f"{same_local and same_ray}",
        highlight=False,
    )


def report(console: Console, plan: Plan, phase: str, results: list[dict[str, Measure]]) -> None:
    """A table a round, then the median ratios against 1 job (and the lone pair) with the
    targets."""
    names = list(results[0])
    ratios: dict[str, list[float]] = {name: [] for name in names}
    per_cpu: dict[str, list[float]] = {name: [] for name in names}
    of_pair: list[float] = []
    for number, measured in enumerate(results, start=1):
        table = Table(title=f"Round {number}, {phase}", title_justify="left")
        for column in ("run", "wall s", "games/s", "x 1 job", "CPU s", "cores used"):
            table.add_column(column, justify="left" if column == "run" else "right")
        table.add_column("games/CPU-s", justify="right")
        table.add_column("x 1 job", justify="right")
        one = measured["1 job"]
        for name in names:
            m = measured[name]
            ratio = one.wall / m.wall
            cost = one.cpu / m.cpu
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
        if "lone pair" in measured:
            of_pair.append(measured["lone pair"].wall / measured["2 jobs"].wall)
        console.print(table)
    summary = Table(title=f"Medians over the rounds, {phase}", title_justify="left")
    for column in ("run", "games/s x 1 job", "target", "games/CPU-s x 1 job"):
        summary.add_column(column, justify="left" if column == "run" else "right")
    for name in names[1:]:
        ratio = statistics.median(ratios[name])
        target = TARGETS.get(name)
        mark = (
            "" if target is None else f"{target:.1f}x " + ("met" if ratio >= target else "NOT met")
        )
        summary.add_row(name, f"{ratio:.2f}x", mark, f"{statistics.median(per_cpu[name]):.2f}x")
    console.print(summary)
    if of_pair:
        console.print(
            f"2 jobs x lone pair (the runner's efficiency): {statistics.median(of_pair):.2f}x",
            highlight=False,
        )


if __name__ == "__main__":
    main()
