"""What a button says for each action, in the table's words: the prices and counts are the
rules' own and the acting seat's (an Observatory draws 3 districts, a Library keeps more)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import Action, player_name
from .actions import Kind, Move, parse
from .cards import C_NAME, D_COST, D_NAME
from .turn import (
    GOLD_TAKEN,
    LABORATORY_GOLD,
    RESCUE_PRICE,
    SMITHY_DRAWN,
    SMITHY_PRICE,
    destroy_cost,
    draw_counts,
)

if TYPE_CHECKING:
    from .state import CitadelsState

__all__ = ["label"]


def _districts(count: int) -> str:
    return "1 district" if count == 1 else f"{count} districts"


def label(state: CitadelsState, action: Action, names: Sequence[str] | None = None) -> str:
    """The words of a button for ``action``, legal now for ``state.current_player``."""
    move = action if isinstance(action, Move) else parse(action.text)
    if move is None:
        return action.text
    kind = move.kind
    character = C_NAME[move.character] if move.character >= 0 else ""
    district = D_NAME[move.district] if move.district >= 0 else ""
    if kind == Kind.CHOOSE:
        return f"Choose the {character}"
    if kind == Kind.PUT_FACE_DOWN:
        return f"Put the {character} face down"
    if kind == Kind.TAKE_GOLD:
        return f"Take {GOLD_TAKEN} gold"
    if kind == Kind.DRAW:
        drawn, kept = draw_counts(state.city_kinds[state.turn_seat])
        keep = "keep all" if kept >= drawn else f"keep {kept}"
        return f"Draw {_districts(drawn)}, {keep}"
    if kind == Kind.KEEP:
        return f"Keep {district}"
    if kind == Kind.BUILD:
        return f"Build {district} ({D_COST[move.district]} gold)"
    if kind == Kind.INCOME:
        return "Collect income"
    if kind == Kind.ASSASSINATE:
        return f"Murder the {character}"
    if kind == Kind.ROB:
        return f"Rob the {character}"
    if kind == Kind.SWAP:
        return f"Swap hands with {player_name(move.seat, names)}"
    if kind == Kind.REDRAW:
        return f"Put {district} away to redraw"
    if kind == Kind.REDRAW_DONE:
        return "Done: draw the replacements"
    if kind == Kind.DESTROY:
        cost = destroy_cost(state, move.seat, move.district)
        price = f"{cost} gold" if cost else "free"
        return f"Destroy {player_name(move.seat, names)}'s {district} ({price})"
    if kind == Kind.LABORATORY:
        return f"Use the Laboratory: {district} under the deck for {LABORATORY_GOLD} gold"
    if kind == Kind.SMITHY:
        return f"Use the Smithy: pay {SMITHY_PRICE} gold, draw {_districts(SMITHY_DRAWN)}"
    if kind == Kind.RESCUE:
        return f"Pay {RESCUE_PRICE} gold to take back {district}"
    if kind == Kind.PASS:
        return "Let it go"
    return "End turn"
