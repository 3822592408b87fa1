"""Hints: every legal action of the deciding seat with its estimated chance to win and that
estimate's uncertainty, judged from that seat's information only, in a bot worker process.

A hint is the post-game analysis's judgement of the same position (``parlour.analysis``'s
``play_outs``, with the settings ``settings_for`` gives both), so the two agree on every
number: the move a hint puts first is never one the analysis marks as a loss. The playouts
play each seat as the table has it (its bot's level, a person as ``medium``), and a position
where the ``medium`` move is not among the best gets twice the worlds.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

from ..analysis import Playouts, Settings, play_outs
from ..analysis.position import seat_level, steady_move
from ..core import State
from .botpool import replayed

__all__ = ["WORLDS", "Advice", "advice", "advise", "seat_levels", "settings_for", "steady_move"]

# Worlds a decision, for hints and the server's post-game analysis alike: a 3-player Fool's
# Blade decision took 0.2 s (2 legal actions) to 2.6 s (12) of processor time with the load
# average at 25 on 2 cores (docs/analysis.md, "Hints").
WORLDS = 16


def seat_levels(bots: Sequence[str | None]) -> tuple[str, ...]:
    """How each seat of a table plays in the playouts, from its bot (``None``: a person)."""
    return tuple(seat_level(bot) for bot in bots)


def settings_for(game: str, worlds: int = WORLDS, seats: Sequence[str] = ()) -> Settings:
    """The settings the server judges a position of ``game`` with, for a hint or an analysis:
    ``worlds`` worlds, as many again where the ``medium`` move is not among the best, and each
    seat played out at its level (``seat_levels`` of the table's bots; empty: ``medium``)."""
    return Settings.for_game(game, iterations=worlds, seats=tuple(seats), confirm=worlds)


class Advice(NamedTuple):
    """One legal action as a hint gives it.

    ``win_chance`` is the seat's estimated expected result after it, ``error`` that
    estimate's standard error; ``rank`` 1 marks the moves as good as the best within the
    uncertainty, and a higher rank moves clearly worse than those above; ``does`` says what
    the move undoes when the game can say it ("replaces Frostmere Guard ...").
    """

    action: str
    win_chance: float
    error: float
    rank: int
    does: str | None

    def to_json(self) -> dict[str, Any]:
        """The entry of a ``hint`` message (API.md)."""
        return self._asdict()


def advice(state: State, playouts: Playouts, seed: int) -> list[Advice]:
    """The hint of ``state`` from its ``playouts``, by rank; among the moves as good as the
    best, the heuristic's own move comes first (where the estimates cannot tell moves apart,
    a hint never sends a player back and forth), and the rest by chance."""
    decision = playouts.judge(playouts.legal[0])
    steady = steady_move(state, seed)
    actions = {action.text: action for action in state.legal_actions()}

    def order(text: str) -> tuple[int, bool, float]:
        rank = decision.ranks[text]
        return rank, not (rank == 1 and text == steady), -decision.values[text]

    return [
        Advice(
            text,
            decision.values[text],
            decision.errors[text],
            decision.ranks[text],
            state.consequence(actions[text]),
        )
        for text in sorted(playouts.legal, key=order)
    ]


def advise(
    record: dict[str, Any], settings: Settings | None = None, seats: Sequence[str] = ()
) -> list[Advice]:
    """The hint at the end of ``record`` (run in a worker process): ``advice`` from the
    playouts the analysis makes of that position, with ``settings_for`` its game and the
    seats' playout levels ``seats`` unless ``settings`` are given."""
    state = replayed(record)
    chosen = settings if settings is not None else settings_for(state.game.name, seats=seats)
    return advice(state, play_outs(state, chosen), chosen.seed)
