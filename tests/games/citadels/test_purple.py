"""One scenario for each purple district."""

from __future__ import annotations

from collections.abc import Callable

from parlour.games.citadels.cards import D_INDEX
from parlour.games.citadels.scoring import city_score, has_five_colours
from parlour.games.citadels.state import CitadelsState

Scenario = Callable[..., CitadelsState]


def ids(slugs: list[str]) -> list[int]:
    return [D_INDEX[s] for s in slugs]


def texts(state: CitadelsState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def test_haunted_city_counts_as_the_missing_colour() -> None:
    city = ids(["manor", "temple", "tavern", "haunted-city"])
    assert has_five_colours(city + ids(["keep"]), haunted_counts=True)
    assert not has_five_colours(city + ids(["keep"]), haunted_counts=False)
    assert has_five_colours(city + ids(["watchtower"]), haunted_counts=False)
    assert not has_five_colours(city, haunted_counts=True)


def test_haunted_city_built_in_the_last_round_does_not_count(make: Scenario) -> None:
    state = make(
        characters={"king": 0},
        turn="king",
        hands=[["haunted-city"], [], []],
        cities=[["manor", "temple", "tavern", "keep"], [], []],
        gold=[5, 0, 0],
        main=True,
    )
    state.apply("build haunted-city")
    assert state.scores()[0] == 3 + 1 + 1 + 3 + 2  # no bonus this round
    state.apply("end turn")  # nobody else holds a character: the next round begins
    assert state.round == 2
    assert state.scores()[0] == 3 + 1 + 1 + 3 + 2 + 3


def test_keep_cannot_be_destroyed(make: Scenario) -> None:
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        cities=[[], ["keep"], []],
        gold=[9, 0, 0],
        main=True,
    )
    assert not any(t.startswith("destroy") for t in texts(state))


def test_laboratory_discards_a_card_for_one_gold_once(make: Scenario) -> None:
    state = make(
        characters={"thief": 0},
        turn="thief",
        hands=[["manor", "palace"], [], []],
        cities=[["laboratory"], [], []],
        gold=[0, 0, 0],
        main=True,
    )
    assert {"use laboratory manor", "use laboratory palace"} <= set(texts(state))
    state.apply("use laboratory palace")
    assert (
        state.gold[0] == 1
        and state.hands[0] == ids(["manor"])
        and state.deck[0] == D_INDEX["palace"]
    )
    assert not any(t.startswith("use laboratory") for t in texts(state))


def test_smithy_pays_two_to_draw_three_once(make: Scenario) -> None:
    state = make(
        characters={"thief": 0},
        turn="thief",
        hands=[[], [], []],
        cities=[["smithy"], [], []],
        gold=[1, 0, 0],
        deck=["manor", "temple", "tavern", "prison"],
        main=True,
    )
    assert "use smithy" not in texts(state)
    state = make(
        characters={"thief": 0},
        turn="thief",
        hands=[[], [], []],
        cities=[["smithy"], [], []],
        gold=[3, 0, 0],
        deck=["manor", "temple", "tavern", "prison"],
        main=True,
    )
    state.apply("use smithy")
    assert state.gold[0] == 1 and sorted(state.hands[0]) == sorted(
        ids(["manor", "temple", "tavern"])
    )
    assert "use smithy" not in texts(state)


def test_graveyard_owner_may_pay_one_gold_to_rescue(make: Scenario) -> None:
    state = make(
        characters={"warlord": 1},
        turn="warlord",
        cities=[["graveyard"], ["tavern"], ["castle"]],
        gold=[1, 9, 0],
        main=True,
    )
    state.apply("destroy 2 castle")
    assert state.current_player == 0
    assert texts(state) == ["rescue castle", "pass"]
    state.apply("rescue castle")
    assert state.gold[0] == 0 and state.hands[0][-1] == D_INDEX["castle"]
    assert state.current_player == 1 and "end turn" in texts(state)


def test_graveyard_pass_sends_the_card_under_the_deck(make: Scenario) -> None:
    state = make(
        characters={"warlord": 1},
        turn="warlord",
        cities=[["graveyard"], [], ["castle"]],
        gold=[1, 9, 0],
        main=True,
    )
    state.apply("destroy 2 castle")
    state.apply("pass")
    assert state.deck[0] == D_INDEX["castle"] and state.gold[0] == 1


def test_graveyard_window_asks_owners_in_turn_order_from_the_warlord(make: Scenario) -> None:
    """The rescue is a response window: a pass moves it on, a rescue closes it."""
    # One Graveyard a game, but the window serves any number of owners (a card set of
    # another size): seat 3 is asked before seat 0 because the Warlord sits at seat 2.
    state = make(
        players=4,
        characters={"warlord": 2},
        turn="warlord",
        cities=[["graveyard"], ["castle"], [], ["graveyard"]],
        gold=[1, 0, 9, 1],
        main=True,
    )
    state.apply("destroy 1 castle")
    assert state.current_player == 3 and state.view(None)["rescue"] == {
        "seat": 3,
        "district": "castle",
    }
    assert state.view(None)["phase"] == "rescue"
    state.apply("pass")
    assert state.current_player == 0
    state.apply("rescue castle")
    assert state.hands[0][-1] == D_INDEX["castle"] and state.gold == [0, 0, 6, 1]
    assert state.current_player == 2 and state.view(None)["rescue"] is None
    # Everyone passes: the card goes under the deck and the Warlord's turn goes on.
    state = make(
        players=4,
        characters={"warlord": 2},
        turn="warlord",
        cities=[["graveyard"], ["castle"], [], ["graveyard"]],
        gold=[1, 0, 9, 1],
        main=True,
    )
    state.apply("destroy 1 castle")
    state.apply("pass")
    state.apply("pass")
    assert state.current_player == 2 and state.deck[0] == D_INDEX["castle"]
    assert state.view(None)["phase"] == "turn"


def test_graveyard_not_for_the_warlord_his_own_city_itself_or_without_gold(
    make: Scenario,
) -> None:
    # The Warlord owns the Graveyard: no rescue.
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        cities=[["graveyard"], ["castle"], []],
        gold=[9, 0, 0],
        main=True,
    )
    state.apply("destroy 1 castle")
    assert state.current_player == 0 and "end turn" in texts(state)
    # The Warlord destroys his own district: no rescue for the Graveyard's owner.
    state = make(
        characters={"warlord": 1},
        turn="warlord",
        cities=[["graveyard"], ["castle"], []],
        gold=[5, 9, 0],
        main=True,
    )
    state.apply("destroy 1 castle")
    assert state.current_player == 1
    # The Graveyard itself, and an owner without gold.
    state = make(
        characters={"warlord": 1},
        turn="warlord",
        cities=[["graveyard", "castle"], [], []],
        gold=[0, 9, 0],
        main=True,
    )
    state.apply("destroy 0 castle")
    assert state.current_player == 1
    state = make(
        characters={"warlord": 1},
        turn="warlord",
        cities=[["graveyard", "castle"], [], []],
        gold=[5, 9, 0],
        main=True,
    )
    state.apply("destroy 0 graveyard")
    assert state.current_player == 1


def test_observatory_draws_three_keeps_one(make: Scenario) -> None:
    state = make(
        characters={"king": 0},
        turn="king",
        hands=[[], [], []],
        cities=[["observatory"], [], []],
        deck=["manor", "temple", "tavern"],
    )
    state.apply("draw")
    assert set(texts(state)) == {"keep manor", "keep temple", "keep tavern"}
    state.apply("keep temple")
    assert state.hands[0] == ids(["temple"]) and set(state.deck[:2]) == set(
        ids(["manor", "tavern"])
    )


def test_library_keeps_both_and_with_observatory_three_keep_two(make: Scenario) -> None:
    state = make(
        characters={"king": 0},
        turn="king",
        hands=[[], [], []],
        cities=[["library"], [], []],
        deck=["manor", "temple", "tavern"],
    )
    state.apply("draw")
    assert sorted(state.hands[0]) == sorted(ids(["manor", "temple"])) and state.turn_step == 2
    state = make(
        characters={"king": 0},
        turn="king",
        hands=[[], [], []],
        cities=[["library", "observatory"], [], []],
        deck=["manor", "temple", "tavern"],
    )
    state.apply("draw")
    state.apply("keep tavern")
    state.apply("keep manor")
    assert sorted(state.hands[0]) == sorted(ids(["manor", "tavern"]))
    assert state.deck[0] == D_INDEX["temple"]


def test_school_of_magic_counts_as_the_characters_colour(make: Scenario) -> None:
    state = make(
        characters={"king": 0},
        turn="king",
        cities=[["school-of-magic", "manor"], [], []],
        gold=[0, 0, 0],
        main=True,
    )
    state.apply("collect income")
    assert state.gold[0] == 2
    state = make(
        characters={"architect": 0},
        turn="architect",
        cities=[["school-of-magic"], [], []],
        main=True,
    )
    assert "collect income" not in texts(state)


def test_university_and_dragon_gate_score_eight() -> None:
    assert city_score(ids(["university", "dragon-gate"]), False, False) == 16


def test_great_wall_makes_the_warlord_pay_one_more(make: Scenario) -> None:
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        cities=[[], ["great-wall", "castle", "watchtower"], []],
        gold=[3, 0, 0],
        main=True,
        great_wall=True,
    )
    legal = texts(state)
    assert "destroy 1 castle" not in legal  # 4 - 1 + 1 = 4 > 3
    assert "destroy 1 watchtower" in legal  # 1 - 1 + 1 = 1
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        cities=[[], ["great-wall", "castle", "watchtower"], []],
        gold=[5, 0, 0],
        main=True,
        great_wall=True,
    )
    assert "destroy 1 great-wall" in texts(state)  # itself: 6 - 1
