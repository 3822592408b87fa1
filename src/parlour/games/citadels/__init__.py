"""Citadels (Ohne Furcht und Adel): character draft and city building for 2 to 7 players."""

from __future__ import annotations

from typing import Any

from ...core import Game, Option
from .actions import action_space
from .cards import MAX_SEATS
from .guide import GUIDE, catalogue
from .state import CitadelsState
from .views import CitadelsView

__all__ = ["GAME", "CitadelsState", "CitadelsView"]

# Decisions a seat takes in a round, generously: a turn takes a dozen or two, and a Magician
# redraws one card a decision. An allowance, not a proof.
DECISIONS_A_SEAT_A_ROUND = 100


def _check_great_wall(value: Any, players: int) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"great_wall must be true or false, not {value!r}")
    return value


def max_decisions(players: int, options: dict[str, Any]) -> int:
    """A bound on a game's length: ``max_rounds`` rounds of every seat's allowance."""
    return int(options["max_rounds"]) * players * DECISIONS_A_SEAT_A_ROUND


def _check_max_rounds(value: Any, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"max_rounds must be a whole number of at least 1, not {value!r}")
    return value


GAME = Game(
    name="citadels",
    title="Citadels",
    min_players=2,
    max_players=MAX_SEATS,
    start=CitadelsState.start,
    list_actions=action_space,
    view_type=CitadelsView,
    max_decisions=max_decisions,
    search={"iterations": 4000, "rollout_depth": 30},
    encoder="parlour.rl.encoders.citadels:CitadelsEncoder",
    catalogue=catalogue,
    guide=GUIDE,
    facts="parlour.sim.games.citadels:FACTS",
    options={
        "great_wall": Option(
            "great_wall",
            False,
            "add the English edition's Great Wall (the Warlord pays 1 more beside it)",
            _check_great_wall,
            type="bool",
        ),
        "max_rounds": Option(
            "max_rounds",
            100,
            "end the game after this many rounds, scored as usual (a cap that play never nears)",
            _check_max_rounds,
            type="int",
            min=1,
        ),
    },
    aliases=("ohne-furcht-und-adel",),
)
