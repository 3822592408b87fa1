"""The effect primitives, each implemented once; targets and conditions are parameters.

One class a primitive (the contract and its traits are in ``vocabulary.py``): its model (the
fields a card file gives it, ``schema.py``), its traits, what it does (``run``), its text,
whether it can do anything now (``can_apply``, so that a play that would do nothing is not
offered), whether it can be paid as a cost (``payable``), what a Lose effect of it takes
(``demand``) and what it is worth to a bot (``value``). Running and checking effects goes
through ``dispatch.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from . import schema
from .choices import choose, eligible
from .effects import push, targets
from .events import (
    Fought,
    Gained,
    LimitChanged,
    Moved,
    Negated,
    Revealed,
    Rolled,
    SoughtNothing,
    StrengthChanged,
    TurnsSkipped,
)
from .movement import (
    curse,
    draw_cards,
    draw_top,
    end_escaped,
    into_hand,
    monster_deck,
    roll_dice,
    summon,
    trash_card,
)
from .steps import (
    BREAK_DECISION,
    DISCARD_DECISION,
    GIVE_DECISION,
    HAND_ZONE,
    MONSTER,
    NONE,
    STEAL_DECISION,
    ZONES,
    Bonus,
    Decision,
    make,
)
from .strength import ELEMENT_CODE, holds, strength
from .table import ANVIL, DECK_INDEX, LOOT
from .texts import describe, plural
from .vocabulary import (
    NOTHING_GONE,
    PRIMITIVES,
    Context,
    Demand,
    Judge,
    Primitive,
    complete,
)

if TYPE_CHECKING:
    from .state import FoolsBladeState

ZONE_INDEX = {name: i for i, name in enumerate(ZONES)}


# -- helpers of the primitives ------------------------------------------------------------------


def add_bonus(
    state: FoolsBladeState, seat: int, amount: int, element: str, duration: str | None
) -> StrengthChanged:
    """A strength bonus for a seat (or ``MONSTER``) lasting the combat or the turn."""
    lasting = 1 if duration == "turn" else 0
    bonus = (seat, amount, ELEMENT_CODE[element], lasting, state.source)
    state.bonuses.append(make(Bonus, bonus))
    return StrengthChanged(
        None if seat == MONSTER else seat, amount, element, "turn" if lasting else "combat"
    )


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


def _left(cards: Sequence[int], gone: tuple[int, int]) -> int:
    """How many of ``cards`` (in the owner's hand) are left once ``gone`` has left it."""
    card, spent = gone
    return len(cards) - (card in cards) - spent


def _some_left(state: FoolsBladeState, decision: Decision, gone: tuple[int, int] | None) -> bool:
    """Whether a decision would find a card to name (``gone``: the cards are in the owner's
    hand, and these have left it; ``None``: the cards are elsewhere)."""
    cards = eligible(state, decision)
    return (len(cards) if gone is None else _left(cards, gone)) > 0


def _fighting(state: FoolsBladeState) -> bool:
    """Whether a combat is on and not yet resolved."""
    return state.combat_seat >= 0 and state.combat_outcome < 0


# -- the primitives -----------------------------------------------------------------------------


class DrawPrimitive(Primitive[schema.Draw]):
    """``draw``: cards of a deck into the hand (Loot to the Stash, Curses strike)."""

    model = schema.Draw
    always = True
    continuous = adds_strength = negates = cost = escapes = names_other = False

    def run(self, effect: schema.Draw, seat: int, context: Context) -> None:
        """``seat`` draws."""
        draw_cards(context.state, seat, DECK_INDEX[effect.deck], effect.count, context.events)

    def text(self, effect: schema.Draw, who: str) -> str:
        """ "you draw 2 tavern cards"."""
        verb = "draw" if who == "you" else "draws"
        return f"{who} {verb} {plural(effect.count, effect.deck + ' card')}"

    def can_apply(self, effect: schema.Draw, context: Context) -> bool:
        """A seat named, and a card to draw (from the trash, unless from the Loot deck)."""
        state, owner, target, opponent, _, _, _ = context
        deck = DECK_INDEX[effect.deck]
        return bool(targets(state, effect.who, owner, target, opponent)) and bool(
            state.decks[deck] or (deck != LOOT and state.trash[deck])
        )

    def always_able(self, effect: schema.Draw) -> bool:
        """Unless from the Loot deck: the other decks refill from their trash (the cards of
        one of them are never all in hands and play at once in a real game)."""
        return effect.deck != "loot"

    def value(self, effect: schema.Draw, judge: Judge) -> float:
        """The cards drawn."""
        return judge.cards(effect, effect.count)


class RevealPrimitive(Primitive[schema.Reveal]):
    """``reveal``: cards of a deck shown to all; those of a kind kept, the rest trashed."""

    model = schema.Reveal
    always = True
    continuous = adds_strength = negates = cost = escapes = names_other = False

    def run(self, effect: schema.Reveal, seat: int, context: Context) -> None:
        """``seat`` reveals, keeps and trashes."""
        state, events = context.state, context.events
        table = state.table
        keep = effect.keep
        deck = DECK_INDEX[effect.deck]
        cards = [c for c in (draw_top(state, deck, events) for _ in range(effect.count)) if c >= 0]
        kept = [c for c in cards if keep is None or table.kind[c] in keep]
        events.append(
            Revealed(seat, effect.deck, [table.ids[c] for c in cards], [table.ids[c] for c in kept])
        )
        for card in cards:
            if keep is not None and table.kind[card] not in keep:
                trash_card(state, card)
            elif table.kind[card] == "curse":
                curse(state, seat, card, events)
            else:
                into_hand(state, seat, card)

    def text(self, effect: schema.Reveal, who: str) -> str:
        """ "you reveal 3 anvil cards, keeping part cards"."""
        keep = "" if effect.keep is None else f", keeping {'/'.join(effect.keep)} cards"
        return f"{who} reveal {plural(effect.count, effect.deck + ' card')}{keep}"

    def can_apply(self, effect: schema.Reveal, context: Context) -> bool:
        """A seat named, and a card to reveal (from the trash, unless from the Loot deck)."""
        state, owner, target, opponent, _, _, _ = context
        deck = DECK_INDEX[effect.deck]
        return bool(targets(state, effect.who, owner, target, opponent)) and bool(
            state.decks[deck] or (deck != LOOT and state.trash[deck])
        )

    def value(self, effect: schema.Reveal, judge: Judge) -> float:
        """The cards shown and kept."""
        return judge.reveal(effect)


class DiscardPrimitive(Primitive[schema.Discard]):
    """``discard``: cards from a hand or Stash to their trash."""

    model = schema.Discard
    always = False
    continuous = adds_strength = negates = escapes = names_other = False
    cost = True

    def run(self, effect: schema.Discard, seat: int, context: Context) -> None:
        """``seat`` discards (its choice, or at random)."""
        decision = self.decision(effect, seat, effect.count)
        choose(context.state, decision, context.events, effect.random)

    def decision(self, effect: schema.Discard, seat: int, count: int) -> Decision:
        """The choice of ``count`` cards ``seat`` discards."""
        zone = ZONE_INDEX[effect.from_]
        deck = DECK_INDEX[effect.deck] if effect.deck is not None else NONE
        return make(Decision, (DISCARD_DECISION, seat, count, NONE, zone, deck, effect.kind or ""))

    def text(self, effect: schema.Discard, who: str) -> str:
        """ "you discard 2 cards from hand at random"."""
        what = plural(effect.count, (effect.deck or effect.kind or "") + " card")
        how = " at random" if effect.random else ""
        return f"{who} discard {what.replace('  ', ' ').strip()} from {effect.from_}{how}"

    def can_apply(self, effect: schema.Discard, context: Context) -> bool:
        """A seat named has a card to discard."""
        state, owner, target, opponent, _, gone, _ = context
        mine = effect.from_ == "hand"
        for seat in targets(state, effect.who, owner, target, opponent):
            decision = self.decision(effect, seat, 1)
            if _some_left(state, decision, gone if mine and seat == owner else None):
                return True
        return False

    def payable(self, state: FoolsBladeState, effect: schema.Discard, seat: int) -> bool:
        """``seat`` has the cards to discard."""
        return len(eligible(state, self.decision(effect, seat, effect.count))) >= effect.count

    def demand(self, effect: schema.Discard, owner: int, seat: int) -> Demand:
        """``seat``'s cards of the kind asked, from the zone asked."""
        decision = self.decision(effect, seat, 0)
        return Demand(decision, (seat, decision.zone), effect.count)

    def hand_cost(self, effect: schema.Discard) -> int:
        """The cards discarded, if from the hand."""
        return effect.count if effect.from_ == "hand" else 0

    def value(self, effect: schema.Discard, judge: Judge) -> float:
        """The seats named lose cards."""
        return judge.discard(effect)


class StealPrimitive(Primitive[schema.Steal]):
    """``steal``: the owner takes cards of another seat's hand, weapon, gear or Stash."""

    model = schema.Steal
    always = False
    continuous = adds_strength = negates = cost = escapes = False
    names_other = True

    def run(self, effect: schema.Steal, seat: int, context: Context) -> None:
        """The owner takes from ``seat`` (from a hand always at random)."""
        if seat != context.owner:
            zone = ZONE_INDEX[effect.from_]
            choose(
                context.state,
                Decision(
                    kind=STEAL_DECISION,
                    chooser=context.owner,
                    left=effect.count,
                    other=seat,
                    zone=zone,
                ),
                context.events,
                effect.random or zone == HAND_ZONE,
            )

    def text(self, effect: schema.Steal, who: str) -> str:
        """ "steal 1 card from each other player's hand at random"."""
        how = " at random" if effect.random or effect.from_ == "hand" else ""
        return f"steal {plural(effect.count, 'card')} from {who}'s {effect.from_}{how}"

    def can_apply(self, effect: schema.Steal, context: Context) -> bool:
        """Another seat named has a card there."""
        state, owner, target, opponent, _, _, _ = context
        seats = targets(state, effect.who, owner, target, opponent)
        if effect.from_ == "hand":  # the most common check, made short
            hands = state.hands
            return any(seat != owner and hands[seat] for seat in seats)
        zone = ZONE_INDEX[effect.from_]
        for seat in seats:
            decision = make(Decision, (STEAL_DECISION, owner, 1, seat, zone, NONE, ""))
            if seat != owner and _some_left(state, decision, None):
                return True
        return False

    def demand(self, effect: schema.Steal, owner: int, seat: int) -> Demand | None:
        """One card of another seat's zone: what is there is taken, up to the count."""
        if seat == owner:
            return None
        zone = ZONE_INDEX[effect.from_]
        decision = Decision(kind=STEAL_DECISION, chooser=owner, left=0, other=seat, zone=zone)
        return Demand(decision, (seat, zone), 1)

    def value(self, effect: schema.Steal, judge: Judge) -> float:
        """The cards taken."""
        return judge.take(effect)


class GivePrimitive(Primitive[schema.Give]):
    """``give``: the owner gives cards of its hand to other seats."""

    model = schema.Give
    always = False
    continuous = adds_strength = negates = escapes = False
    cost = names_other = True

    def run(self, effect: schema.Give, seat: int, context: Context) -> None:
        """The owner gives to ``seat``."""
        if seat != context.owner:
            choose(
                context.state,
                make(
                    Decision,
                    (GIVE_DECISION, context.owner, effect.count, seat, HAND_ZONE, NONE, ""),
                ),
                context.events,
                effect.random,
            )

    def text(self, effect: schema.Give, who: str) -> str:
        """ "give 1 card from your hand to a chosen player"."""
        return f"give {plural(effect.count, 'card')} from your hand to {who}"

    def can_apply(self, effect: schema.Give, context: Context) -> bool:
        """The owner has a card left and another seat is named."""
        state, owner, target, opponent, _, gone, _ = context
        seats = targets(state, effect.who, owner, target, opponent)
        return _left(state.hands[owner], gone) > 0 and any(s != owner for s in seats)

    def payable(self, state: FoolsBladeState, effect: schema.Give, seat: int) -> bool:
        """``seat`` holds the cards to give."""
        return len(state.hands[seat]) >= effect.count

    def demand(self, effect: schema.Give, owner: int, seat: int) -> Demand | None:
        """The owner's cards in hand, whichever other seat receives them (so gives add up)."""
        if seat == owner:
            return None
        decision = Decision(kind=GIVE_DECISION, chooser=owner, left=0, other=NONE, zone=HAND_ZONE)
        return Demand(decision, (owner, HAND_ZONE), effect.count)

    def hand_cost(self, effect: schema.Give) -> int:
        """The cards given."""
        return effect.count

    def value(self, effect: schema.Give, judge: Judge) -> float:
        """The cards given away."""
        return judge.give(effect)


class BreakPrimitive(Primitive[schema.Break]):
    """``break``: equipped cards to their trash (Legendary parts never break)."""

    model = schema.Break
    always = False
    continuous = adds_strength = negates = escapes = names_other = False
    cost = True

    def run(self, effect: schema.Break, seat: int, context: Context) -> None:
        """The owner breaks ``seat``'s cards."""
        decision = self.decision(effect, context.owner, seat, effect.count)
        choose(context.state, decision, context.events, effect.random)

    def decision(self, effect: schema.Break, owner: int, seat: int, count: int) -> Decision:
        """The choice of ``count`` of ``seat``'s cards ``owner`` breaks."""
        zone = ZONE_INDEX[effect.from_]
        return make(Decision, (BREAK_DECISION, owner, count, seat, zone, NONE, ""))

    def text(self, effect: schema.Break, who: str) -> str:
        """ "break 1 card of your weapon"."""
        return f"break {plural(effect.count, 'card')} of {who}'s {effect.from_}"

    def can_apply(self, effect: schema.Break, context: Context) -> bool:
        """A seat named has a card there that can break."""
        state, owner, target, opponent, _, _, _ = context
        for seat in targets(state, effect.who, owner, target, opponent):
            if _some_left(state, self.decision(effect, owner, seat, 1), None):
                return True
        return False

    def payable(self, state: FoolsBladeState, effect: schema.Break, seat: int) -> bool:
        """``seat`` has the cards to break."""
        decision = self.decision(effect, seat, seat, effect.count)
        return len(eligible(state, decision)) >= effect.count

    def demand(self, effect: schema.Break, owner: int, seat: int) -> Demand:
        """``seat``'s cards that can break, in the zone asked."""
        decision = self.decision(effect, owner, seat, 0)
        return Demand(decision, (seat, decision.zone), effect.count)

    def value(self, effect: schema.Break, judge: Judge) -> float:
        """The seats named lose equipped cards."""
        return judge.breaks(effect)


class StrengthPrimitive(Primitive[schema.Strength]):
    """``strength``: a bonus for a seat or the monster (lasting, on a card in play)."""

    model = schema.Strength
    always = True
    continuous = adds_strength = True
    negates = cost = escapes = names_other = False

    def run(self, effect: schema.Strength, seat: int, context: Context) -> None:
        """The bonus for ``seat`` (or the monster)."""
        bonus = add_bonus(context.state, seat, effect.amount, effect.element, effect.duration)
        context.events.append(bonus)

    def text(self, effect: schema.Strength, who: str) -> str:
        """ "you +2 fire strength this combat"."""
        element = "" if effect.element == "neutral" else f" {effect.element}"
        lasting = {"combat": " this combat", "turn": " this turn"}.get(effect.duration or "", "")
        return f"{who} {effect.amount:+d}{element} strength{lasting}"

    def mean_strength(self, effect: schema.Strength) -> float:
        """Its amount."""
        return float(effect.amount)

    def value(self, effect: schema.Strength, judge: Judge) -> float:
        """The strength added."""
        return judge.strength(effect, float(effect.amount))


class RollPrimitive(Primitive[schema.Roll]):
    """``roll``: dice rolled, the total remembered and (unless ``add`` is false) added."""

    model = schema.Roll
    always = True
    continuous = adds_strength = negates = cost = escapes = names_other = False

    def run(self, effect: schema.Roll, seat: int, context: Context) -> None:
        """Roll; the total as strength of ``seat`` (or the monster)."""
        state, events = context.state, context.events
        state.roll = total = roll_dice(state, effect.dice)
        monster = seat == MONSTER
        events.append(Rolled(context.owner if monster else seat, list(effect.dice), total, monster))
        if effect.add:
            events.append(add_bonus(state, seat, total, effect.element, effect.duration))

    def text(self, effect: schema.Roll, who: str) -> str:
        """ "roll d6 + d6: you gain that much strength"."""
        dice = " + ".join(effect.dice)
        return f"roll {dice}" + (f": {who} gain that much strength" if effect.add else "")

    def can_apply(self, effect: schema.Roll, context: Context) -> bool:
        """Only if it adds: a roll that adds nothing only feeds the conditions after it."""
        return effect.add

    def always_able(self, effect: schema.Roll) -> bool:
        """If it adds."""
        return effect.add

    def mean_strength(self, effect: schema.Roll) -> float:
        """The dice's mean total, if it adds."""
        return sum((schema.sides(d) + 1) / 2 for d in effect.dice) if effect.add else 0.0

    def value(self, effect: schema.Roll, judge: Judge) -> float:
        """The strength added, at the dice's mean; nothing if it adds none."""
        return judge.strength(effect, self.mean_strength(effect)) if effect.add else 0.0


class HandLimitPrimitive(Primitive[schema.HandLimit]):
    """``hand_limit``: a seat's hand limit changes, lastingly or for the turn."""

    model = schema.HandLimit
    always = True
    continuous = cost = True
    adds_strength = negates = escapes = names_other = False

    def run(self, effect: schema.HandLimit, seat: int, context: Context) -> None:
        """``seat``'s limit changes."""
        state = context.state
        if effect.duration == "turn":
            state.hand_bonus[seat] += effect.amount
        else:
            state.limit_mod[seat] += effect.amount
        context.events.append(LimitChanged(seat, effect.amount, effect.duration or "lasting"))

    def text(self, effect: schema.HandLimit, who: str) -> str:
        """ "your hand limit +1"."""
        whose = "your" if who == "you" else f"{who}'s"
        return f"{whose} hand limit {effect.amount:+d}"

    def value(self, effect: schema.HandLimit, judge: Judge) -> float:
        """The limit changed."""
        return judge.limit(effect)


class SkipTurnPrimitive(Primitive[schema.SkipTurn]):
    """``skip_turn``: a seat skips its next turns."""

    model = schema.SkipTurn
    always = True
    continuous = adds_strength = negates = escapes = names_other = False
    cost = True

    def run(self, effect: schema.SkipTurn, seat: int, context: Context) -> None:
        """``seat`` will skip."""
        context.state.skips[seat] += effect.count
        context.events.append(TurnsSkipped(seat, effect.count))

    def text(self, effect: schema.SkipTurn, who: str) -> str:
        """ "you skip the next 1 turn"."""
        return f"{who} skip the next {plural(effect.count, 'turn')}"

    def value(self, effect: schema.SkipTurn, judge: Judge) -> float:
        """The seats named lose turns."""
        return judge.skip(effect)


class NegatePrimitive(Primitive[schema.Negate]):
    """``negate``: the card or ability being answered is cancelled."""

    model = schema.Negate
    always = False
    continuous = adds_strength = cost = escapes = names_other = False
    negates = True

    def run(self, effect: schema.Negate, seat: int, context: Context) -> None:
        """The pending play is negated (once)."""
        state = context.state
        pending = state.pending
        if pending is not None and not pending.negated:
            state.pending = pending._replace(negated=True)
            context.events.append(Negated(pending.seat, state.table.ids[pending.card]))

    def text(self, effect: schema.Negate, who: str) -> str:
        """The one phrase of a negate."""
        return "negate the card or ability being played"

    def can_apply(self, effect: schema.Negate, context: Context) -> bool:
        """A play is pending and not negated yet."""
        pending = context.state.pending
        return pending is not None and not pending.negated

    def value(self, effect: schema.Negate, judge: Judge) -> float:
        """The play cancelled."""
        return judge.negate(effect)


class FightPrimitive(Primitive[schema.Fight]):
    """``fight``: the owner against another seat, weapon against weapon; the winner applies
    ``win``, the loser ``lose``."""

    model = schema.Fight
    always = False
    continuous = adds_strength = negates = cost = escapes = False
    names_other = True

    def run(self, effect: schema.Fight, seat: int, context: Context) -> None:
        """The owner fights ``seat``; a draw does nothing."""
        state, owner = context.state, context.owner
        if seat == owner:
            return
        mine, theirs = strength(state, owner, NONE), strength(state, seat, NONE)
        winner = owner if mine > theirs else seat if theirs > mine else NONE
        context.events.append(Fought(owner, seat, mine, theirs, None if winner < 0 else winner))
        if winner >= 0:
            loser = seat if winner == owner else owner
            push(state, effect.lose, loser, NONE, winner, context.source)
            push(state, effect.win, winner, NONE, loser, context.source)

    def text(self, effect: schema.Fight, who: str) -> str:
        """ "fight a chosen player: the winner: ...; the loser: ..."."""
        win = "; ".join(describe(e) for e in effect.win) or "nothing"
        lose = "; ".join(describe(e) for e in effect.lose) or "nothing"
        return f"fight {who}: the winner: {win}; the loser: {lose}"

    def can_apply(self, effect: schema.Fight, context: Context) -> bool:
        """Something of the winner's or the loser's effects, whichever side wins."""
        owner = context.owner
        for other in targets(
            context.state, effect.who, context.owner, context.target, context.opponent
        ):
            if other == owner:
                continue
            for winner, loser in ((owner, other), (other, owner)):
                if any(able(e, _side(context, winner, loser)) for e in effect.win) or any(
                    able(e, _side(context, loser, winner)) for e in effect.lose
                ):
                    return True
        return False

    def nested(self, effect: schema.Fight) -> Sequence[schema.Effect]:
        """The Win effects, then the Lose effects."""
        return [*effect.win, *effect.lose]

    def value(self, effect: schema.Fight, judge: Judge) -> float:
        """The fight."""
        return judge.fight(effect)


def _side(context: Context, seat: int, opponent: int) -> Context:
    """The check of one side of a fight: ``seat``'s effects against ``opponent``, the cards
    gone from the hand counted only for the owner."""
    gone = context.gone if seat == context.owner else NOTHING_GONE
    return context._replace(owner=seat, target=NONE, opponent=opponent, gone=gone)


def able(effect: schema.Effect, context: Context) -> bool:
    """Whether one effect can do anything now: its condition, then its primitive's check (a
    condition on the roll to come is taken as holding)."""
    condition = effect.if_
    if (
        condition is not None
        and "roll" not in condition
        and not holds(context.state, condition, context.owner)
    ):
        return False
    return PRIMITIVES[effect.do].can_apply(effect, context)


class BottomPrimitive(Primitive[schema.Bottom]):
    """``bottom``: the monster fought goes under its deck and the combat ends."""

    model = schema.Bottom
    always = False
    continuous = adds_strength = negates = cost = names_other = False
    escapes = True

    def run(self, effect: schema.Bottom, seat: int, context: Context) -> None:
        """The monster escapes (in a Lose effect the resolution already placed it)."""
        state = context.state
        if state.combat_seat >= 0 and state.combat_deck >= 0 and state.combat_outcome < 0:
            end_escaped(state, context.events)

    def text(self, effect: schema.Bottom, who: str) -> str:
        """The one phrase of a bottom."""
        return "the monster goes to the bottom of its deck"

    def can_apply(self, effect: schema.Bottom, context: Context) -> bool:
        """In a combat not yet resolved; a Boss card never slips back under a deck."""
        return _fighting(context.state) and context.state.combat_deck >= 0

    def value(self, effect: schema.Bottom, judge: Judge) -> float:
        """The monster gone."""
        return judge.escape(effect)


class SummonPrimitive(Primitive[schema.Summon]):
    """``summon``: cards of a deck added to the monster fought, as its modifiers are."""

    model = schema.Summon
    always = False
    continuous = adds_strength = negates = cost = escapes = names_other = False

    def run(self, effect: schema.Summon, seat: int, context: Context) -> None:
        """Add to the monster, in a combat not yet resolved."""
        state = context.state
        if state.combat_seat < 0 or state.combat_outcome >= 0:
            return
        deck = DECK_INDEX[effect.deck] if effect.deck != "same" else monster_deck(state)
        added = summon(state, deck, effect.count, context.events)
        if added:
            context.events.append(Moved(None, added, "the monster's strength", "summoned"))

    def text(self, effect: schema.Summon, who: str) -> str:
        """ "the monster summons 1 card from its own deck"."""
        source = "its own deck" if effect.deck == "same" else f"the {effect.deck} deck"
        return f"the monster summons {plural(effect.count, 'card')} from {source}"

    def can_apply(self, effect: schema.Summon, context: Context) -> bool:
        """In a combat not yet resolved."""
        return _fighting(context.state)

    def value(self, effect: schema.Summon, judge: Judge) -> float:
        """The monster strengthened."""
        return judge.summon(effect)


class SeekPrimitive(Primitive[schema.Seek]):
    """``seek``: missing parts of the weapon's set taken from the Anvil deck, shown to all."""

    model = schema.Seek
    always = False
    continuous = adds_strength = negates = cost = escapes = names_other = False

    def run(self, effect: schema.Seek, seat: int, context: Context) -> None:
        """``seat`` takes the parts ``sought`` finds."""
        state = context.state
        found = sought(state, seat, effect.count)
        for card in found:
            state.decks[ANVIL].remove(card)
            into_hand(state, seat, card)
        if found:
            ids = [state.table.ids[c] for c in found]
            context.events.append(Gained(seat, ids, "hand", "sought in the Anvil deck"))
        else:
            context.events.append(SoughtNothing(seat, effect.count, weapon_set(state, seat)))

    def text(self, effect: schema.Seek, who: str) -> str:
        """ "you seek 1 missing part of your weapon's set"."""
        whose = "your" if who == "you" else f"{who}'s"
        return f"{who} seek {plural(effect.count, 'missing part')} of {whose} weapon's set"

    def can_apply(self, effect: schema.Seek, context: Context) -> bool:
        """A seat named would find a part."""
        return any(
            sought(context.state, s, 1)
            for s in targets(
                context.state, effect.who, context.owner, context.target, context.opponent
            )
        )

    def value(self, effect: schema.Seek, judge: Judge) -> float:
        """The parts taken, as cards drawn."""
        return judge.cards(effect, effect.count)


complete()
