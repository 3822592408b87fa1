"""For tests only: end a round with the ghosts, fear totals and round number a test names.

The rules never import this module. Tests reach positions that play would take long to
reach (the rulebook's ghosts, equal totals before the last round) through this helper
instead of writing the state's fields themselves.
"""

from __future__ import annotations

from collections.abc import Sequence

from ...core import Event
from .state import FearlessState
from .tricks import end_round

__all__ = ["end_round_with"]


def end_round_with(
    state: FearlessState,
    ghosts: Sequence[int | None],
    fear: Sequence[int] | None = None,
    round_number: int | None = None,
) -> list[Event]:
    """Put the ghosts (``None``: on the ruin), and the fear totals and the round (1-based)
    where given, then end the round now; the events it causes. Given totals count as the
    first round's fear points and the other earlier rounds' as 0, so that the rounds' fear
    still adds up to the totals."""
    state.ghosts = list(ghosts)
    if round_number is not None:
        state.round = round_number - 1
    if fear is not None:
        state.fear = list(fear)
        nothing = (0,) * state.players
        state.fear_by_round = (tuple(fear), *[nothing] * (state.round - 1))[: state.round]
    return end_round(state)
