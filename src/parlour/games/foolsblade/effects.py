"""The effect queue: effects run as queued tasks (``state.tasks``), so that a primitive needing a
choice (which card to discard, give, steal or break) can stop and ask its seat
(``state.decision``); the rest of the queue runs after the answer.

Here effects are queued, and the seats an effect names found; the primitives that run them
are in ``primitives.py``, dispatched to by ``dispatch.py``.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from .schema import Effect
from .steps import NONE, EffectTask, make

if TYPE_CHECKING:
    from .state import FoolsBladeState


def push(
    state: FoolsBladeState,
    effects: Sequence[Effect],
    owner: int,
    target: int = NONE,
    opponent: int = NONE,
    source: int = NONE,
) -> None:
    """Queue effects to run next, in order, before any work already queued."""
    if effects:
        state.tasks[0:0] = [
            make(EffectTask, (e, owner, target, opponent, source, NONE)) for e in effects
        ]


def push_triggered(state: FoolsBladeState, found: Sequence[tuple[Effect, int]], owner: int) -> None:
    """Queue triggered effects of ``owner``'s cards in play, each with its own card."""
    if found:
        state.tasks[0:0] = [
            make(EffectTask, (e, owner, NONE, NONE, card, NONE)) for e, card in found
        ]


def order(state: FoolsBladeState) -> list[int]:
    """Every seat in turn order from the active player."""
    n = state.players
    return [(state.active + k) % n for k in range(n)]


def targets(state: FoolsBladeState, who: str, owner: int, target: int, opponent: int) -> list[int]:
    """The seats ``who`` names for an effect of ``owner``, in turn order."""
    if who == "self":
        return [owner]
    if who == "chosen":
        return [target] if target >= 0 else []
    if who == "each":
        return order(state)
    if who == "others":
        return [s for s in order(state) if s != owner]
    if who == "active":
        return [state.active]
    if who == "fighter":
        return [state.combat_seat] if state.combat_seat >= 0 else []
    return [opponent] if opponent >= 0 else []
