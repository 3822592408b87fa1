"""Every log line that a card's effect caused names that card (issue 34 section 4, issue 35
item 2): a random discard names Leaky Pockets, a pack's second monster says why, a `seek`
that finds nothing says so, a Boss's break says whose Gear, a roll from Gear says Gear."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour import bots
from parlour.core import Event
from parlour.games.foolsblade.events import (
    Caused,
    CombatStarted,
    Moved,
    Rolled,
    SoughtNothing,
    StrengthChanged,
)
from parlour.games.foolsblade.table import table_for

SEEDS = range(1, 9)


@pytest.fixture(scope="module")
def games() -> list[tuple[Any, list[dict[str, Any]]]]:
    """Whole 4-player games of the second edition between heuristic bots, each with the
    views of the fighter taken after every move made during a combat."""
    out = []
    for seed in SEEDS:
        state = parlour.load("foolsblade").new_game(4, seed=seed, cards="v2")
        seats = [bots.make("heuristic", seed=seed * 10 + s) for s in range(4)]
        views = []
        while not state.is_over:
            state.apply(seats[state.current_player].choose(state))
            combat = state.view(None)["combat"]
            if combat is not None:
                views.append(state.view(combat["seat"]))
        out.append((state, views))
    return out


def logged(games: list[tuple[Any, Any]], kind: type[Event]) -> list[Any]:
    return [e for state, _ in games for e in state.log if isinstance(e, kind)]


def name(card_id: str) -> str:
    return table_for("v2").set.by_id[card_id].name


def kind_of(card_id: str) -> str:
    return str(table_for("v2").set.by_id[card_id].kind)


def test_a_random_discard_names_the_card_that_caused_it(games: list[Any]) -> None:
    random = [e for e in logged(games, Moved) if e.how == "discarded from hand at random"]
    leaky = [e for e in random if e.cause == "leaky-pockets"]
    assert leaky, "no Leaky Pockets discard in these games"
    for event in random:
        assert event.cause is not None and name(event.cause) in event.text


def test_a_packs_second_monster_says_why(games: list[Any]) -> None:
    summoned = [e for e in logged(games, Moved) if e.how == "summoned"]
    packs = [e for e in summoned if e.condition is not None]
    assert packs
    for event in packs:
        assert f"summoned by {name(event.cause)}, as {event.condition}" in event.text
    # The first monster a pack calls comes by its modifier, which the combat's line names.
    modifier = [e for e in logged(games, CombatStarted) if "monster" in (e.modifiers or [])]
    assert modifier and all("called by its monster modifier" in e.text for e in modifier)


def test_a_seek_that_finds_nothing_says_so(games: list[Any]) -> None:
    found_nothing = logged(games, SoughtNothing)
    assert found_nothing
    for event in found_nothing:
        assert "none in the Anvil deck" in event.text or "no weapon set" in event.text
        assert event.cause is not None and name(event.cause) in event.text


def test_a_boss_break_says_whose_gear_and_which_boss(games: list[Any]) -> None:
    broken = [
        e
        for e in logged(games, Moved)
        if " broken" in e.how and e.cause and kind_of(e.cause) in ("boss", "approach")
    ]
    assert broken
    for event in broken:
        owner = f"Player {event.seat}"
        assert event.text.startswith(f"{owner}: {name(event.cards[0])} to the trash (")
        assert "(Gear broken" in event.text or "(weapon part broken" in event.text
        assert f"by {name(event.cause)})" in event.text and f"by {owner}" not in event.text


def test_a_roll_from_gear_is_labelled_gear_in_the_log_and_the_breakdown(
    games: list[Any],
) -> None:
    rolls = [e for e in logged(games, Rolled) if e.cause_kind == "gear"]
    assert rolls
    assert all(f"by Gear {name(e.cause)}:" in e.text for e in rolls)
    bonuses = [e for e in logged(games, StrengthChanged) if e.cause_kind == "gear"]
    assert bonuses and all(f"by Gear {name(e.cause)}" in e.text for e in bonuses)
    # A roll of Gear added in combat counts as gear in the fighter's breakdown, not as played.
    labelled = [
        dict(view["combat"]["player_parts"])
        for _, views in games
        for view in views
        if any(
            who == view["combat"]["seat"] and amount > 0 for who, amount, _, _ in view["bonuses"]
        )
    ]
    assert any("gear" in parts for parts in labelled)


def test_every_event_an_effect_told_names_its_card(games: list[Any]) -> None:
    """Only the rules' own moves are told without a cause: the hand limit's discards, the
    Forge, draws of the turn and of a quest, loot and curses of a fight won or lost."""
    caused = [e for e in logged(games, Event) if isinstance(e, Caused)]
    named = [e for e in caused if e.cause is not None]
    assert len(named) > len(caused) / 3
    for event in named:
        assert name(event.cause) in event.text, event.text
    hand_limit = [e for e in logged(games, Moved) if e.how == "discarded from hand"]
    assert any(e.cause is None for e in hand_limit)  # the hand limit is a rule, not a card
