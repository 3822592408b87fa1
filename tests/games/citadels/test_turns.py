"""The order of turns and their edges: two characters, murders, the last round, short decks."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import parlour
from parlour.games.citadels.cards import C_SLUG, D_INDEX
from parlour.games.citadels.draft import DRAFT
from parlour.games.citadels.state import CitadelsState

Scenario = Callable[..., CitadelsState]
GAME = parlour.load("citadels")


def ids(slugs: list[str]) -> list[int]:
    return [D_INDEX[s] for s in slugs]


def texts(state: CitadelsState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def test_a_seat_with_two_characters_plays_both_in_rank_order(make: Scenario) -> None:
    state = make(
        players=3,
        characters={"thief": 1, "king": 0, "merchant": 1, "warlord": 2},
        turn="thief",
        hands=[[], ["tavern", "market"], []],
        cities=[[], ["docks"], []],
        gold=[0, 1, 0],
        main=True,
    )
    calls = [(state.current_player, C_SLUG[state.turn_character])]
    state.apply("end turn")
    while not state.is_over and state.phase != DRAFT:
        calls.append((state.current_player, C_SLUG[state.turn_character]))
        if state.current_player == 1:
            state.apply("take gold")  # the Merchant: 1 + 2 + 1 gold, shared with the Thief's turn
            state.apply("build tavern")
        else:
            state.apply("take gold")
        state.apply("end turn")
    assert calls == [(1, "thief"), (0, "king"), (1, "merchant"), (2, "warlord")]
    # One purse, one hand, one city across both turns.
    assert state.gold[1] == 1 + 2 + 1 - 1 and state.hands[1] == ids(["market"])
    assert state.cities[1] == ids(["docks", "tavern"])


def test_a_murdered_characters_holder_still_plays_its_other_character(make: Scenario) -> None:
    state = make(
        players=2,
        characters={"assassin": 0, "king": 1, "warlord": 1},
        turn="assassin",
        main=True,
    )
    state.apply("assassinate king")
    state.apply("end turn")
    assert state.current_player == 1 and C_SLUG[state.turn_character] == "warlord"
    assert "king" not in state.view(None)["revealed"]


def test_robbed_gold_stays_when_nobody_holds_the_character(make: Scenario) -> None:
    state = make(characters={"thief": 0, "warlord": 1}, turn="thief", gold=[2, 5, 4], main=True)
    state.apply("rob king")
    state.apply("end turn")
    assert state.turn_character == 7 and state.gold == [2, 5, 4]


def test_thief_cannot_name_a_face_up_character(make: Scenario) -> None:
    state = make(players=4, characters={"thief": 0}, turn="thief", main=True)
    for c in state.face_up:
        assert f"rob {C_SLUG[c]}" not in texts(state)


def test_resources_come_before_anything_else(make: Scenario) -> None:
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        hands=[["tavern"], [], []],
        cities=[["watchtower"], ["temple"], []],
        gold=[5, 0, 0],
    )
    assert texts(state) == ["take gold", "draw"]
    state = make(characters={"warlord": 0}, turn="warlord", deck=[])
    assert texts(state) == ["take gold"]  # an empty deck offers no draw


def test_an_empty_deck_gives_fewer_cards(make: Scenario) -> None:
    state = make(
        characters={"architect": 0},
        turn="architect",
        hands=[[], [], []],
        cities=[["library", "observatory"], [], []],
        deck=["manor"],
    )
    state.apply("draw")  # draw 3 keep 2, but one card is left: it is kept without a decision
    assert state.hands[0] == ids(["manor"]) and state.turn_step == 2 and not state.deck
    state = make(
        characters={"architect": 0},
        turn="architect",
        hands=[[], [], []],
        deck=["manor"],
    )
    state.apply("take gold")  # the Architect's 2 extra cards: only one is there
    assert state.hands[0] == ids(["manor"])


def test_graveyard_rescues_its_owners_own_district(make: Scenario) -> None:
    # The seed's case: the Warlord destroys a district of the Graveyard's owner.
    state = make(
        characters={"warlord": 1},
        turn="warlord",
        cities=[["graveyard", "castle"], [], []],
        gold=[2, 9, 0],
        main=True,
    )
    state.apply("destroy 0 castle")
    assert state.current_player == 0 and texts(state) == ["rescue castle", "pass"]
    state.apply("rescue castle")
    assert state.hands[0][-1] == D_INDEX["castle"] and state.cities[0] == ids(["graveyard"])
    assert state.gold[:2] == [1, 6]


def test_haunted_city_at_the_real_end_of_the_game(make: Scenario) -> None:
    """Built before the last round it fills the missing colour (red); built in it, not."""
    six = ["manor", "temple", "tavern", "keep", "castle", "church"]
    for built_before, bonus in ((True, 3), (False, 0)):
        last = "market" if built_before else "haunted-city"
        state = make(
            characters={"king": 0, "warlord": 1},
            turn="king",
            hands=[[last], [], []],
            cities=[[*six, "haunted-city" if built_before else "market"], [], []],
            gold=[2, 0, 0],
            main=True,
            haunted_city_round=[0 if built_before else None, None, None],
        )
        state.apply(f"build {last}")
        assert len(state.cities[0]) == 8 and state.last_round
        state.apply("end turn")
        state.apply("take gold")
        state.apply("end turn")
        assert state.is_over
        districts = 3 + 1 + 1 + 3 + 4 + 2 + 2 + 2
        assert state.scores()[0] == districts + 4 + bonus


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_last_seat_picks_from_two_and_the_other_goes_face_down(players: int) -> None:
    for seed in range(5):
        state = GAME.new_game(players, seed=seed)
        assert isinstance(state, CitadelsState)
        for _ in range(players - 1):
            state.apply(state.legal_actions()[0])
        last = state.legal_actions()
        assert len(last) == 2 and state.current_player == (players - 1)
        state.apply(last[1])
        left = last[0].text.split()[1]
        assert (
            state.holder[state.places.index(100)] == -1 and C_SLUG[state.places.index(100)] == left
        )
        assert state.view(players - 1)["face_down_known"] == [left]
        assert state.view(0)["face_down_known"] == []
        assert state.view(None)["face_down_count"] == 2


def test_bishop_protects_his_holders_city_from_that_holders_own_warlord(make: Scenario) -> None:
    state = make(
        players=2,
        characters={"bishop": 0, "warlord": 0},
        turn="warlord",
        cities=[["tavern"], ["temple"]],
        gold=[5, 0],
        main=True,
    )
    assert "destroy 0 tavern" not in texts(state) and "destroy 1 temple" in texts(state)


def test_thief_robbing_his_holders_other_character_moves_nothing(make: Scenario) -> None:
    state = make(
        players=2, characters={"thief": 0, "king": 0}, turn="thief", gold=[4, 3], main=True
    )
    state.apply("rob king")
    state.apply("end turn")
    assert state.turn_character == 3 and state.gold == [4, 3]


def test_drawn_cards_are_listed_in_card_order(make: Scenario) -> None:
    """Found by fuzzing: a draw's event listed the cards as they came off the deck, an order
    the view does not keep, so two games alike to the drawer told apart by its events."""
    state = make(characters={"king": 0}, turn="king", deck=["watchtower", "manor", "castle"])
    (drew,) = [e.to_dict() for e in state.apply("draw") if e.kind == "draw"]
    assert drew["cards"] == ["manor", "watchtower"]  # the Watchtower was on top
