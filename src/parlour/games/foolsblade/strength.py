"""Strength in combat, hand limits and conditions: everything computed from cards in play."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .schema import Clause, Effect, parse_condition
from .steps import HAND_LIMIT, MONSTER, NONE
from .table import DECKS, ELEMENTS, LOOT, MULTIPLIERS, NEUTRAL, Table
from .vocabulary import PRIMITIVES

if TYPE_CHECKING:
    from .state import FoolsBladeState

BEST = 4  # the element code of "best"
ELEMENT_CODE = {"neutral": 0, "fire": 1, "water": 2, "plant": 3, "best": BEST}
_CONDITIONS: dict[str, tuple[Clause, ...]] = {}
# Combinations of cards in play kept a table (random games meet a few thousand; the bound
# only keeps a very long run of searches from growing the memo without end).
IN_PLAY_KEPT = 1 << 16


def bonus_multiplier(element: int, defend: int) -> int:
    """How a bonus of ``element`` counts against element ``defend`` (NONE: no monster)."""
    if defend < 0:
        return 1
    if element == BEST:
        return 1 if defend == NEUTRAL else 2
    return MULTIPLIERS[defend][element]


def full_set(state: FoolsBladeState, seat: int) -> bool:
    """Whether all four parts of ``seat``'s weapon are assembled and of one set."""
    return is_full_set(state.table, state.weapons[seat])


def is_full_set(table: Table, weapon: tuple[int, ...]) -> bool:
    """Whether all four parts of a weapon are assembled and of one set."""
    if NONE in weapon:
        return False
    sets = table.part_set
    first = sets[weapon[0]]
    return all(sets[p] == first for p in weapon)


class InPlay:
    """What a combination of one seat's cards in play does: its lasting strength and
    hand-limit effects, and its one-shot effects by trigger, each with its card."""

    __slots__ = ("limits", "strength", "triggers")

    def __init__(
        self,
        table: Table,
        weapon: tuple[int, ...],
        gear: tuple[int, ...],
        cls: int,
        curses: tuple[int, ...],
    ) -> None:
        # Built in plain loops (a new combination comes with most equips): the cards in the
        # order the rules list them, parts, the set bonus, gear, class, curses.
        cards = [(part, False) for part in weapon if part >= 0]
        if is_full_set(table, weapon):
            cards.append((weapon[0], True))
        cards.extend((card, False) for card in gear)
        if cls >= 0:
            cards.append((cls, False))
        cards.extend((card, False) for card in curses)
        strength: list[Any] = []
        limits: list[Any] = []
        triggers: dict[str, list[tuple[Effect, int]]] = {}
        for card, bonus in cards:
            for effect in (table.bonus_lasting if bonus else table.lasting)[card]:
                (strength if PRIMITIVES[effect.do].adds_strength else limits).append(effect)
            for on, found in (table.bonus_triggers if bonus else table.triggers)[card].items():
                listed = triggers.setdefault(on, [])
                for effect in found:
                    listed.append((effect, card))
        self.strength = tuple(strength)
        self.limits = tuple(limits)
        self.triggers = {on: tuple(found) for on, found in triggers.items()}


def in_play(state: FoolsBladeState, seat: int) -> InPlay:
    """What ``seat``'s cards in play do now. Strengths, hand limits and triggers ask for it
    on most turns, and it depends only on the cards, so it is kept by their combination
    (shared by every state and clone of the table, and never stale: the key is the cards)."""
    key = (state.weapons[seat], state.gear[seat], state.classes[seat], state.curses[seat])
    memo = state.table.in_play
    found = memo.get(key)
    if found is None:
        if len(memo) >= IN_PLAY_KEPT:
            memo.clear()
        found = memo[key] = InPlay(state.table, *key)
    return found


def triggered(state: FoolsBladeState, seat: int, on: str) -> tuple[tuple[Effect, int], ...]:
    """The one-shot effects of ``seat``'s cards in play for trigger ``on``, with their cards."""
    return in_play(state, seat).triggers.get(on, ())


def applies(who: str, holder: int, seat: int, active: int) -> bool:
    """Whether a lasting effect of ``holder`` aimed at ``who`` reaches player ``seat``."""
    if who == "self":
        return holder == seat
    if who == "others":
        return holder != seat
    if who in ("each", "fighter"):
        return True
    return who == "active" and seat == active


def holders_reaching(state: FoolsBladeState, seat: int) -> Sequence[int]:
    """The seats whose cards' lasting effects may reach ``seat``: every seat, or only its own
    if no card of the set aims a lasting effect at another seat."""
    return range(state.players) if state.table.lasting_reaches_others else (seat,)


def base_strength(state: FoolsBladeState, seat: int, defend: int) -> int:
    """The strength of ``seat``'s assembled parts against element ``defend`` (NONE: none)."""
    strengths = state.table.strength
    total = 0
    if defend < 0:
        for part in state.weapons[seat]:
            if part >= 0:
                total += strengths[part]
        return total
    against = MULTIPLIERS[defend]
    elements = state.table.element
    for part in state.weapons[seat]:
        if part >= 0:
            total += strengths[part] * against[elements[part]]
    return total


def strength(state: FoolsBladeState, seat: int, defend: int) -> int:
    """``seat``'s whole strength against element ``defend`` (NONE: weapon against weapon)."""
    total = base_strength(state, seat, defend)
    active = state.active
    for holder in holders_reaching(state, seat):
        for effect in in_play(state, holder).strength:
            if applies(effect.who, holder, seat, active) and (
                effect.if_ is None or holds(state, effect.if_, holder)
            ):
                total += effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
    if state.combat_seat == seat and state.combat_card >= 0:
        for effect in state.table.monster_lasting[state.combat_card]:
            if effect.who != "monster" and (effect.if_ is None or holds(state, effect.if_, seat)):
                total += effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
    for who, amount, element, _, _ in state.bonuses:
        if who == seat:
            total += amount * bonus_multiplier(element, defend)
    return max(0, total)


# The breakdown's label of a bonus by the kind of card whose effect it is (else "played").
BONUS_LABELS = {
    "part": "weapon effects",
    "gear": "gear",
    "class": "class",
    "curse": "curses",
    "monster": "the monster",
    "boss": "the monster",
}


def strength_parts(state: FoolsBladeState, seat: int, defend: int) -> list[tuple[str, int]]:
    """``strength`` in its parts, for people: the weapon, then each kind of card in play that
    adds (weapon part effects, the set bonus, gear, class, curses, other seats' cards, the
    monster's own effects), then what was played this combat or turn; the parts that add
    nothing left out. Their sum is the strength unless that falls below 0."""
    table = state.table
    parts: dict[str, int] = {"weapon": base_strength(state, seat, defend)}
    active = state.active

    def count(label: str, effects: Sequence[Any], holder: int) -> None:
        for effect in effects:
            if (
                PRIMITIVES[effect.do].adds_strength
                and applies(effect.who, holder, seat, active)
                and (effect.if_ is None or holds(state, effect.if_, holder))
            ):
                amount = effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
                parts[label] = parts.get(label, 0) + amount

    for holder in holders_reaching(state, seat):
        own = holder == seat
        weapon = state.weapons[holder]
        for part in weapon:
            if part >= 0:
                count("weapon effects" if own else "others' cards", table.lasting[part], holder)
        if is_full_set(table, weapon):
            count("set bonus" if own else "others' cards", table.bonus_lasting[weapon[0]], holder)
        for card in state.gear[holder]:
            count("gear" if own else "others' cards", table.lasting[card], holder)
        if state.classes[holder] >= 0:
            count("class" if own else "others' cards", table.lasting[state.classes[holder]], holder)
        for card in state.curses[holder]:
            count("curses" if own else "others' cards", table.lasting[card], holder)
    if state.combat_seat == seat and state.combat_card >= 0:
        for effect in table.monster_lasting[state.combat_card]:
            if effect.who != "monster" and (effect.if_ is None or holds(state, effect.if_, seat)):
                amount = effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
                parts["the monster"] = parts.get("the monster", 0) + amount
    for who, amount, element, _, source in state.bonuses:
        if who == seat:
            # A roll of Gear (or of a part, the class...) counts as that card's, not as played.
            label = BONUS_LABELS.get(table.kind[source], "played") if source >= 0 else "played"
            parts[label] = parts.get(label, 0) + amount * bonus_multiplier(element, defend)
    return [(label, amount) for label, amount in parts.items() if amount or label == "weapon"]


def fighter_strength(state: FoolsBladeState) -> int:
    """The fighter's strength against the monster fought, the element table applied."""
    return strength(state, state.combat_seat, state.table.element[state.combat_card])


def monster_strength(state: FoolsBladeState) -> int:
    """The fought monster's strength: after modifiers, with every bonus aimed at it."""
    total = state.combat_base
    seat = state.combat_seat
    for effect in state.table.monster_lasting[state.combat_card]:
        if effect.who == "monster" and (effect.if_ is None or holds(state, effect.if_, seat)):
            total += effect.amount
    for effect in in_play(state, seat).strength:
        if effect.who == "monster" and (effect.if_ is None or holds(state, effect.if_, seat)):
            total += effect.amount
    for who, amount, _, _, _ in state.bonuses:
        if who == MONSTER:
            total += amount
    return max(0, total)


def monster_parts(state: FoolsBladeState) -> list[tuple[str, int]]:
    """``monster_strength`` in its parts, for people: the printed strength, what its modifiers
    added (dice, summoned monsters, cards drawn), its own effects, cards in play aimed at it,
    then what was played this combat; the parts that add nothing left out. Their sum is the
    strength unless that falls below 0."""
    table = state.table
    card = state.combat_card
    seat = state.combat_seat
    printed = table.strength[card]
    parts = {"printed": printed, "modifiers": state.combat_base - printed}
    for label, effects in (
        ("its own effects", table.monster_lasting[card]),
        ("cards in play", in_play(state, seat).strength),
    ):
        for effect in effects:
            if effect.who == "monster" and (effect.if_ is None or holds(state, effect.if_, seat)):
                parts[label] = parts.get(label, 0) + effect.amount
    for who, amount, _, _, _ in state.bonuses:
        if who == MONSTER:
            parts["played"] = parts.get("played", 0) + amount
    return [(label, amount) for label, amount in parts.items() if amount or label == "printed"]


def hand_limit(state: FoolsBladeState, seat: int) -> int:
    """``seat``'s hand limit now: 8, changed by lasting and played effects, never below 0."""
    total = HAND_LIMIT + state.limit_mod[seat] + state.hand_bonus[seat]
    active = state.active
    for holder in holders_reaching(state, seat):
        for effect in in_play(state, holder).limits:
            if applies(effect.who, holder, seat, active) and (
                effect.if_ is None or holds(state, effect.if_, holder)
            ):
                total += effect.amount
    return max(0, total)


def hand_limits(state: FoolsBladeState) -> list[int]:
    """Every seat's hand limit now."""
    return [hand_limit(state, seat) for seat in range(state.players)]


def clauses_of(condition: str) -> tuple[Clause, ...]:
    """The clauses of an ``if`` condition, parsed once and then cached."""
    clauses = _CONDITIONS.get(condition)
    if clauses is None:
        clauses = _CONDITIONS[condition] = parse_condition(condition)
    return clauses


def satisfied(clauses: tuple[Clause, ...], value: Callable[[str], int | str]) -> bool:
    """Whether every clause holds of ``value(subject)``, each subject's value now."""
    for subject, op, wanted in clauses:
        have = value(subject)
        if isinstance(wanted, str):
            if (have == wanted) != (op == "=="):
                return False
            continue
        assert isinstance(have, int)
        if not (
            (op == "<" and have < wanted)
            or (op == "<=" and have <= wanted)
            or (op == "==" and have == wanted)
            or (op == "!=" and have != wanted)
            or (op == ">=" and have >= wanted)
            or (op == ">" and have > wanted)
        ):
            return False
    return True


def holds(state: FoolsBladeState, condition: str, owner: int) -> bool:
    """Whether a condition holds for the effect's owner."""
    return satisfied(clauses_of(condition), lambda subject: _subject(state, subject, owner))


def _subject(state: FoolsBladeState, subject: str, owner: int) -> int | str:
    """A condition subject's value; a player's lasting strength reads bare strengths (the
    weapon, the monster's before its effects), so none recurses."""
    fighting = state.combat_seat >= 0
    if subject == "hand":
        return len(state.hands[owner])
    if subject == "gear":
        return len(state.gear[owner])
    if subject == "parts":
        return 4 - state.weapons[owner].count(NONE)
    if subject == "stash":
        return len(state.stash[owner])
    if subject == "curses":
        return len(state.curses[owner])
    if subject == "strength":
        return (
            base_strength(state, state.combat_seat, state.table.element[state.combat_card])
            if fighting
            else 0
        )
    if subject == "fighter":
        # No player's strength reads it (schema.Strength), so this never recurses.
        return fighter_strength(state) if fighting else 0
    if subject == "monster":
        return state.combat_base if fighting else 0
    if subject == "roll":
        return state.roll
    if subject == "turn":
        return state.turn
    if subject == "loot":
        return len(state.decks[LOOT])
    if subject == "combat":
        return int(fighting)
    if subject == "boss":
        return int(fighting and state.combat_deck < 0)
    if subject == "element":
        return ELEMENTS[state.table.element[state.combat_card]] if fighting else ""
    return ("boss" if state.combat_deck < 0 else DECKS[state.combat_deck]) if fighting else ""
