"""What a seat may know (``view``) and the states it cannot tell apart (``determinize``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ...core import Rng
from ...core.game import Chain, unchain
from ...core.views import CommonView
from .cards import SUIT_MASK, SUITS, card_texts
from .dealing import canonical, deal_consistent
from .scoring import fear_parts

if TYPE_CHECKING:
    from .state import FearlessState

__all__ = ["FearlessView", "TrickView", "determinize", "view", "views"]


class TrickView(TypedDict):
    """A trick of this round, done: its cards as ``[seat, card]`` in play order."""

    cards: list[list[Any]]
    winner: int
    value: int


class FearlessView(CommonView):
    """``view(seat)`` of Fearless: the keys of API.md and the round so far."""

    hand: NotRequired[list[str]]  # the seat's own cards; absent for spectators
    hand_counts: list[int]
    leader: int  # the seat that led the trick in play
    trick: list[list[Any]]  # the trick in play: ``[seat, card]`` in play order
    led_suit: str | None
    trick_value: int
    ghosts: list[int | None]  # per seat: position on the track, None while on the ruin
    round: int  # 1-based
    rounds: int
    trick_number: int  # 1-based
    tricks_per_round: int
    played: list[str]  # cards played earlier this round
    tricks: list[TrickView]
    voids: list[list[str]]  # per seat: the suits it has shown it lacks
    first_leader: int
    removed: list[str]  # cards out of the game (public), by the deck file's rules
    # Once the game is over, per seat: each round's fear points, ``{"round_1": 8, ...}``.
    score_parts: NotRequired[list[dict[str, int]]]


_MASK64 = (1 << 64) - 1
_SEAT_STREAM = 0xD1B54A32D192ED03  # odd, so seats' offsets differ in the low bits too
# A seat's four void flags (one nibble of ``voids``) as the mask of the suits' cards.
_VOID_MASKS = [sum(SUIT_MASK[s] for s in range(4) if flags >> s & 1) for flags in range(16)]
_VOID_NAMES = [tuple(SUITS[s] for s in range(4) if flags >> s & 1) for flags in range(16)]
# The seats in playing order from each leader, for each player count.
_SEAT_ORDERS = {n: [[(lead + i) % n for i in range(n)] for lead in range(n)] for n in (3, 4, 5)}


def view(state: FearlessState, seat: int | None) -> dict[str, Any]:
    """The seat's own hand, other hands as counts, the trick, the track, the round so far
    (its done tricks' lists are shared by the views of the round: read them, never change
    them)."""
    out = state.common_view(seat)
    if seat is not None:
        out["hand"] = card_texts(state.hands[seat])
    out.update(_table_view(state))
    return out


def views(state: FearlessState, seats: Sequence[int | None]) -> list[dict[str, Any]]:
    """``view`` of each of ``seats``, the table's part (all but the seat's own keys and
    hand) built once and shared by them."""
    table = _table_view(state)
    out = []
    for seat in seats:
        one = state.common_view(seat)
        if seat is not None:
            one["hand"] = card_texts(state.hands[seat])
        one.update(table)
        out.append(one)
    return out


def _table_view(state: FearlessState) -> dict[str, Any]:
    """What every seat's view shows alike: the hands' counts, the trick, the track, the
    round so far, in their order in a view (each list its own, but the done tricks)."""
    players = state.players
    table = state.table
    # Search reads a spectator's view after every playout, so the pieces are built in
    # single passes with the seat orders and void names looked up, not recomputed, and
    # in plain loops: on Python 3.11 a comprehension costs a function call.
    orders = _SEAT_ORDERS[players]
    tricks, played = _round_so_far(state.tricks, orders)
    trick = []
    for s, play in zip(orders[state.leader], state.trick, strict=False):
        trick.append([s, play.card])
    voids = state.voids
    void_names = []
    for shift in range(0, 4 * players, 4):
        void_names.append(list(_VOID_NAMES[voids >> shift & 15]))
    table_part: dict[str, Any] = {
        "hand_counts": list(map(int.bit_count, state.hands)),
        "leader": state.leader,
        "trick": trick,
        "led_suit": SUITS[state.led] if state.led >= 0 else None,
        "trick_value": state.trick_value,
        "ghosts": state.ghosts[:],
        "round": state.round + 1,
        "rounds": players,
        "trick_number": min(state.trick_number + 1, table.hand_size),
        "tricks_per_round": table.hand_size,
        "played": played[:],
        "tricks": tricks[:],
        "voids": void_names,
        "first_leader": table.first_leader,
        "removed": list(table.removed),
    }
    if state.is_over:
        # Only the final table reads them; search reads views in its playouts.
        table_part["score_parts"] = fear_parts(state.fear_by_round, players)
    return table_part


# The rounds' done tricks as last built, by the id of the chain they were built from (its
# cells never change, so the same chain means the same tricks; the entry keeps the chain, so
# its id is not reused while it is there), at most ``_KEPT``, the oldest dropped first. A move
# sends every seat its view, and most moves leave a table's chain as it was or add one trick
# to it; a server moves many tables in turn, so the last one built is seldom the table's.
_KEPT = 1024
_built: dict[int, tuple[Chain, list[dict[str, Any]], list[str]]] = {}


def _round_so_far(chain: Chain, orders: list[list[int]]) -> tuple[list[dict[str, Any]], list[str]]:
    """The done tricks of ``chain`` as views show them and the cards played in them, built
    on those built before where they are of the same chain or one trick shorter; the lists
    are ``_built``'s own (each view copies them; the tricks in them are shared by the
    views)."""
    built = _built.get(id(chain))
    if built is not None and built[0] is chain:
        return built[1], built[2]
    shorter = None if chain is None else _built.get(id(chain[1]))
    if chain is not None and shorter is not None and shorter[0] is chain[1]:
        done, tricks, played = [chain[0]], shorter[1][:], shorter[2][:]
    else:
        done, tricks, played = unchain(chain), [], []
    for lead, cards, winner, value in done:
        shown = []
        for s, play in zip(orders[lead], cards, strict=False):
            card = play.card
            played.append(card)
            shown.append([s, card])
        tricks.append({"cards": shown, "winner": winner, "value": value})
    if len(_built) >= _KEPT:
        del _built[next(iter(_built))]
    _built[id(chain)] = (chain, tricks, played)
    return tricks, played


def determinize(state: FearlessState, seat: int | None, seed: int) -> FearlessState:
    """Redeal the cards ``seat`` has not seen to the other hands, respecting shown voids."""
    other = state.clone()
    other._become_determinized(seed, {"first_leader": state.table.first_leader, "hands": None})
    # derive_seed would cost a tenth of a search iteration; one SplitMix step from the
    # seed offset by the seat gives each seat its own stream for a fraction of that.
    rng = Rng.__new__(Rng)
    rng.state = (seed + _SEAT_STREAM * (1 if seat is None else seat + 2)) & _MASK64
    rng.state = rng.next64()
    if not state.is_over:
        own = 0 if seat is None else state.hands[seat]
        in_hands = 0
        for hand in state.hands:
            in_hands |= hand
        played, own = canonical(state.table, state.table.deck & ~in_hands, own)
        unknown = state.table.deck & ~played & ~own
        voids = state.voids
        void_masks = [_VOID_MASKS[voids >> (4 * p) & 15] for p in range(state.players)]
        counts = list(map(int.bit_count, state.hands))
        if seat is not None:
            counts[seat] = 0
        cards = [c for c in state.table.cards if c & unknown]
        other.hands = deal_consistent(cards, counts, void_masks, rng)
        if seat is not None:
            other.hands[seat] = own
    other.chance = rng.state
    return other
