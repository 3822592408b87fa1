"""The public card data a table page draws cards with: names, costs, colours, rules texts, and
each game's "How to play" for players, by game.

The texts live here, server-side, so the browser never carries its own copy of a rule: card
texts come from the games' card files, the numbers in the guides from the games' constants.
"""

from __future__ import annotations

from typing import Any

__all__ = ["catalogue", "table_cards"]


def _fearless() -> dict[str, Any]:
    from ..games.fearless.cards import SUITS, VALUES
    from ..games.fearless.scoring import RUIN_FEAR

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
        "phases": {
            "lead": "You lead this trick: any card may be played.",
            "follow": "Follow the led suit if you can; a zero always follows. If you cannot, "
            "play anything.",
            "wait": "The others play to the trick; the highest card of the led suit takes it.",
        },
    }


def _citadels() -> dict[str, Any]:
    from ..games.citadels.cards import CHARACTERS, DISTRICTS

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


def _foolsblade() -> dict[str, Any]:
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


def catalogue(game: str) -> dict[str, Any]:
    """Card data and the "How to play" guide for ``game``'s pages (``{}`` for other games)."""
    makers = {"fearless": _fearless, "citadels": _citadels, "foolsblade": _foolsblade}
    maker = makers.get(game)
    return maker() if maker is not None else {}


def table_cards(state: Any) -> dict[str, dict[str, Any]] | None:
    """Every card of a table whose game loads its cards per table (Fool's Blade), by id, with
    its rules text; ``None`` for games whose cards are all in :func:`catalogue`."""
    cards = getattr(getattr(state, "tb", None), "cards", None)
    if cards is None:
        return None
    from ..games.foolsblade.cards import card_text

    out: dict[str, dict[str, Any]] = {}
    for card in cards:
        fields = dict(card.model_dump(mode="json", by_alias=True, exclude_none=True))
        fields["text"] = card_text(card)
        out[card.id] = fields
    return out
