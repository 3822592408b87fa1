"""The Fearless state: the data of a game in progress, and playing a card (the hot path)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core import Action, Event, Game, GameError, IllegalAction, Rng, State
from . import views
from .actions import SUIT_FIELD, SUIT_PLAYS, SUIT_SHIFT, ZERO_PLAY, Play, label, suit_plays
from .cards import HAND_SIZE, SUIT_MASK, ZERO_SHIFT
from .dealing import Table
from .events import CardPlayed
from .scoring import least_scared
from .tricks import deal, end_trick, explain, start_round, why_illegal

__all__ = ["FearlessState", "check_hands"]


class FearlessState(State):
    """A game of Fearless. Hands are bit sets (see ``cards``); everything else plain ints."""

    __slots__ = (
        "best_seat",
        "best_value",
        "chance",
        "fear",
        "fear_by_round",
        "ghosts",
        "hands",
        "leader",
        "led",
        "round",
        "table",
        "trick",
        "trick_number",
        "trick_value",
        "tricks",
        "voids",
    )

    table: Table
    hands: list[int]
    trick: list[Play]
    leader: int
    led: int
    trick_value: int
    best_value: int
    best_seat: int
    ghosts: list[int | None]
    fear: list[int]
    fear_by_round: tuple[tuple[int, ...], ...]  # each completed round's fear points, per seat
    round: int
    trick_number: int
    tricks: tuple[Any, ...] | None
    voids: int
    chance: int  # the generator's state for the later rounds' deals

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> FearlessState:
        """A new game: the removed cards chosen, the first round dealt (or taken from ``hands``)."""
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        rng = Rng(seed)
        deals = options.get("deals")
        hands = options.get("hands")
        if deals is not None:
            if hands is not None:
                raise GameError("give the option hands or deals, not both")
            hands = deals[0]
        state.table = Table.for_game(players, options["first_leader"], hands, rng)
        state.ghosts = [None] * players
        state.fear = [0] * players
        state.round = 0
        state.fear_by_round = ()
        state.chance = rng.state
        if hands is None:
            deal(state)
        else:
            state.hands = state.table.hand_bits(hands)
            start_round(state)
        return state

    # -- the hot path: legal actions, apply, clone ------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The distinct cards the player to move may play (following suit where it must)."""
        if self.is_over:
            return []
        # Not over, so a seat is to move; an assert would cost time on the hottest line.
        hand: int = self.hands[self.current_player]  # type: ignore[index]
        led = self.led
        if led >= 0:
            field = (hand >> SUIT_SHIFT[led]) & SUIT_FIELD
            if field:
                plays = SUIT_PLAYS[led][field] or suit_plays(led, field)
                return [*plays, ZERO_PLAY] if hand >> ZERO_SHIFT else list(plays)
        # Leading, a quarter of all playout steps: the four suits unrolled, their fields
        # 16 bits apart (``SUIT_SHIFT``).
        out: list[Action] = []
        blue, orange, magenta, green = SUIT_PLAYS
        if field := hand & SUIT_FIELD:
            out += blue[field] or suit_plays(0, field)
        if field := (hand >> 16) & SUIT_FIELD:
            out += orange[field] or suit_plays(1, field)
        if field := (hand >> 32) & SUIT_FIELD:
            out += magenta[field] or suit_plays(2, field)
        if field := (hand >> 48) & SUIT_FIELD:
            out += green[field] or suit_plays(3, field)
        if hand >> ZERO_SHIFT:
            out.append(ZERO_PLAY)
        return out

    def apply(self, action: Action | str) -> list[Event]:
        """Play a card (a ``play`` action or its text); illegal input raises and changes nothing."""
        if type(action) is not Play or self.is_over:
            action = self.resolve(action)
        # resolve returns one of legal_actions(), all Plays, and a game not over has a
        # seat to move: the hot path trusts both rather than pay for casts or asserts.
        play: Play = action  # type: ignore[assignment]
        seat: int = self.current_player  # type: ignore[assignment]
        hands = self.hands
        hand = hands[seat]
        bits = hand & play.mask
        suit = play.suit
        led = self.led
        if not bits or (0 <= led != suit >= 0 and hand & SUIT_MASK[led]):
            raise IllegalAction(why_illegal(self, play), [a.text for a in self.legal_actions()])
        bit = bits & -bits
        hands[seat] = hand ^ bit
        trick = self.trick
        trick.append(play)
        value = play.value
        self.trick_value = trick_value = self.trick_value + value
        size = len(trick)
        if size == 1:
            how = "leads"
            if suit >= 0:
                self.led = suit
            self.best_value = value
            self.best_seat = seat
        elif suit < 0 or suit == led or led < 0:
            how = "follows"
            if led < 0 and suit >= 0:
                self.led = suit
            if value > self.best_value:
                self.best_value = value
                self.best_seat = seat
        else:
            how = "sheds"
            self.voids |= 1 << (4 * seat + led)
        if size < self.players:
            self.current_player = seat + 1 if seat + 1 < self.players else 0
            events: list[Event] = [CardPlayed(seat, play.card, how, trick_value)]
        else:
            events = end_trick(self, CardPlayed(seat, play.card, how, trick_value))
        self.move_number += 1
        self._journal = (play, events, self._journal)
        return events

    def clone(self) -> FearlessState:
        """An independent copy (lists copied, ints and shared chains assigned)."""
        other = FearlessState.__new__(FearlessState)
        other._setup = self._setup
        other.players = self.players
        other.current_player = self.current_player
        other.is_over = self.is_over
        other.move_number = self.move_number
        other._journal = self._journal
        other.table = self.table
        other.hands = self.hands[:]
        other.trick = self.trick[:]
        other.leader = self.leader
        other.led = self.led
        other.trick_value = self.trick_value
        other.best_value = self.best_value
        other.best_seat = self.best_seat
        other.ghosts = self.ghosts[:]
        other.fear = self.fear[:]
        other.round = self.round
        other.fear_by_round = self.fear_by_round
        other.trick_number = self.trick_number
        other.tricks = self.tricks
        other.voids = self.voids
        other.chance = self.chance
        return other

    def label(self, action: Action, names: Sequence[str] | None = None) -> str:
        """What a button says for a play: "Play blue +3", "Play the zero"."""
        return label(action)

    def explain_illegal(self, text: str, names: Sequence[str] | None = None) -> str | None:
        """Say whether the text names no card, a card not held, or a card that does not follow
        (the seat named by ``names``, as sentences name it)."""
        return explain(self, text, names)

    # -- what a seat may know ----------------------------------------------------------------

    # Search calls these once an iteration, so the functions of ``views`` are the methods
    # themselves rather than methods that call them: no extra frame.
    view = views.view
    determinize = views.determinize
    views = views.views  # last: the module's name is the method's from here on

    # -- results -----------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Fear totals of the rounds completed so far (lower is better)."""
        return self.fear[:]

    def winners(self) -> list[int]:
        """The seats with the fewest fear points once the game is over."""
        return least_scared(self.fear) if self.is_over else []


def check_hands(value: Any, players: int) -> list[list[str]] | None:
    """The ``hands`` option: one list of card texts per seat, together a whole deck."""
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != players:
        raise ValueError(f"give one hand per seat ({players} lists of card texts)")
    size = HAND_SIZE[players]
    hands = []
    for seat, hand in enumerate(value):
        if not isinstance(hand, list | tuple) or not all(isinstance(c, str) for c in hand):
            raise ValueError(f"hand {seat} must be a list of card texts")
        if len(hand) != size:
            raise ValueError(
                f"hand {seat} has {len(hand)} cards; with {players} players each hand holds {size}"
            )
        hands.append([c.strip().lower() for c in hand])
    Table.check_hands(players, hands)
    return hands


def check_deals(value: Any, players: int) -> list[list[list[str]]] | None:
    """The ``deals`` option: one ``hands`` value per round, with 3 players one removed suit."""
    if value is None:
        return None
    if not isinstance(value, list | tuple) or len(value) != players:
        raise ValueError(f"give one deal per round ({players} lists of {players} hands)")
    deals: list[list[list[str]]] = []
    for number, hands in enumerate(value, 1):
        if hands is None:
            raise ValueError(f"round {number}: give the hands")
        try:
            deals.append(check_hands(hands, players) or [])
        except ValueError as error:
            raise ValueError(f"round {number}: {error}") from None
    suits = {frozenset(c[:-2] for hand in hands for c in hand if c != "zero") for hands in deals}
    if len(suits) > 1:
        raise ValueError("with 3 players every round lacks the same removed suit")
    return deals
