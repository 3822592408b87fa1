"""A loaded card set compiled for the engine: cards as ints, their numbers in flat tuples.

States hold card indices (one per kind of card; copies repeat the index) and look numbers up
here. A table is shared by every state of a game and all their clones, and cached per folder.
"""

from __future__ import annotations

from enum import IntEnum
from pathlib import Path
from typing import Any

from ...core import GameError
from .cards import EDITIONS, CardSet, card_folder, load_cards
from .schema import (
    ActionCard,
    AnyCard,
    ApproachCard,
    BossCard,
    ClassCard,
    CurseCard,
    Effect,
    MonsterCard,
    PartCard,
    TavernCard,
    TreasureCard,
    deck_of,
    effects_of,
)
from .steps import (
    MAX_PLAYS,
    NEGATE_WINDOW,
    NONE,
    PLAY_BOUND,
    TAVERN_WINDOW,
    WHEN_WINDOWS,
    WINDOW_NAMES,
)
from .vocabulary import PRIMITIVES

__all__ = [
    "ANVIL",
    "CAVERN",
    "DECKS",
    "DUNGEON",
    "ELEMENTS",
    "FOREST",
    "LOOT",
    "PARTS",
    "QUEST",
    "TAVERN",
    "Table",
    "latest_table",
    "table_for",
]


class Deck(IntEnum):
    """The decks (``state.decks``, ``state.trash``), the top of each the end of its list."""

    TAVERN = 0
    ANVIL = 1
    QUEST = 2
    FOREST = 3
    CAVERN = 4
    DUNGEON = 5
    LOOT = 6


class Element(IntEnum):
    """The elements of parts, monsters and bonuses (``table.element``, ``Bonus.element``)."""

    NEUTRAL = 0
    FIRE = 1
    WATER = 2
    PLANT = 3


class Part(IntEnum):
    """A weapon's slots, in the order of ``state.weapons`` (``table.part``)."""

    BLADE = 0
    GUARD = 1
    HANDLE = 2
    POMMEL = 3


# Bound to plain ints once, as ``steps.py`` does, for the state's hot paths.
TAVERN, ANVIL, QUEST, FOREST, CAVERN, DUNGEON, LOOT = map(int, Deck)
NEUTRAL, FIRE, WATER, PLANT = map(int, Element)
BLADE, GUARD, HANDLE, POMMEL = map(int, Part)
DECKS = tuple(deck.name.lower() for deck in Deck)
DECK_INDEX = {name: i for i, name in enumerate(DECKS)}
MONSTER_DECKS = (FOREST, CAVERN, DUNGEON)
PARTS = tuple(part.name.lower() for part in Part)
ELEMENTS = tuple(element.name.lower() for element in Element)
# BEATS[a] is the element that a beats: Water beats Fire, Fire beats Plant, Plant beats Water.
BEATS = {FIRE: PLANT, WATER: FIRE, PLANT: WATER}


def multiplier(attack: int, defend: int) -> int:
    """How strength of element ``attack`` counts against a monster of element ``defend``."""
    if attack in (NEUTRAL, defend) or defend == NEUTRAL:
        return 1
    return 2 if BEATS[attack] == defend else 0


# ``multiplier`` as a table, ``MULTIPLIERS[defend][attack]``, for the sums of strengths.
MULTIPLIERS = tuple(
    tuple(multiplier(a, d) for a in range(len(ELEMENTS))) for d in range(len(ELEMENTS))
)


class Table:
    """The card set as the engine reads it: per card index, its kind, deck and numbers."""

    def __init__(self, cards: CardSet) -> None:
        self.set = cards
        # Plays one seat may make in one window: the bound of the editions made under it.
        self.max_plays = MAX_PLAYS if _capped_edition(cards.source) else PLAY_BOUND
        # This set's names for the sentences of its games' events (``CardEvent``): another
        # set in the same process may use the same id for another card.
        self.names: dict[str, str] = {c.id: c.name for c in cards.cards}
        self.cards: list[AnyCard] = list(cards.cards)
        self.ids: list[str] = [c.id for c in self.cards]
        self.index: dict[str, int] = {c.id: i for i, c in enumerate(self.cards)}
        self.kind: list[str] = [c.kind for c in self.cards]
        self.deck: list[int] = [DECK_INDEX.get(deck_of(c), NONE) for c in self.cards]
        self.strength: list[int] = [
            c.strength if isinstance(c, PartCard | MonsterCard | BossCard) else 0
            for c in self.cards
        ]
        self.value: list[int] = [
            c.value if isinstance(c, MonsterCard | TreasureCard) else 0 for c in self.cards
        ]
        self.element: list[int] = [
            ELEMENTS.index(c.element)
            if isinstance(c, PartCard | MonsterCard | BossCard)
            else NEUTRAL
            for c in self.cards
        ]
        self.part: list[int] = [
            PARTS.index(c.part) if c.kind == "part" else NONE for c in self.cards
        ]
        self.part_set: list[str] = [c.set if c.kind == "part" else "" for c in self.cards]
        self.legendary: list[bool] = [c.kind == "part" and c.legendary for c in self.cards]
        # Effects of cards in play, split into lasting ones and one-shots by trigger.
        self.lasting: list[tuple[Any, ...]] = []  # strength and hand-limit effects
        self.triggers: list[dict[str, tuple[Effect, ...]]] = []
        self.bonus_lasting: list[tuple[Any, ...]] = []
        self.bonus_triggers: list[dict[str, tuple[Effect, ...]]] = []
        for card in self.cards:
            lasting, triggers = _split(effects_of(card) if card.kind in IN_PLAY else [])
            self.lasting.append(lasting)
            self.triggers.append(triggers)
            lasting, triggers = _split(card.set_bonus if isinstance(card, PartCard) else [])
            self.bonus_lasting.append(lasting)
            self.bonus_triggers.append(triggers)
        # Whether a lasting effect of some card reaches a seat other than its holder's (none
        # of the game's own cards does): if none does, a seat's sums read its own cards only.
        self.lasting_reaches_others = any(
            effect.who not in ("self", "monster")
            for effects in (*self.lasting, *self.bonus_lasting)
            for effect in effects
        )
        self.monster_lasting: list[tuple[Any, ...]] = [  # strength effects
            tuple(e for e in c.effects if PRIMITIVES[e.do].adds_strength)
            if c.kind in ("monster", "boss")
            else ()
            for c in self.cards
        ]
        self.monster_start: list[tuple[Effect, ...]] = [
            tuple(e for e in c.effects if not PRIMITIVES[e.do].adds_strength)
            if c.kind in ("monster", "boss")
            else ()
            for c in self.cards
        ]
        self.negates: list[bool] = [
            c.kind in ("tavern", "action") and any(PRIMITIVES[e.do].negates for e in c.effects)
            for c in self.cards
        ]
        self.ability_negates: list[bool] = [
            c.kind == "class"
            and c.ability is not None
            and any(PRIMITIVES[e.do].negates for e in c.ability.effects)
            for c in self.cards
        ]
        self.chooses: list[bool] = [_chooses(c) for c in self.cards]
        # What playing a card does (a Tavern or Action card's effects, a class's ability's),
        # an ability's cost, a monster's or Approach card's outcomes, a monster's modifiers,
        # an Approach card's strikes and a Curse's longevity: each typed, read by index.
        self.played: list[tuple[Effect, ...]] = [tuple(played_effects(c)) for c in self.cards]
        self.has_ability: list[bool] = [
            isinstance(c, ClassCard) and c.ability is not None for c in self.cards
        ]
        self.ability_cost: list[tuple[Effect, ...]] = [
            tuple(c.ability.cost) if isinstance(c, ClassCard) and c.ability else ()
            for c in self.cards
        ]
        self.win: list[tuple[Effect, ...]] = [
            tuple(c.win) if isinstance(c, MonsterCard | ApproachCard) else () for c in self.cards
        ]
        self.lose: list[tuple[Effect, ...]] = [
            tuple(c.lose) if isinstance(c, MonsterCard | ApproachCard) else () for c in self.cards
        ]
        self.modifiers: list[tuple[str, ...]] = [
            tuple(c.modifiers) if isinstance(c, MonsterCard | BossCard) else () for c in self.cards
        ]
        self.strikes: list[int] = [
            c.strikes if isinstance(c, ApproachCard) else 0 for c in self.cards
        ]
        self.longevity: list[int] = [
            c.longevity if isinstance(c, CurseCard) else 0 for c in self.cards
        ]
        # Whether playing the card (using the class's ability) always does something, so that
        # offering it needs no check that some effect can apply (``dispatch.can_apply``).
        self.always_able: list[bool] = [_always_able(c) for c in self.cards]
        # How many cards an ability's cost takes from its owner's hand.
        self.ability_spent: list[int] = [
            sum(PRIMITIVES[e.do].hand_cost(e) for e in c.ability.cost)
            if c.kind == "class" and c.ability is not None
            else 0
            for c in self.cards
        ]
        # What a combination of one seat's cards in play does (``strength.in_play`` fills it).
        self.in_play: dict[tuple[Any, ...], Any] = {}
        # The windows each card may be played in (the negate window included).
        self.play_windows: list[tuple[int, ...]] = [
            (NEGATE_WINDOW,)
            if negates
            else (TAVERN_WINDOW,)
            if c.kind == "tavern"
            else WHEN_WINDOWS[c.when]
            if c.kind == "action"
            else ()
            for c, negates in zip(self.cards, self.negates, strict=True)
        ]
        # The cards playable in each window, by window kind + 1 (0: the negate window): a
        # seat asked in a window mostly holds none of them, which one set test tells.
        self.playable: tuple[frozenset[int], ...] = tuple(
            frozenset(i for i, windows in enumerate(self.play_windows) if kind in windows)
            for kind in range(-1, len(WINDOW_NAMES))
        )
        # The cards that answer a play made outside the Tavern phase: no Tavern card (they
        # are played in Tavern-phase windows only, negating ones included).
        self.negates_outside_tavern = frozenset(
            i for i in self.playable[0] if self.kind[i] != "tavern"
        )
        # The windows each class's ability answers (the negate window included), and on whose
        # turns.
        self.ability_windows: list[tuple[int, ...]] = [
            ()
            if c.kind != "class" or c.ability is None
            else (NEGATE_WINDOW,)
            if negates
            else WHEN_WINDOWS[c.ability.when]
            for c, negates in zip(self.cards, self.ability_negates, strict=True)
        ]
        self.ability_turn: list[str] = [
            c.ability.turn if c.kind == "class" and c.ability is not None else "any"
            for c in self.cards
        ]
        # Gear and parts, and Legendary parts: what may be equipped from a hand and a Stash.
        self.equippable = frozenset(i for i, k in enumerate(self.kind) if k in ("gear", "part"))
        self.legendary_parts = frozenset(i for i, yes in enumerate(self.legendary) if yes)
        # Every copy of the cards that start in each deck, in file order: every new game
        # deals from these.
        self.starting_decks: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                i
                for i, card in enumerate(self.cards)
                if self.deck[i] == deck
                for _ in range(card.copies)
            )
            for deck in range(len(DECKS))
        )
        self.classes = [i for i, k in enumerate(self.kind) if k == "class"]
        self.anvil_parts = [i for i in range(len(self.cards)) if self.deck[i] == ANVIL]
        self.handles = [i for i in self.anvil_parts if self.part[i] == HANDLE]
        # The Approach card of each monster deck (at ``deck - FOREST``).
        self.approach: list[int] = [NONE] * len(MONSTER_DECKS)
        self.bosses: dict[int, list[int]] = {}
        for i, card in enumerate(self.cards):
            if card.kind == "approach":
                self.approach[self.deck[i] - FOREST] = i
                self.bosses[i] = [self.index[b] for b in card.bosses]

    def full_deck(self, deck: int) -> list[int]:
        """Every copy of the cards that start in ``deck``, in file order (a new list)."""
        return list(self.starting_decks[deck])

    def loot_deck(self, side_quest: bool) -> list[int]:
        """The Loot deck: every Treasure and Legendary set, or (Side Quest) the first 11
        Treasures in file order, copies counted, and the first Legendary set."""
        loot = self.full_deck(LOOT)
        if not side_quest:
            return loot
        treasures = [i for i in loot if self.kind[i] == "treasure"][:11]
        legendary = [i for i in loot if self.kind[i] == "part"]
        first = self.part_set[legendary[0]] if legendary else ""
        return treasures + [i for i in legendary if self.part_set[i] == first]

    def name(self, card: int) -> str:
        """The card's name for sentences."""
        return str(self.cards[card].name)


IN_PLAY = ("part", "gear", "class", "curse")


def _split(effects: list[Effect]) -> tuple[tuple[Any, ...], dict[str, tuple[Effect, ...]]]:
    lasting = tuple(e for e in effects if PRIMITIVES[e.do].continuous and e.on is None)
    triggers: dict[str, list[Effect]] = {}
    for effect in effects:
        if effect.on is not None:
            triggers.setdefault(effect.on, []).append(effect)
    return lasting, {on: tuple(found) for on, found in triggers.items()}


def _chooses(card: AnyCard) -> bool:
    """Whether playing the card (or using its ability) names a chosen seat."""
    stack = played_effects(card)
    while stack:
        effect = stack.pop()
        if getattr(effect, "who", None) == "chosen":
            return True
        stack.extend(PRIMITIVES[effect.do].nested(effect))
    return False


def played_effects(card: AnyCard) -> list[Effect]:
    """The effects of playing a card: a Tavern or Action card's, a class's ability's."""
    if isinstance(card, TavernCard | ActionCard):
        return list(card.effects)
    if isinstance(card, ClassCard) and card.ability is not None:
        return list(card.ability.effects)
    return []


# The editions whose records were played with at most MAX_PLAYS plays a seat in a window.
CAPPED_EDITIONS = ("v1", "v2")


def _capped_edition(source: str) -> bool:
    """Whether a card folder is one of the editions played under ``MAX_PLAYS`` (v1, v2)."""
    return any(Path(source) == card_folder(edition) for edition in CAPPED_EDITIONS)


def _always_able(card: AnyCard) -> bool:
    """Whether some played effect of the card always does something: one with no condition,
    on a seat that is always there, that its primitive says always acts (checking costs every
    list of legal actions a look at the state)."""
    return any(
        e.if_ is None
        and getattr(e, "who", "") in ("self", "each", "others", "active")
        and PRIMITIVES[e.do].always_able(e)
        for e in played_effects(card)
    )


_CACHE: dict[tuple[str, float], Table] = {}


def table_for(folder: str | None) -> Table:
    """The compiled table of a ``cards`` option's value (an edition, a folder, ``None``: the
    first edition), cached."""
    root = card_folder(folder)
    try:
        stamp = max((p.stat().st_mtime for p in root.glob("*.toml")), default=0.0)
    except OSError:
        stamp = 0.0
    key = (str(root.resolve()), stamp)
    found = _CACHE.get(key)
    if found is None:
        found = _CACHE[key] = Table(load_cards(root))
    _LATEST[folder] = found
    return found


_LATEST: dict[str | None, Table] = {}


def latest_table(folder: str | None) -> Table:
    """The table ``table_for(folder)`` gave last, compiled on first use: for readers of views
    that ask at every move, where checking the files' times would cost more than the move."""
    found = _LATEST.get(folder)
    return table_for(folder) if found is None else found


def check_cards_option(value: Any, players: int) -> str | None:
    """The ``cards`` option: an edition of the game's own set or a folder that loads as a
    card set for this many players. The first edition is stored as ``None``, as records made
    before the second one hold it, so that they and new first-edition games stay the same."""
    if value is None or value == EDITIONS[0]:
        return None
    if not isinstance(value, str) or not value:
        raise ValueError(
            f"cards must be {' or '.join(EDITIONS)} or the path of a folder of card files, "
            f"not {value!r}"
        )
    try:
        table = table_for(value)
    except GameError as error:
        raise ValueError(str(error)) from None
    check_players(table, players)
    return value


def check_players(table: Table, players: int) -> None:
    """``ValueError`` unless the set has a class and a Handle for each of ``players``."""
    if len(table.classes) < players:
        raise ValueError(f"the card set has {len(table.classes)} classes, fewer than {players}")
    handles = sum(table.cards[i].copies for i in table.handles)
    if handles < players:
        raise ValueError(f"the card set has {handles} Handles, fewer than {players}")
