"""Fearless for an agent: the rules in brief and a seat's view in plain English."""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from typing import Any

from ..core.views import seat_name
from ..games.fearless import GAME
from ..games.fearless.cards import SUITS, VALUES, parse_card
from ..games.fearless.scoring import RUIN_FEAR
from ..games.fearless.views import FearlessView
from .text import game_over

__all__ = ["RULES", "describe", "normalise"]

View = Mapping[str, Any]

_HIGH, _LOW = max(VALUES), min(VALUES)
_LOWEST_PLUS, _HIGHEST_MINUS = min(v for v in VALUES if v > 0), max(v for v in VALUES if v < 0)

# The rules in brief; the numbers and suits are the game's own.
RULES = f"""\
Fearless is a trick-taking game for {GAME.min_players} to {GAME.max_players} players; the \
player with the FEWEST fear points after all rounds wins (ties share the win). There are as \
many rounds as players and every card in hand is played each round.
Cards: four suits ({", ".join(SUITS)}), each {_HIGH:+d} to {_LOWEST_PLUS:+d} and \
{_HIGHEST_MINUS:+d} to {_LOW:+d}, and four-colour zeros. A card is written suit and signed \
value: {SUITS[-1]}+2, {SUITS[0]}-5; the zero is zero.
Tricks: the leader plays any card. The others must follow the led suit if they can, but a \
zero may always be played and always counts as following; a zero led leaves the suit to be \
set by the next suit card. A player without the led suit plays anything. The highest card of \
the led suit wins ({_HIGH:+d} high, then down through {_LOWEST_PLUS:+d}, 0, \
{_HIGHEST_MINUS:+d} to {_LOW:+d} low); among equal cards the first played wins.
Scare track: the trick's value is the sum of all its cards. The winner's ghost moves by that \
value, from the ruin onto the track on its first trick won, then back and forth.
Scoring: at the end of a round each seat scores fear equal to its ghost's distance from 0, or \
{RUIN_FEAR} if the ghost never left the ruin (it won no trick). So win at least one trick, \
and try to end each round near 0."""

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
        where = (
            "on the ruin (15 fear if it stays there)"
            if position is None
            else f"at {_signed(position)}"
        )
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
