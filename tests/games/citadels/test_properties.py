"""Properties over many random games: cards conserved, gold never negative, scores public."""

from __future__ import annotations

from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st_

import parlour
from parlour.core import Rng
from parlour.games.citadels.cards import full_deck, kinds_of
from parlour.games.citadels.scoring import city_score
from parlour.games.citadels.state import CitadelsState

GAME = parlour.load("citadels")


def cards_everywhere(state: CitadelsState) -> Counter[int]:
    """Every district card of the state, wherever it is."""
    found = Counter(state.deck)
    for hand in state.hands:
        found.update(hand)
    for city in state.cities:
        found.update(city)
    found.update(state.drawn)
    found.update(state.set_aside)
    if state.rescue_district >= 0:
        found[state.rescue_district] += 1
    return found


def check(state: CitadelsState, full: Counter[int]) -> None:
    assert cards_everywhere(state) == full
    # The bit sets of kinds kept beside the hands and cities follow every change.
    assert state.hand_kinds == [kinds_of(hand) for hand in state.hands]
    assert state.city_kinds == [kinds_of(city) for city in state.cities]
    assert min(state.gold) >= 0
    for seat, city in enumerate(state.cities):
        assert len(set(city)) == len(city)  # never two of a district
        hc = 0 <= state.haunted_city_round[seat] < state.round
        view = state.view(None)
        assert view["scores"][seat] == city_score(city, hc, seat == state.first_complete)
        # The parts the final table shows, one field of ``CityScore`` each, add up to it;
        # the view carries them once the game is over.
        assert ("score_parts" in view) == state.is_over
        parts = state.score_parts()[seat]._asdict()
        assert list(parts) == ["districts", "five_colours", "complete"]
        assert sum(parts.values()) == view["scores"][seat]
        if state.is_over:
            assert view["score_parts"][seat] == parts


@settings(max_examples=40, deadline=None)
@given(
    players=st_.integers(2, 7),
    seed=st_.integers(0, 2**32),
    great_wall=st_.booleans(),
)
def test_random_games_keep_every_invariant(players: int, seed: int, great_wall: bool) -> None:
    state = GAME.new_game(players, seed=seed, great_wall=great_wall)
    assert isinstance(state, CitadelsState)
    full = Counter(full_deck(great_wall))
    assert sum(full.values()) == (66 if great_wall else 65)
    rng = Rng(seed)
    moves = 0
    while not state.is_over:
        check(state, full)
        state.apply(rng.choice(state.legal_actions()))
        moves += 1
    check(state, full)
    assert state.winners()


@settings(max_examples=15, deadline=None)
@given(players=st_.integers(2, 7), seed=st_.integers(0, 2**32), at=st_.integers(0, 400))
def test_determinize_keeps_the_view_and_ignores_hidden_cards(
    players: int, seed: int, at: int
) -> None:
    state = GAME.new_game(players, seed=seed)
    rng = Rng(seed)
    for _ in range(at):
        if state.is_over:
            break
        state.apply(rng.choice(state.legal_actions()))
    for seat in [None, *range(players)]:
        det = state.determinize(seat, 11)
        assert det.view(seat) == state.view(seat)
        again = det.determinize(seat, 11)
        assert isinstance(again, CitadelsState) and isinstance(det, CitadelsState)
        # Equal views give equal determinizations: the hidden deal does not leak in.
        assert again.deck == det.deck and again.hands == det.hands and again.places == det.places
        assert det.hand_kinds == [kinds_of(hand) for hand in det.hands]
