"""Instructions a decision of the speed benchmark's random loop, counted by callgrind.

Wall and CPU time swing with the load of a shared machine; the instructions a program runs
do not (they repeat to 0.1% under any load), so they are the measure for the before and
after of engine work. Runs the loop of ``speed.py`` under ``valgrind --tool=callgrind``
twice, once for the games and once for none, so that Python's start-up drops out.

    .venv/bin/python benchmarks/instructions.py citadels 4 --games 100
"""

from __future__ import annotations

import argparse
import re
import shutil
import subprocess
import sys

import parlour
from parlour.core import Rng


def play(name: str, players: int, games: int) -> int:
    """The speed benchmark's loop: random games from seed 1; returns the decisions made."""
    game = parlour.load(name)
    rng = Rng(1)
    decisions = 0
    for _ in range(games):
        state = game.new_game(players, seed=rng.below(1 << 32))
        while not state.is_over:
            actions = state.legal_actions()
            state.apply(actions[rng.below(len(actions))])
            decisions += 1
    return decisions


def counted(name: str, players: int, games: int) -> tuple[int, int]:
    """(instructions, decisions) of ``play`` run under callgrind in a fresh interpreter."""
    command = [
        "valgrind",
        "--tool=callgrind",
        "--callgrind-out-file=/dev/null",
        sys.executable,
        __file__,
        name,
        str(players),
        "--games",
        str(games),
        "--inner",
    ]
    done = subprocess.run(command, capture_output=True, text=True, check=True)
    total = re.search(r"Collected : (\d+)", done.stderr)
    if total is None:
        raise SystemExit(f"callgrind printed no total: {done.stderr[-500:]}")
    return int(total.group(1)), int(done.stdout.split()[0])


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("game")
    parser.add_argument("players", type=int)
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--inner", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.inner:
        print(play(args.game, args.players, args.games))
        return 0
    if shutil.which("valgrind") is None:
        raise SystemExit("valgrind is not installed (apt-get install valgrind)")
    total, decisions = counted(args.game, args.players, args.games)
    start_up, _ = counted(args.game, args.players, 0)
    print(
        f"{args.game} {args.players}p, {args.games} games: {decisions} decisions, "
        f"{(total - start_up) // decisions:,} instructions a decision"
    )
    return 0


if __name__ == "__main__":
    sys.exit(main())
