"""How to play Fool's Blade, for the table pages: the guide and a sentence a phase (the cards
of a table come with their texts from the table itself)."""

from __future__ import annotations

from typing import Any

__all__ = ["catalogue"]


def catalogue() -> dict[str, Any]:
    """The public data a table page needs: cards with their texts where the game has fixed
    cards, the How-to-play guide and a sentence for each phase."""
    return {
        "how_to_play": [
            {
                "heading": "Goal",
                "text": "Craft a weapon from four parts (blade, guard, handle, pommel), hunt "
                "monsters and collect treasure. When a turn ends with the Loot deck empty, "
                "the highest score wins.",
            },
            {
                "heading": "Your turn",
                "text": "1. Tavern: draw a Tavern card; anyone may play Tavern cards now. "
                "2. Assembly: equip weapon parts and gear from your hand. 3. Go somewhere: the "
                "Forge (take a part), a Quest (draw Quest cards), or hunt in the forest, "
                "cavern or dungeon and fight the monster you meet. 4. Discard down to your "
                "hand limit.",
            },
            {
                "heading": "Combat",
                "text": "Your strength is your parts' strength, doubled against the element each "
                "beats and zero against the one that beats it: Water beats Fire, Fire beats "
                "Plant, Plant beats Water. Beat the monster's strength to win it for your "
                "stash; lose and its Lose effect hits you.",
            },
            {
                "heading": "Scoring",
                "text": "The strength of your assembled parts, plus the value of the monsters "
                "and treasures in your stash.",
            },
            {
                "heading": "Bosses",
                "text": "An Approach card gathers a Boss: from the next turn each turn fights one "
                "of its Boss cards, and the Boss wins ties.",
            },
        ],
        "phases": {
            "class": "Choose your class: each gives a lasting power for the whole game.",
            "tavern": "The Tavern: you may play a Tavern card now, or pass.",
            "assembly": "Equip weapon parts and gear, then choose where to go: forge, quest or "
            "hunt.",
            "forge": "At the Forge: take one of the parts shown (or reforge one of yours).",
            "combat": "A fight: cards and abilities may still change the strengths; then the "
            "higher strength wins.",
            "end": "The turn ends: discard down to your hand limit.",
            "wait": "Another player's turn; you may answer in the windows when asked.",
        },
    }
