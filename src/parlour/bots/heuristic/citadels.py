"""Citadels heuristic: pick characters that pay for your city, build the best you can afford.

Draft: each character is priced by what it would earn this seat (district income of its
colour, the crown, the Merchant's and Architect's extras, the Warlord's reach), and the
2-player burial removes what the opponent would value most. Turn: take gold while the hand
holds something buildable soon, else draw; keep the card worth the most that the city lacks;
build the most valuable affordable district (its own colour first, before collecting
income); the Assassin, Thief and Warlord aim at the leader; the Magician trades a poor hand.
Reads only the view, so it is fair by construction.
"""

from __future__ import annotations

from typing import Any

from ...core import Rng
from ...games.citadels.data import DISTRICTS

__all__ = ["choose", "evaluate"]

COST = {d.slug: d.cost for d in DISTRICTS}
POINTS = {d.slug: d.points for d in DISTRICTS}
COLOUR = {d.slug: d.colour for d in DISTRICTS}
INCOME_COLOUR = {"king": "yellow", "bishop": "blue", "merchant": "green", "warlord": "red"}
BASE = {
    "assassin": 1.6,
    "thief": 1.2,
    "magician": 1.0,
    "king": 1.4,
    "bishop": 0.8,
    "merchant": 1.5,
    "architect": 1.3,
    "warlord": 1.0,
}


def _income(city: list[str], character: str) -> int:
    colour = INCOME_COLOUR.get(character)
    if colour is None:
        return 0
    return sum(COLOUR[d] == colour for d in city) + ("school-of-magic" in city)


def _leader(view: dict[str, Any], me: int) -> int:
    """The opponent ahead: most points, then most districts, then most gold."""
    others = [s for s in range(view["players"]) if s != me]
    return max(others, key=lambda s: (view["scores"][s], len(view["cities"][s]), view["gold"][s]))


def character_value(view: dict[str, Any], seat: int, character: str) -> float:
    """What ``character`` is worth to ``seat`` this round, in rough gold."""
    city: list[str] = view["cities"][seat]
    gold: int = view["gold"][seat]
    hand_count: int = view["hand_counts"][seat]
    value = BASE[character] + _income(city, character)
    if character == "architect":
        value += 0.8 * min(hand_count, 3) if gold >= 4 else 0.0
    elif character == "magician":
        value += 1.5 if hand_count == 0 else 0.0
    elif character == "warlord":
        value += 0.7 * sum(1 for s, c in enumerate(view["cities"]) if s != seat and len(c) >= 6)
    elif character == "bishop":
        value += 0.2 * len(city)
    elif character == "thief":
        value += 0.5 if gold <= 2 else 0.0
    return value


def _draft(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    me: int = view["seat"]
    chars = [text.split(" ", 1)[1] for text in legal]
    if legal[0].startswith("discard"):
        opponent = (me + 1) % view["players"]
        scored = [character_value(view, opponent, c) for c in chars]
    else:
        scored = [character_value(view, me, c) + 0.01 * rng.random() for c in chars]
    return legal[max(range(len(chars)), key=lambda i: scored[i])]


def _card_value(card: str, view: dict[str, Any], city: list[str], hand: list[str]) -> float:
    """How much a district in hand is worth keeping for this seat."""
    gold: int = view["gold"][view["seat"]]
    if card in city:
        return -10.0
    value = float(POINTS[card])
    if COLOUR[card] not in {COLOUR[d] for d in city}:
        value += 1.0
    if card in hand:
        value -= 3.0
    if COST[card] > gold + 4:
        value -= COST[card] - gold - 4
    return value


def _resource(view: dict[str, Any], legal: list[str]) -> str:
    me: int = view["seat"]
    hand: list[str] = view["hand"]
    city: list[str] = view["cities"][me]
    gold: int = view["gold"][me]
    soon = [c for c in hand if c not in city and COST[c] <= gold + 4]
    if "draw" in legal and ((not soon and len(hand) < 4) or not hand):
        return "draw"
    return "take gold"


def _target(view: dict[str, Any], me: int, candidates: list[str]) -> str:
    """The character the leader most likely holds, among those that can be named."""
    leader = _leader(view, me)
    mine = set(view.get("characters", []))
    scored = {c: character_value(view, leader, c) for c in candidates if c not in mine}
    if not scored:
        return candidates[0]
    return max(scored, key=lambda c: scored[c])


def _main(view: dict[str, Any], legal: list[str], rng: Rng) -> str:
    me: int = view["seat"]
    hand: list[str] = view["hand"]
    city: list[str] = view["cities"][me]
    gold: int = view["gold"][me]
    character: str = view["turn"]["character"]
    colour = INCOME_COLOUR.get(character)
    builds = [t for t in legal if t.startswith("build ")]
    if builds:
        # Its own colour first, so the income collected afterwards counts it.
        own = [t for t in builds if COLOUR[t[6:]] == colour]
        if own and "collect income" in legal:
            return max(own, key=lambda t: (POINTS[t[6:]], rng.random()))
    if "collect income" in legal:
        return "collect income"
    if builds:
        return max(
            builds, key=lambda t: (POINTS[t[6:]] + (COLOUR[t[6:]] == "purple"), rng.random())
        )
    ability = _ability(view, legal, me, hand, city, gold)
    if ability is not None:
        return ability
    lab = [t for t in legal if t.startswith("use laboratory ")]
    if lab and len(hand) > 2:
        worst = min(lab, key=lambda t: _card_value(t[15:], view, city, hand))
        if _card_value(worst[15:], view, city, hand) < 2:
            return worst
    if "use smithy" in legal and gold >= 5 and len(hand) <= 1:
        return "use smithy"
    return "end turn"


def _ability(
    view: dict[str, Any], legal: list[str], me: int, hand: list[str], city: list[str], gold: int
) -> str | None:
    murder = [t[12:] for t in legal if t.startswith("assassinate ")]
    if murder:
        return "assassinate " + _target(view, me, murder)
    rob = [t[4:] for t in legal if t.startswith("rob ")]
    if rob:
        return "rob " + _target(view, me, rob)
    swaps = [t for t in legal if t.startswith("swap hands ")]
    if swaps:
        counts: list[int] = view["hand_counts"]
        best = max(swaps, key=lambda t: counts[int(t[11:])])
        if counts[int(best[11:])] >= len(hand) + 2:
            return best
        bad = [c for c in hand if c in city or COST[c] > gold + 6]
        if bad and "discard " + bad[0] in legal:
            return "discard " + bad[0]
        return None
    destroys = [t for t in legal if t.startswith("destroy ")]
    if destroys:
        leader = _leader(view, me)
        aimed = [t for t in destroys if int(t.split(" ")[1]) == leader]
        near_end = len(view["cities"][leader]) >= 6
        cheap = [t for t in aimed if COST[t.split(" ")[2]] <= (3 if near_end else 1)]
        if cheap and view["scores"][leader] >= view["scores"][me]:
            return max(cheap, key=lambda t: COST[t.split(" ")[2]])
    return None


def _redraw(view: dict[str, Any], legal: list[str]) -> str:
    me: int = view["seat"]
    city: list[str] = view["cities"][me]
    gold: int = view["gold"][me]
    for text in legal:
        if text.startswith("discard "):
            card = text[8:]
            if card in city or COST[card] > gold + 6:
                return text
    return "done"


def choose(view: dict[str, Any], rng: Rng) -> str:
    """A sensible action for the deciding seat, from its view alone."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "draft":
        return _draft(view, legal, rng)
    if phase == "graveyard":
        card = view["graveyard"]["district"]
        return legal[0] if COST[card] >= 2 else "pass"
    step = view["turn"]["step"]
    if step == "resource":
        return _resource(view, legal)
    if step == "keep":
        me = view["seat"]
        city, hand = view["cities"][me], view["hand"]
        return max(legal, key=lambda t: (_card_value(t[5:], view, city, hand), rng.random()))
    if step == "redraw":
        return _redraw(view, legal)
    return _main(view, legal, rng)


def evaluate(view: dict[str, Any]) -> list[float]:
    """Per seat, a rough share of the win from points, city size, gold and cards in hand."""
    players: int = view["players"]
    if view["is_over"]:
        winners: list[int] = view["winners"]
        return [1.0 / len(winners) if s in winners else 0.0 for s in range(players)]
    strength = [
        view["scores"][s]
        + 1.5 * len(view["cities"][s])
        + 0.5 * view["gold"][s]
        + 0.5 * view["hand_counts"][s]
        for s in range(players)
    ]
    top = max(strength)
    weights = [2.0 ** ((x - top) / 3.0) for x in strength]
    total = sum(weights)
    return [w / total for w in weights]
