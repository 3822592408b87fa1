"""Bosses: gathering the Boss cards of an Approach, strikes, and the end of an encounter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Event
from .events import BossArrived, BossOver, Struck
from .steps import NONE, EffectTask, LoseTask, Task

if TYPE_CHECKING:
    from .state import FoolsBladeState


def gather(state: FoolsBladeState, events: list[Event]) -> None:
    """The Approach card in play gathers its Boss cards from the box."""
    table = state.table
    approach = state.approach
    state.boss_cards = list(table.bosses[approach])
    state.gathered = True
    state.strikes = 0
    state.strike_limit = table.strikes[approach]
    events.append(
        BossArrived(
            table.ids[approach], [table.ids[c] for c in state.boss_cards], state.strike_limit
        )
    )


def after_boss_combat(state: FoolsBladeState, won: bool, events: list[Event]) -> None:
    """A Boss card beaten leaves play; a loss (ties included) is a strike; the encounter
    ends when no Boss card is left or the strikes reach the limit."""
    card = state.combat_card
    if won:
        state.boss_cards.remove(card)
        state.removed.append(card)
    else:
        state.strikes += 1
        events.append(Struck(state.strikes, state.strike_limit))
    if not state.boss_cards:
        conclude(state, True, events)
    elif state.strikes >= state.strike_limit:
        conclude(state, False, events)


def conclude(state: FoolsBladeState, players_won: bool, events: list[Event]) -> None:
    """Every player applies the Approach's Win or Lose effect in turn order from the active
    player; the Approach and its Boss cards leave the game."""
    table = state.table
    approach = state.approach
    events.append(BossOver(table.ids[approach], players_won))
    n = state.players
    seats = [(state.active + k) % n for k in range(n)]
    if players_won:
        tasks: list[Task] = [
            EffectTask(effect=e, owner=s, source=approach)
            for s in seats
            for e in table.win[approach]
        ]
    else:
        tasks = [LoseTask(table.lose[approach], s, approach) for s in seats]
    state.tasks.extend(tasks)
    state.removed.append(approach)
    state.removed.extend(state.boss_cards)
    state.approach = NONE
    state.boss_cards = []
    state.gathered = False
    state.strikes = 0
    state.strike_limit = 0
