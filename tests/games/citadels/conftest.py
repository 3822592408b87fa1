"""Scenario building for the Citadels tests: a state placed at a chosen character's turn."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

import parlour
from parlour.games.citadels.data import C_INDEX, D_INDEX
from parlour.games.citadels.draft import TURN
from parlour.games.citadels.state import CitadelsState
from parlour.games.citadels.turn import ABSENT, MAIN, RESOURCE, REVEALED, call_next

Scenario = Callable[..., CitadelsState]


def ids(slugs: Sequence[str]) -> list[int]:
    """District indices for slugs."""
    return [D_INDEX[s] for s in slugs]


def scenario(
    players: int = 3,
    characters: dict[str, int] | None = None,
    turn: str = "assassin",
    hands: Sequence[Sequence[str]] | None = None,
    cities: Sequence[Sequence[str]] | None = None,
    gold: Sequence[int] | None = None,
    deck: Sequence[str] | None = None,
    main: bool = False,
    murdered: str | None = None,
    robbed: str | None = None,
    **options: Any,
) -> CitadelsState:
    """A game at the turn of ``turn``, characters held as given (slug -> seat).

    Characters before ``turn`` count as called (revealed where held); ``deck`` lists the
    cards from the top down; ``main`` skips the resource step.
    """
    st = parlour.load("citadels").new_game(players, seed=1, **options)
    assert isinstance(st, CitadelsState)
    characters = characters or {turn: 0}
    st.holder = [-1] * 8
    for slug, seat in characters.items():
        st.holder[C_INDEX[slug]] = seat
    if hands is not None:
        st.hands = [ids(h) for h in hands]
    if cities is not None:
        st.cities = [ids(c) for c in cities]
    if gold is not None:
        st.gold = list(gold)
    if deck is not None:
        st.deck = list(reversed(ids(deck)))
    st.murdered = -1 if murdered is None else C_INDEX[murdered]
    st.robbed = -1 if robbed is None else C_INDEX[robbed]
    st.phase = TURN
    target = C_INDEX[turn]
    for c in range(target):
        st.status[c] = REVEALED if st.holder[c] >= 0 and c != st.murdered else ABSENT
    st.called = target - 1
    st.pool = []
    st.step = len(st.sched)
    call_next(st, [])
    assert st.turn_char == target, "the scenario's character must be held and alive"
    if main:
        st.t_step = MAIN
    else:
        assert st.t_step == RESOURCE
    return st


@pytest.fixture
def make() -> Scenario:
    """The scenario builder."""
    return scenario
