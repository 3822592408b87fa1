"""Strength in combat, hand limits and conditions: everything computed from cards in play."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from .cards import Clause, parse_condition
from .steps import HAND_LIMIT, MONSTER
from .table import DECKS, ELEMENTS, LOOT, MULTIPLIERS, NEUTRAL, Table

if TYPE_CHECKING:
    from .state import FoolsBladeState

BEST = 4  # the element code of "best"
ELEMENT_CODE = {"neutral": 0, "fire": 1, "water": 2, "plant": 3, "best": BEST}
_CONDITIONS: dict[str, tuple[Clause, ...]] = {}
# Combinations of cards in play kept a table (random games meet a few thousand; the bound
# only keeps a very long run of searches from growing the memo without end).
IN_PLAY_KEPT = 1 << 16


def bonus_multiplier(element: int, defend: int) -> int:
    """How a bonus of ``element`` counts against element ``defend`` (-1: no monster)."""
    if defend < 0:
        return 1
    if element == BEST:
        return 1 if defend == NEUTRAL else 2
    return MULTIPLIERS[defend][element]


def full_set(st: FoolsBladeState, seat: int) -> bool:
    """Whether all four parts of ``seat``'s weapon are assembled and of one set."""
    return is_full_set(st.tb, st.weapons[seat])


def is_full_set(tb: Table, weapon: tuple[int, ...]) -> bool:
    """Whether all four parts of a weapon are assembled and of one set."""
    if -1 in weapon:
        return False
    sets = tb.part_set
    first = sets[weapon[0]]
    return all(sets[p] == first for p in weapon)


class InPlay:
    """What a combination of one seat's cards in play does: its lasting strength and
    hand-limit effects, and its one-shot effects by trigger, each with its card."""

    __slots__ = ("limits", "strength", "triggers")

    def __init__(
        self,
        tb: Table,
        weapon: tuple[int, ...],
        gear: tuple[int, ...],
        cls: int,
        curses: tuple[int, ...],
    ) -> None:
        # Built in plain loops (a new combination comes with most equips): the cards in the
        # order the rules list them, parts, the set bonus, gear, class, curses.
        cards = [(part, False) for part in weapon if part >= 0]
        if is_full_set(tb, weapon):
            cards.append((weapon[0], True))
        cards.extend((card, False) for card in gear)
        if cls >= 0:
            cards.append((cls, False))
        cards.extend((card, False) for card in curses)
        strength: list[Any] = []
        limits: list[Any] = []
        triggers: dict[str, list[tuple[Any, int]]] = {}
        for card, bonus in cards:
            for effect in (tb.bonus_lasting if bonus else tb.lasting)[card]:
                (strength if effect.do == "strength" else limits).append(effect)
            for on, found in (tb.bonus_triggers if bonus else tb.triggers)[card].items():
                listed = triggers.setdefault(on, [])
                for effect in found:
                    listed.append((effect, card))
        self.strength = tuple(strength)
        self.limits = tuple(limits)
        self.triggers = {on: tuple(found) for on, found in triggers.items()}


def in_play(st: FoolsBladeState, seat: int) -> InPlay:
    """What ``seat``'s cards in play do now. Strengths, hand limits and triggers ask for it
    on most turns, and it depends only on the cards, so it is kept by their combination
    (shared by every state and clone of the table, and never stale: the key is the cards)."""
    key = (st.weapons[seat], st.gear[seat], st.classes[seat], st.curses[seat])
    memo = st.tb.in_play
    found = memo.get(key)
    if found is None:
        if len(memo) >= IN_PLAY_KEPT:
            memo.clear()
        found = memo[key] = InPlay(st.tb, *key)
    return found


def triggered(st: FoolsBladeState, seat: int, on: str) -> tuple[tuple[Any, int], ...]:
    """The one-shot effects of ``seat``'s cards in play for trigger ``on``, with their cards."""
    return in_play(st, seat).triggers.get(on, ())


def applies(who: str, holder: int, seat: int, active: int) -> bool:
    """Whether a lasting effect of ``holder`` aimed at ``who`` reaches player ``seat``."""
    if who == "self":
        return holder == seat
    if who == "others":
        return holder != seat
    if who in ("each", "fighter"):
        return True
    return who == "active" and seat == active


def holders_reaching(st: FoolsBladeState, seat: int) -> Sequence[int]:
    """The seats whose cards' lasting effects may reach ``seat``: every seat, or only its own
    if no card of the set aims a lasting effect at another seat."""
    return range(st.players) if st.tb.lasting_reaches_others else (seat,)


def base_strength(st: FoolsBladeState, seat: int, defend: int) -> int:
    """The strength of ``seat``'s assembled parts against element ``defend`` (-1: none)."""
    strengths = st.tb.strength
    total = 0
    if defend < 0:
        for part in st.weapons[seat]:
            if part >= 0:
                total += strengths[part]
        return total
    against = MULTIPLIERS[defend]
    elements = st.tb.element
    for part in st.weapons[seat]:
        if part >= 0:
            total += strengths[part] * against[elements[part]]
    return total


def strength(st: FoolsBladeState, seat: int, defend: int) -> int:
    """``seat``'s whole strength against element ``defend`` (-1: weapon against weapon)."""
    total = base_strength(st, seat, defend)
    active = st.active
    for holder in holders_reaching(st, seat):
        for effect in in_play(st, holder).strength:
            if applies(effect.who, holder, seat, active) and (
                effect.if_ is None or holds(st, effect.if_, holder)
            ):
                total += effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
    if st.c_seat == seat and st.c_card >= 0:
        for effect in st.tb.monster_lasting[st.c_card]:
            if effect.who != "monster" and (effect.if_ is None or holds(st, effect.if_, seat)):
                total += effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
    for who, amount, element, _ in st.bonuses:
        if who == seat:
            total += amount * bonus_multiplier(element, defend)
    return max(0, total)


def strength_parts(st: FoolsBladeState, seat: int, defend: int) -> list[tuple[str, int]]:
    """``strength`` in its parts, for people: the weapon, then each kind of card in play that
    adds (weapon part effects, the set bonus, gear, class, curses, other seats' cards, the
    monster's own effects), then what was played this combat or turn; the parts that add
    nothing left out. Their sum is the strength unless that falls below 0."""
    tb = st.tb
    parts: dict[str, int] = {"weapon": base_strength(st, seat, defend)}
    active = st.active

    def count(label: str, effects: Sequence[Any], holder: int) -> None:
        for effect in effects:
            if (
                effect.do == "strength"
                and applies(effect.who, holder, seat, active)
                and (effect.if_ is None or holds(st, effect.if_, holder))
            ):
                amount = effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
                parts[label] = parts.get(label, 0) + amount

    for holder in holders_reaching(st, seat):
        own = holder == seat
        weapon = st.weapons[holder]
        for part in weapon:
            if part >= 0:
                count("weapon effects" if own else "others' cards", tb.lasting[part], holder)
        if is_full_set(tb, weapon):
            count("set bonus" if own else "others' cards", tb.bonus_lasting[weapon[0]], holder)
        for card in st.gear[holder]:
            count("gear" if own else "others' cards", tb.lasting[card], holder)
        if st.classes[holder] >= 0:
            count("class" if own else "others' cards", tb.lasting[st.classes[holder]], holder)
        for card in st.curses[holder]:
            count("curses" if own else "others' cards", tb.lasting[card], holder)
    if st.c_seat == seat and st.c_card >= 0:
        for effect in tb.monster_lasting[st.c_card]:
            if effect.who != "monster" and (effect.if_ is None or holds(st, effect.if_, seat)):
                amount = effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
                parts["the monster"] = parts.get("the monster", 0) + amount
    for who, amount, element, _ in st.bonuses:
        if who == seat:
            parts["played"] = parts.get("played", 0) + amount * bonus_multiplier(element, defend)
    return [(label, amount) for label, amount in parts.items() if amount or label == "weapon"]


def fighter_strength(st: FoolsBladeState) -> int:
    """The fighter's strength against the monster fought, the element table applied."""
    return strength(st, st.c_seat, st.tb.element[st.c_card])


def monster_strength(st: FoolsBladeState) -> int:
    """The fought monster's strength: after modifiers, with every bonus aimed at it."""
    total = st.c_base
    seat = st.c_seat
    for effect in st.tb.monster_lasting[st.c_card]:
        if effect.who == "monster" and (effect.if_ is None or holds(st, effect.if_, seat)):
            total += effect.amount
    for effect in in_play(st, seat).strength:
        if effect.who == "monster" and (effect.if_ is None or holds(st, effect.if_, seat)):
            total += effect.amount
    for who, amount, _, _ in st.bonuses:
        if who == MONSTER:
            total += amount
    return max(0, total)


def hand_limit(st: FoolsBladeState, seat: int) -> int:
    """``seat``'s hand limit now: 8, changed by lasting and played effects, never below 0."""
    total = HAND_LIMIT + st.limit_mod[seat] + st.hand_bonus[seat]
    active = st.active
    for holder in holders_reaching(st, seat):
        for effect in in_play(st, holder).limits:
            if applies(effect.who, holder, seat, active) and (
                effect.if_ is None or holds(st, effect.if_, holder)
            ):
                total += effect.amount
    return max(0, total)


def hand_limits(st: FoolsBladeState) -> list[int]:
    """Every seat's hand limit now."""
    return [hand_limit(st, seat) for seat in range(st.players)]


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


def holds(st: FoolsBladeState, condition: str, owner: int) -> bool:
    """Whether a condition holds for the effect's owner."""
    return satisfied(clauses_of(condition), lambda subject: _subject(st, subject, owner))


def _subject(st: FoolsBladeState, subject: str, owner: int) -> int | str:
    """A condition subject's value; lasting strengths read bare strengths, so none recurses."""
    fighting = st.c_seat >= 0
    if subject == "hand":
        return len(st.hands[owner])
    if subject == "gear":
        return len(st.gear[owner])
    if subject == "parts":
        return 4 - st.weapons[owner].count(-1)
    if subject == "stash":
        return len(st.stash[owner])
    if subject == "curses":
        return len(st.curses[owner])
    if subject == "strength":
        return base_strength(st, st.c_seat, st.tb.element[st.c_card]) if fighting else 0
    if subject == "monster":
        return st.c_base if fighting else 0
    if subject == "roll":
        return st.roll
    if subject == "turn":
        return st.turn
    if subject == "loot":
        return len(st.decks[LOOT])
    if subject == "combat":
        return int(fighting)
    if subject == "boss":
        return int(fighting and st.c_deck < 0)
    if subject == "element":
        return ELEMENTS[st.tb.element[st.c_card]] if fighting else ""
    return ("boss" if st.c_deck < 0 else DECKS[st.c_deck]) if fighting else ""
