"""The call phase and a character's turn: resources, building, income and every ability."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ...core import Event
from . import actions as act
from .actions import Move, move
from .data import (
    ARCHITECT,
    ASSASSIN,
    BISHOP,
    C_COLOUR,
    C_SLUG,
    D_COLOUR,
    D_COST,
    D_SLUG,
    GRAVEYARD,
    GREAT_WALL,
    HAUNTED_CITY,
    KEEP,
    KING,
    LABORATORY,
    LIBRARY,
    MAGICIAN,
    MERCHANT,
    OBSERVATORY,
    SCHOOL_OF_MAGIC,
    SMITHY,
    THIEF,
    WARLORD,
)
from .draft import GRAVEYARD as GRAVEYARD_PHASE
from .draft import OVER, TURN, start_round
from .events import (
    Built,
    Called,
    CityCompleted,
    CrownPassed,
    Destroyed,
    Discarded,
    Drew,
    GameEnded,
    GoldGained,
    HandsSwapped,
    Kept,
    Named,
    Rescued,
    Skipped,
    TurnEnded,
)
from .scoring import COMPLETE, best

if TYPE_CHECKING:
    from .state import CitadelsState

# Steps of a turn (``state.t_step``).
RESOURCE = 0  # take gold or draw
CHOOSING = 1  # keep drawn cards, one at a time
MAIN = 2  # build, income, abilities, end turn
REDRAW = 3  # the Magician puts cards under the deck one at a time, then `done`

# Character call status this round (``state.status``).
UNCALLED = 0
REVEALED = 1
ABSENT = 2  # called and nobody held it
SILENT = 3  # the murdered character: called, its holder stays silent


def draw(st: CitadelsState, n: int) -> list[int]:
    """Up to ``n`` cards from the top of the deck (an empty deck gives fewer)."""
    deck = st.deck
    out = []
    for _ in range(min(n, len(deck))):
        out.append(deck.pop())
    return out


def to_bottom(st: CitadelsState, cards: list[int]) -> None:
    """Put cards under the deck."""
    st.deck[0:0] = cards


def income(st: CitadelsState, seat: int, char: int) -> int:
    """District income for the character: its colour, School of Magic counting as it."""
    colour = C_COLOUR[char]
    if colour < 0:
        return 0
    city = st.cities[seat]
    return sum(1 for d in city if D_COLOUR[d] == colour) + (SCHOOL_OF_MAGIC in city)


def bishop_protects(st: CitadelsState, seat: int) -> bool:
    """Whether ``seat`` holds the Bishop, revealed and alive (murdered ones are never revealed)."""
    return st.status[BISHOP] == REVEALED and st.holder[BISHOP] == seat


def destroy_cost(st: CitadelsState, owner: int, district: int) -> int:
    """What the Warlord pays: cost minus 1, plus 1 for another district beside a Great Wall."""
    city = st.cities[owner]
    return D_COST[district] - 1 + (GREAT_WALL in city and district != GREAT_WALL)


def call_next(st: CitadelsState, events: list[Event]) -> None:
    """Call the next characters in rank order until one takes a turn, else end the round."""
    while st.called < 7:
        st.called = c = st.called + 1
        seat = st.holder[c]
        if c == st.murdered:
            st.status[c] = SILENT
            events.append(Skipped(C_SLUG[c]))
            continue
        if seat < 0:
            st.status[c] = ABSENT
            events.append(Called(C_SLUG[c], None))
            continue
        st.status[c] = REVEALED
        events.append(Called(C_SLUG[c], seat))
        if c == KING:
            st.crown = seat
            events.append(CrownPassed(seat))
        if c == st.robbed:
            thief = st.holder[THIEF]
            amount = st.gold[seat]
            if thief != seat and amount:
                st.gold[seat] = 0
                st.gold[thief] += amount
                events.append(GoldGained(thief, amount, "robbed", seat))
        st.phase = TURN
        st.turn_seat = seat
        st.turn_char = c
        st.t_step = RESOURCE
        st.builds_left = 3 if c == ARCHITECT else 1
        st.income_done = st.ability_done = st.lab_done = st.smithy_done = False
        st.current_player = seat
        return
    end_round(st, events)


def end_round(st: CitadelsState, events: list[Event]) -> None:
    """The heir of a murdered King takes the crown; the game ends or the next round starts."""
    king = st.holder[KING]
    if st.murdered == KING and king >= 0:
        st.crown = king
        events.append(CrownPassed(king))
    if st.ending or st.round >= st.max_rounds:
        st.phase = OVER
        st.is_over = True
        st.current_player = None
        scores = st.scores()
        events.append(GameEnded(scores, best(scores), not st.ending))
        return
    start_round(st, events)


def turn_actions(st: CitadelsState) -> list[Move]:
    """The legal actions of the seat whose character's turn it is."""
    step = st.t_step
    seat = st.turn_seat
    if step == RESOURCE:
        out = [move(act.TAKE_GOLD)]
        if st.deck:
            out.append(move(act.DRAW))
        return out
    if step == CHOOSING:
        return [move(act.KEEP, d) for d in sorted(set(st.drawn))]
    hand = st.hands[seat]
    if step == REDRAW:
        out = [move(act.DISCARD, d) for d in sorted(set(hand))]
        out.append(move(act.DONE))
        return out
    out = []
    city = st.cities[seat]
    gold = st.gold[seat]
    char = st.turn_char
    if st.builds_left:
        for d in sorted(set(hand)):
            if D_COST[d] <= gold and d not in city:
                out.append(move(act.BUILD, d))
    if not st.income_done and income(st, seat, char):
        out.append(move(act.INCOME))
    if not st.ability_done:
        out.extend(ability_actions(st, seat, char, hand, gold))
    if not st.lab_done and hand and LABORATORY in city:
        out.extend(move(act.LABORATORY_USE, d) for d in sorted(set(hand)))
    if not st.smithy_done and gold >= 2 and st.deck and SMITHY in city:
        out.append(move(act.SMITHY_USE))
    out.append(move(act.END_TURN))
    return out


def ability_actions(
    st: CitadelsState, seat: int, char: int, hand: list[int], gold: int
) -> list[Move]:
    """The character's own ability, while unused this turn."""
    up = st.face_up
    if char == ASSASSIN:
        # Naming a face-up character could do nothing, so it is not offered.
        return [move(act.ASSASSINATE, c) for c in range(1, 8) if c not in up]
    if char == THIEF:
        return [move(act.ROB, c) for c in range(2, 8) if c != st.murdered and c not in up]
    if char == MAGICIAN:
        out = [move(act.SWAP, other) for other in range(st.players) if other != seat]
        out.extend(move(act.DISCARD, d) for d in sorted(set(hand)))
        return out
    if char == WARLORD:
        out = []
        for owner in range(st.players):
            city = st.cities[owner]
            if len(city) >= COMPLETE or bishop_protects(st, owner):
                continue
            for d in sorted(set(city)):
                if d != KEEP and destroy_cost(st, owner, d) <= gold:
                    out.append(move(act.DESTROY, owner, d))
        return out
    return []


def turn_apply(st: CitadelsState, action: Move, events: list[Event]) -> None:
    """Carry out one action of a turn."""
    kind = action.kind
    seat = st.turn_seat
    hand = st.hands[seat]
    if kind == act.TAKE_GOLD:
        st.gold[seat] += 2
        events.append(GoldGained(seat, 2, "resources"))
        after_resources(st, events)
    elif kind == act.DRAW:
        city = st.cities[seat]
        observatory = OBSERVATORY in city
        library = LIBRARY in city
        drawn = draw(st, 3 if observatory else 2)
        events.append(Drew(seat, len(drawn), [D_SLUG[d] for d in drawn], "resources"))
        keep = (2 if observatory else len(drawn)) if library else 1
        if len(drawn) <= keep:
            hand.extend(drawn)
            after_resources(st, events)
        else:
            st.drawn = drawn
            st.keep_left = keep
            st.t_step = CHOOSING
    elif kind == act.KEEP:
        st.drawn.remove(action.a)
        hand.append(action.a)
        events.append(Kept(seat, D_SLUG[action.a]))
        st.keep_left -= 1
        if not st.keep_left:
            rest = st.drawn
            st.drawn = []
            to_bottom(st, rest)
            events.append(Discarded(seat, len(rest), [D_SLUG[d] for d in rest], "not kept"))
            after_resources(st, events)
    elif kind == act.BUILD:
        build(st, seat, action.a, events)
    elif kind == act.INCOME:
        st.income_done = True
        amount = income(st, seat, st.turn_char)
        st.gold[seat] += amount
        events.append(GoldGained(seat, amount, "district income"))
    elif kind == act.ASSASSINATE:
        st.ability_done = True
        st.murdered = action.a
        events.append(Named(seat, "murders", C_SLUG[action.a]))
    elif kind == act.ROB:
        st.ability_done = True
        st.robbed = action.a
        events.append(Named(seat, "robs", C_SLUG[action.a]))
    elif kind == act.SWAP:
        st.ability_done = True
        other = action.a
        st.hands[seat], st.hands[other] = st.hands[other], hand
        events.append(HandsSwapped(seat, other))
    elif kind == act.DISCARD:
        st.ability_done = True
        st.t_step = REDRAW
        hand.remove(action.a)
        st.aside.append(action.a)
    elif kind == act.DONE:
        aside = st.aside
        st.aside = []
        to_bottom(st, aside)
        events.append(Discarded(seat, len(aside), [D_SLUG[d] for d in aside], "Magician"))
        drawn = draw(st, len(aside))
        hand.extend(drawn)
        events.append(Drew(seat, len(drawn), [D_SLUG[d] for d in drawn], "Magician"))
        st.t_step = MAIN
    elif kind == act.DESTROY:
        destroy(st, seat, action.a, action.b, events)
    elif kind == act.LABORATORY_USE:
        st.lab_done = True
        hand.remove(action.a)
        to_bottom(st, [action.a])
        events.append(Discarded(seat, 1, [D_SLUG[action.a]], "Laboratory"))
        st.gold[seat] += 1
        events.append(GoldGained(seat, 1, "Laboratory"))
    elif kind == act.SMITHY_USE:
        st.smithy_done = True
        st.gold[seat] -= 2
        drawn = draw(st, 3)
        hand.extend(drawn)
        events.append(Drew(seat, len(drawn), [D_SLUG[d] for d in drawn], "Smithy, for 2 gold"))
    else:  # END_TURN: the only kind left in a turn's vocabulary
        events.append(TurnEnded(seat, C_SLUG[st.turn_char]))
        st.turn_seat = -1
        st.turn_char = -1
        call_next(st, events)


def after_resources(st: CitadelsState, events: list[Event]) -> None:
    """The Merchant's extra gold and the Architect's extra cards, then the main step."""
    st.t_step = MAIN
    seat = st.turn_seat
    if st.turn_char == MERCHANT:
        st.gold[seat] += 1
        events.append(GoldGained(seat, 1, "Merchant"))
    elif st.turn_char == ARCHITECT:
        drawn = draw(st, 2)
        st.hands[seat].extend(drawn)
        events.append(Drew(seat, len(drawn), [D_SLUG[d] for d in drawn], "Architect"))


def build(st: CitadelsState, seat: int, district: int, events: list[Event]) -> None:
    """Pay for a district and add it to the city; an 8th district may start the last round."""
    st.hands[seat].remove(district)
    st.gold[seat] -= D_COST[district]
    city = st.cities[seat]
    city.append(district)
    st.builds_left -= 1
    if district == HAUNTED_CITY:
        st.hc_round[seat] = st.round
    events.append(Built(seat, D_SLUG[district], D_COST[district]))
    if len(city) == COMPLETE:
        first = st.first_complete < 0
        if first:
            st.first_complete = seat
            st.ending = True
        events.append(CityCompleted(seat, first))


def destroy(st: CitadelsState, seat: int, owner: int, district: int, events: list[Event]) -> None:
    """The Warlord destroys a district; the Graveyard's owner may then rescue it."""
    st.ability_done = True
    cost = destroy_cost(st, owner, district)
    st.gold[seat] -= cost
    st.cities[owner].remove(district)
    if district == HAUNTED_CITY:
        st.hc_round[owner] = -1
    events.append(Destroyed(seat, owner, D_SLUG[district], cost))
    if owner != seat and district != GRAVEYARD:
        for keeper in range(st.players):
            if keeper != seat and GRAVEYARD in st.cities[keeper] and st.gold[keeper] >= 1:
                st.phase = GRAVEYARD_PHASE
                st.gy_seat = keeper
                st.gy_card = district
                st.current_player = keeper
                return
    to_bottom(st, [district])


def graveyard_actions(st: CitadelsState) -> list[Move]:
    """Pay 1 gold to take the destroyed district into hand, or pass."""
    return [move(act.RESCUE, st.gy_card), move(act.PASS)]


def graveyard_apply(st: CitadelsState, action: Move, events: list[Event]) -> None:
    """Rescue the district or let it go under the deck; the Warlord's turn goes on."""
    keeper, card = st.gy_seat, st.gy_card
    if action.kind == act.RESCUE:
        st.gold[keeper] -= 1
        st.hands[keeper].append(card)
        events.append(Rescued(keeper, D_SLUG[card]))
    else:
        to_bottom(st, [card])
    st.gy_seat = -1
    st.gy_card = -1
    st.phase = TURN
    st.current_player = st.turn_seat
