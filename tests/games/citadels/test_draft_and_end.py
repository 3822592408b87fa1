"""The draft for every player count, the end of the game and scoring."""

from __future__ import annotations

from collections.abc import Callable

import pytest

import parlour
from parlour import GameError
from parlour.core import Rng
from parlour.games.citadels.cards import C_BIT, C_SLUG, D_INDEX, KING
from parlour.games.citadels.draft import DRAFT
from parlour.games.citadels.scoring import city_score
from parlour.games.citadels.state import CitadelsState

Scenario = Callable[..., CitadelsState]
GAME = parlour.load("citadels")
FACE_UP = {2: 0, 3: 0, 4: 2, 5: 1, 6: 0, 7: 0}


def ids(slugs: list[str]) -> list[int]:
    return [D_INDEX[s] for s in slugs]


def new(players: int, seed: int = 0) -> CitadelsState:
    state = GAME.new_game(players, seed=seed)
    assert isinstance(state, CitadelsState)
    return state


def draft_randomly(state: CitadelsState, rng: Rng) -> list[tuple[int, str]]:
    """Play the draft out at random; the (seat, action) pairs in order."""
    done = []
    while state.phase == DRAFT:
        seat = state.current_player
        assert seat is not None
        action = rng.choice(state.legal_actions())
        done.append((seat, action.text))
        state.apply(action)
    return done


@pytest.mark.parametrize("players", range(2, 8))
def test_draft_hands_out_the_right_characters(players: int) -> None:
    for seed in range(20):
        state = new(players, seed)
        view = state.view(None)
        assert len(view["face_up"]) == FACE_UP[players]
        assert "king" not in view["face_up"]
        steps = draft_randomly(state, Rng(seed))
        per_seat = 2 if players <= 3 else 1
        for seat in range(players):
            assert len([c for c in range(8) if state.holder[c] == seat]) == per_seat
        face_down = 8 - FACE_UP[players] - per_seat * players
        assert state.view(None)["face_down_count"] == face_down
        order = [seat for seat, _ in steps]
        if players == 2:
            assert [t.split()[0] for _, t in steps] == [
                "choose",
                "choose",
                "discard",
                "choose",
                "discard",
                "choose",
            ]
            assert order == [0, 1, 1, 0, 0, 1]
        elif players == 3:
            assert order == [0, 1, 2, 0, 1, 2]
        else:
            assert order == list(range(players))


def test_the_pool_is_passed_on_and_shrinks() -> None:
    state = new(5, 3)
    sizes = []
    while state.phase == DRAFT:
        sizes.append(len(state.legal_actions()))
        state.apply(state.legal_actions()[0])
    assert sizes == [6, 5, 4, 3, 2]


def test_seven_players_last_seat_may_take_the_face_down_card() -> None:
    taken = 0
    for seed in range(30):
        state = new(7, seed)
        for _ in range(6):
            state.apply(state.legal_actions()[0])
        offer = state.view(6)["draft_offers"][-1]["characters"]
        assert len(offer) == 2  # the one left and the face-down card
        hidden = state.places.index(-1)
        assert state.draft_pool & C_BIT[hidden]
        state.apply(f"choose {C_SLUG[hidden]}")
        taken += state.took_face_down
        assert state.view(None)["face_down_count"] == 1
    assert taken == 30


def test_the_king_is_never_face_up() -> None:
    for seed in range(200):
        assert KING not in new(4, seed).face_up


def test_draft_offers_are_private() -> None:
    state = new(4, 1)
    state.apply(state.legal_actions()[0])
    assert len(state.view(0)["draft_offers"]) == 1
    assert state.view(1)["draft_offers"][0]["characters"] == [
        a.text.split()[1] for a in state.legal_actions()
    ]
    assert "draft_offers" not in state.view(None)
    assert state.view(2)["draft_offers"] == []


def test_first_to_eight_ends_after_the_round(make: Scenario) -> None:
    seven = ["temple", "church", "monastery", "tavern", "market", "docks", "prison"]
    state = make(
        characters={"king": 0, "warlord": 1},
        turn="king",
        hands=[["manor"], ["watchtower"], []],
        cities=[seven, [*seven[:-1], "battlefield"], []],
        gold=[3, 9, 0],
        main=True,
    )
    state.apply("build manor")
    assert state.last_round and state.first_complete == 0 and not state.is_over
    state.apply("end turn")
    assert state.current_player == 1  # the round is played out
    state.apply("take gold")
    state.apply("build watchtower")
    state.apply("end turn")
    assert state.is_over and state.current_player is None
    # 17 in districts + 4 for the first complete city (no purple: no five colours)
    assert state.scores()[:2] == [17 + 4, 16 + 2]
    assert state.winners() == [0]


def test_five_colours_with_university_and_dragon_gate() -> None:
    city = ids(["manor", "temple", "tavern", "watchtower", "university", "dragon-gate"])
    assert city_score(city, False, False) == 3 + 1 + 1 + 1 + 8 + 8 + 3
    city = ids(["manor", "temple", "tavern", "haunted-city", "dragon-gate", "castle"])
    assert city_score(city, True, False) == 3 + 1 + 1 + 2 + 8 + 4 + 3
    assert city_score(city, False, False) == 3 + 1 + 1 + 2 + 8 + 4


def test_ties_share_the_win(make: Scenario) -> None:
    state = make(
        characters={"warlord": 0},
        turn="warlord",
        cities=[["manor"], ["manor"], []],
        last_round=True,
    )
    state.apply("take gold")
    state.apply("end turn")
    assert state.is_over and state.winners() == [0, 1] and state.returns()[:2] == [0.5, 0.5]


def test_max_rounds_caps_the_game() -> None:
    state = GAME.new_game(3, seed=5, max_rounds=2)
    rng = Rng(5)
    while not state.is_over:
        state.apply(rng.choice(state.legal_actions()))
    assert isinstance(state, CitadelsState) and state.round == 2
    assert state.log[-1].kind == "game_end"
    with pytest.raises(GameError, match="max_rounds"):
        GAME.new_game(3, max_rounds=0)


def test_the_deck_has_65_cards_and_66_with_the_great_wall() -> None:
    for great_wall, total in ((False, 65), (True, 66)):
        state = GAME.new_game(4, seed=0, great_wall=great_wall)
        assert isinstance(state, CitadelsState)
        assert len(state.deck) + sum(len(h) for h in state.hands) == total
