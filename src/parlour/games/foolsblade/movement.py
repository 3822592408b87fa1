"""Card movement: cards drawn, kept, trashed and summoned, a monster sent under its deck; dice.

Trash piles and the per-seat weapon, gear, stash, curses and known cards are tuples, replaced
on change, so that ``clone`` copies only the outer list (they change far less often than
states are cloned).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import Event
from .effects import push_triggered
from .events import CombatEnded, Drew, Gained, Reshuffled
from .schema import sides
from .steps import AFTER_PHASE, ESCAPED, NONE
from .strength import fighter_strength, monster_strength
from .table import ANVIL, DECKS, LOOT, MONSTER_DECKS

if TYPE_CHECKING:
    from .state import FoolsBladeState

KIND_TO_STASH = ("monster", "treasure")


def add(zones: list[tuple[int, ...]], at: int, card: int) -> None:
    """Add a card to the tuple ``zones[at]``."""
    zones[at] = (*zones[at], card)


def drop(zones: list[tuple[int, ...]], at: int, card: int) -> None:
    """Remove one copy of a card from the tuple ``zones[at]``."""
    zone = zones[at]
    i = zone.index(card)
    zones[at] = zone[:i] + zone[i + 1 :]


def set_part(state: FoolsBladeState, seat: int, slot: int, card: int) -> None:
    """Put a part (or NONE: none) in a slot of ``seat``'s weapon."""
    weapon = list(state.weapons[seat])
    weapon[slot] = card
    state.weapons[seat] = tuple(weapon)


def draw_top(state: FoolsBladeState, deck: int, events: list[Event]) -> int:
    """The top card of a deck (its trash shuffled in when it runs out), or NONE if none is left."""
    cards = state.decks[deck]
    if not cards and deck != LOOT:
        trash = state.trash[deck]
        if trash:
            cards.extend(trash)
            state.trash[deck] = ()
            state.rng.shuffle(cards)
            events.append(Reshuffled(DECKS[deck], len(cards)))
    return cards.pop() if cards else NONE


def trash_card(state: FoolsBladeState, card: int) -> None:
    """A card leaves play: to its deck's trash, or (Loot) to the bottom of the Loot deck."""
    deck = state.table.deck[card]
    if deck == LOOT:
        state.decks[LOOT].insert(0, card)
    else:
        add(state.trash, deck, card)


def into_hand(state: FoolsBladeState, seat: int, card: int) -> None:
    """A card goes face up into a hand: every seat knows it is there until it leaves."""
    state.hands[seat].append(card)
    add(state.known, seat, card)


def out_of_hand(state: FoolsBladeState, seat: int, card: int) -> None:
    """A named card leaves a hand in view of everyone (played, discarded, equipped)."""
    state.hands[seat].remove(card)
    if card in state.known[seat]:
        drop(state.known, seat, card)


def curse(state: FoolsBladeState, seat: int, card: int, events: list[Event]) -> None:
    """A Curse strikes ``seat`` at once; its `play` effects run next."""
    table = state.table
    add(state.curses, seat, card)
    add(state.curse_left, seat, table.longevity[card])
    events.append(Gained(seat, [table.ids[card]], "curses", "cursed"))
    push_triggered(state, [(e, card) for e in table.triggers[card].get("play", ())], seat)


def to_keeper(state: FoolsBladeState, seat: int, card: int) -> str:
    """A card a seat gains face up: Loot and monsters to the Stash, the rest to the hand."""
    table = state.table
    if table.kind[card] in KIND_TO_STASH or table.legendary[card]:
        add(state.stash, seat, card)
        return "stash"
    into_hand(state, seat, card)
    return "hand"


def draw_cards(
    state: FoolsBladeState, seat: int, deck: int, count: int, events: list[Event]
) -> None:
    """``seat`` draws: Loot to its Stash (face up), Curses strike at once, the rest to hand."""
    table = state.table
    if deck == LOOT:
        loot = state.decks[LOOT]
        got = [loot.pop() for _ in range(min(count, len(loot)))]
        if got:
            state.stash[seat] += tuple(got)
            ids = [table.ids[c] for c in got]
            events.append(Gained(seat, ids, "stash", "Loot", deck=DECKS[LOOT]))
        return
    drawn: list[int] = []
    for _ in range(count):
        card = draw_top(state, deck, events)
        if card < 0:
            break
        if table.kind[card] == "curse":
            curse(state, seat, card, events)
        else:
            drawn.append(card)
    if drawn:
        state.hands[seat].extend(drawn)
        # Listed in card order, as the view lists a hand: the order drawn tells nothing.
        events.append(Drew(seat, DECKS[deck], len(drawn), [table.ids[c] for c in sorted(drawn)]))


def draw_monster(state: FoolsBladeState, deck: int, events: list[Event]) -> int:
    """A summoned monster: an Approach card drawn is shuffled back and another drawn instead."""
    card = draw_top(state, deck, events)
    if card >= 0 and state.table.kind[card] == "approach":
        rest = state.decks[deck]
        other = draw_top(state, deck, events) if (rest or state.trash[deck]) else NONE
        rest.insert(state.rng.below(len(rest) + 1), card)
        return other
    return card


def monster_deck(state: FoolsBladeState) -> int:
    """The deck a `monster` modifier draws from: the monster's own, or its Approach's."""
    if state.combat_deck >= 0:
        return state.combat_deck
    return state.table.deck[state.approach] if state.approach >= 0 else MONSTER_DECKS[0]


def summon(state: FoolsBladeState, deck: int, count: int, events: list[Event]) -> list[str]:
    """Add cards of ``deck`` to the monster fought, as modifiers do; the cards added."""
    table = state.table
    added: list[str] = []
    for _ in range(count):
        if deck == LOOT:
            loot = state.decks[LOOT]
            if not loot:
                break
            card = loot.pop()
            loot.insert(0, card)  # a modifier never brings the end nearer
            state.combat_base += (
                table.strength[card] if table.kind[card] == "part" else table.value[card]
            )
        elif deck == ANVIL:
            card = draw_top(state, ANVIL, events)
            if card < 0:
                break
            add(state.trash, ANVIL, card)
            state.combat_base += table.strength[card]
        else:
            card = draw_monster(state, deck, events)
            if card < 0:
                break
            state.combat_summoned.append(card)
            state.combat_base += table.strength[card]
        added.append(table.ids[card])
    return added


def roll_dice(state: FoolsBladeState, dice: Sequence[str]) -> int:
    """The total of a roll of dice such as ``["d6", "d20"]``."""
    return sum(state.rng.randint(1, sides(die)) for die in dice)


def end_escaped(state: FoolsBladeState, events: list[Event]) -> None:
    """The monster fought goes to the bottom of its deck: the combat ends with no outcome."""
    table = state.table
    events.append(
        CombatEnded(
            state.combat_seat,
            table.ids[state.combat_card],
            monster_strength(state),
            fighter_strength(state),
            "draw",
            escaped=True,
        )
    )
    state.decks[state.combat_deck].insert(0, state.combat_card)
    for card in state.combat_summoned:
        state.decks[table.deck[card]].insert(0, card)
    state.combat_summoned = []
    state.combat_outcome = ESCAPED
    state.window = None
    state.phase = AFTER_PHASE
