"""The Fearless heuristic on hand-made views: ducks, rescues, steering; and its evaluation."""

from __future__ import annotations

from typing import Any

import pytest

import parlour
from parlour.bots.heuristic import HeuristicBot, fearless
from parlour.core import Rng
from parlour.games.fearless.cards import parse_card


def view(
    hand: list[str],
    trick: list[tuple[int, str]],
    ghosts: list[int | None],
    trick_number: int = 2,
    seat: int = 3,
) -> dict[str, Any]:
    """A 4-player view for ``seat`` with everything the heuristic reads."""
    led = next((parse_card(c)[0] for _, c in trick if c != "zero"), None)
    follow = [c for c in hand if led is not None and c.startswith(led)]
    legal = [c for c in hand if not follow or c in follow or c == "zero"]
    done = (trick_number - 1) * 4
    return {
        "game": "fearless",
        "players": 4,
        "seat": seat,
        "current_player": seat,
        "hand": hand,
        "hand_counts": [len(hand) + (1 if any(s == p for s, _ in trick) else 0) for p in range(4)],
        "trick": [[s, c] for s, c in trick],
        "led_suit": led,
        "trick_value": sum(parse_card(c)[1] for _, c in trick),
        "ghosts": ghosts,
        "played": ["zero"] * done,
        "trick_number": trick_number,
        "round": 1,
        "rounds": 4,
        "scores": [0, 0, 0, 0],
        "legal_actions": [f"play {c}" for c in legal],
    }


def test_ducks_a_trick_that_would_push_the_ghost_away() -> None:
    v = view(["green+6", "green-2"], [(0, "green+5"), (1, "green-1"), (2, "blue+3")], [0] * 4)
    assert fearless.choose(v, Rng(0)) == "play green-2"


def test_takes_a_trick_that_brings_the_ghost_home() -> None:
    trick = [(0, "blue-6"), (1, "blue-2"), (2, "blue+1")]
    v = view(["blue+3", "blue-4"], trick, [0, 0, 0, 8])
    assert fearless.choose(v, Rng(0)) == "play blue+3"


def test_leaves_the_ruin_late_in_the_round() -> None:
    trick = [(0, "orange-3"), (1, "orange+1"), (2, "orange+2")]
    v = view(["orange+4", "orange-5"], trick, [1, 2, 3, None], trick_number=12)
    assert fearless.choose(v, Rng(0)) == "play orange+4"


@pytest.mark.parametrize("seed", range(3))
def test_always_answers_a_legal_action_in_real_play(seed: int) -> None:
    state = parlour.load("fearless").new_game(5, seed=seed)
    bot = HeuristicBot(seed=seed)
    while not state.is_over:
        action = bot.choose(state)
        assert action in state.legal_actions()
        state.apply(action)


def test_evaluation_favours_the_least_afraid() -> None:
    v = view(["blue+3"], [], [0, 5, None, -16], trick_number=13)
    v["scores"] = [10, 10, 10, 10]
    shares = fearless.evaluate(v)
    assert sum(shares) == pytest.approx(1.0)
    assert shares[0] > shares[1] > shares[2] > shares[3]
