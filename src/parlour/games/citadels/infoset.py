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
from typing import TYPE_CHECKING, Any

from ...core import Rng, derive_seed
from .data import C_SLUG, D_SLUG, full_deck
from .draft import BURY, DRAFT, FACE_UP, INITIAL, PICK, POOL, offered
from .turn import ABSENT, REVEALED

if TYPE_CHECKING:
    from .state import CitadelsState

PHASES = ("draft", "turn", "graveyard", "over")
STEPS = ("resource", "keep", "main", "redraw")


def _chars(chars: list[int]) -> list[str]:
    return [C_SLUG[c] for c in sorted(chars)]


def _districts(cards: list[int]) -> list[str]:
    return [D_SLUG[d] for d in sorted(cards)]


def offer_at(st: CitadelsState, step: int) -> list[int]:
    """The characters offered at a draft step, recomputed from where each one went."""
    last = len(st.sched) - 1
    n, took = st.players, st.took_face_down
    return [c for c in range(8) if st.loc[c] != FACE_UP and offered(n, took, st.loc[c], step, last)]


def own_steps(st: CitadelsState, seat: int) -> list[int]:
    """The draft steps of this round that ``seat`` has played or must play now."""
    upto = st.step + 1 if st.phase == DRAFT else st.step
    return [k for k in range(min(upto, len(st.sched))) if st.sched[k][0] == seat]


def face_down_known(st: CitadelsState, seat: int) -> list[int]:
    """Face-down characters ``seat`` knows: the ones it buried and the draft's last leftover."""
    out = [c for c in range(8) if 0 <= st.loc[c] < POOL and st.sched[st.loc[c]] == (seat, BURY)]
    last = len(st.sched) - 1
    if st.phase != DRAFT and st.sched[last][0] == seat:
        taken = st.loc.index(last)
        out.extend(c for c in offer_at(st, last) if c != taken)
    return sorted(out)


def swap_hidden(st: CitadelsState, seat: int | None) -> bool:
    """Whether ``seat`` cannot know if the 7th seat took the initial face-down card.

    The last seat holds the card passed to it and the face-down one, keeps one and lays the
    other face down, so nobody else sees which it kept.
    """
    return st.players == 7 and st.phase != DRAFT and seat != st.sched[-1][0]


def took_face_down(st: CitadelsState, seat: int | None) -> bool | None:
    """Whether the 7th seat took the initial face-down card, for those who know; else None."""
    return None if swap_hidden(st, seat) else st.took_face_down


def view(st: CitadelsState, seat: int | None) -> dict[str, Any]:
    """Exactly what ``seat`` may know, as JSON; ``None`` is the spectator."""
    out = st.common_view(seat)
    in_draft = st.phase == DRAFT
    loc, sched, status = st.loc, st.sched, st.status
    face_down = sum(
        1
        for c in range(8)
        if loc[c] == INITIAL
        or (0 <= loc[c] < POOL and sched[loc[c]][1] == BURY)
        or (loc[c] == POOL and not in_draft)
    )
    turn: dict[str, Any] | None = None
    if st.turn_seat >= 0:
        turn = {
            "seat": st.turn_seat,
            "character": C_SLUG[st.turn_char],
            "step": STEPS[st.t_step],
            "builds_left": st.builds_left,
            "income_collected": st.income_done,
            "ability_used": st.ability_done,
            "laboratory_used": st.lab_done,
            "smithy_used": st.smithy_done,
            "drawn_count": len(st.drawn),
            "keep_left": st.keep_left if st.drawn else 0,
            "aside_count": len(st.aside),
        }
    out.update(
        {
            "phase": PHASES[st.phase],
            "round": st.round,
            "max_rounds": st.max_rounds,
            "crown": st.crown,
            "gold": st.gold[:],
            "cities": [[D_SLUG[d] for d in city] for city in st.cities],
            "hand_counts": [len(h) for h in st.hands],
            "deck_count": len(st.deck),
            "face_up": _chars(st.face_up),
            "face_down_count": face_down,
            "draft_order": [[s, "choose" if k == PICK else "discard"] for s, k in sched],
            "draft_step": st.step if in_draft else None,
            "pool_count": len(st.pool) if in_draft else 0,
            "took_face_down": took_face_down(st, seat),
            "called": C_SLUG[st.called] if st.called >= 0 else None,
            "revealed": {C_SLUG[c]: st.holder[c] for c in range(8) if status[c] == REVEALED},
            "absent": [C_SLUG[c] for c in range(8) if status[c] == ABSENT],
            "murdered": C_SLUG[st.murdered] if st.murdered >= 0 else None,
            "robbed": C_SLUG[st.robbed] if st.robbed >= 0 else None,
            "turn": turn,
            "graveyard": (
                {"seat": st.gy_seat, "district": D_SLUG[st.gy_card]} if st.gy_seat >= 0 else None
            ),
            "first_complete": st.first_complete if st.first_complete >= 0 else None,
            "last_round": st.ending,
            "haunted_city_round": [r if r >= 0 else None for r in st.hc_round],
        }
    )
    if seat is not None:
        out["hand"] = _districts(st.hands[seat])
        out["characters"] = _chars([c for c in range(8) if st.holder[c] == seat])
        out["draft_offers"] = [
            {"step": k, "characters": _chars(offer_at(st, k))} for k in own_steps(st, seat)
        ]
        out["face_down_known"] = _chars(face_down_known(st, seat))
        mine = st.turn_seat == seat
        out["drawn"] = _districts(st.drawn) if mine else []
        out["aside"] = _districts(st.aside) if mine else []
    return out


def determinize(st: CitadelsState, seat: int | None, seed: int) -> CitadelsState:
    """A state ``seat`` cannot tell apart from ``st``, drawn from its view and ``seed`` only."""
    det = st.clone()
    det._become_determinized(seed, dict(st.options))
    det.rng = rng = Rng(derive_seed(seed, "citadels-determinize"))
    _redeal_districts(st, det, seat, rng)
    _redeal_characters(st, det, seat, rng)
    return det


def _redeal_districts(st: CitadelsState, det: CitadelsState, seat: int | None, rng: Rng) -> None:
    counts = Counter(full_deck(bool(st.options.get("great_wall"))))
    for city in st.cities:
        counts.subtract(city)
    if st.gy_card >= 0:
        counts[st.gy_card] -= 1
    mine = seat is not None and st.turn_seat == seat
    if seat is not None:
        counts.subtract(st.hands[seat])
        det.hands[seat] = sorted(st.hands[seat])
    if mine:
        counts.subtract(st.drawn)
        counts.subtract(st.aside)
        det.drawn = sorted(st.drawn)
        det.aside = sorted(st.aside)
    unseen = sorted(counts.elements())
    rng.shuffle(unseen)
    for other in range(st.players):
        if other != seat:
            det.hands[other] = [unseen.pop() for _ in st.hands[other]]
    if not mine and st.turn_seat >= 0:
        det.drawn = [unseen.pop() for _ in st.drawn]
        det.aside = [unseen.pop() for _ in st.aside]
    det.deck = unseen


def _redeal_characters(st: CitadelsState, det: CitadelsState, seat: int | None, rng: Rng) -> None:
    """Place the characters ``seat`` does not know consistently with all it saw."""
    sched, loc = st.sched, st.loc
    n, took = st.players, st.took_face_down

    def own(c: int) -> bool:
        return 0 <= loc[c] < POOL and sched[loc[c]][0] == seat

    unknown = [c for c in range(8) if loc[c] != FACE_UP and not own(c)]
    # Where the unknown characters are, without saying which is where: public structure.
    places = sorted(loc[c] for c in unknown)
    seen = [] if seat is None else [(k, set(offer_at(st, k))) for k in own_steps(st, seat)]
    # With 7 players only the last seat knows whether it kept the initial face-down card:
    # for everyone else the face-down card is the initial one or the one passed last, and
    # the guess is whichever fits (the truth always does; both often do).
    hidden = swap_hidden(st, seat)
    guesses = [False, True] if hidden else [took]
    if hidden:
        rng.shuffle(guesses)
    chosen: dict[int, int] | None = None
    for took in guesses:
        if hidden:
            face_down = POOL if took else INITIAL
            places = sorted(face_down if p in (INITIAL, POOL) else p for p in places)
        chosen = _place(st, unknown, places, seen, took, rng)
        if chosen is not None:
            det.took_face_down = took
            break
    # The true placement satisfies every constraint, so a solution always exists.
    assert chosen is not None
    for i, c in chosen.items():
        place = places[i]
        det.loc[c] = place
        is_pick = 0 <= place < POOL and sched[place][1] == PICK
        det.holder[c] = sched[place][0] if is_pick else -1
    if st.phase == DRAFT:
        pool = [c for c in range(8) if det.loc[c] == POOL]
        if n == 7 and st.step == len(sched) - 1 and INITIAL in det.loc:
            pool.append(det.loc.index(INITIAL))
        det.pool = sorted(pool)


def _place(
    st: CitadelsState,
    unknown: list[int],
    places: list[int],
    seen: list[tuple[int, set[int]]],
    took: bool,
    rng: Rng,
) -> dict[int, int] | None:
    """A random assignment of ``unknown`` characters to ``places`` (index -> character) that
    fits the seat's draft offers, the revealed characters and the absent ones; else None."""
    sched = st.sched
    last = len(sched) - 1
    n = st.players

    def fits(c: int, place: int) -> bool:
        for k, offer in seen:
            if (c in offer) != offered(n, took, place, k, last):
                return False
        is_pick = 0 <= place < POOL and sched[place][1] == PICK
        if st.status[c] == REVEALED:
            return is_pick and sched[place][0] == st.holder[c]
        return not (st.status[c] == ABSENT and is_pick)

    allowed = []
    for place in places:
        options = [c for c in unknown if fits(c, place)]
        rng.shuffle(options)
        allowed.append(options)
    order = sorted(range(len(places)), key=lambda i: len(allowed[i]))
    chosen: dict[int, int] = {}

    def solve(j: int) -> bool:
        if j == len(order):
            return True
        i = order[j]
        for c in allowed[i]:
            if c not in chosen.values():
                chosen[i] = c
                if solve(j + 1):
                    return True
                del chosen[i]
        return False

    return chosen if solve(0) else None
