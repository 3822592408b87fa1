"""Where Fool's Blade's flat search leaves `medium`'s choice, and how sure it is.

Run ``.venv/bin/python benchmarks/foolsblade_choices.py --games 2 --every 6``. Plays
four-player `medium` games (seeds 900 on) and at every ``--every``-th decision with a real
choice runs the paired playouts of ``hard``'s flat search without racing: ``--samples``
determinizations, every legal action played on each, followed by the same heuristic playout.
Each playout's reward (the deciding seat's ``evaluate``) is read at three horizons: after 30
actions (``hard``'s cut), at the end of the turn being played, and at the deciding seat's
next turn. Printed per horizon and kind of decision: positions, how often the best mean is
not `medium`'s choice, and how often it beats it by more than 1, 2 and 3 standard errors of
the paired difference (what ``caution`` and ``race`` weigh); then the mean playout lengths.
"""

from __future__ import annotations

import argparse
from collections import Counter
from typing import Any

import parlour
from parlour import bots
from parlour.bots.heuristic.foolsblade import choose, evaluate
from parlour.bots.ismcts import paired_gap
from parlour.core import Rng
from parlour.games.foolsblade.steps import P_CLASS

CUT = 30  # hard's rollout_depth
HORIZONS = ("30 actions", "turn end", "next own turn")
KINDS = (
    ("main", {"hunt", "forge", "quest", "fight", "equip"}),
    ("forge", {"take", "reforge"}),
    ("card", {"discard", "give", "steal", "break"}),
)


def kind(texts: list[str]) -> str:
    """The kind of a decision by its actions' verbs: main step, Forge, a card named, window."""
    verbs = {text.split(" ")[0] for text in texts}
    return next((name for name, named in KINDS if verbs & named), "window")


def playout(d: Any, seat: int, rng: Rng) -> tuple[list[float], int, int]:
    """``seat``'s reward at each horizon of one heuristic playout of ``d``, and the actions
    taken to the turn's end and to the seat's next turn."""
    start = d.turn
    at: dict[str, float] = {}
    lengths: dict[str, int] = {}
    steps = 0
    while not d.is_over and (steps < CUT or "next own turn" not in at):
        if steps == CUT:
            at["30 actions"] = evaluate(d.view(None))[seat]
        if d.turn != start:
            for horizon, reached in (("turn end", True), ("next own turn", d.active == seat)):
                if reached and horizon not in at:
                    at[horizon] = evaluate(d.view(None))[seat]
                    lengths[horizon] = steps
        legal = d.legal_actions()
        d.apply(legal[0] if len(legal) == 1 else choose(d.view(d.current_player), rng))
        steps += 1
    final = d.returns()[seat] if d.is_over else evaluate(d.view(None))[seat]
    return (
        [at.get(horizon, final) for horizon in HORIZONS],
        lengths.get("turn end", steps),
        lengths.get("next own turn", steps),
    )


def position(state: Any, seat: int, samples: int, rng: Rng) -> dict[str, Any]:
    """The paired rewards of every legal action at every horizon, and `medium`'s choice."""
    legal = state.legal_actions()
    rewards = [[[0.0] * samples for _ in legal] for _ in HORIZONS]
    lengths = [0, 0]
    for sample in range(samples):
        d = state.determinize(seat, rng.next64())
        playout_seed = rng.next64()
        for i, action in enumerate(legal):
            branch = d.clone()
            branch.apply(action)
            got, to_end, to_next = playout(branch, seat, Rng(playout_seed))
            for h, reward in enumerate(got):
                rewards[h][i][sample] = reward
            lengths[0] += to_end
            lengths[1] += to_next
    medium = choose(state.view(seat), Rng(1))
    texts = [a.text for a in legal]
    return {
        "kind": kind(texts),
        "medium": texts.index(medium),
        "rewards": rewards,
        "lengths": lengths,
        "playouts": samples * len(legal),
    }


def main() -> None:
    """Sample the positions, then print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2)
    parser.add_argument("--every", type=int, default=6)
    parser.add_argument("--samples", type=int, default=40, help="determinizations a position")
    args = parser.parse_args()
    found: list[dict[str, Any]] = []
    for game in range(args.games):
        state: Any = parlour.load("foolsblade").new_game(4, seed=900 + game)
        seats = [bots.make("medium", seed=9000 + game * 8 + s) for s in range(4)]
        real = 0
        while not state.is_over:
            seat = state.current_player
            assert seat is not None
            if len(state.legal_actions()) > 1 and state.phase != P_CLASS:
                real += 1
                if real % args.every == 0:
                    rng = Rng(77 + game * 1000 + real)
                    found.append(position(state, seat, args.samples, rng))
            state.apply(seats[seat].choose(state))
    print("| horizon | decision | positions | best is not medium's | by 1 SE | by 2 SE | by 3 SE |")
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for h, horizon in enumerate(HORIZONS):
        counts: dict[str, Counter[str]] = {}
        for p in found:
            count = counts.setdefault(p["kind"], Counter())
            count["positions"] += 1
            rewards = p["rewards"][h]
            medium = p["medium"]
            best = max(range(len(rewards)), key=lambda i: (sum(rewards[i]), i == medium))
            if best == medium:
                continue
            count["differs"] += 1
            gain, error = paired_gap(rewards[best], rewards[medium])
            for z in (1, 2, 3):
                count[f"{z}"] += gain > z * error
        for name, count in sorted(counts.items()):
            print(
                f"| {horizon} | {name} | {count['positions']} | {count['differs']} "
                f"| {count['1']} | {count['2']} | {count['3']} |"
            )
    playouts = sum(p["playouts"] for p in found)
    to_end = sum(p["lengths"][0] for p in found) / playouts
    to_next = sum(p["lengths"][1] for p in found) / playouts
    print(
        f"\nactions a playout: {to_end:.1f} to the turn's end, {to_next:.1f} to the next own turn"
    )


if __name__ == "__main__":
    main()
