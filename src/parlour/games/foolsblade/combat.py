"""Combat: the monster's strength with its modifiers, the windows, and the resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Event
from .boss import after_boss_combat
from .effects import add, monster_deck, possible, push, push_triggered, roll_dice, summon
from .events import CombatEnded, CombatStarted, Ignored
from .steps import P_AFTER, P_COMBAT, P_END, T_EFFECT, T_WINDOW, W_START
from .strength import fighter_strength, monster_strength, triggered
from .table import ANVIL, ELEMENTS, LOOT

if TYPE_CHECKING:
    from .state import FoolsBladeState

WIN, LOSE, DRAW = 0, 1, 2
OUTCOMES = ("win", "lose", "draw")

__all__ = ["finish_combat", "resolve_combat", "run_lose", "start_combat"]


def start_combat(st: FoolsBladeState, seat: int, card: int, deck: int, events: list[Event]) -> None:
    """Combat begins: modifiers add to the monster, its effects and the fighter's `combat`
    triggers run, then the start-of-combat window opens."""
    tb = st.tb
    st.phase = P_COMBAT
    st.c_stage = 0
    st.c_seat = seat
    st.c_card = card
    st.c_deck = deck
    st.c_base = tb.strength[card]
    st.c_added = []
    st.c_outcome = -1
    st.roll = 0
    added: list[str] = []
    for modifier in tb.cards[card].modifiers:
        if modifier[0] == "d":
            total = roll_dice(st, [modifier])
            st.c_base += total
            added.append(f"{modifier} ({total})")
        else:
            source = {"anvil": ANVIL, "loot": LOOT}.get(modifier, -1)
            added.extend(summon(st, source if source >= 0 else monster_deck(st), 1, events))
    events.append(CombatStarted(seat, tb.ids[card], ELEMENTS[tb.element[card]], st.c_base, added))
    st.tasks[0:0] = [
        *((T_EFFECT, e, seat, -1, -1, card, -1) for e in tb.monster_start[card]),
        *((T_EFFECT, e, seat, -1, -1, c, -1) for e, c in triggered(st, seat, "combat")),
        (T_WINDOW, W_START),
    ]


def resolve_combat(st: FoolsBladeState, events: list[Event]) -> None:
    """Compare strengths (a Boss card wins ties); place the monster; queue Win or Lose."""
    tb = st.tb
    seat, card = st.c_seat, st.c_card
    mine, theirs = fighter_strength(st), monster_strength(st)
    boss = st.c_deck < 0
    outcome = WIN if mine > theirs else LOSE if mine < theirs or boss else DRAW
    st.c_outcome = outcome
    events.append(CombatEnded(seat, tb.ids[card], theirs, mine, OUTCOMES[outcome]))
    monster = tb.cards[card]
    st.phase = P_AFTER
    # Summoned monsters go back under their decks whatever the outcome.
    for summoned in st.c_added:
        st.decks[tb.deck[summoned]].insert(0, summoned)
    st.c_added = []
    if boss:
        push_triggered(st, triggered(st, seat, OUTCOMES[outcome]), seat)
        after_boss_combat(st, outcome == WIN, events)
        return
    if outcome == WIN:
        add(st.stash, seat, card)
        # Queued at the front: the monster's Win effect runs first, then the fighter's triggers.
        push_triggered(st, triggered(st, seat, "win"), seat)
        push(st, monster.win, seat, source=card)
        return
    if outcome == DRAW:
        st.decks[st.c_deck].insert(0, card)
        return
    lose_ok = possible(st, monster.lose, seat)
    if lose_ok and any(e.do == "bottom" for e in monster.lose):
        st.decks[st.c_deck].insert(0, card)
    else:
        add(st.trash, st.c_deck, card)
    push_triggered(st, triggered(st, seat, "lose"), seat)
    if lose_ok:
        push(st, monster.lose, seat, source=card)
    elif monster.lose:
        events.append(Ignored(seat, tb.ids[card]))


def run_lose(st: FoolsBladeState, task: tuple[Any, ...], events: list[Event]) -> None:
    """A queued Lose effect of a seat: all of it if it can be carried out, else none of it."""
    _, effects, owner, _, _, source, _ = task
    if possible(st, effects, owner):
        push(st, effects, owner, source=source)
    else:
        events.append(Ignored(owner, st.tb.ids[source]))


def finish_combat(st: FoolsBladeState) -> None:
    """Once Win and Lose effects are done: the combat is over and the turn ends."""
    st.c_seat = -1
    st.c_card = -1
    st.c_deck = -1
    st.c_base = 0
    st.c_outcome = -1
    st.bonuses = [b for b in st.bonuses if b[3]]
    st.phase = P_END
    st.end_stage = 0
