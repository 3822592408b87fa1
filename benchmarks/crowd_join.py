"""The server's work for a crowd of spectators joining one table and leaving, counted in
instructions (load-independent) or in CPU time: a real ``parlour serve`` (SQLite, one
process) under ``valgrind --tool=callgrind``, counting only from just before the crowd
(``benchmarks/spectators.py``'s, from a process of its own at ``nice -n 19``: N spectators
join 50 at a time, hold 2 s, and close at once) until the server holds none of its sockets
(and a moment more, for the leaves' last work).

    python benchmarks/crowd_join.py                               # 500 spectators
    python benchmarks/crowd_join.py --compare OLD/src --rounds 2  # alternated with other code
    python benchmarks/crowd_join.py --plain                       # CPU time, no valgrind
    python benchmarks/crowd_join.py --keep /tmp/crowd.out         # callgrind's profile kept
    python benchmarks/crowd_join.py --profile /tmp/crowd.prof      # cProfile's, by CPU time

The table is ``spectators.py``'s table A (Fearless, a person at seat 0 and two random bots,
waiting for the person's move: a short log) or, with ``--finished``, a game of three random
bots played to its end (a whole game's log in every spectator's first ``state``). Prints,
per round and code, the server's instructions (or CPU ms) a spectator, joining and leaving
together; callgrind counts the event loop's user-space instructions (the kernel's part and
the bot worker's process left out). The CPU time of ``--plain`` counts the main process only.
``--profile`` runs the server without valgrind and profiles its event loop's thread with
``cProfile`` by CPU time over the same window (``profile_window/sitecustomize.py``): callgrind
names CPython's C functions, not the Python ones they run.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
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

sys.path.insert(0, str(Path(__file__).parent))
from load import cpu_seconds, free_port  # sibling scripts
from move_path import instrument, start, wait_open
from spectators import BOTS, run_crowd

FINISHED = {"0": "random", "1": "random", "2": "random"}
# Seconds left after the crowd's sockets are closed, for the leaves' last work (under
# valgrind the loop is some fifty times slower).
SETTLE_SECONDS = {True: 1.0, False: 20.0}


def server_cpu(pid: int) -> float:
    """The CPU seconds of the server's own process (its bot worker left out)."""
    return cpu_seconds(pid).get(pid, 0.0)


def sockets(pid: int) -> int:
    """The sockets the server's process holds open."""
    folder = Path(f"/proc/{pid}/fd")
    return sum(os.readlink(folder / fd).startswith("socket:") for fd in os.listdir(folder))


def settled(pid: int, before: int, plain: bool) -> None:
    """Return once the server holds no more sockets than ``before`` (every spectator's
    closed), and ``SETTLE_SECONDS`` more."""
    while sockets(pid) > before:
        time.sleep(0.2)
    time.sleep(SETTLE_SECONDS[plain])


async def table_of(base: str, finished: bool) -> str:
    """A table for the crowd: ``spectators.py``'s table A, or a finished game of bots."""
    async with httpx.AsyncClient(base_url=base, timeout=600) as http:
        bots = FINISHED if finished else BOTS
        answer = await http.post("/api/tables", json={"game": "fearless", "bots": bots})
        answer.raise_for_status()
        table: str = answer.json()["table"]
        for _ in range(6000):  # the bots play their moves (to the end, or the person's turn)
            described = (await http.get(f"/api/tables/{table}")).json()
            view = described.get("view", {})
            if described["table"]["status"] == "over" or (
                not finished and view.get("current_player") == 0
            ):
                return table
            await asyncio.sleep(0.2)
    raise SystemExit("crowd_join: the bots did not get there")


def one_round(src: str, args: argparse.Namespace) -> dict[str, Any]:
    """A fresh server of the code in ``src``, a crowd, and the server's count for it."""
    folder = Path(tempfile.mkdtemp(prefix="parlour-crowd-join-"))
    out = folder / "callgrind.out"
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    os.environ["PYTHONPATH"] = src
    if args.profile:
        os.environ["PYTHONPATH"] = os.pathsep.join(
            [str(Path(__file__).parent / "profile_window"), src]
        )
        os.environ["PARLOUR_PROFILE"] = str(args.profile)
    server = start(port, f"sqlite:///{folder / 'crowd.db'}", out, args.plain)
    try:
        asyncio.run(wait_open(base, server))
        table = asyncio.run(table_of(base, args.finished))
        time.sleep(SETTLE_SECONDS[args.plain])
        held = sockets(server.pid)
        if args.profile:
            os.kill(server.pid, signal.SIGUSR1)
        elif not args.plain:
            instrument(server.pid)
        cpu_before = server_cpu(server.pid)
        begun = time.monotonic()
        run_crowd(f"ws://127.0.0.1:{port}/ws/{table}", args.spectators, 0.0, False)
        settled(server.pid, held, args.plain)
        figures: dict[str, Any] = {
            "cpu_ms_a_spectator": (server_cpu(server.pid) - cpu_before) / args.spectators * 1000,
            "crowd_s": time.monotonic() - begun,
        }
        if args.profile:
            os.kill(server.pid, signal.SIGUSR2)
        elif not args.plain:
            subprocess.run(["callgrind_control", "-d", str(server.pid)], check=True)
            text = Path(f"{out}.1").read_text()
            collected = int(re.findall(r"^summary: (\d+)", text, re.M)[-1])
            figures["instructions_a_spectator"] = collected / args.spectators
            if args.keep:
                shutil.copy(f"{out}.1", args.keep)
    finally:
        server.send_signal(signal.SIGINT)
        server.wait(600)
        shutil.rmtree(folder, ignore_errors=True)
    figures["load"] = os.getloadavg()[0]
    return figures


def main() -> None:
    """Parse the options and run the rounds, codes alternated."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--spectators", type=int, default=500)
    parser.add_argument("--rounds", type=int, default=1)
    parser.add_argument("--compare", metavar="SRC", help="another code's src, alternated")
    parser.add_argument("--finished", action="store_true", help="a finished game's table")
    parser.add_argument("--plain", action="store_true", help="no valgrind: CPU time only")
    parser.add_argument("--keep", type=Path, help="where to keep callgrind's profile")
    parser.add_argument("--profile", type=Path, help="where to write cProfile's profile")
    args = parser.parse_args()
    args.plain = args.plain or args.profile is not None
    ours = str(Path(__file__).resolve().parent.parent / "src")
    codes = {"this": os.environ.get("PYTHONPATH", ours).split(os.pathsep)[0] or ours}
    if args.compare:
        codes = {"compared": args.compare, **codes}
    print(f"load average {os.getloadavg()}", flush=True)
    for number in range(1, args.rounds + 1):
        for code, src in codes.items():
            figures = one_round(src, args)
            print(json.dumps({"code": code, "round": number, **figures}), flush=True)


if __name__ == "__main__":
    main()
