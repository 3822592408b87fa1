"""How long a hint takes: the time from a seat's ``hint`` message to the answer, per game.

Run: ``.venv/bin/python benchmarks/hints.py [--moves 8] [--json out.json]``.

For each game a fresh ``parlour serve`` (SQLite, two bot processes) opens a table of one
person against ``easy`` bots with hints on. At each of the person's first ``--moves`` turns the
client asks for a hint, waits for the answer (checking it names every legal action), then
plays the move the hint ranks first. The first hint of a server is reported apart ("cold": the
bot processes load the game), the rest as the median and the largest ("warm"). Issue 20 asks a
hint within 5 s; the machine's load average is printed beside the figures.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect

from load import free_port, start_server

GAMES = {"fearless": 3, "citadels": 4, "foolsblade": 3}
TARGET_S = 5.0


def _next(ws: ClientConnection, wanted: str) -> dict[str, Any]:
    """The next message of type ``wanted`` (others skipped); an ``error`` stops the run."""
    while True:
        message: dict[str, Any] = json.loads(ws.recv(timeout=120))
        if message["type"] == "error":
            raise SystemExit(f"hints: the server refused: {message}")
        if message["type"] == wanted:
            return message


def measure(game: str, players: int, moves: int) -> list[float]:
    """Seconds from asking to answer, for the person's first ``moves`` turns of one table."""
    port = free_port()
    with tempfile.TemporaryDirectory() as folder:
        server = start_server(f"sqlite:///{folder}/hints.db", port, workers=2)
        try:
            base = f"http://127.0.0.1:{port}"
            bots = {str(seat): "easy" for seat in range(1, players)}
            table = httpx.post(
                f"{base}/api/tables",
                json={"game": game, "players": players, "seed": 3, "bots": bots, "hints": True},
            ).json()
            token = table["seats"][0]["token"]
            times: list[float] = []
            with connect(f"ws://127.0.0.1:{port}/ws/{table['table']}?token={token}") as ws:
                ws.send(json.dumps({"type": "settings", "auto_pass": False}))
                while len(times) < moves:
                    view = _next(ws, "state")["view"]
                    if view.get("is_over"):
                        break
                    legal = view.get("legal_actions") or []
                    if view.get("current_player") != 0 or not legal:
                        continue
                    started = time.monotonic()
                    ws.send(json.dumps({"type": "hint", "move": view["move"]}))
                    hint = _next(ws, "hint")
                    times.append(time.monotonic() - started)
                    ranked = [entry["action"] for entry in hint["actions"]]
                    assert sorted(ranked) == sorted(legal), (ranked, legal)
                    ws.send(json.dumps({"type": "act", "move": view["move"], "action": ranked[0]}))
            return times
        finally:
            server.terminate()
            server.wait(timeout=30)


def main() -> None:
    """Measure every game and print the table (and ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=8)
    parser.add_argument("--json", type=Path, help="also write the figures here")
    args = parser.parse_args()
    results: dict[str, dict[str, float]] = {}
    print(f"load average before: {os.getloadavg()[0]:.2f}; target: every hint within {TARGET_S} s")
    print(f"{'game':<12}{'hints':>6}{'cold s':>9}{'warm median s':>15}{'warm max s':>12}")
    for game, players in GAMES.items():
        times = measure(game, players, args.moves)
        warm = times[1:] or times
        results[game] = {
            "hints": len(times),
            "cold_s": round(times[0], 3),
            "warm_median_s": round(statistics.median(warm), 3),
            "warm_max_s": round(max(warm), 3),
        }
        row = results[game]
        print(
            f"{game:<12}{row['hints']:>6}{row['cold_s']:>9.2f}"
            f"{row['warm_median_s']:>15.2f}{row['warm_max_s']:>12.2f}"
        )
    print(f"load average after: {os.getloadavg()[0]:.2f}")
    if args.json:
        args.json.write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
