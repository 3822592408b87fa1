"""Fearless: the state, the trick-taking rules, the scare track and the fear points."""

from __future__ import annotations

from typing import Any

from ...core import Action, Event, Game, GameError, IllegalAction, Rng, State
from ...core.game import unchain
from .cards import (
    HAND_SIZE,
    PLAY,
    SUIT_FIELD,
    SUIT_MASK,
    SUIT_PLAYS,
    SUIT_SHIFT,
    SUITS,
    ZERO_PLAY,
    ZERO_SHIFT,
    Play,
    card_texts,
    suit_plays,
)
from .dealing import Table, canonical, deal_consistent
from .events import CardPlayed, GameEnded, RoundDealt, RoundScored, TrickWon

__all__ = ["FearlessState"]

RUIN_FEAR = 15
_NO_CARD = -99  # below every card value: the best card of an empty trick
_MASK64 = (1 << 64) - 1
_SEAT_STREAM = 0xD1B54A32D192ED03  # odd, so seats' offsets differ in the low bits too
# A seat's four void flags (one nibble of ``voids``) as the mask of the suits' cards.
_VOID_MASKS = [sum(SUIT_MASK[s] for s in range(4) if flags >> s & 1) for flags in range(16)]
_VOID_NAMES = [tuple(SUITS[s] for s in range(4) if flags >> s & 1) for flags in range(16)]
# The seats in playing order from each leader, for each player count.
_SEAT_ORDERS = {n: [[(lead + i) % n for i in range(n)] for lead in range(n)] for n in (3, 4, 5)}


class FearlessState(State):
    """A game of Fearless. Hands are bit sets (see ``cards``); everything else plain ints."""

    __slots__ = (
        "_chance",
        "best_seat",
        "best_value",
        "fear",
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
    round: int
    trick_number: int
    tricks: tuple[Any, ...] | None
    voids: int
    _chance: int

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
        state._chance = rng.state
        if hands is None:
            state._deal()
        else:
            state.hands = state.table.hand_bits(hands)
            state._start_round()
        return state

    # -- the hot path: legal actions, apply, clone ------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The distinct cards the player to move may play (following suit where it must)."""
        if self.is_over:
            return []
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
        play: Play = action  # type: ignore[assignment]
        seat: int = self.current_player  # type: ignore[assignment]
        hands = self.hands
        hand = hands[seat]
        bits = hand & play.mask
        suit = play.suit
        led = self.led
        if not bits or (0 <= led != suit >= 0 and hand & SUIT_MASK[led]):
            raise IllegalAction(self._why_illegal(play), [a.text for a in self.legal_actions()])
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
            events = self._end_trick(CardPlayed(seat, play.card, how, trick_value))
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
        other.trick_number = self.trick_number
        other.tricks = self.tricks
        other.voids = self.voids
        other._chance = self._chance
        return other

    # -- the rest of the rules ---------------------------------------------------------------

    def _end_trick(self, played: Event) -> list[Event]:
        """The trick is complete: its winner's ghost moves and leads next; maybe the round ends."""
        winner = self.best_seat
        value = self.trick_value
        ghost = self.ghosts[winner]
        position = value if ghost is None else ghost + value
        self.ghosts[winner] = position
        # The finished trick list is never appended to again, so the chain may keep it.
        self.tricks = ((self.leader, self.trick, winner, value), self.tricks)
        won = TrickWon(winner, value, position)
        self.trick_number += 1
        if self.trick_number < self.table.hand_size:
            self.trick = []
            self.leader = self.current_player = winner
            self.led = -1
            self.trick_value = 0
            return [played, won]
        return [played, won, *self._end_round()]

    def _end_round(self) -> list[Event]:
        """Score the round's fear points; deal the next round or end the game."""
        fear = [RUIN_FEAR if g is None else abs(g) for g in self.ghosts]
        self.fear = [total + points for total, points in zip(self.fear, fear, strict=True)]
        events: list[Event] = [RoundScored(self.round + 1, fear, self.fear[:])]
        if self.round + 1 < self.players:
            self.round += 1
            self.ghosts = [None] * self.players
            self._deal()
            events.append(RoundDealt(self.round + 1, self.leader))
        else:
            self.is_over = True
            self.current_player = None
            events.append(GameEnded(self.winners(), self.fear[:]))
        return events

    def _deal(self) -> None:
        """Shuffle the deck with the state's generator and deal every hand (or take ``deals``)."""
        deals = self._setup.options.get("deals")
        if deals is not None:
            self.hands = self.table.hand_bits(deals[self.round])
            self._start_round()
            return
        rng = Rng.__new__(Rng)
        rng.state = self._chance
        cards = list(self.table.cards)
        rng.shuffle(cards)
        self._chance = rng.state
        size = self.table.hand_size
        self.hands = [sum(cards[i * size : (i + 1) * size]) for i in range(self.players)]
        self._start_round()

    def _start_round(self) -> None:
        """Reset the round's bookkeeping; the round's leader leads."""
        self.tricks = None
        self.voids = 0
        self.trick_number = 0
        self._start_trick((self.table.first_leader + self.round) % self.players)

    def _start_trick(self, leader: int) -> None:
        self.trick = []
        self.leader = self.current_player = leader
        self.led = -1
        self.trick_value = 0
        # The first card of a trick always becomes its best card, so nothing else is reset.
        self.best_value = _NO_CARD
        self.best_seat = leader

    def _why_illegal(self, play: Play) -> str:
        seat = self.current_player
        if not self.hands[seat] & play.mask:  # type: ignore[index]
            return f"Player {seat} holds no {play.card}"
        return f"Player {seat} must follow {SUITS[self.led]} (or play a zero)"

    def explain_illegal(self, text: str) -> str | None:
        """Say whether the text names no card, a card not held, or a card that does not follow."""
        words = text.split()
        if len(words) != 2 or words[0] != "play":
            return f"{text!r} is not an action of Fearless (actions look like 'play green+2')"
        play = PLAY.get(words[1])
        if play is None:
            return f"{words[1]!r} is not a Fearless card (cards look like green+2, blue-1, zero)"
        return self._why_illegal(play)

    # -- what a seat may know ----------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """The seat's own hand, other hands as counts, the trick, the track, the round so far."""
        out = self.common_view(seat)
        players = self.players
        table = self.table
        if seat is not None:
            out["hand"] = card_texts(self.hands[seat])
        # Search reads a spectator's view after every playout, so the pieces are built in
        # single passes with the seat orders and void names looked up, not recomputed, and
        # in plain loops: on Python 3.11 a comprehension costs a function call.
        orders = _SEAT_ORDERS[players]
        played: list[str] = []
        tricks = []
        for lead, cards, winner, value in unchain(self.tricks):
            shown = []
            for s, play in zip(orders[lead], cards, strict=False):
                card = play.card
                played.append(card)
                shown.append([s, card])
            tricks.append({"cards": shown, "winner": winner, "value": value})
        trick = []
        for s, play in zip(orders[self.leader], self.trick, strict=False):
            trick.append([s, play.card])
        voids = self.voids
        void_names = []
        for shift in range(0, 4 * players, 4):
            void_names.append(list(_VOID_NAMES[voids >> shift & 15]))
        out.update(
            hand_counts=list(map(int.bit_count, self.hands)),
            leader=self.leader,
            trick=trick,
            led_suit=SUITS[self.led] if self.led >= 0 else None,
            trick_value=self.trick_value,
            ghosts=self.ghosts[:],
            round=self.round + 1,
            rounds=players,
            trick_number=min(self.trick_number + 1, table.hand_size),
            tricks_per_round=table.hand_size,
            played=played,
            tricks=tricks,
            voids=void_names,
            first_leader=table.first_leader,
            removed=list(table.removed),
        )
        return out

    def determinize(self, seat: int | None, seed: int) -> FearlessState:
        """Redeal the cards ``seat`` has not seen to the other hands, respecting shown voids."""
        other = self.clone()
        other._become_determinized(seed, {"first_leader": self.table.first_leader, "hands": None})
        # derive_seed would cost a tenth of a search iteration; one SplitMix step from the
        # seed offset by the seat gives each seat its own stream for a fraction of that.
        rng = Rng.__new__(Rng)
        rng.state = (seed + _SEAT_STREAM * (1 if seat is None else seat + 2)) & _MASK64
        rng.state = rng.next64()
        if not self.is_over:
            own = 0 if seat is None else self.hands[seat]
            in_hands = 0
            for hand in self.hands:
                in_hands |= hand
            played, own = canonical(self.table, self.table.deck & ~in_hands, own)
            unknown = self.table.deck & ~played & ~own
            voids = self.voids
            void_masks = [_VOID_MASKS[voids >> (4 * p) & 15] for p in range(self.players)]
            counts = list(map(int.bit_count, self.hands))
            if seat is not None:
                counts[seat] = 0
            cards = [c for c in self.table.cards if c & unknown]
            other.hands = deal_consistent(cards, counts, void_masks, rng)
            if seat is not None:
                other.hands[seat] = own
        other._chance = rng.state
        return other

    # -- results -----------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Fear totals of the rounds completed so far (lower is better)."""
        return self.fear[:]

    def winners(self) -> list[int]:
        """The seats with the fewest fear points once the game is over."""
        if not self.is_over:
            return []
        least = min(self.fear)
        return [seat for seat, total in enumerate(self.fear) if total == least]


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
