"""Fool's Blade: one class forced on one seat, `medium` in every seat, its win share of fair.

Run ``.venv/bin/python benchmarks/foolsblade_forced.py sellsword --players 4 --games 2000
[--cards v3] [--seed 1] [--jobs 2]``. Game ``i`` (seeds ``--seed`` up) forces the class on
seat ``i mod players`` (so each seat chooses first, second... in turn): that seat takes it
whenever ``choose CLASS`` is among its moves, and the game counts only where it did (another
seat, choosing before it, may have taken it; the class choice may not offer it). Every other
decision is `medium`'s, and the other seats take their classes as `medium` does, at random.
Prints the class's win share (a shared win counts 1/k) as a multiple of the fair share, with
its 95% normal interval: a check of a balance run's class figure near the ends of the range,
where a class played by every seat in turn (``foolsblade_balance.py``) mixes it with chance.
"""

from __future__ import annotations

import argparse
import os
from concurrent.futures import ProcessPoolExecutor

import parlour
from parlour import bots
from parlour.sim.stats import mean


def play(task: tuple[int, int, str, str]) -> float | None:
    """Game ``seed`` with ``name`` forced on its seat: that seat's return, or ``None`` if the
    seat never had the class to take."""
    seed, players, cards, name = task
    state = parlour.load("foolsblade").new_game(players, seed=seed, cards=cards)
    forced = seed % players
    seats = [bots.make("medium", seed=seed * 16 + s) for s in range(players)]
    took = False
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        wanted = f"choose {name}"
        if seat == forced and not took and wanted in (a.text for a in state.legal_actions()):
            state.apply(wanted)
            took = True
            continue
        state.apply(seats[seat].choose(state))
    return state.returns()[forced] if took else None


def main() -> None:
    """Play the games and print the class's share of fair."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("name", help="the class's id (`parlour cards foolsblade --deck classes`)")
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--games", type=int, default=2000)
    parser.add_argument("--cards", default="v3")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--jobs", type=int, default=2)
    args = parser.parse_args()
    tasks = [
        (s, args.players, args.cards, args.name) for s in range(args.seed, args.seed + args.games)
    ]
    with ProcessPoolExecutor(args.jobs) as pool:
        kept = [r for r in pool.map(play, tasks, chunksize=10) if r is not None]
    if len(kept) < 2:
        raise SystemExit(f"{args.name} was taken in {len(kept)} games: too few to measure")
    share, fair = mean(kept), 1 / args.players
    print(
        f"{args.name} forced at {args.players} players ({args.cards}, seeds {args.seed}-"
        f"{args.seed + args.games - 1}): taken in {len(kept)} of {args.games} games; "
        f"{share.value / fair:.2f} ({share.low / fair:.2f}-{share.high / fair:.2f}) of fair; "
        f"load average {os.getloadavg()[0]:.1f}"
    )


if __name__ == "__main__":
    main()
