"""One client crowding one table: a ping's round trip at another table while N spectator
sockets join one table, stay, and leave, against the same ping with no crowd (the reference,
measured in the same run on the same server). Issue 32's target: p99 under 20 ms.

    python benchmarks/spectators.py                        # 500 spectators, 3 rounds
    python benchmarks/spectators.py --compare OTHER/src    # rounds alternated with other code

Each round starts a fresh server (on each code, alternated, with ``--compare``), measures
the reference for 4 s, then two crowds in turn, while a seat at table B pings every 60 ms:

- **at once**: N spectators connect to table A (50 at a time), hold 2 s, and all close in
  the same instant (the harsh case: one client closing everything);
- **over 1 s**: the same, each closing at a random moment of one second (people leaving a
  finished game's page).

The crowd stands for remote browsers. Run as root with ``ip``, it runs in a network
namespace of its own (``parlour-crowd``, a veth pair; the server listens on 198.18.0.1, of
the range kept for benchmarks, RFC 2544, and the crowd connects from 198.18.0.2), so its
sockets are not loopback sockets of the server's own; in every case its process runs at
``nice -n 19``, so that on a small machine its own CPU (500 clients in Python) yields to the
server and the pinger. ``--crowd-here`` keeps it in this namespace.

Printed for each code and crowd, by round: the ping's p50, p99 and max (ms) with the crowd and
without (the reference); the server's CPU seconds during the crowd; the `table` messages the
seat at A heard; and the load average. Then, for the slowest pings, where each waited
(``loop_passes/sitecustomize.py`` timestamps the ping's reading and its pong's writing in the
server): *to server* (from the pinger's send to the server's reading of it: the kernel, the
socket's place in the poll, the loop passes before it), *in server*, *back* (from the pong's
writing to the pinger's reading: the pinger's own process); the loop passes run in the
*to server* time, their CPU ms and the sockets they handled; and the server's longest loop
pass in CPU time, a figure the machine's load does not move.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from itertools import pairwise
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect

sys.path.insert(0, str(Path(__file__).parent))
from load import cpu_seconds, free_port, start_server  # a sibling script

BOTS = {"1": "random", "2": "random"}
REFERENCE_SECONDS = 4.0
HOLD_SECONDS = 2.0
PING_EVERY = 0.06  # under the message rate: 20 a second
LEAVES = {"at once": 0.0, "over 1 s": 1.0}  # over how long the crowd closes its sockets
NAMESPACE = "parlour-crowd"
SERVER_ADDRESS, CROWD_ADDRESS = "198.18.0.1", "198.18.0.2"  # RFC 2544's benchmark range


def quantile(samples: list[float], q: float) -> float:
    """The ``q`` quantile of ``samples`` (nearest rank)."""
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


@dataclass
class Ping:
    """A ping's wall clock times: sent and its pong received by the pinger, read and
    answered by the server (``None``: not found in the server's record)."""

    sent: float
    received: float
    read: float | None = None
    answered: float | None = None

    @property
    def ms(self) -> float:
        return (self.received - self.sent) * 1000


async def pinging(ws: ClientConnection, stop: asyncio.Event, out: list[Ping]) -> None:
    """Ping every ``PING_EVERY`` s until ``stop``; each round trip into ``out``."""
    while not stop.is_set():
        sent = time.time()
        await ws.send('{"type": "ping"}')
        while json.loads(await ws.recv())["type"] != "pong":
            pass
        out.append(Ping(sent, time.time()))
        await asyncio.sleep(PING_EVERY)


async def listening(ws: ClientConnection, told: list[int]) -> None:
    """Count the ``table`` messages a seat hears."""
    while True:
        if json.loads(await ws.recv())["type"] == "table":
            told[0] += 1


async def crowd(url: str, count: int, spread: float) -> None:
    """``count`` spectators join (50 at a time), hold, and close over ``spread`` seconds (0:
    all at once); the phases' wall clock times printed as JSON."""
    gate = asyncio.Semaphore(50)
    phases = {"joining": time.time()}

    async def join() -> ClientConnection:
        async with gate:
            ws = await connect(url, max_size=None, open_timeout=120, close_timeout=30)
            while json.loads(await ws.recv())["type"] != "state":
                pass
            return ws

    async def leave(ws: ClientConnection) -> None:
        if spread:
            await asyncio.sleep(random.uniform(0, spread))
        await ws.close()

    sockets = await asyncio.gather(*(join() for _ in range(count)))
    phases["holding"] = time.time()
    await asyncio.sleep(HOLD_SECONDS)
    phases["leaving"] = time.time()
    await asyncio.gather(*(leave(ws) for ws in sockets))
    phases["after"] = time.time()
    print(json.dumps(phases), flush=True)


def namespace_ready() -> bool:
    """Make the crowd's network namespace (a veth pair to this one) unless it is there;
    ``False`` where it cannot be made (not root, no ``ip``)."""
    if os.geteuid() != 0 or shutil.which("ip") is None:
        return False
    if NAMESPACE in subprocess.run(["ip", "netns", "list"], capture_output=True, text=True).stdout:
        return True
    steps = [
        ["ip", "netns", "add", NAMESPACE],
        ["ip", "link", "add", "pcrowd0", "type", "veth", "peer", "name", "pcrowd1"],
        ["ip", "link", "set", "pcrowd1", "netns", NAMESPACE],
        ["ip", "addr", "add", f"{SERVER_ADDRESS}/30", "dev", "pcrowd0"],
        ["ip", "link", "set", "pcrowd0", "up"],
        ["ip", "-n", NAMESPACE, "addr", "add", f"{CROWD_ADDRESS}/30", "dev", "pcrowd1"],
        ["ip", "-n", NAMESPACE, "link", "set", "pcrowd1", "up"],
        ["ip", "-n", NAMESPACE, "link", "set", "lo", "up"],
    ]
    for step in steps:
        if subprocess.run(step, capture_output=True).returncode != 0:
            remove_namespace()
            return False
    return True


def remove_namespace() -> None:
    """Remove the crowd's namespace and its veth pair (the pair goes with it)."""
    subprocess.run(["ip", "netns", "delete", NAMESPACE], capture_output=True)
    subprocess.run(["ip", "link", "delete", "pcrowd0"], capture_output=True)


def run_crowd(url: str, count: int, spread: float, apart: bool) -> dict[str, float]:
    """The crowd in a process of its own at ``nice -n 19`` (in its namespace if ``apart``):
    its phases' times."""
    command = [sys.executable, __file__, "--crowd", url, str(count), str(spread)]
    command = ["nice", "-n", "19", *command]
    if apart:
        command = ["ip", "netns", "exec", NAMESPACE, *command]
    env = {key: value for key, value in os.environ.items() if key != "PARLOUR_LOOP_PASSES"}
    done = subprocess.run(command, capture_output=True, text=True, env=env, check=False)
    if done.returncode != 0:
        raise SystemExit(f"spectators: the crowd failed: {done.stderr}")
    phases: dict[str, float] = json.loads(done.stdout.splitlines()[-1])
    return phases


@dataclass
class Record:
    """What the server recorded (``loop_passes/sitecustomize.py``)."""

    passes: list[tuple[float, float, float, int]] = field(default_factory=list)
    pings: list[float] = field(default_factory=list)
    pongs: list[float] = field(default_factory=list)
    collections: list[tuple[float, float]] = field(default_factory=list)
    closes: list[float] = field(default_factory=list)
    losts: list[float] = field(default_factory=list)

    @classmethod
    def read(cls, path: Path) -> Record:
        record = cls()
        for line in path.read_text().splitlines():
            kind, *values = line.split()
            if kind == "pass":
                start, wall, cpu, ready = values
                record.passes.append((float(start), float(wall), float(cpu), int(ready)))
            elif kind == "gc":
                record.collections.append((float(values[0]), float(values[1])))
            elif kind == "close":
                record.closes.append(float(values[0]))
            elif kind == "lost":
                record.losts.append(float(values[0]))
            elif kind == "ping":
                record.pings.append(float(values[0]))
            elif kind == "pong":
                record.pongs.append(float(values[0]))
        return record

    def place(self, pings: list[Ping]) -> None:
        """Give each ping the server's times of reading it and answering it."""
        for ping in pings:
            ping.read = next((t for t in self.pings if ping.sent <= t <= ping.received), None)
            ping.answered = next((t for t in self.pongs if ping.sent <= t <= ping.received), None)

    def cpu_ms(self, begun: float, ended: float) -> float:
        """The server's CPU ms in loop passes from ``begun`` to ``ended`` (a pass partly in
        it counted in proportion): what a message waited for the server's own work,
        whatever the wait for a core."""
        total = 0.0
        for start, wall, cpu, _ in self.between(begun, ended):
            inside = min(start + wall / 1000, ended) - max(start, begun)
            total += cpu * max(0.0, min(1.0, inside * 1000 / wall)) if wall else 0.0
        return total

    def between(self, begun: float, ended: float) -> list[tuple[float, float, float, int]]:
        """The loop passes under way at some moment from ``begun`` to ``ended``."""
        return [p for p in self.passes if p[0] + p[1] / 1000 >= begun and p[0] <= ended]


async def one_crowd(
    base: str, pid: int, spectators: int, spread: float, apart: bool, record_path: Path
) -> dict[str, Any]:
    """The reference, then a crowd; the figures."""
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
        reference: list[Ping] = []
        stop = asyncio.Event()
        task = asyncio.create_task(pinging(pinger, stop, reference))
        await asyncio.sleep(REFERENCE_SECONDS)
        stop.set()
        await task
        told = [0]
        heard = asyncio.create_task(listening(watcher, told))
        crowded: list[Ping] = []
        stop = asyncio.Event()
        task = asyncio.create_task(pinging(pinger, stop, crowded))
        before = sum(cpu_seconds(pid).values())
        phases = await asyncio.to_thread(
            run_crowd, f"{ws_base}/ws/{a['table']}", spectators, spread, apart
        )
        await asyncio.sleep(0.5)
        cpu = sum(cpu_seconds(pid).values()) - before
        stop.set()
        await task
        heard.cancel()
    await asyncio.sleep(0.4)  # the server writes its record every 0.2 s
    record = Record.read(record_path)
    record.place(crowded)
    ms = [ping.ms for ping in crowded]
    during = record.between(phases["joining"], phases["after"])
    by_phase: dict[str, float] = {}
    share_by_phase: dict[str, float] = {}
    shares = []
    names = list(phases)
    for ping in crowded:
        phase = next((n for n, m in pairwise(names) if phases[n] <= ping.sent < phases[m]), "after")
        by_phase[phase] = max(by_phase.get(phase, 0.0), ping.ms)
        share = record.cpu_ms(ping.sent, ping.answered or ping.received)
        shares.append(share)
        share_by_phase[phase] = max(share_by_phase.get(phase, 0.0), share)
    longest_by_phase = {
        name: max(
            ((p[2], p[3]) for p in record.between(phases[name], phases[following])),
            default=(0.0, 0),
        )
        for name, following in pairwise(names)
    }
    collections = [c for c in record.collections if phases["joining"] <= c[0] <= phases["after"]]
    # The crowd's close frames: from the first read to the last, the server's CPU in its
    # loop passes is what a message arriving with the last of them waited for, at most.
    closes = [t for t in record.closes if phases["leaving"] <= t <= phases["after"]]
    ends = [t for t in record.losts if phases["leaving"] <= t <= phases["after"]]
    return {
        "closes_read_ms": (max(closes) - min(closes)) * 1000 if closes else 0.0,
        "closes_read_cpu_ms": record.cpu_ms(min(closes), max(closes)) if closes else 0.0,
        "ended_ms": (max(ends) - min(closes)) * 1000 if closes and ends else 0.0,
        "longest_pass_by_phase": longest_by_phase,
        "collections_ms": [c[1] for c in collections],
        "reference_p50": statistics.median(p.ms for p in reference),
        "reference_p99": quantile([p.ms for p in reference], 0.99),
        "p50": statistics.median(ms),
        "p99": quantile(ms, 0.99),
        "max": max(ms),
        "pings": len(ms),
        "worst_by_phase": by_phase,
        "server_share_p99": quantile(shares, 0.99),
        "server_share_max": max(shares),
        "server_share_by_phase": share_by_phase,
        "server_cpu_s": cpu,
        "table_messages": told[0],
        "longest_pass_cpu_ms": max((p[2] for p in during), default=0.0),
        "joining_s": phases["holding"] - phases["joining"],
        "leaving_s": phases["after"] - phases["leaving"],
        "load": os.getloadavg()[0],
        "placed": sum(ping.read is not None for ping in crowded),
        "slowest": [where(ping, record) for ping in sorted(crowded, key=lambda p: -p.ms)[:2]],
    }


def where(ping: Ping, record: Record) -> dict[str, float]:
    """Where a ping waited: to the server, in it, back; the loop passes before its reading."""
    if ping.read is None or ping.answered is None:
        return {"ms": ping.ms}
    passes = record.between(ping.sent, ping.read)
    return {
        "ms": ping.ms,
        "to_server": (ping.read - ping.sent) * 1000,
        "in_server": (ping.answered - ping.read) * 1000,
        "back": (ping.received - ping.answered) * 1000,
        "passes": len(passes),
        "passes_wall": sum(
            (min(p[0] + p[1] / 1000, ping.read) - max(p[0], ping.sent)) * 1000 for p in passes
        ),
        "passes_cpu": sum(p[2] for p in passes),
        "sockets": sum(p[3] for p in passes),
    }


def show(code: str, crowd_name: str, number: int, f: dict[str, Any]) -> str:
    """One line of a round's figures."""
    phases = ", ".join(f"{name} {ms:.0f}" for name, ms in f["worst_by_phase"].items())
    longest = ", ".join(
        f"{name} {cpu:.1f} ({ready})" for name, (cpu, ready) in f["longest_pass_by_phase"].items()
    )
    collections = ", ".join(f"{ms:.1f}" for ms in f["collections_ms"]) or "none"
    shares = ", ".join(f"{name} {ms:.1f}" for name, ms in f["server_share_by_phase"].items())
    slow = "; ".join(
        f"{s['ms']:.1f} ms = to server {s['to_server']:.1f} (in {s['passes']} loop passes, "
        f"{s['passes_wall']:.1f} ms, {s['passes_cpu']:.1f} of them CPU, {s['sockets']} "
        "sockets) + in server "
        f"{s['in_server']:.1f} + back {s['back']:.1f}"
        if "to_server" in s
        else f"{s['ms']:.1f} ms (not placed)"
        for s in f["slowest"]
    )
    return (
        f"{code:>8} | {crowd_name:<8} | round {number} | ping p50 {f['p50']:.1f} p99 "
        f"{f['p99']:.1f} max {f['max']:.1f} ms ({f['pings']} pings) | reference p50 "
        f"{f['reference_p50']:.1f} p99 {f['reference_p99']:.1f} | server CPU "
        f"{f['server_cpu_s']:.2f} s | longest loop pass {f['longest_pass_cpu_ms']:.1f} CPU ms | "
        f"table messages {f['table_messages']} | joined in {f['joining_s']:.2f} s, left in "
        f"{f['leaving_s']:.2f} s | load "
        f"{f['load']:.2f}\n{'':>8}   worst ping by phase (ms): {phases}\n{'':>8}   the server's "
        f"CPU ms a ping waited for: p99 {f['server_share_p99']:.1f}, max "
        f"{f['server_share_max']:.1f}; worst by phase: {shares}\n{'':>8}   the crowd's close "
        f"frames read over {f['closes_read_ms']:.1f} ms ({f['closes_read_cpu_ms']:.1f} CPU ms of "
        f"the server's loop passes), its connections ended over {f['ended_ms']:.1f} ms\n"
        f"{'':>8}   longest loop "
        f"pass by phase (CPU ms, sockets read): {longest}; garbage collections over 1 ms: "
        f"{collections}\n{'':>8}   slowest: {slow}"
    )


def main() -> None:
    """Run the rounds, a fresh server each, and print each round's figures."""
    if len(sys.argv) == 5 and sys.argv[1] == "--crowd":  # the crowd's own process
        asyncio.run(crowd(sys.argv[2], int(sys.argv[3]), float(sys.argv[4])))
        return
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument(
        "--compare", metavar="SRC", help="another code's src folder, its rounds alternated"
    )
    parser.add_argument("--crowd-here", action="store_true", help="no namespace of its own")
    parser.add_argument("--json", metavar="FILE", help="every round's figures, as JSON lines")
    args = parser.parse_args()
    apart = not args.crowd_here and namespace_ready()
    host = SERVER_ADDRESS if apart else "127.0.0.1"
    where_crowd = (
        f"in network namespace {NAMESPACE} ({CROWD_ADDRESS} to the server at {SERVER_ADDRESS})"
        if apart
        else "in this network namespace (loopback)"
    )
    print(
        f"{args.spectators} spectators, crowd process at nice 19 {where_crowd}; server and "
        f"pinger at nice {os.nice(0)}; load average {os.getloadavg()} on {os.cpu_count()} "
        "cores; ping every 60 ms; all times wall clock ms unless said",
        flush=True,
    )
    ours = str(Path(__file__).resolve().parent.parent / "src")
    codes = {"this": os.environ.get("PYTHONPATH", ours).split(os.pathsep)[0] or ours}
    if args.compare:
        codes = {"compared": args.compare, **codes}
    out = open(args.json, "a") if args.json else None  # noqa: SIM115 (closed at the end)
    try:
        for number in range(1, args.rounds + 1):
            for code, src in codes.items():
                for crowd_name, spread in LEAVES.items():
                    figures = run_round(src, host, args.spectators, spread, apart)
                    print(show(code, crowd_name, number, figures), flush=True)
                    if out:
                        out.write(json.dumps({"code": code, "crowd": crowd_name, **figures}) + "\n")
    finally:
        if out:
            out.close()
        if apart:
            remove_namespace()


def run_round(src: str, host: str, spectators: int, spread: float, apart: bool) -> dict[str, Any]:
    """One crowd against a fresh server of the code in ``src``."""
    with tempfile.TemporaryDirectory() as folder:
        port = free_port()
        # The server records its loop passes and the pings (loop_passes/sitecustomize.py).
        os.environ["PARLOUR_LOOP_PASSES"] = f"{folder}/passes"
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [str(Path(__file__).parent / "loop_passes"), src]
        )
        server = start_server(f"sqlite:///{folder}/spectators.db", port, 1, host=host)
        try:
            return asyncio.run(
                one_crowd(
                    f"http://{host}:{port}",
                    server.pid,
                    spectators,
                    spread,
                    apart,
                    Path(f"{folder}/passes.{server.pid}"),
                )
            )
        finally:
            server.terminate()
            server.wait(30)


if __name__ == "__main__":
    main()
