"""Fool's Blade heuristic: build the strongest weapon, hunt where the odds pay, hinder the leader.

Every decision is priced from the deciding seat's view and the public card set:
- destination: each Monster deck is priced by the chance of beating its monsters still
  unseen (this seat's strength against each monster's element, the modifiers' expected
  dice) times what a win brings (value, Loot), less what a loss costs; the Forge is worth
  the weapon slots still empty or weak, Questing a steady two cards;
- assembly: equip a part that is stronger than the one in its slot (or completes a set),
  and every Gear;
- windows: on its own turn play Tavern cards that draw or strengthen; in its own combat play
  just enough strength to win; in another player's combat play a card that turns a win into
  a loss when that player leads, and help anyone against a Boss; negate what aims at it;
- choices: discard and give the least useful card, steal and break the most valuable.
Classes are chosen at random, so that every class is measured in play. Reads only the view.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from ...core import Rng, State
from ...games.foolsblade.cards import CardSet
from ...games.foolsblade.schema import (
    AnyCard,
    BossCard,
    ClassCard,
    CurseCard,
    Discard,
    Effect,
    GearCard,
    MonsterCard,
    PartCard,
    Roll,
    Strength,
    effects_of,
    sides,
)
from ...games.foolsblade.strength import ELEMENT_CODE, clauses_of, satisfied
from ...games.foolsblade.strength import bonus_multiplier as _bonus_multiplier
from ...games.foolsblade.table import DECK_INDEX, MULTIPLIERS, PARTS, Table, latest_table
from ...games.foolsblade.views import CombatView, FoolsBladeView, LazyView
from ...games.foolsblade.vocabulary import PRIMITIVES
from ..classes import edition_of, measured_shares

if TYPE_CHECKING:
    from ...games.foolsblade.state import FoolsBladeState

__all__ = [
    "choose",
    "clock",
    "evaluate",
    "fights_this_turn",
    "measured",
    "strength_against",
    "view",
]

# What one card of a kind is worth to its holder, in points of score, before its effects.
LOOT_VALUE = 4.0  # the mean value of a Loot card (a Treasure or a Legendary part)
DRAWN_CARD_VALUE = 0.8  # a Tavern, Quest or Anvil card drawn by a Win effect
CARD_VALUE = {"tavern": 0.8, "action": 1.2, "gear": 1.5, "part": 1.0}
# Destination prices, in points of score.
QUEST_VALUE = 1.6
FORGE_BASE = 0.6
FORGE_PER_GAP = 1.5  # an empty weapon slot, filled from the Forge
# The search's leaf estimate (``evaluate``): what a point of strength, a card in hand and a
# Gear equipped are still worth at the start, in points of score (scaled down by the share
# of the game left); what a point of strength from a part seen going into the hand is worth
# (it is equipped on the next turn); the softmax's temperature at the end and added at the
# start. Fitted by benchmarks/foolsblade_evaluate.py (the winner's likelihood at 14,657 turn
# starts of 300 four-player `medium` games, v2 cards): log loss 1.111 against a uniform
# guess's 1.386; the score-and-strength estimate it replaced scored 1.43, worse than uniform.
EVALUATE_WEIGHTS = (1.5, 1.9, 6.33)
EVALUATE_UPGRADE = 1.98
EVALUATE_TEMPERATURE = (2.48, 25.9)
# How sure a strength margin makes a win: the logistic's scale, in points of strength.
MARGIN_SCALE = 2.5


def die_mean(die: str) -> float:
    """The mean face of a die."""
    return (sides(die) + 1) / 2


def multiplier(attack: str, defend: str) -> float:
    """How strength of element ``attack`` counts against a monster of element ``defend``."""
    return MULTIPLIERS[ELEMENT_CODE[defend]][ELEMENT_CODE[attack]]


def bonus_multiplier(element: str, defend: str) -> float:
    """As ``multiplier``, with "best": the element that counts most against ``defend``."""
    return _bonus_multiplier(ELEMENT_CODE[element], ELEMENT_CODE[defend])


def _table(view: FoolsBladeView) -> Table:
    """The compiled card set the view's game is played with."""
    source = view.get("cards")
    return latest_table(source if isinstance(source, str) else None)


def cards_of(view: FoolsBladeView) -> CardSet:
    """The card set the view's game is played with (its ``cards`` folder, else the default)."""
    return _table(view).set


# -- reading the view ----------------------------------------------------------------------


def _player_strength(view: FoolsBladeView) -> int:
    combat = view.get("combat")
    return combat["player_strength"] if combat else 0


# The subjects of conditions for a seat against a monster of a deck and an element, each
# read from the view when a condition asks (``_LazyFacts``).
_FACTS: dict[str, Callable[[FoolsBladeView, int, str, str], Any]] = {
    "hand": lambda view, seat, deck, element: view["hand_counts"][seat],
    "gear": lambda view, seat, deck, element: len(view["gear"][seat]),
    "parts": lambda view, seat, deck, element: sum(
        1 for p in PARTS if view["weapons"][seat].get(p)
    ),
    "stash": lambda view, seat, deck, element: len(view["stash"][seat]),
    "curses": lambda view, seat, deck, element: len(view["curses"][seat]),
    "turn": lambda view, seat, deck, element: view.get("turn", 0),
    "loot": lambda view, seat, deck, element: view["decks"]["loot"],
    "combat": lambda view, seat, deck, element: 1 if view.get("combat") else 0,
    "boss": lambda view, seat, deck, element: 1 if deck == "boss" else 0,
    "element": lambda view, seat, deck, element: element,
    "deck": lambda view, seat, deck, element: deck,
    "strength": lambda view, seat, deck, element: _player_strength(view),
    "fighter": lambda view, seat, deck, element: _player_strength(view),
    "monster": lambda view, seat, deck, element: (
        combat["monster_strength"] if (combat := view.get("combat")) else 0
    ),
    "roll": lambda view, seat, deck, element: 0,
}


def _facts(view: FoolsBladeView, seat: int, deck: str, element: str) -> dict[str, Any]:
    """The subjects of conditions for ``seat`` against a monster of ``deck`` and ``element``."""
    return {subject: read(view, seat, deck, element) for subject, read in _FACTS.items()}


class _LazyFacts:
    """``_facts(view, seat, deck, element)`` as a function of the subject, each read when a
    condition asks for it."""

    __slots__ = ("args", "found")

    def __init__(self, view: FoolsBladeView, seat: int, deck: str, element: str) -> None:
        self.args = (view, seat, deck, element)
        self.found: dict[str, Any] = {}

    def __call__(self, subject: str) -> Any:
        found = self.found
        if subject not in found:
            found[subject] = _FACTS[subject](*self.args)
        return found[subject]


def holds(condition: str | None, facts: dict[str, Any]) -> bool:
    """Whether an ``if`` condition holds for these facts (the game's own reading of it)."""
    return condition is None or satisfied(clauses_of(condition), facts.__getitem__)


# Per effect list (by identity; the list is kept so that its id is not reused): the
# effects that add strength for their holder at combat start, as (condition, mean, element).
_ADDING: dict[int, tuple[Sequence[Effect], list[tuple[str | None, float, str]]]] = {}


def _adding(effects: Sequence[Effect]) -> list[tuple[str | None, float, str]]:
    """The effects of ``effects`` that ``_effect_strength`` counts, in order, with their
    mean strength: lasting ``strength`` and ``roll`` for ``self`` or ``fighter``, not 0."""
    found = _ADDING.get(id(effects))
    if found is None or found[0] is not effects:
        rows: list[tuple[str | None, float, str]] = []
        for effect in effects:
            # Only these add strength (``mean_strength``); the rest count 0 here.
            if not isinstance(effect, Strength | Roll) or effect.who not in ("self", "fighter"):
                continue
            mean = PRIMITIVES[effect.do].mean_strength(effect)
            if mean and effect.on in (None, "combat"):
                rows.append((effect.if_, mean, effect.element))
        found = _ADDING[id(effects)] = (effects, rows)
    return found[1]


def _effect_strength(effects: Sequence[Effect], facts: Callable[[str], Any], element: str) -> float:
    """The strength for their holder that effects bring against ``element``: lasting
    ``strength`` and ``roll`` at combat start, at their dice's mean (``facts``: the value
    of a condition's subject)."""
    total = 0.0
    for condition, mean, bonus_element in _adding(effects):
        if condition is None or satisfied(clauses_of(condition), facts):
            total += mean * bonus_multiplier(bonus_element, element)
    return total


# A card's part in ``strength_against`` against a monster of one element: what it adds
# before its effects (a part's own strength), and its effects' strength (``_adding``) as
# (clauses or None, mean times multiplier), or, when no row has a condition, their sum
# found once (the same additions in the same order, so the same float).
_Rows = tuple[tuple[tuple[Any, ...] | None, float], ...]
_Profile = tuple[float, float | None, _Rows]
# The kinds of card a profile is kept for: "bonus" is a Blade's set bonus.
_KINDS = ("part", "bonus", "gear", "curse", "class")
_MODELS: dict[str, type[AnyCard]] = {
    "part": PartCard,
    "bonus": PartCard,
    "gear": GearCard,
    "curse": CurseCard,
    "class": ClassCard,
}
# Per card set (by identity; the set is kept so that its id is not reused) and defending
# element: each kind's profiles by card id (``_profile``).
_PROFILES: dict[tuple[int, str], tuple[CardSet, dict[str, dict[str, _Profile]]]] = {}


def _profiles(cards: CardSet, element: str) -> dict[str, dict[str, _Profile]]:
    """The profiles found so far against ``element`` with ``cards``, by kind and card id."""
    key = (id(cards), element)
    found = _PROFILES.get(key)
    if found is None or found[0] is not cards:
        found = _PROFILES[key] = (cards, {kind: {} for kind in _KINDS})
    return found[1]


def _profile(cards: CardSet, kind: str, card_id: str, element: str) -> _Profile:
    """The profile of card ``card_id`` (of ``kind``, one of ``_KINDS``) against a monster
    of ``element``, worked out once a card set and kept in ``_profiles``."""
    card = cards.card(card_id, _MODELS[kind])
    base = 0.0
    if isinstance(card, PartCard):
        effects = card.set_bonus if kind == "bonus" else card.effects
        if kind == "part":
            base = card.strength * MULTIPLIERS[ELEMENT_CODE[element]][ELEMENT_CODE[card.element]]
    else:
        effects = cast("GearCard | CurseCard | ClassCard", card).effects
    rows = tuple(
        (
            None if condition is None else clauses_of(condition),
            mean * bonus_multiplier(bonus, element),
        )
        for condition, mean, bonus in _adding(effects)
    )
    fixed: float | None = None
    if all(clauses is None for clauses, _ in rows):
        fixed = 0.0
        for _, value in rows:
            fixed += value
    profile = _profiles(cards, element)[kind][card_id] = (base, fixed, rows)
    return profile


def _profile_strength(profile: _Profile, facts: Callable[[str], Any]) -> float:
    """What a card's effects add (``_effect_strength``), from its profile."""
    fixed = profile[1]
    if fixed is not None:
        return fixed
    total = 0.0
    for clauses, value in profile[2]:
        if clauses is None or satisfied(clauses, facts):
            total += value
    return total


def strength_against(view: FoolsBladeView, seat: int, deck: str, element: str) -> float:
    """``seat``'s expected strength against a monster of ``deck`` and ``element``, from its
    weapon, set bonus, Gear, class and curses (Tavern and Action cards not counted)."""
    cards = cards_of(view)
    facts = _LazyFacts(view, seat, deck, element)
    profiles = _profiles(cards, element)
    # Each card's part is worked out once a card set and element (``_profile``), and the
    # totals are added in the order and grouping of ``_effect_strength``'s, so that they
    # are the same floats. Effects that add nothing are skipped: adding 0.0 changes no total.
    total = 0.0
    weapon = [w for w in view["weapons"][seat].values() if w]
    found = profiles["part"]
    for part in weapon:
        profile = found.get(part) or _profile(cards, "part", part, element)
        total += profile[0]
        if profile[2]:
            total += _profile_strength(profile, facts)
    if len(weapon) == 4 and len({cards.card(p, PartCard).set for p in weapon}) == 1:
        blade = next(p for p in weapon if cards.card(p, PartCard).part == "blade")
        profile = profiles["bonus"].get(blade) or _profile(cards, "bonus", blade, element)
        if profile[2]:
            total += _profile_strength(profile, facts)
    found = profiles["gear"]
    for gear in view["gear"][seat]:
        profile = found.get(gear) or _profile(cards, "gear", gear, element)
        if profile[2]:
            total += _profile_strength(profile, facts)
    found = profiles["curse"]
    for curse, _ in view["curses"][seat]:
        profile = found.get(curse) or _profile(cards, "curse", curse, element)
        if profile[2]:
            total += _profile_strength(profile, facts)
    chosen = view["classes"][seat]
    if chosen:
        profile = profiles["class"].get(chosen) or _profile(cards, "class", chosen, element)
        if profile[2]:
            total += _profile_strength(profile, facts)
    # Strength played for the seat this turn or combat counts until it ends: a bonus the
    # destination's price left out would be wasted by going to the Forge.
    for who, amount, played_element, _ in view["bonuses"]:
        if who == seat:
            total += amount * bonus_multiplier(played_element, element)
    return total


def _monster_strength(card: MonsterCard | BossCard, deck_mean: float) -> float:
    """A monster's (or Boss card's) expected strength with its modifiers."""
    total = float(card.strength)
    for modifier in card.modifiers:
        if modifier.startswith("d"):
            total += die_mean(modifier)
        elif modifier == "monster":
            total += deck_mean
        elif modifier == "anvil":
            total += 2.5
        else:
            total += LOOT_VALUE
    return total


class _Nothing:
    """A judge (``vocabulary.Judge``) to whom no effect is worth anything: the base of the
    judges that price only some (each says which, and why the rest are worth 0)."""

    def cards(self, effect: Any, count: int) -> float:
        return 0.0

    def strength(self, effect: Any, amount: float) -> float:
        return 0.0

    def discard(self, effect: Any) -> float:
        return 0.0

    def breaks(self, effect: Any) -> float:
        return 0.0

    def skip(self, effect: Any) -> float:
        return 0.0

    def take(self, effect: Any) -> float:
        return 0.0

    def fight(self, effect: Any) -> float:
        return 0.0

    def reveal(self, effect: Any) -> float:
        return 0.0

    def limit(self, effect: Any) -> float:
        return 0.0

    def give(self, effect: Any) -> float:
        return 0.0

    def escape(self, effect: Any) -> float:
        return 0.0

    def summon(self, effect: Any) -> float:
        return 0.0

    def negate(self, effect: Any) -> float:
        return 0.0


class _Outcome(_Nothing):
    """What an effect of a combat's outcome does to its player: cards gained, and cards,
    turns and hand room lost (what is played against others or the monster is not priced:
    the outcome is applied, not chosen)."""

    def cards(self, effect: Any, count: int) -> float:
        per = LOOT_VALUE if getattr(effect, "deck", None) == "loot" else DRAWN_CARD_VALUE
        return float(per * count)

    def discard(self, effect: Any) -> float:
        return -1.0 * int(effect.count)

    def give(self, effect: Any) -> float:
        return -1.0 * int(effect.count)

    def breaks(self, effect: Any) -> float:
        return -2.5 * int(effect.count)

    def skip(self, effect: Any) -> float:
        return -2.0

    def limit(self, effect: Any) -> float:
        return -0.5


class _Keep(_Nothing):
    """What an effect adds to the worth of holding its card: Loot to draw, a negate kept for
    the play that aims at its holder (the rest is in the card's kind)."""

    def cards(self, effect: Any, count: int) -> float:
        return 2.0 if getattr(effect, "deck", None) == "loot" else 0.0

    def negate(self, effect: Any) -> float:
        return 0.5


OUTCOME = _Outcome()
KEEP = _Keep()


def _outcome(effects: Iterable[Effect]) -> list[float]:
    """What each effect of a combat's outcome does to its player, in points of score."""
    return [PRIMITIVES[e.do].value(e, OUTCOME) for e in effects]


def _win_reward(effects: Iterable[Effect]) -> float:
    """What a Win (or an Approach's) effect list brings its player, in points of score."""
    total = 0.0
    for worth in _outcome(effects):
        if worth > 0:
            total += worth
    return total


def _lose_cost(effects: Iterable[Effect]) -> float:
    """What a Lose effect list costs its player, in points of score."""
    total = 0.0
    for worth in _outcome(effects):
        if worth < 0:
            total -= worth
    return total


# Per monster card (by identity, kept): what a win brings and a loss costs (``hunt_value``).
_STAKES: dict[int, tuple[MonsterCard, float, float]] = {}


def _stakes(monster: MonsterCard) -> tuple[float, float]:
    """What beating ``monster`` brings (its value and Win effects) and what losing to it
    costs (its Lose effects and 0.5), in points of score."""
    found = _STAKES.get(id(monster))
    if found is None or found[0] is not monster:
        gain = monster.value + _win_reward(monster.win)
        found = _STAKES[id(monster)] = (monster, gain, _lose_cost(monster.lose) + 0.5)
    return found[1], found[2]


def _unseen_monsters(view: FoolsBladeView, deck: str) -> list[MonsterCard]:
    """The monsters of ``deck`` not in any Stash (those may still come up)."""
    table = _table(view)
    gone: dict[str, int] = {}
    for stash in view["stash"]:
        for card_id in stash:
            gone[card_id] = gone.get(card_id, 0) + 1
    out: list[MonsterCard] = []
    for index in table.starting_decks[DECK_INDEX[deck]]:
        card = table.cards[index]
        if not isinstance(card, MonsterCard):
            continue
        if gone.get(card.id, 0):
            gone[card.id] -= 1
        else:
            out.append(card)
    return out


def roll_chance(dice: list[str], condition: str) -> float:
    """The chance that a roll of ``dice`` meets the ``roll`` clauses of ``condition``."""
    totals = {0: 1.0}
    for die in dice:
        faces = sides(die)
        nxt: dict[int, float] = {}
        for total, chance in totals.items():
            for face in range(1, faces + 1):
                nxt[total + face] = nxt.get(total + face, 0.0) + chance / faces
        totals = nxt
    clauses = tuple(c for c in clauses_of(condition) if c[0] == "roll")
    met = 0.0
    for total, chance in totals.items():
        if satisfied(clauses, {"roll": total}.__getitem__):
            met += chance
    return met


def win_chance(margin: float) -> float:
    """The chance of winning with an expected strength margin (mine minus the monster's)."""
    return 1.0 / (1.0 + math.exp(-(margin - 0.5) / MARGIN_SCALE))


def hunt_value(view: FoolsBladeView, seat: int, deck: str) -> float:
    """The expected worth of hunting in ``deck`` now, in points of score."""
    monsters = _unseen_monsters(view, deck)
    if not monsters or view["decks"][deck] == 0:
        return -math.inf
    mean = sum(m.strength for m in monsters) / len(monsters)
    total = 0.0
    against: dict[str, float] = {}
    for monster in monsters:
        mine = against.get(monster.element)
        if mine is None:
            mine = against[monster.element] = strength_against(view, seat, deck, monster.element)
        p = win_chance(mine - _monster_strength(monster, mean))
        gain, loss = _stakes(monster)
        total += p * gain - (1.0 - p) * loss
    return total / len(monsters)


def _weapon_gaps(view: FoolsBladeView, seat: int) -> int:
    return sum(1 for p in PARTS if not view["weapons"][seat].get(p))


def _seat(view: FoolsBladeView) -> int:
    seat = view["current_player"] if view["seat"] is None else view["seat"]
    if seat is None:
        raise ValueError("a spectator's view while nobody decides has no seat to play")
    return seat


def _leader(view: FoolsBladeView, me: int) -> int:
    """The opponent with the highest score (the earliest seat on ties)."""
    others = [s for s in range(view["players"]) if s != me]
    return max(others, key=lambda s: view["scores"][s])


def _part_worth(card: PartCard) -> float:
    """A part's worth in a weapon: its strength, an elemental one a little less sure."""
    return float(card.strength) * (1.0 if card.element == "neutral" else 0.9)


def card_worth(view: FoolsBladeView, seat: int, card_id: str) -> float:
    """What a card in hand (or in play) is worth to ``seat``, to keep rather than lose."""
    card = cards_of(view).by_id[card_id]
    if card.kind in ("treasure", "monster"):
        return float(card.value) + 2.0
    if card.kind == "part":
        if card.legendary:
            return float(card.strength) + 2.0
        equipped = view["weapons"][seat].get(card.part)
        if equipped == card_id:
            return _part_worth(card) + 2.0
        if not equipped:
            return _part_worth(card) + 1.5
        current = cards_of(view).card(equipped, PartCard)
        return 0.5 + max(0.0, _part_worth(card) - _part_worth(current))
    base = CARD_VALUE.get(card.kind, 0.5)
    for effect in effects_of(card):
        base += PRIMITIVES[effect.do].value(effect, KEEP)
    return base


# -- decisions -----------------------------------------------------------------------------


def _split(action: str) -> tuple[str, str, int | None]:
    """An action text as (verb, card or deck, target seat or None)."""
    words = action.split(" ")
    verb = words[0]
    card = words[1] if len(words) > 1 else ""
    target = int(words[3]) if len(words) == 4 and words[2] == "on" else None
    return verb, card, target


def choose(view: FoolsBladeView, rng: Rng) -> str:
    """The heuristic's action for the view's seat."""
    legal: list[str] = view["legal_actions"]
    if len(legal) == 1:
        return legal[0]
    me = _seat(view)
    verbs = {a.partition(" ")[0] for a in legal}
    if "choose" in verbs:
        return rng.choice(legal)
    if verbs & {"discard", "give", "steal", "break"}:
        return _pick_card(view, me, legal)
    if "take" in verbs or "reforge" in verbs:
        return _forge(view, me, legal)
    if verbs & {"forge", "quest", "hunt", "equip", "fight"}:
        return _assembly(view, me, legal)
    return _window(view, me, legal)


def measured(view: FoolsBladeView, rng: Rng) -> str | None:
    """At the class choice, the offered class with the highest win share measured for the
    game's edition and table size (``parlour.bots.classes``; an unmeasured class counts as
    fair), at random for an edition without measurements; ``None`` at every other decision."""
    legal: list[str] = view["legal_actions"]
    if not legal[0].startswith("choose "):
        return None
    shares = measured_shares(edition_of(view.get("cards")), view["players"])
    if shares is None:
        return rng.choice(legal)
    return max(legal, key=lambda action: shares.get(_split(action)[1], 1.0))


def _pick_card(view: FoolsBladeView, me: int, legal: list[str]) -> str:
    """Discard or give the least worth; steal the most; break an opponent's best, our worst."""
    scored: list[tuple[float, str]] = []
    for action in legal:
        verb, card, _ = _split(action)
        if verb not in ("discard", "give", "steal", "break"):
            scored.append((-100.0, action))  # a bare `pass` only when nothing else is asked
            continue
        worth = card_worth(view, me, card)
        if verb == "steal" or (verb == "break" and not _owns(view, me, card)):
            scored.append((worth, action))
        else:
            scored.append((-worth, action))
    return max(scored)[1]


def _owns(view: FoolsBladeView, seat: int, card: str) -> bool:
    return card in view["weapons"][seat].values() or card in view["gear"][seat]


def _forge(view: FoolsBladeView, me: int, legal: list[str]) -> str:
    """Take the part that improves the weapon most; reforge a hand part worth less than the
    best part left."""
    best, best_gain = legal[0], -math.inf
    for action in legal:
        verb, card, _ = _split(action)
        if verb == "take":
            gain = _take_gain(view, me, card)
        elif verb == "reforge":
            # Worth it when the best part left at the Forge beats the part given up.
            left = [c for c in view.get("forge") or [] if c in cards_of(view).by_id]
            best_left = max((_take_gain(view, me, c) for c in left), default=-math.inf)
            gain = best_left - card_worth(view, me, card)
        else:
            gain = 0.0
        if gain > best_gain:
            best, best_gain = action, gain
    return best


def _take_gain(view: FoolsBladeView, me: int, card_id: str) -> float:
    cards = cards_of(view)
    card = cards.card(card_id, PartCard)
    equipped = view["weapons"][me].get(card.part)
    held = [
        found
        for found in (cards.by_id.get(c) for c in view.get("hand", []))
        if isinstance(found, PartCard)
    ]
    best_held = max((_part_worth(c) for c in held if c.part == card.part), default=0.0)
    current = _part_worth(cards.card(equipped, PartCard)) if equipped else 0.0
    return _part_worth(card) - max(current, best_held) + (1.0 if not equipped else 0.0)


def _boss_card(view: FoolsBladeView, me: int, legal: list[str]) -> str:
    """Fight the Boss card with the best margin."""
    cards = cards_of(view)
    best, best_margin = legal[0], -math.inf
    for action in legal:
        _, card, _ = _split(action)
        boss = cards.card(card, BossCard)
        mine = strength_against(view, me, "boss", boss.element)
        margin = mine - _monster_strength(boss, 8.0)
        if margin > best_margin:
            best, best_margin = action, margin
    return best


def _assembly(view: FoolsBladeView, me: int, legal: list[str]) -> str:
    """Equip what helps, then the destination worth the most."""
    cards = cards_of(view)
    for action in legal:
        verb, card, _ = _split(action)
        if verb != "equip":
            continue
        found = cards.by_id[card]
        if not isinstance(found, PartCard):  # Gear: always worn
            return action
        equipped = view["weapons"][me].get(found.part)
        if not equipped or _equip_gain(view, me, found, cards.card(equipped, PartCard)) > 0:
            return action
    fights = [a for a in legal if a.startswith("fight ")]
    if fights:
        return _boss_card(view, me, fights)
    options = _destinations(view, me, legal)
    if not options:
        return _window(view, me, legal)
    return max(options)[1]


def _destinations(view: FoolsBladeView, me: int, legal: list[str]) -> list[tuple[float, str]]:
    """The destinations among ``legal``, each with its worth to ``me``."""
    options: list[tuple[float, str]] = []
    gaps = _weapon_gaps(view, me)
    for action in legal:
        verb, card, _ = _split(action)
        if verb == "forge":
            options.append((FORGE_BASE + FORGE_PER_GAP * gaps, action))
        elif verb == "quest":
            options.append((QUEST_VALUE, action))
        elif verb == "hunt":
            options.append((hunt_value(view, me, card), action))
    return options


def fights_this_turn(view: FoolsBladeView, me: int) -> bool:
    """Whether ``me``, the active seat before its destination, will fight this turn: a Boss
    gathered (an armed seat must fight it), else a hunt priced above the Forge and Questing
    (the weapon as it is: parts equipped later are not foreseen)."""
    if not any(view["weapons"][me].get(p) for p in PARTS):
        return False
    boss = view["boss"]
    if boss is not None:
        return bool(boss["cards"])
    decks, trash = view["decks"], view["trash"]
    open_decks = [deck for deck in decks if decks[deck] or trash.get(deck)]
    legal = [f"hunt {d}" for d in ("forest", "cavern", "dungeon") if d in open_decks]
    legal += [verb for verb, deck in (("forge", "anvil"), ("quest", "quest")) if deck in open_decks]
    options = _destinations(view, me, legal)
    return bool(options) and max(options)[1].startswith("hunt ")


def _equip_gain(view: FoolsBladeView, me: int, new: PartCard, old: PartCard) -> float:
    """How much better ``new`` is than the equipped ``old`` (a set completed counts 3)."""
    gain = _part_worth(new) - _part_worth(old)
    cards = cards_of(view)
    weapon = [
        cards.card(w, PartCard) for p, w in view["weapons"][me].items() if w and p != new.part
    ]
    if len(weapon) == 3:
        sets_after = {p.set for p in weapon} | {new.set}
        sets_before = {p.set for p in weapon} | {old.set}
        gain += 3.0 * (len(sets_after) == 1) - 3.0 * (len(sets_before) == 1)
    return gain


def _window(view: FoolsBladeView, me: int, legal: list[str]) -> str:
    """In a response window: the play worth the most, or ``pass``."""
    best, best_score = "pass" if "pass" in legal else legal[0], 0.0
    for action in legal:
        verb, card, target = _split(action)
        if verb not in ("play", "use"):
            continue
        score = _play_score(view, me, card, target)
        if score > best_score:
            best, best_score = action, score
    return best


def _play_score(view: FoolsBladeView, me: int, card_id: str, target: int | None) -> float:
    """What playing a card (or using the class) now is worth to this seat; 0 or less: not."""
    table = _table(view)
    index = table.index[card_id]
    kind = table.kind[index]
    effects = table.played[index]
    cost = table.ability_cost[index]
    if any(PRIMITIVES[e.do].negates for e in effects):
        return _negate_score(view, me)
    judge = _Play(view, me, target, view["active"], view.get("combat"))
    score = 0.0
    dice: list[str] = []
    for effect in effects:
        chance = 1.0
        if isinstance(effect, Roll):  # its total feeds the conditions after it
            dice = list(effect.dice)
        elif effect.if_ is not None and "roll" in effect.if_:
            chance = roll_chance(dice, effect.if_)
        score += chance * PRIMITIVES[effect.do].value(effect, judge)
    if kind != "class":
        score -= CARD_VALUE.get(kind, 0.5) * 0.5  # a card held keeps its options open
    return score - _cost(view, me, cost, card_id)


def _cost(view: FoolsBladeView, me: int, cost: Sequence[Effect], playing: str) -> float:
    """What paying a cost would take from this seat: the cheapest cards that pay it."""
    cards = cards_of(view).by_id
    hand = [c for c in view.get("hand", []) if c != playing]
    total = 0.0
    for effect in cost:
        if not isinstance(effect, Discard):  # a discard is priced by the cards that pay it
            total += 2.0 * getattr(effect, "count", 1)
            continue
        fits = sorted(
            card_worth(view, me, c)
            for c in hand
            if (effect.deck is None or _deck(cards[c]) == effect.deck)
            and (effect.kind is None or cards[c].kind == effect.kind)
        )
        if len(fits) < effect.count:
            return math.inf
        total += sum(fits[: effect.count])
    return total


def _deck(card: AnyCard) -> str:
    """The deck a hand card belongs to (its trash pile)."""
    if card.kind == "part":
        return "anvil"
    return "tavern" if card.kind == "tavern" else "quest"


class _Play:
    """What an effect played now is worth to ``me`` (``target``: the chosen seat)."""

    def __init__(
        self,
        view: FoolsBladeView,
        me: int,
        target: int | None,
        active: int | None,
        combat: CombatView | None,
    ) -> None:
        self.view, self.me, self.target = view, me, target
        self.active, self.combat = active, combat
        self._leader: int | None = None

    @property
    def leader(self) -> int:
        """The opponent with the highest score, found when first asked (``_leader``)."""
        if self._leader is None:
            self._leader = _leader(self.view, self.me)
        return self._leader

    def cards(self, effect: Any, count: int) -> float:
        """Cards for me, a share of them for each player, none for others."""
        worth = (LOOT_VALUE if getattr(effect, "deck", None) == "loot" else 1.0) * int(count)
        who = effect.who
        if who == "self":
            return worth
        return worth / self.view["players"] if who == "each" else 0.0

    def strength(self, effect: Any, amount: float) -> float:
        return _strength_play(self.view, self.me, effect, amount, self.combat, self.active)

    def _hindered(self, effect: Any) -> float:
        """The leader hindered when chosen; never myself."""
        if effect.who == "chosen":
            return 1.2 if self.target == self.leader else -1.0
        return -1.0

    def discard(self, effect: Any) -> float:
        """As a hindrance; discarding each hand costs me one card only if I hold another."""
        if effect.who == "each":
            view = self.view
            mine = 1.0 if view["hand_counts"][self.me] > 1 else 0.0
            return 0.4 * (int(view["players"]) - 1) - mine
        return self._hindered(effect)

    def breaks(self, effect: Any) -> float:
        return self._hindered(effect)

    def skip(self, effect: Any) -> float:
        return self._hindered(effect)

    def take(self, effect: Any) -> float:
        """A card for us and one fewer for the leader."""
        target = self.target
        if target is None or target != self.leader:
            return -1.0
        return 2.2 if self.view["hand_counts"][target] or effect.from_ != "hand" else -1.0

    def fight(self, effect: Any) -> float:
        """The leader fought with a clear margin."""
        target = self.target
        if target is None or target != self.leader:
            return -1.0
        mine = strength_against(self.view, self.me, "boss", "neutral")
        theirs = strength_against(self.view, target, "boss", "neutral")
        return 1.5 if mine > theirs + 1 else -1.0

    def reveal(self, effect: Any) -> float:
        return 0.7 * int(effect.count)

    def limit(self, effect: Any) -> float:
        return 0.1 if effect.amount > 0 else -0.1

    def give(self, effect: Any) -> float:
        return -0.8

    def escape(self, effect: Any) -> float:
        """Out of my own combat that I am losing, sparing its Lose effect."""
        view, combat = self.view, self.combat
        if combat is None or combat["seat"] != self.me or view["boss"] is not None:
            return -1.0
        if combat["player_strength"] >= combat["monster_strength"]:
            return -1.0
        table = _table(view)
        return 0.5 + _lose_cost(table.lose[table.index[combat["monster"]]])

    def summon(self, effect: Any) -> float:
        return _sabotage(self.view, self.me, self.combat, 4.0)

    def negate(self, effect: Any) -> float:
        """Priced whole, with the play it answers, by ``_negate_score``."""
        return 0.0


def _strength_play(
    view: FoolsBladeView,
    me: int,
    effect: Any,
    amount: float,
    combat: CombatView | None,
    active: int | None,
) -> float:
    """The worth of ``amount`` strength added now by a strength or roll effect: flipping a
    combat's outcome."""
    who = effect.who
    if combat is None:
        # Tavern phase: strength "this turn" helps the active player's coming combat, and
        # is wasted when the turn has none (counted with the strength, which may tip it).
        if who == "self" and active == me and effect.duration == "turn":
            element = getattr(effect, "element", "neutral")
            played = [*view["bonuses"], [me, amount, element, "turn"]]
            if not fights_this_turn(cast("FoolsBladeView", _Overlay(view, played)), me):
                return -1.0
            return 0.6 + 0.05 * amount
        if who == "active" and active != me and amount < 0:
            return 0.8 if active == _leader(view, me) else -0.5
        return -0.5
    element = combat["element"]
    if who == "monster":
        amount = -amount
        counted = amount
    else:
        counted = amount * bonus_multiplier(effect.element, element)
    fighter = combat["seat"]
    helps_fighter = who in ("self", "fighter", "monster") and (who != "self" or fighter == me)
    if who == "self" and fighter != me:
        return -1.0
    mine_now = combat["player_strength"]
    theirs = combat["monster_strength"]
    boss = view["boss"] is not None
    if helps_fighter and counted > 0:
        if fighter != me and not boss:
            return -1.0
        if mine_now > theirs:
            return -1.0
        return 3.0 if mine_now + counted > theirs else 0.5 * counted / max(1.0, theirs - mine_now)
    if counted < 0 and fighter != me and not boss:
        return _sabotage(view, me, combat, -counted)
    return -1.0


class _Overlay(dict[str, Any]):
    """``view`` with other ``bonuses``, the rest read from ``view`` when asked (a copy of a
    view read key by key would compute every key)."""

    def __init__(self, view: FoolsBladeView, bonuses: list[list[Any]]) -> None:
        super().__init__(bonuses=bonuses)
        self.view = view

    def __missing__(self, key: str) -> Any:
        return self.view[key]  # type: ignore[literal-required]

    def get(self, key: str, default: Any = None) -> Any:
        return self["bonuses"] if key == "bonuses" else self.view.get(key, default)


def _sabotage(view: FoolsBladeView, me: int, combat: CombatView | None, amount: float) -> float:
    """The worth of taking ``amount`` strength from another fighter's winning combat."""
    if combat is None or combat["seat"] == me or view["boss"] is not None:
        return -1.0
    fighter = combat["seat"]
    winning = combat["player_strength"] > combat["monster_strength"]
    flips = combat["player_strength"] - amount <= combat["monster_strength"]
    if not (winning and flips):
        return -1.0
    return 2.0 if view["scores"][fighter] >= view["scores"][me] else 0.2


def _negate_score(view: FoolsBladeView, me: int) -> float:
    """Negate when the card being answered was played by another seat and aims at this one."""
    pending = view.get("pending")
    if not isinstance(pending, dict):
        return -1.0
    if pending.get("seat") == me:
        return -1.0
    return 2.0 if pending.get("target") == me else -1.0


def features(view: FoolsBladeView) -> tuple[float, list[tuple[float, ...]]]:
    """The share of the game still to come (the Loot deck left), and per seat what
    ``evaluate`` weighs: score, strength (against a neutral Forest monster), cards in hand,
    Gear equipped, and the strength that parts seen going into the hand would add."""
    cards = cards_of(view).by_id
    loot_left = view["decks"]["loot"]
    drawn = sum(
        1 for stash in view["stash"] for c in stash if cards[c].kind in ("treasure", "part")
    )
    to_come = loot_left / max(1, loot_left + drawn)
    rows: list[tuple[float, ...]] = [
        (
            float(score),
            strength_against(view, seat, "forest", "neutral"),
            float(view["hand_counts"][seat]),
            float(len(view["gear"][seat])),
            _upgrade(view, seat),
        )
        for seat, score in enumerate(view["scores"])
    ]
    return to_come, rows


def _upgrade(view: FoolsBladeView, seat: int) -> float:
    """The strength the best part of each kind known to be in ``seat``'s hand would add to
    its weapon (a part taken at the Forge is seen, and is equipped on the next turn)."""
    cards = cards_of(view)
    weapon = view["weapons"][seat]
    gains: dict[str, float] = {}
    for card_id in view["known"][seat]:
        card = cards.by_id[card_id]
        if not isinstance(card, PartCard) or card.legendary:
            continue
        equipped = weapon.get(card.part)
        now = cards.card(equipped, PartCard).strength if equipped else 0
        gains[card.part] = max(gains.get(card.part, 0.0), float(card.strength - now))
    return sum(gain for gain in gains.values() if gain > 0)


def evaluate(view: FoolsBladeView) -> list[float]:
    """Per seat, an estimated share of the win: a softmax of the score plus what strength,
    cards in hand and Gear may still earn, the less the nearer the end."""
    to_come, rows = features(view)
    estimates = [
        row[0]
        + sum(w * x for w, x in zip(EVALUATE_WEIGHTS, row[1:-1], strict=True)) * to_come
        + EVALUATE_UPGRADE * row[-1]
        for row in rows
    ]
    # The nearer the end, the more the standing decides.
    temperature = EVALUATE_TEMPERATURE[0] + EVALUATE_TEMPERATURE[1] * to_come
    high = max(estimates)
    weights = [math.exp((e - high) / temperature) for e in estimates]
    total = sum(weights)
    return [w / total for w in weights]


def view(state: State, seat: int | None) -> dict[str, Any]:
    """What the bots read: ``state.view(seat)``, each key computed when read (a heuristic
    step reads a few of them)."""
    return LazyView(cast("FoolsBladeState", state), seat)


def clock(state: State) -> int:
    """The turns begun so far (the view's ``turn``): a playout cut where it changes is
    scored at a turn's start, where ``evaluate`` was fitted."""
    return cast("FoolsBladeState", state).turn
