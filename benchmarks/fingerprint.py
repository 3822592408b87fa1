"""Fingerprint random games, to show that an engine change keeps the same games move for move.

Plays seeded random games of each game and player count and hashes everything a user can
see: every legal set, the action taken (as an object or its text), the events for every
reader and their sentences, the views of every seat, determinizations and clones played
on, scores, winners, returns, records and logs. Run it before a change with ``--out
before.json`` and after it with ``--check before.json``: any difference names the game and
player count whose games changed.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import parlour
from parlour.core import Rng, State

# Seeds a game and how often (in decisions) its views, determinizations and clones are
# hashed: a Fool's Blade game is about twenty times as long as a Citadels one.
PLAN = {"citadels": (range(12), 7), "foolsblade": (range(4), 53), "fearless": (range(6), 11)}
MOVES_ON_COPIES = 5


def fingerprint(name: str, players: int, seeds: range, every: int, **options: Any) -> str:
    """The SHA-256 of everything seen in the given seeded random games."""
    game = parlour.load(name)
    digest = hashlib.sha256()
    readers: list[int | None] = [None, *range(players)]
    names = [f"N{i}" for i in range(players)]

    def put(value: object) -> None:
        digest.update(json.dumps(value, sort_keys=True, default=str).encode())

    def play_on(copy: State, seed: int) -> None:
        rng = Rng(seed)
        for _ in range(MOVES_ON_COPIES):
            if copy.is_over:
                break
            legal = copy.legal_actions()
            put([event.to_dict() for event in copy.apply(legal[rng.below(len(legal))])])
        put(copy.view(None))

    for seed in seeds:
        rng = Rng(seed * 7919 + players)
        state = game.new_game(players, seed=seed, **options)
        for event in state.log:
            put([event.to_dict(reader) for reader in readers])
        step = 0
        while not state.is_over:
            legal = state.legal_actions()
            put([action.text for action in legal])
            if step % every == 0:
                put([state.view(reader) for reader in readers])
                world = state.determinize(step % players, seed + step)
                put([world.view(seat) for seat in range(players)])
                play_on(state.clone(), step)
                play_on(world, step)
            action = legal[rng.below(len(legal))]
            # Every third move goes in as text, so the parser is fingerprinted too.
            events = state.apply(action if step % 3 else action.text)
            put(action.text)
            for event in events:
                put([event.to_dict(reader) for reader in readers])
                put(event.render(names))
            step += 1
        put([state.scores(), state.winners(), state.returns(), state.record()])
        put([event.text for event in state.log])
        put([[event.to_dict() for event in state.log_for(reader)] for reader in readers])
    return digest.hexdigest()


def fingerprints(games: list[str]) -> dict[str, str]:
    """Fingerprints by ``game-players`` (and ``citadels-N-gw`` with the Great Wall, and
    ``foolsblade-N-v2`` and ``-v3`` with the second and third editions of its cards)."""
    out: dict[str, str] = {}
    for name in games:
        game = parlour.load(name)
        seeds, every = PLAN.get(name, (range(4), 11))
        # Fool's Blade's first edition keeps the keys it had before the second one existed,
        # so that a check against older fingerprints shows it still plays move for move.
        options = {"cards": "v1"} if name == "foolsblade" else {}
        for players in range(game.min_players, game.max_players + 1):
            out[f"{name}-{players}"] = fingerprint(name, players, seeds, every, **options)
            print(f"{name} {players}p {out[f'{name}-{players}'][:16]}", flush=True)
            if name == "foolsblade":
                # Every later edition is named in its key, so that a new default edition
                # changes no existing key.
                for edition in ("v2", "v3"):
                    key = f"{name}-{players}-{edition}"
                    out[key] = fingerprint(name, players, seeds, every, cards=edition)
            if name == "citadels":
                key = f"{name}-{players}-gw"
                out[key] = fingerprint(name, players, range(100, 106), 5, great_wall=True)
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=sorted(PLAN), help="games to play")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--out", type=Path, help="write the fingerprints to this JSON file")
    group.add_argument("--check", type=Path, help="compare with fingerprints written before")
    args = parser.parse_args()
    found = fingerprints(args.games)
    if args.out:
        args.out.write_text(json.dumps(found, indent=1) + "\n")
        return 0
    before = json.loads(args.check.read_text())
    changed = [key for key in found if key in before and before[key] != found[key]]
    new = [key for key in found if key not in before]
    if new:
        print(f"new (not in {args.check}): {', '.join(new)}")
    if changed:
        print(f"changed: {', '.join(changed)}")
        return 1
    print(f"the same games, move for move ({len(found)} fingerprints)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
