"""How to play Fool's Blade, once for every reader (table pages, agents): the guide and a
sentence a phase; and every card of a table with its text, for the table's pages (the cards
are the table's own card set)."""

from __future__ import annotations

from typing import Any, get_args

from ...core.guide import Guide, Section
from .schema import Modifier
from .scoring import SCORE_RULE
from .table import Table
from .texts import card_text

__all__ = ["GUIDE", "table_cards"]

DICE = " ".join(m for m in get_args(Modifier) if m.startswith("d"))

# The words and marks on the cards, for a legend (the terminal's ``?``).
GLOSSARY = (
    (
        "elements",
        "Water beats Fire, Fire beats Plant, Plant beats Water: a part counts x2 against the "
        "element it beats, x0 against the one that beats it, x1 otherwise; Neutral always x1",
    ),
    ("modifiers", "what a monster adds to its strength when its combat begins (the words below)"),
    (DICE, "a modifier: that die is rolled and its roll added to the monster's strength"),
    (
        "monster",
        "a modifier: the next card of the same Monster deck (for a Boss card, its Approach's) "
        "joins the fight, summoned, and its strength is added; it goes back under its deck "
        "when the combat ends",
    ),
    (
        "anvil",
        "a modifier: the top Anvil card's strength is added; the card goes to the Anvil trash",
    ),
    (
        "loot",
        "a modifier: the top Loot card's value (a Legendary part: its strength) is added; the "
        "card goes to the bottom of the Loot deck, so the end comes no nearer",
    ),
    (
        "seek",
        "take missing parts of your weapon's set from the Anvil deck, shown to all (nothing "
        "if the deck holds none)",
    ),
    ("Gear", "cards laid beside your weapon that count while they stay; some effects break them"),
    (
        "Curses",
        "Quest cards that strike when drawn and last a number of their holder's own turns",
    ),
    ("Stash", "the monsters you beat, Treasures and Legendary parts: they score"),
    ("hand limit", "the cards you may keep when your turn ends; discard down to it"),
    (
        "negate",
        "cancel a card or ability as it is played: after every play each other player may "
        "answer with a card or ability that negates",
    ),
)

GUIDE = Guide(
    sections=(
        Section(
            "Goal",
            "Craft a weapon from four parts (blade, guard, handle, pommel), hunt monsters and "
            "collect treasure. The game ends when a turn ends with the Loot deck empty; then "
            "the highest score wins (ties share).",
        ),
        Section(
            "Your turn",
            "A turn has four steps.",
            steps=(
                "Tavern: draw a Tavern card; in the Tavern window anyone may play Tavern cards.",
                "Assembly: equip weapon parts from your hand (the part replaced goes back to "
                "your hand) and lay gear.",
                "Go somewhere, one of: the Forge (see 3 Anvil cards, take one, maybe reforge a "
                "part for a second), a Quest (draw 2 Quest cards; curses strike at once), or "
                "hunt in the forest, cavern or dungeon (with at least one assembled part) and "
                "fight the monster drawn.",
                "Discard down to your hand limit.",
            ),
        ),
        Section(
            "Combat",
            "Each part's strength counts x2 against the element it beats, x0 against the one "
            "that beats it, x1 otherwise (Water beats Fire, Fire beats Plant, Plant beats "
            "Water; Neutral is always x1), plus bonuses played. More strength than the "
            "monster wins it for your Stash and runs its Win effect; equal is a draw; less "
            "runs its Lose effect.",
        ),
        Section(
            "Response windows",
            "At moments of play each player in turn may play a card, use their class ability, "
            "or pass; a play may be negated by a card that negates.",
        ),
        Section(
            "Bosses",
            "An Approach card gathers a Boss: from the next turn each turn fights one of its "
            "Boss cards, and the Boss wins ties.",
        ),
        Section("Scoring", SCORE_RULE),
    ),
    notation="Cards are named by their id in actions: play trip-wire, equip ashen-guard.",
    phases={
        "class": "Choose your class: each gives a lasting power for the whole game.",
        "tavern": "The Tavern: you may play a Tavern card now, or pass.",
        "assembly": "Equip weapon parts and gear, then choose where to go: forge, quest or hunt.",
        "forge": "At the Forge: take one of the parts shown (or reforge one of yours).",
        "combat": "A fight: cards and abilities may still change the strengths; then the "
        "higher strength wins.",
        "end": "The turn ends: discard down to your hand limit.",
        "wait": "Another player's turn; you may answer in the windows when asked.",
    },
    glossary=GLOSSARY,
)


def table_cards(state: Any) -> dict[str, dict[str, Any]] | None:
    """Every card of a Fool's Blade table, by id, with its fields and its rules text."""
    table = getattr(state, "table", None)
    if not isinstance(table, Table):
        return None
    out: dict[str, dict[str, Any]] = {}
    for card in table.cards:
        fields = dict(card.model_dump(mode="json", by_alias=True, exclude_none=True))
        fields["text"] = card_text(card)
        out[card.id] = fields
    return out
