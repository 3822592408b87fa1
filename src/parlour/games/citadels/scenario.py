"""For tests only: a game placed at a chosen character's turn, with chosen cards and gold.

The rules never import this module. Tests build their positions here instead of writing
the state's fields themselves, so a renamed or reshaped field breaks one helper, not every
test.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from . import GAME
from .cards import C_INDEX, D_INDEX, kinds_of
from .draft import ABSENT, REVEALED
from .state import CitadelsState
from .turn import MAIN, RESOURCES, call_next

__all__ = ["districts", "scenario"]


def districts(slugs: Sequence[str]) -> list[int]:
    """District indices for slugs."""
    return [D_INDEX[slug] for slug in slugs]


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
    last_round: bool = False,
    haunted_city_round: Sequence[int | None] | None = None,
    **options: Any,
) -> CitadelsState:
    """A game of round 1 at the turn of ``turn``, characters held as given (slug -> seat).

    Characters before ``turn`` count as called (revealed where held); ``deck`` lists the
    cards from the top down; ``main`` skips the resource step; ``last_round`` makes this
    round the last; ``haunted_city_round`` gives, per seat, the round its Haunted City was
    built (0: before this one). The draft is not replayed, so what each seat was offered
    is not rebuilt: read the spectator's view where the draft matters.
    """
    state = GAME.new_game(players, seed=1, **options)
    assert isinstance(state, CitadelsState)
    characters = characters or {turn: 0}
    state.holder = [-1] * len(state.holder)
    for slug, seat in characters.items():
        state.holder[C_INDEX[slug]] = seat
    if hands is not None:
        state.hands = [districts(hand) for hand in hands]
    if cities is not None:
        state.cities = [districts(city) for city in cities]
    if gold is not None:
        state.gold = list(gold)
    if deck is not None:
        state.deck = list(reversed(districts(deck)))
    state.hand_kinds = [kinds_of(hand) for hand in state.hands]
    state.city_kinds = [kinds_of(city) for city in state.cities]
    if haunted_city_round is not None:
        state.haunted_city_round = [-1 if r is None else r for r in haunted_city_round]
    state.last_round = last_round
    state.murdered = -1 if murdered is None else C_INDEX[murdered]
    state.robbed = -1 if robbed is None else C_INDEX[robbed]
    target = C_INDEX[turn]
    for c in range(target):
        held = state.holder[c] >= 0 and c != state.murdered
        state.call_status[c] = REVEALED if held else ABSENT
    state.called = target - 1
    state.draft_pool = 0
    state.draft_step = len(state.draft_order)
    call_next(state, [])
    assert state.turn_character == target, "the scenario's character must be held and alive"
    if main:
        state.turn_step = MAIN
    else:
        assert state.turn_step == RESOURCES
    return state
