"""Every refusal says why: a face-up or unknown character, a step out of order, a bad target."""

from __future__ import annotations

import pytest

import parlour
from parlour import IllegalAction
from parlour.games.citadels.scenario import scenario
from parlour.games.citadels.state import CitadelsState

GAME = parlour.load("citadels")


def refused(state: CitadelsState, text: str, reason: str) -> None:
    """``text`` is refused with ``reason`` in the message, and the state does not change."""
    before = state.view(state.current_player)
    with pytest.raises(IllegalAction, match=reason):
        state.apply(text)
    assert state.view(state.current_player) == before


def draft(players: int) -> CitadelsState:
    state = GAME.new_game(players, seed=3)
    assert isinstance(state, CitadelsState)
    return state


# -- the draft ---------------------------------------------------------------------------


def test_a_face_up_character_cannot_be_chosen() -> None:
    state = draft(4)
    up = state.view(None)["face_up"][0]
    refused(state, f"choose {up}", f"the {up.title()} is face up this round")


def test_an_unknown_character_is_quoted_as_typed() -> None:
    state = draft(4)
    refused(state, "choose wizard", r"^'wizard' is not a character; the characters are assassin")
    refused(state, "Choose   Wizard", r"^'wizard' is not a character")


def test_a_character_already_taken_is_not_offered() -> None:
    state = draft(3)
    taken = state.legal_actions()[0].text
    state.apply(taken)
    name = taken.split()[1].title()
    refused(state, taken, f"the {name} is not among the characters offered to you")


def test_the_two_player_draft_says_which_step_it_is() -> None:
    state = draft(2)
    state.apply(state.legal_actions()[0])
    state.apply(state.legal_actions()[0])
    # Seat 1 now puts a character face down.
    character = state.legal_actions()[0].text.split()[1]
    refused(state, f"choose {character}", "on this step of the draft you put a character face down")


def test_turn_actions_wait_for_the_draft() -> None:
    refused(draft(3), "take gold", "the characters are being chosen; choose a character")


# -- the order of a turn -----------------------------------------------------------------


def test_building_before_taking_gold_or_cards() -> None:
    state = scenario(characters={"king": 0}, turn="king", hands=[["manor"], [], []], gold=[9, 0, 0])
    refused(state, "build manor", r"take gold or draw cards first \('take gold' or 'draw'\)")
    refused(state, "end turn", "take gold or draw cards first")


def test_resources_are_taken_once() -> None:
    state = scenario(characters={"king": 0}, turn="king", main=True)
    refused(state, "take gold", "you have already taken gold or drawn cards this turn")


def test_drawing_from_an_empty_deck() -> None:
    state = scenario(characters={"king": 0}, turn="king", deck=[])
    refused(state, "draw", "the deck is empty")


def test_keeping_comes_before_anything_else() -> None:
    state = scenario(characters={"king": 0}, turn="king", deck=["manor", "temple", "castle"])
    state.apply("draw")
    refused(state, "end turn", r"keep one of the cards you drew first")
    refused(state, "keep castle", "the Castle is not among the cards you drew")
    refused(state, "keep mansion", r"'mansion' is not a district")


def test_building_during_the_magicians_redraw() -> None:
    state = scenario(
        characters={"magician": 0},
        turn="magician",
        hands=[["manor", "temple"], [], []],
        gold=[9, 0, 0],
        main=True,
    )
    state.apply("discard manor")
    refused(state, "build temple", "finish the Magician's redraw first")
    refused(state, "discard castle", "the Castle is not in your hand")


# -- targets -----------------------------------------------------------------------------


def test_the_assassin_names_neither_himself_nor_a_face_up_character() -> None:
    state = scenario(players=4, characters={"assassin": 0}, turn="assassin", main=True)
    up = state.view(None)["face_up"][0]
    refused(state, f"assassinate {up}", f"the {up.title()} is face up this round")
    refused(state, "assassinate assassin", "the Assassin cannot murder himself")
    refused(state, "assassinate wizard", "'wizard' is not a character")


def test_the_thief_cannot_rob_the_assassin_himself_the_dead_or_a_face_up_character() -> None:
    state = scenario(players=4, characters={"thief": 0}, turn="thief", murdered="king", main=True)
    refused(state, "rob assassin", "the Thief cannot rob the Assassin")
    refused(state, "rob thief", "the Thief cannot rob himself")
    refused(state, "rob king", "the King was murdered this round and cannot be robbed")
    up = state.view(None)["face_up"][0]
    refused(state, f"rob {up}", f"the {up.title()} is face up this round")


def test_the_magician_cannot_swap_with_himself_or_nobody() -> None:
    state = scenario(characters={"magician": 0}, turn="magician", main=True)
    refused(state, "swap hands 0", "you cannot swap hands with yourself")
    refused(state, "swap hands 5", "5 is not a seat: actions number the seats 0 to 2")
    refused(state, "swap hands one", "'one' is not a seat number")


def test_seat_numbers_are_ascii_digits() -> None:
    """Found by fuzzing: a superscript digit passed ``isdigit`` and broke ``int``."""
    state = scenario(characters={"magician": 0}, turn="magician", main=True)
    refused(state, "swap hands \u00b2", "'\u00b2' is not a seat number")
    refused(state, "swap hands \u0661", "'\u0661' is not a seat number")
    state = scenario(
        characters={"warlord": 0}, turn="warlord", cities=[[], ["manor"], []], main=True
    )
    refused(state, "destroy \u00b2 manor", "'\u00b2' is not a seat number")
    refused(state, "destroy \u00b2", "'\u00b2' is not a district")


def test_an_ability_belongs_to_its_character_and_is_used_once() -> None:
    state = scenario(characters={"king": 0}, turn="king", main=True)
    refused(
        state, "assassinate thief", "only the Assassin can assassinate; this is the King's turn"
    )
    refused(state, "destroy 1 manor", "only the Warlord can destroy")
    refused(state, "discard manor", "only the Magician discards cards")
    state = scenario(characters={"assassin": 0}, turn="assassin", main=True)
    state.apply("assassinate king")
    refused(state, "assassinate thief", "the Assassin's ability is used once a turn")


def test_destroying_without_naming_the_seat() -> None:
    state = scenario(
        players=4,
        characters={"warlord": 0},
        turn="warlord",
        cities=[[], ["watchtower"], ["watchtower", "temple"], []],
        gold=[9, 0, 0, 0],
        main=True,
    )
    refused(state, "destroy watchtower", r"Player 1 and Player 2 each have a Watchtower: name")
    refused(state, "destroy temple", r"name the seat whose Temple you destroy, as in 'destroy 2")
    refused(state, "destroy castle", "no city has a Castle")
    refused(state, "destroy 3 temple", "Player 3 has no Temple")
    refused(state, "destroy 2", r"name the district too, as in 'destroy 2 watchtower'")
    refused(state, "destroy 9 temple", "9 is not a seat")
    # With the table's names, as the server gives them, the seats are named as the log names
    # them; the action's own numbers stay the API's.
    names = ["Ana", "Bo", "Cy", "Player 4"]
    with pytest.raises(IllegalAction) as error:
        state.resolve("destroy watchtower", names)
    assert error.value.why.startswith("Bo and Cy each have a Watchtower: name the seat")
    with pytest.raises(IllegalAction, match="Player 4 has no Temple"):
        state.resolve("destroy 3 temple", names)


def test_what_the_warlord_cannot_destroy() -> None:
    complete = ["manor", "castle", "palace", "temple", "church", "tavern", "market", "docks"]
    state = scenario(
        characters={"warlord": 0, "bishop": 2},
        turn="warlord",
        cities=[["keep"], complete, ["fortress"]],
        gold=[2, 0, 0],
        main=True,
    )
    refused(state, "destroy 0 keep", "the Keep cannot be destroyed")
    refused(state, "destroy 1 manor", "Player 1's city is complete")
    refused(state, "destroy 2 fortress", "Player 2 is the Bishop")
    state = scenario(
        characters={"warlord": 0},
        turn="warlord",
        cities=[[], ["fortress"], []],
        gold=[2, 0, 0],
        main=True,
    )
    refused(state, "destroy 1 fortress", "you have only 2 gold; destroying the Fortress costs 4")


# -- income and purple districts ---------------------------------------------------------


def test_income_refusals() -> None:
    state = scenario(characters={"architect": 0}, turn="architect", main=True)
    refused(state, "collect income", "the Architect collects no district income")
    state = scenario(characters={"king": 0}, turn="king", cities=[["temple"], [], []], main=True)
    refused(state, "collect income", "your city has no yellow district")
    state = scenario(characters={"king": 0}, turn="king", cities=[["manor"], [], []], main=True)
    state.apply("collect income")
    refused(state, "collect income", "you have already collected income this turn")


def test_purple_district_refusals() -> None:
    state = scenario(characters={"king": 0}, turn="king", gold=[1, 0, 0], main=True)
    refused(state, "use laboratory manor", "your city has no Laboratory")
    refused(state, "use smithy", "your city has no Smithy")
    refused(state, "use keep", "the districts used by name are the laboratory and the smithy")
    state = scenario(
        characters={"king": 0},
        turn="king",
        cities=[["smithy", "laboratory"], [], []],
        hands=[["manor"], [], []],
        gold=[1, 0, 0],
        main=True,
    )
    refused(state, "use smithy", "the Smithy costs 2 gold and you have 1")
    refused(state, "use laboratory temple", "the Temple is not in your hand")
    state.apply("use laboratory manor")
    refused(state, "use laboratory manor", "the Laboratory is used once a turn")


def test_building_refusals() -> None:
    state = scenario(
        characters={"king": 0},
        turn="king",
        hands=[["manor", "castle"], [], []],
        gold=[9, 0, 0],
        main=True,
    )
    refused(state, "build palace", "the Palace is not in your hand")
    refused(state, "build", r"name a district, as in 'build watchtower'")
    state.apply("build manor")
    refused(state, "build castle", "you cannot build another district this turn")


def test_draft_actions_are_not_turn_actions() -> None:
    state = scenario(characters={"king": 0}, turn="king", main=True)
    refused(state, "choose king", "that is not an action of a turn; it is the King's turn")
    refused(state, "pass", "that is not an action of a turn")


# -- the Graveyard -----------------------------------------------------------------------


def test_while_the_graveyard_owner_decides() -> None:
    state = scenario(
        characters={"warlord": 0},
        turn="warlord",
        cities=[[], ["graveyard", "castle"], []],
        gold=[9, 1, 0],
        main=True,
    )
    state.apply("destroy 1 castle")
    refused(
        state, "end turn", r"Player 1 first decides whether to rescue the Castle: 'rescue castle'"
    )
    refused(state, "rescue manor", "only the destroyed Castle can be rescued")
