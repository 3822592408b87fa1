"""The batched Fearless engine against OpenSpiel's C++ Hearts and our object engine, same run.

Run: ``.venv/bin/python benchmarks/fast.py [--rounds N] [--burst S]`` (OpenSpiel comes with
the ``bench`` extra). Random games are played in bursts taken in turn across the subjects and
the best burst of each is kept, as in ``speed.py``; quote the ratios. The batched engine's
bursts call ``parlour.fast.fearless.simulate`` (chunks of 16,384 games, per-round figures
included); Hearts and the object engine are driven by ``speed.py``'s Python loop.
"""

from __future__ import annotations

import argparse
import time

from parlour.fast.fearless import CHUNK, simulate
from speed import Subject, burst_playouts, hearts_subject, parlour_subject

TARGET_RATIO = 10.0  # issue 13: at least 10x OpenSpiel's C++ Hearts in decisions a second


def burst_batched(players: int, best: dict[int, float], seconds: float, seed: int) -> None:
    """Batched random games for about ``seconds``: the best decisions a second so far."""
    decisions = 0
    began = time.perf_counter()
    while time.perf_counter() - began < seconds:
        decisions += simulate(games=CHUNK, players=players, seed=seed)["decisions"]
        seed += 1
    rate = decisions / (time.perf_counter() - began)
    best[players] = max(best.get(players, 0.0), rate)


def main() -> None:
    """Print the table and the ratio to OpenSpiel's Hearts."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="bursts per figure (best kept)")
    parser.add_argument("--burst", type=float, default=2.0, help="seconds per burst")
    args = parser.parse_args()
    hearts = hearts_subject()
    objects = [parlour_subject("fearless", 4)]
    loops: list[Subject] = objects if hearts is None else [*objects, hearts]
    batched: dict[int, float] = {}
    simulate(games=64, players=4)  # imports and first-use costs out of the timing
    for number in range(1, args.rounds + 1):
        print(f"round {number} of {args.rounds} ...", flush=True)
        for players in (3, 4, 5):
            burst_batched(players, batched, args.burst, seed=number * 100)
        for subject in loops:
            burst_playouts(subject, args.burst)
    print()
    print("| engine | decisions/s |")
    print("|---|---|")
    for players, rate in batched.items():
        print(f"| parlour.fast.fearless, {players} players | {rate:,.0f} |")
    for subject in loops:
        print(f"| {subject.label} (Python loop) | {subject.best['decisions/s']:,.0f} |")
    if hearts is None:
        print("\nOpenSpiel is not installed (pip install -e '.[bench]'): no ratio")
        return
    ratio = batched[4] / hearts.best["decisions/s"]
    verdict = "met" if ratio >= TARGET_RATIO else "NOT met"
    print(
        f"\nBatched Fearless 4p against OpenSpiel's C++ Hearts in this run: x{ratio:.1f} "
        f"(target x{TARGET_RATIO:.0f}: {verdict}); against the object engine: "
        f"x{batched[4] / objects[0].best['decisions/s']:.1f}"
    )


if __name__ == "__main__":
    main()
