"""Hints you can trust: Learn games played by always taking the top hint, against the same
seat played by ``medium`` on the same deals, and how often the analysis marks a hint's move.

Run: ``nice -n 5 .venv/bin/python benchmarks/hint_games.py [--games 20] [--first 0] [--jobs 1]
[--check-seed 1] [--check-every 4] [--json out.jsonl] [--reuse old.jsonl]``; ``--report
out.jsonl`` prints the figures of the games a run (perhaps cut short) wrote there;
``--reuse old.jsonl`` takes the ``medium`` arm's games from an earlier run's ``--json``
instead of playing them again (the deals and the bots' moves do not depend on the hints, so
they are the same games while the bots are unchanged); ``--first N`` plays deals N to
N + games - 1, to add deals to an earlier run (``--report`` on the two files put together).

Each game is a Learn table of Fool's Blade (3 players, ``easy`` bots at seats 1 and 2, each
bot move seeded as the server seeds it) played twice from the same seed: once with seat 0
taking the first move of every hint (``parlour.server.hints.advice``, the server's settings
with the table's seats: seat 0 a person, so ``medium``, and two ``easy``), once with seat 0
playing ``medium``'s moves as the hint's steady move is seeded (``steady_move``), so the two
arms are the same game until the hint leaves ``medium``'s move, and a deal's paired difference
comes of those decisions alone. Reported: each arm's win share (seat 0's ``returns()``) with a
95% interval, the paired difference, and, for the hint arm, the share of its moves that the
analysis marks: with the same settings (the server's post-game analysis of that game), and with
another analysis seed (``--check-seed``: other worlds, so an independent second opinion, asked
of every ``--check-every``-th move: it costs a hint's time again). Also the processor time of a
hint. ``--json`` gets one line a game as each ends, so a run cut short keeps what it played.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import time
from concurrent.futures import ProcessPoolExecutor, as_completed
from dataclasses import asdict, dataclass, replace
from pathlib import Path

from rich.console import Console
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn
from rich.table import Table

import parlour
from parlour import bots
from parlour.analysis import judge_position, play_outs
from parlour.core import State, derive_seed
from parlour.server.hints import advice, seat_levels, settings_for, steady_move

GAME = "foolsblade"
PLAYERS = 3
LEARN_BOT = "easy"  # lobby.js, learn(): every other seat
Z95 = 1.959963984540054


@dataclass(frozen=True)
class Played:
    """One game of one arm: seat 0's result, and for the hint arm its moves judged."""

    result: float
    decisions: int
    marked: int
    checked: int
    marked_elsewhere: int
    equips: int
    hint_seconds: float
    hint_seconds_max: float
    # Hints that drew the extra worlds (``Settings.confirm``; ``None``: an older run's file).
    confirmed: int | None = None
    # Top hints that are not ``medium``'s move (``None``: an older run's file).
    left: int | None = None


def bot_move(state: State, level: str, seed: int) -> str:
    """``level``'s move, seeded as the server seeds a bot (``botpool.think``)."""
    seat = state.current_player
    assert seat is not None
    player = bots.make(level, seed=derive_seed(seed, seat, state.move_number))
    return str(player.choose(state))


def play(index: int, hinted: bool, check_seed: int | None, check_every: int) -> Played:
    """Game ``index``: seat 0 follows the top hint (``hinted``) or plays ``medium``."""
    seed = derive_seed("hint-games", index) % 2**32
    state = parlour.load(GAME).new_game(PLAYERS, seed=seed)
    settings = settings_for(GAME, seats=seat_levels([None] + [LEARN_BOT] * (PLAYERS - 1)))
    decisions = marked = checked = elsewhere = equips = confirmed = left = 0
    spent: list[float] = []
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        legal = state.legal_actions()
        if seat != 0:
            text = bot_move(state, LEARN_BOT, seed)
        elif len(legal) == 1:
            text = legal[0].text
        elif hinted:
            started = time.process_time()
            playouts = play_outs(state, settings)
            text = advice(state, playouts, settings.seed)[0].action
            left += text != state.resolve(steady_move(state, settings.seed)).text
            spent.append(time.process_time() - started)
            decisions += 1
            confirmed += len(playouts.results) > settings.iterations
            marked += playouts.judge(text).verdict is not None
            if check_seed is not None and decisions % check_every == 0:
                other = judge_position(state, text, replace(settings, seed=check_seed))
                checked += 1
                elsewhere += other.verdict is not None
        else:
            text = steady_move(state, settings.seed)
        equips += seat == 0 and text.startswith("equip ")
        state.apply(text)
    return Played(
        state.returns()[0],
        decisions,
        marked,
        checked,
        elsewhere,
        equips,
        sum(spent),
        max(spent, default=0.0),
        confirmed,
        left,
    )


def share(values: list[float]) -> str:
    """The mean of ``values`` with its 95% half-width (normal)."""
    mean = sum(values) / len(values)
    if len(values) < 2:
        return f"{mean:.2f}"
    spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1) / len(values))
    return f"{mean:.2f} ± {Z95 * spread:.2f}"


def report(console: Console, hinted: dict[int, Played], steady: dict[int, Played]) -> None:
    """The figures of the games both arms finished."""
    games = sorted(set(hinted) & set(steady))
    table = Table(title=f"{len(games)} Learn games of Fool's Blade, seat 0 against 2 easy bots")
    for column in ("seat 0 plays", "win share (95%)", "equips a game"):
        table.add_column(column)
    for name, arm in (("the top hint", hinted), ("medium", steady)):
        table.add_row(
            name,
            share([arm[g].result for g in games]),
            f"{sum(arm[g].equips for g in games) / len(games):.1f}",
        )
    console.print(table)
    console.print(
        "hint minus medium, paired by deal:",
        share([hinted[g].result - steady[g].result for g in games]),
    )
    for name, better in (("the hint", hinted), ("medium", steady)):
        worse = steady if better is hinted else hinted
        ahead = [g for g in games if better[g].result > worse[g].result]
        console.print(f"deals where {name} did better: {ahead}")
    decisions = sum(hinted[g].decisions for g in games)
    marked = sum(hinted[g].marked for g in games)
    console.print(f"hint-top moves the analysis marks (same settings): {marked} of {decisions}")
    checked = sum(hinted[g].checked for g in games)
    elsewhere = sum(hinted[g].marked_elsewhere for g in games)
    console.print(f"... marked by an analysis with another seed: {elsewhere} of {checked}")
    counted = [hinted[g].confirmed for g in games]
    if None not in counted:
        confirmed = sum(c for c in counted if c is not None)
        console.print(f"hints that drew the extra worlds: {confirmed} of {decisions}")
    lefts = [hinted[g].left for g in games]
    if None not in lefts:
        console.print(f"top hints that leave medium's move: {sum(n or 0 for n in lefts)}")
    seconds = sum(hinted[g].hint_seconds for g in games)
    console.print(
        f"a hint's processor time: mean {seconds / decisions:.2f} s, "
        f"largest {max(hinted[g].hint_seconds_max for g in games):.2f} s"
    )


def read(path: Path, hinted: dict[int, Played], steady: dict[int, Played]) -> None:
    """The games a ``--json`` file holds, into each arm's dictionary."""
    for line in path.read_text().splitlines():
        data = json.loads(line)
        index, arm = data.pop("game"), data.pop("arm")
        (hinted if arm == "hint" else steady)[index] = Played(**data)


def main() -> None:
    """Play the games and print the figures (or, with ``--report``, those of a ``--json``)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--first", type=int, default=0, help="the first deal's number")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--check-seed", type=int, default=1, help="-1: no second opinion")
    parser.add_argument("--check-every", type=int, default=4)
    parser.add_argument("--json", type=Path, help="also write each game's figures here")
    parser.add_argument("--report", type=Path, help="only report the games of this --json file")
    parser.add_argument("--reuse", type=Path, help="the medium arm's games from this --json file")
    args = parser.parse_args()
    console = Console()
    hinted: dict[int, Played] = {}
    steady: dict[int, Played] = {}
    if args.report:
        read(args.report, hinted, steady)
        report(console, hinted, steady)
        return
    if args.reuse:
        read(args.reuse, {}, steady)
        deals = range(args.first, args.first + args.games)
        steady = {index: steady[index] for index in deals if index in steady}
        console.print(f"the medium arm's games taken from {args.reuse}: {len(steady)}")
        if args.json:
            with args.json.open("a") as out:
                for index, played in sorted(steady.items()):
                    line = {"game": index, "arm": "medium", **asdict(played)}
                    out.write(json.dumps(line) + "\n")
    check = None if args.check_seed < 0 else args.check_seed
    console.print(f"load average before: {os.getloadavg()[0]:.2f}")
    started = time.monotonic()
    columns = (TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn())
    with (
        ProcessPoolExecutor(args.jobs) as pool,
        Progress(*columns, TimeRemainingColumn(), console=console) as progress,
    ):
        wanted = [
            (index, arm)
            for index in range(args.first, args.first + args.games)
            for arm in (True, False)
            if arm or index not in steady
        ]
        task = progress.add_task("games", total=len(wanted))
        futures = {
            pool.submit(play, index, arm, check, args.check_every): (index, arm)
            for index, arm in wanted
        }
        for future in as_completed(futures):
            index, arm = futures[future]
            played = (hinted if arm else steady)[index] = future.result()
            progress.advance(task)
            if args.json:
                line = {"game": index, "arm": "hint" if arm else "medium", **asdict(played)}
                with args.json.open("a") as out:
                    out.write(json.dumps(line) + "\n")
    report(console, hinted, steady)
    console.print(
        f"wall time {time.monotonic() - started:.0f} s; load average after: "
        f"{os.getloadavg()[0]:.2f}"
    )


if __name__ == "__main__":
    main()
