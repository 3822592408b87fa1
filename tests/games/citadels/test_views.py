"""Views hide what a seat cannot know; determinize keeps to what the seat has seen."""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

import parlour
from parlour.core import Rng
from parlour.games.citadels.cards import C_INDEX, C_SLUG, D_SLUG
from parlour.games.citadels.draft import DRAFT
from parlour.games.citadels.state import CitadelsState

GAME = parlour.load("citadels")


def strings(value: Any) -> list[str]:
    """Every string inside a JSON value, keys excluded."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, dict):
        return [s for v in value.values() for s in strings(v)]
    if isinstance(value, list):
        return [s for v in value for s in strings(v)]
    return []


def random_states(players: int, seed: int, every: int = 5) -> list[CitadelsState]:
    """Snapshots of a random game, one every ``every`` actions."""
    state = GAME.new_game(players, seed=seed)
    assert isinstance(state, CitadelsState)
    rng = Rng(seed)
    out = []
    n = 0
    while not state.is_over:
        if n % every == 0:
            out.append(state.clone())
        state.apply(rng.choice(state.legal_actions()))
        n += 1
    return out


@pytest.mark.parametrize("players", range(2, 8))
def test_views_name_only_the_districts_a_seat_may_see(players: int) -> None:
    for state in random_states(players, seed=players):
        public: Counter[str] = Counter(D_SLUG[d] for city in state.cities for d in city)
        if state.rescue_district >= 0:
            public[D_SLUG[state.rescue_district]] += 1
        for seat in [None, *range(players)]:
            view = state.view(seat)
            if view["turn"] is not None:
                del view["turn"]["step"]  # "keep" is a step's name as well as a district's
            named = Counter(s for s in strings(view) if s in D_SLUG)
            legal = Counter(s for s in strings(view.get("legal_actions", [])) if s in D_SLUG)
            allowed = public.copy()
            if seat is not None:
                allowed.update(D_SLUG[d] for d in state.hands[seat])
                if state.turn_seat == seat:
                    allowed.update(D_SLUG[d] for d in state.drawn + state.set_aside)
            assert named - legal <= allowed, (seat, named - allowed)


@pytest.mark.parametrize("players", range(2, 8))
def test_views_name_only_the_characters_a_seat_may_see(players: int) -> None:
    for state in random_states(players, seed=10 + players):
        public = {C_SLUG[c] for c in state.face_up} | set(state.view(None)["revealed"])
        public |= set(state.view(None)["absent"])
        public |= {state.view(None)[k] for k in ("called", "murdered", "robbed")} - {None}
        for seat in [None, *range(players)]:
            view = state.view(seat)
            named = {s for s in strings(view) if s in C_INDEX}
            known = set(public)
            if seat is not None:
                known |= {C_SLUG[c] for c in range(8) if state.holder[c] == seat}
                for offer in view["draft_offers"]:
                    known |= set(offer["characters"])
            assert named <= known, (seat, named - known)
            if seat is None:
                assert named <= public
                assert {"hand", "characters", "draft_offers"}.isdisjoint(view)


def seven_player_draft(seed: int, take_face_down: bool) -> CitadelsState:
    """A 7-player game whose last seat keeps the card passed to it, or the face-down one."""
    state = GAME.new_game(7, seed=seed)
    assert isinstance(state, CitadelsState)
    for _ in range(6):
        state.apply(state.legal_actions()[0])
    initial = C_SLUG[state.places.index(-1)]
    passed = next(a.text for a in state.legal_actions() if a.text != f"choose {initial}")
    state.apply(f"choose {initial}" if take_face_down else passed)
    return state


@pytest.mark.parametrize("take_face_down", [False, True])
def test_seven_players_nobody_sees_whether_the_last_seat_swapped(take_face_down: bool) -> None:
    # The last seat holds both cards and lays one face down: which one it kept is its secret.
    # Otherwise the seat that passed it the last card would know its character.
    state = seven_player_draft(seed=3, take_face_down=take_face_down)
    assert state.phase != DRAFT and state.took_face_down == take_face_down
    assert state.view(6)["took_face_down"] == take_face_down
    for seat in [None, *range(6)]:
        assert state.view(seat)["took_face_down"] is None


def test_seven_players_determinize_guesses_the_swap_both_ways() -> None:
    both = 0
    for seed in range(6):
        for take in (False, True):
            state = seven_player_draft(seed, take)
            guesses = set()
            for s in range(20):
                det = state.determinize(5, s)
                assert isinstance(det, CitadelsState)
                assert det.view(5) == state.view(5)
                guesses.add(det.took_face_down)
            both += guesses == {False, True}
            det = state.determinize(6, 0)
            assert isinstance(det, CitadelsState) and det.took_face_down == take
    assert both  # one state, both guesses: the swap is not carried over from the truth


def test_determinize_keeps_the_seats_own_knowledge() -> None:
    state = GAME.new_game(4, seed=2)
    assert isinstance(state, CitadelsState)
    rng = Rng(2)
    while state.phase == DRAFT:
        state.apply(rng.choice(state.legal_actions()))
    offers = {seat: state.view(seat)["draft_offers"] for seat in range(4)}
    for seat in range(4):
        for s in range(10):
            det = state.determinize(seat, s)
            assert isinstance(det, CitadelsState)
            assert det.hands[seat] == sorted(state.hands[seat])
            assert det.face_up == state.face_up
            mine = [c for c in range(8) if state.holder[c] == seat]
            assert [c for c in range(8) if det.holder[c] == seat] == mine
            # The characters it passed on are held by later seats or face down, never earlier.
            passed = set(offers[seat][0]["characters"]) - {C_SLUG[c] for c in mine}
            for c in passed:
                holder = det.holder[C_INDEX[c]]
                assert holder == -1 or (holder - state.crown) % 4 > (seat - state.crown) % 4
