"""The effect vocabulary: each primitive implemented once; targets and conditions are parameters.

Effects run as queued tasks (``state.tasks``) so that a primitive needing a choice (which card
to discard, give, steal or break) can stop and ask its seat (``state.decision``); the rest of
the queue runs after the answer.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ...core import Event
from .events import (
    CombatEnded,
    Drew,
    Fought,
    Gained,
    HandCardMoved,
    LimitChanged,
    Moved,
    Negated,
    Reshuffled,
    Revealed,
    Rolled,
    StrengthChanged,
    TurnsSkipped,
)
from .schema import sides
from .steps import (
    AFTER_PHASE,
    BREAK_DECISION,
    DISCARD_DECISION,
    GEAR_ZONE,
    GIVE_DECISION,
    HAND_ZONE,
    MONSTER,
    STASH_ZONE,
    STEAL_DECISION,
    WEAPON_ZONE,
    ZONES,
    Bonus,
    Decision,
    EffectTask,
    effect_task,
    new_decision,
)
from .strength import ELEMENT_CODE, holds, strength
from .table import ANVIL, DECK_INDEX, DECKS, LOOT, MONSTER_DECKS

if TYPE_CHECKING:
    from .state import FoolsBladeState

ZONE_INDEX = {name: i for i, name in enumerate(ZONES)}
KIND_TO_STASH = ("monster", "treasure")


def push(
    state: FoolsBladeState,
    effects: Sequence[Any],
    owner: int,
    target: int = -1,
    opponent: int = -1,
    source: int = -1,
) -> None:
    """Queue effects to run next, in order, before any work already queued."""
    if effects:
        state.tasks[0:0] = [effect_task((e, owner, target, opponent, source, -1)) for e in effects]


def push_triggered(state: FoolsBladeState, found: Sequence[tuple[Any, int]], owner: int) -> None:
    """Queue triggered effects of ``owner``'s cards in play, each with its own card."""
    if found:
        state.tasks[0:0] = [effect_task((e, owner, -1, -1, card, -1)) for e, card in found]


def order(state: FoolsBladeState) -> list[int]:
    """Every seat in turn order from the active player."""
    n = state.players
    return [(state.active + k) % n for k in range(n)]


def targets(state: FoolsBladeState, who: str, owner: int, target: int, opponent: int) -> list[int]:
    """The seats ``who`` names for an effect of ``owner``, in turn order."""
    if who == "self":
        return [owner]
    if who == "chosen":
        return [target] if target >= 0 else []
    if who == "each":
        return order(state)
    if who == "others":
        return [s for s in order(state) if s != owner]
    if who == "active":
        return [state.active]
    if who == "fighter":
        return [state.combat_seat] if state.combat_seat >= 0 else []
    return [opponent] if opponent >= 0 else []


def run_effect(state: FoolsBladeState, task: EffectTask, events: list[Event]) -> None:
    """Run one queued effect: check its condition, then apply it to each seat it names."""
    effect, owner, target, opponent, source, seat = task
    state.source = source
    if seat < 0:
        if effect.if_ is not None and not holds(state, effect.if_, owner):
            return
        who = getattr(effect, "who", None)
        if who is None or who == "monster":
            PRIMITIVES[effect.do](state, effect, owner, MONSTER, task, events)
            return
        seats = targets(state, who, owner, target, opponent)
        if len(seats) != 1:
            state.tasks[0:0] = [
                effect_task((effect, owner, target, opponent, source, s)) for s in seats
            ]
            return
        seat = seats[0]
    PRIMITIVES[effect.do](state, effect, owner, seat, task, events)


# -- moving cards ---------------------------------------------------------------------------
# Trash piles and the per-seat weapon, gear, stash, curses and known cards are tuples, replaced
# on change, so that ``clone`` copies only the outer list (they change far less often than
# states are cloned).


def add(zones: list[tuple[int, ...]], at: int, card: int) -> None:
    """Add a card to the tuple ``zones[at]``."""
    zones[at] = (*zones[at], card)


def drop(zones: list[tuple[int, ...]], at: int, card: int) -> None:
    """Remove one copy of a card from the tuple ``zones[at]``."""
    zone = zones[at]
    i = zone.index(card)
    zones[at] = zone[:i] + zone[i + 1 :]


def set_part(state: FoolsBladeState, seat: int, slot: int, card: int) -> None:
    """Put a part (or -1: none) in a slot of ``seat``'s weapon."""
    weapon = list(state.weapons[seat])
    weapon[slot] = card
    state.weapons[seat] = tuple(weapon)


def draw_top(state: FoolsBladeState, deck: int, events: list[Event]) -> int:
    """The top card of a deck (its trash shuffled in when it runs out), or -1 if none is left."""
    cards = state.decks[deck]
    if not cards and deck != LOOT:
        trash = state.trash[deck]
        if trash:
            cards.extend(trash)
            state.trash[deck] = ()
            state.rng.shuffle(cards)
            events.append(Reshuffled(DECKS[deck], len(cards)))
    return cards.pop() if cards else -1


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
    add(state.curse_left, seat, table.cards[card].longevity)
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
            events.append(Gained(seat, [table.ids[c] for c in got], "stash", "Loot"))
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
        other = draw_top(state, deck, events) if (rest or state.trash[deck]) else -1
        rest.insert(state.rng.below(len(rest) + 1), card)
        return other
    return card


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
    from .strength import fighter_strength, monster_strength

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
    state.combat_outcome = 3
    state.window = None
    state.phase = AFTER_PHASE


# -- choices ----------------------------------------------------------------------------------


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
        chosen(state, decision, card, events)
        count -= 1


def chosen(state: FoolsBladeState, decision: Decision, card: int, events: list[Event]) -> None:
    """Move one card named by a decision."""
    kind, seat, _, other, zone, _, _ = decision
    table = state.table
    name = table.ids[card]
    if kind == DISCARD_DECISION:
        if zone == HAND_ZONE:
            out_of_hand(state, seat, card)
        else:
            drop(state.stash, seat, card)
        trash_card(state, card)
        events.append(Moved(seat, [name], "the trash", f"discarded from {ZONES[zone]}"))
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
        set_part(state, other, table.part[card], -1)
    elif zone == GEAR_ZONE:
        drop(state.gear, other, card)
    elif zone == STASH_ZONE:
        drop(state.stash, other, card)
    else:
        state.hands[other].remove(card)
        state.known[other] = ()
    if kind == BREAK_DECISION:
        trash_card(state, card)
        events.append(Moved(other, [name], "the trash", "broken by", seat))
    elif zone == HAND_ZONE:
        state.hands[seat].append(card)
        events.append(HandCardMoved(seat, other, "stole", name))
        events.append(HandCardMoved(other, seat, "lost", name))
    else:
        where = to_keeper(state, seat, card)
        events.append(Gained(seat, [name], where, "stolen from", other))


# -- the primitives -----------------------------------------------------------------------------

Primitive = Callable[["FoolsBladeState", Any, int, int, EffectTask, list[Event]], None]


def _draw(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    draw_cards(state, seat, DECK_INDEX[e.deck], e.count, ev)


def _reveal(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    table = state.table
    deck = DECK_INDEX[e.deck]
    cards = [c for c in (draw_top(state, deck, ev) for _ in range(e.count)) if c >= 0]
    kept = [c for c in cards if e.keep is None or table.kind[c] in e.keep]
    ev.append(Revealed(seat, e.deck, [table.ids[c] for c in cards], [table.ids[c] for c in kept]))
    for card in cards:
        if e.keep is not None and table.kind[card] not in e.keep:
            trash_card(state, card)
        elif table.kind[card] == "curse":
            curse(state, seat, card, ev)
        else:
            into_hand(state, seat, card)


def _discard(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    zone = ZONE_INDEX[e.from_]
    deck = DECK_INDEX[e.deck] if e.deck is not None else -1
    choose(
        state,
        new_decision((DISCARD_DECISION, seat, e.count, -1, zone, deck, e.kind or "")),
        ev,
        e.random,
    )


def _steal(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    if seat != owner:
        zone = ZONE_INDEX[e.from_]
        choose(
            state,
            new_decision((STEAL_DECISION, owner, e.count, seat, zone, -1, "")),
            ev,
            e.random or zone == HAND_ZONE,
        )


def _give(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    if seat != owner:
        choose(
            state,
            new_decision((GIVE_DECISION, owner, e.count, seat, HAND_ZONE, -1, "")),
            ev,
            e.random,
        )


def _break(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    zone = ZONE_INDEX[e.from_]
    choose(state, new_decision((BREAK_DECISION, owner, e.count, seat, zone, -1, "")), ev, e.random)


def add_bonus(
    state: FoolsBladeState, seat: int, amount: int, element: str, duration: str | None
) -> StrengthChanged:
    """A strength bonus for a seat (or ``MONSTER``) lasting the combat or the turn."""
    lasting = 1 if duration == "turn" else 0
    state.bonuses.append(Bonus(seat, amount, ELEMENT_CODE[element], lasting))
    return StrengthChanged(
        None if seat == MONSTER else seat, amount, element, "turn" if lasting else "combat"
    )


def _strength(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    ev.append(add_bonus(state, seat, e.amount, e.element, e.duration))


def _roll(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    state.roll = total = roll_dice(state, e.dice)
    ev.append(Rolled(owner if seat == MONSTER else seat, list(e.dice), total, seat == MONSTER))
    if e.add:
        ev.append(add_bonus(state, seat, total, e.element, e.duration))


def _hand_limit(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    if e.duration == "turn":
        state.hand_bonus[seat] += e.amount
    else:
        state.limit_mod[seat] += e.amount
    ev.append(LimitChanged(seat, e.amount, e.duration or "lasting"))


def _skip_turn(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    state.skips[seat] += e.count
    ev.append(TurnsSkipped(seat, e.count))


def _negate(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    pending = state.pending
    if pending is not None and not pending.negated:
        state.pending = pending._replace(negated=True)
        ev.append(Negated(pending.seat, state.table.ids[pending.card]))


def _fight(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    if seat == owner:
        return
    mine, theirs = strength(state, owner, -1), strength(state, seat, -1)
    winner = owner if mine > theirs else seat if theirs > mine else -1
    ev.append(Fought(owner, seat, mine, theirs, None if winner < 0 else winner))
    if winner >= 0:
        loser = seat if winner == owner else owner
        source = task.source
        push(state, e.lose, loser, -1, winner, source)
        push(state, e.win, winner, -1, loser, source)


def _bottom(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    # In a Lose effect the combat's resolution already put the monster at the bottom.
    if state.combat_seat >= 0 and state.combat_deck >= 0 and state.combat_outcome < 0:
        end_escaped(state, ev)


def _summon(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    if state.combat_seat < 0 or state.combat_outcome >= 0:
        return
    deck = DECK_INDEX[e.deck] if e.deck != "same" else monster_deck(state)
    added = summon(state, deck, e.count, ev)
    if added:
        ev.append(Moved(None, added, "the monster's strength", "summoned"))


def weapon_set(state: FoolsBladeState, seat: int) -> str:
    """The set most of ``seat``'s assembled parts belong to (ties: the one nearest the Blade
    in the order Blade, Guard, Handle, Pommel), or "" for an empty weapon."""
    sets = [state.table.part_set[p] for p in state.weapons[seat] if p >= 0]
    return max(sets, key=lambda s: (sets.count(s), -sets.index(s)), default="")


def sought(state: FoolsBladeState, seat: int, count: int) -> list[int]:
    """The parts a `seek` of ``count`` would take for ``seat``, from the top of the Anvil deck:
    parts of its weapon's set for its empty slots first, then for slots holding another set."""
    table = state.table
    wanted = weapon_set(state, seat)
    if not wanted:
        return []
    weapon = state.weapons[seat]
    deck = state.decks[ANVIL]
    found: list[int] = []
    for slots in (
        {s for s, p in enumerate(weapon) if p < 0},
        {s for s, p in enumerate(weapon) if p >= 0 and table.part_set[p] != wanted},
    ):
        for at in range(len(deck) - 1, -1, -1):  # the top of a deck is its end
            card = deck[at]
            if len(found) == count:
                return found
            if table.part_set[card] == wanted and table.part[card] in slots and card not in found:
                found.append(card)
                slots.discard(table.part[card])
    return found


def _seek(
    state: FoolsBladeState, e: Any, owner: int, seat: int, task: EffectTask, ev: list[Event]
) -> None:
    found = sought(state, seat, e.count)
    for card in found:
        state.decks[ANVIL].remove(card)
        into_hand(state, seat, card)
    if found:
        ev.append(
            Gained(seat, [state.table.ids[c] for c in found], "hand", "sought in the Anvil deck")
        )


def monster_deck(state: FoolsBladeState) -> int:
    """The deck a `monster` modifier draws from: the monster's own, or its Approach's."""
    if state.combat_deck >= 0:
        return state.combat_deck
    return state.table.deck[state.approach] if state.approach >= 0 else MONSTER_DECKS[0]


PRIMITIVES: dict[str, Primitive] = {
    "draw": _draw,
    "reveal": _reveal,
    "discard": _discard,
    "steal": _steal,
    "give": _give,
    "break": _break,
    "strength": _strength,
    "roll": _roll,
    "hand_limit": _hand_limit,
    "skip_turn": _skip_turn,
    "negate": _negate,
    "fight": _fight,
    "bottom": _bottom,
    "summon": _summon,
    "seek": _seek,
}


# -- plays that can do nothing ------------------------------------------------------------------


def can_apply(
    state: FoolsBladeState, effects: Sequence[Any], owner: int, target: int, card: int, spent: int
) -> bool:
    """Whether some effect of a card or ability played now by ``owner`` (on ``target``) can
    do anything, once the card played (-1: an ability) and ``spent`` more cards (an
    ability's cost) have left the owner's hand. A condition on the roll to come is taken as
    holding; a primitive this check does not know is taken as able."""
    gone = (card, spent)
    for e in effects:  # noqa: SIM110  # a loop, not ``any``: no generator on a hot path
        if _can(state, e, owner, target, -1, gone):
            return True
    return False


NOTHING_GONE = (-1, 0)


def _left(state: FoolsBladeState, cards: Sequence[int], gone: tuple[int, int]) -> int:
    """How many of ``cards`` (in the owner's hand) are left once ``gone`` has left it."""
    card, spent = gone
    return len(cards) - (card in cards) - spent


def _can(
    state: FoolsBladeState, e: Any, owner: int, target: int, opponent: int, gone: tuple[int, int]
) -> bool:
    """Whether one effect can do anything now."""
    if e.if_ is not None and "roll" not in e.if_ and not holds(state, e.if_, owner):
        return False
    do = e.do
    fighting = state.combat_seat >= 0 and state.combat_outcome < 0
    if do == "bottom":
        return fighting and state.combat_deck >= 0  # a Boss card never slips back under a deck
    if do == "summon":
        return fighting
    if do == "seek":
        who = getattr(e, "who", "self")
        return any(sought(state, s, 1) for s in targets(state, who, owner, target, opponent))
    if do == "negate":
        return state.pending is not None and not state.pending.negated
    if do == "roll":
        return bool(e.add)  # a roll that adds nothing only feeds the conditions after it
    who = getattr(e, "who", None)
    if who is None or who == "monster":
        return True
    seats = targets(state, who, owner, target, opponent)
    if do == "steal" and e.from_ == "hand":  # the most common check, made short
        hands = state.hands
        return any(seat != owner and hands[seat] for seat in seats)
    if do == "fight":
        # Something of the winner's or the loser's effects, whichever side wins.
        for other in seats:
            if other == owner:
                continue
            for winner, loser in ((owner, other), (other, owner)):
                if any(
                    _can(state, w, winner, -1, loser, gone if winner == owner else NOTHING_GONE)
                    for w in e.win
                ) or any(
                    _can(state, x, loser, -1, winner, gone if loser == owner else NOTHING_GONE)
                    for x in e.lose
                ):
                    return True
        return False
    if do in ("draw", "reveal"):
        deck = DECK_INDEX[e.deck]
        return bool(seats) and bool(state.decks[deck] or (deck != LOOT and state.trash[deck]))
    if do == "give":
        return _left(state, state.hands[owner], gone) > 0 and any(s != owner for s in seats)
    if do in ("discard", "steal", "break"):
        zone = ZONE_INDEX[e.from_]
        for seat in seats:
            if do == "discard":
                deck = DECK_INDEX[e.deck] if e.deck is not None else -1
                decision: Decision = new_decision(
                    (DISCARD_DECISION, seat, 1, -1, zone, deck, e.kind or "")
                )
            elif seat == owner and do == "steal":
                continue
            else:
                kind = STEAL_DECISION if do == "steal" else BREAK_DECISION
                decision = new_decision((kind, owner, 1, seat, zone, -1, ""))
            cards = eligible(state, decision)
            mine = seat == owner and zone == HAND_ZONE
            if (_left(state, cards, gone) if mine else len(cards)) > 0:
                return True
        return False
    return bool(seats)


# -- impossible Lose effects -------------------------------------------------------------------


def possible(state: FoolsBladeState, effects: Sequence[Any], owner: int) -> bool:
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
        for seat in targets(state, who, owner, -1, -1):
            decision: Decision | None = None
            need = getattr(e, "count", 1)
            if e.do == "discard":
                deck = DECK_INDEX[e.deck] if e.deck is not None else -1
                zone = ZONE_INDEX[e.from_]
                decision = new_decision((DISCARD_DECISION, seat, 0, -1, zone, deck, e.kind or ""))
                place = (seat, zone)
            elif e.do == "give" and seat != owner:
                # Every give comes out of the owner's hand, whoever receives it.
                decision = new_decision((GIVE_DECISION, owner, 0, -1, HAND_ZONE, -1, ""))
                place = (owner, HAND_ZONE)
            elif e.do == "break":
                decision = new_decision(
                    (BREAK_DECISION, owner, 0, seat, ZONE_INDEX[e.from_], -1, "")
                )
                place = (seat, ZONE_INDEX[e.from_])
            elif e.do == "steal" and seat != owner:
                decision = new_decision(
                    (STEAL_DECISION, owner, 0, seat, ZONE_INDEX[e.from_], -1, "")
                )
                place = (seat, ZONE_INDEX[e.from_])
                need = 1
            if decision is not None:
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
        return 4 - state.weapons[seat].count(-1)
    return len(state.gear[seat] if zone == GEAR_ZONE else state.stash[seat])
