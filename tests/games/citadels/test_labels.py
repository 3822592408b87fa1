"""A button's words are the game's: they say what the move does for this seat, in this city."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from parlour.games.citadels.state import CitadelsState

Scenario = Callable[..., CitadelsState]

DECK = ["manor", "temple", "tavern", "palace", "market", "church"]


def labels(state: CitadelsState) -> dict[str, str]:
    return {a.text: state.label(a, ["Ana", "Bo", "Cy"]) for a in state.legal_actions()}


@pytest.mark.parametrize(
    ("city", "words", "drawn", "kept"),
    [
        ([], "Draw 2 districts, keep 1", 2, 1),
        (["observatory"], "Draw 3 districts, keep 1", 3, 1),
        (["library"], "Draw 2 districts, keep all", 2, 2),
        (["library", "observatory"], "Draw 3 districts, keep 2", 3, 2),
    ],
)
def test_the_draw_button_says_what_drawing_does_in_this_city(
    make: Scenario, city: list[str], words: str, drawn: int, kept: int
) -> None:
    state = make(turn="king", characters={"king": 0}, cities=[city, [], []], deck=DECK)
    assert labels(state)["draw"] == words
    hand = len(state.view(0)["hand"])
    state.apply("draw")
    view = state.view(0)
    if kept < drawn:
        assert len(view["drawn"]) == drawn and view["turn"]["keep_left"] == kept
    else:
        assert len(view["hand"]) == hand + drawn


def test_prices_and_seats_in_the_words_are_the_rules_and_the_tables(make: Scenario) -> None:
    state = make(turn="king", characters={"king": 0}, gold=[5, 2, 2], deck=DECK)
    assert labels(state)["take gold"] == "Take 2 gold"
    state.apply("take gold")
    assert state.view(0)["gold"][0] == 7
    warlord = make(
        turn="warlord",
        characters={"warlord": 0},
        cities=[[], ["temple", "manor"], []],
        gold=[5, 0, 0],
        main=True,
    )
    words = labels(warlord)
    assert words["destroy 1 manor"] == "Destroy Bo's Manor (2 gold)"
    assert words["destroy 1 temple"] == "Destroy Bo's Temple (free)"
    smithy = make(turn="king", characters={"king": 0}, cities=[["smithy"], [], []], main=True)
    assert labels(smithy)["use smithy"] == "Use the Smithy: pay 2 gold, draw 3 districts"
