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

from ...core import Rng
from ...games.citadels import actions
from ...games.citadels.actions import Kind, Move
from ...games.citadels.cards import C_INDEX, C_SLUG, D_INDEX, D_SLUG, DISTRICTS
from ...games.citadels.views import CitadelsView

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


def _moves(legal: list[str], kind: Kind) -> list[Move]:
    """The legal moves of one kind, parsed by the game's own action table."""
    out = []
    for text in legal:
        move = actions.parse(text)
        if move is not None and move.kind == kind:
            out.append(move)
    return out


def _income(city: list[str], character: str) -> int:
    colour = INCOME_COLOUR.get(character)
    if colour is None:
        return 0
    return sum(COLOUR[d] == colour for d in city) + ("school-of-magic" in city)


def _leader(view: CitadelsView, me: int) -> int:
    """The opponent ahead: most points, then most districts, then most gold."""
    others = [s for s in range(view["players"]) if s != me]
    return max(others, key=lambda s: (view["scores"][s], len(view["cities"][s]), view["gold"][s]))


def character_value(view: CitadelsView, seat: int, character: str) -> float:
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


def _draft(view: CitadelsView, legal: list[str], rng: Rng) -> str:
    me = view["seat"]
    assert me is not None  # the deciding seat's view, never a spectator's
    choices = _moves(legal, Kind.CHOOSE) or _moves(legal, Kind.PUT_FACE_DOWN)
    chars = [C_SLUG[move.character] for move in choices]
    if choices[0].kind == Kind.PUT_FACE_DOWN:
        opponent = (me + 1) % view["players"]
        scored = [character_value(view, opponent, c) for c in chars]
    else:
        scored = [character_value(view, me, c) + 0.01 * rng.random() for c in chars]
    return choices[max(range(len(chars)), key=lambda i: scored[i])].text


def _card_value(card: str, view: CitadelsView, city: list[str], hand: list[str]) -> float:
    """How much a district in hand is worth keeping for this seat."""
    me = view["seat"]
    assert me is not None  # the deciding seat's view, never a spectator's
    gold: int = view["gold"][me]
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


def _resource(view: CitadelsView, legal: list[str]) -> str:
    me = view["seat"]
    assert me is not None  # the deciding seat's view, never a spectator's
    hand: list[str] = view["hand"]
    city: list[str] = view["cities"][me]
    gold: int = view["gold"][me]
    soon = [c for c in hand if c not in city and COST[c] <= gold + 4]
    if "draw" in legal and ((not soon and len(hand) < 4) or not hand):
        return "draw"
    return "take gold"


def _target(view: CitadelsView, me: int, candidates: list[str]) -> str:
    """The character the leader most likely holds, among those that can be named."""
    leader = _leader(view, me)
    mine = set(view.get("characters", []))
    scored = {c: character_value(view, leader, c) for c in candidates if c not in mine}
    if not scored:
        return candidates[0]
    return max(scored, key=lambda c: scored[c])


def _main(view: CitadelsView, legal: list[str], rng: Rng) -> str:
    me = view["seat"]
    assert me is not None  # the deciding seat's view, never a spectator's
    hand: list[str] = view["hand"]
    city: list[str] = view["cities"][me]
    gold: int = view["gold"][me]
    turn = view["turn"]
    assert turn is not None  # the main step is a character's turn
    character: str = turn["character"]
    colour = INCOME_COLOUR.get(character)
    builds = [D_SLUG[move.district] for move in _moves(legal, Kind.BUILD)]
    if builds:
        # Its own colour first, so the income collected afterwards counts it.
        own = [d for d in builds if COLOUR[d] == colour]
        if own and actions.INCOME.text in legal:
            return _build(max(own, key=lambda d: (POINTS[d], rng.random())))
    if actions.INCOME.text in legal:
        return actions.INCOME.text
    if builds:
        return _build(
            max(builds, key=lambda d: (POINTS[d] + (COLOUR[d] == "purple"), rng.random()))
        )
    ability = _ability(view, legal, me, hand, city, gold)
    if ability is not None:
        return ability
    lab = [D_SLUG[move.district] for move in _moves(legal, Kind.LABORATORY)]
    if lab and len(hand) > 2:
        worst = min(lab, key=lambda d: _card_value(d, view, city, hand))
        if _card_value(worst, view, city, hand) < 2:
            return actions.LABORATORY[D_INDEX[worst]].text
    if actions.SMITHY.text in legal and gold >= 5 and len(hand) <= 1:
        return actions.SMITHY.text
    return actions.END_TURN.text


def _build(district: str) -> str:
    return actions.BUILD[D_INDEX[district]].text


def _ability(
    view: CitadelsView, legal: list[str], me: int, hand: list[str], city: list[str], gold: int
) -> str | None:
    for kind, table in ((Kind.ASSASSINATE, actions.ASSASSINATE), (Kind.ROB, actions.ROB)):
        named = [C_SLUG[move.character] for move in _moves(legal, kind)]
        if named:
            return table[C_INDEX[_target(view, me, named)]].text
    swaps = _moves(legal, Kind.SWAP)
    if swaps:
        counts: list[int] = view["hand_counts"]
        best = max(swaps, key=lambda move: counts[move.seat])
        if counts[best.seat] >= len(hand) + 2:
            return best.text
        bad = [c for c in hand if c in city or COST[c] > gold + 6]
        if bad and actions.REDRAW[D_INDEX[bad[0]]].text in legal:
            return actions.REDRAW[D_INDEX[bad[0]]].text
        return None
    destroys = _moves(legal, Kind.DESTROY)
    if destroys:
        leader = _leader(view, me)
        aimed = [move for move in destroys if move.seat == leader]
        near_end = len(view["cities"][leader]) >= 6
        cheap = [move for move in aimed if DISTRICTS[move.district].cost <= (3 if near_end else 1)]
        if cheap and view["scores"][leader] >= view["scores"][me]:
            return max(cheap, key=lambda move: DISTRICTS[move.district].cost).text
    return None


def _redraw(view: CitadelsView, legal: list[str]) -> str:
    me = view["seat"]
    assert me is not None  # the deciding seat's view, never a spectator's
    city: list[str] = view["cities"][me]
    gold: int = view["gold"][me]
    for move in _moves(legal, Kind.REDRAW):
        card = D_SLUG[move.district]
        if card in city or COST[card] > gold + 6:
            return move.text
    return actions.REDRAW_DONE.text


def choose(view: CitadelsView, rng: Rng) -> str:
    """A sensible action for the deciding seat, from its view alone."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    phase = view["phase"]
    if phase == "draft":
        return _draft(view, legal, rng)
    if phase == "rescue":
        rescue = view["rescue"]
        assert rescue is not None  # the rescue phase is the Graveyard's offer
        return legal[0] if COST[rescue["district"]] >= 2 else actions.PASS.text
    turn = view["turn"]
    assert turn is not None  # the other phase a seat decides in is a character's turn
    step = turn["step"]
    if step == "resource":
        return _resource(view, legal)
    if step == "keep":
        me = view["seat"]
        assert me is not None  # the deciding seat's view, never a spectator's
        city, hand = view["cities"][me], view["hand"]
        kept = _moves(legal, Kind.KEEP)
        choice = max(
            kept,
            key=lambda move: (_card_value(D_SLUG[move.district], view, city, hand), rng.random()),
        )
        return choice.text
    if step == "redraw":
        return _redraw(view, legal)
    return _main(view, legal, rng)


def evaluate(view: CitadelsView) -> list[float]:
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
