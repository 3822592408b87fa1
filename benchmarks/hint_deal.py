"""One deal of ``hint_games.py`` looked into, decision by decision.

Every hinted decision of seat 0 is recorded, and those where the hint left ``medium``'s move
are played to the end.

Run: ``nice -n 19 .venv/bin/python benchmarks/hint_deal.py 6 --json deal6.json [--games 200]``.
The hint arm of deal ``index`` is played as ``hint_games.play`` plays it, and each decision
with more than one legal move is written to ``--json`` (seat 0's view, the hint's moves by
rank with their values and errors, the worlds drawn, ``steady_move`` and the ``medium`` bot's
move there, the move taken); a second run reads that file instead of playing again. Then,
at each decision where the hint did not take the ``medium`` bot's move, every legal move is
played to the end of the game ``--games`` times, seat 0 going on as ``medium`` and the other
seats as ``easy``, each time with other bot seeds: once from the real position (the hidden
cards as they are), once from worlds seat 0 cannot tell from it (``determinize``). Those are
the chances to win that the hint's cut playouts estimate; each difference between two moves
is paired (the same bot seeds and worlds) and shown with its standard error. ``--along 40``
instead follows seat 0's chance in the real deal (``--games`` games, ``medium`` going on)
every 40 moves from the first move where the hint left ``medium``'s.
"""

from __future__ import annotations

import argparse
import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import Any

import parlour
from hint_games import GAME, LEARN_BOT, PLAYERS, bot_move
from parlour.analysis import play_outs
from parlour.core import State, derive_seed
from parlour.server.hints import WORLDS, advice, seat_levels, settings_for


def new_deal(index: int) -> tuple[State, int]:
    """Deal ``index`` of ``hint_games.py``, and its seed."""
    seed = derive_seed("hint-games", index) % 2**32
    return parlour.load(GAME).new_game(PLAYERS, seed=seed), seed


def record(index: int) -> dict[str, Any]:
    """The hint arm of deal ``index`` (as ``hint_games.play``), each seat 0 decision kept."""
    state, seed = new_deal(index)
    settings = settings_for(GAME, seats=seat_levels([None] + [LEARN_BOT] * (PLAYERS - 1)))
    moves: list[str] = []
    decisions: list[dict[str, Any]] = []
    while not state.is_over:
        seat = state.current_player
        legal = state.legal_actions()
        if seat != 0:
            text = bot_move(state, LEARN_BOT, seed)
        elif len(legal) == 1:
            text = legal[0].text
        else:
            playouts = play_outs(state, settings)
            hint = advice(state, playouts, settings.seed)
            text = hint[0].action
            decisions.append(
                {
                    "index": len(moves),
                    "view": state.view(0),
                    "worlds": len(playouts.results),
                    "hint": [entry.to_json() for entry in hint],
                    "medium": bot_move(state, "medium", seed),
                    "taken": text,
                }
            )
        moves.append(text)
        state.apply(text)
    return {"deal": index, "returns": state.returns(), "moves": moves, "decisions": decisions}


def bot_seed(game: int) -> int:
    """The bots' seed of play-out game ``game``."""
    return derive_seed("hint-deal", game) % 2**32


def finish(state: State, seed: int) -> float:
    """Seat 0's result when the game goes on from ``state``, seat 0 ``medium``, the rest
    ``easy``, the bots seeded from ``seed``."""
    while not state.is_over:
        level = "medium" if state.current_player == 0 else LEARN_BOT
        state.apply(bot_move(state, level, seed))
    return state.returns()[0]


def played_out(state: State, games: int, world: Callable[[State, int], State]) -> list[list[float]]:
    """For each of ``games`` bot seeds, seat 0's result after each legal move of ``state``
    played from ``world(state, game)``."""
    rows = []
    for game in range(games):
        seed = bot_seed(game)
        start = world(state, game)
        row = []
        for action in state.legal_actions():
            after = start.clone()
            after.apply(action.text)
            row.append(finish(after, seed))
        rows.append(row)
    return rows


def real(state: State, game: int) -> State:
    """The real position (the hidden cards as they are), whatever the game."""
    return state


def unseen(state: State, game: int) -> State:
    """A world seat 0 cannot tell from ``state``, one a game."""
    return state.determinize(0, derive_seed("world", game))


def standard_error(samples: list[float]) -> float:
    """The standard error of the mean of ``samples``."""
    mean = sum(samples) / len(samples)
    return math.sqrt(sum((x - mean) ** 2 for x in samples) / (len(samples) - 1) / len(samples))


def along(game: dict[str, Any], step: int, games: int) -> None:
    """Seat 0's chance to win the real deal, ``medium`` going on (``games`` bot seeds), and
    the scores, every ``step`` moves of ``game`` from the first move that left ``medium``'s."""
    state, _ = new_deal(game["deal"])
    left = [d["index"] for d in game["decisions"] if d["taken"] != d["medium"]]
    for index, text in enumerate(game["moves"]):
        if left and index > left[0] and (index - left[0]) % step == 0:
            results = [finish(state.clone(), bot_seed(game)) for game in range(games)]
            chance = sum(results) / games
            print(f"move {index}: scores {state.view(0)['scores']}, chance {chance:.3f}")
        state.apply(text)


def main() -> None:
    """Record (or read) the deal's hinted decisions, then play out those that left medium's
    (or, with ``--along``, follow seat 0's chance through the game)."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("deal", type=int)
    parser.add_argument("--json", type=Path, required=True, help="the decisions (read if there)")
    parser.add_argument("--games", type=int, default=200)
    parser.add_argument("--along", type=int, help="instead: seat 0's chance every this many moves")
    args = parser.parse_args()
    if args.json.exists():
        game = json.loads(args.json.read_text())
    else:
        game = record(args.deal)
        args.json.write_text(json.dumps(game))
    decisions = game["decisions"]
    print(f"deal {args.deal}: seat 0's result {game['returns'][0]}, {len(decisions)} decisions,")
    print(f"  {sum(d['worlds'] > WORLDS for d in decisions)} of them drew the extra worlds")
    if args.along:
        along(game, args.along, args.games)
        return
    state, _ = new_deal(args.deal)
    done = 0
    for decision in decisions:
        for text in game["moves"][done : decision["index"]]:
            state.apply(text)
        done = decision["index"]
        if decision["taken"] == decision["medium"]:
            continue
        print(f"move {done}: took {decision['taken']!r}, medium {decision['medium']!r}")
        for entry in decision["hint"]:
            chance, error = entry["win_chance"], entry["error"]
            print(f"  {entry['action']}: {chance:.3f} ± {error:.3f}, rank {entry['rank']}")
        legal = [action.text for action in state.legal_actions()]
        for name, world in (("the real deal", real), ("seat 0's worlds", unseen)):
            rows = played_out(state, args.games, world)
            means = [sum(row[i] for row in rows) / len(rows) for i in range(len(legal))]
            print(
                f"  played to the end, {name}: "
                + ", ".join(f"{text} {mean:.3f}" for text, mean in zip(legal, means, strict=True))
            )
            taken = legal.index(decision["taken"])
            for i, text in enumerate(legal):
                if i != taken:
                    gap = [row[taken] - row[i] for row in rows]
                    mean, error = sum(gap) / len(gap), standard_error(gap)
                    print(f"    taken minus {text}: {mean:+.3f} ± {error:.3f}")


if __name__ == "__main__":
    main()
