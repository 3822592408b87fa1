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
from .effects import push
from .schema import Effect
from .state import FoolsBladeState
from .steps import CLASS_PHASE, MAIN_PHASE, NONE, Bonus, Pending
from .table import DECKS, ELEMENTS, PARTS
from .turn import advance

__all__ = [
    "approaching",
    "arm",
    "as_class",
    "bonus",
    "cards",
    "cursed",
    "emptied",
    "fight_start",
    "hold",
    "ix",
    "kinds",
    "no_bonuses",
    "on_top",
    "pass_until",
    "pending",
    "rolled",
    "run",
    "seen_in_hand",
    "started",
    "stashed",
    "take_in",
    "to_main",
    "used_ability",
    "wear",
    "whole_sets",
]

EFFECT: TypeAdapter[Any] = TypeAdapter(Effect)


def started(cards: str | None, players: int = 3, seed: int = 1, **options: Any) -> FoolsBladeState:
    """A game after every seat took the first class offered: the first turn's Tavern window."""
    from .. import foolsblade

    state = foolsblade.GAME.new_game(players, seed=seed, cards=cards, **options)
    assert isinstance(state, FoolsBladeState)
    while state.phase == CLASS_PHASE:
        state.apply(state.legal_actions()[0])
    return state


def ix(state: FoolsBladeState, card_id: str) -> int:
    """A card's index in the state's table."""
    return state.table.index[card_id]


def cards(state: FoolsBladeState, card_ids: Sequence[str]) -> list[int]:
    """The cards' indices in the state's table."""
    return [ix(state, c) for c in card_ids]


def whole_sets(state: FoolsBladeState) -> list[list[str]]:
    """The ids of every set whose four parts are all Anvil parts, each in slot order."""
    table = state.table
    by_set: dict[str, list[int]] = {}
    for card in table.anvil_parts:
        by_set.setdefault(table.part_set[card], []).append(card)
    return [
        [table.ids[c] for c in sorted(parts, key=lambda c: table.part[c])]
        for parts in by_set.values()
        if sorted(table.part[c] for c in parts) == list(range(len(PARTS)))
    ]


def arm(state: FoolsBladeState, seat: int, parts: Sequence[str]) -> None:
    """Set ``seat``'s weapon to exactly these parts."""
    weapon = [NONE] * len(PARTS)
    for part in cards(state, parts):
        weapon[state.table.part[part]] = part
    state.weapons[seat] = tuple(weapon)


def hold(
    state: FoolsBladeState, seat: int, card_ids: Sequence[str], known: Sequence[str] = ()
) -> None:
    """Set ``seat``'s hand to exactly these cards; ``known``: those of them every seat saw go
    in (none by default)."""
    state.hands[seat] = cards(state, card_ids)
    state.known[seat] = tuple(cards(state, known))


def seen_in_hand(state: FoolsBladeState, seat: int, count: int) -> None:
    """The first ``count`` cards of ``seat``'s hand are the ones every seat saw go in."""
    state.known[seat] = tuple(state.hands[seat][:count])


def take_in(state: FoolsBladeState, seat: int, card_id: str) -> None:
    """Add a card to ``seat``'s hand, unseen by the others."""
    state.hands[seat].append(ix(state, card_id))


def wear(state: FoolsBladeState, seat: int, card_ids: Sequence[str]) -> None:
    """Set ``seat``'s equipped Gear to exactly these cards."""
    state.gear[seat] = tuple(cards(state, card_ids))


def stashed(state: FoolsBladeState, seat: int, card_ids: Sequence[str]) -> None:
    """Set ``seat``'s Stash to exactly these cards."""
    state.stash[seat] = tuple(cards(state, card_ids))


def as_class(state: FoolsBladeState, seat: int, class_id: str) -> None:
    """Make ``seat`` play as this class."""
    state.classes[seat] = ix(state, class_id)


def used_ability(state: FoolsBladeState, seat: int) -> None:
    """``seat`` has used its class ability this turn."""
    state.used[seat] = True


def cursed(state: FoolsBladeState, seat: int, card_id: str, turns: int) -> None:
    """Set ``seat``'s Curses to this one, with ``turns`` of its turns left."""
    state.curses[seat] = (ix(state, card_id),)
    state.curse_left[seat] = (turns,)


def bonus(
    state: FoolsBladeState, seat: int, amount: int, element: str = "neutral", turn: bool = True
) -> None:
    """A strength bonus played for ``seat`` (or ``steps.MONSTER``), lasting the turn (else
    the combat)."""
    state.bonuses.append(Bonus(seat, amount, ELEMENTS.index(element), int(turn)))


def no_bonuses(state: FoolsBladeState) -> None:
    """Forget every strength bonus played."""
    state.bonuses = []


def rolled(state: FoolsBladeState, total: int) -> None:
    """The total of the last roll, as conditions read it."""
    state.roll = total


def pending(state: FoolsBladeState, seat: int, card_id: str) -> None:
    """``seat``'s card is played and waits for the negate window (on no chosen seat)."""
    state.pending = Pending(
        seat=seat, card=ix(state, card_id), target=NONE, ability=False, negated=False
    )


def approaching(state: FoolsBladeState, card_id: str) -> None:
    """This Approach card is in play (its Boss cards not yet gathered)."""
    state.approach = ix(state, card_id)


def emptied(state: FoolsBladeState, deck: str, into_trash: bool = False) -> None:
    """Empty a deck; ``into_trash``: its cards go to its trash (so that it refills)."""
    pile = DECKS.index(deck)
    if into_trash:
        state.trash[pile] = tuple(state.decks[pile])
    state.decks[pile] = []


def on_top(state: FoolsBladeState, deck: str, card_ids: Sequence[str]) -> None:
    """Put cards on top of a deck, the first named on top (copies leave the deck first)."""
    pile = state.decks[DECKS.index(deck)]
    for card in reversed(cards(state, card_ids)):
        if card in pile:
            pile.remove(card)
        pile.append(card)


def pass_until(state: FoolsBladeState, done: Callable[[FoolsBladeState], bool]) -> None:
    """Everyone asked passes until ``done`` holds (at most 60 passes)."""
    for _ in range(60):
        if done(state):
            return
        state.apply("pass")
    raise AssertionError("never reached")


def to_main(state: FoolsBladeState) -> None:
    """Close the Tavern window: the active seat chooses its destination."""
    pass_until(state, lambda s: s.phase == MAIN_PHASE and s.window is None and s.decision is None)


def run(
    state: FoolsBladeState, effect: dict[str, Any], owner: int = 0, target: int = NONE
) -> list[Event]:
    """Run one effect, given as its TOML table, for ``owner`` now; the events it caused."""
    events: list[Event] = []
    push(state, [EFFECT.validate_python(effect)], owner, target)
    advance(state, events)
    return events


def kinds(events: Sequence[Event]) -> list[str]:
    """The kinds of events, in order."""
    return [e.kind for e in events]


def fight_start(
    state: FoolsBladeState,
    deck: str,
    monsters: Sequence[str],
    parts: Sequence[str] = ("iron-blade",),
) -> None:
    """The active seat, armed with ``parts``, hunts ``deck`` with ``monsters`` on top."""
    to_main(state)
    arm(state, state.active, parts)
    on_top(state, deck, monsters)
    state.apply(f"hunt {deck}")
    assert state.combat_seat == state.active
