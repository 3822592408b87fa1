"""Dispatch to the primitives: running a queued effect, whether a play can do anything,
whether a cost can be paid, whether a Lose effect can be carried out in full."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import Event
from .choices import eligible
from .effects import targets
from .events import Caused, Moved
from .primitives import able
from .schema import Effect
from .steps import GEAR_ZONE, HAND_ZONE, MONSTER, NONE, WEAPON_ZONE, Decision, EffectTask, make
from .strength import holds
from .vocabulary import NOTHING_GONE, PRIMITIVES, Context

if TYPE_CHECKING:
    from .state import FoolsBladeState

__all__ = ["can_apply", "cost_payable", "name_cause", "place_size", "possible", "run_effect"]


def run_effect(state: FoolsBladeState, task: EffectTask, events: list[Event]) -> None:
    """Run one queued effect: check its condition, then apply it to each seat it names."""
    effect, owner, target, opponent, source, seat = task
    state.source = source
    if seat < 0:
        if effect.if_ is not None and not holds(state, effect.if_, owner):
            return
        who = getattr(effect, "who", None)
        if who is not None and who != "monster":
            seats = targets(state, who, owner, target, opponent)
            if len(seats) != 1:
                state.tasks[0:0] = [
                    make(EffectTask, (effect, owner, target, opponent, source, s)) for s in seats
                ]
                return
            seat = seats[0]
        else:
            seat = MONSTER
    context = make(Context, (state, owner, target, opponent, source, NOTHING_GONE, events))
    told = len(events)
    PRIMITIVES[effect.do].run(effect, seat, context)
    if source >= 0 and len(events) > told:
        name_cause(state, events, told, source, effect.if_)


def name_cause(
    state: FoolsBladeState, events: list[Event], since: int, source: int, condition: str | None
) -> None:
    """Name ``source`` as the cause of the events told from ``since`` on that have none yet
    (an effect's run, or the answer to the choice it asked), and on a move of cards the
    condition that let it happen."""
    table = state.table
    for told in events[since:]:
        if isinstance(told, Caused) and told.cause is None:
            told.caused_by(table.ids[source], table.kind[source])
            if condition is not None and isinstance(told, Moved):
                told.condition = condition


def can_apply(
    state: FoolsBladeState,
    effects: Sequence[Effect],
    owner: int,
    target: int,
    card: int,
    spent: int,
) -> bool:
    """Whether some effect of a card or ability played now by ``owner`` (on ``target``) can
    do anything, once the card played (NONE: an ability) and ``spent`` more cards (an
    ability's cost) have left the owner's hand. A condition on the roll to come is taken as
    holding."""
    context = make(Context, (state, owner, target, NONE, NONE, (card, spent), []))
    for e in effects:  # noqa: SIM110  # a loop, not ``any``: no generator on a hot path
        if able(e, context):
            return True
    return False


def cost_payable(state: FoolsBladeState, seat: int, cost: Sequence[Effect]) -> bool:
    """Whether ``seat`` can pay a whole cost now (from its own hand and equipment)."""
    for e in cost:  # noqa: SIM110  # a loop, not ``all``: no generator on a hot path
        if not PRIMITIVES[e.do].payable(state, e, seat):
            return False
    return True


def possible(state: FoolsBladeState, effects: Sequence[Effect], owner: int) -> bool:
    """Whether every effect of a Lose effect can be carried out in full (the FAQ: else none is).

    Cards asked of one place add up: giving a card to each of three other players needs three
    cards in hand, and a discard followed by a give from the same hand needs both.
    """
    needs: dict[Decision, int] = {}  # by kind of choice, filters included
    places: dict[tuple[int, int], int] = {}  # by seat and zone the cards leave
    for e in effects:
        if e.if_ is not None and not holds(state, e.if_, owner):
            continue
        who = getattr(e, "who", None)
        if who is None or who == "monster":
            continue
        primitive = PRIMITIVES[e.do]
        for seat in targets(state, who, owner, NONE, NONE):
            found = primitive.demand(e, owner, seat)
            if found is not None:
                decision, place, need = found
                needs[decision] = needs.get(decision, 0) + need
                places[place] = places.get(place, 0) + need
    if any(len(eligible(state, decision)) < need for decision, need in needs.items()):
        return False
    return all(place_size(state, seat, zone) >= need for (seat, zone), need in places.items())


def place_size(state: FoolsBladeState, seat: int, zone: int) -> int:
    """How many cards ``seat`` has in a zone (hand, assembled weapon, gear, Stash)."""
    if zone == HAND_ZONE:
        return len(state.hands[seat])
    if zone == WEAPON_ZONE:
        return 4 - state.weapons[seat].count(NONE)
    return len(state.gear[seat] if zone == GEAR_ZONE else state.stash[seat])
