"""Fearless's own invariants: every card in exactly one hand or trick, voids kept, and the
tricks, ghosts and fear totals recomputed from the public log by the rulebook."""

from __future__ import annotations

from typing import Any

from parlour.core import Rng, State
from parlour.core.game import unchain
from parlour.games.fearless.cards import (
    CARD_MASK,
    HAND_SIZE,
    SUIT_MASK,
    SUITS,
    card_texts,
    deck_bits,
    parse_card,
)
from parlour.games.fearless.scoring import RUIN_FEAR
from parlour.games.fearless.state import FearlessState

from .invariants import Pick, is_determinized, public_log

CACHES: tuple[str, ...] = ()


def options(pick: Pick, players: int) -> dict[str, Any]:
    """Options a game may be played with: the deal at random, or fixed for the first round
    or for every round, and any first leader."""
    out: dict[str, Any] = {}
    if pick([False, True]):
        out["first_leader"] = pick(range(players))
    how = pick(["shuffled", "shuffled", "hands", "deals"])
    if how == "shuffled":
        return out
    deck = card_texts(deck_bits(players, pick(range(len(SUITS)))))
    rng = Rng(pick(range(1 << 16)))
    size = HAND_SIZE[players]
    deals = []
    for _ in range(players if how == "deals" else 1):
        rng.shuffle(deck)
        deals.append([deck[seat * size : (seat + 1) * size] for seat in range(players)])
    if how == "deals":
        out["deals"] = deals
    else:
        out["hands"] = deals[0]
    return out


# Per nibble of ``voids`` (a seat's four void flags), the cards of the suits it lacks.
VOID_CARDS = tuple(
    sum(SUIT_MASK[suit] for suit in range(len(SUITS)) if flags >> suit & 1) for flags in range(16)
)
VALUE = {card: parse_card(card)[1] for card in CARD_MASK}


def cheap(state: State) -> None:
    """Hands and the round's tricks hold the deck exactly once; no seat holds a suit it
    showed it lacks; the trick's value is its cards' sum; fear never negative."""
    assert isinstance(state, FearlessState)
    table = state.table
    voids = state.voids
    held = 0
    for seat, hand in enumerate(state.hands):
        assert not held & hand, "a card is in two hands"
        assert not hand & VOID_CARDS[voids >> 4 * seat & 15], f"seat {seat} holds a suit it lacked"
        held |= hand
    assert not held & ~table.deck, "a hand holds a card out of play"
    # Once the game is over the last trick stays on show, and is among the tricks too.
    played = 0 if state.is_over else len(state.trick)
    chain = state.tricks
    while chain is not None:
        played += len(chain[0][1])
        chain = chain[1]
    assert held.bit_count() + played == len(table.cards), "cards appeared or vanished"
    assert state.trick_value == sum([play.value for play in state.trick])
    assert min(state.fear) >= 0, "negative fear"


def full(state: State) -> None:
    """The cards as texts are the deck; and the public log, read by the rulebook, gives
    every trick's winner and value, the ghosts, each round's fear and the scores."""
    assert isinstance(state, FearlessState)
    cards = [card for hand in state.hands for card in card_texts(hand)]
    for _, plays, _, _ in unchain(state.tricks):
        cards += [play.card for play in plays]
    if not state.is_over:
        cards += [play.card for play in state.trick]
    assert sorted(cards) == sorted(card_texts(state.table.deck)), "the cards are not the deck"
    if is_determinized(state):  # a determinization keeps no log to recompute from
        return
    players = state.players
    ghosts: list[int | None] = [None] * players
    totals = [0] * players
    trick: list[tuple[int, str]] = []
    value = 0
    for kind, data in public_log(state):
        if kind == "play":
            trick.append((data["seat"], data["card"]))
            value += VALUE[data["card"]]
            assert data["trick_value"] == value, "a trick's value is not its cards' sum"
        elif kind == "trick":
            assert data["seat"] == trick_winner(trick), f"the wrong seat won {trick}"
            assert data["value"] == value
            value = 0
            seat = data["seat"]
            ghosts[seat] = (ghosts[seat] or 0) + data["value"]
            assert data["position"] == ghosts[seat]
            trick = []
        elif kind == "round":
            fear = [RUIN_FEAR if ghost is None else abs(ghost) for ghost in ghosts]
            assert data["fear"] == fear, "a round's fear is not the ghosts' distance from 0"
            totals = [t + f for t, f in zip(totals, fear, strict=True)]
            assert data["totals"] == totals
            if data["round"] < players:
                ghosts = [None] * players
    view = state.view(None)
    assert view["ghosts"] == ghosts, "the ghosts are not where the tricks won put them"
    assert view["scores"] == totals, "the scores are not the rounds' fear points"
    if not view["is_over"]:
        assert [[s, c] for s, c in trick] == view["trick"], "the trick is not the cards played"
    if view["is_over"]:
        assert sum(t["value"] for t in view["tricks"]) == 0, "a round's tricks do not sum to 0"
        low = min(totals)
        assert state.winners() == [s for s, t in enumerate(totals) if t == low]


def trick_winner(trick: list[tuple[int, str]]) -> int:
    """The rulebook's winner: the highest card of the led suit (the first non-zero card's),
    zeros following; the first played of equal cards."""
    led = next((parse_card(card)[0] for _, card in trick if card != "zero"), None)
    best_seat, best = trick[0][0], None
    for seat, card in trick:
        suit, value = parse_card(card)
        if (suit is None or suit == led) and (best is None or value > best):
            best_seat, best = seat, value
    return best_seat
