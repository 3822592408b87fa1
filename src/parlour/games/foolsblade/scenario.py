"""Positions for tests, built in one documented place so tests never reach into the state.

For tests only: the rules never import this module. Each helper sets up a position that play
would take long to reach (a seat armed with given parts, given cards on top of a deck, an
effect run at once) on a game started with any card set.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from pydantic import TypeAdapter

from ...core import Event
from .cards import Effect
from .effects import push
from .state import FoolsBladeState
from .steps import P_MAIN
from .table import DECKS
from .turn import advance

__all__ = [
    "arm",
    "cards",
    "fight_start",
    "ix",
    "kinds",
    "on_top",
    "pass_until",
    "run",
    "started",
    "to_main",
]

EFFECT: TypeAdapter[Any] = TypeAdapter(Effect)


def started(cards: str | None, players: int = 3, seed: int = 1, **options: Any) -> FoolsBladeState:
    """A game after every seat took the first class offered: the first turn's Tavern window."""
    from .. import foolsblade

    st = foolsblade.GAME.new_game(players, seed=seed, cards=cards, **options)
    assert isinstance(st, FoolsBladeState)
    while st.phase == 0:
        st.apply(st.legal_actions()[0])
    return st


def ix(st: FoolsBladeState, card_id: str) -> int:
    """A card's index in the state's table."""
    return st.tb.index[card_id]


def cards(st: FoolsBladeState, card_ids: Sequence[str]) -> list[int]:
    return [ix(st, c) for c in card_ids]


def arm(st: FoolsBladeState, seat: int, parts: Sequence[str]) -> None:
    """Set ``seat``'s weapon to exactly these parts."""
    weapon = [-1, -1, -1, -1]
    for part in cards(st, parts):
        weapon[st.tb.part[part]] = part
    st.weapons[seat] = tuple(weapon)


def on_top(st: FoolsBladeState, deck: str, card_ids: Sequence[str]) -> None:
    """Put cards on top of a deck, the first named on top (copies leave the deck first)."""
    pile = st.decks[DECKS.index(deck)]
    for card in reversed(cards(st, card_ids)):
        if card in pile:
            pile.remove(card)
        pile.append(card)


def pass_until(st: FoolsBladeState, done: Callable[[FoolsBladeState], bool]) -> None:
    """Everyone asked passes until ``done`` holds (at most 60 passes)."""
    for _ in range(60):
        if done(st):
            return
        st.apply("pass")
    raise AssertionError("never reached")


def to_main(st: FoolsBladeState) -> None:
    """Close the Tavern window: the active seat chooses its destination."""
    pass_until(st, lambda s: s.phase == P_MAIN and s.window is None and s.decision is None)


def run(
    st: FoolsBladeState, effect: dict[str, Any], owner: int = 0, target: int = -1
) -> list[Event]:
    """Run one effect, given as its TOML table, for ``owner`` now; the events it caused."""
    events: list[Event] = []
    push(st, [EFFECT.validate_python(effect)], owner, target)
    advance(st, events)
    return events


def kinds(events: Sequence[Event]) -> list[str]:
    return [e.kind for e in events]


def fight_start(
    st: FoolsBladeState, deck: str, monsters: Sequence[str], parts: Sequence[str] = ("iron-blade",)
) -> None:
    """The active seat, armed with ``parts``, hunts ``deck`` with ``monsters`` on top."""
    to_main(st)
    arm(st, st.active, parts)
    on_top(st, deck, monsters)
    st.apply(f"hunt {deck}")
    assert st.c_seat == st.active
