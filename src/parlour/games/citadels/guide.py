"""How to play Citadels, once for every reader (table pages, agents): the guide and a sentence
a phase, every number and card fact taken from the game's modules; and the public card data a
table page draws with (districts and characters with their rules texts)."""

from __future__ import annotations

from typing import Any

from ...core.guide import Guide, Section, Step
from .cards import CHARACTERS, DISTRICTS
from .scoring import COMPLETE, COMPLETE_BONUS, FIRST_COMPLETE_BONUS, FIVE_COLOURS_BONUS
from .turn import ARCHITECT_BUILDS, CARDS_DRAWN, CARDS_KEPT, GOLD_TAKEN, RESCUE_PRICE

__all__ = ["GUIDE", "catalogue"]


def _ordinal(n: int) -> str:
    return f"{n}{'th' if 10 <= n % 100 < 20 else {1: 'st', 2: 'nd', 3: 'rd'}.get(n % 10, 'th')}"


def _special_points() -> str:
    """The districts that score other than their cost, and what they score."""
    special = [d for d in DISTRICTS if d.points != d.cost and not d.optional]
    points = {d.points for d in special}
    count = f"count {points.pop()}" if len(points) == 1 else "score their points"
    return f"{' and '.join(d.name for d in special)} {count}"


_RESOURCES = f"take {GOLD_TAKEN} gold or draw {CARDS_DRAWN} districts and keep {CARDS_KEPT}"
_PAID = ", ".join(f"{c.name} {c.colour}" for c in CHARACTERS if c.colour)

GUIDE = Guide(
    sections=(
        Section(
            "Goal",
            "Build the most valuable city. When a player completes an "
            f"{_ordinal(COMPLETE)} district the round is played out and the game ends; then "
            "the highest score wins (ties share).",
            region="cities",
        ),
        Section(
            "The draft",
            "Each round starts with a character draft: from the crown holder on, each player "
            "secretly picks a character from the pool passed round. Some characters are set "
            "aside face up or face down, so you never know who holds which character until "
            "it is called.",
            region="characters",
        ),
        Section(
            "Two characters each (2 or 3 players)",
            "With 2 or 3 players the draft goes round twice, so each player holds two "
            "characters and takes two separate turns, each when its character is called, "
            "sharing one purse, one hand and one city.",
            region="characters",
        ),
        Section(
            "The crown",
            "The crown holder picks first in the next draft. Whoever holds the King takes the "
            "crown when the King is called (a murdered King's holder takes it at the end of the "
            "round); if nobody chose the King, the crown stays where it is.",
            region="crown",
        ),
        Section(
            "The turns",
            "Characters are called by rank: "
            + ", ".join(f"{c.rank} {c.name}" for c in CHARACTERS)
            + "; whoever holds one takes a turn.",
            steps=(
                Step(
                    f"First take resources: {_RESOURCES} (some purple districts change these "
                    "numbers: read their texts).",
                    "moves",
                ),
                Step(
                    "Then, in any order: build one district from your hand by paying its cost "
                    f"(the Architect up to {ARCHITECT_BUILDS}; never a second copy of a "
                    "district in your city), collect income once (1 gold per district of your "
                    f"character's colour: {_PAID}), use your character's ability once, and "
                    "use each purple district's ability once.",
                    "hand",
                ),
                Step("Finally end your turn.", "moves"),
            ),
        ),
        Section(
            "Districts and \u2726",
            "A district's cost is on its corner: building it costs that much gold, and it "
            f"scores as much ({_special_points()}). A \u2726 on a district marks a special "
            "ability (the purple districts): tap the card to read it.",
            region="hand",
        ),
        Section(
            "Abilities",
            " ".join(f"The {c.name}: {c.text}" for c in CHARACTERS),
            region="characters",
        ),
        Section(
            "Scoring",
            f"Each district scores its cost ({_special_points()}). +{FIVE_COLOURS_BONUS} for "
            f"districts of all five colours, +{FIRST_COMPLETE_BONUS} for the first city of "
            f"{COMPLETE} districts, +{COMPLETE_BONUS} for any other city of {COMPLETE}.",
            region="cities",
        ),
    ),
    notation="Actions name characters and districts by their slugs: choose king, "
    "assassinate merchant, take gold, draw, keep manor, build haunted-city, end turn.",
    phases={
        "draft": "Pick a character for this round; its rank decides when you play.",
        "resource": f"Start your turn: {_RESOURCES}.",
        "keep": "Keep one of the districts you drew; the other goes back.",
        "main": "Build a district, use your character's ability, collect income, then end "
        "your turn.",
        "redraw": "Put away the cards you want to replace, then say done to draw as many.",
        "rescue": f"A district of yours was destroyed: pay {RESCUE_PRICE} gold to take it back "
        "to your hand, or let it go.",
        "wait": "Characters are called by rank; the player holding each one takes a turn.",
    },
    # What the moves the table page confirms first do (``{name}``: the character named).
    consequences={
        "assassinate": "Whoever holds the {name} loses their whole turn this round.",
        "rob": "When the {name} is called, all their gold becomes yours.",
        "destroy": "It leaves the city for good.",
    },
    regions={
        "cities": "the cities",
        "characters": "the characters",
        "crown": "the crown",
        "moves": "your moves",
        "hand": "your hand",
    },
)


def catalogue() -> dict[str, Any]:
    """The public card data a table page draws with: districts and characters with their
    rules texts."""
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
    }
