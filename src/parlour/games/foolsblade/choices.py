"""Choices of cards (``state.decision``): the cards a decision may name, and carrying it out
at random, at once when there is no real choice, or one card at a time as its chooser answers.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import Event
from .events import Gained, HandCardMoved, Moved
from .movement import drop, out_of_hand, set_part, to_keeper, trash_card
from .steps import (
    BREAK_DECISION,
    DISCARD_DECISION,
    GEAR_ZONE,
    GIVE_DECISION,
    HAND_ZONE,
    NONE,
    STASH_ZONE,
    WEAPON_ZONE,
    ZONES,
    Decision,
)

if TYPE_CHECKING:
    from .state import FoolsBladeState


# What a broken card was, in the log's words, by its zone.
BROKEN = {WEAPON_ZONE: "weapon part", GEAR_ZONE: "Gear"}


def eligible(state: FoolsBladeState, decision: Decision) -> Sequence[int]:
    """The cards a decision may name (with repeats), for its chooser."""
    kind, seat, _, other, zone, deck, card_kind = decision
    table = state.table
    if kind == DISCARD_DECISION:
        cards: Sequence[int] = state.hands[seat] if zone == HAND_ZONE else state.stash[seat]
        if deck >= 0:
            cards = [c for c in cards if table.deck[c] == deck]
        if card_kind:
            cards = [c for c in cards if table.kind[c] == card_kind]
        return cards
    if kind == GIVE_DECISION:
        return state.hands[seat]
    if zone == WEAPON_ZONE:
        parts = [p for p in state.weapons[other] if p >= 0]
        return [p for p in parts if not table.legendary[p]] if kind == BREAK_DECISION else parts
    if zone == GEAR_ZONE:
        return state.gear[other]
    if zone == STASH_ZONE:
        return state.stash[other]
    return state.hands[other]


def choose(
    state: FoolsBladeState,
    decision: Decision,
    events: list[Event],
    random: bool = False,
) -> None:
    """Carry out a choice of ``count`` cards: at random, at once when there is no real
    choice, else by asking the chooser one card at a time."""
    count = decision.left
    while count > 0:
        cards = eligible(state, decision)
        if not cards:
            return
        if not random and len(set(cards)) > 1 and count < len(cards):
            state.decision = decision._replace(left=count)
            return
        card = cards[state.rng.below(len(cards))] if random else cards[0]
        chosen(state, decision, card, events, random)
        count -= 1


def chosen(
    state: FoolsBladeState,
    decision: Decision,
    card: int,
    events: list[Event],
    random: bool = False,
) -> None:
    """Move one card named by a decision (``random``: drawn by lot, as the log says)."""
    how = " at random" if random else ""
    kind, seat, _, other, zone, _, _ = decision
    table = state.table
    name = table.ids[card]
    if kind == DISCARD_DECISION:
        if zone == HAND_ZONE:
            out_of_hand(state, seat, card)
        else:
            drop(state.stash, seat, card)
        trash_card(state, card)
        events.append(Moved(seat, [name], "the trash", f"discarded from {ZONES[zone]}{how}"))
        return
    if kind == GIVE_DECISION:
        # Nobody else sees which card went: what the table knew of the hand is lost.
        state.hands[seat].remove(card)
        state.known[seat] = ()
        state.hands[other].append(card)
        events.append(HandCardMoved(seat, other, "gave", name))
        events.append(HandCardMoved(other, seat, "received", name))
        return
    if zone == WEAPON_ZONE:
        set_part(state, other, table.part[card], NONE)
    elif zone == GEAR_ZONE:
        drop(state.gear, other, card)
    elif zone == STASH_ZONE:
        drop(state.stash, other, card)
    else:
        state.hands[other].remove(card)
        state.known[other] = ()
    if kind == BREAK_DECISION:
        trash_card(state, card)
        broken = f"{BROKEN[zone]} broken{how} by"  # whose it was: the sentence's seat
        events.append(Moved(other, [name], "the trash", broken, seat))
    elif zone == HAND_ZONE:
        state.hands[seat].append(card)
        events.append(HandCardMoved(seat, other, "stole", name))
        events.append(HandCardMoved(other, seat, "lost", name))
    else:
        where = to_keeper(state, seat, card)
        events.append(Gained(seat, [name], where, "stolen from", other))
