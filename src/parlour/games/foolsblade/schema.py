"""The card schema: the vocabulary of card files, one pydantic model per card kind and per
effect primitive, and the rules one card's fields must keep.

Every model refuses unknown fields and is strict: ``true`` is not a number and ``"3"`` is
not an int (docs/template.md, ``cards.py``). Effects form a closed vocabulary: one model per
primitive, told apart by ``do`` (docs/foolsblade.md, "The effect vocabulary").
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Annotated, Any, Literal, get_args

from pydantic import AfterValidator, BaseModel, BeforeValidator, ConfigDict, Field, model_validator

__all__ = [
    "CONDITION_SUBJECTS",
    "EFFECT_MODELS",
    "PRIMITIVES",
    "AnyCard",
    "BaseEffect",
    "Card",
    "Clause",
    "Effect",
    "Kind",
    "MonsterDeck",
    "deck_of",
    "effects_of",
    "parse_condition",
    "primitive_name",
    "sides",
]

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
    "strength": "the fighter's weapon now: its assembled parts with the element table, nothing "
    "else (0 outside combat)",
    "fighter": "the fighter's whole strength now, as the combat shows it (0 outside combat); "
    "a player's strength never reads it",
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
    model_config = ConfigDict(extra="forbid", frozen=True, populate_by_name=False, strict=True)


class BaseEffect(_Model):
    """What every primitive takes: a condition and, on cards in play, a trigger."""

    if_: Condition | None = Field(None, alias="if")
    on: Trigger | None = None


class Draw(BaseEffect):
    """``who`` draws ``count`` cards of ``deck``; Loot goes to the Stash, Curses strike at once."""

    do: Literal["draw"]
    who: Player = "self"
    deck: Literal["tavern", "anvil", "quest", "loot"]
    count: Count = 1


class Reveal(BaseEffect):
    """Reveal ``count`` cards of ``deck`` to all; ``who`` takes those of a ``keep`` kind, the
    rest go to their trash (``keep`` absent: every card is taken)."""

    do: Literal["reveal"]
    who: Player = "self"
    deck: HandDeck
    count: Count = 1
    keep: list[Kind] | None = None


class Discard(BaseEffect):
    """``who`` discards ``count`` cards (of ``deck``/``kind`` if given) from hand or Stash;
    chosen by ``who``, or at random."""

    do: Literal["discard"]
    who: Player = "self"
    count: Count = 1
    random: bool = False
    from_: Literal["hand", "stash"] = Field("hand", alias="from")
    deck: HandDeck | MonsterDeck | Literal["loot"] | None = None
    kind: Kind | None = None


class Steal(BaseEffect):
    """The owner takes ``count`` cards of ``who`` from ``from``: from a hand always at random,
    else the owner's choice (or at random); Loot-deck cards and monsters go to the Stash."""

    do: Literal["steal"]
    who: Player = "chosen"
    from_: Literal["hand", "weapon", "gear", "stash"] = Field("hand", alias="from")
    count: Count = 1
    random: bool = False


class Give(BaseEffect):
    """The owner gives ``count`` cards of its hand (its choice, or at random) to ``who``."""

    do: Literal["give"]
    who: Player = "chosen"
    count: Count = 1
    random: bool = False


class Break(BaseEffect):
    """``count`` of ``who``'s equipped cards (``from`` weapon or gear) go to their trash; the
    owner chooses (or at random); Legendary parts never break."""

    do: Literal["break"]
    who: Player = "self"
    from_: Literal["weapon", "gear"] = Field("weapon", alias="from")
    count: Count = 1
    random: bool = False


class Strength(BaseEffect):
    """``amount`` strength of ``element`` for ``who`` (or the monster) for ``duration``."""

    do: Literal["strength"]
    who: Who = "self"
    amount: Annotated[int, Field(ge=-50, le=50)]
    element: BonusElement = "neutral"
    duration: Literal["combat", "turn", "equipped"] | None = None

    @model_validator(mode="after")
    def _not_self_reading(self) -> Strength:
        # The fighter's whole strength would count a strength that depends on it.
        if (
            self.who != "monster"
            and self.if_ is not None
            and any(subject == "fighter" for subject, _, _ in parse_condition(self.if_))
        ):
            raise ValueError(
                "a player's strength cannot depend on `fighter` (the strength it adds "
                "to); read `strength` (the weapon) or give the monster the strength"
            )
        return self


class Roll(BaseEffect):
    """Roll ``dice``; the total is remembered as ``roll`` for later conditions of the card and,
    unless ``add`` is false, added as strength of ``element`` to ``who`` for ``duration``."""

    do: Literal["roll"]
    who: Who = "self"
    dice: Dice
    element: BonusElement = "neutral"
    duration: Literal["combat", "turn"] | None = None
    add: bool = True


class HandLimit(BaseEffect):
    """``who``'s hand limit changes by ``amount`` (``turn``: until the end of this turn)."""

    do: Literal["hand_limit"]
    who: Player = "self"
    amount: Annotated[int, Field(ge=-8, le=8)]
    duration: Literal["turn", "equipped"] | None = None


class SkipTurn(BaseEffect):
    """``who`` skips its next ``count`` turns."""

    do: Literal["skip_turn"]
    who: Player = "self"
    count: Annotated[int, Field(ge=1, le=3)] = 1


class Negate(BaseEffect):
    """Cancel the card or ability being answered; a cost already paid stays paid."""

    do: Literal["negate"]


class Fight(BaseEffect):
    """The owner fights ``who``, weapon against weapon: the winner applies ``win`` (with the
    loser as ``opponent``), the loser ``lose``; a draw does nothing."""

    do: Literal["fight"]
    who: Player = "chosen"
    win: list[Effect] = []
    lose: list[Effect] = []


class Bottom(BaseEffect):
    """The monster fought goes to the bottom of its deck: in a Lose effect instead of the trash;
    played during combat, the combat ends with neither Win nor Lose effect."""

    do: Literal["bottom"]


class Summon(BaseEffect):
    """Add ``count`` cards of ``deck`` to the monster fought, as its modifiers do: monsters
    (``same``: its own deck) and weapon parts by strength, Loot by value."""

    do: Literal["summon"]
    deck: Literal["same", "forest", "cavern", "dungeon", "anvil", "loot"] = "same"
    count: Count = 1


class Seek(BaseEffect):
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

# The model of each primitive, read from the union (``vocabulary.PRIMITIVES`` is built from it).
EFFECT_MODELS: tuple[type[BaseEffect], ...] = get_args(get_args(Effect)[0])


def primitive_name(model: type[BaseEffect]) -> str:
    """The ``do`` that names a primitive's model."""
    return str(get_args(model.model_fields["do"].annotation)[0])


# Every primitive by its ``do``: the classes of ``primitives.py`` (``vocabulary.Primitive``,
# which re-exports this dict), filled as the package imports them. The checks below read
# their traits when a card is checked; this module cannot import the classes, which are built
# on its models.
PRIMITIVES: dict[str, Any] = {}


def _primitive(do: str) -> Any:
    """The primitive named ``do``, whose traits decide the rules of this module's checks."""
    return PRIMITIVES[do]


def _walk(effects: Iterable[Any]) -> Iterable[Any]:
    """Every effect of a list, those nested in another (a `fight`'s) included."""
    for effect in effects:
        yield effect
        yield from _walk(_primitive(effect.do).nested(effect))


def _check_in_play(effects: list[Any], where: str) -> None:
    """Effects of a card in play: one-shots need an `on` trigger; no chosen seat, no negate."""
    for effect in effects:
        primitive = _primitive(effect.do)
        if primitive.continuous and effect.on is None:
            if effect.duration not in (None, "equipped"):
                raise ValueError(
                    f"{where}: a lasting {effect.do} takes no duration (or give it an `on` trigger)"
                )
            continue
        if primitive.negates:
            raise ValueError(f"{where}: {effect.do} answers a played card; a card in play cannot")
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
        if getattr(effect, "duration", None) == "equipped":
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
            primitive = _primitive(effect.do)
            if not primitive.cost:
                raise ValueError(f"cost: {effect.do} is not a cost")
            if getattr(effect, "who", "self") != "self" and not primitive.names_other:
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


# A card of any kind as mypy reads it; ``Card`` is the same union as pydantic reads it.
AnyCard = (
    ClassCard
    | PartCard
    | MonsterCard
    | ApproachCard
    | BossCard
    | TavernCard
    | ActionCard
    | GearCard
    | CurseCard
    | TreasureCard
)
Card = Annotated[AnyCard, Field(discriminator="kind")]
KIND_DECK = {
    "tavern": "tavern",
    "action": "quest",
    "gear": "quest",
    "curse": "quest",
    "treasure": "loot",
    "boss": "box",
    "class": "classes",
}


def deck_of(card: AnyCard) -> str:
    """The deck a card starts in: a deck name, "box" (Boss cards) or "classes"."""
    if isinstance(card, PartCard):
        return "loot" if card.legendary else "anvil"
    if isinstance(card, MonsterCard | ApproachCard):
        return card.deck
    return KIND_DECK[card.kind]


def effects_of(card: AnyCard) -> list[Effect]:
    """A card's own ``effects`` list: an Approach card and a Treasure have none."""
    if isinstance(card, ApproachCard | TreasureCard):
        return []
    return card.effects
