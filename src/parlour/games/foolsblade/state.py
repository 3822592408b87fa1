"""The Fool's Blade state: the data of a game in progress and the dispatch of its rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core import Action, Event, Game, Rng, State
from ...core.windows import ResponseWindow
from . import views
from .actions import EQUIP, Move, Moves, label
from .dispatch import cost_payable
from .scoring import best, score_all
from .setup import new_state
from .steps import (
    MAIN_PHASE,
    NONE,
    OVER_PHASE,
    TAVERN_WINDOW,
    Bonus,
    Decision,
    Pending,
    Task,
)
from .table import Table
from .turn import (
    ability_ready,
    answer_negate,
    answer_window,
    decide,
    decision_actions,
    may_answer,
    may_negate,
    play_actions,
    step_actions,
    step_move,
)


class FoolsBladeState(State):
    """A game of Fool's Blade. Cards are ints (indices of the card table); plain lists and
    ints throughout, copied by hand in ``clone``; immutable tuples and windows are shared."""

    __slots__ = (
        "_legal",
        "_legal_at",
        "active",
        "approach",
        "bonuses",
        "boss_cards",
        "class_order",
        "class_step",
        "classes",
        "combat_base",
        "combat_card",
        "combat_deck",
        "combat_outcome",
        "combat_seat",
        "combat_stage",
        "combat_summoned",
        "counter",
        "curse_left",
        "curses",
        "curses_before",
        "decision",
        "decks",
        "end_stage",
        "equips_left",
        "first_player",
        "forge",
        "forge_step",
        "gathered",
        "gear",
        "hand_bonus",
        "hands",
        "known",
        "limit_mod",
        "max_turns",
        "moves",
        "pending",
        "phase",
        "plays",
        "removed",
        "rng",
        "roll",
        "skips",
        "source",
        "stash",
        "strike_limit",
        "strikes",
        "table",
        "tasks",
        "trash",
        "turn",
        "used",
        "weapons",
        "window",
        "window_kind",
    )

    table: Table
    moves: Moves
    rng: Rng
    decks: list[list[int]]  # per deck (TAVERN..LOOT), the top last
    trash: list[tuple[int, ...]]  # per deck with a trash pile (TAVERN..DUNGEON)
    removed: list[int]  # Approach and Boss cards out of the game
    hands: list[list[int]]
    known: list[tuple[int, ...]]  # per seat: cards every seat saw go into its hand, still there
    weapons: list[tuple[int, ...]]  # per seat: blade, guard, handle, pommel (NONE: empty)
    gear: list[tuple[int, ...]]
    stash: list[tuple[int, ...]]
    curses: list[tuple[int, ...]]
    curse_left: list[tuple[int, ...]]  # turns left, beside ``curses``
    curses_before: int  # how many of the active seat's Curses it had when its turn began
    classes: list[int]
    limit_mod: list[int]  # lasting hand-limit changes from played cards
    hand_bonus: list[int]  # hand-limit changes for this turn
    skips: list[int]  # turns each seat will skip
    used: list[bool]  # class ability used this turn
    plays: list[int]  # plays per seat in the open window
    bonuses: list[Bonus]
    first_player: int
    active: int
    turn: int
    max_turns: int
    phase: int
    end_stage: int  # an EndStage
    class_order: list[int]
    class_step: int
    window: ResponseWindow | None
    window_kind: int
    counter: ResponseWindow | None  # the negate window answering ``pending``
    pending: Pending | None
    tasks: list[Task]
    decision: Decision | None
    forge: list[int]
    forge_step: int  # a ForgeStep
    equips_left: int
    combat_seat: int  # the fighter, NONE outside combat
    combat_card: int
    combat_deck: int  # the monster's deck, NONE for a Boss card
    combat_base: int  # the monster's strength after modifiers and summons
    combat_summoned: list[int]  # summoned monsters, back under their decks after the combat
    combat_outcome: int  # an Outcome (NONE until resolved)
    combat_stage: int  # a CombatStage
    approach: int  # the Approach card in play, NONE if none
    boss_cards: list[int]
    gathered: bool
    strikes: int
    strike_limit: int
    roll: int
    source: int  # the card whose effect runs (or last ran): a decision's reason; NONE the rules
    _legal: list[Move]  # the last legal actions listed, at move number ``_legal_at``
    _legal_at: int

    # Who is asked in the open window and in the negate window: methods, so that a window
    # stepping on (most decisions) is given a bound method made in C, not a new closure.
    may_answer = may_answer
    may_negate = may_negate

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> FoolsBladeState:
        """A new game, at its first decision: the class choice of the last player in turn order."""
        return new_state(cls, game, players, seed, options)

    def clone(self) -> FoolsBladeState:
        """An independent copy."""
        state = FoolsBladeState.__new__(FoolsBladeState)
        state._copy_base(self)
        state.table = self.table
        state.moves = self.moves
        state.rng = self.rng.clone()
        # ``map`` copies in C: a comprehension would be one more Python call a clone.
        state.decks = list(map(list.copy, self.decks))
        state.trash = self.trash[:]
        state.removed = self.removed[:]
        state.hands = list(map(list.copy, self.hands))
        state.known = self.known[:]
        state.weapons = self.weapons[:]
        state.gear = self.gear[:]
        state.stash = self.stash[:]
        state.curses = self.curses[:]
        state.curse_left = self.curse_left[:]
        state.curses_before = self.curses_before
        state.classes = self.classes[:]
        state.limit_mod = self.limit_mod[:]
        state.hand_bonus = self.hand_bonus[:]
        state.skips = self.skips[:]
        state.used = self.used[:]
        state.plays = self.plays[:]
        state.bonuses = self.bonuses[:]
        state.first_player = self.first_player
        state.active = self.active
        state.turn = self.turn
        state.max_turns = self.max_turns
        state.phase = self.phase
        state.end_stage = self.end_stage
        state.class_order = self.class_order
        state.class_step = self.class_step
        state.window = self.window
        state.window_kind = self.window_kind
        state.counter = self.counter
        state.pending = self.pending
        state.tasks = self.tasks[:]
        state.decision = self.decision
        state.forge = self.forge[:]
        state.forge_step = self.forge_step
        state.equips_left = self.equips_left
        state.combat_seat = self.combat_seat
        state.combat_card = self.combat_card
        state.combat_deck = self.combat_deck
        state.combat_base = self.combat_base
        state.combat_summoned = self.combat_summoned[:]
        state.combat_outcome = self.combat_outcome
        state.combat_stage = self.combat_stage
        state.approach = self.approach
        state.boss_cards = self.boss_cards[:]
        state.gathered = self.gathered
        state.strikes = self.strikes
        state.strike_limit = self.strike_limit
        state.roll = self.roll
        state.source = self.source
        state._legal_at = NONE
        return state

    def legal_actions(self) -> list[Action]:
        """The actions open to ``current_player``."""
        if self._legal_at != self.move_number:
            # In the order ``advance`` asks: a pending decision, the negate window, the open
            # window, the turn's own step (most decisions are a window's, listed straight away).
            if self.is_over:
                self._legal = []
            elif self.decision is not None:
                self._legal = decision_actions(self)
            elif self.counter is not None:
                self._legal = play_actions(self, self.counter.seat, NONE)
            elif self.window is not None:
                self._legal = play_actions(self, self.window.seat, self.window_kind)
            else:
                self._legal = step_actions(self)
            self._legal_at = self.move_number
        # A copy: the caller may change its list, which must not make a move legal here.
        return self._legal[:]  # type: ignore[return-value]  # a list of Moves is one of Actions

    def resolve(self, action: Action | str, names: Sequence[str] | None = None) -> Action:
        """The legal action named; a move taken from the list just given is found by identity
        (search applies what it was just offered, so the list is not built twice)."""
        if self._legal_at == self.move_number:
            if isinstance(action, Move):
                for candidate in self._legal:
                    if candidate is action:
                        return action
            elif isinstance(action, str):
                # A bot's text is a move's as written (every move's text is lower case,
                # one space between words, so the general reading would find the same).
                for candidate in self._legal:
                    if candidate.text == action:
                        return candidate
        return super().resolve(action, names)

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out a legal action (or its text); illegal input raises and changes nothing."""
        # Most decisions are a pass in a window, so the hot path is kept short: a move from
        # the list just given is found by identity, anything else goes through ``resolve``.
        if self._legal_at == self.move_number:
            for candidate in self._legal:
                if candidate is action:
                    break
            else:
                action = self.resolve(action)
        else:
            action = self.resolve(action)
        move: Move = action  # type: ignore[assignment]  # every legal action is a Move
        events: list[Event] = []
        if self.decision is not None:
            decide(self, move, events)
        elif self.counter is not None:
            answer_negate(self, move, events)
        elif self.window is not None:
            answer_window(self, move, events)
        else:
            step_move(self, move, events)
        if events:
            names = self.table.names
            for happened in events:
                happened.card_names = names  # type: ignore[attr-defined]  # all are CardEvents
        self.move_number += 1
        self._journal = (move, events, self._journal)
        return events

    def label(self, action: Action, names: Sequence[str] | None = None) -> str:
        """What a button says for a legal action, cards named by this game's card set."""
        if not isinstance(action, Move):
            return action.text
        return label(self.table, action, names)

    def consequence(self, action: Action) -> str | None:
        """What equipping a part replaces and a set bonus it breaks (``views.equip_words``)."""
        if not isinstance(action, Move) or action.kind != EQUIP:
            return None
        return views.equip_words(self, self.active, action.card)

    def explain_illegal(self, text: str, names: Sequence[str] | None = None) -> str | None:
        """Why a hunt, or playing a card held, cannot be chosen now, in the table's words
        (which name no seat)."""
        words = text.split(" ")
        if words[0] == "play" and len(words) >= 2 and words[1] in self.table.index:
            return self._why_not_play(self.table.index[words[1]])
        if words[0] == "use" and len(words) >= 2 and words[1] in self.table.index:
            seat = self.current_player
            card = self.table.index[words[1]]
            if seat is None or self.classes[seat] != card or self.used[seat]:
                return None
            return self._why_idle(card)
        if words[0] != "hunt" or self.phase != MAIN_PHASE or self.window is not None:
            return None
        if self.gathered:
            return "a Boss is here: fight one of its cards"
        if self.approach >= 0:
            return "an Approach card is in play: nobody may go hunting until its Boss is over"
        if self.weapons[self.active].count(NONE) == 4:
            return "you need at least one assembled weapon part to fight"
        return None

    def _why_not_play(self, card: int) -> str | None:
        seat = self.current_player
        if seat is None or card not in self.hands[seat]:
            return None
        table = self.table
        if self.window is None and self.counter is None:
            return "cards are played only when the table is asked (the Tavern phase and combat)"
        if table.negates[card] and self.counter is None:
            return f"{table.name(card)} only answers a card or ability being played"
        if table.kind[card] == "tavern" and (
            self.counter is None or self.window_kind != TAVERN_WINDOW
        ):
            return "Tavern cards are played only in the Tavern phase"
        if table.kind[card] in ("part", "gear"):
            return f"{table.name(card)} is equipped before choosing a destination, not played"
        if self.plays[seat] >= table.max_plays and self.counter is None:
            return (
                f"you have made {table.max_plays} plays in this window already, the most a "
                f"seat may make in one window with these cards"
            )
        return self._why_idle(card)

    def _why_idle(self, card: int) -> str | None:
        """Why a card or ability playable in the open window is not offered: it would do
        nothing (on that target)."""
        window = self.window
        if window is None or self.counter is not None:
            return None
        kind = self.window_kind
        table = self.table
        if table.kind[card] == "class":
            seat = window.seat
            if not ability_ready(self, seat, kind) or not cost_payable(
                self, seat, table.ability_cost[card]
            ):
                return None
        elif card not in table.playable[kind + 1]:
            return None
        return f"{table.name(card)} would do nothing now: none of its effects can apply"

    def scores(self) -> list[int]:
        """Points so far: assembled parts' strength plus the Stash's values."""
        return score_all(self)

    def winners(self) -> list[int]:
        """The seats with the most points once the game is over; ties share."""
        return best(score_all(self)) if self.phase == OVER_PHASE else []

    def card(self, card_id: str) -> dict[str, Any]:
        """A card's fields as loaded, by its id (``KeyError`` for an unknown id)."""
        card = self.table.cards[self.table.index[card_id]]
        return dict(card.model_dump(mode="json", by_alias=True, exclude_none=True))

    # Bound as methods: search calls them every iteration (``views.view``, ``views.determinize``).
    view = views.view
    determinize = views.determinize
