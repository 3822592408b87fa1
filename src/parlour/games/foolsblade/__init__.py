"""Fool's Blade: weapon crafting and monster combat for 2 to 6 players, cards as data."""

from __future__ import annotations

from typing import Any

from ...core import Game, Option
from .actions import action_space
from .cards import DEFAULT_EDITION, EDITIONS
from .guide import GUIDE, table_cards
from .state import FoolsBladeState
from .table import check_cards_option
from .views import FoolsBladeView

__all__ = ["GAME", "FoolsBladeState", "FoolsBladeView"]


def _check_side_quest(value: Any, players: int) -> bool:
    if not isinstance(value, bool):
        raise ValueError(f"side_quest must be true or false, not {value!r}")
    return value


def _check_max_turns(value: Any, players: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int) or value < 1:
        raise ValueError(f"max_turns must be a whole number of at least 1, not {value!r}")
    return value


GAME = Game(
    name="foolsblade",
    title="Fool's Blade",
    min_players=2,
    max_players=6,
    start=FoolsBladeState.start,
    list_actions=action_space,
    view_type=FoolsBladeView,
    guide=GUIDE,
    facts="parlour.sim.games.foolsblade:FACTS",
    table_cards=table_cards,
    editions=EDITIONS,
    # Random playouts are long and mostly `pass`; heuristic ones, cut at 30 actions, won 3
    # of 8 games against three heuristics where random ones won none (docs/bots.md).
    # No tree: every legal action is tried on the same determinizations, each followed by
    # the same heuristic playout (docs/bots.md): with a tree, the noise of the deals drowned
    # the small differences between most choices. Playouts end with the turn being played
    # (200 actions at most), where `evaluate` was fitted: cut after a number of actions, a
    # move that wastes actions (swapping a part out and back) moved the cut and looked
    # better. Raced: an action clearly behind is dropped, so most decisions end within a
    # few dozen playouts and the close ones get up to 600; the heuristic's move stands
    # unless beaten by a standard error. A race ends once the actions left are within 1% of
    # a win of each other: 73% of the CPU went to races that reached 2000 playouts to part
    # actions 0.003-0.16% of a win apart (docs/bots.md). At most 600 playouts (2000
    # before): on 450 positions the cap changed no choice and saved 17-23% of the playouts.
    search={
        "iterations": 600,
        "rollout": "heuristic",
        "rollout_depth": 200,
        "rollout_turn": True,
        "tree": False,
        "race": 2.0,
        "caution": 1.0,
        "indifference": 0.01,
    },
    options={
        "cards": Option(
            "cards",
            DEFAULT_EDITION,
            "the card set: v3 (the third edition), v2 (the second), v1 (the first), or a folder "
            "of card files",
            check_cards_option,
            type="str",
        ),
        "side_quest": Option(
            "side_quest",
            False,
            "the Side Quest variant: a Loot deck of 11 Treasures and 1 Legendary set",
            _check_side_quest,
            type="bool",
        ),
        "max_turns": Option(
            "max_turns",
            300,
            "end the game after this many turns (all seats' turns counted), scored as usual",
            _check_max_turns,
            type="int",
            min=1,
        ),
    },
    aliases=("fools-blade",),
    version="3",
)
