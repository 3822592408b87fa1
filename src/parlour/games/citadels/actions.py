"""The action vocabulary: every move's text, its kind and its arguments, built once."""

from __future__ import annotations

from collections.abc import Sequence
from enum import IntEnum
from typing import Any

from ...core import Action
from .cards import C_SLUG, D_SLUG, DISTRICTS, MAX_SEATS

__all__ = ["Kind", "Move", "action_space", "parse"]


class Kind(IntEnum):
    """What an action does; the text of each is in the comment."""

    CHOOSE = 0  # choose <character>         (the draft: keep a character)
    PUT_FACE_DOWN = 1  # discard <character> (the 2-player draft: put one face down)
    TAKE_GOLD = 2  # take gold
    DRAW = 3  # draw
    KEEP = 4  # keep <district>
    BUILD = 5  # build <district>
    INCOME = 6  # collect income
    ASSASSINATE = 7  # assassinate <character>
    ROB = 8  # rob <character>
    SWAP = 9  # swap hands <seat>
    REDRAW = 10  # discard <district>        (the Magician's redraw: one card at a time)
    REDRAW_DONE = 11  # done                  (the Magician draws as many as he put away)
    DESTROY = 12  # destroy <seat> <district>
    LABORATORY = 13  # use laboratory <district>
    SMITHY = 14  # use smithy
    RESCUE = 15  # rescue <district>          (the Graveyard's owner)
    PASS = 16  # pass                         (the Graveyard's owner lets it go)
    END_TURN = 17  # end turn


class Move(Action):
    """A Citadels action: its text, its kind, and the character, district and seat it names.

    An argument the kind does not take is -1.
    """

    __slots__ = ("character", "district", "kind", "seat")
    # A Kind, kept as a plain int: ``apply`` indexes its handlers by it on every decision,
    # and CPython's fast path for indexing a tuple takes exact ints only.
    kind: int
    character: int
    district: int
    seat: int

    def __init__(
        self, text: str, kind: Kind, character: int = -1, district: int = -1, seat: int = -1
    ) -> None:
        super().__init__(text)
        object.__setattr__(self, "kind", int(kind))
        object.__setattr__(self, "character", character)
        object.__setattr__(self, "district", district)
        object.__setattr__(self, "seat", seat)

    def __reduce__(self) -> tuple[Any, ...]:
        return (Move, (self.text, self.kind, self.character, self.district, self.seat))


# Each kind's text: {c} names the character, {d} the district, {s} the seat.
_TEMPLATES: dict[Kind, str] = {
    Kind.CHOOSE: "choose {c}",
    Kind.PUT_FACE_DOWN: "discard {c}",
    Kind.TAKE_GOLD: "take gold",
    Kind.DRAW: "draw",
    Kind.KEEP: "keep {d}",
    Kind.BUILD: "build {d}",
    Kind.INCOME: "collect income",
    Kind.ASSASSINATE: "assassinate {c}",
    Kind.ROB: "rob {c}",
    Kind.SWAP: "swap hands {s}",
    Kind.REDRAW: "discard {d}",
    Kind.REDRAW_DONE: "done",
    Kind.DESTROY: "destroy {s} {d}",
    Kind.LABORATORY: "use laboratory {d}",
    Kind.SMITHY: "use smithy",
    Kind.RESCUE: "rescue {d}",
    Kind.PASS: "pass",
    Kind.END_TURN: "end turn",
}


def _move(kind: Kind, character: int = -1, district: int = -1, seat: int = -1) -> Move:
    text = _TEMPLATES[kind].format(
        c=C_SLUG[character] if character >= 0 else "",
        d=D_SLUG[district] if district >= 0 else "",
        s=seat,
    )
    return Move(text, kind, character, district, seat)


# Every move, built once and shared (moves are immutable values), in tables by character,
# district or seat index: the rules index these instead of building moves.
_CHARACTERS = range(len(C_SLUG))
_DISTRICTS = range(len(D_SLUG))
_SEATS = range(MAX_SEATS)
CHOOSE = tuple(_move(Kind.CHOOSE, character=c) for c in _CHARACTERS)
PUT_FACE_DOWN = tuple(_move(Kind.PUT_FACE_DOWN, character=c) for c in _CHARACTERS)
ASSASSINATE = tuple(_move(Kind.ASSASSINATE, character=c) for c in _CHARACTERS)
ROB = tuple(_move(Kind.ROB, character=c) for c in _CHARACTERS)
KEEP = tuple(_move(Kind.KEEP, district=d) for d in _DISTRICTS)
BUILD = tuple(_move(Kind.BUILD, district=d) for d in _DISTRICTS)
REDRAW = tuple(_move(Kind.REDRAW, district=d) for d in _DISTRICTS)
LABORATORY = tuple(_move(Kind.LABORATORY, district=d) for d in _DISTRICTS)
RESCUE = tuple(_move(Kind.RESCUE, district=d) for d in _DISTRICTS)
SWAP = tuple(_move(Kind.SWAP, seat=s) for s in _SEATS)
DESTROY = tuple(tuple(_move(Kind.DESTROY, district=d, seat=s) for d in _DISTRICTS) for s in _SEATS)
TAKE_GOLD = _move(Kind.TAKE_GOLD)
DRAW = _move(Kind.DRAW)
INCOME = _move(Kind.INCOME)
REDRAW_DONE = _move(Kind.REDRAW_DONE)
SMITHY = _move(Kind.SMITHY)
PASS = _move(Kind.PASS)
END_TURN = _move(Kind.END_TURN)


# A table's moves for any set of its indices (a bit set), read a chunk of 7 indices at a
# time: for each chunk, the moves of every subset of it, listed once at import (512 lists
# for the 28 districts). The sets met in play are too many and varied to list each whole.
MovesBySet = tuple[tuple[tuple[Move, ...], ...], ...]
CHUNK = 7
CHUNK_MASK = (1 << CHUNK) - 1


def by_set(table: Sequence[Move]) -> MovesBySet:
    """The moves of ``table`` for every subset of each chunk of its indices, in index order."""
    chunks = []
    for start in range(0, len(table), CHUNK):
        moves = table[start : start + CHUNK]
        chunks.append(
            tuple(
                tuple(move for i, move in enumerate(moves) if bits >> i & 1)
                for bits in range(1 << len(moves))
            )
        )
    return tuple(chunks)


def append_moves(out: list[Action], table: MovesBySet, bits: int) -> None:
    """Append the moves of ``table`` (from ``by_set``) at the indices in ``bits``, in order."""
    for chunk in table:
        if bits & CHUNK_MASK:
            out.extend(chunk[bits & CHUNK_MASK])
        bits >>= CHUNK
        if not bits:
            return


# By the bit set of the districts named.
BUILDS_OF = by_set(BUILD)
REDRAWS_OF = by_set(REDRAW)
LABORATORY_OF = by_set(LABORATORY)
DESTROYS_OF = tuple(by_set(moves) for moves in DESTROY)  # by owner


def _by_character_set(table: Sequence[Move]) -> tuple[tuple[Move, ...], ...]:
    """The moves of ``table`` for every set of characters (a bit set), in rank order."""
    return tuple(
        tuple(table[c] for c in range(len(C_SLUG)) if bits >> c & 1)
        for bits in range(1 << len(C_SLUG))
    )


# By the bit set of the characters named: the draft's moves, the Assassin's and the Thief's.
CHOICES_OF = _by_character_set(CHOOSE)
FACE_DOWN_OF = _by_character_set(PUT_FACE_DOWN)
ASSASSINATIONS_OF = _by_character_set(ASSASSINATE)
ROBBERIES_OF = _by_character_set(ROB)
# The usual choice after drawing, between two cards: by the two districts either way round,
# their keep moves in index order (one move when both cards are alike).
KEEP_ONE_OF_TWO = tuple(
    tuple(tuple(KEEP[d] for d in sorted({a, b})) for b in range(len(D_SLUG)))
    for a in range(len(D_SLUG))
)
# By table size and seat: the Magician's swaps with every other seat.
SWAPS_WITH_OTHERS = tuple(
    tuple(
        tuple(SWAP[other] for other in range(players) if other != seat) for seat in range(players)
    )
    for players in range(MAX_SEATS + 1)
)


def action_space(players: int, options: dict[str, Any]) -> list[str]:
    """Every action text of a game with ``players`` seats and these options, in a fixed order."""
    characters = range(len(C_SLUG))
    districts = [
        d for d, card in enumerate(DISTRICTS) if options["great_wall"] or not card.optional
    ]
    seats = range(players)
    space: list[Move] = [
        *(CHOOSE[c] for c in characters),
        *(PUT_FACE_DOWN[c] for c in characters),
        TAKE_GOLD,
        DRAW,
        *(KEEP[d] for d in districts),
        *(BUILD[d] for d in districts),
        INCOME,
        *(ASSASSINATE[c] for c in characters),
        *(ROB[c] for c in characters),
        *(SWAP[s] for s in seats),
        *(REDRAW[d] for d in districts),
        REDRAW_DONE,
        *(DESTROY[s][d] for s in seats for d in districts),
        *(LABORATORY[d] for d in districts),
        SMITHY,
        *(RESCUE[d] for d in districts),
        PASS,
        END_TURN,
    ]
    return [move.text for move in space]


_BY_TEXT: dict[str, Move] = {
    move.text: move
    for table in (
        CHOOSE,
        PUT_FACE_DOWN,
        ASSASSINATE,
        ROB,
        KEEP,
        BUILD,
        REDRAW,
        LABORATORY,
        RESCUE,
        SWAP,
        *DESTROY,
        (TAKE_GOLD, DRAW, INCOME, REDRAW_DONE, SMITHY, PASS, END_TURN),
    )
    for move in table
}


def parse(text: str) -> Move | None:
    """The move whose canonical text this is, else ``None`` (bots read texts from views)."""
    return _BY_TEXT.get(text)
