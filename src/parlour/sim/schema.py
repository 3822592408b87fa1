"""The columns of a simulation's table: names, types and meanings, the same on every backend.

Types are written as short texts (``int``, ``float``, ``str``, ``bool``, ``list<int>``,
``list<str>``, ``list<list<str>>``) so that this module, the facts and the workers need no
Arrow; ``arrow_schema`` turns them into a ``pyarrow.Schema`` where the table is written.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

__all__ = ["COMMON", "TYPES", "Column", "arrow_schema"]

TYPES = ("int", "float", "str", "bool", "list<int>", "list<str>", "list<list<str>>")


@dataclass(frozen=True)
class Column:
    """One column: its name, its type (one of ``TYPES``) and a one-line meaning."""

    name: str
    type: str
    help: str

    def __post_init__(self) -> None:
        if self.type not in TYPES:
            raise ValueError(f"column {self.name!r} has type {self.type!r}, not one of {TYPES}")


# One row per game and seat. The order here is the order of the table's columns.
COMMON: tuple[Column, ...] = (
    Column("game", "str", "the game's name"),
    Column("players", "int", "seats at the table"),
    Column("game_index", "int", "the game's number in the run, from 0"),
    Column("seed", "int", "the game's seed: new_game(players, seed, **options) deals it again"),
    Column("options", "str", "every option of the game as played (defaults included), JSON"),
    Column("seat", "int", "the seat, from 0"),
    Column("bot", "str", "the bot in this seat, as --bots names it (name:key=value...)"),
    Column("bot_seed", "int", "the seed this seat's bot was made with"),
    Column("score", "int", "the seat's final score (state.scores())"),
    Column("rank", "int", "finishing place, 1 = best; ties share the better place"),
    Column("won", "bool", "whether the seat is among the winners"),
    Column("return", "float", "state.returns(): 1/k for each of k winners, else 0"),
    Column("decisions", "int", "actions in the whole game"),
    Column("seat_decisions", "int", "actions this seat took"),
    Column("rounds", "int", "rounds played (Fearless, Citadels) or turns begun; null if unknown"),
)


def arrow_schema(columns: Sequence[Column]) -> Any:
    """The ``pyarrow.Schema`` of these columns (integers are 64-bit, seeds included)."""
    import pyarrow as pa

    kinds = {
        "int": pa.int64(),
        "float": pa.float64(),
        "str": pa.string(),
        "bool": pa.bool_(),
        "list<int>": pa.list_(pa.int64()),
        "list<str>": pa.list_(pa.string()),
        "list<list<str>>": pa.list_(pa.list_(pa.string())),
    }
    return pa.schema([pa.field(c.name, kinds[c.type]) for c in columns])
