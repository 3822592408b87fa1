"""How long "Play now" takes to seat two people, on one server process and on two.

Run: ``.venv/bin/python benchmarks/play_now.py [--pairs 20] [--json out.json]``.

Each pair is two guests asking for the same two-player Citadels table: the first asks, the
second asks, then each reads its ticket (every 10 ms) until it is seated. The figure is the
time from the first ask to both tickets read seated. Three setups, each a fresh server on
127.0.0.1: one process on SQLite, one process on PostgreSQL, and two ``parlour serve``
processes on one PostgreSQL database, each person asking and reading through a different
one (a throwaway PostgreSQL server, as tests/server/postgres.py starts). The client runs on
the same cores as the servers; the load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from typing import Any

import httpx

from load import free_port, fresh_database, postgres, start_server

BODY = {"game": "citadels", "players": 2}


def seat_pair(first: str, second: str, number: int) -> float:
    """Seconds from the first guest's ask (through ``first``) to both tickets read seated
    (each through the address it asked through)."""
    with httpx.Client(timeout=30) as http:
        started = time.perf_counter()
        tickets = []
        for address, who in ((first, "A"), (second, "B")):
            answer = http.post(f"{address}/api/match", json={**BODY, "name": f"{who}{number}"})
            answer.raise_for_status()
            tickets.append((address, answer.json()["ticket"]))
        tables = set()
        for address, ticket in tickets:
            while True:
                found = http.get(f"{address}/api/match/{ticket}").json()
                if found["status"] == "seated":
                    tables.add(found["table"])
                    break
                time.sleep(0.01)
        elapsed = time.perf_counter() - started
    if len(tables) != 1:
        raise SystemExit(f"play_now: the pair was seated at {len(tables)} tables")
    return elapsed


def measure(addresses: list[str], pairs: int) -> dict[str, Any]:
    """Seat ``pairs`` pairs, the two of each through ``addresses[0]`` and ``addresses[-1]``;
    the median and the slowest, in milliseconds."""
    seat_pair(addresses[0], addresses[-1], -1)  # warm-up: imports, connections, caches
    times = [seat_pair(addresses[0], addresses[-1], n) * 1000 for n in range(pairs)]
    return {
        "pairs": pairs,
        "median_ms": round(statistics.median(times), 1),
        "max_ms": round(max(times), 1),
        "load_average": [round(value, 2) for value in os.getloadavg()],
    }


def run(db: str, processes: int, pairs: int) -> dict[str, Any]:
    """Start ``processes`` servers on ``db``, measure, stop them."""
    servers = []
    try:
        ports = [free_port() for _ in range(processes)]
        servers = [start_server(db, port, 1) for port in ports]
        return measure([f"http://127.0.0.1:{port}" for port in ports], pairs)
    finally:
        for server in servers:
            server.terminate()
            server.wait(10)


def main() -> None:
    """Measure the three setups and print (or write) the figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pairs", type=int, default=20)
    parser.add_argument("--json", default=None)
    asked = parser.parse_args()
    results: dict[str, Any] = {}
    with tempfile.TemporaryDirectory() as folder:
        results["1 process, SQLite"] = run(f"sqlite:///{folder}/p.db", 1, asked.pairs)
    with postgres() as server:
        results["1 process, PostgreSQL"] = run(fresh_database(server, "one"), 1, asked.pairs)
        results["2 processes, PostgreSQL"] = run(fresh_database(server, "two"), 2, asked.pairs)
    for setup, figures in results.items():
        print(
            f"{setup:24} median {figures['median_ms']:7.1f} ms  max {figures['max_ms']:7.1f} ms"
            f"  ({figures['pairs']} pairs; load average {figures['load_average']})"
        )
    if asked.json:
        with open(asked.json, "w", encoding="utf-8") as out:
            json.dump(results, out, indent=2)


if __name__ == "__main__":
    main()
