"""Fearless heuristic: keep the ghost near 0, duck tricks that would push it away, avoid the ruin.

Each legal card is priced by the fear it is expected to cost: the chance of winning the
trick with it times the change in distance from 0 that the trick would bring, where a ghost
still on the ruin is counted as a growing threat of 15. Cards that cannot win are preferred
when they push the trick's likely winner further out or get rid of a high card that could
later force this seat to win a trick it does not want.
"""

from __future__ import annotations

import math

from ...core import Rng
from ...games.fearless.cards import VALUES, parse_card
from ...games.fearless.scoring import RUIN_FEAR
from ...games.fearless.views import FearlessView

__all__ = ["choose", "evaluate"]

# A later player holding a higher card of the led suit often ducks with a lower one instead.
LATER_PLAYER_RESTRAINT = 0.6  # how often a later player holding a higher card plays it


def _leader(trick: list[tuple[int, str | None, int]]) -> tuple[int, str | None, int] | None:
    """The play winning ``trick`` now: highest of the led suit, the first on ties."""
    led = next((suit for _, suit, _ in trick if suit is not None), None)
    best = None
    for play in trick:
        _, suit, value = play
        if (suit is None or suit == led) and (best is None or value > best[2]):
            best = play
    return best


def _ruin_threat(progress: float) -> float:
    """What staying on the ruin is expected to cost, ``progress`` of the way through a round."""
    return 3 + (RUIN_FEAR - 3) * progress


def _distance(ghost: int | None, progress: float) -> float:
    """The fear a ghost stands for now: its distance from 0, or the ruin's threat."""
    return _ruin_threat(progress) if ghost is None else abs(ghost)


def choose(view: FearlessView, rng: Rng) -> str:
    """The legal action with the least expected fear (ties broken by ``rng``)."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    seat = view["seat"]
    assert seat is not None  # a bot reads the deciding seat's view, never a spectator's
    players: int = view["players"]
    ghosts: list[int | None] = view["ghosts"]
    hand: list[str] = view["hand"]
    trick = [(s, *parse_card(card)) for s, card in view["trick"]]
    done = view["trick_number"] - 1
    progress = done / (done + len(hand))
    mine = ghosts[seat]
    keep = _distance(mine, progress)
    seen = set(hand) | set(view["played"]) | {card for _, card in view["trick"]}
    unseen_total = max(1, sum(view["hand_counts"]) - len(hand))
    later = players - len(trick) - 1
    later_counts = [view["hand_counts"][(seat + k) % players] for k in range(1, later + 1)]

    best: list[str] = []
    best_cost = math.inf
    for text in legal:
        card = text.split(" ", 1)[1]
        suit, value = parse_card(card)
        after = [*trick, (seat, suit, value)]
        top = _leader(after)
        assert top is not None
        total = view["trick_value"] + value
        if top[0] == seat:
            p_win = 1.0
            led = next((s for _, s, _ in after if s is not None), None)
            if later and led is not None:
                higher = sum(1 for v in VALUES if v > value and f"{led}{v:+d}" not in seen)
                for count in later_counts:
                    holds = min(1.0, higher * count / unseen_total)
                    p_win *= 1 - LATER_PLAYER_RESTRAINT * holds
            elif later:
                # A lone zero in front: any later positive card of the suit it fixes beats it.
                p_win = 0.5**later
        else:
            p_win = 0.0
        gain = (abs(total) if mine is None else abs(mine + total)) - keep
        cost = p_win * gain
        if p_win < 1.0:
            # Shed what hurts the likely winner and what could later force a win of our own.
            winner = top[0] if top[0] != seat else None
            if winner is not None:
                theirs = ghosts[winner]
                base = 0 if theirs is None else theirs
                cost -= 0.1 * (1 - p_win) * (abs(base + total) - abs(base))
            cost -= 0.05 * (1 - p_win) * (value if suit is not None else 0)
        if cost < best_cost - 1e-9:
            best, best_cost = [text], cost
        elif abs(cost - best_cost) <= 1e-9:
            best.append(text)
    return best[0] if len(best) == 1 else rng.choice(best)


def evaluate(view: FearlessView) -> list[float]:
    """Per seat, an estimated share of the win from fear so far plus this round's distance."""
    players: int = view["players"]
    counts: list[int] = view["hand_counts"]
    tricks_per_round = (sum(counts) + len(view["trick"]) + len(view["played"])) // players
    progress = (view["trick_number"] - 1) / max(1, tricks_per_round)
    # Search evaluates after every playout: ``_distance`` inlined, and plain loops, since on
    # Python 3.11 each comprehension costs a function call.
    ruin = _ruin_threat(progress)
    fear = []
    for score, ghost in zip(view["scores"], view["ghosts"], strict=True):
        fear.append(score + (ruin if ghost is None else abs(ghost)))
    # Rounds still to come blur the standings, so the estimate is softer early in the game.
    rounds_left = view["rounds"] - view["round"]
    temperature = 3.0 + 5.0 * rounds_left
    low = min(fear)
    exp = math.exp
    weights = []
    for f in fear:
        weights.append(exp((low - f) / temperature))
    total = sum(weights)
    shares = []
    for w in weights:
        shares.append(w / total)
    return shares
