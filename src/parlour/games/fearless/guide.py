"""How to play Fearless, for the table pages: the guide and a sentence a phase, with the
numbers taken from the rules' constants."""

from __future__ import annotations

from typing import Any

from .cards import SUITS, VALUES
from .scoring import RUIN_FEAR

__all__ = ["catalogue"]


def catalogue() -> dict[str, Any]:
    """The public data a table page needs: cards with their texts where the game has fixed
    cards, the How-to-play guide, a sentence for each phase and the ruin's words and fear."""
    suits = ", ".join(SUITS)
    return {
        "how_to_play": [
            {
                "heading": "Goal",
                "text": "Collect as little fear as you can. After the last round the player "
                "with the fewest fear points wins.",
            },
            {
                "heading": "A trick",
                "text": f"The leader plays any card. Everyone else must follow the led suit "
                f"({suits}) if they can; a zero may always be played. The highest card of "
                f"the led suit wins (+{max(VALUES)} is highest, -{max(VALUES)} lowest) and "
                "leads the next trick.",
            },
            {
                "heading": "The scare track",
                "text": "A trick is worth the sum of its cards. The winner's ghost leaves the "
                "ruin and moves along the track by that value, up or down.",
            },
            {
                "heading": "Scoring",
                "text": f"When a round's cards are all played, each player takes fear equal to "
                f"how far their ghost stands from 0, or {RUIN_FEAR} if it never left the ruin. "
                "So win at least one trick and try to end near 0.",
            },
            {
                "heading": "The end",
                "text": "There are as many rounds as players; every card is played each round.",
            },
        ],
        # The scare track's ruin: what it says, and its fear (how far the track is drawn).
        "ruin": {"text": f"On the ruin ({RUIN_FEAR} fear if they stay):", "fear": RUIN_FEAR},
        "phases": {
            "lead": "You lead this trick: any card may be played.",
            "follow": "Follow the led suit if you can; a zero always follows. If you cannot, "
            "play anything.",
            "wait": "The others play to the trick; the highest card of the led suit takes it.",
        },
    }
