"""Fearless for many games at once: NumPy arrays, one random decision for every game a step.

The rules are exactly those of ``parlour.games.fearless`` (docs/fearless.md). The replay
test plays a sample of these games through the object engine decision for decision, with
its ``deals`` option fixing every round's hands, and compares every legal set and score.

A hand is one ``uint64`` bit set: suit ``s`` holds bits ``14*s`` to ``14*s + 13`` (one bit
a physical card, low values first: -6 … -2, -1, -1, +1, +1, +2 … +6) and the four zeros
bits 56 to 59. A random decision is uniform over the *distinct* legal cards, as a random
bot chooses among the object engine's legal actions (two copies of a card are one action).
Chance is NumPy's PCG64 seeded with ``seed``: the same arguments give the same games, but
not the games ``new_game(players, seed)`` deals (the rules are the same, the streams not).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from ..core import Rng
from ..games.fearless.cards import DECK, HAND_SIZE, SUIT_VALUES, SUITS, deal_rules
from ..games.fearless.dealing import canonical
from ..games.fearless.scoring import RUIN_FEAR

__all__ = [
    "Batch",
    "Card",
    "Position",
    "card_text",
    "determinizations",
    "from_states",
    "playouts",
    "rows",
    "simulate",
]

# The deck is the game's (its data file); the layout below packs it into one uint64, which
# holds the deck as published: 4 suits of 14 cards and 4 zeros.
WIDTH, ZEROS = 14, 4
if (len(SUIT_VALUES), DECK.zeros) != (WIDTH, ZEROS):
    raise RuntimeError(
        f"parlour.fast packs 4 suits of {WIDTH} cards and {ZEROS} zeros; the Fearless deck "
        f"file has suits of {len(SUIT_VALUES)} and {DECK.zeros} zeros"
    )
NO_SUIT = 4  # ``led`` while no non-zero card fixes the suit; the suit of a zero
CHUNK = 16384  # games advanced together by ``simulate``: their arrays stay in the cache

Ints = npt.NDArray[np.int64]
Bits = npt.NDArray[np.uint64]

_ONE = np.uint64(1)
_NO_CARD = -99  # below every card: the best card of an empty trick
_ZEROS = np.uint64(0xF << 56)
_VALUE = np.zeros(64, np.int64)
_SUIT = np.full(64, NO_SUIT, np.int64)
for _s in range(4):
    for _i, _v in enumerate(SUIT_VALUES):
        _VALUE[14 * _s + _i] = _v
        _SUIT[14 * _s + _i] = _s
_SUIT_MASK = np.array([0x3FFF << (14 * s) for s in range(4)] + [0], np.uint64)
# By led suit, the cards a player holding that suit may not play: all but it and the zeros.
_RULED_OUT = ~(_SUIT_MASK | _ZEROS)
# A suit's second copies of doubled values (its second -1 and second +1), by index.
_SECOND_COPIES = [i for i in range(1, WIDTH) if SUIT_VALUES[i] == SUIT_VALUES[i - 1]]
# The first of each pair of identical cards: holding it hides the second from the legal set.
_TWIN_LOW = np.uint64(sum(1 << (14 * s + i - 1) for s in range(4) for i in _SECOND_COPIES))
_SELECT = tuple((np.uint64(w), np.uint64((1 << w) - 1)) for w in (32, 16, 8, 4, 2, 1))


def _deck(players: int) -> list[int]:
    """Bit positions of the cards in play before a whole suit and zeros go (see ``Batch.new``)."""
    removed = _SECOND_COPIES if deal_rules(players).remove_second_copies else []
    cards = [14 * s + i for s in range(4) for i in range(WIDTH) if i not in removed]
    return cards + list(range(56, 56 + ZEROS))


def card_text(position: int) -> str:
    """The object engine's text of the card at a bit position: ``green+2``, ``zero``."""
    if position >= 56:
        return "zero"
    return f"{SUITS[position // 14]}{SUIT_VALUES[position % 14]:+d}"


def _texts(bits: int) -> list[str]:
    return [card_text(p) for p in range(60) if bits >> p & 1]


class Batch:
    """``n`` games of Fearless at one player count, each at its own point of play.

    Every array has one row a game. A game that is over keeps being dealt and played
    (so that games never need to be taken out of the batch) but its scores stay frozen.
    """

    def __init__(self, players: int, n: int, rng: np.random.Generator) -> None:
        self.players = players
        self.hand_size = HAND_SIZE[players]
        self.n = n
        self.rng = rng
        self.rows = np.arange(n)
        self.base = self.rows * players  # a game's first slot in the flat (n, players) arrays
        self.hands: Bits = np.zeros(n * players, np.uint64)
        self.ghosts: Ints = np.zeros(n * players, np.int64)
        self.ruin = np.ones(n * players, bool)
        self.fear: Ints = np.zeros((n, players), np.int64)
        self.deck: Bits = np.zeros((n, players * self.hand_size), np.uint64)  # card bits
        self.first_leader: Ints = np.zeros(n, np.int64)
        self.round: Ints = np.zeros(n, np.int64)
        self.over = np.zeros(n, bool)
        self.trick_number: Ints = np.zeros(n, np.int64)
        self.current: Ints = np.zeros(n, np.int64)
        self.count: Ints = np.zeros(n, np.int64)  # cards in the current trick
        self.led: Ints = np.full(n, NO_SUIT, np.int64)
        self.best_value: Ints = np.full(n, _NO_CARD, np.int64)
        self.best_seat: Ints = np.zeros(n, np.int64)
        self.trick_value: Ints = np.zeros(n, np.int64)
        # Per-round figures for ``simulate``; ``None`` in search, which needs only the ends.
        self.fear_rounds: Ints | None = None
        self.tricks_rounds: Ints | None = None
        self.trace: Trace | None = None

    @classmethod
    def new(
        cls, players: int, n: int, rng: np.random.Generator, stats: bool = False, trace: int = 0
    ) -> Batch:
        """``n`` new games, first round dealt, seat 0 leading.

        ``stats`` keeps per-round figures; ``trace`` keeps the first games as texts (``Trace``).
        """
        batch = cls(players, n, rng)
        if trace:
            batch.trace = Trace(min(trace, n), players)
        deck = np.array(_deck(players), np.uint64)
        cards = np.broadcast_to(_ONE << deck, (n, deck.size))
        rule = deal_rules(players)
        if rule.remove_suit:
            # One whole suit goes (drawn per game) and the last zeros: with 3 players 39 of
            # the 52 cards stay.
            removed = rng.integers(0, 4, n)
            zeros_kept = deck < 56 + ZEROS - rule.remove_zeros
            keep = (_SUIT[deck][None, :] != removed[:, None]) & zeros_kept[None, :]
            batch.deck = cards[keep].reshape(n, players * rule.hand_size)
        else:
            batch.deck = cards.copy()
        if stats:
            batch.fear_rounds = np.zeros((n, players, players), np.int64)
            batch.tricks_rounds = np.zeros((n, players, players), np.int64)
        batch._deal(batch.rows)
        return batch

    # -- one decision in every game --------------------------------------------------------

    def step(self) -> None:
        """Every game's player to move plays a uniformly random distinct legal card."""
        slot = self.base + self.current
        hand = self.hands[slot]
        led = self.led
        # Without np.where (slow on unpredictable masks): holding the led suit (0 or 1)
        # times the cards it rules out.
        holds = (hand & _SUIT_MASK[led] != 0).astype(np.uint64)
        legal = hand & ~(holds * _RULED_OUT[led])
        legal &= ~((legal & _TWIN_LOW) << _ONE)
        zeros = legal & _ZEROS
        legal ^= zeros ^ (zeros & (~zeros + _ONE))  # of the zeros held, only the lowest
        pick = (self.rng.random(self.n) * np.bitwise_count(legal)).astype(np.uint8)
        position = self._select(legal, pick)
        if self.trace is not None:
            self.trace.decide(self, legal, position)
        self.hands[slot] = hand ^ (_ONE << position)
        value = _VALUE[position]
        suit = _SUIT[position]
        loose = led == NO_SUIT
        follows = (suit == NO_SUIT) | (suit == led) | loose
        self.led = led + (suit - led) * loose
        better = follows & (value > self.best_value)
        self.best_value += (value - self.best_value) * better
        self.best_seat += (self.current - self.best_seat) * better
        self.trick_value += value
        self.count += 1
        turn = self.current + 1
        self.current = turn - self.players * (turn == self.players)
        done = self.count == self.players
        if done.all():
            self._end_tricks(slice(None))  # games in step (``simulate``): no fancy indexing
        elif done.any():
            self._end_tricks(np.flatnonzero(done))

    @staticmethod
    def _select(legal: Bits, pick: npt.NDArray[np.uint8]) -> Bits:
        """The position of each row's ``pick``-th set bit (from 0), by halving the word."""
        # At each width the word has at most twice that many bits left: keep its high half
        # (skipping the low half's set bits) or its low half.
        position = np.zeros(legal.shape, np.uint64)
        for width, low_mask in _SELECT:
            count = np.bitwise_count(legal & low_mask)
            high = pick >= count
            pick = pick - count * high
            shift = high * width
            position += shift
            legal = (legal >> shift) & low_mask
        return position

    def _end_tricks(self, games: Ints | slice) -> None:
        """The tricks of ``games`` are complete: ghosts move, winners lead, rounds may end."""
        winner = self.best_seat[games]
        slot = self.base[games] + winner
        # A ghost on the ruin stands at 0, so leaving it is the same addition.
        self.ghosts[slot] += self.trick_value[games]
        self.ruin[slot] = False
        if self.tricks_rounds is not None:
            live = ~self.over[games]
            rows = self.rows[games][live]
            self.tricks_rounds[rows, winner[live], self.round[rows]] += 1
        self.current[games] = winner
        self._start_tricks(games)
        self.trick_number[games] += 1
        ended = self.trick_number[games] == self.hand_size
        if isinstance(games, slice) and ended.all():
            self._end_rounds(games)
        elif ended.any():
            self._end_rounds(self.rows[games][ended])

    def _start_tricks(self, games: Ints | slice) -> None:
        self.count[games] = 0
        self.led[games] = NO_SUIT
        self.best_value[games] = _NO_CARD
        self.trick_value[games] = 0

    def _end_rounds(self, games: Ints | slice) -> None:
        """Fear points for the rounds of ``games``; the next round is dealt."""
        players = self.players
        ghosts = self.ghosts.reshape(-1, players)[games]
        points = np.where(self.ruin.reshape(-1, players)[games], RUIN_FEAR, np.abs(ghosts))
        live = ~self.over[games]
        self.fear[games] += points * live[:, None]
        if self.fear_rounds is not None:
            rows = self.rows[games][live]
            self.fear_rounds[rows, :, self.round[rows]] = points[live]
        self.round[games] += live
        self.over[games] = self.round[games] == players
        self._deal(games)

    def _deal(self, games: Ints | slice) -> None:
        """Shuffle each game's deck and deal it; the round's leader leads."""
        players, size = self.players, self.hand_size
        deck = self.deck[games]
        order = self.rng.random(deck.shape).argsort(axis=1)
        cards = np.take_along_axis(deck, order, axis=1).reshape(-1, players, size)
        self.hands.reshape(-1, players)[games] = np.bitwise_or.reduce(cards, axis=2)
        self.ghosts.reshape(-1, players)[games] = 0
        self.ruin.reshape(-1, players)[games] = True
        self.trick_number[games] = 0
        self.current[games] = (self.first_leader[games] + self.round[games]) % players
        self._start_tricks(games)
        if self.trace is not None:
            self.trace.dealt(self, self.rows[games])

    # -- results ---------------------------------------------------------------------------

    def returns(self) -> npt.NDArray[np.float64]:
        """Per game and seat, ``1/k`` for each of ``k`` seats with the fewest fear points."""
        won = self.fear == self.fear.min(axis=1, keepdims=True)
        shares: npt.NDArray[np.float64] = won / won.sum(axis=1, keepdims=True)
        return shares

    def estimate(self) -> npt.NDArray[np.float64]:
        """Per game and seat, ``returns()`` when over, else the Fearless heuristic's ``evaluate``.

        The same estimate as ``parlour.bots.heuristic.fearless.evaluate`` of the spectator's
        view: fear so far plus each ghost's distance (the ruin's threat growing from 3 to 15
        over the round), turned into shares by a softmax that is softer with more rounds left.
        """
        players, size = self.players, self.hand_size
        progress = np.minimum(self.trick_number, size - 1) / size
        threat = 3.0 + (RUIN_FEAR - 3) * progress
        ghosts = self.ghosts.reshape(-1, players)
        distance = np.where(self.ruin.reshape(-1, players), threat[:, None], np.abs(ghosts))
        fear = self.fear + distance
        temperature = 3.0 + 5.0 * (players - 1 - self.round)
        weights = np.exp((fear.min(axis=1, keepdims=True) - fear) / temperature[:, None])
        shares = weights / weights.sum(axis=1, keepdims=True)
        return np.where(self.over[:, None], self.returns(), shares)


class Trace:
    """The deals, legal sets and plays of the first ``games`` games of a batch, as texts."""

    def __init__(self, games: int, players: int) -> None:
        self.games = games
        self.deals: list[list[list[list[str]]]] = [[] for _ in range(games)]
        self.legal: list[list[list[str]]] = [[] for _ in range(games)]
        self.actions: list[list[str]] = [[] for _ in range(games)]
        self.players = players

    def dealt(self, batch: Batch, games: Ints) -> None:
        """Keep the new hands of the traced games among ``games``."""
        for game in games[games < self.games].tolist():
            start = game * self.players
            hands = batch.hands[start : start + self.players].tolist()
            self.deals[game].append([_texts(h) for h in hands])

    def decide(self, batch: Batch, legal: Bits, position: Bits) -> None:
        """Keep the legal cards and the card played of the traced games."""
        for game in range(self.games):
            if batch.over[game]:
                continue
            self.legal[game].append(sorted({f"play {c}" for c in _texts(int(legal[game]))}))
            self.actions[game].append(f"play {card_text(int(position[game]))}")


def simulate(games: int, players: int = 4, seed: int = 0, trace: int = 0) -> dict[str, Any]:
    """Play ``games`` random games of Fearless; their decisions, scores and per-round figures.

    The result holds ``decisions`` (the total), ``decisions_per_game``, ``scores``
    (``(games, players)`` fear totals), ``returns`` (``(games, players)``: ``1/k`` for each
    of ``k`` winners), ``fear_per_round`` and ``tricks_per_round`` (``(games, players,
    rounds)``) and, with ``trace``, ``records``: for the first ``trace`` games the object
    engine's options ``{"deals": ...}``, the action texts and each decision's sorted legal
    action texts. ``rows(result)`` turns it into one dict a game and seat.
    """
    if players not in HAND_SIZE:
        raise ValueError(f"Fearless takes 3 to 5 players, not {players}")
    if games < 1:
        raise ValueError(f"games must be at least 1, not {games}")
    steps = players * HAND_SIZE[players] * players
    parts: list[Batch] = []
    traced: Trace | None = None
    for chunk, start in enumerate(range(0, games, CHUNK)):
        rng = np.random.default_rng([seed, chunk])
        batch = Batch.new(players, min(CHUNK, games - start), rng, True, trace * (chunk == 0))
        traced = traced or batch.trace
        for _ in range(steps):
            batch.step()
        parts.append(batch)
    assert all(b.over.all() for b in parts)
    result: dict[str, Any] = {
        "decisions": steps * games,
        "decisions_per_game": steps,
        "scores": np.concatenate([b.fear for b in parts]),
        "returns": np.concatenate([b.returns() for b in parts]),
        "fear_per_round": np.concatenate(
            [b.fear_rounds for b in parts if b.fear_rounds is not None]
        ),
        "tricks_per_round": np.concatenate(
            [b.tricks_rounds for b in parts if b.tricks_rounds is not None]
        ),
    }
    if traced is not None:
        result["records"] = [
            {
                "options": {"deals": traced.deals[g][:players]},
                "actions": traced.actions[g],
                "legal": traced.legal[g],
            }
            for g in range(traced.games)
        ]
    return result


def rows(result: dict[str, Any], game: str = "fearless") -> list[dict[str, Any]]:
    """One dict a game and seat, with the columns ``parlour simulate`` writes for Fearless."""
    scores = result["scores"]
    n, players = scores.shape
    rank = (scores[:, None, :] < scores[:, :, None]).sum(axis=2) + 1
    returns = result["returns"]
    tricks = result["tricks_per_round"]
    fear = result["fear_per_round"]
    out = []
    for g in range(n):
        for seat in range(players):
            out.append(
                {
                    "game": game,
                    "players": players,
                    "game_index": g,
                    "seat": seat,
                    "score": int(scores[g, seat]),
                    "rank": int(rank[g, seat]),
                    "won": bool(rank[g, seat] == 1),
                    "return": float(returns[g, seat]),
                    "decisions": result["decisions_per_game"],
                    "seat_decisions": result["decisions_per_game"] // players,
                    "rounds": players,
                    "fear_per_round": fear[g, seat].tolist(),
                    "tricks_per_round": tricks[g, seat].tolist(),
                    "tricks_won": int(tricks[g, seat].sum()),
                    "rounds_ruined": int((tricks[g, seat] == 0).sum()),
                    "hands": None,  # no card is followed here: the simulator's card columns
                    "trick_cards": None,
                }
            )
    return out


# -- search: many playouts from the object engine's states, advanced together ---------------

_M14 = np.uint64(0x3FFF)


def _position(bit: int) -> int:
    """The position here of a card bit of the object engine (16 bits a suit, zeros at 64)."""
    p = bit.bit_length() - 1
    return 56 + p - 64 if p >= 64 else 14 * (p // 16) + p % 16


def from_states(states: Sequence[Any], rng: np.random.Generator) -> Batch:
    """A batch holding copies of Fearless positions or object-engine states (one player count)."""
    positions = [s if type(s) is Position else Position.of_state(s) for s in states]
    n = len(positions)
    players = positions[0].players
    batch = Batch(players, n, rng)
    hands: list[int] = []
    ghosts: list[int] = []
    ruin: list[bool] = []
    fear: list[int] = []
    rows: list[tuple[int, ...]] = []
    decks = []
    for p in positions:
        hands += p.hands
        for ghost in p.ghosts:
            ghosts.append(ghost or 0)
            ruin.append(ghost is None)
        fear += p.fear
        rows.append(
            (
                p.current_player or 0,
                p.count,
                p.led,
                p.best_value,
                p.best_seat,
                p.trick_value,
                p.round,
                p.trick_number,
                p.is_over,
                p.first_leader,
            )
        )
        decks.append(p.deck)
    batch.hands = np.array(hands, np.uint64)
    batch.ghosts = np.array(ghosts, np.int64)
    batch.ruin = np.array(ruin, bool)
    batch.fear = np.array(fear, np.int64).reshape(n, players)
    batch.deck = np.array(decks, np.uint64)
    columns = np.array(rows, np.int64).T
    batch.current, batch.count, batch.led, batch.best_value, batch.best_seat = columns[:5]
    batch.trick_value, batch.round, batch.trick_number = columns[5:8]
    batch.over = columns[8].astype(bool)
    batch.first_leader = columns[9]
    return batch


def playouts(
    states: Sequence[Any], depth: int | None, seed: int, margin: float = 0.0
) -> npt.NDArray[np.float64]:
    """Random playouts from object-engine Fearless states, advanced together; rewards a seat.

    Each playout stops after ``depth`` decisions (``None``: at the end of the game) or at
    the end of the game; a finished game scores ``returns()`` blended ``margin`` of the way
    with each seat's standing by fear, an unfinished one the heuristic's estimate (see
    ``Batch.estimate``), as ``parlour.bots.ismcts`` scores its own playouts.
    """
    batch = from_states(states, np.random.default_rng(seed))
    total = batch.players * batch.hand_size * batch.players
    left = max(total - s.move_number for s in states)
    for _ in range(left if depth is None else min(depth, left)):
        batch.step()
    rewards = batch.estimate()
    if margin > 0.0:
        fear = batch.fear
        high = fear.max(axis=1, keepdims=True)
        low = fear.min(axis=1, keepdims=True)
        spread = np.maximum(high - low, 1)
        standing = np.where(high > low, (high - fear) / spread, batch.returns())
        shaped = (1.0 - margin) * batch.returns() + margin * standing
        rewards = np.where(batch.over[:, None], shaped, rewards)
    return rewards


def determinizations(state: Any, seat: int, count: int, seed: int, tries: int = 16) -> list[Any]:
    """``count`` determinizations of an object-engine Fearless state for ``seat``, dealt together.

    Like ``state.determinize(seat, s)``: the seat keeps its hand, everything played stays,
    the unseen cards go to the other seats in their hand sizes and never into a suit a seat
    has shown it lacks, and later rounds are dealt from new seeds. The deals are drawn
    uniformly and rejected while they break a void, ``tries`` times for all rows together;
    rows still unlucky then come from ``state.determinize``, which always finds a deal.
    They are returned as ``Position`` objects, for a search's tree walk and playouts.
    """
    rng = np.random.default_rng(seed)
    players = state.players
    table = state.table
    in_hands = 0
    for hand in state.hands:
        in_hands |= hand
    # Which physical copy of a twin is where is invisible: only the counts may matter.
    played, own = canonical(table, table.deck & ~in_hands, state.hands[seat])
    unknown = table.deck & ~played & ~own
    cards = np.array([1 << _position(c) for c in table.cards if c & unknown], np.uint64)
    sizes = [0 if p == seat else state.hands[p].bit_count() for p in range(players)]
    voids = np.array([_void_bits(state.voids >> (4 * p) & 15) for p in range(players)], np.uint64)
    hands = np.zeros((count, players), np.uint64)
    todo = np.arange(count)
    for _ in range(tries):
        order = rng.random((todo.size, cards.size)).argsort(axis=1)
        dealt = cards[order]
        start = 0
        for p, size in enumerate(sizes):
            hands[todo, p] = np.bitwise_or.reduce(dealt[:, start : start + size], axis=1)
            start += size
        broken = ((hands[todo] & voids) != 0).any(axis=1)
        todo = todo[broken]
        if not todo.size:
            break
    chances = rng.integers(0, 1 << 63, count).tolist()
    rows = hands.tolist()
    for i in todo.tolist():
        rows[i] = [_to_position_layout(h) for h in state.determinize(seat, chances[i]).hands]
    root = Position.of_state(state)
    mine = _to_position_layout(own)
    out = []
    for row, chance in zip(rows, chances, strict=True):
        row[seat] = mine
        out.append(root.dealt(row, chance))
    return out


def _to_position_layout(hand: int) -> int:
    """An object-engine hand (16 bits a suit, zeros at 64) in this module's layout."""
    return (
        (hand & 0x3FFF)
        | (hand >> 2) & (0x3FFF << 14)
        | (hand >> 4) & (0x3FFF << 28)
        | (hand >> 6) & (0x3FFF << 42)
        | (hand >> 64) << 56
    )


class Card:
    """A ``play`` action of a ``Position``: its text, bit, value and suit (``NO_SUIT``: zero)."""

    __slots__ = ("bit", "suit", "text", "value")

    def __init__(self, position: int) -> None:
        self.text = f"play {card_text(position)}"
        self.bit = 1 << position
        self.value = int(_VALUE[position])
        self.suit = int(_SUIT[position])


_CARDS = [Card(p) for p in range(60)]
_SUIT_BITS = [0x3FFF << (14 * s) for s in range(4)]
_ZERO_BITS = 0xF << 56
_TWINS = int(_TWIN_LOW)
_LEGAL: dict[int, list[Card]] = {}  # legal sets by their bit set, built on first use


class Position:
    """A Fearless game in plain ints, for a search's tree walk: the object engine's rules
    without events, checks or history (the replay test pins them to the same plays).

    It offers what ISMCTS reads of a state (``is_over``, ``current_player``,
    ``legal_actions``, ``apply``, ``move_number``) and becomes a batch row in ``playouts``.
    """

    __slots__ = (
        "best_seat",
        "best_value",
        "count",
        "current_player",
        "deck",
        "fear",
        "first_leader",
        "ghosts",
        "hand_size",
        "hands",
        "is_over",
        "led",
        "move_number",
        "players",
        "rng",
        "round",
        "trick_number",
        "trick_value",
    )

    players: int
    hand_size: int
    deck: tuple[int, ...]
    first_leader: int
    hands: list[int]
    current_player: int | None
    is_over: bool
    move_number: int
    count: int
    led: int
    best_value: int
    best_seat: int
    trick_value: int
    ghosts: list[int | None]
    fear: list[int]
    round: int
    trick_number: int
    rng: Rng

    @classmethod
    def of_state(cls, state: Any) -> Position:
        """The position of an object-engine state (hands included; no generator yet)."""
        p = _shared_fields(state)
        p.hand_size = state.table.hand_size
        p.deck = tuple(1 << _position(c) for c in state.table.cards)
        p.first_leader = state.table.first_leader
        p.hands = [_to_position_layout(h) for h in state.hands]
        p.count = len(state.trick)
        p.led = NO_SUIT if state.led < 0 else state.led
        # The object engine leaves the last trick's best card until the next lead.
        p.best_value = state.best_value if state.trick else _NO_CARD
        return p

    def dealt(self, hands: list[int], chance: int) -> Position:
        """A copy holding ``hands``, its later rounds dealt from a generator at ``chance``."""
        p = _shared_fields(self)
        p.hand_size = self.hand_size
        p.deck = self.deck
        p.first_leader = self.first_leader
        p.hands = hands
        p.count = self.count
        p.led = self.led
        p.best_value = self.best_value
        p.rng = Rng.__new__(Rng)
        p.rng.state = chance
        return p

    def legal_actions(self) -> list[Card]:
        """The distinct cards the player to move may play, as the object engine says."""
        if self.is_over:
            return []
        hand = self.hands[self.current_player]  # type: ignore[index]
        led = self.led
        if led != NO_SUIT and hand & _SUIT_BITS[led]:
            hand &= _SUIT_BITS[led] | _ZERO_BITS
        hand &= ~((hand & _TWINS) << 1)
        zeros = hand & _ZERO_BITS
        if zeros:
            hand ^= zeros ^ (zeros & -zeros)
        cards = _LEGAL.get(hand)
        if cards is None:
            if len(_LEGAL) > 1 << 16:
                _LEGAL.clear()
            cards = []
            rest = hand
            while rest:
                low = rest & -rest
                cards.append(_CARDS[low.bit_length() - 1])
                rest ^= low
            _LEGAL[hand] = cards
        return cards

    def apply(self, card: Card) -> None:
        """Play a legal card (unchecked): the trick, the ghosts, maybe the round move on."""
        seat: int = self.current_player  # type: ignore[assignment]
        self.hands[seat] ^= card.bit
        value = card.value
        suit = card.suit
        led = self.led
        if led == NO_SUIT:
            self.led = suit
            follows = True
        else:
            follows = suit in (NO_SUIT, led)
        if follows and value > self.best_value:
            self.best_value = value
            self.best_seat = seat
        self.trick_value += value
        self.move_number += 1
        self.count += 1
        if self.count < self.players:
            self.current_player = seat + 1 if seat + 1 < self.players else 0
            return
        winner = self.best_seat
        ghost = self.ghosts[winner]
        self.ghosts[winner] = self.trick_value if ghost is None else ghost + self.trick_value
        self.count = self.trick_value = 0
        self.led = NO_SUIT
        self.best_value = _NO_CARD
        self.current_player = winner
        self.trick_number += 1
        if self.trick_number < self.hand_size:
            return
        for p, ghost in enumerate(self.ghosts):
            self.fear[p] += RUIN_FEAR if ghost is None else abs(ghost)
        self.round += 1
        if self.round == self.players:
            self.is_over = True
            self.current_player = None
            return
        cards = list(self.deck)
        self.rng.shuffle(cards)
        size = self.hand_size
        self.hands = [sum(cards[i * size : (i + 1) * size]) for i in range(self.players)]
        self.ghosts = [None] * self.players
        self.trick_number = 0
        self.current_player = (self.first_leader + self.round) % self.players


def _shared_fields(source: Any) -> Position:
    """A new position holding the fields a position and an object-engine state share, and
    name alike, copied from ``source`` (either)."""
    p = Position.__new__(Position)
    p.players = source.players
    p.current_player = source.current_player
    p.is_over = source.is_over
    p.move_number = source.move_number
    p.best_seat = source.best_seat
    p.trick_value = source.trick_value
    p.ghosts = source.ghosts[:]
    p.fear = source.fear[:]
    p.round = source.round
    p.trick_number = source.trick_number
    return p


def _void_bits(flags: int) -> int:
    """The cards (this layout) of the suits whose flags are set."""
    return sum(0x3FFF << (14 * s) for s in range(4) if flags >> s & 1)
