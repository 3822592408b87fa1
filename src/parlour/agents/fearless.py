"""Fearless for an agent: a seat's view in plain English (the rules are the game's guide)."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..core.views import seat_name
from ..games.fearless.cards import SUITS, parse_card
from ..games.fearless.scoring import RUIN_FEAR
from ..games.fearless.views import FearlessView
from .text import game_over

__all__ = ["describe", "normalise"]

View = Mapping[str, Any]

RUIN = f"on the ruin ({RUIN_FEAR} fear if it stays there)"


def _signed(value: int) -> str:
    return "0" if value == 0 else f"{value:+d}"


def _by_suit(cards: Iterable[str]) -> str:
    """Cards grouped by suit, highest first: ``blue +5 -1; zero``."""
    groups: dict[str, list[int]] = {}
    zeros = 0
    for card in cards:
        suit, value = parse_card(card)
        if suit is None:
            zeros += 1
        else:
            groups.setdefault(suit, []).append(value)
    parts = [
        f"{suit} " + " ".join(f"{v:+d}" for v in sorted(groups[suit], reverse=True))
        for suit in SUITS
        if suit in groups
    ]
    if zeros:
        parts.append("zero" if zeros == 1 else f"{zeros} zeros")
    return "; ".join(parts) or "none"


def describe(view: FearlessView) -> list[str]:
    """The lines that say what the view's seat sees at a Fearless table."""
    players = int(view["players"])
    seat = view.get("seat")
    lines = []
    if view["is_over"]:
        lines.append(game_over(view, f"{view.get('rounds', players)} rounds"))
    else:
        lines.append(
            f"Round {view['round']} of {view.get('rounds', players)}, trick "
            f"{view['trick_number']} of {view.get('tricks_per_round', '?')}."
        )
    lines.append(
        "Fear points from finished rounds (fewest wins): "
        + ", ".join(f"{seat_name(s, view)} {v}" for s, v in enumerate(view["scores"]))
        + "."
    )
    ghosts = []
    for s, position in enumerate(view["ghosts"]):
        where = RUIN if position is None else f"at {_signed(position)}"
        ghosts.append(f"{seat_name(s, view)} {where}")
    lines.append("Ghosts: " + "; ".join(ghosts) + ".")
    if view["is_over"]:
        return lines
    lines.append(
        "Cards in hand: "
        + ", ".join(f"{seat_name(s, view)} {n}" for s, n in enumerate(view["hand_counts"]))
        + "."
    )
    if view["trick"]:
        played = ", ".join(f"{seat_name(s, view)} {card}" for s, card in view["trick"])
        led = view["led_suit"] or "not set yet (only zeros so far)"
        lines.append(
            f"This trick so far: {played}; led suit {led}; worth {_signed(view['trick_value'])}."
        )
    else:
        leader = view.get("leader", view["current_player"])
        lines.append(f"The trick is empty: {seat_name(leader, view)} leads.")
    won: dict[int, list[int]] = {}
    for trick in view.get("tricks", []):
        won.setdefault(trick["winner"], []).append(trick["value"])
    if won:
        taken = [
            f"{seat_name(s, view)} {len(values)} (worth {', '.join(_signed(v) for v in values)})"
            for s, values in sorted(won.items())
        ]
        lines.append("Tricks won this round: " + "; ".join(taken) + ".")
    if view.get("played"):
        lines.append("Played earlier this round: " + _by_suit(view["played"]) + ".")
    voids = [
        f"{seat_name(s, view)} has no {' or '.join(suits)}"
        for s, suits in enumerate(view.get("voids", []))
        if suits and s != seat
    ]
    if voids:
        lines.append("Known to be out of a suit: " + "; ".join(voids) + ".")
    if view.get("removed"):
        lines.append("Out of the game (not dealt): " + _by_suit(view["removed"]) + ".")
    if "hand" in view:
        # The hand by its cards' own texts, as the actions name them, highest first by suit.
        order = {suit: index for index, suit in enumerate(SUITS)}
        cards = sorted(
            view["hand"],
            key=lambda card: (
                order.get(parse_card(card)[0] or "", len(SUITS)),
                -parse_card(card)[1],
            ),
        )
        lines.append(f"Your hand ({len(cards)} cards): {', '.join(cards) or 'empty'}.")
    return lines


_SPACED = re.compile(r"\b(" + "|".join(SUITS) + r")\s+([+-])\s*(\d)\b")


def normalise(text: str) -> str:
    """Common ways of writing a card made canonical: ``green +2`` becomes ``green+2``."""
    return _SPACED.sub(r"\1\2\3", text)
