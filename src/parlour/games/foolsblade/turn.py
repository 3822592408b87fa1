"""The flow of a game: turns, windows, plays, assembly, the destinations and decisions.

``advance`` runs queued work until someone must decide: a pending decision, then queued
tasks, then the negate window, then the open response window, then the turn's own step.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Event
from ...core.windows import ResponseWindow
from . import actions as act
from .actions import Move
from .boss import gather
from .combat import finish_combat, resolve_combat, run_lose, start_combat
from .effects import (
    add,
    can_apply,
    choose,
    chosen,
    draw_cards,
    draw_top,
    drop,
    eligible,
    into_hand,
    out_of_hand,
    push,
    push_triggered,
    run_effect,
    set_part,
    trash_card,
)
from .events import (
    ApproachRevealed,
    ClassChosen,
    Destination,
    DidNothing,
    Equipped,
    ForgeShown,
    Gained,
    GameEnded,
    HandleFound,
    Moved,
    Played,
    TurnEnded,
    TurnStarted,
)
from .scoring import best, score_all
from .steps import (
    D_BREAK,
    D_DISCARD,
    D_GIVE,
    D_STEAL,
    MAX_EQUIPS,
    MAX_PLAYS,
    P_AFTER,
    P_CLASS,
    P_COMBAT,
    P_END,
    P_FORGE,
    P_MAIN,
    P_OVER,
    P_TAVERN,
    T_COUNTER,
    T_DONE,
    T_EFFECT,
    T_LOSE,
    T_RESOLVE,
    T_WINDOW,
    W_END,
    W_TAVERN,
    WINDOW_NAMES,
    Z_HAND,
)
from .strength import full_set, hand_limit, triggered
from .table import ANVIL, DECKS, HANDLE, LOOT, MONSTER_DECKS, QUEST, TAVERN

if TYPE_CHECKING:
    from .state import FoolsBladeState

# The verb of each decision kind.
DECISION_VERBS = {D_DISCARD: act.DISCARD, D_GIVE: act.GIVE, D_STEAL: act.STEAL, D_BREAK: act.BREAK}


# -- running the game forward ------------------------------------------------------------------


def advance(st: FoolsBladeState, events: list[Event]) -> None:
    """Run queued work and the turn's steps until some seat must decide (or the game ends)."""
    while True:
        if st.decision is not None:
            st.current_player = st.decision[1]
            return
        if st.tasks:
            run_task(st, st.tasks.pop(0), events)
            continue
        if st.counter is not None:
            st.current_player = st.counter.seat
            return
        if st.window is not None:
            st.current_player = st.window.seat
            return
        phase = st.phase
        if phase == P_TAVERN:
            st.phase = P_MAIN
        elif phase == P_COMBAT:
            if st.c_stage == 0:
                st.c_stage = 1
                st.tasks.append((T_WINDOW, W_END))
            else:
                resolve_combat(st, events)
            continue
        elif phase == P_AFTER:
            finish_combat(st)
            continue
        elif phase == P_END:
            end_step(st, events)
            continue
        if phase == P_OVER:
            st.current_player = None
        elif phase == P_CLASS:
            st.current_player = st.class_order[st.class_step]
        else:
            st.current_player = st.active
        return


def run_task(st: FoolsBladeState, task: tuple[Any, ...], events: list[Event]) -> None:
    """Carry out one piece of queued work."""
    code = task[0]
    if code == T_EFFECT:
        run_effect(st, task, events)
    elif code == T_LOSE:
        run_lose(st, task, events)
    elif code == T_WINDOW:
        kind = task[1]
        st.window_kind = kind
        st.plays = [0] * st.players
        st.window = ResponseWindow.open(WINDOW_NAMES[kind], st.active, st.players, st.may_answer)
    elif code == T_COUNTER:
        seat = st.pending[0] if st.pending is not None else st.active
        st.counter = ResponseWindow.open(
            "negate", (seat + 1) % st.players, st.players, st.may_negate
        )
        if st.counter is None:
            st.tasks.insert(0, (T_RESOLVE,))
    elif code == T_RESOLVE:
        resolve_play(st)
    else:  # T_DONE: (T_DONE,), or with the play's seat, card, ability and table before it
        if len(task) > 1 and table_now(st) == task[4]:
            events.append(DidNothing(task[1], st.tb.ids[task[2]], task[3]))
        st.pending = None
        if st.window is not None:
            st.window = st.window.responded(st.may_answer)


def resolve_play(st: FoolsBladeState) -> None:
    """The pending play takes effect unless it was negated; then its player is asked again."""
    pending = st.pending
    assert pending is not None
    seat, card, target, ability, negated = pending
    if negated:
        st.tasks.insert(0, (T_DONE,))
        return
    # What the table looks like now, to tell whether the play changed anything at all.
    st.tasks.insert(0, (T_DONE, seat, card, ability, table_now(st)))
    st.roll = 0
    cards = st.tb.cards[card]
    effects = cards.ability.effects if ability else cards.effects
    push(st, effects, seat, target, -1, card)


def table_now(st: FoolsBladeState) -> tuple[Any, ...]:
    """What effects can change, in a form compared cheaply: hands, everything laid out,
    deck sizes, bonuses, limits, skipped turns and the combat's progress."""
    return (
        tuple(map(len, st.hands)),
        tuple(map(len, st.decks)),
        tuple(st.weapons),
        tuple(st.gear),
        tuple(st.stash),
        tuple(st.curses),
        tuple(st.bonuses),
        tuple(st.limit_mod),
        tuple(st.hand_bonus),
        tuple(st.skips),
        st.c_seat,
        st.c_base,
        st.c_outcome,
        tuple(st.c_added),
        st.pending[4] if st.pending is not None else None,
    )


# -- who may answer a window (public information only) ----------------------------------------


def ability_ready(st: FoolsBladeState, seat: int, kind: int) -> bool:
    """Whether ``seat``'s class ability may be used in a window of ``kind`` (-1: the negate
    window), cost aside."""
    cls = st.classes[seat]
    if cls < 0 or st.used[seat] or kind not in st.tb.ability_windows[cls]:
        return False
    turn = st.tb.ability_turn[cls]
    if turn == "own":
        return seat == st.active
    return turn != "others" or seat != st.active


def may_answer(st: FoolsBladeState, seat: int) -> bool:
    """Whether ``seat`` is asked in the open window: it holds cards (whatever they are, so
    that being asked reveals nothing) or has its class ability ready, below the plays cap."""
    return st.plays[seat] < MAX_PLAYS and (
        bool(st.hands[seat]) or ability_ready(st, seat, st.window_kind)
    )


def may_negate(st: FoolsBladeState, seat: int) -> bool:
    """Whether ``seat`` is asked whether to negate the pending play: any other seat holding
    cards or with a negating ability ready."""
    pending = st.pending
    return (pending is None or seat != pending[0]) and (
        bool(st.hands[seat]) or ability_ready(st, seat, -1)
    )


# -- legal actions --------------------------------------------------------------------------


def step_actions(st: FoolsBladeState) -> list[Move]:
    """The actions of the turn's own step (no decision pending, no window open): the main
    step, the Forge or a class choice."""
    mv = st.mv
    phase = st.phase
    if phase == P_MAIN:
        return main_actions(st)
    if phase == P_FORGE:
        if st.forge_step == 1:
            hand = st.hands[st.active]
            reforge = mv.by_card[act.REFORGE]
            parts = sorted({c for c in hand if st.tb.kind[c] == "part"})
            return [*(reforge[c] for c in parts), mv.passing]
        take = mv.by_card[act.TAKE]
        return [take[c] for c in sorted(set(st.forge))]
    taken = set(st.classes)
    return [mv.get(act.CHOOSE, c) for c in st.tb.classes if c not in taken]


def decision_actions(st: FoolsBladeState) -> list[Move]:
    """The cards a decision may name; `pass` only when none is left to name."""
    decision = st.decision
    assert decision is not None
    cards = sorted(set(eligible(st, decision)))
    if not cards:
        return [st.mv.passing]
    named = st.mv.by_card[DECISION_VERBS[decision[0]]]
    return [named[c] for c in cards]


def cost_payable(st: FoolsBladeState, seat: int, cost: list[Any]) -> bool:
    """Whether ``seat`` can pay a whole cost now (from its own hand and equipment)."""
    from .effects import ZONE_INDEX

    for e in cost:
        if e.do == "discard":
            deck = DECKS.index(e.deck) if e.deck is not None else -1
            decision = (D_DISCARD, seat, e.count, -1, ZONE_INDEX[e.from_], deck, e.kind or "")
            if len(eligible(st, decision)) < e.count:
                return False
        elif e.do == "give" and len(st.hands[seat]) < e.count:
            return False
        elif e.do == "break":
            decision = (D_BREAK, seat, e.count, seat, ZONE_INDEX[e.from_], -1, "")
            if len(eligible(st, decision)) < e.count:
                return False
    return True


def play_actions(st: FoolsBladeState, seat: int, kind: int) -> list[Move]:
    """Cards and the ability ``seat`` may play in a window (``kind`` -1: the negate window)."""
    mv = st.mv
    out: list[Move] = []
    if kind < 0 or st.plays[seat] < MAX_PLAYS:
        tb = st.tb
        players = st.players
        hand = st.hands[seat]
        playable = tb.playable[kind + 1]
        if kind < 0 and st.window_kind != W_TAVERN:
            # The negate window of a play in combat: no Tavern card answers it.
            playable = tb.negates_outside_tavern
        if not playable.isdisjoint(hand):
            for card in sorted(playable.intersection(hand)):
                moves = mv.plays(act.PLAY, card, seat, players)
                if kind < 0 or tb.always_able[card]:
                    out.extend(moves)
                else:  # none is offered that can do nothing (a retreat from a Boss card)
                    effects = tb.cards[card].effects
                    for m in moves:
                        if can_apply(st, effects, seat, m.target, card, 0):
                            out.append(m)
        cls = st.classes[seat]
        # Most classes' abilities answer few of the windows: the cheap test first.
        if (
            kind in tb.ability_windows[cls]
            and ability_ready(st, seat, kind)
            and cost_payable(st, seat, tb.cards[cls].ability.cost)
        ):
            moves = mv.plays(act.USE, cls, seat, players)
            if kind < 0 or tb.always_able[cls]:
                out.extend(moves)
            else:
                effects = tb.cards[cls].ability.effects
                spent = tb.ability_spent[cls]
                out.extend(m for m in moves if can_apply(st, effects, seat, m.target, -1, spent))
    out.append(mv.passing)
    return out


def main_actions(st: FoolsBladeState) -> list[Move]:
    """Assembly and gear, then a destination (or a Boss card to fight)."""
    tb = st.tb
    mv = st.mv
    seat = st.active
    weapon = st.weapons[seat]
    out: list[Move] = []
    if st.equips_left > 0:
        equip = mv.by_card[act.EQUIP]
        slots = tb.part
        for card in sorted(tb.equippable.intersection(st.hands[seat])):
            slot = slots[card]
            if slot < 0 or weapon[slot] != card:  # gear, or a part not assembled already
                out.append(equip[card])
        stash = st.stash[seat]
        if stash:
            for card in sorted(tb.legendary_parts.intersection(stash)):
                if weapon[slots[card]] != card:
                    out.append(equip[card])
    armed = weapon.count(-1) < 4
    if st.gathered:
        if armed:
            fight = mv.by_card[act.FIGHT]
            out.extend(fight[c] for c in st.boss_cards)
        else:
            out.append(mv.passing)
        return out
    before = len(out)
    decks = st.decks
    trash = st.trash
    if decks[ANVIL] or trash[ANVIL]:
        out.append(mv.forging)
    if decks[QUEST] or trash[QUEST]:
        out.append(mv.questing)
    if armed and st.approach < 0:
        hunt = mv.by_card[act.HUNT]
        for deck in MONSTER_DECKS:
            if decks[deck] or trash[deck]:
                out.append(hunt[deck])
    if len(out) == before:
        out.append(mv.passing)
    return out


# -- applying an action -----------------------------------------------------------------------


# ``FoolsBladeState.apply`` calls one of these four, in the order ``advance`` asks: a pending
# decision, the negate window, the open window, the turn's own step.


def decide(st: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """Answer the pending decision with a card (or `pass`), then run the game on."""
    decision = st.decision
    assert decision is not None
    st.decision = None
    if move.kind != act.PASS:
        chosen(st, decision, move.card, events)
        left = decision[2] - 1
        if left > 0:
            choose(st, (*decision[:2], left, *decision[3:]), events)
    advance(st, events)


def answer_negate(st: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """The seat asked whether to negate passes or negates, then the game runs on."""
    counter = st.counter
    assert counter is not None
    if move.kind == act.PASS:
        st.counter = counter.passed(st.may_negate)
        if st.counter is not None:
            # Nothing is queued while a window asks, so the next seat asked decides.
            st.current_player = st.counter.seat
            return
        st.tasks.insert(0, (T_RESOLVE,))
    else:
        st.counter = None
        play(st, counter.seat, move, events)
        st.tasks.append((T_RESOLVE,))
    advance(st, events)


def answer_window(st: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """The seat asked in the open window passes or plays (then the negate window asks)."""
    window = st.window
    assert window is not None
    kind = move.kind
    if kind == act.PASS:
        st.window = window.passed(st.may_answer)
        if st.window is not None:
            st.current_player = st.window.seat
            return
    else:
        seat = window.seat
        st.plays[seat] += 1
        st.pending = (seat, move.card, move.target, kind == act.USE, False)
        play(st, seat, move, events)
        st.tasks.append((T_COUNTER,))
    advance(st, events)


def step_move(st: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """A move of the turn's own step (the main step, the Forge, a class), then the game runs on."""
    if st.phase == P_MAIN:
        main_move(st, move, events)
    elif st.phase == P_FORGE:
        forge_move(st, move, events)
    else:
        choose_class(st, move.card, events)
    advance(st, events)


def play(st: FoolsBladeState, seat: int, move: Move, events: list[Event]) -> None:
    """Play a card face up (to its trash) or use the class ability, paying its cost first.

    A negating card or ability (answering a play) takes effect at once; any other play is
    held as ``pending`` until the negate window has passed.
    """
    tb = st.tb
    card = move.card
    target = move.target
    events.append(Played(seat, tb.ids[card], None if target < 0 else target, move.kind == act.USE))
    if move.kind == act.USE:
        st.used[seat] = True
        ability = tb.cards[card].ability
        push(st, ability.cost, seat, target, -1, card)
        if tb.ability_negates[card]:
            st.tasks.extend((T_EFFECT, e, seat, target, -1, card, -1) for e in ability.effects)
        return
    out_of_hand(st, seat, card)
    trash_card(st, card)
    if tb.negates[card]:
        push(st, tb.cards[card].effects, seat, target, -1, card)


def main_move(st: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """Assembly, gear and the choice of destination."""
    tb = st.tb
    seat = st.active
    kind = move.kind
    if kind == act.EQUIP:
        equip(st, seat, move.card, events)
    elif kind == act.FORGE:
        events.append(Destination(seat, "the Forge"))
        shown = [c for c in (draw_top(st, ANVIL, events) for _ in range(3)) if c >= 0]
        st.forge = shown
        st.forge_step = 0
        st.phase = P_FORGE
        events.append(ForgeShown(seat, [tb.ids[c] for c in shown]))
    elif kind == act.QUEST:
        events.append(Destination(seat, "Questing"))
        draw_cards(st, seat, QUEST, 2, events)
        end_turn(st)
    elif kind == act.HUNT:
        deck = move.card
        events.append(Destination(seat, f"the {DECKS[deck].title()}"))
        card = draw_top(st, deck, events)
        if tb.kind[card] == "approach":
            st.approach = card
            events.append(ApproachRevealed(seat, tb.ids[card]))
        else:
            start_combat(st, seat, card, deck, events)
    elif kind == act.FIGHT:
        start_combat(st, seat, move.card, -1, events)
    else:  # PASS: no destination is open
        end_turn(st)


def equip(st: FoolsBladeState, seat: int, card: int, events: list[Event]) -> None:
    """Assemble a part (the one it replaces goes back: a Legendary part to the Stash) or
    equip gear; the card's `play` effects run, and a completed set's too."""
    tb = st.tb
    st.equips_left -= 1
    replaced = -1
    if tb.kind[card] == "gear":
        out_of_hand(st, seat, card)
        add(st.gear, seat, card)
        was_full = True
    else:
        was_full = full_set(st, seat)
        if tb.legendary[card]:
            drop(st.stash, seat, card)
        else:
            out_of_hand(st, seat, card)
        slot = tb.part[card]
        replaced = st.weapons[seat][slot]
        set_part(st, seat, slot, card)
        if replaced >= 0:
            if tb.legendary[replaced]:
                add(st.stash, seat, replaced)
            else:
                into_hand(st, seat, replaced)
    events.append(Equipped(seat, tb.ids[card], tb.ids[replaced] if replaced >= 0 else None))
    found = [(e, card) for e in tb.triggers[card].get("play", ())]
    if not was_full and full_set(st, seat):
        blade = st.weapons[seat][0]
        found.extend((e, blade) for e in tb.bonus_triggers[blade].get("play", ()))
    push_triggered(st, found, seat)


def forge_move(st: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """Take a shown part; optionally reforge (discard a part from hand, take a second)."""
    tb = st.tb
    seat = st.active
    if move.kind == act.TAKE:
        st.forge.remove(move.card)
        into_hand(st, seat, move.card)
        events.append(Gained(seat, [tb.ids[move.card]], "hand", "taken at the Forge"))
        if st.forge_step == 0 and st.forge:
            st.forge_step = 1
            return
    elif move.kind == act.REFORGE:
        out_of_hand(st, seat, move.card)
        add(st.trash, ANVIL, move.card)
        events.append(Moved(seat, [tb.ids[move.card]], "the Anvil trash", "reforged"))
        st.forge_step = 2
        return
    rest = st.forge
    if rest:
        st.decks[ANVIL].extend(reversed(rest))
        events.append(
            Moved(seat, [tb.ids[c] for c in rest], "the top of the Anvil deck", "not taken")
        )
    st.forge = []
    end_turn(st)


# -- turns --------------------------------------------------------------------------------------


def start_turn(st: FoolsBladeState, seat: int, events: list[Event]) -> None:
    """A turn begins: a skipped turn goes straight to its end; else the Boss of an Approach
    in play arrives, the player draws a Tavern card, and the Tavern window opens."""
    st.turn += 1
    st.active = seat
    # Curses count the holder's turns that begin after they arrived: only these count down.
    st.curses_before = len(st.curses[seat])
    st.used = [False] * st.players
    st.equips_left = MAX_EQUIPS
    st.roll = 0
    if st.skips[seat] > 0:
        st.skips[seat] -= 1
        events.append(TurnStarted(seat, st.turn, True))
        st.phase = P_END
        st.end_stage = 1
        return
    events.append(TurnStarted(seat, st.turn, False))
    if st.approach >= 0 and not st.gathered:
        gather(st, events)
    st.phase = P_TAVERN
    draw_cards(st, seat, TAVERN, 1, events)
    push_triggered(st, triggered(st, seat, "turn_start"), seat)
    st.tasks.append((T_WINDOW, W_TAVERN))


def end_turn(st: FoolsBladeState) -> None:
    """The turn's destination is done: its end follows."""
    st.phase = P_END
    st.end_stage = 0


def end_step(st: FoolsBladeState, events: list[Event]) -> None:
    """One step of a turn's end: `turn_end` triggers, the hand limit, then the Curses held
    since the turn began count down, the game ends if the Loot deck is empty (or the turn cap
    is reached), else the next turn."""
    seat = st.active
    stage = st.end_stage
    st.end_stage = stage + 1
    if stage == 0:
        push_triggered(st, triggered(st, seat, "turn_end"), seat)
        return
    if stage == 1:
        excess = len(st.hands[seat]) - hand_limit(st, seat)
        if excess > 0:
            st.source = -1  # the rules' own hand limit asks, no card
            choose(st, (D_DISCARD, seat, excess, -1, Z_HAND, -1, ""), events)
        return
    tb = st.tb
    if st.curses[seat]:
        kept: list[tuple[int, int]] = []
        # Curses arrive at the end of the tuple; those that arrived during this turn stay.
        counted = st.curses_before
        for i, (card, left) in enumerate(zip(st.curses[seat], st.curse_left[seat], strict=True)):
            if i >= counted:
                kept.append((card, left))
            elif left > 1:
                kept.append((card, left - 1))
            else:
                add(st.trash, QUEST, card)
                events.append(Moved(seat, [tb.ids[card]], "the Quest trash", "the curse expires"))
        st.curses[seat] = tuple(card for card, _ in kept)
        st.curse_left[seat] = tuple(left for _, left in kept)
    st.bonuses = []
    st.hand_bonus = [0] * st.players
    events.append(TurnEnded(seat))
    if not st.decks[LOOT]:
        game_over(st, False, events)
    elif st.turn >= st.max_turns:
        game_over(st, True, events)
    else:
        start_turn(st, (seat + 1) % st.players, events)


def game_over(st: FoolsBladeState, capped: bool, events: list[Event]) -> None:
    """The game ends: scores and the winners (ties shared)."""
    st.phase = P_OVER
    st.is_over = True
    st.current_player = None
    scores = score_all(st)
    events.append(GameEnded(scores, best(scores), capped))


# -- setup: classes, Handles, first cards -------------------------------------------------------


def choose_class(st: FoolsBladeState, card: int, events: list[Event]) -> None:
    """A seat takes a class; after the last choice the Handles and first cards are dealt
    and the first player's turn begins."""
    tb = st.tb
    seat = st.class_order[st.class_step]
    st.classes[seat] = card
    events.append(ClassChosen(seat, tb.ids[card]))
    push_triggered(st, [(e, card) for e in tb.triggers[card].get("play", ())], seat)
    st.class_step += 1
    if st.class_step == st.players:
        deal(st, events)
        start_turn(st, st.first_player, events)


def deal(st: FoolsBladeState, events: list[Event]) -> None:
    """Setup: a Handle for each seat from the first player on, found by revealing the Anvil
    deck (reshuffled afterwards), then one Tavern, Anvil and Quest card each."""
    tb = st.tb
    n = st.players
    seats = [(st.first_player + k) % n for k in range(n)]
    anvil = st.decks[ANVIL]
    for seat in seats:
        revealed: list[int] = []
        while True:
            found = anvil.pop()
            if tb.part[found] == HANDLE:
                break
            revealed.append(found)
        into_hand(st, seat, found)
        events.append(HandleFound(seat, tb.ids[found], [tb.ids[c] for c in revealed]))
        anvil.extend(revealed)
    st.rng.shuffle(anvil)
    for seat in seats:
        for deck in (TAVERN, ANVIL, QUEST):
            draw_cards(st, seat, deck, 1, events)


__all__ = [
    "ability_ready",
    "advance",
    "answer_negate",
    "answer_window",
    "cost_payable",
    "deal",
    "decide",
    "decision_actions",
    "play_actions",
    "start_turn",
    "step_actions",
    "step_move",
]
