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


def texts(st: CitadelsState) -> list[str]:
    return [a.text for a in st.legal_actions()]


def test_a_seat_with_two_characters_plays_both_in_rank_order(make: Scenario) -> None:
    st = make(
        players=3,
        characters={"thief": 1, "king": 0, "merchant": 1, "warlord": 2},
        turn="thief",
        hands=[[], ["tavern", "market"], []],
        cities=[[], ["docks"], []],
        gold=[0, 1, 0],
        main=True,
    )
    calls = [(st.current_player, C_SLUG[st.turn_character])]
    st.apply("end turn")
    while not st.is_over and st.phase != DRAFT:
        calls.append((st.current_player, C_SLUG[st.turn_character]))
        if st.current_player == 1:
            st.apply("take gold")  # the Merchant: 1 + 2 + 1 gold, shared with the Thief's turn
            st.apply("build tavern")
        else:
            st.apply("take gold")
        st.apply("end turn")
    assert calls == [(1, "thief"), (0, "king"), (1, "merchant"), (2, "warlord")]
    # One purse, one hand, one city across both turns.
    assert st.gold[1] == 1 + 2 + 1 - 1 and st.hands[1] == ids(["market"])
    assert st.cities[1] == ids(["docks", "tavern"])


def test_a_murdered_characters_holder_still_plays_its_other_character(make: Scenario) -> None:
    st = make(
        players=2,
        characters={"assassin": 0, "king": 1, "warlord": 1},
        turn="assassin",
        main=True,
    )
    st.apply("assassinate king")
    st.apply("end turn")
    assert st.current_player == 1 and C_SLUG[st.turn_character] == "warlord"
    assert "king" not in st.view(None)["revealed"]


def test_robbed_gold_stays_when_nobody_holds_the_character(make: Scenario) -> None:
    st = make(characters={"thief": 0, "warlord": 1}, turn="thief", gold=[2, 5, 4], main=True)
    st.apply("rob king")
    st.apply("end turn")
    assert st.turn_character == 7 and st.gold == [2, 5, 4]


def test_thief_cannot_name_a_face_up_character(make: Scenario) -> None:
    st = make(players=4, characters={"thief": 0}, turn="thief", main=True)
    for c in st.face_up:
        assert f"rob {C_SLUG[c]}" not in texts(st)


def test_resources_come_before_anything_else(make: Scenario) -> None:
    st = make(
        characters={"warlord": 0},
        turn="warlord",
        hands=[["tavern"], [], []],
        cities=[["watchtower"], ["temple"], []],
        gold=[5, 0, 0],
    )
    assert texts(st) == ["take gold", "draw"]
    st = make(characters={"warlord": 0}, turn="warlord", deck=[])
    assert texts(st) == ["take gold"]  # an empty deck offers no draw


def test_an_empty_deck_gives_fewer_cards(make: Scenario) -> None:
    st = make(
        characters={"architect": 0},
        turn="architect",
        hands=[[], [], []],
        cities=[["library", "observatory"], [], []],
        deck=["manor"],
    )
    st.apply("draw")  # draw 3 keep 2, but one card is left: it is kept without a decision
    assert st.hands[0] == ids(["manor"]) and st.turn_step == 2 and not st.deck
    st = make(
        characters={"architect": 0},
        turn="architect",
        hands=[[], [], []],
        deck=["manor"],
    )
    st.apply("take gold")  # the Architect's 2 extra cards: only one is there
    assert st.hands[0] == ids(["manor"])


def test_graveyard_rescues_its_owners_own_district(make: Scenario) -> None:
    # The seed's case: the Warlord destroys a district of the Graveyard's owner.
    st = make(
        characters={"warlord": 1},
        turn="warlord",
        cities=[["graveyard", "castle"], [], []],
        gold=[2, 9, 0],
        main=True,
    )
    st.apply("destroy 0 castle")
    assert st.current_player == 0 and texts(st) == ["rescue castle", "pass"]
    st.apply("rescue castle")
    assert st.hands[0][-1] == D_INDEX["castle"] and st.cities[0] == ids(["graveyard"])
    assert st.gold[:2] == [1, 6]


def test_haunted_city_at_the_real_end_of_the_game(make: Scenario) -> None:
    """Built before the last round it fills the missing colour (red); built in it, not."""
    six = ["manor", "temple", "tavern", "keep", "castle", "church"]
    for built_before, bonus in ((True, 3), (False, 0)):
        last = "market" if built_before else "haunted-city"
        st = make(
            characters={"king": 0, "warlord": 1},
            turn="king",
            hands=[[last], [], []],
            cities=[[*six, "haunted-city" if built_before else "market"], [], []],
            gold=[2, 0, 0],
            main=True,
            haunted_city_round=[0 if built_before else None, None, None],
        )
        st.apply(f"build {last}")
        assert len(st.cities[0]) == 8 and st.last_round
        st.apply("end turn")
        st.apply("take gold")
        st.apply("end turn")
        assert st.is_over
        districts = 3 + 1 + 1 + 3 + 4 + 2 + 2 + 2
        assert st.scores()[0] == districts + 4 + bonus


@pytest.mark.parametrize("players", [4, 5, 6])
def test_the_last_seat_picks_from_two_and_the_other_goes_face_down(players: int) -> None:
    for seed in range(5):
        st = GAME.new_game(players, seed=seed)
        assert isinstance(st, CitadelsState)
        for _ in range(players - 1):
            st.apply(st.legal_actions()[0])
        last = st.legal_actions()
        assert len(last) == 2 and st.current_player == (players - 1)
        st.apply(last[1])
        left = last[0].text.split()[1]
        assert st.holder[st.places.index(100)] == -1 and C_SLUG[st.places.index(100)] == left
        assert st.view(players - 1)["face_down_known"] == [left]
        assert st.view(0)["face_down_known"] == []
        assert st.view(None)["face_down_count"] == 2


def test_bishop_protects_his_holders_city_from_that_holders_own_warlord(make: Scenario) -> None:
    st = make(
        players=2,
        characters={"bishop": 0, "warlord": 0},
        turn="warlord",
        cities=[["tavern"], ["temple"]],
        gold=[5, 0],
        main=True,
    )
    assert "destroy 0 tavern" not in texts(st) and "destroy 1 temple" in texts(st)


def test_thief_robbing_his_holders_other_character_moves_nothing(make: Scenario) -> None:
    st = make(players=2, characters={"thief": 0, "king": 0}, turn="thief", gold=[4, 3], main=True)
    st.apply("rob king")
    st.apply("end turn")
    assert st.turn_character == 3 and st.gold == [4, 3]
