"""How to play Fool's Blade, once for every reader (table pages, agents): the guide and a
sentence a phase; and every card of a table with its text, for the table's pages (the cards
are the table's own card set)."""

from __future__ import annotations

from typing import Any, get_args

from ...core.guide import Guide, Section, Step
from .schema import Modifier
from .scoring import SCORE_RULE
from .steps import HAND_LIMIT
from .table import Table
from .texts import card_text
from .turn import FORGE_SHOWN, QUEST_DRAWN

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
            region="weapons",
        ),
        Section(
            "Your turn",
            "A turn has four steps.",
            steps=(
                Step(
                    "Tavern: draw a Tavern card; in the Tavern window anyone may play Tavern "
                    "cards.",
                    "hand",
                ),
                Step(
                    "Assembly: equip weapon parts from your hand (the part replaced goes back "
                    "to your hand) and lay gear.",
                    "weapons",
                ),
                Step(
                    f"Go somewhere, one of: the Forge (see {FORGE_SHOWN} Anvil cards, take one, "
                    f"maybe reforge a part for a second), a Quest (draw {QUEST_DRAWN} Quest "
                    "cards; curses strike at once), or hunt in the forest, cavern or dungeon "
                    "(with at least one assembled part) and fight the monster drawn.",
                    "moves",
                ),
                Step("Discard down to your hand limit.", "hand"),
            ),
        ),
        Section(
            "Your weapon and set bonuses",
            "A weapon holds one part of each kind; equipping a part where one is already "
            "replaces it, and the old one goes back to your hand (a Legendary part to your "
            "Stash). When all four parts come from one set, the set bonus written on that "
            "set's blade is switched on; replacing any of them switches it off.",
            region="weapons",
        ),
        Section(
            "The Forge and reforging",
            f"At the Forge {FORGE_SHOWN} Anvil cards are laid out: take one into your hand. "
            "Then you may reforge: discard a weapon part from your hand to take a second of "
            "the cards shown. The rest go back on top of the Anvil deck.",
            region="forge",
        ),
        Section(
            "Hunting",
            "You can hunt only with at least one assembled part. Pick the forest, the cavern "
            "or the dungeon (stronger monsters, most often worth more) and fight the monster on "
            "top.",
            region="moves",
        ),
        Section(
            "Combat",
            "Each part's strength counts x2 against the element it beats, x0 against the one "
            "that beats it, x1 otherwise (Water beats Fire, Fire beats Plant, Plant beats "
            "Water; Neutral is always x1), plus bonuses played. More strength than the "
            "monster wins it for your Stash and runs its Win effect; equal is a draw; less "
            "runs its Lose effect.",
            region="combat",
        ),
        Section(
            "Gear",
            "Gear cards come from the Quest deck. Lay them in front of you during Assembly: "
            "they stay there, their effects counting for you, until a card steals or breaks "
            "them.",
            region="gear",
        ),
        Section(
            "Curses",
            "A Curse drawn from the Quest deck is laid in front of you at once and works "
            "against you for as many of your own turns as its longevity says (the turn it "
            "arrived in does not count); then it is discarded.",
            region="curses",
        ),
        Section(
            "Response windows",
            "At moments of play each player in turn may play a card, use their class ability, "
            "or pass; a play may be negated by a card that negates.",
            steps=(
                Step(
                    "A window opens in the Tavern phase, when a fight starts (once the "
                    "monster's strength is known), and before the fight is decided.",
                    "moves",
                ),
                Step(
                    "Starting with the player whose turn it is, each player may play a card "
                    "(Tavern cards only in the Tavern window; Action cards in any, unless the "
                    "card says when), use their class ability, or pass; the window closes when "
                    "everyone has passed in a row.",
                    "hand",
                ),
                Step(
                    "When a card or ability is played you may answer it: a card that negates "
                    "cancels it, but any cost already paid for it stays paid.",
                    "moves",
                ),
            ),
        ),
        Section(
            "Your hand limit",
            f"At the end of your turn you discard down to {HAND_LIMIT} cards; some cards lower "
            "that limit.",
            region="hand",
        ),
        Section(
            "Bosses",
            "An Approach card gathers a Boss: from the next turn each turn fights one of its "
            "Boss cards, and the Boss wins ties.",
            steps=(
                Step(
                    "While the Approach card is face up nobody may hunt (its finder may still "
                    "go to the Forge or Quest).",
                    "boss",
                ),
                Step(
                    "From the next turn each turn fights one Boss card and then ends. A Boss "
                    "card beaten leaves play; a fight lost is a strike.",
                    "boss",
                ),
                Step(
                    "Beat every Boss card and everyone applies the Approach card's Win effect; "
                    "reach its strike limit and everyone applies its Lose effect.",
                    "boss",
                ),
            ),
        ),
        Section("Scoring", SCORE_RULE, region="weapons"),
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
    regions={
        "weapons": "the weapons",
        "hand": "your hand",
        "moves": "your moves",
        "forge": "the Forge",
        "combat": "the fight",
        "gear": "the gear",
        "curses": "the curses",
        "boss": "the Boss",
    },
    glossary=GLOSSARY,
    # What the moves the table page confirms first do.
    consequences={
        "steal": "It becomes yours.",
        "break": "It is destroyed for good.",
        "fight": "The Boss wins ties, and losing runs its Lose effect on you.",
    },
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
