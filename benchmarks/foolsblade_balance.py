"""Fool's Blade balance with heuristic bots: every design target of the card set, v1 beside v2.

Run ``.venv/bin/python benchmarks/foolsblade_balance.py --games 2000 --players 2 4 6``.
Every seat is the ``medium`` heuristic bot (it chooses its class at random; ``--hard-seat``
puts ``hard`` in seat 0). Each game is summed up in one JSON line (``--out`` keeps them, so a
long run can be split over time and its parts reported together with ``--read``). Printed
per table size, each edition beside the other, with 95% intervals:
- each class's win share when played (a shared win counts 1/k) as a multiple of the fair
  share 1/players: target 0.8-1.25;
- games where some seat completed a full weapon set (all four parts of one set assembled,
  so its bonus counted): target at least 40%;
- the share of turns that chose each destination (Forest, Cavern, Dungeon, Forge, Quest):
  target at least 5% each;
- Boss encounters the players won: target 35-65%;
- dead cards: a card is used (played to some effect, equipped, fought, or struck as a Curse)
  in at least 20% of the games where it was drawn, a play counting only if it mattered
  (``plays_that_mattered``: not negated, not doing nothing, strength only before a fight);
  and how often a play took effect but changed nothing
  (the ``no_effect`` event: a roll too low, a condition that failed), never every time;
- the median length in turns (target 35-60 at 4 players) and games that ended on their own.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import math
import statistics
import sys
import time
from collections import defaultdict
from collections.abc import Iterable
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import parlour
from parlour import bots
from parlour.sim.games.foolsblade import plays_that_mattered

DESTINATIONS = {
    "the Forest": "forest",
    "the Cavern": "cavern",
    "the Dungeon": "dungeon",
    "the Forge": "forge",
    "Questing": "quest",
}
# Kinds of card a player uses (treasures only count, classes are chosen, Boss cards gathered).
USABLE = frozenset({"tavern", "action", "gear", "part", "curse", "monster", "approach"})


def play(task: tuple[int, int, dict[str, Any], bool]) -> dict[str, Any]:
    """One game of bots, summed up: length, classes and returns, destinations, full sets,
    Boss outcomes, and per card whether it was drawn, used, or played to no effect."""
    seed, players, options, hard = task
    state: Any = parlour.load("foolsblade").new_game(players, seed=seed, **options)
    tb = state.table
    seats = [
        bots.make("hard" if hard and s == 0 else "heuristic", seed=seed * 16 + s)
        for s in range(players)
    ]
    stream: list[Any] = list(state.log)
    full_set = False
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        events = state.apply(seats[seat].choose(state))
        stream.extend(events)
        if not full_set and any(e.kind == "equip" for e in events):
            full_set = any(_full(tb, weapon) for weapon in state.weapons)
    summary = _summary(tb, stream)
    view = state.view(None)
    return summary | {
        "seed": seed,
        "players": players,
        "cards": options.get("cards", "v2") or "v1",
        "hard": hard,
        "turns": view["turn"],
        "own_end": view["decks"]["loot"] == 0,
        "classes": [tb.name(tb.index[c]) for c in view["classes"]],
        "returns": state.returns(),
        "full_set": full_set,
    }


def _full(tb: Any, weapon: tuple[int, ...]) -> bool:
    return min(weapon) >= 0 and len({tb.part_set[p] for p in weapon}) == 1


def _summary(tb: Any, stream: list[Any]) -> dict[str, Any]:
    """What the event stream of one game says about destinations, Bosses and cards."""
    turns = 0
    chosen: set[str] = set()
    destinations: dict[str, int] = defaultdict(int)
    bosses: list[tuple[str, bool]] = []
    drawn: set[str] = set()
    used: set[str] = set()
    noop: dict[str, int] = defaultdict(int)
    plays: dict[str, int] = defaultdict(int)
    for e in stream:
        kind = e.kind
        if kind == "turn":
            turns += 1
            chosen = set()
        elif kind == "destination":
            where = DESTINATIONS[e.where]
            if where not in chosen:
                chosen.add(where)
                destinations[where] += 1
        elif kind == "boss_over":
            bosses.append((e.approach, e.players_won))
        elif kind == "draw" and e.cards:
            drawn.update(e.cards)
        elif kind in ("gain", "reveal"):
            drawn.update(e.cards if kind == "gain" else e.kept)
            if kind == "gain" and e.where == "curses":
                used.update(e.cards)
        elif kind == "handle":
            drawn.add(e.card)
        elif kind == "combat":
            drawn.add(e.monster)
            used.add(e.monster)
        elif kind == "approach":
            drawn.add(e.card)
            used.add(e.card)
        elif kind == "equip":
            used.add(e.card)
        elif kind == "play" and not e.ability:
            plays[e.card] += 1
        elif kind == "no_effect" and not e.ability:
            noop[e.card] += 1
    used.update(card for _, card in plays_that_mattered(stream))
    return {
        "turns_counted": turns,
        "destinations": dict(destinations),
        "bosses": bosses,
        "drawn": sorted(c for c in drawn if tb.kind[tb.index[c]] in USABLE),
        "used": sorted(c for c in used if tb.kind[tb.index[c]] in USABLE),
        "plays": dict(plays),
        "noop": dict(noop),
    }


# -- intervals --------------------------------------------------------------------------------


def wilson(successes: float, trials: int) -> tuple[float, float]:
    """The 95% Wilson interval of a proportion."""
    if trials == 0:
        return math.nan, math.nan
    z = 1.96
    p = successes / trials
    centre = (p + z * z / (2 * trials)) / (1 + z * z / trials)
    half = (
        z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials)) / (1 + z * z / trials)
    )
    return centre - half, centre + half


def mean_interval(values: list[float]) -> tuple[float, float, float]:
    """A mean with its 95% normal interval."""
    n = len(values)
    mean = sum(values) / n
    sd = statistics.pstdev(values) if n > 1 else 0.0
    half = 1.96 * sd / math.sqrt(n)
    return mean, mean - half, mean + half


def median_interval(values: list[int]) -> tuple[float, float, float]:
    """A median with its 95% distribution-free interval (order statistics)."""
    ordered = sorted(values)
    n = len(ordered)
    half = 1.96 * math.sqrt(n) / 2
    low = max(0, math.floor(n / 2 - half))
    high = min(n - 1, math.ceil(n / 2 + half))
    return statistics.median(ordered), ordered[low], ordered[high]


# -- the report -------------------------------------------------------------------------------


def figures(games: list[dict[str, Any]]) -> dict[str, Any]:
    """Every target's figure (with its 95% interval) for games of one size and edition."""
    n = len(games)
    players = games[0]["players"]
    fair = 1 / players
    out: dict[str, Any] = {"games": n}
    own = sum(g["own_end"] for g in games)
    out["own_end"] = (own / n, *wilson(own, n))
    out["median_turns"] = median_interval([g["turns"] for g in games])
    by_class: dict[str, list[float]] = defaultdict(list)
    for g in games:
        for seat, chosen in enumerate(g["classes"]):
            if not (g["hard"] and seat == 0):
                by_class[chosen].append(g["returns"][seat])
    out["classes"] = {
        c: (*tuple(x / fair for x in mean_interval(v)), len(v)) for c, v in by_class.items()
    }
    hard = [g["returns"][0] for g in games if g["hard"]]
    if hard:
        out["hard_seat"] = tuple(x / fair for x in mean_interval(hard))
        hard_classes: dict[str, list[float]] = defaultdict(list)
        for g in games:
            hard_classes[g["classes"][0]].append(g["returns"][0])
        out["hard_classes"] = {
            c: (*tuple(x / fair for x in mean_interval(v)), len(v)) for c, v in hard_classes.items()
        }
    full = sum(g["full_set"] for g in games)
    out["full_set"] = (full / n, *wilson(full, n))
    turns = sum(g["turns_counted"] for g in games)
    out["destinations"] = {}
    for where in DESTINATIONS.values():
        k = sum(g["destinations"].get(where, 0) for g in games)
        out["destinations"][where] = (k / turns, *wilson(k, turns))
    encounters: dict[str, list[bool]] = defaultdict(list)
    for g in games:
        for approach, won in g["bosses"]:
            encounters[approach].append(won)
    every = [w for ws in encounters.values() for w in ws]
    out["bosses"] = {"all": (sum(every) / max(1, len(every)), *wilson(sum(every), len(every)))}
    out["boss_counts"] = {"all": len(every)}
    for approach, ws in sorted(encounters.items()):
        out["bosses"][approach] = (sum(ws) / len(ws), *wilson(sum(ws), len(ws)))
        out["boss_counts"][approach] = len(ws)
    drawn: dict[str, int] = defaultdict(int)
    used: dict[str, int] = defaultdict(int)
    plays: dict[str, int] = defaultdict(int)
    noop: dict[str, int] = defaultdict(int)
    for g in games:
        for c in g["drawn"]:
            drawn[c] += 1
        for c in g["used"]:
            used[c] += 1
        for c, k in g["plays"].items():
            plays[c] += k
        for c, k in g["noop"].items():
            noop[c] += k
    out["cards"] = {
        c: (used[c] / d, *wilson(used[c], d), d, plays[c], noop[c]) for c, d in drawn.items()
    }
    return out


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ci(t: tuple[float, ...], pct: bool = True) -> str:
    if pct:
        return f"{_pct(t[0])} ({_pct(t[1])}-{_pct(t[2])})"
    return f"{t[0]:.2f} ({t[1]:.2f}-{t[2]:.2f})"


def report(games: list[dict[str, Any]], out: Any = sys.stdout) -> None:
    """The targets table, per table size, the editions side by side, then the details."""
    groups: dict[tuple[int, str, bool], list[dict[str, Any]]] = defaultdict(list)
    for g in games:
        groups[(g["players"], g["cards"], g["hard"])].append(g)
    sizes = sorted({k[0] for k in groups})
    editions = sorted({k[1] for k in groups})
    for hard in sorted({k[2] for k in groups}):
        for players in sizes:
            found = {
                e: figures(groups[(players, e, hard)])
                for e in editions
                if groups.get((players, e, hard))
            }
            _size_table(players, hard, found, out)


def _size_table(players: int, hard: bool, found: dict[str, dict[str, Any]], out: Any) -> None:
    editions = list(found)
    p = lambda *a: print(*a, file=out)  # noqa: E731
    who = "hard in seat 0, medium elsewhere" if hard else "medium bots"
    games = ", ".join(f"{e}: {f['games']} games" for e, f in found.items())
    p(f"\n### {players} players, {who} ({games})\n")
    p("| target | " + " | ".join(editions) + " |")
    p("|---|" + "---|" * len(editions))

    def row(name: str, cells: Iterable[str]) -> None:
        p(f"| {name} | " + " | ".join(cells) + " |")

    row("class win share ÷ fair, lowest (0.8-1.25)", (_class_end(f, min) for f in found.values()))
    row("class win share ÷ fair, highest", (_class_end(f, max) for f in found.values()))
    row("games with a full weapon set (≥ 40%)", (_ci(f["full_set"]) for f in found.values()))
    for where in DESTINATIONS.values():
        row(f"turns to {where} (≥ 5%)", (_ci(f["destinations"][where]) for f in found.values()))
    row(
        "Boss encounters won (35-65%)",
        (f"{_ci(f['bosses']['all'])} of {f['boss_counts']['all']}" for f in found.values()),
    )
    row("cards used in < 20% of games drawn", (_dead(f) for f in found.values()))
    row("cards played to no effect (times/plays)", (_noops(f) for f in found.values()))
    row(
        "median turns (35-60 at 4 players)",
        (f"{t[0]:.0f} ({t[1]}-{t[2]})" for t in (f["median_turns"] for f in found.values())),
    )
    row("games ended on their own (all)", (_ci(f["own_end"]) for f in found.values()))
    for edition, f in found.items():
        p(f"\n{edition}, class win share ÷ fair (95% interval), games played:")
        for c, t in sorted(f["classes"].items(), key=lambda kv: -kv[1][0]):
            p(f"- {c}: {_ci(t[:3], pct=False)}, {t[3]}")
        if "hard_seat" in f:
            p(f"- hard in seat 0, all classes: {_ci(f['hard_seat'], pct=False)}")
        p(f"{edition}, Boss encounters won by approach:")
        for a, t in f["bosses"].items():
            if a != "all":
                p(f"- {a}: {_ci(t)} of {f['boss_counts'][a]}")
        low = sorted((t[0], c, t[3]) for c, t in f["cards"].items())[:8]
        p(
            f"{edition}, least used cards (used / games drawn): "
            + ", ".join(f"{c} {_pct(u)} of {d}" for u, c, d in low)
        )


def _class_end(f: dict[str, Any], pick: Any) -> str:
    c, t = pick(f["classes"].items(), key=lambda kv: kv[1][0])
    return f"{t[0]:.2f} ({t[1]:.2f}-{t[2]:.2f}) {c}"


def _dead(f: dict[str, Any]) -> str:
    dead = [c for c, t in f["cards"].items() if t[0] < 0.2]
    return f"{len(dead)}" + (f": {', '.join(sorted(dead))}" if dead else "")


def _noops(f: dict[str, Any]) -> str:
    found = [f"{c} {t[5]}/{t[4]}" for c, t in sorted(f["cards"].items()) if t[5]]
    return f"{len(found)}" + (f": {', '.join(found)}" if found else "")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="games per size and edition")
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4, 6])
    parser.add_argument("--cards", nargs="+", default=["v1", "v2"], help="editions or folders")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--seed", type=int, default=1, help="the first game's seed")
    parser.add_argument("--hard-seat", action="store_true", help="hard in seat 0")
    parser.add_argument("--out", type=Path, help="append each game's summary (JSON lines)")
    parser.add_argument("--read", type=Path, nargs="+", help="report these JSON lines files")
    args = parser.parse_args()
    if args.read:
        games = [json.loads(line) for path in args.read for line in path.open()]
        report(games)
        return
    tasks = [
        (args.seed + g, players, {"cards": cards}, args.hard_seat)
        for cards in args.cards
        for players in args.players
        for g in range(args.games)
    ]
    began = time.perf_counter()
    games: list[dict[str, Any]] = []
    # Each game is written as it ends, so that a long run stopped early keeps what it played
    # (a game with `hard` takes minutes: it is not held back until three more have ended).
    chunk = 1 if args.hard_seat else 4
    with ProcessPoolExecutor(max_workers=args.jobs) as pool, _sink(args.out) as sink:
        for game in pool.map(play, tasks, chunksize=chunk):
            games.append(game)
            if sink is not None:
                sink.write(json.dumps(game) + "\n")
                sink.flush()
    print(f"{len(games)} games in {time.perf_counter() - began:.0f} s")
    report(games)


def _sink(path: Path | None) -> Any:
    """The JSON lines file to append to, or a context holding ``None``."""
    return path.open("a") if path is not None else contextlib.nullcontext()


if __name__ == "__main__":
    main()
