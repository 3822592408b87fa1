"""Citadels's own invariants: every district card in exactly one place, gold never
negative, no second copy in a city, the bit sets of kinds true to hands and cities, and
gold, cities and scores recomputed from the public log by the rulebook."""

from __future__ import annotations

from collections import Counter
from functools import cache
from typing import Any

from parlour.core import State
from parlour.games.citadels.cards import DISTRICTS, full_deck, kinds_of
from parlour.games.citadels.state import CitadelsState

from .invariants import Pick, is_determinized, public_log

CACHES = ("_legal",)  # the legal list of this decision, kept to find a move by identity
BY_SLUG = {d.slug: d for d in DISTRICTS}
COLOURS = ("yellow", "blue", "green", "red", "purple")
COMPLETE = 8


def options(pick: Pick, players: int) -> dict[str, Any]:
    """Options a game may be played with: the Great Wall or not, and round caps that end
    some games early (scored as usual)."""
    out: dict[str, Any] = {}
    if pick([False, True]):
        out["great_wall"] = pick([False, True])
    cap = pick([None, None, None, 1, 2, 5])
    if cap is not None:
        out["max_rounds"] = cap
    return out


def _places(state: CitadelsState) -> list[list[int]]:
    extra = [state.rescue_district] if state.rescue_district >= 0 else []
    return [state.deck, *state.hands, *state.cities, state.drawn, state.set_aside, extra]


def cheap(state: State) -> None:
    """Every card somewhere, no gold below 0, no city with a district twice."""
    assert isinstance(state, CitadelsState)
    cities = state.cities
    total = (
        len(state.deck)
        + sum(map(len, state.hands))
        + sum(map(len, cities))
        + len(state.drawn)
        + len(state.set_aside)
        + (state.rescue_district >= 0)
    )
    assert total == _deck_size(bool(state.options.get("great_wall"))), "cards came or went"
    assert min(state.gold) >= 0, f"negative gold: {state.gold}"
    assert sum(map(len, map(set, cities))) == sum(map(len, cities)), "a district built twice"
    assert state.hand_kinds == [kinds_of(hand) for hand in state.hands], "stale hand kinds"
    assert state.city_kinds == [kinds_of(city) for city in cities], "stale city kinds"
    assert state.builds_left >= 0 and state.keep_left >= 0


@cache
def _deck_size(great_wall: bool) -> int:
    return len(full_deck(great_wall))


def full(state: State) -> None:
    """The cards are the deck exactly; and the public log, read by the rulebook, gives each
    seat's gold and city, the Warlord's price and targets, and the scores."""
    assert isinstance(state, CitadelsState)
    found: Counter[int] = Counter()
    for place in _places(state):
        found.update(place)
    assert found == Counter(full_deck(bool(state.options.get("great_wall")))), "cards differ"
    holders = [seat for seat in state.holder if seat >= 0]
    per_seat = 2 if state.players <= 3 else 1
    assert all(holders.count(s) <= per_seat for s in holders), "a seat holds too many characters"
    view = state.view(None)
    if not is_determinized(state):  # a determinization keeps no log
        gold, cities = ledger(state)
        assert view["gold"] == gold, f"the gold {view['gold']} is not the log's {gold}"
        assert view["cities"] == cities, "the cities are not the log's builds and destructions"
    assert view["scores"] == recomputed(view), "the scores are not the cities' points"
    assert len(view["hand_counts"]) == state.players and min(view["hand_counts"]) >= 0


def ledger(state: CitadelsState) -> tuple[list[int], list[list[str]]]:
    """Each seat's gold and city from the public log alone, checking the rules on the way."""
    gold = [2] * state.players
    cities: list[list[str]] = [[] for _ in range(state.players)]
    bishop = None  # the seat of the Bishop revealed this round, alive
    for kind, data in public_log(state):
        if kind == "round":
            bishop = None
        elif kind == "call" and data.get("character") == "bishop":
            bishop = data.get("seat")
        elif kind == "gold":
            source = data["source"]
            if source is not None:
                assert gold[source] == data["amount"], "the Thief did not take all the gold"
                gold[source] -= data["amount"]
            gold[data["seat"]] += data["amount"]
        elif kind == "build":
            seat, slug = data["seat"], data["district"]
            assert data["cost"] == BY_SLUG[slug].cost and slug not in cities[seat]
            gold[seat] -= data["cost"]
            cities[seat].append(slug)
        elif kind == "destroy":
            seat, owner, slug = data["seat"], data["owner"], data["district"]
            city = cities[owner]
            wall = "great-wall" in city and slug != "great-wall"
            assert data["paid"] == BY_SLUG[slug].cost - 1 + wall, "the wrong price to destroy"
            assert slug != "keep" and len(city) < COMPLETE and owner != bishop
            gold[seat] -= data["paid"]
            city.remove(slug)
        elif kind == "rescue":
            gold[data["seat"]] -= 1
        elif kind == "draw" and data["reason"].startswith("Smithy"):
            gold[data["seat"]] -= 2
        assert min(gold) >= 0, f"the log spends gold a seat lacks: {data}"
    return gold, cities


def recomputed(view: dict[str, Any]) -> list[int]:
    """Each seat's points from the public view: district points (University and Dragon Gate
    8), 3 for five colours (an older Haunted City filling a gap), 4 for the first complete
    city and 2 for every other of 8 or more."""
    out = []
    for seat, city in enumerate(view["cities"]):
        points = sum(BY_SLUG[slug].points for slug in city)
        colours = {BY_SLUG[slug].colour for slug in city if slug != "haunted-city"}
        gaps = len(COLOURS) - len(colours)
        if "haunted-city" in city:
            built = view["haunted_city_round"][seat]
            any_colour = built is not None and built < view["round"]
            gaps -= 1 if any_colour or "purple" not in colours else 0
        if gaps <= 0:
            points += 3
        if view["first_complete"] == seat:
            points += 4
        elif len(city) >= COMPLETE:
            points += 2
        out.append(points)
    return out
