"""One scenario for each character, with its restrictions."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from parlour import IllegalAction
from parlour.games.citadels.cards import C_SLUG, D_INDEX
from parlour.games.citadels.state import CitadelsState

Scenario = Callable[..., CitadelsState]


def ids(slugs: list[str]) -> list[int]:
    return [D_INDEX[s] for s in slugs]


def texts(state: CitadelsState) -> list[str]:
    return [a.text for a in state.legal_actions()]


def test_assassin_murders_and_the_victim_skips_its_turn(make: Scenario) -> None:
    state = make(
        characters={"assassin": 0, "merchant": 1, "warlord": 2}, turn="assassin", main=True
    )
    legal = texts(state)
    assert "assassinate assassin" not in legal
    assert {f"assassinate {c}" for c in ("thief", "merchant", "warlord")} <= set(legal)
    state.apply("assassinate merchant")
    assert not any(t.startswith("assassinate") for t in texts(state))
    state.apply("end turn")
    # Thief..Architect absent or silent: the Warlord plays next, the Merchant never did.
    assert state.current_player == 2 and state.turn_character == 7
    assert "merchant" not in state.view(None)["revealed"]
    assert state.view(None)["murdered"] == "merchant"


def test_assassin_cannot_name_a_face_up_character(make: Scenario) -> None:
    state = make(players=4, characters={"assassin": 0}, turn="assassin", main=True)
    assert len(state.face_up) == 2
    for c in state.face_up:
        assert f"assassinate {C_SLUG[c]}" not in texts(state)


def test_thief_cannot_rob_assassin_himself_or_the_murdered(make: Scenario) -> None:
    state = make(
        characters={"assassin": 1, "thief": 0, "king": 2},
        turn="thief",
        murdered="bishop",
        main=True,
    )
    legal = texts(state)
    assert "rob assassin" not in legal and "rob thief" not in legal
    assert "rob bishop" not in legal
    assert "rob king" in legal


def test_robbed_gold_moves_when_the_character_is_revealed(make: Scenario) -> None:
    state = make(characters={"thief": 0, "king": 1}, turn="thief", gold=[2, 7, 3], main=True)
    state.apply("rob king")
    state.apply("end turn")
    assert state.turn_character == 3 and state.current_player == 1
    assert state.gold[:2] == [9, 0]


def test_magician_swaps_whole_hands(make: Scenario) -> None:
    state = make(
        characters={"magician": 0},
        turn="magician",
        hands=[["manor"], ["temple", "castle"], []],
        main=True,
    )
    state.apply("swap hands 1")
    assert state.hands[0] == ids(["temple", "castle"]) and state.hands[1] == ids(["manor"])
    assert not any(t.startswith(("swap", "discard")) for t in texts(state))


def test_magician_redraws_one_card_at_a_time_then_done(make: Scenario) -> None:
    state = make(
        characters={"magician": 0},
        turn="magician",
        hands=[["manor", "palace", "tavern"], [], []],
        deck=["temple", "church", "market"],
        main=True,
    )
    state.apply("discard manor")
    assert set(texts(state)) == {"discard palace", "discard tavern", "done"}
    state.apply("discard palace")
    state.apply("done")
    assert sorted(state.hands[0]) == sorted(ids(["tavern", "temple", "church"]))
    assert set(state.deck[:2]) == set(ids(["manor", "palace"]))
    assert "swap hands 1" not in texts(state)


def test_king_takes_the_crown_when_revealed(make: Scenario) -> None:
    state = make(characters={"king": 2}, turn="king")
    assert state.crown == 2


def test_murdered_king_takes_the_crown_at_the_end_of_the_round(make: Scenario) -> None:
    state = make(characters={"assassin": 0, "king": 2}, turn="assassin", main=True)
    state.apply("assassinate king")
    round_before = state.round
    state.apply("end turn")
    assert state.round == round_before + 1 and state.crown == 2


def test_nobody_takes_the_crown_when_the_king_was_not_chosen(make: Scenario) -> None:
    state = make(characters={"warlord": 1}, turn="warlord", main=True)
    state.apply("end turn")
    assert state.crown == 0


def test_bishop_protects_only_while_revealed_and_alive(make: Scenario) -> None:
    cities = [[], ["temple", "manor"], ["tavern"]]
    state = make(
        characters={"bishop": 1, "warlord": 0},
        turn="warlord",
        cities=cities,
        gold=[5, 0, 0],
        main=True,
    )
    assert not any(t.startswith("destroy 1") for t in texts(state))
    assert "destroy 2 tavern" in texts(state)
    state = make(
        characters={"bishop": 1, "warlord": 0},
        turn="warlord",
        cities=cities,
        gold=[5, 0, 0],
        murdered="bishop",
        main=True,
    )
    assert "destroy 1 temple" in texts(state)


def test_merchant_gets_one_gold_after_his_action_and_green_income(make: Scenario) -> None:
    state = make(
        characters={"merchant": 0},
        turn="merchant",
        cities=[["tavern", "market"], [], []],
        gold=[0, 2, 2],
    )
    state.apply("take gold")
    assert state.gold[0] == 3
    state.apply("collect income")
    assert state.gold[0] == 5
    assert "collect income" not in texts(state)


def test_architect_draws_two_more_and_builds_three(make: Scenario) -> None:
    state = make(
        characters={"architect": 0},
        turn="architect",
        hands=[["temple", "tavern"], [], []],
        gold=[10, 0, 0],
        deck=["watchtower", "church"],
    )
    state.apply("take gold")
    assert sorted(state.hands[0]) == sorted(ids(["temple", "tavern", "watchtower", "church"]))
    for card in ("temple", "tavern", "watchtower"):
        state.apply(f"build {card}")
    assert not any(t.startswith("build") for t in texts(state))
    assert len(state.cities[0]) == 3


def test_only_one_build_for_others_and_no_duplicates(make: Scenario) -> None:
    state = make(
        characters={"king": 0},
        turn="king",
        hands=[["manor", "temple", "castle"], [], []],
        cities=[["temple"], [], []],
        gold=[3, 0, 0],
        main=True,
    )
    legal = texts(state)
    assert "build temple" not in legal and "build castle" not in legal
    with pytest.raises(IllegalAction, match="your city already has a Temple"):
        state.apply("build temple")
    with pytest.raises(IllegalAction, match="you have only 3 gold; the Castle costs 4"):
        state.apply("build castle")
    state.apply("build manor")
    assert not any(t.startswith("build") for t in texts(state))


def test_warlord_pays_cost_minus_one_and_may_hit_his_own_city(make: Scenario) -> None:
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        cities=[["tavern"], ["castle", "watchtower"], []],
        gold=[3, 0, 0],
        main=True,
    )
    legal = texts(state)
    assert "destroy 0 tavern" in legal and "destroy 1 castle" in legal
    state.apply("destroy 1 castle")
    assert state.gold[0] == 0 and state.cities[1] == ids(["watchtower"])
    assert state.deck[0] == D_INDEX["castle"]
    assert not any(t.startswith("destroy") for t in texts(state))


def test_warlord_cannot_touch_a_city_of_eight_or_a_keep(make: Scenario) -> None:
    full = ["temple", "church", "monastery", "tavern", "market", "docks", "prison", "manor"]
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        cities=[[], full, ["keep", "tavern"]],
        gold=[9, 0, 0],
        main=True,
    )
    legal = texts(state)
    assert not any(t.startswith("destroy 1") for t in legal)
    assert "destroy 2 keep" not in legal and "destroy 2 tavern" in legal
