"""The character draft of a round: schedules for 2-7 players, face-up cards and picks."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Event
from .actions import CHOOSE, HIDE, Move, move
from .data import C_SLUG, KING
from .events import CharacterTaken, RoundStarted

if TYPE_CHECKING:
    from .state import CitadelsState

# Where a character is this round (``state.loc``): face up, the initial face-down card,
# still in the pool (after the draft: the last face-down card), or a step index >= 0 of
# the draft schedule at which it was chosen or put face down.
FACE_UP = -2
INITIAL = -1
POOL = 100

PICK = 0  # the step's seat keeps a character
BURY = 1  # the step's seat puts a character face down (2-player draft)

FACE_UP_COUNT = {4: 2, 5: 1}

# The phases of a round (``state.phase``).
DRAFT = 0  # characters are being chosen
TURN = 1  # a character's turn
GRAVEYARD = 2  # the Graveyard's owner decides whether to rescue a destroyed district
OVER = 3


def schedule(players: int, crown: int) -> tuple[tuple[int, int], ...]:
    """The draft's steps as (seat, PICK or BURY), starting with the crown."""
    order = [(crown + i) % players for i in range(players)]
    if players == 2:
        a, b = order
        return ((a, PICK), (b, PICK), (b, BURY), (a, PICK), (a, BURY), (b, PICK))
    if players == 3:
        return tuple((seat, PICK) for seat in order + order)
    return tuple((seat, PICK) for seat in order)


def is_initial(players: int, took_face_down: bool, loc: int, last: int) -> bool:
    """Whether the character at ``loc`` is the initial face-down card (7 players: maybe taken)."""
    return loc == INITIAL or (players == 7 and took_face_down and loc == last)


def offered(players: int, took_face_down: bool, loc: int, step: int, last: int) -> bool:
    """Whether the character now at ``loc`` was in the pool offered at draft ``step``."""
    if is_initial(players, took_face_down, loc, last):
        # With 7 players the last seat may take the face-down card instead of the one left.
        return players == 7 and step == last
    return loc >= step


def start_round(st: CitadelsState, events: list[Event]) -> None:
    """Shuffle the characters, lay out the face-down and face-up ones, offer the first pick."""
    st.round += 1
    rng = st.rng
    chars = list(range(8))
    rng.shuffle(chars)
    loc = [POOL] * 8
    loc[chars.pop()] = INITIAL
    face_up: list[int] = []
    for _ in range(FACE_UP_COUNT.get(st.players, 0)):
        # The King is never face up: drawing among the others is the same as redrawing.
        c = rng.choice([x for x in chars if x != KING])
        chars.remove(c)
        loc[c] = FACE_UP
        face_up.append(c)
    st.loc = loc
    st.holder = [-1] * 8
    st.status = [0] * 8
    st.face_up = sorted(face_up)
    st.took_face_down = False
    st.sched = schedule(st.players, st.crown)
    st.step = 0
    st.pool = sorted(chars)
    st.called = -1
    st.murdered = -1
    st.robbed = -1
    st.turn_seat = -1
    st.turn_char = -1
    st.phase = DRAFT
    st.current_player = st.sched[0][0]
    events.append(RoundStarted(st.round, st.crown, [C_SLUG[c] for c in st.face_up]))


def draft_actions(st: CitadelsState) -> list[Move]:
    """Keep one of the pool (or, on a burying step, put one face down)."""
    kind = CHOOSE if st.sched[st.step][1] == PICK else HIDE
    return [move(kind, c) for c in st.pool]


def draft_apply(st: CitadelsState, action: Move, events: list[Event]) -> bool:
    """Carry out a draft step; True when the draft is over and the calls begin."""
    seat, kind = st.sched[st.step]
    c = action.a
    if st.loc[c] == INITIAL:
        st.took_face_down = True
    st.loc[c] = st.step
    st.pool.remove(c)
    if kind == PICK:
        st.holder[c] = seat
    events.append(CharacterTaken(seat, C_SLUG[c], kind == BURY))
    st.step += 1
    last = len(st.sched) - 1
    if st.step > last:
        # Whatever is left goes face down: with 7 players that may be the initial card,
        # which keeps its place, or the one left over, which stays at POOL.
        st.pool = []
        return True
    if st.players == 7 and st.step == last:
        st.pool.append(st.loc.index(INITIAL))
        st.pool.sort()
    st.current_player = st.sched[st.step][0]
    return False
