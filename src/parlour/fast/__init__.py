"""Batched engines: many games advanced together with NumPy, for simulation and search."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from . import fearless

__all__ = ["SEARCH", "SearchEngine"]


class SearchEngine(NamedTuple):
    """What a batched search needs from a game's batched engine."""

    playouts: Callable[[Sequence[Any], int | None, int, float], npt.NDArray[np.float64]]
    """``(states, depth, seed, margin) -> rewards``: random playouts of many states together."""
    determinizations: Callable[[Any, int, int, int], list[Any]]
    """``(state, seat, count, seed) -> states``: many determinizations dealt together."""


SEARCH: dict[str, SearchEngine] = {
    "fearless": SearchEngine(fearless.playouts, fearless.determinizations)
}
"""The games whose searches can run batched, by registry name."""
