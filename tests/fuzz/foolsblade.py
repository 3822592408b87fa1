"""Fool's Blade's own invariants: every card in exactly one place, counters that the rules
keep at 0 or above, and scores recomputed from the public view and the cards' own fields."""

from __future__ import annotations

import tempfile
from collections import Counter
from functools import cache
from itertools import repeat
from pathlib import Path
from typing import Any

from games.foolsblade.cardsets import FEATURES, NUMBERS, RULES, write_set
from parlour.core import State
from parlour.games.foolsblade.state import FoolsBladeState
from parlour.games.foolsblade.table import LOOT, Table

from .invariants import Pick

CACHES = ("_legal", "_legal_at")  # the last legal list, kept to find a move by identity


@cache
def card_folder(name: str) -> str:
    """The folder of one of the test card sets, written once a process."""
    folder = Path(tempfile.mkdtemp(prefix=f"fuzz-{name}-"))
    return write_set(folder, {"features": FEATURES, "numbers": NUMBERS, "rules": RULES}[name])


def options(pick: Pick, players: int) -> dict[str, Any]:
    """Options a game may be played with: the game's own cards or a test set (one with a
    card for every primitive, one of numbers only, one with the cards of later rules), the
    Side Quest, and turn caps."""
    out: dict[str, Any] = {}
    cards = pick([None, None, "features", "numbers", "rules"])
    if cards is not None:
        out["cards"] = card_folder(cards)
    if pick([False, True]):
        out["side_quest"] = pick([False, True])
    turns = pick([None, None, None, 1, 8, 40])
    if turns is not None:
        out["max_turns"] = turns
    return out


def everywhere(state: FoolsBladeState) -> Counter[int]:
    """Every card on the table or in a deck, hand or trash (classes aside)."""
    found: Counter[int] = Counter()
    for pile in (
        *state.decks,
        *state.trash,
        state.removed,
        state.forge,
        state.boss_cards,
        state.combat_summoned,
    ):
        found.update(pile)
    for seat in range(state.players):
        for pile in (state.hands[seat], state.gear[seat], state.stash[seat], state.curses[seat]):
            found.update(pile)
        found.update(p for p in state.weapons[seat] if p >= 0)
    if state.approach >= 0:
        found[state.approach] += 1
    if state.combat_deck >= 0 and state.combat_outcome < 0:  # a monster in combat, not yet placed
        found[state.combat_card] += 1
    return found


@cache
def _box(tb: Table, side_quest: bool) -> Counter[int]:
    """The cards a game starts with in its decks (Boss cards come out of the box later)."""
    expected: Counter[int] = Counter()
    for deck in range(LOOT):
        expected.update(tb.full_deck(deck))
    expected.update(tb.loot_deck(side_quest))
    return expected


def assert_conserved(state: FoolsBladeState) -> None:
    """The decks' cards are all somewhere, once each; Boss cards out of the box are unique."""
    tb = state.table
    found = everywhere(state)
    bosses = Counter({c: n for c, n in found.items() if tb.kind[c] == "boss"})
    assert all(n == 1 for n in bosses.values()), f"a Boss card twice: {bosses}"
    assert found - bosses == _box(tb, bool(state.options.get("side_quest"))), "cards came or went"


@cache
def _box_size(tb: Table, side_quest: bool) -> int:
    return _box(tb, side_quest).total()


@cache
def _is_boss(tb: Table) -> tuple[bool, ...]:
    return tuple(kind == "boss" for kind in tb.kind)


def cheap(state: State) -> None:
    """As many cards as the box holds outside the Boss cards; counters at 0 or above.

    It runs after every action of the slow suite's games, so it counts in C (``map``)."""
    assert isinstance(state, FoolsBladeState)
    count = (
        sum(map(len, state.decks))
        + sum(map(len, state.trash))
        + sum(map(len, state.hands))
        + sum(map(len, state.gear))
        + sum(map(len, state.stash))
        + sum(map(len, state.curses))
        + len(state.forge)
        + len(state.combat_summoned)
        + len(state.removed)
        - sum(map(_is_boss(state.table).__getitem__, state.removed))
        + 4 * state.players
        - sum(map(tuple.count, state.weapons, repeat(-1)))
        + (state.approach >= 0)
        + (state.combat_deck >= 0 and state.combat_outcome < 0)
    )
    expected = _box_size(state.table, bool(state.options.get("side_quest")))
    assert count == expected, f"{count} cards on the table, not the box's {expected}"
    assert min(state.skips) >= 0 and min(state.plays) >= 0 and state.equips_left >= 0
    assert state.strikes >= 0 and state.turn <= state.max_turns + 1
    assert min(map(min, filter(None, state.curse_left)), default=0) >= 0, "a Curse past its end"


def full(state: State) -> None:
    """Every card exactly once, known hand cards in their hands, strengths, limits and
    scores at 0 or above, and the scores recomputed from the public view."""
    assert isinstance(state, FoolsBladeState)
    assert_conserved(state)
    for seat in range(state.players):  # cards known to be in a hand are in it
        assert not Counter(state.known[seat]) - Counter(state.hands[seat]), "a known card left"
    view = state.view(None)
    assert view["scores"] == recomputed(state, view), "the scores are not the public cards'"
    assert min(view["hand_limits"]) >= 0 and min(view["scores"]) >= 0
    if view["combat"] is not None:
        assert view["combat"]["monster_strength"] >= 0
        assert view["combat"]["player_strength"] >= 0
    if view["boss"] is not None:
        assert 0 <= view["boss"]["strikes"] <= view["boss"]["strike_limit"]


def recomputed(state: FoolsBladeState, view: dict[str, Any]) -> list[int]:
    """Each seat's score from the public view and the cards' own fields alone."""
    out = []
    for seat in range(state.players):
        weapon = view["weapons"][seat]
        total = sum(state.card(c)["strength"] for c in weapon.values() if c is not None)
        for card_id in view["stash"][seat]:
            card = state.card(card_id)
            total += card["strength"] if card["kind"] == "part" else card["value"]
        out.append(total)
    return out
