"""Fearless: trick-taking for 3 to 5 players where the least scared wins."""

from ...core import Game, Option
from ...core.game import check_seat
from .actions import action_space
from .state import FearlessState, check_deals, check_hands

__all__ = ["GAME", "FearlessState"]

GAME = Game(
    name="fearless",
    title="Fearless",
    min_players=3,
    max_players=5,
    start=FearlessState.start,
    list_actions=action_space,
    lower_score_wins=True,
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
