"""Finishing places from a game's end: who won, the scores, and who was absent."""

from __future__ import annotations

from collections.abc import Collection, Sequence

__all__ = ["finishing_places"]


def finishing_places(
    scores: Sequence[int],
    winners: Collection[int],
    lower_score_wins: bool,
    absent: Collection[int] = (),
) -> list[int]:
    """Each seat's place, 1 = best: winners first, then by score toward the win; seats in
    ``absent`` (timed out, left) after all others; tied seats share the better place."""
    sign = -1 if lower_score_wins else 1
    # An absent seat's score was made without its player, so absent seats tie among themselves.
    keys = [
        (False, False, 0) if seat in absent else (True, seat in winners, sign * score)
        for seat, score in enumerate(scores)
    ]
    return [1 + sum(other > key for other in keys) for key in keys]
