"""Bosses: gathering the Boss cards of an Approach, strikes, and the end of an encounter."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Event
from .events import BossArrived, BossOver, Struck
from .steps import T_EFFECT, T_LOSE

if TYPE_CHECKING:
    from .state import FoolsBladeState


def gather(st: FoolsBladeState, events: list[Event]) -> None:
    """The Approach card in play gathers its Boss cards from the box."""
    tb = st.tb
    approach = st.approach
    st.boss_cards = list(tb.bosses[approach])
    st.gathered = True
    st.strikes = 0
    st.strike_limit = tb.cards[approach].strikes
    events.append(
        BossArrived(tb.ids[approach], [tb.ids[c] for c in st.boss_cards], st.strike_limit)
    )


def after_boss_combat(st: FoolsBladeState, won: bool, events: list[Event]) -> None:
    """A Boss card beaten leaves play; a loss (ties included) is a strike; the encounter
    ends when no Boss card is left or the strikes reach the limit."""
    card = st.c_card
    if won:
        st.boss_cards.remove(card)
        st.removed.append(card)
    else:
        st.strikes += 1
        events.append(Struck(st.strikes, st.strike_limit))
    if not st.boss_cards:
        conclude(st, True, events)
    elif st.strikes >= st.strike_limit:
        conclude(st, False, events)


def conclude(st: FoolsBladeState, players_won: bool, events: list[Event]) -> None:
    """Every player applies the Approach's Win or Lose effect in turn order from the active
    player; the Approach and its Boss cards leave the game."""
    tb = st.tb
    approach = st.approach
    card = tb.cards[approach]
    events.append(BossOver(tb.ids[approach], players_won))
    n = st.players
    seats = [(st.active + k) % n for k in range(n)]
    if players_won:
        tasks = [(T_EFFECT, e, s, -1, -1, approach, -1) for s in seats for e in card.win]
    else:
        tasks = [(T_LOSE, tuple(card.lose), s, -1, -1, approach, -1) for s in seats]
    st.tasks.extend(tasks)
    st.removed.append(approach)
    st.removed.extend(st.boss_cards)
    st.approach = -1
    st.boss_cards = []
    st.gathered = False
    st.strikes = 0
    st.strike_limit = 0
