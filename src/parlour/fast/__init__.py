"""Batched engines: many games advanced together with NumPy, for simulation and search.

A game names its engine's module on its ``Game`` (``batched="parlour.fast.fearless"``); the
module gives ``playouts`` and ``determinizations`` (a ``SearchEngine``) and ``simulate``."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

__all__ = ["SearchEngine"]


class SearchEngine(NamedTuple):
    """What a batched search needs from a game's batched engine."""

    playouts: Callable[[Sequence[Any], int | None, int, float], npt.NDArray[np.float64]]
    """``(states, depth, seed, margin) -> rewards``: random playouts of many states together."""
    determinizations: Callable[[Any, int, int, int], list[Any]]
    """``(state, seat, count, seed) -> states``: many determinizations dealt together."""
