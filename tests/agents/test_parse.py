"""Reading answers: numbers, texts in any case and spacing, names for ids, suggestions."""

from __future__ import annotations

import pytest

import parlour
from parlour.agents import NotUnderstood, match_action
from parlour.agents.parse import match_reply

FEARLESS = {"game": "fearless"}
LEGAL = ["play blue+5", "play blue-1", "play magenta+3", "play zero"]


@pytest.mark.parametrize(
    ("entry", "action"),
    [
        ("2", "play blue-1"),
        ("(3)", "play magenta+3"),
        ("4.", "play zero"),
        ("  PLAY   Blue+5 ", "play blue+5"),
        ("zero", "play zero"),
        ("`play zero`", "play zero"),
        ("play magenta +3", "play magenta+3"),
        ("blue -1", "play blue-1"),
        ("1. play blue+5", "play blue+5"),
    ],
)
def test_near_misses_are_read_as_the_action_they_mean(entry: str, action: str) -> None:
    assert match_action(entry, LEGAL, FEARLESS) == action


def test_a_number_that_disagrees_with_its_text_is_refused() -> None:
    with pytest.raises(NotUnderstood):
        match_action("1. play zero", LEGAL, FEARLESS)


def test_a_miss_suggests_the_closest_legal_actions() -> None:
    with pytest.raises(NotUnderstood) as error:
        match_action("plya magneta+3", LEGAL, FEARLESS)
    assert error.value.suggestions[0] == "play magenta+3"
    assert "did you mean: play magenta+3" in str(error.value)
    with pytest.raises(NotUnderstood, match="there is no choice 9; choose 1 to 4"):
        match_action("9", LEGAL, FEARLESS)


def test_citadels_names_and_german_names_stand_for_slugs() -> None:
    view = {"game": "citadels"}
    legal = ["build haunted-city", "assassinate king", "end turn"]
    assert match_action("Build Haunted City", legal, view) == "build haunted-city"
    assert match_action("assassinate the King", legal, view) == "assassinate king"
    assert match_action("assassinate König", legal, view) == "assassinate king"


def test_fools_blade_card_names_stand_for_ids() -> None:
    view = {"game": "foolsblade", "cards": None}
    legal = ["equip wayfarer-blade", "play trip-wire on 1", "pass"]
    assert match_action("equip Wayfarer's Blade", legal, view) == "equip wayfarer-blade"
    assert match_action("play Trip Wire on 1", legal, view) == "play trip-wire on 1"


def test_with_the_state_a_refusal_gives_the_games_reason() -> None:
    state = parlour.load("fearless").new_game(4, seed=1)
    legal = [a.text for a in state.legal_actions()]
    missing = next(
        f"blue{v:+d}" for v in (6, 5, 4, 3, 2, -2, -3) if f"play blue{v:+d}" not in legal
    )
    with pytest.raises(NotUnderstood) as error:
        match_action(missing, legal, state=state)
    assert error.value.why == f"Player 1 holds no {missing}"


def test_a_chatty_reply_is_read_by_its_last_line_or_the_only_action_it_quotes() -> None:
    assert match_reply("I lead low.\nAction: play blue-1", LEGAL, FEARLESS) == "play blue-1"
    assert match_reply("Best is `play zero`, keeping my blues.", LEGAL, FEARLESS) == "play zero"
    with pytest.raises(NotUnderstood):
        match_reply("either play zero or play blue+5", LEGAL, FEARLESS)
