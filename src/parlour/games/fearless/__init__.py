"""Fearless: trick-taking for 3 to 5 players where the least scared wins."""

from ...core import Game, Option
from ...core.game import check_seat
from .state import FearlessState, check_hands

__all__ = ["GAME", "FearlessState"]

GAME = Game(
    name="fearless",
    title="Fearless",
    min_players=3,
    max_players=5,
    start=FearlessState.start,
    options={
        "hands": Option(
            "hands",
            None,
            "the first round's hands, one list of card texts per seat (replaces that deal)",
            check_hands,
        ),
        "first_leader": Option(
            "first_leader",
            0,
            "the seat that leads the first trick of the first round",
            lambda value, players: check_seat(value, players, "first_leader"),
        ),
    },
)
