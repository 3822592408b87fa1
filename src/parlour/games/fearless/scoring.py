"""Fear points: a round's from the ghosts' places on the scare track, and the winners."""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["RUIN_FEAR", "fear_parts", "least_scared", "round_fear"]

RUIN_FEAR = 15  # fear points of a ghost still on the ruin when the round ends


def round_fear(ghosts: Sequence[int | None]) -> list[int]:
    """Each seat's fear points for a round: its ghost's distance from 0, or the ruin's 15."""
    return [RUIN_FEAR if ghost is None else abs(ghost) for ghost in ghosts]


def least_scared(fear: Sequence[int]) -> list[int]:
    """The seats with the fewest fear points: ties share the win."""
    least = min(fear)
    return [seat for seat, total in enumerate(fear) if total == least]


def fear_parts(fear_by_round: Sequence[Sequence[int]], players: int) -> list[dict[str, int]]:
    """Each seat's fear total in its parts, the rounds' fear points (``round_1``, ...): they
    add up to the total."""
    return [
        {f"round_{number}": fear[seat] for number, fear in enumerate(fear_by_round, 1)}
        for seat in range(players)
    ]
