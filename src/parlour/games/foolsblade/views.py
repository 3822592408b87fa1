"""Information sets: what a seat may know (``view``) and states it cannot tell apart.

Everything on the table is public: weapons, gear, stashes, curses, trash piles, the Forge,
the monster fought and the Boss, and the cards everyone saw go into a hand (``known``: a
Handle, a part taken at the Forge, a revealed card kept) until they leave it or the hand
loses a card unseen. Hidden are the rest of other seats' hands and the order of every deck.
A seat's recall is the view: ``determinize`` redraws every hidden card from what is neither
in the seat's hand nor known nor face up, so a card seen going under a deck is forgotten.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ...core import Rng, derive_seed
from ...core.views import CommonView
from .scoring import score_parts
from .steps import DECISION_NAMES, LOSE, MONSTER, PHASE_NAMES, WIN, WINDOW_NAMES, ZONES, NegateTask
from .strength import (
    fighter_strength,
    hand_limits,
    is_full_set,
    monster_parts,
    monster_strength,
    strength_parts,
)
from .table import ANVIL, DECKS, ELEMENTS, LOOT, MONSTER_DECKS, PARTS, QUEST, TAVERN

if TYPE_CHECKING:
    from .state import FoolsBladeState


class CombatView(TypedDict):
    """The combat in play, both strengths after modifiers and the element table."""

    seat: int
    monster: str
    element: str
    monster_strength: int
    player_strength: int
    player_parts: list[list[Any]]  # ``[label, amount]``: weapon, set bonus, gear, class ...
    monster_parts: list[list[Any]]  # ``[label, amount]``: printed, modifiers, effects, played
    summoned: list[str]


class BossView(TypedDict):
    """The Boss fight: the Approach card, the Boss cards left, strikes so far and allowed."""

    approach: str
    cards: list[str]
    strikes: int
    strike_limit: int


class WindowView(TypedDict):
    """A response window: what it answers, the seat it opened at, passes so far; once a seat
    has made the most plays one seat may make in a window (``play_cap``), the seats that
    have (``capped``), which are no longer asked."""

    kind: str
    seat: int
    passes: int
    capped: NotRequired[list[int]]
    play_cap: NotRequired[int]


class PendingView(TypedDict):
    """A card or ability played and waiting for the window to close."""

    seat: int
    card: str
    target: int | None
    ability: bool
    negated: bool


class DecisionView(TypedDict):
    """A choice a seat must make now (discard, give, pick from a zone ...)."""

    kind: str
    seat: int
    count: int
    other: int | None
    zone: str
    source: str | None  # the card whose effect asks, None for the hand limit
    why: str  # why the decision is asked, for people
    ask: str  # what is asked, for people: "Discard 1 card", "Break 1 part of Gear"


class FoolsBladeView(CommonView):
    """``view(seat)`` of Fool's Blade: the keys API.md lists, and the windows and choices."""

    classes: list[str | None]
    weapons: list[dict[str, str | None]]  # per seat: part name to card id
    gear: list[list[str]]
    stash: list[list[str]]
    curses: list[list[list[Any]]]  # per seat: ``[id, turns_left]``
    hand_counts: list[int]
    known: list[list[str]]  # per seat: cards everyone saw go into its hand
    hand_limits: list[int]
    decks: dict[str, int]  # deck name: cards left
    trash: dict[str, list[str]]
    forge: list[str] | None
    combat: CombatView | None
    boss: BossView | None
    active: int | None  # whose turn it is; None while the classes are chosen
    turn: int
    phase: str
    first_player: int
    max_turns: int
    cards: str | None  # the card folder played with, None for the game's own
    window: WindowView | None
    pending: PendingView | None
    decision: DecisionView | None
    bonuses: list[list[Any]]  # ``[seat or None, amount, element, "turn" or "combat"]``
    skips: list[int]
    abilities_used: list[bool]
    removed: list[str]
    score_parts: list[dict[str, int]]  # per seat: weapon, monsters, treasures, legendary
    roll: int
    hand: NotRequired[list[str]]  # the seat's own ids; absent for spectators


HAND_DECKS = (TAVERN, ANVIL, QUEST)
BONUS_ELEMENTS = (*ELEMENTS, "best")


# The combat's keys, in the view's order, each read from the state (``combat_seat`` >= 0).
_COMBAT: dict[str, Callable[[FoolsBladeState], Any]] = {
    "seat": lambda state: state.combat_seat,
    "monster": lambda state: state.table.ids[state.combat_card],
    "element": lambda state: ELEMENTS[state.table.element[state.combat_card]],
    "monster_strength": monster_strength,
    "player_strength": fighter_strength,
    # The fighter's strength in its parts ([label, amount], summing to it unless that
    # falls below 0): weapon, weapon effects, set bonus, gear, class, curses...
    "player_parts": lambda state: [
        [label, amount]
        for label, amount in strength_parts(
            state, state.combat_seat, state.table.element[state.combat_card]
        )
    ],
    # The monster's strength in its parts the same way: printed, modifiers (dice,
    # summons), its own effects, cards in play aimed at it, played this combat.
    "monster_parts": lambda state: [[label, amount] for label, amount in monster_parts(state)],
    # Face up on the table until the combat ends, so in the view (and kept by
    # determinize), not only in the events.
    "summoned": lambda state: [state.table.ids[c] for c in state.combat_summoned],
}


def _combat(state: FoolsBladeState) -> dict[str, Any] | None:
    if state.combat_seat < 0:
        return None
    return {key: read(state) for key, read in _COMBAT.items()}


def _boss(state: FoolsBladeState) -> dict[str, Any] | None:
    if state.approach < 0:
        return None
    ids = state.table.ids
    return {
        "approach": ids[state.approach],
        "cards": [ids[c] for c in state.boss_cards],
        "strikes": state.strikes,
        "strike_limit": state.strike_limit
        if state.gathered
        else state.table.strikes[state.approach],
    }


def _window(state: FoolsBladeState) -> dict[str, Any] | None:
    if state.counter is not None:
        return {"kind": "negate", "seat": state.counter.seat, "passes": state.counter.passes}
    if state.window is None:
        return None
    window: dict[str, Any] = {
        "kind": WINDOW_NAMES[state.window_kind],
        "seat": state.window.seat,
        "passes": state.window.passes,
    }
    cap = state.table.max_plays
    capped = [seat for seat, plays in enumerate(state.plays) if plays >= cap]
    if capped:
        window["capped"] = capped
        window["play_cap"] = cap
    return window


def _pending(state: FoolsBladeState) -> dict[str, Any] | None:
    if state.pending is None:
        return None
    p_seat, card, target, ability, negated = state.pending
    return {
        "seat": p_seat,
        "card": state.table.ids[card],
        "target": None if target < 0 else target,
        "ability": ability,
        "negated": negated,
    }


def _decision(state: FoolsBladeState) -> dict[str, Any] | None:
    if state.decision is None:
        return None
    kind, d_seat, count, other, zone, _, _ = state.decision
    return {
        "kind": DECISION_NAMES[kind],
        "seat": d_seat,
        "count": count,
        "other": None if other < 0 else other,
        "zone": ZONES[zone],
        "source": state.table.ids[state.source] if state.source >= 0 else None,
        "why": decision_reason(state),
        "ask": decision_ask(kind, count, zone),
    }


def _curses(state: FoolsBladeState) -> list[list[list[Any]]]:
    ids = state.table.ids
    return [
        [[ids[c], left] for c, left in zip(state.curses[s], state.curse_left[s], strict=True)]
        for s in range(state.players)
    ]


def _trash(state: FoolsBladeState) -> dict[str, list[str]]:
    ids = state.table.ids
    return {DECKS[d]: [ids[c] for c in state.trash[d]] for d in range(LOOT)}


def _bonuses(state: FoolsBladeState) -> list[list[Any]]:
    return [
        [None if s == MONSTER else s, amount, BONUS_ELEMENTS[el], "turn" if t else "combat"]
        for s, amount, el, t, _ in state.bonuses
    ]


# The keys ``view`` adds to the common ones, in its order, each read from the state alone
# (``hand``, the seat's own, is added last). ``LazyView`` reads them one at a time.
_READS: dict[str, Callable[[FoolsBladeState], Any]] = {
    "classes": lambda state: [state.table.ids[c] if c >= 0 else None for c in state.classes],
    "weapons": lambda state: [
        {PARTS[k]: state.table.ids[p] if p >= 0 else None for k, p in enumerate(w)}
        for w in state.weapons
    ],
    "gear": lambda state: [[state.table.ids[c] for c in g] for g in state.gear],
    "stash": lambda state: [[state.table.ids[c] for c in s] for s in state.stash],
    "curses": _curses,
    "hand_counts": lambda state: [len(h) for h in state.hands],
    "known": lambda state: [[state.table.ids[c] for c in k] for k in state.known],
    "hand_limits": hand_limits,
    "decks": lambda state: {DECKS[d]: len(state.decks[d]) for d in range(len(DECKS))},
    "trash": _trash,
    "forge": lambda state: [state.table.ids[c] for c in state.forge] if state.forge else None,
    "combat": _combat,  # ``LazyView`` reads it key by key too (``_LazyCombat``)
    "boss": _boss,
    # Nobody's turn before the first one (the classes are being chosen).
    "active": lambda state: state.active if state.turn > 0 else None,
    "turn": lambda state: state.turn,
    "phase": lambda state: PHASE_NAMES[state.phase],
    "first_player": lambda state: state.first_player,
    "max_turns": lambda state: state.max_turns,
    "cards": lambda state: state.options.get("cards"),
    "window": _window,
    "pending": _pending,
    "decision": _decision,
    "bonuses": _bonuses,
    "skips": lambda state: state.skips[:],
    "abilities_used": lambda state: state.used[:],
    "removed": lambda state: [state.table.ids[c] for c in state.removed],
    # Each seat's score in parts: weapon, monsters, treasures, legendary.
    "score_parts": lambda state: [score_parts(state, s) for s in range(state.players)],
    "roll": lambda state: state.roll,
}


def _hand(state: FoolsBladeState, seat: int) -> list[str]:
    ids = state.table.ids
    return sorted((ids[c] for c in state.hands[seat]), key=state.table.index.__getitem__)


def view(state: FoolsBladeState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may know, as JSON; ``None`` is the spectator."""
    out = state.common_view(seat)
    for key, read in _READS.items():
        out[key] = read(state)
    if seat is not None:
        out["hand"] = _hand(state, seat)
    return out


# The keys of ``State.common_view``, each read from the state (``legal_actions`` only for
# the seat to act). ``LazyView`` must give what ``common_view`` gives: tests/games/foolsblade
# compare every key of both on many states.
_COMMON: dict[str, Callable[[FoolsBladeState], Any]] = {
    "game": lambda state: state.game.name,
    "players": lambda state: state.players,
    "current_player": lambda state: state.current_player,
    "is_over": lambda state: state.is_over,
    "move": lambda state: state.move_number,
    "scores": lambda state: state.scores(),
    "winners": lambda state: state.winners(),
}


class _Lazy(dict[str, Any]):
    """A dict whose keys (``_names``) are computed when first read (``_read``) and kept."""

    __slots__ = ()

    def _names(self) -> list[str]:
        raise NotImplementedError

    def _read(self, key: str) -> Any:
        raise NotImplementedError

    def __missing__(self, key: str) -> Any:
        value = self[key] = self._read(key)
        return value

    def get(self, key: str, default: Any = None) -> Any:
        try:
            return self[key]
        except KeyError:
            return default

    def __contains__(self, key: object) -> bool:
        return key in self._names()

    def __iter__(self) -> Iterator[str]:
        return iter(self._names())

    def keys(self) -> Any:
        return self._names()

    def items(self) -> Any:
        return self.full().items()

    def values(self) -> Any:
        return self.full().values()

    def __len__(self) -> int:
        return len(self._names())

    def __eq__(self, other: object) -> bool:
        return self.full() == other

    def __ne__(self, other: object) -> bool:
        return self.full() != other

    __hash__ = None

    def full(self) -> dict[str, Any]:
        """Every key, in order, as a plain dict (nested lazy ones too)."""
        out = {}
        for key in self._names():
            value = self[key]
            out[key] = value.full() if isinstance(value, _Lazy) else value
        return out


class _LazyCombat(_Lazy):
    """The view's ``combat``, each key computed when read: the strengths' parts are for
    people, and the strengths themselves are read only where a play may change them."""

    __slots__ = ("_state",)

    def __init__(self, state: FoolsBladeState) -> None:
        super().__init__()
        self._state = state

    def _names(self) -> list[str]:
        return list(_COMBAT)

    def _read(self, key: str) -> Any:
        return _COMBAT[key](self._state)


class LazyView(_Lazy):
    """``view(state, seat)`` read key by key: each key is computed the first time it is read,
    from the state as it is then, and kept. For search: a heuristic step reads a few keys of
    a view whose full build (scores' parts, hand limits, strength parts ...) costs more than
    the step (``combat`` is read key by key too). Reading (``[]``, ``get``, ``in``,
    iteration, ``**``, ``==``) gives what the full view gives, so long as the state does not
    change while the view is read; it is not for JSON (``json`` writes only the keys read so
    far): ``full()`` is the plain view."""

    __slots__ = ("_seat", "_state")

    def __init__(self, state: FoolsBladeState, seat: int | None) -> None:
        super().__init__(seat=seat)
        if seat is not None and not 0 <= seat < state.players:
            state.common_view(seat)  # the contract's error for a seat out of range
        self._state = state
        self._seat = seat

    def _names(self) -> list[str]:
        names = ["game", "players", "seat", "current_player", "is_over", "move", "scores"]
        names.append("winners")
        if self._seat is not None and self._seat == self._state.current_player:
            names.append("legal_actions")
        names.extend(_READS)
        if self._seat is not None:
            names.append("hand")
        return names

    def _read(self, key: str) -> Any:
        state, seat = self._state, self._seat
        if key == "combat":
            return _LazyCombat(state) if state.combat_seat >= 0 else None
        read = _READS.get(key) or _COMMON.get(key)
        if read is not None:
            return read(state)
        if key == "legal_actions" and seat is not None and seat == state.current_player:
            return [a.text for a in state.legal_actions()]
        if key == "hand" and seat is not None:
            return _hand(state, seat)
        raise KeyError(key)


# What each kind of decision does, and where its cards are, in the words of a request.
_ASK_VERBS = {"discard": "Discard", "give": "Give", "steal": "Take", "break": "Break"}
_ASK_ZONES = {"hand": "", "weapon": " of a weapon", "gear": " of Gear", "stash": " from a Stash"}


def decision_ask(kind: int, count: int, zone: int) -> str:
    """What the pending decision asks, for people ("Discard 2 cards", "Break 1 card of Gear");
    whose cards and why are the view's ``other`` and ``why``."""
    noun = "card" if count == 1 else "cards"
    return f"{_ASK_VERBS[DECISION_NAMES[kind]]} {count} {noun}{_ASK_ZONES[ZONES[zone]]}"


def decision_reason(state: FoolsBladeState) -> str:
    """Why the pending decision is asked, for people: the hand limit, a play's cost, a
    monster's Win or Lose effect, or the card whose effect it is."""
    source = state.source
    table = state.table
    if source < 0:
        assert state.decision is not None
        seat = state.decision.chooser
        return f"the hand limit: at most {hand_limits(state)[seat]} cards at the end of a turn"
    name = table.name(source)
    pending = state.pending
    if (
        pending is not None
        and pending.card == source
        and any(isinstance(task, NegateTask) for task in state.tasks)
    ):
        return f"the cost of {name}'s ability" if pending.ability else f"the cost of {name}"
    if source == state.combat_card and state.combat_outcome in (WIN, LOSE):
        return f"{name}'s {'Win' if state.combat_outcome == WIN else 'Lose'} effect"
    if table.kind[source] == "approach":
        return f"{name}: the Boss encounter is over"
    if table.kind[source] == "class":
        return f"{name}'s ability"
    return name


def determinize(state: FoolsBladeState, seat: int | None, seed: int) -> FoolsBladeState:
    """A state ``seat`` cannot tell from this one: other hands and every deck's order redrawn.

    The hidden cards (other hands and the Tavern, Anvil and Quest decks) are pooled in a
    canonical order and shuffled; each deck takes its size from its own cards, the other
    hands share the rest by their counts. Monster and Loot decks are reshuffled. The result
    depends only on the view and ``seed``, and its future chance comes from ``seed``.
    """
    out = state.clone()
    rng = Rng(derive_seed(seed, -1 if seat is None else seat, state.move_number))
    table = state.table
    others = [s for s in range(state.players) if s != seat]
    pool: list[int] = []
    for deck in HAND_DECKS:
        pool.extend(state.decks[deck])
    for other in others:
        hidden = state.hands[other][:]
        for card in state.known[other]:
            hidden.remove(card)
        pool.extend(hidden)
    pool.sort()
    rng.shuffle(pool)
    wanted = [len(state.decks[d]) for d in range(len(DECKS))]
    decks: list[list[int]] = [[] for _ in HAND_DECKS]
    rest: list[int] = []
    for card in pool:
        deck = table.deck[card]
        if deck in HAND_DECKS and len(decks[deck]) < wanted[deck]:
            decks[deck].append(card)
        else:
            rest.append(card)
    for deck in HAND_DECKS:
        out.decks[deck] = decks[deck]
    for other in others:
        known = state.known[other]
        count = len(state.hands[other]) - len(known)
        out.hands[other] = [*known, *rest[:count]]
        del rest[:count]
    for deck in (*MONSTER_DECKS, LOOT):
        cards = sorted(state.decks[deck])
        rng.shuffle(cards)
        out.decks[deck] = cards
    out.rng = Rng(derive_seed(seed, 7, state.move_number))
    out._become_determinized(seed, dict(state.options))
    return out


def equip_words(state: FoolsBladeState, seat: int, card: int) -> str | None:
    """What equipping ``card`` does to ``seat``'s weapon beyond the word "Equip": the part it
    replaces and where that goes, a set bonus it breaks or completes; ``None`` for gear or a
    part that fills an empty slot of no set."""
    table = state.table
    if table.kind[card] == "gear":
        return None
    weapon = state.weapons[seat]
    slot = table.part[card]
    replaced = weapon[slot]
    after = (*weapon[:slot], card, *weapon[slot + 1 :])
    was_full, now_full = is_full_set(table, weapon), is_full_set(table, after)
    words = []
    if replaced >= 0:
        back = "your Stash" if table.legendary[replaced] else "your hand"
        words.append(f"replaces {table.name(replaced)} (it goes back to {back})")
    if was_full and not now_full:
        words.append("breaks your set bonus")
    elif now_full and not was_full:
        words.append("completes a set, so its bonus applies")
    return " and ".join(words) or None


__all__ = ["LazyView", "determinize", "equip_words", "view"]
