"""Per-game facts of a finished game: each game's own columns, registered by game name.

A game's ``Facts`` reads a finished state through the public contract only: its log of
events (``state.log``, unredacted, since the simulator sees the whole table) and its
spectator view. A game without an entry gets ``GENERIC``: the common columns alone, with
``rounds`` taken from the spectator view's ``"round"`` or ``"turn"`` where it has one.

Fool's Blade's facts belong with its engine, written by those who know its events: the hook
is ``register("foolsblade", Facts(...))``, called from a module imported here, with columns
such as ``class`` (str), ``monsters_defeated`` (list<int>, one count per monster deck),
``boss_outcome`` (str) and ``loot_drawn`` (int), read from its ``combat_end`` events and
its view. Until then Fool's Blade runs with ``GENERIC`` and reports its common plots.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..core import State
from ..games.citadels.events import (
    Built,
    CharacterTaken,
    CityCompleted,
    Named,
    RoundStarted,
)
from ..games.fearless.events import RoundScored, TrickWon
from .schema import Column

__all__ = ["GENERIC", "Facts", "columns", "facts_for", "register"]


def _view_rounds(state: State) -> int | None:
    """The spectator view's round (or turn) count, where the game shows one."""
    view = state.view(None)
    for key in ("round", "turn"):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _no_columns(state: State) -> list[dict[str, Any]]:
    return [{} for _ in range(state.players)]


@dataclass(frozen=True)
class Facts:
    """A game's own columns, how to fill them per seat, and how to count its rounds.

    ``seats(state)`` gives one dict per seat with exactly the ``columns``' names as keys;
    ``rounds(state)`` gives the game's length in rounds (or turns), ``None`` if unknown.
    """

    columns: tuple[Column, ...] = ()
    seats: Callable[[State], list[dict[str, Any]]] = field(default=_no_columns)
    rounds: Callable[[State], int | None] = field(default=_view_rounds)


GENERIC = Facts()

_REGISTRY: dict[str, Facts] = {}


def register(game: str, facts: Facts) -> None:
    """Use ``facts`` for every finished game of ``game`` (its registered name)."""
    _REGISTRY[game] = facts


def facts_for(game: str) -> Facts:
    """The facts registered for ``game``, else ``GENERIC``."""
    return _REGISTRY.get(game, GENERIC)


def columns(game: str) -> tuple[Column, ...]:
    """The columns a ``game``'s facts add to the common ones."""
    return facts_for(game).columns


# -- Fearless ----------------------------------------------------------------------------


def _fearless_rounds(state: State) -> int:
    return sum(isinstance(e, RoundScored) for e in state.log)


def _fearless_seats(state: State) -> list[dict[str, Any]]:
    players = state.players
    fear: list[list[int]] = [[] for _ in range(players)]
    tricks: list[list[int]] = [[] for _ in range(players)]
    this_round = [0] * players
    for e in state.log:
        if isinstance(e, TrickWon):
            this_round[e.seat] += 1
        elif isinstance(e, RoundScored):
            for seat in range(players):
                fear[seat].append(e.fear[seat])
                tricks[seat].append(this_round[seat])
            this_round = [0] * players
    return [
        {
            "fear_per_round": fear[seat],
            "tricks_per_round": tricks[seat],
            "tricks_won": sum(tricks[seat]),
            # A ghost leaves the ruin with its seat's first trick of the round.
            "rounds_ruined": sum(t == 0 for t in tricks[seat]),
        }
        for seat in range(players)
    ]


register(
    "fearless",
    Facts(
        columns=(
            Column("fear_per_round", "list<int>", "fear points the seat took in each round"),
            Column("tricks_per_round", "list<int>", "tricks the seat won in each round"),
            Column("tricks_won", "int", "tricks won in the whole game"),
            Column("rounds_ruined", "int", "rounds ended on the ruin (no trick won: 15 fear)"),
        ),
        seats=_fearless_seats,
        rounds=_fearless_rounds,
    ),
)


# -- Citadels ----------------------------------------------------------------------------


def _citadels_rounds(state: State) -> int:
    return sum(isinstance(e, RoundStarted) for e in state.log)


def _citadels_seats(state: State) -> list[dict[str, Any]]:
    players = state.players
    held: list[list[list[str]]] = [[] for _ in range(players)]
    built: list[list[int]] = [[] for _ in range(players)]
    first_picks: list[list[str]] = [[] for _ in range(players)]
    murdered = [0] * players
    robbed = [0] * players
    first_city: int | None = None
    holder: dict[str, int] = {}
    picked_first = True
    for e in state.log:
        if isinstance(e, RoundStarted):
            for seat in range(players):
                held[seat].append([])
                built[seat].append(0)
            holder = {}
            picked_first = False
        elif isinstance(e, CharacterTaken):
            if e.face_down or e.character is None:
                continue
            held[e.seat][-1].append(e.character)
            holder[e.character] = e.seat
            if not picked_first:
                first_picks[e.seat].append(e.character)
                picked_first = True
        elif isinstance(e, Built):
            built[e.seat][-1] += 1
        elif isinstance(e, Named):
            # A character that nobody holds (face down or face up) harms no one.
            victim = holder.get(e.character)
            if victim is not None:
                if e.verb == "murders":
                    murdered[victim] += 1
                else:
                    robbed[victim] += 1
        elif isinstance(e, CityCompleted) and e.first:
            first_city = e.seat
    cities = state.view(None)["cities"]
    return [
        {
            "characters": held[seat],
            "first_picks": first_picks[seat],
            "districts_per_round": built[seat],
            "districts_built": sum(built[seat]),
            "city": cities[seat],
            "city_size": len(cities[seat]),
            "murdered": murdered[seat],
            "robbed": robbed[seat],
            "finished_first": first_city == seat,
        }
        for seat in range(players)
    ]


register(
    "citadels",
    Facts(
        columns=(
            Column("characters", "list<list<str>>", "the characters the seat kept, each round"),
            Column(
                "first_picks",
                "list<str>",
                "the character the seat chose in each round where it picked first",
            ),
            Column("districts_per_round", "list<int>", "districts the seat built in each round"),
            Column("districts_built", "int", "districts built in the whole game"),
            Column("city", "list<str>", "the districts of the seat's city at the end"),
            Column("city_size", "int", "districts in the seat's city at the end"),
            Column("murdered", "int", "rounds in which the seat's character was murdered"),
            Column("robbed", "int", "rounds in which the seat's character was robbed"),
            Column("finished_first", "bool", "whether the seat completed its city first"),
        ),
        seats=_citadels_seats,
        rounds=_citadels_rounds,
    ),
)
