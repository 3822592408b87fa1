"""The engine's kept results against their recomputation from the cards, over random games,
their clones and their determinizations: a kept value never goes stale."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import parlour
from parlour.core import IllegalAction, Rng, State
from parlour.games.foolsblade.actions import action_space
from parlour.games.foolsblade.state import FoolsBladeState
from parlour.games.foolsblade.steps import HAND_LIMIT
from parlour.games.foolsblade.strength import (
    ELEMENT_CODE,
    applies,
    base_strength,
    bonus_multiplier,
    hand_limit,
    holds,
    in_play,
    strength,
    triggered,
)
from parlour.games.foolsblade.table import table_for

from .cardsets import FEATURES, write_set

TRIGGERS = ("play", "turn_start", "turn_end", "combat", "win", "lose")


def cards_in_play(state: FoolsBladeState, seat: int) -> list[tuple[int, bool]]:
    """``seat``'s cards in play as (card, is the set bonus), in the rules' order."""
    tb = state.table
    weapon = state.weapons[seat]
    out = [(part, False) for part in weapon if part >= 0]
    if -1 not in weapon and len({tb.part_set[part] for part in weapon}) == 1:
        out.append((weapon[0], True))
    out.extend((card, False) for card in state.gear[seat])
    if state.classes[seat] >= 0:
        out.append((state.classes[seat], False))
    out.extend((card, False) for card in state.curses[seat])
    return out


def lasting(state: FoolsBladeState, seat: int, do: str) -> list[Any]:
    tb = state.table
    return [
        effect
        for card, bonus in cards_in_play(state, seat)
        for effect in (tb.bonus_lasting if bonus else tb.lasting)[card]
        if effect.do == do
    ]


def recomputed_strength(state: FoolsBladeState, seat: int, defend: int) -> int:
    total = base_strength(state, seat, defend)
    for holder in range(state.players):
        for effect in lasting(state, holder, "strength"):
            if applies(effect.who, holder, seat, state.active) and (
                effect.if_ is None or holds(state, effect.if_, holder)
            ):
                total += effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
    if state.combat_seat == seat and state.combat_card >= 0:
        for effect in state.table.monster_lasting[state.combat_card]:
            if effect.who != "monster" and (effect.if_ is None or holds(state, effect.if_, seat)):
                total += effect.amount * bonus_multiplier(ELEMENT_CODE[effect.element], defend)
    total += sum(a * bonus_multiplier(el, defend) for s, a, el, *_ in state.bonuses if s == seat)
    return max(0, total)


def recomputed_hand_limit(state: FoolsBladeState, seat: int) -> int:
    total = HAND_LIMIT + state.limit_mod[seat] + state.hand_bonus[seat]
    for holder in range(state.players):
        for effect in lasting(state, holder, "hand_limit"):
            if applies(effect.who, holder, seat, state.active) and (
                effect.if_ is None or holds(state, effect.if_, holder)
            ):
                total += effect.amount
    return max(0, total)


def assert_fresh(state: FoolsBladeState) -> None:
    """Every kept result of ``state`` equals its recomputation from the cards now."""
    tb = state.table
    for seat in range(state.players):
        kept = in_play(state, seat)
        assert list(kept.strength) == lasting(state, seat, "strength")
        assert list(kept.limits) == lasting(state, seat, "hand_limit")
        for on in TRIGGERS:
            expected = [
                (effect, card)
                for card, bonus in cards_in_play(state, seat)
                for effect in (tb.bonus_triggers if bonus else tb.triggers)[card].get(on, ())
            ]
            assert list(triggered(state, seat, on)) == expected
        for defend in (-1, 0, 1, 2, 3):
            assert strength(state, seat, defend) == recomputed_strength(state, seat, defend)
        assert hand_limit(state, seat) == recomputed_hand_limit(state, seat)


def play_checked(state: FoolsBladeState, rng: Rng, steps: int) -> None:
    """Random moves, every kept result checked after each."""
    for _ in range(steps):
        if state.is_over:
            return
        legal = state.legal_actions()
        state.apply(legal[rng.below(len(legal))])
        assert_fresh(state)


# The test set with lasting effects that reach other seats than their holder's (the game's
# own cards have none, so a seat's sums read only its own cards there).
REACHING = (
    FEATURES.replace(
        'effects = [{ do = "hand_limit", amount = 1 }]',
        'effects = [{ do = "hand_limit", amount = 1, who = "others" }]',
    )
    .replace(
        '{ do = "strength", amount = 1 }, { do = "draw"',
        '{ do = "strength", amount = 1, who = "each" }, { do = "draw"',
    )
    .replace(
        '{ do = "hand_limit", amount = -2 }', '{ do = "hand_limit", amount = -2, who = "active" }'
    )
)


@pytest.mark.parametrize(("players", "set_name"), [(4, None), (3, "features"), (4, "reaching")])
def test_kept_results_match_their_recomputation(
    players: int, set_name: str | None, features: str, tmp_path: Path
) -> None:
    options: dict[str, Any] = {}
    if set_name == "features":
        options["cards"] = features
    elif set_name == "reaching":
        options["cards"] = write_set(tmp_path, REACHING)
        assert table_for(options["cards"]).lasting_reaches_others
    state = parlour.load("foolsblade").new_game(players, seed=players, **options)
    assert isinstance(state, FoolsBladeState)
    rng = Rng(players)
    step = 0
    while not state.is_over:
        play_checked(state, rng, 1)
        step += 1
        if step % 97 == 0:
            # Copies go their own way: the original's kept results must not leak into them.
            copy = state.clone()
            play_checked(copy, Rng(step), 12)
            guess = state.determinize(step % players, step)
            assert isinstance(guess, FoolsBladeState)
            assert_fresh(guess)
            play_checked(guess, Rng(step + 1), 12)
            assert_fresh(state)


@pytest.mark.parametrize(("players", "cards"), [(2, "v1"), (4, "v2"), (6, "v3")])
def test_a_text_resolves_as_the_general_reading_resolves_it(players: int, cards: str) -> None:
    # The short path finds a bot's text among the moves just listed: it must give what
    # ``State.resolve`` (normalised text, then the first move of that text) gives.
    for text in action_space(players, {"cards": cards}):
        assert text == " ".join(text.lower().split())
    state = parlour.load("foolsblade").new_game(players, seed=players, cards=cards)
    assert isinstance(state, FoolsBladeState)
    rng = Rng(players)
    while not state.is_over:
        legal = state.legal_actions()
        for action in legal:
            for text in (action.text, f" {action.text.upper()} ", action.text.replace(" ", "  ")):
                assert state.resolve(text) is State.resolve(state, text)
        for text in ("pass on 9", "hunt nowhere", "PLAY"):
            with pytest.raises(IllegalAction) as short:
                state.resolve(text)
            with pytest.raises(IllegalAction) as general:
                State.resolve(state, text)
            assert str(short.value) == str(general.value)
        state.apply(legal[rng.below(len(legal))].text)
    with pytest.raises(IllegalAction, match="over"):
        state.resolve("pass")
