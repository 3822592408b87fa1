"""The group commit's cost on PostgreSQL: the server's CPU a move for writing it, alone.

Run: ``.venv/bin/python benchmarks/pg_writes.py [--moves 3000] [--together 1] [--rounds 3]``,
with ``PYTHONPATH=OTHER/src`` in front to measure another tree's code the same way.

A throwaway PostgreSQL server (as ``load.py`` starts one), 20 tables, and the server's own
``GroupCommit`` on an event loop: ``--moves`` moves appended ``--together`` at a time (each
group waits for the one before, so a group is one batch, as the moves of a paced server come
one by one), after 100 not counted. Printed per round: this process's CPU time a move (user
and system, every thread: the writer thread where the code has one) and its wall clock a
move. PostgreSQL's own CPU is not counted, as ``load.py``'s server CPU does not count it.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from load import fresh_database, postgres
from parlour.server.store import SeatInfo, Store
from parlour.server.writes import GroupCommit

TABLES = 20
WARMUP = 100


async def append(writes: GroupCommit, moves: range, together: int) -> None:
    """Moves ``moves`` (numbered from 0), ``together`` at a time, round the tables."""
    numbers = list(moves)
    for start in range(0, len(numbers), together):
        await asyncio.gather(
            *(
                writes.append(f"w{n % TABLES}", n // TABLES + 1, 0, f"play blue+{n % 9 + 1}")
                for n in numbers[start : start + together]
            )
        )


async def round_of(url: str, moves: int, together: int) -> tuple[float, float]:
    """CPU and wall seconds a move over ``moves`` moves on a fresh store at ``url``."""
    store = Store(url)
    for n in range(TABLES):
        store.create(f"w{n}", "fearless", 4, n, {}, [SeatInfo(None, "a" * 64)] * 4)
    writes = GroupCommit(store)
    await append(writes, range(WARMUP), together)
    cpu, wall = time.process_time(), time.perf_counter()
    await append(writes, range(WARMUP, WARMUP + moves), together)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    close = writes.close()  # a coroutine since the writes went on the loop
    if asyncio.iscoroutine(close):
        await close
    store.close()
    return cpu / moves, wall / moves


def main() -> None:
    """Print each round's CPU and wall clock a move."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=3000)
    parser.add_argument("--together", type=int, default=1, help="moves a batch")
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    with postgres() as server:
        for number in range(args.rounds):
            url = fresh_database(server, f"writes{number}")
            cpu, wall = asyncio.run(round_of(url, args.moves, args.together))
            print(f"round {number + 1}: CPU {1e6 * cpu:.1f} µs a move, wall {1e6 * wall:.1f} µs")


if __name__ == "__main__":
    main()
