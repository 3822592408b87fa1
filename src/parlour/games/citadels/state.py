"""The Citadels state: the data of a game in progress and the dispatch of its rules."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ...core import Action, Event, Game, Rng, State
from ...core.windows import ResponseWindow
from . import labels, views
from .actions import Move
from .cards import full_deck, kinds_of
from .draft import DRAFT, RESCUE, TURN, draft_actions, start_round
from .refusals import explain_draft, explain_rescue, explain_turn
from .scoring import CityScore, best, city_score_parts
from .turn import (
    HANDLERS,
    MAIN,
    STEP_ACTIONS,
    rescue_actions,
    turn_actions,
)

__all__ = ["CitadelsState"]


def _no_actions(state: CitadelsState) -> list[Action]:
    return []


# The legal actions of each phase, indexed by ``Phase``; ``legal_actions`` goes straight to
# the turn's step (``STEP_ACTIONS``), where most decisions are.
PHASE_ACTIONS = (draft_actions, turn_actions, rescue_actions, _no_actions)

HAND_AT_START = 4  # districts dealt to each seat
GOLD_AT_START = 2


class CitadelsState(State):
    """A game of Citadels. Plain lists and ints, copied by hand in ``clone``."""

    __slots__ = (
        "_legal",
        "ability_used",
        "builds_left",
        "call_status",
        "called",
        "cities",
        "city_kinds",
        "crown",
        "deck",
        "draft_order",
        "draft_pool",
        "draft_step",
        "drawn",
        "face_up",
        "first_complete",
        "gold",
        "hand_kinds",
        "hands",
        "haunted_city_round",
        "holder",
        "income_collected",
        "keep_left",
        "laboratory_used",
        "last_round",
        "max_rounds",
        "murdered",
        "phase",
        "places",
        "rescue",
        "rescue_district",
        "rng",
        "robbed",
        "round",
        "set_aside",
        "smithy_used",
        "took_face_down",
        "turn_character",
        "turn_seat",
        "turn_step",
    )

    rng: Rng
    deck: list[int]  # district indices, the top of the deck last
    hands: list[list[int]]
    cities: list[list[int]]  # in building order
    # Per seat, the district kinds in its hand and in its city as bit sets (``kinds_of``),
    # kept with every change: the main step's listing reads them on most decisions.
    hand_kinds: list[int]
    city_kinds: list[int]
    gold: list[int]
    crown: int
    round: int  # 1-based
    max_rounds: int
    phase: int  # a Phase
    draft_order: tuple[tuple[int, int], ...]  # this round's steps: (seat, a DraftStep)
    draft_step: int  # the draft step to play
    places: list[int]  # per character: FACE_UP, INITIAL, POOL or the draft step that took it
    holder: list[int]  # per character: the seat that holds it this round, else -1
    call_status: list[int]  # per character: a CallStatus
    face_up: list[int]
    took_face_down: bool  # 7 players: the last seat took the initial face-down card
    draft_pool: int  # the characters offered at the current draft step, as a bit set
    called: int  # the character last called (-1 during the draft)
    murdered: int  # the character the Assassin named, else -1
    robbed: int  # the character the Thief named, else -1
    turn_seat: int  # the seat whose character's turn it is, else -1
    turn_character: int
    turn_step: int  # a TurnStep
    builds_left: int
    income_collected: bool
    ability_used: bool
    laboratory_used: bool
    smithy_used: bool
    drawn: list[int]  # drawn cards waiting for `keep`
    keep_left: int
    set_aside: list[int]  # the Magician's cards going under the deck at `done`
    rescue: ResponseWindow | None  # the Graveyard's window, open while phase is RESCUE
    rescue_district: int  # the destroyed district it offers, else -1
    first_complete: int  # the seat that completed a city first, else -1
    last_round: bool  # a city is complete: this round is the last
    haunted_city_round: list[int]  # per seat: the round its Haunted City was built, else -1
    # The legal actions listed since the last move, else None: the player's loop asks for
    # them and ``apply`` checks the move among them, so they are built once a decision.
    _legal: list[Action] | None

    # -- setup and copying ----------------------------------------------------------------

    @classmethod
    def start(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> CitadelsState:
        """A new game: 4 districts and 2 gold each, seat 0 has the crown, the first draft."""
        state = cls.__new__(cls)
        state._init_base(game, players, seed, options)
        state.rng = Rng(seed)
        state.deck = full_deck(bool(options.get("great_wall")))
        state.rng.shuffle(state.deck)
        state.hands = [[state.deck.pop() for _ in range(HAND_AT_START)] for _ in range(players)]
        state.cities = [[] for _ in range(players)]
        state.hand_kinds = [kinds_of(hand) for hand in state.hands]
        state.city_kinds = [0] * players
        state.gold = [GOLD_AT_START] * players
        state.crown = 0
        state.round = 0
        state.max_rounds = int(options.get("max_rounds", 100))
        state.turn_seat = state.turn_character = -1
        state.turn_step = MAIN
        state.builds_left = 0
        state.income_collected = state.ability_used = False
        state.laboratory_used = state.smithy_used = False
        state.drawn = []
        state.keep_left = 0
        state.set_aside = []
        state.rescue = None
        state.rescue_district = -1
        state.first_complete = -1
        state.last_round = False
        state.haunted_city_round = [-1] * players
        state._legal = None
        events: list[Event] = []
        start_round(state, events)
        state._note(events)
        return state

    def clone(self) -> CitadelsState:
        """An independent copy (the draft order and the rescue window are immutable, so shared)."""
        state = CitadelsState.__new__(CitadelsState)
        state._copy_base(self)
        state.rng = self.rng.clone()
        state.deck = self.deck[:]
        state.hands = [h[:] for h in self.hands]
        state.cities = [c[:] for c in self.cities]
        state.hand_kinds = self.hand_kinds[:]
        state.city_kinds = self.city_kinds[:]
        state.gold = self.gold[:]
        state.crown = self.crown
        state.round = self.round
        state.max_rounds = self.max_rounds
        state.phase = self.phase
        state.draft_order = self.draft_order
        state.draft_step = self.draft_step
        state.places = self.places[:]
        state.holder = self.holder[:]
        state.call_status = self.call_status[:]
        state.face_up = self.face_up
        state.took_face_down = self.took_face_down
        state.draft_pool = self.draft_pool
        state.called = self.called
        state.murdered = self.murdered
        state.robbed = self.robbed
        state.turn_seat = self.turn_seat
        state.turn_character = self.turn_character
        state.turn_step = self.turn_step
        state.builds_left = self.builds_left
        state.income_collected = self.income_collected
        state.ability_used = self.ability_used
        state.laboratory_used = self.laboratory_used
        state.smithy_used = self.smithy_used
        state.drawn = self.drawn[:]
        state.keep_left = self.keep_left
        state.set_aside = self.set_aside[:]
        state.rescue = self.rescue
        state.rescue_district = self.rescue_district
        state.first_complete = self.first_complete
        state.last_round = self.last_round
        state.haunted_city_round = self.haunted_city_round[:]
        # A clone is soon changed (a determinization's hands are redrawn): list anew.
        state._legal = None
        return state

    # -- the rules ------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions open to ``current_player``."""
        legal = self._legal
        if legal is None:
            phase = self.phase
            if phase == TURN:
                legal = STEP_ACTIONS[self.turn_step](self)
            else:
                legal = PHASE_ACTIONS[phase](self)
            self._legal = legal
        return legal[:]

    def apply(self, action: Action | str) -> list[Event]:
        """Carry out a legal action (or its text); illegal input raises and changes nothing."""
        legal = self._legal
        if legal is None:
            legal = self.legal_actions()
        # Moves are interned, so a move taken from ``legal_actions()`` is found by identity;
        # anything else (a text, an equal copy, an illegal move) goes through ``resolve``.
        for candidate in legal:
            if candidate is action:
                break
        else:
            action = self.resolve(action)
        # Every legal action is a Move, and a game with legal actions has a seat to move.
        move: Move = action  # type: ignore[assignment]
        seat: int = self.current_player  # type: ignore[assignment]
        events: list[Event] = []
        HANDLERS[move.kind](self, move, seat, events)
        self.move_number += 1
        self._journal = (move, events, self._journal)
        self._legal = None
        return events

    def label(self, action: Action, names: Sequence[str] | None = None) -> str:
        """What a button says for a legal action: the prices and counts of this turn."""
        return labels.label(self, action, names)

    def explain_illegal(self, text: str, names: Sequence[str] | None = None) -> str | None:
        """Why ``text`` cannot be played now, in the table's words (seats named by ``names``,
        as sentences name them)."""
        words = text.split(" ")
        phase = self.phase
        if phase == TURN:
            return explain_turn(self, words, names)
        if phase == DRAFT:
            return explain_draft(self, words)
        if phase == RESCUE:
            return explain_rescue(self, words, names)
        return None

    # -- results --------------------------------------------------------------------------

    def score_parts(self) -> list[CityScore]:
        """Each seat's victory points so far in their parts (districts, five colours, complete
        city), recomputed from the public cities."""
        first = self.first_complete
        now = self.round
        return [
            # A Haunted City counts as any colour unless built in the round now scored.
            city_score_parts(city, 0 <= self.haunted_city_round[seat] < now, seat == first)
            for seat, city in enumerate(self.cities)
        ]

    def scores(self) -> list[int]:
        """Victory points so far, bonuses included: the sums of ``score_parts``."""
        return [sum(parts) for parts in self.score_parts()]

    def winners(self) -> list[int]:
        """The seats with the most points once the game is over; ties share."""
        return best(self.scores()) if self.is_over else []

    # -- information ----------------------------------------------------------------------

    # Search calls these once an iteration, so the functions of ``views`` are the methods
    # themselves rather than methods that call them: no extra frame.
    view = views.view
    determinize = views.determinize
