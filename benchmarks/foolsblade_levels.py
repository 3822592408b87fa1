"""Fool's Blade's levels against each other: each level, one seat, against three of the level below.

Run ``.venv/bin/python benchmarks/foolsblade_levels.py --games 400 --hard-games 40``. Plays
`easy` against three `random`, `medium` against three `easy` (``--games`` each) and `hard`
against three `medium` (``--hard-games``), 4 players, on duplicate deals (every deal once from
each seat), ``--seed`` 1, on ``--jobs`` processes (1), each pairing's games written to
``--out-dir`` as they end; then a Markdown table: games, win share with its 95% interval
(``parlour.sim.tournament``: deals as the samples), and the level's seconds a decision, over
the decisions with a real choice (a lone legal action takes no thought), by the wall clock of
the games and, measured apart on ``--speed`` positions of `medium` games, by the process's CPU
clock (which a busy machine does not inflate). ``--read FILE ...`` prints the rows of games
already played (complete deals only, so a run stopped early still counts), and
``--pairings`` picks pairings.
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import parlour
from parlour import bots
from parlour.sim.tournament import GameResult, parse_bots, run, schedule, summarize

PAIRINGS = {
    "easy": "easy,random,random,random",
    "medium": "medium,easy,easy,easy",
    "hard": "hard,medium,medium,medium",
}


def real_decisions(result: GameResult, seat: int) -> int:
    """How many of ``seat``'s decisions in a game had more than one legal action."""
    record = result.record
    state = parlour.load(record["game"]).new_game(
        record["players"], seed=record["seed"], **record["options"]
    )
    count = 0
    for action in record["actions"]:
        if state.current_player == seat and len(state.legal_actions()) > 1:
            count += 1
        state.apply(action)
    return count


def read(path: Path) -> list[GameResult]:
    """The games of a ``--out`` file, whole deals only."""
    results = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        row["seats"] = tuple(row["seats"])
        results.append(GameResult(**row))
    players = len(results[0].seats) if results else 1
    deals: dict[int, int] = {}
    for r in results:
        deals[r.deal] = deals.get(r.deal, 0) + 1
    return [r for r in results if deals[r.deal] == players]


def cpu_per_decision(level: str, positions: int, seed: int) -> float:
    """The level's mean CPU seconds on ``positions`` real decisions of 4-player `medium` games."""
    spent = 0.0
    found = 0
    game = 0
    while found < positions:
        state = parlour.load("foolsblade").new_game(4, seed=seed + game)
        seats = [bots.make("medium", seed=seed + game * 8 + s) for s in range(4)]
        bot = bots.make(level, seed=seed + game)
        step = 0
        while not state.is_over and found < positions:
            seat = state.current_player
            assert seat is not None
            # Every 25th decision with a choice: positions spread over the game.
            if len(state.legal_actions()) > 1 and step % 25 == 0:
                start = time.process_time()
                bot.choose(state)
                spent += time.process_time() - start
                found += 1
            step += 1
            state.apply(seats[seat].choose(state))
        game += 1
    return spent / positions


def row(level: str, results: list[GameResult], cpu: float | None) -> str:
    """One Markdown row: the level against the level below."""
    [summary] = [s for s in summarize(results) if s.label.split(":")[0] == level]
    think = 0.0
    real = 0
    for r in results:
        for seat, label in enumerate(r.seats):
            if label.split(":")[0] == level:
                think += r.think_seconds[seat]
                real += real_decisions(r, seat)
    deals = len({r.deal for r in results})
    rivals = PAIRINGS[level].split(",")[1]
    cpu_text = "" if cpu is None else f"{cpu:.3f}"
    return (
        f"| `{level}` vs 3 `{rivals}` | {len(results)} ({deals} deals) "
        f"| **{summary.win_share:.1%}** | {summary.ci_low:.1%}-{summary.ci_high:.1%} "
        f"| {think / max(1, real):.3f} | {cpu_text} |"
    )


def main() -> None:
    """Play (or read) the pairings and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--hard-games", type=int, default=40)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--pairings", nargs="+", choices=list(PAIRINGS), default=list(PAIRINGS))
    parser.add_argument("--speed", type=int, default=20, help="positions for the CPU clock")
    parser.add_argument("--jobs", type=int, default=1, help="processes playing the games")
    parser.add_argument("--out-dir", type=Path, default=Path("."))
    parser.add_argument("--read", type=Path, nargs="+", help="rows of --out files already played")
    args = parser.parse_args()
    print("| pairing (4 players) | games | win share | 95% CI | s/decision, wall | CPU |")
    print("| --- | --- | --- | --- | --- | --- |")
    if args.read:
        for path in args.read:
            results = read(path)
            # The level tested is the bot that holds one seat.
            labels = [label.split(":")[0] for label in results[0].seats]
            [level] = [name for name in labels if labels.count(name) == 1]
            print(row(level, results, None))
        return
    for level in args.pairings:
        games = args.hard_games if level == "hard" else args.games
        matches = schedule("foolsblade", parse_bots(PAIRINGS[level]), games, args.seed)
        path = args.out_dir / f"foolsblade-{level}.jsonl"
        with path.open("w", encoding="utf-8") as out:
            results = run(matches, args.jobs, out=out)
        cpu = cpu_per_decision(level, args.speed, args.seed) if args.speed else None
        print(row(level, results, cpu), flush=True)


if __name__ == "__main__":
    main()
