"""The call phase and a character's turn: resources, building, income and every ability.

The Graveyard's rescue is a response window (``parlour.core.windows``) opened after the
Warlord destroys a district: see ``destroy``.
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import IntEnum
from typing import TYPE_CHECKING

from ...core import Action, Event
from ...core.windows import ResponseWindow
from . import actions as act
from .actions import (
    ASSASSINATIONS_OF,
    ROBBERIES_OF,
    SWAPS_WITH_OTHERS,
    Kind,
    Move,
    append_moves,
)
from .cards import (
    ARCHITECT,
    ASSASSIN,
    BISHOP,
    C_BIT,
    C_COLOUR,
    CHARACTER_COUNT,
    D_BIT,
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
    MAX_SEATS,
    MERCHANT,
    OBSERVATORY,
    SCHOOL_OF_MAGIC,
    SMITHY,
    THIEF,
    WARLORD,
    Colour,
    district_slugs,
    kinds_of,
    slugs,
)
from .draft import (
    ABSENT,
    OVER,
    RESCUE,
    REVEALED,
    SILENT,
    TURN,
    draft_apply,
    start_round,
)
from .events import (
    BUILT,
    CALLED,
    CROWN_PASSED,
    DREW_TWO,
    KEPT,
    MURDERS,
    NOT_KEPT,
    ROBS,
    SKIPPED,
    TURN_ENDED,
    CityCompleted,
    Destroyed,
    Drew,
    GameEnded,
    GoldGained,
    HandsSwapped,
    PutUnderDeck,
    Rescued,
)
from .scoring import COMPLETE, best

if TYPE_CHECKING:
    from .state import CitadelsState


class TurnStep(IntEnum):
    """Where a character's turn stands (``state.turn_step``)."""

    RESOURCES = 0  # take gold or draw
    KEEPING = 1  # keep drawn cards, one at a time
    MAIN = 2  # build, income, abilities, end turn
    REDRAW = 3  # the Magician puts cards under the deck one at a time, then `done`


RESOURCES, KEEPING, MAIN, REDRAW = map(int, TurnStep)  # plain ints, as in draft.py

# The rules' numbers.
GOLD_TAKEN = 2  # `take gold`
CARDS_DRAWN = 2  # `draw`
CARDS_KEPT = 1  # of the cards drawn
BUILDS = 1  # districts a character may build in a turn (the Architect: more)
OBSERVATORY_DRAWN = 3  # `draw` with an Observatory
LIBRARY_KEPT_OF_OBSERVATORY = 2  # Library and Observatory together: draw 3, keep 2
ARCHITECT_BUILDS = 3  # districts the Architect may build in a turn (others: 1)
ARCHITECT_DRAWN = 2  # cards the Architect draws after the resources
MERCHANT_GOLD = 1  # gold the Merchant takes after the resources
LABORATORY_GOLD = 1  # gold for a card put under the deck with the Laboratory
SMITHY_PRICE = 2  # gold the Smithy costs
SMITHY_DRAWN = 3  # cards it draws
RESCUE_PRICE = 1  # gold the Graveyard's owner pays to take a destroyed district
DESTROY_DISCOUNT = 1  # the Warlord pays a district's cost minus this
GREAT_WALL_SURCHARGE = 1  # and this much more beside a Great Wall

# The events of taking gold and of the Merchant's gold, by seat, made once (see the tables
# of ``events``).
TOOK_GOLD = tuple(GoldGained(seat, GOLD_TAKEN, "resources") for seat in range(MAX_SEATS))
MERCHANT_GAINED = tuple(GoldGained(seat, MERCHANT_GOLD, "Merchant") for seat in range(MAX_SEATS))


def draw(state: CitadelsState, n: int) -> list[int]:
    """Up to ``n`` cards from the top of the deck (an empty deck gives fewer), top first."""
    deck = state.deck
    rest = len(deck) - n
    if rest < 0:
        rest = 0
    drawn = deck[rest:]
    del deck[rest:]
    drawn.reverse()
    return drawn


def to_bottom(state: CitadelsState, cards: list[int]) -> None:
    """Put cards under the deck."""
    state.deck[0:0] = cards


def add_to_hand(state: CitadelsState, seat: int, districts: Iterable[int]) -> None:
    """Put districts into a seat's hand, and their kinds into its bit set."""
    hand = state.hands[seat]
    kinds = state.hand_kinds[seat]
    for d in districts:
        hand.append(d)
        kinds |= D_BIT[d]
    state.hand_kinds[seat] = kinds


def remove_from_hand(state: CitadelsState, seat: int, district: int) -> None:
    """Take one copy of a district from a seat's hand; its kind leaves with the last copy."""
    hand = state.hands[seat]
    hand.remove(district)
    if district not in hand:
        state.hand_kinds[seat] &= ~D_BIT[district]


# By colour: the districts that pay a character of that colour income (a city holds one
# copy of each at most, so the income is how many of them it has).
INCOME_DISTRICTS = tuple(
    kinds_of(d for d, c in enumerate(D_COLOUR) if c == colour or d == SCHOOL_OF_MAGIC)
    for colour in range(len(Colour))
)


def income(state: CitadelsState, seat: int, character: int) -> int:
    """District income for the character: its colour, School of Magic counting as it."""
    colour = C_COLOUR[character]
    if colour < 0:
        return 0
    return (state.city_kinds[seat] & INCOME_DISTRICTS[colour]).bit_count()


def protected_seat(state: CitadelsState) -> int:
    """The seat of the Bishop, revealed and alive (murdered ones are never revealed), else -1."""
    return state.holder[BISHOP] if state.call_status[BISHOP] == REVEALED else -1


def bishop_protects(state: CitadelsState, seat: int) -> bool:
    """Whether ``seat`` holds the Bishop, revealed and alive."""
    return protected_seat(state) == seat


# What the Warlord pays for each district: its cost minus 1, plus 1 for another district
# of a city with a Great Wall; indexed by whether the city has one, then by district.
DESTROY_COSTS = tuple(
    tuple(
        cost - DESTROY_DISCOUNT + GREAT_WALL_SURCHARGE * (wall and d != GREAT_WALL)
        for d, cost in enumerate(D_COST)
    )
    for wall in (False, True)
)
# The districts the Warlord can pay to destroy (never the Keep), as a bit set: indexed by
# whether the city has a Great Wall, then by his gold up to the dearest price.
DEAREST_DESTROY = max(max(costs) for costs in DESTROY_COSTS)
DESTROYABLE = tuple(
    tuple(
        kinds_of(d for d, cost in enumerate(costs) if cost <= gold and d != KEEP)
        for gold in range(DEAREST_DESTROY + 1)
    )
    for costs in DESTROY_COSTS
)


def destroy_cost(state: CitadelsState, owner: int, district: int) -> int:
    """What the Warlord pays to destroy ``district`` in the city of ``owner``."""
    return DESTROY_COSTS[GREAT_WALL in state.cities[owner]][district]


def call_next(state: CitadelsState, events: list[Event]) -> None:
    """Call the next characters in rank order until one takes a turn, else end the round."""
    holder, status, murdered = state.holder, state.call_status, state.murdered
    c = state.called
    while c < CHARACTER_COUNT - 1:
        c += 1
        seat = holder[c]
        if c == murdered:
            status[c] = SILENT
            events.append(SKIPPED[c])
            continue
        if seat < 0:
            status[c] = ABSENT
            events.append(CALLED[c][-1])
            continue
        state.called = c
        status[c] = REVEALED
        events.append(CALLED[c][seat])
        if c == KING:
            state.crown = seat
            events.append(CROWN_PASSED[seat])
        if c == state.robbed:
            thief = holder[THIEF]
            amount = state.gold[seat]
            if thief != seat and amount:
                state.gold[seat] = 0
                state.gold[thief] += amount
                events.append(GoldGained(thief, amount, "robbed", seat))
        state.phase = TURN
        state.turn_seat = seat
        state.turn_character = c
        state.turn_step = RESOURCES
        state.builds_left = ARCHITECT_BUILDS if c == ARCHITECT else BUILDS
        state.income_collected = state.ability_used = False
        state.laboratory_used = state.smithy_used = False
        state.current_player = seat
        return
    state.called = c
    end_round(state, events)


def end_round(state: CitadelsState, events: list[Event]) -> None:
    """The heir of a murdered King takes the crown; the game ends or the next round starts."""
    king = state.holder[KING]
    if state.murdered == KING and king >= 0:
        state.crown = king
        events.append(CROWN_PASSED[king])
    if state.last_round or state.round >= state.max_rounds:
        state.phase = OVER
        state.is_over = True
        state.current_player = None
        scores = state.scores()
        events.append(GameEnded(scores, best(scores), not state.last_round))
        return
    start_round(state, events)


def resource_actions(state: CitadelsState) -> list[Action]:
    """Take gold or draw cards (while the deck has any)."""
    return [act.TAKE_GOLD, act.DRAW] if state.deck else [act.TAKE_GOLD]


def keep_actions(state: CitadelsState) -> list[Action]:
    """Keep one of the cards drawn."""
    drawn = state.drawn
    if len(drawn) == CARDS_DRAWN:
        first, second = drawn
        return [*act.KEEP_ONE_OF_TWO[first][second]]
    out: list[Action] = []
    for d in sorted(set(drawn)):
        out.append(act.KEEP[d])
    return out


def redraw_actions(state: CitadelsState) -> list[Action]:
    """The Magician puts another card under the deck, or draws as many as he put there."""
    out: list[Action] = []
    append_moves(out, act.REDRAWS_OF, state.hand_kinds[state.turn_seat])
    out.append(act.REDRAW_DONE)
    return out


def main_actions(state: CitadelsState) -> list[Action]:
    """The main step: build, collect income, use the ability and the purple districts, end."""
    # Most of a game's decisions are made here, so hand and city are read as bit sets of
    # kinds: which districts are affordable, or built, is one ``&``.
    seat = state.turn_seat
    kinds = state.hand_kinds[seat]
    built = state.city_kinds[seat]
    gold = state.gold[seat]
    character = state.turn_character
    out: list[Action] = []
    if state.builds_left:
        # A second copy of a district already in the city is never built.
        buildable = kinds & AFFORDABLE[gold if gold < DEAREST else DEAREST] & ~built
        if buildable:
            append_moves(out, act.BUILDS_OF, buildable)
    if not state.income_collected:
        colour = C_COLOUR[character]
        if colour >= 0 and built & INCOME_DISTRICTS[colour]:
            out.append(act.INCOME)
    if not state.ability_used:
        list_ability = ABILITY_ACTIONS[character]
        if list_ability is not None:
            list_ability(state, seat, kinds, gold, out)
    if not state.laboratory_used and kinds and built & D_BIT[LABORATORY]:
        append_moves(out, act.LABORATORY_OF, kinds)
    if not state.smithy_used and gold >= SMITHY_PRICE and state.deck and built & D_BIT[SMITHY]:
        out.append(act.SMITHY)
    out.append(act.END_TURN)
    return out


# The districts that cost at most a given amount of gold, as bit sets, for every amount up
# to the cost of the dearest district (which buys any).
DEAREST = max(D_COST)
AFFORDABLE = tuple(
    kinds_of(d for d, cost in enumerate(D_COST) if cost <= gold) for gold in range(DEAREST + 1)
)
# The characters each ability may name: not itself (nor the Assassin, for the Thief).
ASSASSIN_TARGETS = sum(C_BIT[THIEF:])
THIEF_TARGETS = sum(C_BIT[MAGICIAN:])


def face_up_set(state: CitadelsState) -> int:
    """The face-up characters of the round, as a bit set."""
    up = 0
    for c in state.face_up:
        up |= C_BIT[c]
    return up


# Each character's ability, listed into ``out`` while unused this turn; ``kinds`` is the bit
# set of the districts in hand.


def _assassin_actions(
    state: CitadelsState, seat: int, kinds: int, gold: int, out: list[Action]
) -> None:
    # Naming a face-up character could do nothing, so it is not offered.
    out.extend(ASSASSINATIONS_OF[ASSASSIN_TARGETS & ~face_up_set(state)])


def _thief_actions(
    state: CitadelsState, seat: int, kinds: int, gold: int, out: list[Action]
) -> None:
    targets = THIEF_TARGETS & ~face_up_set(state)
    if state.murdered >= 0:
        targets &= ~C_BIT[state.murdered]
    out.extend(ROBBERIES_OF[targets])


def _magician_actions(
    state: CitadelsState, seat: int, kinds: int, gold: int, out: list[Action]
) -> None:
    out.extend(SWAPS_WITH_OTHERS[state.players][seat])
    append_moves(out, act.REDRAWS_OF, kinds)


def _warlord_actions(
    state: CitadelsState, seat: int, kinds: int, gold: int, out: list[Action]
) -> None:
    protected = protected_seat(state)
    price = gold if gold < DEAREST_DESTROY else DEAREST_DESTROY
    wall = D_BIT[GREAT_WALL]
    for owner in range(state.players):
        if owner == protected or len(state.cities[owner]) >= COMPLETE:
            continue
        built = state.city_kinds[owner]
        targets = built & DESTROYABLE[(built & wall) != 0][price]
        if targets:
            append_moves(out, act.DESTROYS_OF[owner], targets)


# By character: the lister of its ability's actions, or None when it has none to choose.
ABILITY_ACTIONS = tuple(
    {
        ASSASSIN: _assassin_actions,
        THIEF: _thief_actions,
        MAGICIAN: _magician_actions,
        WARLORD: _warlord_actions,
    }.get(c)
    for c in range(CHARACTER_COUNT)
)


def _take_gold(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.gold[seat] += GOLD_TAKEN
    events.append(TOOK_GOLD[seat])
    after_resources(state, events)


def draw_counts(built: int) -> tuple[int, int]:
    """How many districts ``draw`` draws and keeps for a city of these kinds (a bit set): an
    Observatory draws more, a Library keeps more (both cards, without an Observatory)."""
    observatory = built & D_BIT[OBSERVATORY]
    drawn = OBSERVATORY_DRAWN if observatory else CARDS_DRAWN
    if built & D_BIT[LIBRARY]:
        return drawn, LIBRARY_KEPT_OF_OBSERVATORY if observatory else drawn
    return drawn, CARDS_KEPT


def _draw(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    count, keep = draw_counts(state.city_kinds[seat])
    drawn = draw(state, count)
    if len(drawn) == CARDS_DRAWN:
        first, second = drawn
        events.append(DREW_TWO[seat][first][second])
    else:
        events.append(Drew(seat, len(drawn), district_slugs(drawn), "resources"))
    if len(drawn) <= keep:
        add_to_hand(state, seat, drawn)
        after_resources(state, events)
    else:
        state.drawn = drawn
        state.keep_left = keep
        state.turn_step = KEEPING


def _keep(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    district = action.district
    state.drawn.remove(district)
    state.hands[seat].append(district)
    state.hand_kinds[seat] |= D_BIT[district]
    events.append(KEPT[seat][district])
    state.keep_left -= 1
    if not state.keep_left:
        rest = state.drawn
        state.drawn = []
        to_bottom(state, rest)
        if len(rest) == 1:
            events.append(NOT_KEPT[seat][rest[0]])
        else:
            events.append(
                PutUnderDeck(seat, len(rest), district_slugs(rest), "not kept", not_kept=True)
            )
        after_resources(state, events)


def _build(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    """Pay for a district and add it to the city; an 8th district may start the last round."""
    district = action.district
    remove_from_hand(state, seat, district)
    state.gold[seat] -= D_COST[district]
    city = state.cities[seat]
    city.append(district)
    state.city_kinds[seat] |= D_BIT[district]
    state.builds_left -= 1
    if district == HAUNTED_CITY:
        state.haunted_city_round[seat] = state.round
    events.append(BUILT[seat][district])
    if len(city) == COMPLETE:
        first = state.first_complete < 0
        if first:
            state.first_complete = seat
            state.last_round = True
        events.append(CityCompleted(seat, first))


def _income(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.income_collected = True
    amount = income(state, seat, state.turn_character)
    state.gold[seat] += amount
    events.append(GoldGained(seat, amount, "district income"))


def _assassinate(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.ability_used = True
    state.murdered = action.character
    events.append(MURDERS[seat][action.character])


def _rob(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.ability_used = True
    state.robbed = action.character
    events.append(ROBS[seat][action.character])


def _swap(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.ability_used = True
    other = action.seat
    hands, kinds = state.hands, state.hand_kinds
    hands[seat], hands[other] = hands[other], hands[seat]
    kinds[seat], kinds[other] = kinds[other], kinds[seat]
    events.append(HandsSwapped(seat, other))


def _redraw(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.ability_used = True
    state.turn_step = REDRAW
    remove_from_hand(state, seat, action.district)
    state.set_aside.append(action.district)


def _redraw_done(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    aside = state.set_aside
    state.set_aside = []
    to_bottom(state, aside)
    events.append(PutUnderDeck(seat, len(aside), slugs(aside), "Magician"))
    drawn = draw(state, len(aside))
    add_to_hand(state, seat, drawn)
    events.append(Drew(seat, len(drawn), district_slugs(drawn), "Magician"))
    state.turn_step = MAIN


def _destroy(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    destroy(state, seat, action.seat, action.district, events)


def _laboratory(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.laboratory_used = True
    district = action.district
    remove_from_hand(state, seat, district)
    to_bottom(state, [district])
    events.append(PutUnderDeck(seat, 1, [D_SLUG[district]], "Laboratory"))
    state.gold[seat] += LABORATORY_GOLD
    events.append(GoldGained(seat, LABORATORY_GOLD, "Laboratory"))


def _smithy(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    state.smithy_used = True
    state.gold[seat] -= SMITHY_PRICE
    drawn = draw(state, SMITHY_DRAWN)
    add_to_hand(state, seat, drawn)
    reason = f"Smithy, for {SMITHY_PRICE} gold"
    events.append(Drew(seat, len(drawn), district_slugs(drawn), reason))


def _end_turn(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    events.append(TURN_ENDED[seat][state.turn_character])
    state.turn_seat = -1
    state.turn_character = -1
    call_next(state, events)


def _draft(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    if draft_apply(state, action, events):
        call_next(state, events)


def _rescue_or_pass(state: CitadelsState, action: Move, seat: int, events: list[Event]) -> None:
    rescue_apply(state, action, events)


# The legal actions of each step of a turn, indexed by ``TurnStep``.
STEP_ACTIONS = (resource_actions, keep_actions, main_actions, redraw_actions)


def turn_actions(state: CitadelsState) -> list[Action]:
    """The legal actions of the seat whose character's turn it is."""
    return STEP_ACTIONS[state.turn_step](state)


# Each kind's handler, indexed by ``Kind`` (a kind belongs to one phase, so it names the
# rules that carry it out; indexing a tuple costs less than a dict lookup). A handler gets
# the state, the move, the seat that makes it and the events to append to.
HANDLERS = tuple(
    {
        Kind.CHOOSE: _draft,
        Kind.PUT_FACE_DOWN: _draft,
        Kind.TAKE_GOLD: _take_gold,
        Kind.DRAW: _draw,
        Kind.KEEP: _keep,
        Kind.BUILD: _build,
        Kind.INCOME: _income,
        Kind.ASSASSINATE: _assassinate,
        Kind.ROB: _rob,
        Kind.SWAP: _swap,
        Kind.REDRAW: _redraw,
        Kind.REDRAW_DONE: _redraw_done,
        Kind.DESTROY: _destroy,
        Kind.LABORATORY: _laboratory,
        Kind.SMITHY: _smithy,
        Kind.RESCUE: _rescue_or_pass,
        Kind.PASS: _rescue_or_pass,
        Kind.END_TURN: _end_turn,
    }[kind]
    for kind in Kind
)


def after_resources(state: CitadelsState, events: list[Event]) -> None:
    """The Merchant's extra gold and the Architect's extra cards, then the main step."""
    state.turn_step = MAIN
    seat = state.turn_seat
    if state.turn_character == MERCHANT:
        state.gold[seat] += MERCHANT_GOLD
        events.append(MERCHANT_GAINED[seat])
    elif state.turn_character == ARCHITECT:
        drawn = draw(state, ARCHITECT_DRAWN)
        add_to_hand(state, seat, drawn)
        events.append(Drew(seat, len(drawn), district_slugs(drawn), "Architect"))


def destroy(
    state: CitadelsState, seat: int, owner: int, district: int, events: list[Event]
) -> None:
    """The Warlord destroys a district; a Graveyard's owner may then rescue it.

    The rescue is a response window from the seat after the Warlord's, in turn order. It asks
    only the owners of a Graveyard, other than the Warlord, with gold to pay: all public, so
    skipping the others tells nobody anything. A destroyed Graveyard, or a district of the
    Warlord's own city, is never offered.
    """
    state.ability_used = True
    cost = destroy_cost(state, owner, district)
    state.gold[seat] -= cost
    state.cities[owner].remove(district)
    state.city_kinds[owner] &= ~D_BIT[district]
    if district == HAUNTED_CITY:
        state.haunted_city_round[owner] = -1
    events.append(Destroyed(seat, owner, D_SLUG[district], cost))
    if owner != seat and district != GRAVEYARD:
        window = ResponseWindow.open(
            "graveyard",
            (seat + 1) % state.players,
            state.players,
            lambda other: can_rescue(state, other),
        )
        if window is not None:
            state.rescue = window
            state.rescue_district = district
            state.phase = RESCUE
            state.current_player = window.seat
            return
    to_bottom(state, [district])


def can_rescue(state: CitadelsState, seat: int) -> bool:
    """Whether ``seat`` is asked about a destroyed district: it owns a Graveyard and can pay."""
    return (
        seat != state.turn_seat
        and GRAVEYARD in state.cities[seat]
        and state.gold[seat] >= RESCUE_PRICE
    )


def rescue_actions(state: CitadelsState) -> list[Action]:
    """Pay 1 gold to take the destroyed district into hand, or pass."""
    return [act.RESCUE[state.rescue_district], act.PASS]


def rescue_apply(state: CitadelsState, action: Move, events: list[Event]) -> None:
    """Rescue the district (which closes the window) or pass it on; then the turn goes on."""
    window = state.rescue
    assert window is not None
    district = state.rescue_district
    if action.kind == Kind.RESCUE:
        state.gold[window.seat] -= RESCUE_PRICE
        add_to_hand(state, window.seat, (district,))
        events.append(Rescued(window.seat, D_SLUG[district]))
        following = None
    else:
        following = window.passed(lambda other: can_rescue(state, other))
        if following is None:
            to_bottom(state, [district])
    state.rescue = following
    if following is not None:
        state.current_player = following.seat
        return
    state.rescue_district = -1
    state.phase = TURN
    state.current_player = state.turn_seat
