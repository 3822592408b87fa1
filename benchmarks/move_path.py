"""The server's whole move path, counted in instructions: a real ``parlour serve`` (SQLite,
one process) runs under ``valgrind --tool=callgrind`` while tables of four clients play, each
client acting the moment its turn comes; only the moves are counted (instrumentation is
switched on once every client has its first state, and off after ``--moves`` moves).

Run: ``python benchmarks/move_path.py [--tables 10] [--moves 300] [--plain] [--keep FILE]
[--strace]`` (``--keep``: callgrind's profile, for ``callgrind_annotate --inclusive=yes``;
``--strace``: with ``--plain``, the server's system calls a move by kind, every thread, from
``strace -c -f`` attached over the counted moves; strace slows the server, so its CPU
time is then too high: read only the calls). Counting ends early, with fewer moves, if every
game ends first. Prints the server's instructions a move (the event loop, the database's
thread, the kernel's part left out: valgrind counts user-space instructions) and its CPU
time a move (user and system, and the system's part alone, from ``/proc``; under valgrind,
many times the real figure, so read it only with ``--plain``, which runs the server without
valgrind). Instructions do not depend on the machine's load, so two versions of the code
compare in one run each: ``PYTHONPATH=/tmp/old/src python benchmarks/move_path.py`` against
this tree. An older tree runs too: the limits of one address (``load.UNLIMITED``) are lifted
only where its ``serve --help`` lists them (the code before issue 32, e.g. ad41f45, has none
of them).
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, str(Path(__file__).parent))
from load import GAME, cpu_seconds, free_port, limits_lifted


def start(port: int, db: str, out: Path, plain: bool) -> subprocess.Popen[bytes]:
    """``parlour serve`` on ``port``, under callgrind with collection off unless ``plain``."""
    command = [sys.executable, "-c", "from parlour.cli.app import main; main()"]
    lifted = limits_lifted(command)
    command += ["serve", "--port", str(port), *lifted]
    command += ["--db", db, "--workers", "1", "--bot-delay", "0"]
    if not plain:
        command = [
            "valgrind",
            "--tool=callgrind",
            "--instr-atstart=no",
            f"--callgrind-out-file={out}",
            *command,
        ]
    return subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


def instrument(pid: int) -> None:
    """Switch callgrind's instrumentation on in ``pid`` and zero its counts, making sure it
    took (``callgrind_control`` prints "OK" even when its command did not reach a busy
    process)."""
    for _ in range(20):
        subprocess.run(["callgrind_control", "-i", "on", str(pid)], capture_output=True)
        status = subprocess.run(["callgrind_control", "-s", str(pid)], capture_output=True)
        if b"Functions:" in status.stdout:
            subprocess.run(["callgrind_control", "-z", str(pid)], capture_output=True, check=True)
            return
        time.sleep(1)
    raise SystemExit("move_path: callgrind's instrumentation did not switch on")


def system_seconds(pid: int) -> float:
    """CPU seconds the kernel has spent for the server process ``pid`` (every thread)."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[12]) / os.sysconf("SC_CLK_TCK")


def trace(pid: int, out: Path) -> subprocess.Popen[bytes]:
    """``strace -c`` attached to every thread of ``pid``, once it has attached."""
    tracer = subprocess.Popen(
        ["strace", "-c", "-f", "-p", str(pid), "-o", str(out)], stderr=subprocess.PIPE
    )
    assert tracer.stderr is not None
    tracer.stderr.readline()  # "strace: Process N attached" (the first thread)
    time.sleep(0.5)  # the other threads'
    return tracer


def calls(summary: Path, moves: int) -> dict[str, float]:
    """System calls a move by kind from ``strace -c``'s table, the most frequent first."""
    found = {}
    for line in summary.read_text().splitlines():
        fields = line.split()
        if len(fields) >= 5 and fields[-1] != "total" and fields[3].isdigit():
            found[fields[-1]] = round(int(fields[3]) / moves, 3)
    found["total"] = round(sum(found.values()), 3)
    return dict(sorted(found.items(), key=lambda item: -item[1]))


async def wait_open(base: str, server: subprocess.Popen[bytes]) -> None:
    """Return once the server answers (under valgrind it starts in a minute or two)."""
    async with httpx.AsyncClient() as http:
        for _ in range(6000):
            if server.poll() is not None:
                raise SystemExit("move_path: the server stopped")
            try:
                await http.get(f"{base}/api/games", timeout=5)
                return
            except httpx.HTTPError:
                await asyncio.sleep(0.1)
    raise SystemExit("move_path: the server did not answer")


class Count:
    """Moves made while counting, and the moment counting ends."""

    def __init__(self, moves: int) -> None:
        self.wanted = moves
        self.made = 0
        self.counting = asyncio.Event()
        self.done = asyncio.Event()


async def seat(url: str, count: Count, connected: list[int], seed: int) -> None:
    """One person: acts at once on each turn, once counting began, until enough moves."""
    rng = random.Random(seed)
    async with connect(url, max_size=2**22, open_timeout=600) as ws:
        first = True
        while not count.done.is_set():
            message = json.loads(await ws.recv())
            if message["type"] != "state":
                continue
            if first:
                connected[0] += 1
                first = False
            view = message["view"]
            if view["is_over"]:
                return
            if view.get("legal_actions"):
                await count.counting.wait()
                if count.done.is_set():
                    return
                action = rng.choice(view["legal_actions"])
                await ws.send(json.dumps({"type": "act", "action": action, "move": view["move"]}))
                count.made += 1
                if count.made >= count.wanted:
                    count.done.set()


async def measure(args: argparse.Namespace) -> None:
    """Start the server, play, and print its instructions and CPU a move."""
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    folder = Path(tempfile.mkdtemp(prefix="parlour-move-path-"))
    out = folder / "callgrind.out"
    server = start(port, f"sqlite:///{folder / 'moves.db'}", out, args.plain)
    try:
        await wait_open(base, server)
        count, connected = Count(args.moves), [0]
        async with httpx.AsyncClient(timeout=600) as http:
            tables = []
            for number in range(args.tables):
                answer = await http.post(f"{base}/api/tables", json={**GAME, "seed": number})
                answer.raise_for_status()
                tables.append(answer.json())
        clients = [
            seat(f"ws://127.0.0.1:{port}/ws/{t['table']}?token={s['token']}", count, connected, i)
            for t in tables
            for i, s in enumerate(t["seats"])
        ]
        playing = asyncio.gather(*clients)
        while connected[0] < len(clients):
            await asyncio.sleep(0.2)
        await asyncio.sleep(1)
        if not args.plain:
            instrument(server.pid)
        tracer = trace(server.pid, folder / "strace.txt") if args.strace else None
        cpu_before = sum(cpu_seconds(server.pid).values())
        system_before = system_seconds(server.pid)
        count.counting.set()
        # The games may end before ``--moves`` moves: counting ends with the last of them.
        ended: list[asyncio.Future[Any]] = [asyncio.ensure_future(count.done.wait()), playing]
        await asyncio.wait(ended, return_when=asyncio.FIRST_COMPLETED)
        cpu = sum(cpu_seconds(server.pid).values()) - cpu_before
        system = system_seconds(server.pid) - system_before
        if tracer is not None:
            tracer.send_signal(signal.SIGINT)
            tracer.wait(60)
        count.done.set()
        if not args.plain:
            subprocess.run(["callgrind_control", "-d", str(server.pid)], check=True)
        made = count.made
        await asyncio.wait_for(playing, timeout=600)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(600)
    figures: dict[str, Any] = {
        "moves": made,
        "cpu_ms_a_move": cpu / made * 1000,
        "system_ms_a_move": system / made * 1000,
    }
    if args.strace:
        figures["syscalls_a_move"] = calls(folder / "strace.txt", made)
    if not args.plain:
        collected = int(re.findall(r"^summary: (\d+)", Path(f"{out}.1").read_text(), re.M)[-1])
        figures["instructions_a_move"] = collected / made
        if args.keep:
            shutil.copy(f"{out}.1", args.keep)
    shutil.rmtree(folder, ignore_errors=True)
    figures["load"] = os.getloadavg()[0]
    print(json.dumps(figures))


def main() -> None:
    """Parse the options and measure."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--plain", action="store_true", help="no valgrind: CPU time only")
    parser.add_argument("--keep", type=Path, help="where to keep callgrind's profile")
    parser.add_argument("--strace", action="store_true", help="system calls a move (--plain)")
    args = parser.parse_args()
    if args.strace and not args.plain:
        parser.error("--strace needs --plain")
    start_time = time.monotonic()
    asyncio.run(measure(args))
    print(f"took {time.monotonic() - start_time:.0f} s", file=sys.stderr)


if __name__ == "__main__":
    main()
