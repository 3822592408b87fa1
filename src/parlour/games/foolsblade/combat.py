"""Combat: the monster's strength with its modifiers, the windows, and the resolution."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Event
from .boss import after_boss_combat
from .dispatch import possible
from .effects import push, push_triggered
from .events import CombatEnded, CombatStarted, Ignored
from .movement import add, monster_deck, roll_dice, summon
from .steps import (
    AFTER_PHASE,
    COMBAT_PHASE,
    COMBAT_START_STAGE,
    COMBAT_START_WINDOW,
    DRAW,
    END_PHASE,
    LOSE,
    NONE,
    OPEN_WINDOW,
    OUTCOMES,
    TRIGGERS_STAGE,
    WIN,
    EffectTask,
    LoseTask,
)
from .strength import fighter_strength, monster_strength, triggered
from .table import ANVIL, ELEMENTS, LOOT
from .vocabulary import PRIMITIVES

if TYPE_CHECKING:
    from .state import FoolsBladeState


__all__ = ["finish_combat", "resolve_combat", "run_lose", "start_combat"]


def start_combat(
    state: FoolsBladeState, seat: int, card: int, deck: int, events: list[Event]
) -> None:
    """Combat begins: modifiers add to the monster, its effects and the fighter's `combat`
    triggers run, then the start-of-combat window opens."""
    table = state.table
    state.phase = COMBAT_PHASE
    state.combat_stage = COMBAT_START_STAGE
    state.combat_seat = seat
    state.combat_card = card
    state.combat_deck = deck
    state.combat_base = table.strength[card]
    state.combat_summoned = []
    state.combat_outcome = NONE
    state.roll = 0
    added: list[str] = []
    for modifier in table.modifiers[card]:
        if modifier[0] == "d":
            total = roll_dice(state, [modifier])
            state.combat_base += total
            added.append(f"{modifier} ({total})")
        else:
            source = {"anvil": ANVIL, "loot": LOOT}.get(modifier, NONE)
            added.extend(summon(state, source if source >= 0 else monster_deck(state), 1, events))
    events.append(
        CombatStarted(
            seat,
            table.ids[card],
            ELEMENTS[table.element[card]],
            state.combat_base,
            added,
            list(table.modifiers[card]),
        )
    )
    state.tasks[0:0] = [
        *(EffectTask(effect=e, owner=seat, source=card) for e in table.monster_start[card]),
        *(EffectTask(effect=e, owner=seat, source=c) for e, c in triggered(state, seat, "combat")),
        OPEN_WINDOW[COMBAT_START_WINDOW],
    ]


def resolve_combat(state: FoolsBladeState, events: list[Event]) -> None:
    """Compare strengths (a Boss card wins ties); place the monster; queue Win or Lose."""
    table = state.table
    seat, card = state.combat_seat, state.combat_card
    mine, theirs = fighter_strength(state), monster_strength(state)
    boss = state.combat_deck < 0
    outcome = WIN if mine > theirs else LOSE if mine < theirs or boss else DRAW
    state.combat_outcome = outcome
    events.append(CombatEnded(seat, table.ids[card], theirs, mine, OUTCOMES[outcome]))
    lose = table.lose[card]
    state.phase = AFTER_PHASE
    # Summoned monsters go back under their decks whatever the outcome.
    for summoned in state.combat_summoned:
        state.decks[table.deck[summoned]].insert(0, summoned)
    state.combat_summoned = []
    if boss:
        push_triggered(state, triggered(state, seat, OUTCOMES[outcome]), seat)
        after_boss_combat(state, outcome == WIN, events)
        return
    if outcome == WIN:
        add(state.stash, seat, card)
        # Queued at the front: the monster's Win effect runs first, then the fighter's triggers.
        push_triggered(state, triggered(state, seat, "win"), seat)
        push(state, table.win[card], seat, source=card)
        return
    if outcome == DRAW:
        state.decks[state.combat_deck].insert(0, card)
        return
    lose_ok = possible(state, lose, seat)
    if lose_ok and any(PRIMITIVES[e.do].escapes for e in lose):
        state.decks[state.combat_deck].insert(0, card)
    else:
        add(state.trash, state.combat_deck, card)
    push_triggered(state, triggered(state, seat, "lose"), seat)
    if lose_ok:
        push(state, lose, seat, source=card)
    elif lose:
        events.append(Ignored(seat, table.ids[card]))


def run_lose(state: FoolsBladeState, task: LoseTask, events: list[Event]) -> None:
    """A queued Lose effect of a seat: all of it if it can be carried out, else none of it."""
    effects, owner, source = task
    if possible(state, effects, owner):
        push(state, effects, owner, source=source)
    else:
        events.append(Ignored(owner, state.table.ids[source]))


def finish_combat(state: FoolsBladeState) -> None:
    """Once Win and Lose effects are done: the combat is over and the turn ends."""
    state.combat_seat = NONE
    state.combat_card = NONE
    state.combat_deck = NONE
    state.combat_base = 0
    state.combat_outcome = NONE
    state.bonuses = [b for b in state.bonuses if b.lasting]
    state.phase = END_PHASE
    state.end_stage = TRIGGERS_STAGE
