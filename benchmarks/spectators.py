"""One client crowding one table: a ping's round trip at another table while N spectator
sockets join one table, stay, and leave, against the same ping with no crowd (the reference,
measured in the same run on the same server).

    python benchmarks/spectators.py [--spectators 500] [--rounds 2]

Each round measures the reference for a few seconds, then the crowd: N spectators connect to
table A (50 at a time), hold for 2 s, and close, while a seat at table B pings every 60 ms.
Reported per round: the ping's p50, p99 and max with and without the crowd, their ratio, the
server's CPU seconds during the crowd, the `table` messages the seat at A heard, and the load
average beside them (issue 32: before, 500 spectators cost 9.7 s of server CPU and the ping
went from 1.5 ms to 159 ms), the ping's worst by what the crowd was doing when it was sent
(joining, holding, leaving), and the server's longest event-loop pass during the crowd in
CPU time (``loop_passes/sitecustomize.py``): a figure the machine's load does not move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).parent))
from load import cpu_seconds, free_port, start_server  # a sibling script

BOTS = {"1": "random", "2": "random"}
REFERENCE_SECONDS = 4.0
HOLD_SECONDS = 2.0


def quantile(samples: list[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


# What the crowd is doing, shared with the pinger's process: its pings are told apart by it.
PHASES = ("before", "joining", "holding", "leaving", "after")


async def pinging(
    ws: ClientConnection,
    stop: asyncio.Event,
    out: list[float],
    phase: Any = None,
    by_phase: dict[str, list[float]] | None = None,
) -> None:
    """Ping every 60 ms until ``stop`` (under the message rate: 20 a second); each round
    trip in ms into ``out`` (and into ``by_phase`` under the crowd's phase when sent)."""
    while not stop.is_set():
        sent = time.perf_counter()
        during = PHASES[phase.value] if phase is not None else None
        await ws.send('{"type": "ping"}')
        while json.loads(await ws.recv())["type"] != "pong":
            pass
        took = (time.perf_counter() - sent) * 1000
        out.append(took)
        if by_phase is not None and during is not None:
            by_phase.setdefault(during, []).append(took)
        await asyncio.sleep(0.06)


async def listening(ws: ClientConnection, told: list[int]) -> None:
    """Count the ``table`` messages a seat hears."""
    while True:
        if json.loads(await ws.recv())["type"] == "table":
            told[0] += 1


async def crowd(url: str, count: int, phase: Any) -> None:
    """``count`` spectators join (50 at a time), hold, and leave; ``phase`` says which."""
    gate = asyncio.Semaphore(50)
    phase.value = PHASES.index("joining")

    async def join() -> ClientConnection:
        async with gate:
            ws = await connect(url, max_size=None, open_timeout=120)
            while json.loads(await ws.recv())["type"] != "state":
                pass
            return ws

    sockets = await asyncio.gather(*(join() for _ in range(count)))
    phase.value = PHASES.index("holding")
    await asyncio.sleep(HOLD_SECONDS)
    phase.value = PHASES.index("leaving")
    await asyncio.gather(*(ws.close() for ws in sockets))
    phase.value = PHASES.index("after")


def crowd_apart(url: str, count: int, phase: Any) -> None:
    """``crowd`` in a process of its own: opening 500 sockets would stall the pinger's own
    event loop, and the delay measured would be the client's."""
    asyncio.run(crowd(url, count, phase))


async def one_round(base: str, pid: int, spectators: int) -> dict[str, Any]:
    """The reference, then the crowd; the figures."""
    async with httpx.AsyncClient(base_url=base, timeout=60) as http:
        a = (await http.post("/api/tables", json={"game": "fearless", "bots": BOTS})).json()
        b = (await http.post("/api/tables", json={"game": "fearless", "bots": BOTS})).json()
    ws_base = base.replace("http", "ws")
    seat_a = f"{ws_base}/ws/{a['table']}?token={a['seats'][0]['token']}"
    seat_b = f"{ws_base}/ws/{b['table']}?token={b['seats'][0]['token']}"
    async with connect(seat_a) as watcher, connect(seat_b) as pinger:
        await asyncio.sleep(0.5)
        while True:  # drain what the seat was sent on connecting
            try:
                await asyncio.wait_for(pinger.recv(), 0.2)
            except TimeoutError:
                break
        reference: list[float] = []
        stop = asyncio.Event()
        task = asyncio.create_task(pinging(pinger, stop, reference))
        await asyncio.sleep(REFERENCE_SECONDS)
        stop.set()
        await task
        told = [0]
        heard = asyncio.create_task(listening(watcher, told))
        crowded: list[float] = []
        by_phase: dict[str, list[float]] = {}
        phase = multiprocessing.Value("i", 0)
        stop = asyncio.Event()
        task = asyncio.create_task(pinging(pinger, stop, crowded, phase, by_phase))
        before = sum(cpu_seconds(pid).values())
        started = time.monotonic()
        wall_started = time.time()
        crowding = multiprocessing.Process(
            target=crowd_apart, args=(f"{ws_base}/ws/{a['table']}", spectators, phase)
        )
        crowding.start()
        await asyncio.to_thread(crowding.join)
        await asyncio.sleep(0.5)
        took = time.monotonic() - started
        wall_ended = time.time()
        cpu = sum(cpu_seconds(pid).values()) - before
        stop.set()
        await task
        heard.cancel()
    return {
        "spectators": spectators,
        "reference_p50_ms": statistics.median(reference),
        "reference_p99_ms": quantile(reference, 0.99),
        "crowd_p50_ms": statistics.median(crowded),
        "crowd_p99_ms": quantile(crowded, 0.99),
        "crowd_max_ms": max(crowded),
        "p99_ratio": quantile(crowded, 0.99) / quantile(reference, 0.99),
        **{f"max_ms_{name}": max(rtts) for name, rtts in by_phase.items()},
        "server_cpu_s": cpu,
        "crowd_wall": (wall_started, wall_ended),
        "crowd_seconds": took,
        "table_messages_heard": told[0],
        "load_average": os.getloadavg()[0],
    }


def longest_passes(path: Path, figures: dict[str, Any]) -> dict[str, Any]:
    """The server's longest event-loop pass during the crowd (its thread's CPU time, so
    not the wait for a core: the server's own share of a message's delay at any load), and
    how many passed 10 ms."""
    begun, ended = figures.pop("crowd_wall")
    passes = [
        float(took)
        for when, took in (line.split() for line in path.read_text().splitlines())
        if begun <= float(when) <= ended
    ]
    return {
        "longest_pass_ms": max(passes, default=0.0),
        "passes_over_10_ms": sum(took > 10 for took in passes),
    }


def main() -> None:
    """Run the rounds against a fresh server and print each round's figures."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=2)
    args = parser.parse_args()
    print(f"load average before: {os.getloadavg()[0]:.2f} on {os.cpu_count()} cores")
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        # The server records its event loop's long passes (loop_passes/sitecustomize.py).
        os.environ["PARLOUR_LOOP_PASSES"] = f"{folder}/passes"
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [str(Path(__file__).parent / "loop_passes"), os.environ.get("PYTHONPATH", "")]
        )
        server = start_server(f"sqlite:///{folder}/spectators.db", port, 1)
        try:
            for number in range(args.rounds):
                figures = asyncio.run(
                    one_round(f"http://127.0.0.1:{port}", server.pid, args.spectators)
                )
                figures.update(longest_passes(Path(f"{folder}/passes.{server.pid}"), figures))
                shown = ", ".join(
                    f"{key} {value:.2f}" if isinstance(value, float) else f"{key} {value}"
                    for key, value in figures.items()
                )
                print(f"round {number + 1}: {shown}", flush=True)
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
