"""Every example of the Fearless rulebook and every ruling of RULINGS.md."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import parlour
from parlour.core import Rng
from parlour.games.fearless.cards import HAND_SIZE
from parlour.games.fearless.events import RoundScored, TrickWon
from parlour.games.fearless.scenario import end_round_with
from parlour.games.fearless.state import FearlessState

from .tables import deck, hands_with, new, play


def test_rulebook_trick_green_minus_4_won_by_green_plus_2(
    four_player_example: FearlessState,
) -> None:
    state = four_player_example
    texts = play(state, "green-4", "green+2", "blue+5", "zero")
    assert texts == [
        "Player 0 leads green -4; the trick is worth -4",
        "Player 1 follows with green +2; the trick is worth -2",
        "Player 2 sheds blue +5; the trick is worth +3",
        "Player 3 follows with zero; the trick is worth +3",
        "Player 1 wins the trick and moves to +3",
    ]
    assert state.ghosts == [None, 3, None, None]
    assert state.current_player == 1, "the trick's winner leads the next"
    assert state.view(None)["voids"][2] == ["green"]


def test_a_player_holding_the_led_suit_must_follow(four_player_example: FearlessState) -> None:
    state = four_player_example
    play(state, "green-4", "green+2", "blue+5")
    legal = {a.text for a in state.legal_actions()}
    assert "play zero" in legal and "play green+6" in legal
    assert all(text.startswith("play green") or text == "play zero" for text in legal)
    before = state.view(None)
    off_suit = next(c for c in state.view(3)["hand"] if not c.startswith("green") and c != "zero")
    with pytest.raises(parlour.IllegalAction, match="must follow green"):
        state.apply(f"play {off_suit}")
    with pytest.raises(parlour.IllegalAction, match="holds no blue\\+5"):
        state.apply("play blue+5")
    with pytest.raises(parlour.IllegalAction, match="not a Fearless card"):
        state.apply("play purple+9")
    assert state.view(None) == before


def test_rulebook_ghost_moves_plus_5_then_minus_12_to_minus_7() -> None:
    hands = hands_with(
        4,
        {
            0: ["blue+6", "orange+2"],
            1: ["blue-3", "orange-6"],
            2: ["blue+4", "orange-5"],
            3: ["blue-2", "orange-3"],
        },
    )
    state = new(4, hands)
    assert play(state, "blue+6", "blue-3", "blue+4", "blue-2")[-1] == (
        "Player 0 wins the trick and moves to +5"
    )
    assert play(state, "orange+2", "orange-6", "orange-5", "orange-3")[-1] == (
        "Player 0 wins the trick and moves to -7"
    )
    assert state.view(None)["ghosts"][0] == -7


def test_rulebook_end_of_round_fear_points() -> None:
    state = parlour.load("fearless").new_game(5, seed=3)
    assert isinstance(state, FearlessState)
    # The rulebook's four ghosts at +8, -2, +5 and -11, and a fifth still on the ruin.
    events = end_round_with(state, [8, -2, 5, -11, None])
    assert state.scores() == [8, 2, 5, 11, 15]
    assert events[0].text.startswith("Round 1 ends; fear points: Player 0 8, Player 1 2")
    assert events[1].text == "Round 2 is dealt; Player 1 leads"


@pytest.mark.parametrize(("players", "size", "cards"), [(3, 13, 39), (4, 13, 52), (5, 12, 60)])
def test_deal_for_each_player_count(players: int, size: int, cards: int) -> None:
    for seed in range(5):
        state = parlour.load("fearless").new_game(players, seed=seed)
        view = state.view(None)
        assert view["hand_counts"] == [size] * players
        hands = [state.view(seat)["hand"] for seat in range(players)]
        all_cards = sorted(c for hand in hands for c in hand)
        assert len(all_cards) == cards
        assert len(all_cards) + len(view["removed"]) == 60
        zeros = all_cards.count("zero")
        suits = {c[:-2] for c in all_cards if c != "zero"}
        if players == 3:
            assert zeros == 3 and len(suits) == 3
            assert view["removed"].count("zero") == 1
        else:
            assert zeros == 4 and len(suits) == 4
        ones = sum(1 for c in all_cards if c.endswith(("+1", "-1")))
        assert ones == {3: 6, 4: 8, 5: 16}[players]


def test_three_player_removed_suit_depends_on_the_seed() -> None:
    removed = set()
    for seed in range(20):
        view = parlour.load("fearless").new_game(3, seed=seed).view(None)
        removed.add(next(c[:-2] for c in view["removed"] if c.endswith("+6")))
    assert len(removed) > 1


def test_each_round_is_dealt_afresh_and_led_in_turn() -> None:
    for first_leader in range(4):
        state = parlour.load("fearless").new_game(4, seed=8, first_leader=first_leader)
        rng = Rng(first_leader)
        hands_seen = []
        for rnd in range(4):
            assert state.view(None)["round"] == rnd + 1
            assert state.current_player == (first_leader + rnd) % 4
            hands_seen.append(state.view(0)["hand"])
            for _ in range(52):
                actions = state.legal_actions()
                state.apply(actions[rng.below(len(actions))])
        assert state.is_over
        assert len({tuple(h) for h in hands_seen}) == 4


def test_a_trick_led_with_zero_takes_its_suit_from_the_first_suit_card() -> None:
    hands = hands_with(
        4,
        {0: ["zero"], 1: ["green-3"], 2: ["green+1", "blue+6"], 3: ["orange+6"]},
        avoid={3: ["green"]},
    )
    state = new(4, hands)
    play(state, "zero")
    assert state.view(None)["led_suit"] is None
    assert len(state.legal_actions()) == len(set(state.view(1)["hand"])), "anything after a zero"
    play(state, "green-3")
    assert state.view(None)["led_suit"] == "green"
    assert {a.text for a in state.legal_actions()} <= {"play green+1", "play zero"} | {
        f"play {c}" for c in state.view(2)["hand"] if c.startswith("green")
    }
    texts = play(state, "green+1", "orange+6")
    assert texts[-1] == "Player 2 wins the trick and moves to +4"


def test_zero_beats_minus_cards_of_the_led_suit() -> None:
    hands = hands_with(4, {0: ["magenta-2"], 1: ["zero"], 2: ["magenta-6"], 3: ["magenta-1"]})
    state = new(4, hands)
    texts = play(state, "magenta-2", "zero", "magenta-6", "magenta-1")
    assert texts[-1] == "Player 1 wins the trick and moves to -9"


def test_a_trick_of_zeros_is_won_by_the_first_zero_and_worth_0() -> None:
    hands = hands_with(4, {seat: ["zero"] for seat in range(4)}, avoid={})
    state = new(4, hands, first_leader=2)
    texts = play(state, "zero", "zero", "zero", "zero")
    assert texts[-1] == "Player 2 wins the trick and moves to 0"
    assert state.ghosts[2] == 0, "a first trick worth 0 leaves the ruin"


def test_equal_highest_cards_go_to_the_first_played() -> None:
    hands = hands_with(
        5, {0: ["blue-4"], 1: ["blue+1"], 2: ["blue+1"], 3: ["blue-1"], 4: ["blue-6"]}
    )
    state = new(5, hands)
    texts = play(state, "blue-4", "blue+1", "blue+1", "blue-1", "blue-6")
    assert texts[-1] == "Player 1 wins the trick and moves to -9"


def test_holding_only_zeros_is_not_holding_the_led_suit() -> None:
    hands = hands_with(4, {1: ["zero", "zero"]}, avoid={1: ["blue"]})
    state = new(4, hands)
    play(state, "blue+6")
    legal = {a.text for a in state.legal_actions()}
    assert "play zero" in legal
    assert any(not text.startswith("play blue") and text != "play zero" for text in legal)


def test_a_round_on_the_ruin_costs_15_and_lowest_total_wins() -> None:
    state = parlour.load("fearless").new_game(3, seed=4)
    rng = Rng(2)
    while not state.is_over:
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    totals = state.scores()
    rounds = [e for e in state.log if isinstance(e, RoundScored)]
    assert len(rounds) == 3
    assert [sum(e.fear[s] for e in rounds) for s in range(3)] == totals
    assert state.winners() == [s for s in range(3) if totals[s] == min(totals)]
    assert state.log[-1].kind == "game_end"


def test_shared_wins_on_equal_totals() -> None:
    state = parlour.load("fearless").new_game(3, seed=4)
    assert isinstance(state, FearlessState)
    end_round_with(state, [1, -1, 0], fear=[10, 10, 20], round_number=3)
    assert state.is_over and state.winners() == [0, 1]
    assert state.returns() == [0.5, 0.5, 0.0]
    parts = state.view(None)["score_parts"]
    assert [sum(seat.values()) for seat in parts] == state.scores() == [11, 11, 20]


@settings(max_examples=60, deadline=None)
@given(players=st.integers(3, 5), seed=st.integers(0, 2**32), choices=st.integers(0, 2**32))
def test_trick_values_of_a_round_sum_to_zero(players: int, seed: int, choices: int) -> None:
    state = parlour.load("fearless").new_game(players, seed=seed)
    rng = Rng(choices)
    for _ in range(HAND_SIZE[players] * players):
        actions = state.legal_actions()
        state.apply(actions[rng.below(len(actions))])
    tricks = [e for e in state.log if isinstance(e, TrickWon)]
    assert len(tricks) == HAND_SIZE[players]
    assert sum(t.value for t in tricks) == 0
    fear = next(e for e in state.log if isinstance(e, RoundScored)).fear
    finals: dict[int, int] = {}
    for t in tricks:
        finals[t.seat] = t.position
    assert sum(finals.values()) == 0
    assert fear == [abs(finals[s]) if s in finals else 15 for s in range(players)]


class TestHandsOption:
    def test_hands_replace_the_first_deal_only(self) -> None:
        hands = hands_with(4, {})
        state = new(4, hands)
        assert [sorted(state.view(s)["hand"]) for s in range(4)] == [sorted(h) for h in hands]
        assert state.record()["options"]["hands"] == hands
        assert parlour.replay(state.record()).view(0) == state.view(0)

    @pytest.mark.parametrize(
        ("hands", "message"),
        [
            ("nonsense", "one hand per seat"),
            ([[]] * 3, "one hand per seat"),
            ([["zero"]] * 4, "hand 0 has 1 cards"),
            ([["blue+9"] * 13] * 4, "not a Fearless card"),
            ([["blue+6"] * 13] * 4, "not in the deck as often"),
        ],
    )
    def test_bad_hands_are_game_errors(self, hands: object, message: str) -> None:
        with pytest.raises(parlour.GameError, match=message):
            parlour.load("fearless").new_game(4, seed=1, hands=hands)

    def test_three_player_hands_must_leave_out_one_suit(self) -> None:
        full = deck(4)[:39]
        hands = [full[0:13], full[13:26], full[26:39]]
        with pytest.raises(parlour.GameError, match="exactly three suits"):
            parlour.load("fearless").new_game(3, seed=1, hands=hands)
        three = hands_with(3, {})
        state = parlour.load("fearless").new_game(3, seed=1, hands=three)
        removed = state.view(None)["removed"]
        assert {c[:-2] for c in removed if c.endswith("+6")} == {"green"}
        assert removed.count("zero") == 1 and len(removed) == 21

    def test_bad_first_leader(self) -> None:
        with pytest.raises(parlour.GameError, match="first_leader"):
            parlour.load("fearless").new_game(4, seed=1, first_leader=4)


def test_determinize_keeps_shown_voids() -> None:
    hands = hands_with(4, {0: ["green-4"], 1: ["green+2"], 2: ["blue+5"]}, avoid={2: ["green"]})
    state = new(4, hands)
    play(state, "green-4", "green+2", "blue+5")
    for seed in range(200):
        guess = state.determinize(0, seed)
        assert not any(c.startswith("green") for c in guess.view(2)["hand"])
        assert guess.view(0) == state.view(0)


def test_determinize_finds_a_deal_when_voids_leave_one_way() -> None:
    """Tight voids leave one consistent deal; both the sampler and the fallback find it."""
    from parlour.games.fearless.cards import SUIT_MASK, bit_list, deck_bits
    from parlour.games.fearless.dealing import deal_consistent, deal_constructive

    cards = bit_list(deck_bits(4) & (SUIT_MASK[0] | SUIT_MASK[1] | SUIT_MASK[2]))
    counts = [12, 12, 0, 12]
    voids = [SUIT_MASK[1] | SUIT_MASK[2], SUIT_MASK[0] | SUIT_MASK[2], 0, SUIT_MASK[0]]
    only = [sum(c for c in cards if c & SUIT_MASK[s]) for s in (0, 1, 2)]
    for seed in range(5):
        for deal in (deal_consistent, deal_constructive):
            hands = deal(cards[:], counts, voids, Rng(seed))
            assert [hands[0], hands[1], hands[3]] == only
