"""Information sets: what a seat may know (``view``) and states it cannot tell apart.

A seat remembers the public table (cities, gold, hand counts, the crown, face-up cards,
every call, murder and robbery), its own hand and characters, and the characters offered
to it in this round's draft. It does not keep track of districts it has seen leave its hand
(cards it put under the deck, or a hand it gave away with the Magician): ``determinize``
treats every district outside its hand and the cities as unseen, so deck order and the
other hands are redrawn from those. This is the documented recall of the bots' seat.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NotRequired, TypedDict

from ...core import Rng, derive_seed
from ...core.views import CommonView
from .cards import (
    C_SLUG,
    CHARACTER_COUNT,
    D_SLUG,
    character_set,
    district_slugs,
    full_deck,
    kinds_of,
    slugs,
)
from .draft import (
    ABSENT,
    CHOOSE_STEP,
    DRAFT,
    FACE_DOWN_STEP,
    FACE_UP,
    INITIAL,
    LAST_SEAT_MAY_SWAP,
    POOL,
    REVEALED,
    offered,
)

if TYPE_CHECKING:
    from .state import CitadelsState

__all__ = [
    "PHASES",
    "STEPS",
    "TURN_FLAGS",
    "CitadelsView",
    "DraftOffer",
    "RescueView",
    "TurnView",
    "determinize",
    "turn_done",
    "view",
]

# The names views give a phase and a turn's step, indexed by ``Phase`` and ``TurnStep``.
PHASES = ("draft", "turn", "rescue", "over")
STEPS = ("resource", "keep", "main", "redraw")


class TurnView(TypedDict):
    """The character's turn in play: whose, which step, and what it has done."""

    seat: int
    character: str
    step: str  # one of ``STEPS``
    builds_left: int
    income_collected: bool
    ability_used: bool
    laboratory_used: bool
    smithy_used: bool
    drawn_count: int
    keep_left: int
    aside_count: int


class RescueView(TypedDict):
    """The Graveyard's offer: the seat that may rescue and the destroyed district."""

    seat: int
    district: str


class DraftOffer(TypedDict):
    """The characters offered to the view's seat at one of its draft steps."""

    step: int
    characters: list[str]


class CitadelsView(CommonView):
    """``view(seat)`` of Citadels: the public table, then the seat's own cards."""

    phase: str  # one of ``PHASES``
    round: int
    max_rounds: int
    crown: int
    gold: list[int]
    cities: list[list[str]]
    hand_counts: list[int]
    deck_count: int
    face_up: list[str]
    face_down_count: int
    draft_order: list[list[Any]]  # ``[seat, "choose" or "discard"]`` a step
    draft_step: int | None
    pool_count: int
    took_face_down: bool | None
    called: str | None
    revealed: dict[str, int]  # character: seat
    absent: list[str]
    murdered: str | None
    robbed: str | None
    turn: TurnView | None
    rescue: RescueView | None
    first_complete: int | None
    last_round: bool
    haunted_city_round: list[int | None]
    # Once the game is over, per seat, the score in its parts (``scoring.CityScore``'s
    # fields), adding up to ``scores``: the final table's columns.
    score_parts: NotRequired[list[dict[str, int]]]
    # The seat's own, absent for spectators:
    hand: NotRequired[list[str]]
    characters: NotRequired[list[str]]
    draft_offers: NotRequired[list[DraftOffer]]
    face_down_known: NotRequired[list[str]]
    drawn: NotRequired[list[str]]
    aside: NotRequired[list[str]]


# The flags of a view's ``turn`` and how they are said.
TURN_FLAGS = (
    ("income_collected", "income collected"),
    ("ability_used", "ability used"),
    ("laboratory_used", "Laboratory used"),
    ("smithy_used", "Smithy used"),
)


def turn_done(turn: Mapping[str, Any]) -> list[str]:
    """What the turn's character has done already: income collected, ability used..."""
    return [name for key, name in TURN_FLAGS if turn[key]]


def _chars(chars: list[int]) -> list[str]:
    return [C_SLUG[c] for c in sorted(chars)]


def offer_at(state: CitadelsState, step: int) -> list[int]:
    """The characters offered at a draft step, recomputed from where each one went."""
    last = len(state.draft_order) - 1
    n, took = state.players, state.took_face_down
    return [
        c
        for c in range(CHARACTER_COUNT)
        if state.places[c] != FACE_UP and offered(n, took, state.places[c], step, last)
    ]


def own_steps(state: CitadelsState, seat: int) -> list[int]:
    """The draft steps of this round that ``seat`` has played or must play now."""
    upto = state.draft_step + 1 if state.phase == DRAFT else state.draft_step
    return [k for k in range(min(upto, len(state.draft_order))) if state.draft_order[k][0] == seat]


def face_down_known(state: CitadelsState, seat: int) -> list[int]:
    """Face-down characters ``seat`` knows: the ones it buried and the draft's last leftover."""
    out = [
        c
        for c in range(CHARACTER_COUNT)
        if 0 <= state.places[c] < POOL
        and state.draft_order[state.places[c]] == (seat, FACE_DOWN_STEP)
    ]
    last = len(state.draft_order) - 1
    if state.phase != DRAFT and state.draft_order[last][0] == seat:
        taken = state.places.index(last)
        out.extend(c for c in offer_at(state, last) if c != taken)
    return sorted(out)


def swap_hidden(state: CitadelsState, seat: int | None) -> bool:
    """Whether ``seat`` cannot know if the 7th seat took the initial face-down card.

    The last seat holds the card passed to it and the face-down one, keeps one and lays the
    other face down, so nobody else sees which it kept.
    """
    return (
        state.players == LAST_SEAT_MAY_SWAP
        and state.phase != DRAFT
        and seat != state.draft_order[-1][0]
    )


def took_face_down(state: CitadelsState, seat: int | None) -> bool | None:
    """Whether the 7th seat took the initial face-down card, for those who know; else None."""
    return None if swap_hidden(state, seat) else state.took_face_down


def view(state: CitadelsState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may know, as JSON; ``None`` is the spectator."""
    out = state.common_view(seat)
    in_draft = state.phase == DRAFT
    places, order, status = state.places, state.draft_order, state.call_status
    face_down = sum(
        1
        for c in range(CHARACTER_COUNT)
        if places[c] == INITIAL
        or (0 <= places[c] < POOL and order[places[c]][1] == FACE_DOWN_STEP)
        or (places[c] == POOL and not in_draft)
    )
    turn: dict[str, Any] | None = None
    if state.turn_seat >= 0:
        turn = {
            "seat": state.turn_seat,
            "character": C_SLUG[state.turn_character],
            "step": STEPS[state.turn_step],
            "builds_left": state.builds_left,
            "income_collected": state.income_collected,
            "ability_used": state.ability_used,
            "laboratory_used": state.laboratory_used,
            "smithy_used": state.smithy_used,
            "drawn_count": len(state.drawn),
            "keep_left": state.keep_left if state.drawn else 0,
            "aside_count": len(state.set_aside),
        }
    out.update(
        {
            "phase": PHASES[state.phase],
            "round": state.round,
            "max_rounds": state.max_rounds,
            "crown": state.crown,
            "gold": state.gold[:],
            "cities": [slugs(city) for city in state.cities],
            "hand_counts": [len(h) for h in state.hands],
            "deck_count": len(state.deck),
            "face_up": _chars(state.face_up),
            "face_down_count": face_down,
            "draft_order": [[s, "choose" if k == CHOOSE_STEP else "discard"] for s, k in order],
            "draft_step": state.draft_step if in_draft else None,
            "pool_count": state.draft_pool.bit_count() if in_draft else 0,
            "took_face_down": took_face_down(state, seat),
            "called": C_SLUG[state.called] if state.called >= 0 else None,
            "revealed": {
                C_SLUG[c]: state.holder[c] for c in range(CHARACTER_COUNT) if status[c] == REVEALED
            },
            "absent": [C_SLUG[c] for c in range(CHARACTER_COUNT) if status[c] == ABSENT],
            "murdered": C_SLUG[state.murdered] if state.murdered >= 0 else None,
            "robbed": C_SLUG[state.robbed] if state.robbed >= 0 else None,
            "turn": turn,
            "rescue": (
                None
                if state.rescue is None
                else {"seat": state.rescue.seat, "district": D_SLUG[state.rescue_district]}
            ),
            "first_complete": state.first_complete if state.first_complete >= 0 else None,
            "last_round": state.last_round,
            "haunted_city_round": [r if r >= 0 else None for r in state.haunted_city_round],
        }
    )
    if state.is_over:
        # Only the final table reads the parts, and search reads views in its playouts,
        # where computing them would cost it two thirds more a view.
        out["score_parts"] = [parts._asdict() for parts in state.score_parts()]
    if seat is not None:
        out["hand"] = district_slugs(state.hands[seat])
        out["characters"] = _chars([c for c in range(CHARACTER_COUNT) if state.holder[c] == seat])
        out["draft_offers"] = [
            {"step": k, "characters": _chars(offer_at(state, k))} for k in own_steps(state, seat)
        ]
        out["face_down_known"] = _chars(face_down_known(state, seat))
        mine = state.turn_seat == seat
        out["drawn"] = district_slugs(state.drawn) if mine else []
        out["aside"] = district_slugs(state.set_aside) if mine else []
    return out


def determinize(state: CitadelsState, seat: int | None, seed: int) -> CitadelsState:
    """A state ``seat`` cannot tell apart from ``state``, drawn from its view and ``seed`` only."""
    det = state.clone()
    det._become_determinized(seed, dict(state.options))
    det.rng = rng = Rng(derive_seed(seed, "citadels-determinize"))
    _redeal_districts(state, det, seat, rng)
    _redeal_characters(state, det, seat, rng)
    return det


def _redeal_districts(state: CitadelsState, det: CitadelsState, seat: int | None, rng: Rng) -> None:
    counts = Counter(full_deck(bool(state.options.get("great_wall"))))
    for city in state.cities:
        counts.subtract(city)
    if state.rescue_district >= 0:
        counts[state.rescue_district] -= 1
    mine = seat is not None and state.turn_seat == seat
    if seat is not None:
        counts.subtract(state.hands[seat])
        det.hands[seat] = sorted(state.hands[seat])
    if mine:
        counts.subtract(state.drawn)
        counts.subtract(state.set_aside)
        det.drawn = sorted(state.drawn)
        det.set_aside = sorted(state.set_aside)
    unseen = sorted(counts.elements())
    rng.shuffle(unseen)
    for other in range(state.players):
        if other != seat:
            det.hands[other] = [unseen.pop() for _ in state.hands[other]]
    if not mine and state.turn_seat >= 0:
        det.drawn = [unseen.pop() for _ in state.drawn]
        det.set_aside = [unseen.pop() for _ in state.set_aside]
    det.deck = unseen
    det.hand_kinds = [kinds_of(hand) for hand in det.hands]


def _redeal_characters(
    state: CitadelsState, det: CitadelsState, seat: int | None, rng: Rng
) -> None:
    """Place the characters ``seat`` does not know consistently with all it saw."""
    order, where = state.draft_order, state.places
    n, took = state.players, state.took_face_down

    def own(c: int) -> bool:
        return 0 <= where[c] < POOL and order[where[c]][0] == seat

    unknown = [c for c in range(CHARACTER_COUNT) if where[c] != FACE_UP and not own(c)]
    # Where the unknown characters are, without saying which is where: public structure.
    places = sorted(where[c] for c in unknown)
    seen = [] if seat is None else [(k, set(offer_at(state, k))) for k in own_steps(state, seat)]
    # With 7 players only the last seat knows whether it kept the initial face-down card:
    # for everyone else the face-down card is the initial one or the one passed last, and
    # the guess is whichever fits (the truth always does; both often do).
    hidden = swap_hidden(state, seat)
    guesses = [False, True] if hidden else [took]
    if hidden:
        rng.shuffle(guesses)
    chosen: dict[int, int] | None = None
    for took in guesses:
        if hidden:
            face_down = POOL if took else INITIAL
            places = sorted(face_down if p in (INITIAL, POOL) else p for p in places)
        chosen = _place(state, unknown, places, seen, took, rng)
        if chosen is not None:
            det.took_face_down = took
            break
    # The true placement satisfies every constraint, so a solution always exists.
    assert chosen is not None
    for i, c in chosen.items():
        place = places[i]
        det.places[c] = place
        is_pick = 0 <= place < POOL and order[place][1] == CHOOSE_STEP
        det.holder[c] = order[place][0] if is_pick else -1
    if state.phase == DRAFT:
        pool = [c for c in range(CHARACTER_COUNT) if det.places[c] == POOL]
        if n == LAST_SEAT_MAY_SWAP and state.draft_step == len(order) - 1 and INITIAL in det.places:
            pool.append(det.places.index(INITIAL))
        det.draft_pool = character_set(pool)


def _place(
    state: CitadelsState,
    unknown: list[int],
    places: list[int],
    seen: list[tuple[int, set[int]]],
    took: bool,
    rng: Rng,
) -> dict[int, int] | None:
    """A random assignment of ``unknown`` characters to ``places`` (index -> character) that
    fits the seat's draft offers, the revealed characters and the absent ones; else None."""
    order = state.draft_order
    last = len(order) - 1
    n = state.players

    def fits(c: int, place: int) -> bool:
        for k, offer in seen:
            if (c in offer) != offered(n, took, place, k, last):
                return False
        is_pick = 0 <= place < POOL and order[place][1] == CHOOSE_STEP
        if state.call_status[c] == REVEALED:
            return is_pick and order[place][0] == state.holder[c]
        return not (state.call_status[c] == ABSENT and is_pick)

    allowed = []
    for place in places:
        options = [c for c in unknown if fits(c, place)]
        rng.shuffle(options)
        allowed.append(options)
    # The most constrained places first.
    solving_order = sorted(range(len(places)), key=lambda i: len(allowed[i]))
    chosen: dict[int, int] = {}

    def solve(j: int) -> bool:
        if j == len(solving_order):
            return True
        i = solving_order[j]
        for c in allowed[i]:
            if c not in chosen.values():
                chosen[i] = c
                if solve(j + 1):
                    return True
                del chosen[i]
        return False

    return chosen if solve(0) else None
