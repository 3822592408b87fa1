"""The public card data a table page draws Citadels with (districts and characters with their
rules texts) and How to play, for players."""

from __future__ import annotations

from typing import Any

from .cards import CHARACTERS, DISTRICTS

__all__ = ["catalogue"]


def catalogue() -> dict[str, Any]:
    """The public data a table page needs: cards with their texts where the game has fixed
    cards, the How-to-play guide and a sentence for each phase."""
    return {
        "districts": {
            d.slug: {
                "name": d.name,
                "colour": d.colour,
                "cost": d.cost,
                "points": d.points,
                "text": d.text,
            }
            for d in DISTRICTS
        },
        "characters": {
            c.slug: {"name": c.name, "rank": c.rank, "colour": c.colour, "text": c.text}
            for c in CHARACTERS
        },
        "how_to_play": [
            {
                "heading": "Goal",
                "text": "Build the most valuable city. The game ends after the round in which "
                "someone completes their 8th district; then the highest score wins.",
            },
            {
                "heading": "1. The draft",
                "text": "Each round starts with everyone secretly picking a character, from the "
                "crown holder on. Some characters are set aside face up or face down.",
            },
            {
                "heading": "2. The turns",
                "text": "Characters are called by rank, 1 to 8; whoever holds one takes a turn. "
                "First take 2 gold or draw 2 districts and keep 1. Then build one district "
                "by paying its cost, use your character's ability (tap a character to read "
                "it) and collect income: 1 gold per district of your character's colour.",
            },
            {
                "heading": "Watch out",
                "text": "The Assassin can murder a character (it loses its turn), the Thief can "
                "rob one (takes its gold), the Warlord can destroy a district. You never know "
                "who holds which character until it is called.",
            },
            {
                "heading": "Scoring",
                "text": "Each district scores its cost. +3 for districts of all five colours, +4 "
                "for the first city of 8 districts, +2 for other cities of 8.",
            },
        ],
        "phases": {
            "draft": "Pick a character for this round; its rank decides when you play.",
            "resource": "Start your turn: take 2 gold or draw 2 districts and keep 1.",
            "keep": "Keep one of the districts you drew; the other goes back.",
            "main": "Build a district, use your character's ability, collect income, then end "
            "your turn.",
            "redraw": "Put away the cards you want to replace, then say done to draw as many.",
            "rescue": "A district of yours was destroyed: pay 1 gold to take it back to your "
            "hand, or let it go.",
            "wait": "Characters are called by rank; the player holding each one takes a turn.",
        },
    }
