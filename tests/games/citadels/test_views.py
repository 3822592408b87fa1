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
    st = GAME.new_game(players, seed=seed)
    assert isinstance(st, CitadelsState)
    rng = Rng(seed)
    out = []
    n = 0
    while not st.is_over:
        if n % every == 0:
            out.append(st.clone())
        st.apply(rng.choice(st.legal_actions()))
        n += 1
    return out


@pytest.mark.parametrize("players", range(2, 8))
def test_views_name_only_the_districts_a_seat_may_see(players: int) -> None:
    for st in random_states(players, seed=players):
        public: Counter[str] = Counter(D_SLUG[d] for city in st.cities for d in city)
        if st.rescue_district >= 0:
            public[D_SLUG[st.rescue_district]] += 1
        for seat in [None, *range(players)]:
            view = st.view(seat)
            if view["turn"] is not None:
                del view["turn"]["step"]  # "keep" is a step's name as well as a district's
            named = Counter(s for s in strings(view) if s in D_SLUG)
            legal = Counter(s for s in strings(view.get("legal_actions", [])) if s in D_SLUG)
            allowed = public.copy()
            if seat is not None:
                allowed.update(D_SLUG[d] for d in st.hands[seat])
                if st.turn_seat == seat:
                    allowed.update(D_SLUG[d] for d in st.drawn + st.set_aside)
            assert named - legal <= allowed, (seat, named - allowed)


@pytest.mark.parametrize("players", range(2, 8))
def test_views_name_only_the_characters_a_seat_may_see(players: int) -> None:
    for st in random_states(players, seed=10 + players):
        public = {C_SLUG[c] for c in st.face_up} | set(st.view(None)["revealed"])
        public |= set(st.view(None)["absent"])
        public |= {st.view(None)[k] for k in ("called", "murdered", "robbed")} - {None}
        for seat in [None, *range(players)]:
            view = st.view(seat)
            named = {s for s in strings(view) if s in C_INDEX}
            known = set(public)
            if seat is not None:
                known |= {C_SLUG[c] for c in range(8) if st.holder[c] == seat}
                for offer in view["draft_offers"]:
                    known |= set(offer["characters"])
            assert named <= known, (seat, named - known)
            if seat is None:
                assert named <= public
                assert {"hand", "characters", "draft_offers"}.isdisjoint(view)


def seven_player_draft(seed: int, take_face_down: bool) -> CitadelsState:
    """A 7-player game whose last seat keeps the card passed to it, or the face-down one."""
    st = GAME.new_game(7, seed=seed)
    assert isinstance(st, CitadelsState)
    for _ in range(6):
        st.apply(st.legal_actions()[0])
    initial = C_SLUG[st.places.index(-1)]
    passed = next(a.text for a in st.legal_actions() if a.text != f"choose {initial}")
    st.apply(f"choose {initial}" if take_face_down else passed)
    return st


@pytest.mark.parametrize("take_face_down", [False, True])
def test_seven_players_nobody_sees_whether_the_last_seat_swapped(take_face_down: bool) -> None:
    # The last seat holds both cards and lays one face down: which one it kept is its secret.
    # Otherwise the seat that passed it the last card would know its character.
    st = seven_player_draft(seed=3, take_face_down=take_face_down)
    assert st.phase != DRAFT and st.took_face_down == take_face_down
    assert st.view(6)["took_face_down"] == take_face_down
    for seat in [None, *range(6)]:
        assert st.view(seat)["took_face_down"] is None


def test_seven_players_determinize_guesses_the_swap_both_ways() -> None:
    both = 0
    for seed in range(6):
        for take in (False, True):
            st = seven_player_draft(seed, take)
            guesses = set()
            for s in range(20):
                det = st.determinize(5, s)
                assert isinstance(det, CitadelsState)
                assert det.view(5) == st.view(5)
                guesses.add(det.took_face_down)
            both += guesses == {False, True}
            det = st.determinize(6, 0)
            assert isinstance(det, CitadelsState) and det.took_face_down == take
    assert both  # one state, both guesses: the swap is not carried over from the truth


def test_determinize_keeps_the_seats_own_knowledge() -> None:
    st = GAME.new_game(4, seed=2)
    assert isinstance(st, CitadelsState)
    rng = Rng(2)
    while st.phase == DRAFT:
        st.apply(rng.choice(st.legal_actions()))
    offers = {seat: st.view(seat)["draft_offers"] for seat in range(4)}
    for seat in range(4):
        for s in range(10):
            det = st.determinize(seat, s)
            assert isinstance(det, CitadelsState)
            assert det.hands[seat] == sorted(st.hands[seat])
            assert det.face_up == st.face_up
            mine = [c for c in range(8) if st.holder[c] == seat]
            assert [c for c in range(8) if det.holder[c] == seat] == mine
            # The characters it passed on are held by later seats or face down, never earlier.
            passed = set(offers[seat][0]["characters"]) - {C_SLUG[c] for c in mine}
            for c in passed:
                holder = det.holder[C_INDEX[c]]
                assert holder == -1 or (holder - st.crown) % 4 > (seat - st.crown) % 4
