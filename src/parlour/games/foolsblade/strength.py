"""Strength in combat, hand limits and conditions: everything computed from cards in play."""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from .cards import Clause, parse_condition
from .steps import HAND_LIMIT, MONSTER
from .table import DECKS, ELEMENTS, LOOT, NEUTRAL, multiplier

if TYPE_CHECKING:
    from .state import FoolsBladeState

BEST = 4  # the element code of "best"
ELEMENT_CODE = {"neutral": 0, "fire": 1, "water": 2, "plant": 3, "best": BEST}
_CONDITIONS: dict[str, tuple[Clause, ...]] = {}


def bonus_multiplier(element: int, defend: int) -> int:
    """How a bonus of ``element`` counts against element ``defend`` (-1: no monster)."""
    if defend < 0:
        return 1
    if element == BEST:
        return 1 if defend == NEUTRAL else 2
    return multiplier(element, defend)


def full_set(st: FoolsBladeState, seat: int) -> bool:
    """Whether all four parts of ``seat``'s weapon are assembled and of one set."""
    weapon = st.weapons[seat]
    if -1 in weapon:
        return False
    sets = st.tb.part_set
    first = sets[weapon[0]]
    return all(sets[p] == first for p in weapon)


def in_play(st: FoolsBladeState, seat: int) -> Iterator[tuple[int, bool]]:
    """``seat``'s cards in play as (card, is the set bonus): parts, bonus, gear, class, curses."""
    for part in st.weapons[seat]:
        if part >= 0:
            yield part, False
    if full_set(st, seat):
        yield st.weapons[seat][0], True
    for card in st.gear[seat]:
        yield card, False
    if st.classes[seat] >= 0:
        yield st.classes[seat], False
    for card in st.curses[seat]:
        yield card, False


def lasting(st: FoolsBladeState, seat: int) -> list[Any]:
    """The lasting effects of ``seat``'s cards in play (built in plain loops: views and
    strengths ask for them often)."""
    table = st.tb.lasting
    out: list[Any] = []
    weapon = st.weapons[seat]
    for part in weapon:
        if part >= 0 and table[part]:
            out.extend(table[part])
    if full_set(st, seat):
        out.extend(st.tb.bonus_lasting[weapon[0]])
    for card in st.gear[seat]:
        out.extend(table[card])
    if st.classes[seat] >= 0:
        out.extend(table[st.classes[seat]])
    for card in st.curses[seat]:
        out.extend(table[card])
    return out


def triggered(st: FoolsBladeState, seat: int, on: str) -> list[tuple[Any, int]]:
    """The one-shot effects of ``seat``'s cards in play for trigger ``on``, with their cards."""
    tb = st.tb
    out: list[tuple[Any, int]] = []
    for card, bonus in in_play(st, seat):
        found = (tb.bonus_triggers if bonus else tb.triggers)[card].get(on)
        if found:
            out.extend((effect, card) for effect in found)
    return out


def applies(who: str, holder: int, seat: int, active: int) -> bool:
    """Whether a lasting effect of ``holder`` aimed at ``who`` reaches player ``seat``."""
    if who == "self":
        return holder == seat
    if who == "others":
        return holder != seat
    if who in ("each", "fighter"):
        return True
    return who == "active" and seat == active


def base_strength(st: FoolsBladeState, seat: int, defend: int) -> int:
    """The strength of ``seat``'s assembled parts against element ``defend`` (-1: none)."""
    tb = st.tb
    total = 0
    for part in st.weapons[seat]:
        if part >= 0:
            total += tb.strength[part] * (1 if defend < 0 else multiplier(tb.element[part], defend))
    return total


def strength(st: FoolsBladeState, seat: int, defend: int) -> int:
    """``seat``'s whole strength against element ``defend`` (-1: weapon against weapon)."""
    total = base_strength(st, seat, defend)
    active = st.active
    for holder in range(st.players):
        for effect in lasting(st, holder):
            if (
                effect.do == "strength"
                and applies(effect.who, holder, seat, active)
                and (effect.if_ is None or holds(st, effect.if_, holder))
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
    for effect in lasting(st, seat):
        if (
            effect.do == "strength"
            and effect.who == "monster"
            and (effect.if_ is None or holds(st, effect.if_, seat))
        ):
            total += effect.amount
    for who, amount, _, _ in st.bonuses:
        if who == MONSTER:
            total += amount
    return max(0, total)


def hand_limit(st: FoolsBladeState, seat: int) -> int:
    """``seat``'s hand limit now: 8, changed by lasting and played effects, never below 0."""
    return hand_limits(st)[seat]


def hand_limits(st: FoolsBladeState) -> list[int]:
    """Every seat's hand limit now."""
    totals = [HAND_LIMIT + st.limit_mod[s] + st.hand_bonus[s] for s in range(st.players)]
    active = st.active
    for holder in range(st.players):
        for effect in lasting(st, holder):
            if effect.do != "hand_limit" or (
                effect.if_ is not None and not holds(st, effect.if_, holder)
            ):
                continue
            for seat in range(st.players):
                if applies(effect.who, holder, seat, active):
                    totals[seat] += effect.amount
    return [max(0, total) for total in totals]


def holds(st: FoolsBladeState, condition: str, owner: int) -> bool:
    """Whether a condition holds for the effect's owner (parsed once, then cached)."""
    clauses = _CONDITIONS.get(condition)
    if clauses is None:
        clauses = _CONDITIONS[condition] = parse_condition(condition)
    for subject, op, value in clauses:
        have = _subject(st, subject, owner)
        if isinstance(value, str):
            if (have == value) != (op == "=="):
                return False
            continue
        assert isinstance(have, int)
        if not (
            (op == "<" and have < value)
            or (op == "<=" and have <= value)
            or (op == "==" and have == value)
            or (op == "!=" and have != value)
            or (op == ">=" and have >= value)
            or (op == ">" and have > value)
        ):
            return False
    return True


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
