"""The rules of a round: tricks won and scored on the scare track, rounds dealt and ended.

A card played is ``FearlessState.apply`` (the hot path); what follows a trick's last card is
here.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from ...core import Event, Rng, player_name
from .actions import PLAY, Play
from .cards import CARD_HELP, SUITS
from .events import GameEnded, RoundDealt, RoundScored, TrickWon
from .scoring import round_fear

if TYPE_CHECKING:
    from .state import FearlessState

__all__ = ["deal", "end_round", "end_trick", "explain", "start_round", "why_illegal"]

NO_CARD = -99  # below every card value: the best card of an empty trick


def end_trick(state: FearlessState, played: Event) -> list[Event]:
    """The trick is complete: its winner's ghost moves and leads next; maybe the round ends."""
    winner = state.best_seat
    value = state.trick_value
    ghost = state.ghosts[winner]
    position = value if ghost is None else ghost + value
    state.ghosts[winner] = position
    # The finished trick list is never appended to again, so the chain may keep it.
    state.tricks = ((state.leader, state.trick, winner, value), state.tricks)
    won = TrickWon(winner, value, position)
    state.trick_number += 1
    if state.trick_number < state.table.hand_size:
        state.trick = []
        state.leader = state.current_player = winner
        state.led = -1
        state.trick_value = 0
        return [played, won]
    return [played, won, *end_round(state)]


def end_round(state: FearlessState) -> list[Event]:
    """Score the round's fear points; deal the next round or end the game."""
    fear = round_fear(state.ghosts)
    state.fear = [total + points for total, points in zip(state.fear, fear, strict=True)]
    # A tuple of tuples: clones share it, and a round's end makes a new one.
    state.fear_by_round = (*state.fear_by_round, tuple(fear))
    events: list[Event] = [RoundScored(state.round + 1, fear, state.fear[:])]
    if state.round + 1 < state.players:
        state.round += 1
        state.ghosts = [None] * state.players
        deal(state)
        events.append(RoundDealt(state.round + 1, state.leader))
    else:
        state.is_over = True
        state.current_player = None
        events.append(GameEnded(state.winners(), state.fear[:]))
    return events


def deal(state: FearlessState) -> None:
    """Shuffle the deck with the state's generator and deal every hand (or take ``deals``)."""
    deals = state.options.get("deals")
    if deals is not None:
        state.hands = state.table.hand_bits(deals[state.round])
        start_round(state)
        return
    rng = Rng.__new__(Rng)
    rng.state = state.chance
    cards = list(state.table.cards)
    rng.shuffle(cards)
    state.chance = rng.state
    size = state.table.hand_size
    state.hands = [sum(cards[i * size : (i + 1) * size]) for i in range(state.players)]
    start_round(state)


def start_round(state: FearlessState) -> None:
    """Reset the round's bookkeeping; the round's leader leads."""
    state.tricks = None
    state.voids = 0
    state.trick_number = 0
    start_trick(state, (state.table.first_leader + state.round) % state.players)


def start_trick(state: FearlessState, leader: int) -> None:
    """An empty trick that ``leader`` leads."""
    state.trick = []
    state.leader = state.current_player = leader
    state.led = -1
    state.trick_value = 0
    # The first card of a trick always becomes its best card, so nothing else is reset.
    state.best_value = NO_CARD
    state.best_seat = leader


def why_illegal(state: FearlessState, play: Play, names: Sequence[str] | None = None) -> str:
    """Why the player to move cannot play ``play``: not held, or not following suit (the
    seat named by ``names``, as sentences name it)."""
    seat = state.current_player
    assert seat is not None
    if not state.hands[seat] & play.mask:
        return f"{player_name(seat, names)} holds no {play.card}"
    return f"{player_name(seat, names)} must follow {SUITS[state.led]} (or play a zero)"


def explain(state: FearlessState, text: str, names: Sequence[str] | None = None) -> str | None:
    """Say whether the text names no card, a card not held, or a card that does not follow."""
    words = text.split()
    if len(words) != 2 or words[0] != "play":
        return f"{text!r} is not an action of Fearless (actions look like 'play green+2')"
    play = PLAY.get(words[1])
    if play is None:
        return f"{words[1]!r} is not a Fearless card ({CARD_HELP})"
    return why_illegal(state, play, names)
