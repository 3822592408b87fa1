"""The effect primitives, each implemented once; targets and conditions are parameters.

``PRIMITIVES`` holds one class a primitive, by its ``do``; here too are what dispatches to
them: running a queued effect, whether a play can do anything, whether a cost can be paid,
whether a Lose effect can be carried out in full, and the effects' English texts.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Generic, NamedTuple, TypeVar

from ...core import Event
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
from .schema import EFFECT_MODELS, BaseEffect, Effect, primitive_name
from .steps import (
    BREAK_DECISION,
    DISCARD_DECISION,
    GEAR_ZONE,
    GIVE_DECISION,
    HAND_ZONE,
    MONSTER,
    STEAL_DECISION,
    WEAPON_ZONE,
    ZONES,
    Bonus,
    Decision,
    EffectTask,
    make,
)
from .strength import ELEMENT_CODE, holds, strength
from .table import ANVIL, DECK_INDEX, LOOT

if TYPE_CHECKING:
    from .state import FoolsBladeState

M = TypeVar("M", bound=BaseEffect)
ZONE_INDEX = {name: i for i, name in enumerate(ZONES)}


class Demand(NamedTuple):
    """What an effect takes of one seat: the choice it asks (its count 0: choices of one kind
    add up), where the cards leave from (seat, zone) and how many."""

    decision: Decision
    place: tuple[int, int]
    need: int


# -- helpers of the primitives ------------------------------------------------------------------


def add_bonus(
    state: FoolsBladeState, seat: int, amount: int, element: str, duration: str | None
) -> StrengthChanged:
    """A strength bonus for a seat (or ``MONSTER``) lasting the combat or the turn."""
    lasting = 1 if duration == "turn" else 0
    state.bonuses.append(make(Bonus, (seat, amount, ELEMENT_CODE[element], lasting)))
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


NOTHING_GONE = (-1, 0)


def _left(state: FoolsBladeState, cards: Sequence[int], gone: tuple[int, int]) -> int:
    """How many of ``cards`` (in the owner's hand) are left once ``gone`` has left it."""
    card, spent = gone
    return len(cards) - (card in cards) - spent


def _some_left(
    state: FoolsBladeState, decision: Decision, mine: bool, gone: tuple[int, int]
) -> bool:
    """Whether a decision would find a card to name (``mine``: in the owner's hand, less what
    is ``gone``)."""
    cards = eligible(state, decision)
    return (_left(state, cards, gone) if mine else len(cards)) > 0


def _fighting(state: FoolsBladeState) -> bool:
    """Whether a combat is on and not yet resolved."""
    return state.combat_seat >= 0 and state.combat_outcome < 0


def plural(count: int, noun: str) -> str:
    """``count`` and ``noun``, with an s unless there is one."""
    return f"{count} {noun}" + ("" if count == 1 else "s")


# -- the primitives -----------------------------------------------------------------------------
# One class a primitive: its model (the fields a card file gives it, ``schema.py``), what it
# does (``run``), its text, whether it can do anything now (``can_apply``, so that a play that
# would do nothing is not offered) and whether it can be paid as a cost (``payable``).


class Primitive(ABC, Generic[M]):
    """One effect primitive of the vocabulary."""

    model: type[M]

    @abstractmethod
    def run(
        self,
        state: FoolsBladeState,
        effect: M,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """Carry out the effect of ``owner`` on one seat (``MONSTER``: on the monster, or an
        effect that names no seat)."""

    @abstractmethod
    def text(self, effect: M, who: str) -> str:
        """The effect as an English phrase, ``who`` the seats it names ("you", "each player")."""

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: M,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """Whether the effect can do anything now, once ``gone`` (the card played and the cards
        a cost spends) has left the owner's hand: here, whether a seat it names is there."""
        who = getattr(effect, "who", None)
        if who is None or who == "monster":
            return True
        return bool(targets(state, who, owner, target, opponent))

    def payable(self, state: FoolsBladeState, effect: M, seat: int) -> bool:
        """Whether ``seat`` can pay the effect as a cost now: always, unless it takes cards."""
        return True

    def demand(self, effect: M, owner: int, seat: int) -> Demand | None:
        """What the effect takes of ``seat`` for a Lose effect to be carried out in full;
        ``None``: it takes no cards."""
        return None


class DrawPrimitive(Primitive[schema.Draw]):
    """``draw``: cards of a deck into the hand (Loot to the Stash, Curses strike)."""

    model = schema.Draw

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Draw,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """``seat`` draws."""
        draw_cards(state, seat, DECK_INDEX[effect.deck], effect.count, events)

    def text(self, effect: schema.Draw, who: str) -> str:
        """ "you draw 2 tavern cards"."""
        verb = "draw" if who == "you" else "draws"
        return f"{who} {verb} {plural(effect.count, effect.deck + ' card')}"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Draw,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """A seat named, and a card to draw."""
        deck = DECK_INDEX[effect.deck]
        return bool(targets(state, effect.who, owner, target, opponent)) and bool(
            state.decks[deck] or (deck != LOOT and state.trash[deck])
        )


class RevealPrimitive(Primitive[schema.Reveal]):
    """``reveal``: cards of a deck shown to all; those of a kind kept, the rest trashed."""

    model = schema.Reveal

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Reveal,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """``seat`` reveals, keeps and trashes."""
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

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Reveal,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """A seat named, and a card to reveal."""
        deck = DECK_INDEX[effect.deck]
        return bool(targets(state, effect.who, owner, target, opponent)) and bool(
            state.decks[deck] or (deck != LOOT and state.trash[deck])
        )


class DiscardPrimitive(Primitive[schema.Discard]):
    """``discard``: cards from a hand or Stash to their trash."""

    model = schema.Discard

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Discard,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """``seat`` discards (its choice, or at random)."""
        choose(state, self.decision(effect, seat, effect.count), events, effect.random)

    def decision(self, effect: schema.Discard, seat: int, count: int) -> Decision:
        """The choice of ``count`` cards ``seat`` discards."""
        zone = ZONE_INDEX[effect.from_]
        deck = DECK_INDEX[effect.deck] if effect.deck is not None else -1
        return make(Decision, (DISCARD_DECISION, seat, count, -1, zone, deck, effect.kind or ""))

    def text(self, effect: schema.Discard, who: str) -> str:
        """ "you discard 2 cards from hand at random"."""
        what = plural(effect.count, (effect.deck or effect.kind or "") + " card")
        how = " at random" if effect.random else ""
        return f"{who} discard {what.replace('  ', ' ').strip()} from {effect.from_}{how}"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Discard,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """A seat named has a card to discard."""
        mine = effect.from_ == "hand"
        for seat in targets(state, effect.who, owner, target, opponent):
            if _some_left(state, self.decision(effect, seat, 1), mine and seat == owner, gone):
                return True
        return False

    def payable(self, state: FoolsBladeState, effect: schema.Discard, seat: int) -> bool:
        """``seat`` has the cards to discard."""
        return len(eligible(state, self.decision(effect, seat, effect.count))) >= effect.count

    def demand(self, effect: schema.Discard, owner: int, seat: int) -> Demand:
        """``seat``'s cards of the kind asked, from the zone asked."""
        decision = self.decision(effect, seat, 0)
        return Demand(decision, (seat, decision.zone), effect.count)


class StealPrimitive(Primitive[schema.Steal]):
    """``steal``: the owner takes cards of another seat's hand, weapon, gear or Stash."""

    model = schema.Steal

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Steal,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """The owner takes from ``seat`` (from a hand always at random)."""
        if seat != owner:
            zone = ZONE_INDEX[effect.from_]
            choose(
                state,
                make(Decision, (STEAL_DECISION, owner, effect.count, seat, zone, -1, "")),
                events,
                effect.random or zone == HAND_ZONE,
            )

    def text(self, effect: schema.Steal, who: str) -> str:
        """ "steal 1 card from each other player's hand at random"."""
        how = " at random" if effect.random or effect.from_ == "hand" else ""
        return f"steal {plural(effect.count, 'card')} from {who}'s {effect.from_}{how}"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Steal,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """Another seat named has a card there."""
        seats = targets(state, effect.who, owner, target, opponent)
        if effect.from_ == "hand":  # the most common check, made short
            hands = state.hands
            return any(seat != owner and hands[seat] for seat in seats)
        zone = ZONE_INDEX[effect.from_]
        for seat in seats:
            if seat != owner and _some_left(
                state, make(Decision, (STEAL_DECISION, owner, 1, seat, zone, -1, "")), False, gone
            ):
                return True
        return False

    def demand(self, effect: schema.Steal, owner: int, seat: int) -> Demand | None:
        """One card of another seat's zone: what is there is taken, up to the count."""
        if seat == owner:
            return None
        zone = ZONE_INDEX[effect.from_]
        decision = make(Decision, (STEAL_DECISION, owner, 0, seat, zone, -1, ""))
        return Demand(decision, (seat, zone), 1)


class GivePrimitive(Primitive[schema.Give]):
    """``give``: the owner gives cards of its hand to other seats."""

    model = schema.Give

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Give,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """The owner gives to ``seat``."""
        if seat != owner:
            choose(
                state,
                make(Decision, (GIVE_DECISION, owner, effect.count, seat, HAND_ZONE, -1, "")),
                events,
                effect.random,
            )

    def text(self, effect: schema.Give, who: str) -> str:
        """ "give 1 card from your hand to a chosen player"."""
        return f"give {plural(effect.count, 'card')} from your hand to {who}"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Give,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """The owner has a card left and another seat is named."""
        seats = targets(state, effect.who, owner, target, opponent)
        return _left(state, state.hands[owner], gone) > 0 and any(s != owner for s in seats)

    def payable(self, state: FoolsBladeState, effect: schema.Give, seat: int) -> bool:
        """``seat`` holds the cards to give."""
        return len(state.hands[seat]) >= effect.count

    def demand(self, effect: schema.Give, owner: int, seat: int) -> Demand | None:
        """The owner's cards in hand, whichever other seat receives them (so gives add up)."""
        if seat == owner:
            return None
        decision = make(Decision, (GIVE_DECISION, owner, 0, -1, HAND_ZONE, -1, ""))
        return Demand(decision, (owner, HAND_ZONE), effect.count)


class BreakPrimitive(Primitive[schema.Break]):
    """``break``: equipped cards to their trash (Legendary parts never break)."""

    model = schema.Break

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Break,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """The owner breaks ``seat``'s cards."""
        choose(state, self.decision(effect, owner, seat, effect.count), events, effect.random)

    def decision(self, effect: schema.Break, owner: int, seat: int, count: int) -> Decision:
        """The choice of ``count`` of ``seat``'s cards ``owner`` breaks."""
        zone = ZONE_INDEX[effect.from_]
        return make(Decision, (BREAK_DECISION, owner, count, seat, zone, -1, ""))

    def text(self, effect: schema.Break, who: str) -> str:
        """ "break 1 card of your weapon"."""
        return f"break {plural(effect.count, 'card')} of {who}'s {effect.from_}"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Break,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """A seat named has a card there that can break."""
        for seat in targets(state, effect.who, owner, target, opponent):
            if _some_left(state, self.decision(effect, owner, seat, 1), False, gone):
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


class StrengthPrimitive(Primitive[schema.Strength]):
    """``strength``: a bonus for a seat or the monster (lasting, on a card in play)."""

    model = schema.Strength

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Strength,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """The bonus for ``seat`` (or the monster)."""
        events.append(add_bonus(state, seat, effect.amount, effect.element, effect.duration))

    def text(self, effect: schema.Strength, who: str) -> str:
        """ "you +2 fire strength this combat"."""
        element = "" if effect.element == "neutral" else f" {effect.element}"
        lasting = {"combat": " this combat", "turn": " this turn"}.get(effect.duration or "", "")
        return f"{who} {effect.amount:+d}{element} strength{lasting}"


class RollPrimitive(Primitive[schema.Roll]):
    """``roll``: dice rolled, the total remembered and (unless ``add`` is false) added."""

    model = schema.Roll

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Roll,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """Roll; the total as strength of ``seat`` (or the monster)."""
        state.roll = total = roll_dice(state, effect.dice)
        monster = seat == MONSTER
        events.append(Rolled(owner if monster else seat, list(effect.dice), total, monster))
        if effect.add:
            events.append(add_bonus(state, seat, total, effect.element, effect.duration))

    def text(self, effect: schema.Roll, who: str) -> str:
        """ "roll d6 + d6: you gain that much strength"."""
        dice = " + ".join(effect.dice)
        return f"roll {dice}" + (f": {who} gain that much strength" if effect.add else "")

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Roll,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """Only if it adds: a roll that adds nothing only feeds the conditions after it."""
        return effect.add


class HandLimitPrimitive(Primitive[schema.HandLimit]):
    """``hand_limit``: a seat's hand limit changes, lastingly or for the turn."""

    model = schema.HandLimit

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.HandLimit,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """``seat``'s limit changes."""
        if effect.duration == "turn":
            state.hand_bonus[seat] += effect.amount
        else:
            state.limit_mod[seat] += effect.amount
        events.append(LimitChanged(seat, effect.amount, effect.duration or "lasting"))

    def text(self, effect: schema.HandLimit, who: str) -> str:
        """ "your hand limit +1"."""
        whose = "your" if who == "you" else f"{who}'s"
        return f"{whose} hand limit {effect.amount:+d}"


class SkipTurnPrimitive(Primitive[schema.SkipTurn]):
    """``skip_turn``: a seat skips its next turns."""

    model = schema.SkipTurn

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.SkipTurn,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """``seat`` will skip."""
        state.skips[seat] += effect.count
        events.append(TurnsSkipped(seat, effect.count))

    def text(self, effect: schema.SkipTurn, who: str) -> str:
        """ "you skip the next 1 turn"."""
        return f"{who} skip the next {plural(effect.count, 'turn')}"


class NegatePrimitive(Primitive[schema.Negate]):
    """``negate``: the card or ability being answered is cancelled."""

    model = schema.Negate

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Negate,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """The pending play is negated (once)."""
        pending = state.pending
        if pending is not None and not pending.negated:
            state.pending = pending._replace(negated=True)
            events.append(Negated(pending.seat, state.table.ids[pending.card]))

    def text(self, effect: schema.Negate, who: str) -> str:
        """The one phrase of a negate."""
        return "negate the card or ability being played"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Negate,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """A play is pending and not negated yet."""
        return state.pending is not None and not state.pending.negated


class FightPrimitive(Primitive[schema.Fight]):
    """``fight``: the owner against another seat, weapon against weapon; the winner applies
    ``win``, the loser ``lose``."""

    model = schema.Fight

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Fight,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """The owner fights ``seat``; a draw does nothing."""
        if seat == owner:
            return
        mine, theirs = strength(state, owner, -1), strength(state, seat, -1)
        winner = owner if mine > theirs else seat if theirs > mine else -1
        events.append(Fought(owner, seat, mine, theirs, None if winner < 0 else winner))
        if winner >= 0:
            loser = seat if winner == owner else owner
            source = task.source
            push(state, effect.lose, loser, -1, winner, source)
            push(state, effect.win, winner, -1, loser, source)

    def text(self, effect: schema.Fight, who: str) -> str:
        """ "fight a chosen player: the winner: ...; the loser: ..."."""
        win = "; ".join(describe(e) for e in effect.win) or "nothing"
        lose = "; ".join(describe(e) for e in effect.lose) or "nothing"
        return f"fight {who}: the winner: {win}; the loser: {lose}"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Fight,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """Something of the winner's or the loser's effects, whichever side wins."""
        for other in targets(state, effect.who, owner, target, opponent):
            if other == owner:
                continue
            for winner, loser in ((owner, other), (other, owner)):
                if any(
                    _can(state, w, winner, -1, loser, gone if winner == owner else NOTHING_GONE)
                    for w in effect.win
                ) or any(
                    _can(state, x, loser, -1, winner, gone if loser == owner else NOTHING_GONE)
                    for x in effect.lose
                ):
                    return True
        return False


class BottomPrimitive(Primitive[schema.Bottom]):
    """``bottom``: the monster fought goes under its deck and the combat ends."""

    model = schema.Bottom

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Bottom,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """The monster escapes (in a Lose effect the resolution already placed it)."""
        if state.combat_seat >= 0 and state.combat_deck >= 0 and state.combat_outcome < 0:
            end_escaped(state, events)

    def text(self, effect: schema.Bottom, who: str) -> str:
        """The one phrase of a bottom."""
        return "the monster goes to the bottom of its deck"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Bottom,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """In a combat not yet resolved; a Boss card never slips back under a deck."""
        return _fighting(state) and state.combat_deck >= 0


class SummonPrimitive(Primitive[schema.Summon]):
    """``summon``: cards of a deck added to the monster fought, as its modifiers are."""

    model = schema.Summon

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Summon,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """Add to the monster, in a combat not yet resolved."""
        if state.combat_seat < 0 or state.combat_outcome >= 0:
            return
        deck = DECK_INDEX[effect.deck] if effect.deck != "same" else monster_deck(state)
        added = summon(state, deck, effect.count, events)
        if added:
            events.append(Moved(None, added, "the monster's strength", "summoned"))

    def text(self, effect: schema.Summon, who: str) -> str:
        """ "the monster summons 1 card from its own deck"."""
        source = "its own deck" if effect.deck == "same" else f"the {effect.deck} deck"
        return f"the monster summons {plural(effect.count, 'card')} from {source}"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Summon,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """In a combat not yet resolved."""
        return _fighting(state)


class SeekPrimitive(Primitive[schema.Seek]):
    """``seek``: missing parts of the weapon's set taken from the Anvil deck, shown to all."""

    model = schema.Seek

    def run(
        self,
        state: FoolsBladeState,
        effect: schema.Seek,
        owner: int,
        seat: int,
        task: EffectTask,
        events: list[Event],
    ) -> None:
        """``seat`` takes the parts ``sought`` finds."""
        found = sought(state, seat, effect.count)
        for card in found:
            state.decks[ANVIL].remove(card)
            into_hand(state, seat, card)
        if found:
            ids = [state.table.ids[c] for c in found]
            events.append(Gained(seat, ids, "hand", "sought in the Anvil deck"))

    def text(self, effect: schema.Seek, who: str) -> str:
        """ "you seek 1 missing part of your weapon's set"."""
        whose = "your" if who == "you" else f"{who}'s"
        return f"{who} seek {plural(effect.count, 'missing part')} of {whose} weapon's set"

    def can_apply(
        self,
        state: FoolsBladeState,
        effect: schema.Seek,
        owner: int,
        target: int,
        opponent: int,
        gone: tuple[int, int],
    ) -> bool:
        """A seat named would find a part."""
        seats = targets(state, effect.who, owner, target, opponent)
        return any(sought(state, s, 1) for s in seats)


def _primitives() -> dict[str, Primitive[Any]]:
    """Every primitive by its ``do``, in the order of the models' union; ``TypeError`` unless
    each model has exactly one class."""
    by_model: dict[type[BaseEffect], Primitive[Any]] = {
        cls.model: cls() for cls in Primitive.__subclasses__()
    }
    if set(by_model) != set(EFFECT_MODELS) or len(by_model) != len(Primitive.__subclasses__()):
        raise TypeError("every effect model needs exactly one Primitive class")
    return {primitive_name(model): by_model[model] for model in EFFECT_MODELS}


PRIMITIVES = _primitives()


# -- texts ----------------------------------------------------------------------------------------

WHO_TEXTS = {
    "self": "you",
    "chosen": "a chosen player",
    "each": "each player",
    "others": "each other player",
    "active": "the active player",
    "fighter": "the fighter",
    "monster": "the monster",
    "opponent": "your opponent",
}
ON_TEXTS = {
    "play": "When it comes into play",
    "turn_start": "At the start of your turn",
    "turn_end": "At the end of your turn",
    "combat": "When your combat begins",
    "win": "When you win a combat",
    "lose": "When you lose a combat",
}


def describe(effect: Effect) -> str:
    """One effect as an English phrase ("you draw 2 Tavern cards"), its condition and trigger
    first."""
    who = WHO_TEXTS.get(getattr(effect, "who", "self"), "you")
    text = PRIMITIVES[effect.do].text(effect, who)
    if effect.if_ is not None:
        text = f"if {effect.if_}: {text}"
    if effect.on is not None:
        text = f"{ON_TEXTS[effect.on]}, {text}"
    return text


# -- running effects ------------------------------------------------------------------------------


def run_effect(state: FoolsBladeState, task: EffectTask, events: list[Event]) -> None:
    """Run one queued effect: check its condition, then apply it to each seat it names."""
    effect, owner, target, opponent, source, seat = task
    state.source = source
    if seat < 0:
        if effect.if_ is not None and not holds(state, effect.if_, owner):
            return
        who = getattr(effect, "who", None)
        if who is None or who == "monster":
            PRIMITIVES[effect.do].run(state, effect, owner, MONSTER, task, events)
            return
        seats = targets(state, who, owner, target, opponent)
        if len(seats) != 1:
            state.tasks[0:0] = [
                make(EffectTask, (effect, owner, target, opponent, source, s)) for s in seats
            ]
            return
        seat = seats[0]
    PRIMITIVES[effect.do].run(state, effect, owner, seat, task, events)


# -- plays that can do nothing, and costs ---------------------------------------------------------


def can_apply(
    state: FoolsBladeState,
    effects: Sequence[Effect],
    owner: int,
    target: int,
    card: int,
    spent: int,
) -> bool:
    """Whether some effect of a card or ability played now by ``owner`` (on ``target``) can
    do anything, once the card played (-1: an ability) and ``spent`` more cards (an
    ability's cost) have left the owner's hand. A condition on the roll to come is taken as
    holding."""
    gone = (card, spent)
    for e in effects:  # noqa: SIM110  # a loop, not ``any``: no generator on a hot path
        if _can(state, e, owner, target, -1, gone):
            return True
    return False


def _can(
    state: FoolsBladeState,
    e: Effect,
    owner: int,
    target: int,
    opponent: int,
    gone: tuple[int, int],
) -> bool:
    """Whether one effect can do anything now: its condition, then its primitive's check."""
    if e.if_ is not None and "roll" not in e.if_ and not holds(state, e.if_, owner):
        return False
    return PRIMITIVES[e.do].can_apply(state, e, owner, target, opponent, gone)


def cost_payable(state: FoolsBladeState, seat: int, cost: Sequence[Effect]) -> bool:
    """Whether ``seat`` can pay a whole cost now (from its own hand and equipment)."""
    for e in cost:  # noqa: SIM110  # a loop, not ``all``: no generator on a hot path
        if not PRIMITIVES[e.do].payable(state, e, seat):
            return False
    return True


# -- impossible Lose effects -------------------------------------------------------------------


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
        for seat in targets(state, who, owner, -1, -1):
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
        return 4 - state.weapons[seat].count(-1)
    return len(state.gear[seat] if zone == GEAR_ZONE else state.stash[seat])
