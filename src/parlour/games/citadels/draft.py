"""The character draft of a round: schedules for 2-7 players, face-up cards and picks."""

from __future__ import annotations

from enum import IntEnum
from functools import cache
from typing import TYPE_CHECKING

from ...core import Action, Event
from .actions import CHOICES_OF, FACE_DOWN_OF, Move
from .cards import C_BIT, C_SLUG, CHARACTER_COUNT, KING, MAX_SEATS, character_set
from .events import CHARACTER_TAKEN, RoundStarted

if TYPE_CHECKING:
    from .state import CitadelsState

# Where a character is this round (``state.places``): face up, the initial face-down card,
# still in the pool (after the draft: the last face-down card), or a step index >= 0 of
# the draft order at which it was chosen or put face down.
FACE_UP = -2
INITIAL = -1
POOL = 100

# Characters laid face up, by player count: 2 with 4 players, 1 with 5, none otherwise.
FACE_UP_COUNT = tuple({4: 2, 5: 1}.get(players, 0) for players in range(MAX_SEATS + 1))
CHARACTERS = tuple(range(CHARACTER_COUNT))
ALL_CHARACTERS = character_set(CHARACTERS)
# With this many players the last seat is offered the initial face-down card as well.
LAST_SEAT_MAY_SWAP = 7


class Phase(IntEnum):
    """Where a round stands (``state.phase``)."""

    DRAFT = 0  # characters are being chosen
    TURN = 1  # a character's turn
    RESCUE = 2  # a destroyed district is offered to the Graveyard's owner
    OVER = 3  # the game has ended


class DraftStep(IntEnum):
    """What the seat of a draft step does (``state.draft_order``)."""

    CHOOSE = 0  # keeps a character
    PUT_FACE_DOWN = 1  # puts a character face down (the 2-player draft)


class CallStatus(IntEnum):
    """A character's call this round (``state.call_status``)."""

    UNCALLED = 0
    REVEALED = 1  # called, and its holder revealed it
    ABSENT = 2  # called, and nobody held it
    SILENT = 3  # the murdered character: called, its holder stays silent


# The values the state stores and the hot paths compare, bound once as plain ints: CPython
# compares exact ints on a fast path that enum members miss, and looking a member up on its
# enum costs four times a global. The enums above name and document them.
DRAFT, TURN, RESCUE, OVER = map(int, Phase)
UNCALLED, REVEALED, ABSENT, SILENT = map(int, CallStatus)
CHOOSE_STEP, FACE_DOWN_STEP = map(int, DraftStep)


@cache  # every round asks, and the answer depends on these two numbers alone
def draft_order(players: int, crown: int) -> tuple[tuple[int, int], ...]:
    """The draft's steps as (seat, what it does: a DraftStep), starting with the crown."""
    order = [(crown + i) % players for i in range(players)]
    pick, bury = CHOOSE_STEP, FACE_DOWN_STEP
    if players == 2:
        a, b = order
        return ((a, pick), (b, pick), (b, bury), (a, pick), (a, bury), (b, pick))
    if players == 3:
        return tuple((seat, pick) for seat in order + order)
    return tuple((seat, pick) for seat in order)


def is_initial(players: int, took_face_down: bool, place: int, last: int) -> bool:
    """Whether the character at ``place`` is the initial face-down card (7 players: maybe taken)."""
    return place == INITIAL or (players == LAST_SEAT_MAY_SWAP and took_face_down and place == last)


def offered(players: int, took_face_down: bool, place: int, step: int, last: int) -> bool:
    """Whether the character now at ``place`` was in the pool offered at draft ``step``."""
    if is_initial(players, took_face_down, place, last):
        # With 7 players the last seat may take the face-down card instead of the one left.
        return players == LAST_SEAT_MAY_SWAP and step == last
    return place >= step


def start_round(state: CitadelsState, events: list[Event]) -> None:
    """Shuffle the characters, lay out the face-down and face-up ones, offer the first pick."""
    state.round += 1
    rng = state.rng
    chars = list(CHARACTERS)
    rng.shuffle(chars)
    initial = chars.pop()
    places = [POOL] * CHARACTER_COUNT
    places[initial] = INITIAL
    pool = ALL_CHARACTERS & ~C_BIT[initial]
    face_up: list[int] = []
    for _ in range(FACE_UP_COUNT[state.players]):
        # The King is never face up: drawing among the others is the same as redrawing.
        others = chars[:]
        if KING in others:
            others.remove(KING)
        c = rng.choice(others)
        chars.remove(c)
        places[c] = FACE_UP
        pool &= ~C_BIT[c]
        face_up.append(c)
    face_up.sort()
    state.places = places
    state.holder = [-1] * CHARACTER_COUNT
    state.call_status = [UNCALLED] * CHARACTER_COUNT
    state.face_up = face_up
    state.took_face_down = False
    state.draft_order = order = draft_order(state.players, state.crown)
    state.draft_step = 0
    state.draft_pool = pool
    state.called = state.murdered = state.robbed = -1
    state.turn_seat = state.turn_character = -1
    state.phase = DRAFT
    state.current_player = order[0][0]
    names = []
    for c in face_up:  # a plain loop: a comprehension costs a call on Python 3.11
        names.append(C_SLUG[c])
    events.append(RoundStarted(state.round, state.crown, names))


def draft_actions(state: CitadelsState) -> list[Action]:
    """Keep one of the pool (or, on a burying step, put one face down)."""
    keeping = state.draft_order[state.draft_step][1] == CHOOSE_STEP
    return [*(CHOICES_OF if keeping else FACE_DOWN_OF)[state.draft_pool]]


def draft_apply(state: CitadelsState, action: Move, events: list[Event]) -> bool:
    """Carry out a draft step; True when the draft is over and the calls begin."""
    order = state.draft_order
    step = state.draft_step
    seat, kind = order[step]
    c = action.character
    places = state.places
    if places[c] == INITIAL:
        state.took_face_down = True
    places[c] = step
    state.draft_pool &= ~C_BIT[c]
    if kind == CHOOSE_STEP:
        state.holder[c] = seat
    events.append(CHARACTER_TAKEN[seat][c][kind == FACE_DOWN_STEP])
    state.draft_step = step = step + 1
    last = len(order) - 1
    if step > last:
        # Whatever is left goes face down: with 7 players that may be the initial card,
        # which keeps its place, or the one left over, which stays at POOL.
        state.draft_pool = 0
        return True
    if state.players == LAST_SEAT_MAY_SWAP and step == last:
        state.draft_pool |= C_BIT[places.index(INITIAL)]
    state.current_player = order[step][0]
    return False
