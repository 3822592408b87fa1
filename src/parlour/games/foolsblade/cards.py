"""The card model: typed card and effect schemas, loading and checking a card set, card texts.

A card set is a folder of TOML files of ``[[card]]`` tables (the format of CARDS.md). Every
table is checked by a pydantic model of its ``kind``; unknown fields are errors, and every
error names the file, the card and the field. Effects form a closed vocabulary: one model per
primitive, told apart by ``do`` (docs/foolsblade.md, "The effect vocabulary").
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Annotated, Any, Literal, get_args

from pydantic import (
    AfterValidator,
    BaseModel,
    BeforeValidator,
    ConfigDict,
    Field,
    TypeAdapter,
    ValidationError,
    model_validator,
)

from ...core import GameError

__all__ = [
    "DATA",
    "DEFAULT_EDITION",
    "EDITIONS",
    "Card",
    "CardSet",
    "Effect",
    "card_folder",
    "card_text",
    "describe",
    "load_cards",
    "parse_condition",
    "sides",
]

# The game's own card sets, one folder an edition; the second is the default.
EDITIONS = ("v1", "v2")
DEFAULT_EDITION = "v2"
DATA = Path(__file__).with_name("data") / DEFAULT_EDITION


def card_folder(source: str | None) -> Path:
    """The folder of a ``cards`` option's value: an edition's name, a folder's path, or
    ``None`` (the first edition: what every record made before the second one holds)."""
    if source is None:
        return DATA.parent / EDITIONS[0]
    if source in EDITIONS:
        return DATA.parent / source
    return Path(source)


Slug = Annotated[str, Field(pattern=r"^[a-z0-9]+(-[a-z0-9]+)*$")]
Element = Literal["neutral", "fire", "water", "plant"]
# "best": the element that counts most against the monster fought (the wielder's best result).
BonusElement = Literal["neutral", "fire", "water", "plant", "best"]
PartType = Literal["blade", "guard", "handle", "pommel"]
MonsterDeck = Literal["forest", "cavern", "dungeon"]
HandDeck = Literal["tavern", "anvil", "quest"]
Die = Literal["d4", "d6", "d8", "d10", "d12", "d20"]
Modifier = Literal["d4", "d6", "d8", "d10", "d12", "d20", "monster", "anvil", "loot"]
Kind = Literal[
    "class",
    "part",
    "monster",
    "approach",
    "boss",
    "tavern",
    "action",
    "gear",
    "curse",
    "treasure",
]
# Who an effect acts on. "monster": the monster fought (strength and roll only);
# "opponent": the other side of a `fight` (in its win and lose effects only).
Who = Literal["self", "chosen", "each", "others", "active", "fighter", "monster", "opponent"]
Player = Literal["self", "chosen", "each", "others", "active", "fighter", "opponent"]
# When a one-shot effect of a card in play (part, set bonus, gear, class, curse) fires.
Trigger = Literal["play", "turn_start", "turn_end", "combat", "win", "lose"]
# The response windows a played card or ability may be used in.
When = Literal["any", "tavern", "combat", "combat_start", "combat_end"]
Count = Annotated[int, Field(ge=1, le=20)]

CONDITION_SUBJECTS = {
    "hand": "cards in the owner's hand",
    "gear": "gear cards the owner has equipped",
    "parts": "weapon parts the owner has assembled",
    "stash": "cards in the owner's stash",
    "curses": "curses on the owner",
    "strength": "the fighter's strength now (0 outside combat)",
    "monster": "the monster's strength now (0 outside combat)",
    "roll": "the total of the last `roll` of this card (0 before one)",
    "turn": "turns begun so far",
    "loot": "cards left in the Loot deck",
    "combat": "1 during a combat, else 0",
    "boss": "1 while fighting a Boss card, else 0",
    "element": "the fought monster's element (== or != with neutral, fire, water, plant)",
    "deck": "the fought monster's deck (== or != with forest, cavern, dungeon, boss)",
}
_WORD_SUBJECTS = {
    "element": ("neutral", "fire", "water", "plant"),
    "deck": ("forest", "cavern", "dungeon", "boss"),
}
_CLAUSE = re.compile(r"^\s*([a-z_]+)\s*(<=|>=|==|!=|<|>)\s*(-?\d+|[a-z]+)\s*$")
Clause = tuple[str, str, int | str]


def parse_condition(text: str) -> tuple[Clause, ...]:
    """The clauses of an ``if`` ("hand >= 2 and element == fire"); ``ValueError`` if malformed."""
    clauses: list[Clause] = []
    for part in text.split(" and "):
        found = _CLAUSE.match(part)
        if found is None:
            raise ValueError(f"{part.strip()!r} is not `subject op value` (for example hand >= 2)")
        subject, op, raw = found.groups()
        if subject not in CONDITION_SUBJECTS:
            raise ValueError(
                f"unknown subject {subject!r}; the subjects are {', '.join(CONDITION_SUBJECTS)}"
            )
        words = _WORD_SUBJECTS.get(subject)
        value: int | str
        if words is not None:
            if op not in ("==", "!=") or raw not in words:
                raise ValueError(f"{subject} takes == or != with one of {', '.join(words)}")
            value = raw
        else:
            if not raw.lstrip("-").isdigit():
                raise ValueError(f"{subject} compares with a whole number, not {raw!r}")
            value = int(raw)
        clauses.append((subject, op, value))
    return tuple(clauses)


def _check_condition(text: str) -> str:
    parse_condition(text)
    return text


Condition = Annotated[str, AfterValidator(_check_condition)]


def sides(die: str) -> int:
    """How many faces a die of the vocabulary has (``"d6"``: 6)."""
    return int(die[1:])


def _dice_list(value: Any) -> Any:
    return [value] if isinstance(value, str) else value


Dice = Annotated[list[Die], BeforeValidator(_dice_list), Field(min_length=1, max_length=6)]


class _Model(BaseModel):
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=False)


class _Effect(_Model):
    """What every primitive takes: a condition and, on cards in play, a trigger."""

    if_: Condition | None = Field(None, alias="if")
    on: Trigger | None = None


class Draw(_Effect):
    """``who`` draws ``count`` cards of ``deck``; Loot goes to the Stash, Curses strike at once."""

    do: Literal["draw"]
    who: Player = "self"
    deck: Literal["tavern", "anvil", "quest", "loot"]
    count: Count = 1


class Reveal(_Effect):
    """Reveal ``count`` cards of ``deck`` to all; ``who`` takes those of a ``keep`` kind, the
    rest go to their trash (``keep`` absent: every card is taken)."""

    do: Literal["reveal"]
    who: Player = "self"
    deck: HandDeck
    count: Count = 1
    keep: list[Kind] | None = None


class Discard(_Effect):
    """``who`` discards ``count`` cards (of ``deck``/``kind`` if given) from hand or Stash;
    chosen by ``who``, or at random."""

    do: Literal["discard"]
    who: Player = "self"
    count: Count = 1
    random: bool = False
    from_: Literal["hand", "stash"] = Field("hand", alias="from")
    deck: HandDeck | MonsterDeck | Literal["loot"] | None = None
    kind: Kind | None = None


class Steal(_Effect):
    """The owner takes ``count`` cards of ``who`` from ``from``: from a hand always at random,
    else the owner's choice (or at random); Loot-deck cards and monsters go to the Stash."""

    do: Literal["steal"]
    who: Player = "chosen"
    from_: Literal["hand", "weapon", "gear", "stash"] = Field("hand", alias="from")
    count: Count = 1
    random: bool = False


class Give(_Effect):
    """The owner gives ``count`` cards of its hand (its choice, or at random) to ``who``."""

    do: Literal["give"]
    who: Player = "chosen"
    count: Count = 1
    random: bool = False


class Break(_Effect):
    """``count`` of ``who``'s equipped cards (``from`` weapon or gear) go to their trash; the
    owner chooses (or at random); Legendary parts never break."""

    do: Literal["break"]
    who: Player = "self"
    from_: Literal["weapon", "gear"] = Field("weapon", alias="from")
    count: Count = 1
    random: bool = False


class Strength(_Effect):
    """``amount`` strength of ``element`` for ``who`` (or the monster) for ``duration``."""

    do: Literal["strength"]
    who: Who = "self"
    amount: Annotated[int, Field(ge=-50, le=50)]
    element: BonusElement = "neutral"
    duration: Literal["combat", "turn", "equipped"] | None = None


class Roll(_Effect):
    """Roll ``dice``; the total is remembered as ``roll`` for later conditions of the card and,
    unless ``add`` is false, added as strength of ``element`` to ``who`` for ``duration``."""

    do: Literal["roll"]
    who: Who = "self"
    dice: Dice
    element: BonusElement = "neutral"
    duration: Literal["combat", "turn"] | None = None
    add: bool = True


class HandLimit(_Effect):
    """``who``'s hand limit changes by ``amount`` (``turn``: until the end of this turn)."""

    do: Literal["hand_limit"]
    who: Player = "self"
    amount: Annotated[int, Field(ge=-8, le=8)]
    duration: Literal["turn", "equipped"] | None = None


class SkipTurn(_Effect):
    """``who`` skips its next ``count`` turns."""

    do: Literal["skip_turn"]
    who: Player = "self"
    count: Annotated[int, Field(ge=1, le=3)] = 1


class Negate(_Effect):
    """Cancel the card or ability being answered; a cost already paid stays paid."""

    do: Literal["negate"]


class Fight(_Effect):
    """The owner fights ``who``, weapon against weapon: the winner applies ``win`` (with the
    loser as ``opponent``), the loser ``lose``; a draw does nothing."""

    do: Literal["fight"]
    who: Player = "chosen"
    win: list[Effect] = []
    lose: list[Effect] = []


class Bottom(_Effect):
    """The monster fought goes to the bottom of its deck: in a Lose effect instead of the trash;
    played during combat, the combat ends with neither Win nor Lose effect."""

    do: Literal["bottom"]


class Summon(_Effect):
    """Add ``count`` cards of ``deck`` to the monster fought, as its modifiers do: monsters
    (``same``: its own deck) and weapon parts by strength, Loot by value."""

    do: Literal["summon"]
    deck: Literal["same", "forest", "cavern", "dungeon", "anvil", "loot"] = "same"
    count: Count = 1


class Seek(_Effect):
    """``who`` looks through the Anvil deck from the top for ``count`` parts of its weapon's
    set that its weapon lacks and takes them into its hand, shown to all; the rest stay in
    order."""

    do: Literal["seek"]
    who: Player = "self"
    count: Annotated[int, Field(ge=1, le=3)] = 1


Effect = Annotated[
    Draw
    | Reveal
    | Discard
    | Steal
    | Give
    | Break
    | Strength
    | Roll
    | HandLimit
    | SkipTurn
    | Negate
    | Fight
    | Bottom
    | Summon
    | Seek,
    Field(discriminator="do"),
]
Fight.model_rebuild()

PRIMITIVES: tuple[type[_Effect], ...] = (
    Draw,
    Reveal,
    Discard,
    Steal,
    Give,
    Break,
    Strength,
    Roll,
    HandLimit,
    SkipTurn,
    Negate,
    Fight,
    Bottom,
    Summon,
    Seek,
)
# Primitives that last while their card is in play when they carry no `on` trigger.
CONTINUOUS = ("strength", "hand_limit")


def _walk(effects: Iterable[Any]) -> Iterable[Any]:
    """Every effect of a list, those nested in a `fight` included."""
    for effect in effects:
        yield effect
        if effect.do == "fight":
            yield from _walk(effect.win)
            yield from _walk(effect.lose)


def _check_in_play(effects: list[Any], where: str) -> None:
    """Effects of a card in play: one-shots need an `on` trigger; no chosen seat, no negate."""
    for effect in effects:
        if effect.do in CONTINUOUS and effect.on is None:
            if effect.duration not in (None, "equipped"):
                raise ValueError(
                    f"{where}: a lasting {effect.do} takes no duration (or give it an `on` trigger)"
                )
            continue
        if effect.do == "negate":
            raise ValueError(f"{where}: negate answers a played card; a card in play cannot")
        if effect.on is None:
            raise ValueError(
                f"{where}: a {effect.do} effect of a card in play needs `on` "
                "(play, turn_start, turn_end, combat, win or lose)"
            )
    _no_chosen(effects, where)


def _check_no_trigger(effects: list[Any], where: str, chosen: bool = False) -> None:
    for effect in _walk(effects):
        if effect.on is not None:
            raise ValueError(f"{where}: `on` belongs only to effects of cards in play")
        if effect.do == "strength" and effect.duration == "equipped":
            raise ValueError(f"{where}: duration 'equipped' belongs only to cards in play")
    if not chosen:
        _no_chosen(effects, where)


def _no_chosen(effects: list[Any], where: str) -> None:
    for effect in _walk(effects):
        if getattr(effect, "who", None) == "chosen":
            raise ValueError(f"{where}: who = 'chosen' is for cards played from hand only")


class _Card(_Model):
    id: Slug
    name: Annotated[str, Field(min_length=1)]
    text: str | None = None
    copies: Annotated[int, Field(ge=1, le=30)] = 1


class ClassAbility(_Model):
    """An activated class ability: its cost (paid by the owner), its windows and effects."""

    cost: list[Effect] = []
    when: When = "any"
    turn: Literal["own", "others", "any"] = "any"
    effects: list[Effect] = Field(min_length=1)

    @model_validator(mode="after")
    def _checked(self) -> ClassAbility:
        for effect in self.cost:
            if effect.do not in ("discard", "break", "skip_turn", "hand_limit", "give"):
                raise ValueError(f"cost: {effect.do} is not a cost")
            if getattr(effect, "who", "self") != "self" and effect.do != "give":
                raise ValueError("cost: a cost is paid by its owner (who = 'self')")
        _check_no_trigger(self.cost, "cost")
        _check_no_trigger(self.effects, "effects", chosen=True)
        return self


class ClassCard(_Card):
    """A class: passive effects and an optional activated ability."""

    kind: Literal["class"]
    effects: list[Effect] = []
    ability: ClassAbility | None = None

    @model_validator(mode="after")
    def _checked(self) -> ClassCard:
        _check_in_play(self.effects, "effects")
        if self.copies != 1:
            raise ValueError("copies: a class is unique")
        return self


class PartCard(_Card):
    """A weapon part of the Anvil deck, or a Legendary part of the Loot deck."""

    kind: Literal["part"]
    part: PartType
    set: Slug
    element: Element
    strength: Annotated[int, Field(ge=0, le=30)]
    legendary: bool = False
    effects: list[Effect] = []
    set_bonus: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> PartCard:
        if self.set_bonus and self.part != "blade":
            raise ValueError("set_bonus: only a Blade shows its set's bonus")
        _check_in_play(self.effects, "effects")
        _check_in_play(self.set_bonus, "set_bonus")
        return self


class MonsterCard(_Card):
    """A monster of the Forest, Cavern or Dungeon deck."""

    kind: Literal["monster"]
    deck: MonsterDeck
    element: Element
    strength: Annotated[int, Field(ge=0, le=60)]
    value: Annotated[int, Field(ge=0, le=30)]
    modifiers: list[Modifier] = Field([], max_length=6)
    win: list[Effect] = []
    lose: list[Effect] = []
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> MonsterCard:
        _check_no_trigger(self.win, "win")
        _check_no_trigger(self.lose, "lose")
        _check_no_trigger(self.effects, "effects")
        return self


class ApproachCard(_Card):
    """An Approach card hidden in a Monster deck: the Boss it gathers and its outcome."""

    kind: Literal["approach"]
    deck: MonsterDeck
    strikes: Annotated[int, Field(ge=1, le=12)]
    bosses: list[Slug] = Field(min_length=1, max_length=6)
    win: list[Effect] = []
    lose: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> ApproachCard:
        if self.copies != 1:
            raise ValueError("copies: an Approach card is unique")
        _check_no_trigger(self.win, "win")
        _check_no_trigger(self.lose, "lose")
        return self


class BossCard(_Card):
    """One card of a Boss, gathered from the box by its Approach card."""

    kind: Literal["boss"]
    element: Element
    strength: Annotated[int, Field(ge=0, le=80)]
    modifiers: list[Modifier] = Field([], max_length=6)
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> BossCard:
        if self.copies != 1:
            raise ValueError("copies: a Boss card is unique")
        _check_no_trigger(self.effects, "effects")
        return self


class TavernCard(_Card):
    """A Tavern card, played in Tavern-phase windows."""

    kind: Literal["tavern"]
    when: Literal["tavern"] = "tavern"
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> TavernCard:
        _check_no_trigger(self.effects, "effects", chosen=True)
        return self


class ActionCard(_Card):
    """A Quest-deck Action, played in any window (or a narrower one)."""

    kind: Literal["action"]
    when: When = "any"
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> ActionCard:
        _check_no_trigger(self.effects, "effects", chosen=True)
        return self


class GearCard(_Card):
    """A Quest-deck Gear card: its effects last while it is equipped."""

    kind: Literal["gear"]
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> GearCard:
        _check_in_play(self.effects, "effects")
        return self


class CurseCard(_Card):
    """A Quest-deck Curse: played on its drawer at once, it lasts ``longevity`` of their turns."""

    kind: Literal["curse"]
    longevity: Annotated[int, Field(ge=1, le=10)]
    effects: list[Effect] = []

    @model_validator(mode="after")
    def _checked(self) -> CurseCard:
        _check_in_play(self.effects, "effects")
        return self


class TreasureCard(_Card):
    """A Treasure of the Loot deck: only its value."""

    kind: Literal["treasure"]
    value: Annotated[int, Field(ge=0, le=30)]


Card = Annotated[
    ClassCard
    | PartCard
    | MonsterCard
    | ApproachCard
    | BossCard
    | TavernCard
    | ActionCard
    | GearCard
    | CurseCard
    | TreasureCard,
    Field(discriminator="kind"),
]
_CARD: TypeAdapter[Any] = TypeAdapter(Card)

# The deck each kind of card lives in (parts: Anvil, or Loot when Legendary).
KIND_DECK = {
    "tavern": "tavern",
    "action": "quest",
    "gear": "quest",
    "curse": "quest",
    "treasure": "loot",
    "boss": "box",
    "class": "classes",
}


def deck_of(card: Any) -> str:
    """The deck a card starts in: a deck name, "box" (Boss cards) or "classes"."""
    if card.kind == "part":
        return "loot" if card.legendary else "anvil"
    if card.kind in ("monster", "approach"):
        return str(card.deck)
    return KIND_DECK[card.kind]


def _where(loc: tuple[int | str, ...]) -> str:
    """A pydantic error location as a field path: ``lose[0].count``.

    The union member pydantic tried (the card's kind first, an effect's primitive after a
    list index) is left out: the card's ``kind`` or the effect's ``do`` already says it, and
    a field of the same name (a part's ``strength``) is kept.
    """
    out = ""
    for index, part in enumerate(loc):
        if isinstance(part, int):
            out += f"[{part}]"
        elif (index == 0 and part in CARD_KINDS) or (
            index > 0 and isinstance(loc[index - 1], int) and part in PRIMITIVE_NAMES
        ):
            continue
        else:
            out += ("." if out else "") + str(part)
    return out or "card"


# The union members pydantic names in error locations, read from the models themselves.
PRIMITIVE_NAMES = frozenset(
    get_args(model.model_fields["do"].annotation)[0] for model in PRIMITIVES
)
CARD_KINDS = frozenset(get_args(Kind))


def _message(error: Any) -> str:
    text = str(error["msg"])
    return text.removeprefix("Value error, ")


@dataclass
class CardSet:
    """A loaded, checked card set: the cards in file order and lookups by id and deck."""

    cards: list[Any]
    by_id: dict[str, Any] = field(init=False)
    source: str = ""

    def __post_init__(self) -> None:
        self.by_id = {card.id: card for card in self.cards}

    def deck(self, name: str) -> list[Any]:
        """The cards that start in a deck ("tavern", "forest", "loot", "box", "classes"...)."""
        return [card for card in self.cards if deck_of(card) == name]


def _read(path: Path) -> list[tuple[Path, dict[str, Any]]]:
    try:
        with path.open("rb") as handle:
            data = tomllib.load(handle)
    except OSError as error:
        raise GameError(f"{path.name}: cannot read the file: {error.strerror}") from None
    except tomllib.TOMLDecodeError as error:
        raise GameError(f"{path.name}: not valid TOML: {error}") from None
    extra = sorted(set(data) - {"card"})
    if extra:
        raise GameError(f"{path.name}: unknown table {extra[0]!r}; a card file holds [[card]]")
    entries = data.get("card", [])
    if not isinstance(entries, list):
        raise GameError(f"{path.name}: `card` must be a list of [[card]] tables")
    return [(path, entry) for entry in entries]


def check_card(path: Path, number: int, entry: Any) -> Any:
    """One card table as its model; ``GameError`` names the file, the card and the field."""
    name = entry.get("id") if isinstance(entry, dict) else None
    card = f"card {name!r}" if isinstance(name, str) else f"card {number}"
    try:
        return _CARD.validate_python(entry)
    except ValidationError as error:
        problems = [
            f"{path.name}: {card}: field {_where(tuple(e['loc']))!r}: {_message(e)}"
            for e in error.errors()
        ]
        raise GameError("; ".join(problems[:5])) from None


def load_cards(folder: Path | str = DATA) -> CardSet:
    """Every card of a folder's TOML files, checked one by one and as a set."""
    root = Path(folder)
    if not root.is_dir():
        raise GameError(f"{root}: not a folder of card files")
    files = sorted(root.glob("*.toml"))
    if not files:
        raise GameError(f"{root}: holds no .toml card files")
    cards: list[Any] = []
    origin: dict[str, str] = {}
    for path in files:
        for number, (where, entry) in enumerate(_read(path), start=1):
            card = check_card(where, number, entry)
            if card.id in origin:
                raise GameError(
                    f"{where.name}: card {card.id!r}: field 'id' repeats a card of "
                    f"{origin[card.id]}"
                )
            origin[card.id] = where.name
            cards.append(card)
    check_set(cards, origin)
    return CardSet(cards, source=str(root))


def check_set(cards: list[Any], origin: dict[str, str]) -> None:
    """What no single card can check: Boss links, Legendary sets, decks that must exist."""
    by_id = {card.id: card for card in cards}
    owner: dict[str, str] = {}
    for card in cards:
        at = f"{origin[card.id]}: card {card.id!r}"
        if card.kind != "approach":
            continue
        for boss in card.bosses:
            found = by_id.get(boss)
            if found is None or found.kind != "boss":
                raise GameError(f"{at}: field 'bosses': {boss!r} is not a Boss card of the set")
            if boss in owner:
                raise GameError(f"{at}: field 'bosses': {boss!r} belongs to {owner[boss]!r} too")
            owner[boss] = card.id
    for card in cards:
        if card.kind == "boss" and card.id not in owner:
            raise GameError(
                f"{origin[card.id]}: card {card.id!r}: no Approach card gathers this Boss card"
            )
    counts: dict[str, int] = {}
    for card in cards:
        counts[deck_of(card)] = counts.get(deck_of(card), 0) + card.copies
    for deck in ("classes", "tavern", "anvil", "quest", "forest", "cavern", "dungeon", "loot"):
        if not counts.get(deck):
            raise GameError(f"the card set has no cards for the {deck} deck")
    for deck in ("forest", "cavern", "dungeon"):
        approaches = [c for c in cards if c.kind == "approach" and c.deck == deck]
        if len(approaches) > 1:
            raise GameError(f"the {deck} deck holds {len(approaches)} Approach cards; at most 1")
    if not any(c.kind == "part" and c.part == "handle" and not c.legendary for c in cards):
        raise GameError("the Anvil deck has no Handle, and every player starts with one")


# -- card texts, generated from the effects when a card has none -------------------------

_WHO = {
    "self": "you",
    "chosen": "a chosen player",
    "each": "each player",
    "others": "each other player",
    "active": "the active player",
    "fighter": "the fighter",
    "monster": "the monster",
    "opponent": "your opponent",
}
_ON = {
    "play": "When it comes into play",
    "turn_start": "At the start of your turn",
    "turn_end": "At the end of your turn",
    "combat": "When your combat begins",
    "win": "When you win a combat",
    "lose": "When you lose a combat",
}


def _n(count: int, noun: str) -> str:
    return f"{count} {noun}" + ("" if count == 1 else "s")


def describe(effect: Any) -> str:
    """One effect as an English phrase ("you draw 2 Tavern cards")."""
    do = effect.do
    who = _WHO.get(getattr(effect, "who", "self"), "you")
    if do == "draw":
        text = f"{who} draw{'' if who == 'you' else 's'} {_n(effect.count, effect.deck + ' card')}"
    elif do == "reveal":
        keep = "" if effect.keep is None else f", keeping {'/'.join(effect.keep)} cards"
        text = f"{who} reveal {_n(effect.count, effect.deck + ' card')}{keep}"
    elif do == "discard":
        what = _n(effect.count, (effect.deck or effect.kind or "") + " card").replace("  ", " ")
        how = " at random" if effect.random else ""
        text = f"{who} discard {what.strip()} from {effect.from_}{how}"
    elif do == "steal":
        how = " at random" if effect.random or effect.from_ == "hand" else ""
        text = f"steal {_n(effect.count, 'card')} from {who}'s {effect.from_}{how}"
    elif do == "give":
        text = f"give {_n(effect.count, 'card')} from your hand to {who}"
    elif do == "break":
        text = f"break {_n(effect.count, 'card')} of {who}'s {effect.from_}"
    elif do == "strength":
        element = "" if effect.element == "neutral" else f" {effect.element}"
        lasting = {"combat": " this combat", "turn": " this turn"}.get(effect.duration or "", "")
        text = f"{who} {effect.amount:+d}{element} strength{lasting}"
    elif do == "roll":
        dice = " + ".join(effect.dice)
        text = f"roll {dice}" + (f": {who} gain that much strength" if effect.add else "")
    elif do == "hand_limit":
        whose = "your" if who == "you" else f"{who}'s"
        text = f"{whose} hand limit {effect.amount:+d}"
    elif do == "skip_turn":
        text = f"{who} skip the next {_n(effect.count, 'turn')}"
    elif do == "negate":
        text = "negate the card or ability being played"
    elif do == "fight":
        win = "; ".join(describe(e) for e in effect.win) or "nothing"
        lose = "; ".join(describe(e) for e in effect.lose) or "nothing"
        text = f"fight {who}: the winner: {win}; the loser: {lose}"
    elif do == "bottom":
        text = "the monster goes to the bottom of its deck"
    elif do == "seek":
        whose = "your" if who == "you" else f"{who}'s"
        text = f"{who} seek {_n(effect.count, 'missing part')} of {whose} weapon's set"
    else:
        source = "its own deck" if effect.deck == "same" else f"the {effect.deck} deck"
        text = f"the monster summons {_n(effect.count, 'card')} from {source}"
    if effect.if_ is not None:
        text = f"if {effect.if_}: {text}"
    if effect.on is not None:
        text = f"{_ON[effect.on]}, {text}"
    return text


def _sentences(effects: list[Any]) -> str:
    return ". ".join(describe(e)[0].upper() + describe(e)[1:] for e in effects)


def card_text(card: Any) -> str:
    """The card's rules text: its own ``text``, else one generated from its effects."""
    if card.text:
        return str(card.text)
    parts: list[str] = []
    effects = getattr(card, "effects", [])
    if effects:
        parts.append(_sentences(effects))
    if card.kind == "part" and card.set_bonus:
        parts.append("Set bonus: " + _sentences(card.set_bonus))
    if card.kind in ("monster", "approach"):
        if card.win:
            parts.append("Win: " + _sentences(card.win))
        if card.lose:
            parts.append("Lose: " + _sentences(card.lose))
    if card.kind == "class" and card.ability is not None:
        cost = f" (cost: {_sentences(card.ability.cost)})" if card.ability.cost else ""
        parts.append(f"Ability, once a turn{cost}: " + _sentences(card.ability.effects))
    if card.kind == "curse":
        parts.append(f"Lasts {_n(card.longevity, 'turn')}")
    return ". ".join(parts)
