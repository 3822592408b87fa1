"""Record golden games: ``python tests/golden/regenerate.py [GAME ...]`` (default: all).

Each file keeps a game's record, final scores, winners and log text. The golden test
replays the record and compares, so any change to the rules shows up as a diff here:
regenerate only when the change is meant, and read the diff.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import parlour
from parlour import bots

HERE = Path(__file__).parent
SEEDS = (1, 2)


def golden(name: str, players: int, seed: int) -> dict[str, object]:
    """A game between heuristic bots, with what the golden test compares."""
    state = parlour.load(name).new_game(players, seed=seed)
    seats = [bots.make("heuristic", seed=seed * 10 + seat) for seat in range(players)]
    while not state.is_over:
        # Not over, so a seat is to move.
        state.apply(seats[state.current_player].choose(state))  # type: ignore[index]
    return {
        "record": state.record(),
        "scores": state.scores(),
        "winners": state.winners(),
        "log": [event.text for event in state.log],
    }


def main(names: list[str]) -> None:
    for name in names or parlour.game_names():
        game = parlour.load(name)
        for players in range(game.min_players, game.max_players + 1):
            for seed in SEEDS:
                path = HERE / f"{name}-{players}p-seed{seed}.json"
                path.write_text(json.dumps(golden(name, players, seed), indent=1) + "\n")
                print(path.name)


if __name__ == "__main__":
    main(sys.argv[1:])
