"""Fearless: trick-taking for 3 to 5 players where the least scared wins."""

from typing import Any

from ...core import Game, Option
from ...core.game import check_seat
from .actions import action_space
from .cards import HAND_SIZE
from .guide import GUIDE, catalogue
from .state import FearlessState, check_deals, check_hands
from .views import FearlessView

__all__ = ["GAME", "FearlessState", "FearlessView"]


def max_decisions(players: int, options: dict[str, Any]) -> int:
    """The exact length of a game: a round a seat, a trick a card in hand, a card a seat."""
    return players * HAND_SIZE[players] * players


GAME = Game(
    name="fearless",
    title="Fearless",
    min_players=3,
    max_players=5,
    start=FearlessState.start,
    list_actions=action_space,
    lower_score_wins=True,
    view_type=FearlessView,
    max_decisions=max_decisions,
    search={"iterations": 8000, "rollout_depth": 24},
    encoder="parlour.rl.encoders.fearless:FearlessEncoder",
    catalogue=catalogue,
    guide=GUIDE,
    facts="parlour.sim.games.fearless:FACTS",
    batched="parlour.fast.fearless",
    options={
        "hands": Option(
            "hands",
            None,
            "the first round's hands, one list of card texts per seat (replaces that deal)",
            check_hands,
            type="list",
        ),
        "deals": Option(
            "deals",
            None,
            "every round's hands, a list of hands per round (replaces every deal; not with hands)",
            check_deals,
            type="list",
        ),
        "first_leader": Option(
            "first_leader",
            0,
            "the seat (from 0, below the player count) that leads the first trick of round 1",
            lambda value, players: check_seat(value, players, "first_leader"),
            type="int",
            min=0,
            max=4,
        ),
    },
)
