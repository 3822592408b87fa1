"""How to play Fearless, once for every reader (table pages, agents): the guide and a
sentence a phase, every number and suit taken from the rules' constants; and the public data a
table page draws the scare track with."""

from __future__ import annotations

from typing import Any

from ...core.guide import Guide, Section
from .cards import SUITS, VALUES
from .scoring import RUIN_FEAR

__all__ = ["GUIDE", "catalogue"]

_HIGH, _LOW = max(VALUES), min(VALUES)
_LOWEST_PLUS, _HIGHEST_MINUS = min(v for v in VALUES if v > 0), max(v for v in VALUES if v < 0)

GUIDE = Guide(
    sections=(
        Section(
            "Goal",
            "Collect as little fear as you can: after the last round the player with the "
            "FEWEST fear points wins (ties share the win). There are as many rounds as "
            "players, and every card in hand is played each round.",
            region="seats",
        ),
        Section(
            "Cards",
            f"Four suits ({', '.join(SUITS)}), each {_HIGH:+d} to {_LOWEST_PLUS:+d} and "
            f"{_HIGHEST_MINUS:+d} to {_LOW:+d}, and four-colour zeros.",
            region="hand",
        ),
        Section(
            "A trick",
            "The leader plays any card. The others must follow the led suit if they can, but "
            "a zero may always be played and always counts as following; a zero led leaves "
            "the suit to be set by the next suit card. A player without the led suit plays "
            f"anything. The highest card of the led suit wins ({_HIGH:+d} high, then down "
            f"through {_LOWEST_PLUS:+d}, 0, {_HIGHEST_MINUS:+d} to {_LOW:+d} low); among "
            "equal cards the first played wins. The winner leads the next trick.",
            region="trick",
        ),
        Section(
            "Where a zero ranks",
            f"A zero ranks between {_LOWEST_PLUS:+d} and {_HIGHEST_MINUS:+d}: it beats every "
            "minus card of the led suit and loses to every plus card of it. A trick of zeros "
            "only goes to the first zero played.",
            region="trick",
        ),
        Section(
            "The scare track",
            "A trick is worth the sum of its cards. The winner's ghost moves by that value, "
            "from the ruin onto the track on its first trick won, then back and forth.",
            region="track",
        ),
        Section(
            "Scoring",
            "At the end of a round each player takes fear equal to their ghost's distance "
            f"from 0, or {RUIN_FEAR} if it never left the ruin (it won no trick). So win at "
            "least one trick, and try to end each round near 0.",
            region="track",
        ),
    ),
    notation=f"A card is written suit and signed value: {SUITS[-1]}+2, {SUITS[0]}-5; the "
    "zero is zero. Play one with play <card>.",
    phases={
        "lead": "You lead this trick: any card may be played.",
        "follow": "Follow the led suit if you can; a zero always follows. If you cannot, "
        "play anything.",
        "wait": "The others play to the trick; the highest card of the led suit takes it.",
    },
    regions={
        "seats": "the players and their fear",
        "hand": "your hand",
        "trick": "the trick",
        "track": "the scare track",
    },
)


def catalogue() -> dict[str, Any]:
    """The public data a table page draws the scare track with: the ruin's words and fear."""
    # The fear is how far the track is drawn.
    return {"ruin": {"text": f"On the ruin ({RUIN_FEAR} fear if they stay):", "fear": RUIN_FEAR}}
