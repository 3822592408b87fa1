"""The Citadels state: the data of a game in progress and the dispatch of its rules."""

from __future__ import annotations

from typing import Any

from ...core import Action, Event, Game, Rng, State
from .actions import Move
from .data import D_COST, D_INDEX, D_NAME, full_deck
from .draft import DRAFT, GRAVEYARD, TURN, draft_actions, draft_apply, start_round
from .infoset import determinize, view
from .scoring import best, city_score
from .turn import (
    MAIN,
    call_next,
    destroy_cost,
    graveyard_actions,
    graveyard_apply,
    turn_actions,
    turn_apply,
)


class CitadelsState(State):
    """A game of Citadels. Plain lists and ints, copied by hand in ``clone``."""

    __slots__ = (
        "ability_done",
        "aside",
        "builds_left",
        "called",
        "cities",
        "crown",
        "deck",
        "drawn",
        "ending",
        "face_up",
        "first_complete",
        "gold",
        "gy_card",
        "gy_seat",
        "hands",
        "hc_round",
        "holder",
        "income_done",
        "keep_left",
        "lab_done",
        "loc",
        "max_rounds",
        "murdered",
        "phase",
        "pool",
        "rng",
        "robbed",
        "round",
        "sched",
        "smithy_done",
        "status",
        "step",
        "t_step",
        "took_face_down",
        "turn_char",
        "turn_seat",
    )

    rng: Rng
    deck: list[int]  # district indices, the top of the deck last
    hands: list[list[int]]
    cities: list[list[int]]  # in building order
    gold: list[int]
    crown: int
    round: int  # 1-based
    max_rounds: int
    phase: int  # DRAFT, TURN, GRAVEYARD or OVER
    sched: tuple[tuple[int, int], ...]  # this round's draft steps: (seat, PICK or BURY)
    step: int  # the draft step to play
    loc: list[int]  # per character: FACE_UP, INITIAL, POOL or the draft step that took it
    holder: list[int]  # per character: the seat that holds it this round, else -1
    status: list[int]  # per character: UNCALLED, REVEALED, ABSENT or SILENT
    face_up: list[int]
    took_face_down: bool  # 7 players: the last seat took the initial face-down card
    pool: list[int]  # the characters offered at the current draft step, by rank
    called: int  # the character last called (-1 during the draft)
    murdered: int
    robbed: int
    turn_seat: int
    turn_char: int
    t_step: int  # RESOURCE, CHOOSING, MAIN or REDRAW
    builds_left: int
    income_done: bool
    ability_done: bool
    lab_done: bool
    smithy_done: bool
    drawn: list[int]  # drawn cards waiting for `keep`
    keep_left: int
    aside: list[int]  # the Magician's cards going under the deck at `done`
    gy_seat: int
    gy_card: int
    first_complete: int
    ending: bool  # a city is complete: this is the last round
    hc_round: list[int]  # per seat: the round its Haunted City was built, else -1

    # -- setup and copying ----------------------------------------------------------------

    @classmethod
    def new(cls, game: Game, players: int, seed: int, options: dict[str, Any]) -> CitadelsState:
        """A new game: 4 districts and 2 gold each, seat 0 has the crown, the first draft."""
        st = cls.__new__(cls)
        st._init_base(game, players, seed, options)
        st.rng = Rng(seed)
        st.deck = full_deck(bool(options.get("great_wall")))
        st.rng.shuffle(st.deck)
        st.hands = [[st.deck.pop() for _ in range(4)] for _ in range(players)]
        st.cities = [[] for _ in range(players)]
        st.gold = [2] * players
        st.crown = 0
        st.round = 0
        st.max_rounds = int(options.get("max_rounds", 100))
        st.turn_seat = st.turn_char = -1
        st.t_step = MAIN
        st.builds_left = 0
        st.income_done = st.ability_done = st.lab_done = st.smithy_done = False
        st.drawn = []
        st.keep_left = 0
        st.aside = []
        st.gy_seat = st.gy_card = -1
        st.first_complete = -1
        st.ending = False
        st.hc_round = [-1] * players
        events: list[Event] = []
        start_round(st, events)
        st._note(events)
        return st

    def clone(self) -> CitadelsState:
        """An independent copy (the schedule and the generator's int are shared safely)."""
        st = CitadelsState.__new__(CitadelsState)
        st._copy_base(self)
        st.rng = self.rng.clone()
        st.deck = self.deck[:]
        st.hands = [h[:] for h in self.hands]
        st.cities = [c[:] for c in self.cities]
        st.gold = self.gold[:]
        st.crown = self.crown
        st.round = self.round
        st.max_rounds = self.max_rounds
        st.phase = self.phase
        st.sched = self.sched
        st.step = self.step
        st.loc = self.loc[:]
        st.holder = self.holder[:]
        st.status = self.status[:]
        st.face_up = self.face_up
        st.took_face_down = self.took_face_down
        st.pool = self.pool[:]
        st.called = self.called
        st.murdered = self.murdered
        st.robbed = self.robbed
        st.turn_seat = self.turn_seat
        st.turn_char = self.turn_char
        st.t_step = self.t_step
        st.builds_left = self.builds_left
        st.income_done = self.income_done
        st.ability_done = self.ability_done
        st.lab_done = self.lab_done
        st.smithy_done = self.smithy_done
        st.drawn = self.drawn[:]
        st.keep_left = self.keep_left
        st.aside = self.aside[:]
        st.gy_seat = self.gy_seat
        st.gy_card = self.gy_card
        st.first_complete = self.first_complete
        st.ending = self.ending
        st.hc_round = self.hc_round[:]
        return st

    # -- the rules ------------------------------------------------------------------------

    def legal_actions(self) -> list[Action]:
        """The actions open to ``current_player``."""
        phase = self.phase
        if phase == TURN:
            return turn_actions(self)  # type: ignore[return-value]
        if phase == DRAFT:
            return draft_actions(self)  # type: ignore[return-value]
        if phase == GRAVEYARD:
            return graveyard_actions(self)  # type: ignore[return-value]
        return []

    def _apply(self, action: Action) -> list[Event]:
        assert isinstance(action, Move)
        events: list[Event] = []
        phase = self.phase
        if phase == TURN:
            turn_apply(self, action, events)
        elif phase == DRAFT:
            if draft_apply(self, action, events):
                call_next(self, events)
        else:
            graveyard_apply(self, action, events)
        return events

    def explain_illegal(self, text: str) -> str | None:
        """Why a `build` or `destroy` cannot be played, in the table's words."""
        words = text.split(" ")
        if self.phase != TURN or self.t_step != MAIN:
            return None
        seat = self.turn_seat
        if words[0] == "build" and len(words) == 2 and words[1] in D_INDEX:
            d = D_INDEX[words[1]]
            name = D_NAME[d]
            if d not in self.hands[seat]:
                return f"the {name} is not in your hand"
            if d in self.cities[seat]:
                return f"your city already has a {name}"
            if not self.builds_left:
                return "you cannot build another district this turn"
            return f"you have only {self.gold[seat]} gold; the {name} costs {D_COST[d]}"
        if words[0] == "destroy" and len(words) == 3 and words[2] in D_INDEX:
            d = D_INDEX[words[2]]
            try:
                owner = int(words[1])
            except ValueError:
                return None
            if not 0 <= owner < self.players or d not in self.cities[owner]:
                return f"Player {owner} has no {D_NAME[d]}" if 0 <= owner < self.players else None
            cost = destroy_cost(self, owner, d)
            if self.gold[seat] < cost:
                return f"you have only {self.gold[seat]} gold; destroying it costs {cost}"
        return None

    # -- results --------------------------------------------------------------------------

    def scores(self) -> list[int]:
        """Victory points so far, bonuses included, recomputed from the public cities."""
        first = self.first_complete
        now = self.round
        return [
            city_score(city, 0 <= self.hc_round[seat] < now, seat == first)
            for seat, city in enumerate(self.cities)
        ]

    def winners(self) -> list[int]:
        """The seats with the most points once the game is over; ties share."""
        return best(self.scores()) if self.is_over else []

    # -- information ----------------------------------------------------------------------

    def view(self, seat: int | None) -> dict[str, Any]:
        """Exactly what ``seat`` may know (see ``infoset.view``)."""
        return view(self, seat)

    def determinize(self, seat: int | None, seed: int) -> CitadelsState:
        """A state ``seat`` cannot tell from this one (see ``infoset.determinize``)."""
        return determinize(self, seat, seed)
