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
from .choices import choose, chosen, eligible
from .combat import finish_combat, resolve_combat, run_lose, start_combat
from .dispatch import can_apply, cost_payable, name_cause, run_effect
from .effects import push, push_triggered
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
from .movement import add, draw_cards, draw_top, drop, into_hand, out_of_hand, set_part, trash_card
from .scoring import best, score_all
from .steps import (
    AFTER_PHASE,
    ASK_NEGATE,
    BREAK_DECISION,
    CLASS_PHASE,
    COMBAT_END_WINDOW,
    COMBAT_PHASE,
    COMBAT_RESOLVING_STAGE,
    COMBAT_START_STAGE,
    DISCARD_DECISION,
    END_PHASE,
    FORGE_PHASE,
    GIVE_DECISION,
    HAND_LIMIT_STAGE,
    HAND_ZONE,
    MAIN_PHASE,
    MAX_EQUIPS,
    NEGATE_WINDOW,
    NONE,
    OPEN_WINDOW,
    OVER_PHASE,
    REFORGE_STEP,
    RESOLVE,
    SECOND_STEP,
    STEAL_DECISION,
    TAKE_STEP,
    TAVERN_PHASE,
    TAVERN_WINDOW,
    TRIGGERS_STAGE,
    WINDOW_NAMES,
    Decision,
    DoneTask,
    EffectTask,
    NegateTask,
    Pending,
    ResolveTask,
    Task,
    WindowTask,
    make,
)
from .strength import full_set, hand_limit, triggered
from .table import ANVIL, DECKS, HANDLE, LOOT, MONSTER_DECKS, QUEST, TAVERN

if TYPE_CHECKING:
    from .state import FoolsBladeState

FORGE_SHOWN = 3  # Anvil cards laid out at the Forge
QUEST_DRAWN = 2  # Quest cards drawn when Questing

# The verb of each decision kind.
DECISION_VERBS = {
    DISCARD_DECISION: act.DISCARD,
    GIVE_DECISION: act.GIVE,
    STEAL_DECISION: act.STEAL,
    BREAK_DECISION: act.BREAK,
}


# -- running the game forward ------------------------------------------------------------------


def advance(state: FoolsBladeState, events: list[Event]) -> None:
    """Run queued work and the turn's steps until some seat must decide (or the game ends)."""
    while True:
        if state.decision is not None:
            state.current_player = state.decision.chooser
            return
        if state.tasks:
            run_task(state, state.tasks.pop(0), events)
            continue
        if state.counter is not None:
            state.current_player = state.counter.seat
            return
        if state.window is not None:
            state.current_player = state.window.seat
            return
        phase = state.phase
        if phase == TAVERN_PHASE:
            state.phase = MAIN_PHASE
        elif phase == COMBAT_PHASE:
            if state.combat_stage == COMBAT_START_STAGE:
                state.combat_stage = COMBAT_RESOLVING_STAGE
                state.tasks.append(OPEN_WINDOW[COMBAT_END_WINDOW])
            else:
                resolve_combat(state, events)
            continue
        elif phase == AFTER_PHASE:
            finish_combat(state)
            continue
        elif phase == END_PHASE:
            end_step(state, events)
            continue
        if phase == OVER_PHASE:
            state.current_player = None
        elif phase == CLASS_PHASE:
            state.current_player = state.class_order[state.class_step]
        else:
            state.current_player = state.active
        return


def run_task(state: FoolsBladeState, task: Task, events: list[Event]) -> None:
    """Carry out one piece of queued work."""
    # The kinds in the order of how often random games meet them.
    if isinstance(task, EffectTask):
        run_effect(state, task, events)
    elif isinstance(task, NegateTask):
        seat = state.pending.seat if state.pending is not None else state.active
        state.counter = ResponseWindow.open(
            "negate", (seat + 1) % state.players, state.players, state.may_negate
        )
        if state.counter is None:
            state.tasks.insert(0, RESOLVE)
    elif isinstance(task, ResolveTask):
        resolve_play(state)
    elif isinstance(task, DoneTask):  # the pending play is over
        if task.before is not None and table_now(state) == task.before:
            events.append(DidNothing(task.seat, state.table.ids[task.card], task.ability))
        state.pending = None
        if state.window is not None:
            state.window = state.window.responded(state.may_answer)
    elif isinstance(task, WindowTask):
        kind = task.window
        state.window_kind = kind
        state.plays = [0] * state.players
        state.window = ResponseWindow.open(
            WINDOW_NAMES[kind], state.active, state.players, state.may_answer
        )
    else:
        run_lose(state, task, events)


def resolve_play(state: FoolsBladeState) -> None:
    """The pending play takes effect unless it was negated; then its player is asked again."""
    pending = state.pending
    assert pending is not None
    seat, card, target, ability, negated = pending
    if negated:
        state.tasks.insert(0, make(DoneTask, (seat, card, ability, None)))
        return
    # What the table looks like now, to tell whether the play changed anything at all.
    state.tasks.insert(0, make(DoneTask, (seat, card, ability, table_now(state))))
    state.roll = 0
    push(state, state.table.played[card], seat, target, NONE, card)


def table_now(state: FoolsBladeState) -> tuple[Any, ...]:
    """What effects can change, in a form compared cheaply: hands, everything laid out,
    deck sizes, bonuses, limits, skipped turns and the combat's progress."""
    return (
        tuple(map(len, state.hands)),
        tuple(map(len, state.decks)),
        tuple(state.weapons),
        tuple(state.gear),
        tuple(state.stash),
        tuple(state.curses),
        tuple(state.bonuses),
        tuple(state.limit_mod),
        tuple(state.hand_bonus),
        tuple(state.skips),
        state.combat_seat,
        state.combat_base,
        state.combat_outcome,
        tuple(state.combat_summoned),
        state.pending.negated if state.pending is not None else None,
    )


# -- who may answer a window (public information only) ----------------------------------------


def ability_ready(state: FoolsBladeState, seat: int, kind: int) -> bool:
    """Whether ``seat``'s class ability may be used in a window of ``kind`` (a Window or
    ``NEGATE_WINDOW``), cost aside."""
    cls = state.classes[seat]
    if cls < 0 or state.used[seat] or kind not in state.table.ability_windows[cls]:
        return False
    turn = state.table.ability_turn[cls]
    if turn == "own":
        return seat == state.active
    return turn != "others" or seat != state.active


def may_answer(state: FoolsBladeState, seat: int) -> bool:
    """Whether ``seat`` is asked in the open window: it holds cards (whatever they are, so
    that being asked reveals nothing) or has its class ability ready, below the plays cap."""
    return state.plays[seat] < state.table.max_plays and (
        bool(state.hands[seat]) or ability_ready(state, seat, state.window_kind)
    )


def may_negate(state: FoolsBladeState, seat: int) -> bool:
    """Whether ``seat`` is asked whether to negate the pending play: any other seat holding
    cards or with a negating ability ready."""
    pending = state.pending
    return (pending is None or seat != pending.seat) and (
        bool(state.hands[seat]) or ability_ready(state, seat, NEGATE_WINDOW)
    )


# -- legal actions --------------------------------------------------------------------------


def step_actions(state: FoolsBladeState) -> list[Move]:
    """The actions of the turn's own step (no decision pending, no window open): the main
    step, the Forge or a class choice."""
    moves = state.moves
    phase = state.phase
    if phase == MAIN_PHASE:
        return main_actions(state)
    if phase == FORGE_PHASE:
        if state.forge_step == REFORGE_STEP:
            hand = state.hands[state.active]
            reforge = moves.by_card[act.REFORGE]
            parts = sorted({c for c in hand if state.table.kind[c] == "part"})
            return [*(reforge[c] for c in parts), moves.passing]
        take = moves.by_card[act.TAKE]
        return [take[c] for c in sorted(set(state.forge))]
    taken = set(state.classes)
    return [moves.get(act.CHOOSE, c) for c in state.table.classes if c not in taken]


def decision_actions(state: FoolsBladeState) -> list[Move]:
    """The cards a decision may name; `pass` only when none is left to name."""
    decision = state.decision
    assert decision is not None
    cards = sorted(set(eligible(state, decision)))
    if not cards:
        return [state.moves.passing]
    named = state.moves.by_card[DECISION_VERBS[decision.kind]]
    return [named[c] for c in cards]


def play_actions(state: FoolsBladeState, seat: int, kind: int) -> list[Move]:
    """Cards and the ability ``seat`` may play in a window (``kind``: a Window or
    ``NEGATE_WINDOW``)."""
    moves = state.moves
    out: list[Move] = []
    if kind < 0 or state.plays[seat] < state.table.max_plays:
        table = state.table
        players = state.players
        hand = state.hands[seat]
        playable = table.playable[kind + 1]
        if kind < 0 and state.window_kind != TAVERN_WINDOW:
            # The negate window of a play in combat: no Tavern card answers it.
            playable = table.negates_outside_tavern
        if not playable.isdisjoint(hand):
            for card in sorted(playable.intersection(hand)):
                offered = moves.plays(act.PLAY, card, seat, players)
                if kind < 0 or table.always_able[card]:
                    out.extend(offered)
                else:  # none is offered that can do nothing (a retreat from a Boss card)
                    effects = table.played[card]
                    for m in offered:
                        if can_apply(state, effects, seat, m.target, card, 0):
                            out.append(m)
        cls = state.classes[seat]
        # Most classes' abilities answer few of the windows: the cheap test first.
        if (
            kind in table.ability_windows[cls]
            and ability_ready(state, seat, kind)
            and cost_payable(state, seat, table.ability_cost[cls])
        ):
            offered = moves.plays(act.USE, cls, seat, players)
            if kind < 0 or table.always_able[cls]:
                out.extend(offered)
            else:
                effects = table.played[cls]
                spent = table.ability_spent[cls]
                out.extend(
                    m for m in offered if can_apply(state, effects, seat, m.target, NONE, spent)
                )
    out.append(moves.passing)
    return out


def main_actions(state: FoolsBladeState) -> list[Move]:
    """Assembly and gear, then a destination (or a Boss card to fight)."""
    table = state.table
    moves = state.moves
    seat = state.active
    weapon = state.weapons[seat]
    out: list[Move] = []
    if state.equips_left > 0:
        equip = moves.by_card[act.EQUIP]
        slots = table.part
        for card in sorted(table.equippable.intersection(state.hands[seat])):
            slot = slots[card]
            if slot < 0 or weapon[slot] != card:  # gear, or a part not assembled already
                out.append(equip[card])
        stash = state.stash[seat]
        if stash:
            for card in sorted(table.legendary_parts.intersection(stash)):
                if weapon[slots[card]] != card:
                    out.append(equip[card])
    armed = weapon.count(NONE) < 4
    if state.gathered:
        if armed:
            fight = moves.by_card[act.FIGHT]
            out.extend(fight[c] for c in state.boss_cards)
        else:
            out.append(moves.passing)
        return out
    before = len(out)
    decks = state.decks
    trash = state.trash
    if decks[ANVIL] or trash[ANVIL]:
        out.append(moves.forging)
    if decks[QUEST] or trash[QUEST]:
        out.append(moves.questing)
    if armed and state.approach < 0:
        hunt = moves.by_card[act.HUNT]
        for deck in MONSTER_DECKS:
            if decks[deck] or trash[deck]:
                out.append(hunt[deck])
    if len(out) == before:
        out.append(moves.passing)
    return out


# -- applying an action -----------------------------------------------------------------------


# ``FoolsBladeState.apply`` calls one of these four, in the order ``advance`` asks: a pending
# decision, the negate window, the open window, the turn's own step.


def decide(state: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """Answer the pending decision with a card (or `pass`), then run the game on."""
    decision = state.decision
    assert decision is not None
    state.decision = None
    if move.kind != act.PASS:
        told = len(events)
        chosen(state, decision, move.card, events)
        left = decision.left - 1
        if left > 0:
            choose(state, decision._replace(left=left), events)
        if state.source >= 0:  # the effect that asked (none for the hand limit)
            name_cause(state, events, told, state.source, None)
    advance(state, events)


def answer_negate(state: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """The seat asked whether to negate passes or negates, then the game runs on."""
    counter = state.counter
    assert counter is not None
    if move.kind == act.PASS:
        state.counter = counter.passed(state.may_negate)
        if state.counter is not None:
            # Nothing is queued while a window asks, so the next seat asked decides.
            state.current_player = state.counter.seat
            return
        state.tasks.insert(0, RESOLVE)
    else:
        state.counter = None
        play(state, counter.seat, move, events)
        state.tasks.append(RESOLVE)
    advance(state, events)


def answer_window(state: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """The seat asked in the open window passes or plays (then the negate window asks)."""
    window = state.window
    assert window is not None
    kind = move.kind
    if kind == act.PASS:
        state.window = window.passed(state.may_answer)
        if state.window is not None:
            state.current_player = state.window.seat
            return
    else:
        seat = window.seat
        state.plays[seat] += 1
        state.pending = make(Pending, (seat, move.card, move.target, kind == act.USE, False))
        play(state, seat, move, events)
        state.tasks.append(ASK_NEGATE)
    advance(state, events)


def step_move(state: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """A move of the turn's own step (the main step, the Forge, a class), then the game runs on."""
    if state.phase == MAIN_PHASE:
        main_move(state, move, events)
    elif state.phase == FORGE_PHASE:
        forge_move(state, move, events)
    else:
        choose_class(state, move.card, events)
    advance(state, events)


def play(state: FoolsBladeState, seat: int, move: Move, events: list[Event]) -> None:
    """Play a card face up (to its trash) or use the class ability, paying its cost first.

    A negating card or ability (answering a play) takes effect at once; any other play is
    held as ``pending`` until the negate window has passed.
    """
    table = state.table
    card = move.card
    target = move.target
    events.append(
        Played(seat, table.ids[card], None if target < 0 else target, move.kind == act.USE)
    )
    if move.kind == act.USE:
        state.used[seat] = True
        push(state, table.ability_cost[card], seat, target, NONE, card)
        if table.ability_negates[card]:
            state.tasks.extend(
                EffectTask(effect=e, owner=seat, target=target, source=card)
                for e in table.played[card]
            )
        return
    out_of_hand(state, seat, card)
    trash_card(state, card)
    if table.negates[card]:
        push(state, table.played[card], seat, target, NONE, card)


def main_move(state: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """Assembly, gear and the choice of destination."""
    table = state.table
    seat = state.active
    kind = move.kind
    if kind == act.EQUIP:
        equip(state, seat, move.card, events)
    elif kind == act.FORGE:
        events.append(Destination(seat, "the Forge", "forge"))
        shown = [c for c in (draw_top(state, ANVIL, events) for _ in range(FORGE_SHOWN)) if c >= 0]
        state.forge = shown
        state.forge_step = TAKE_STEP
        state.phase = FORGE_PHASE
        events.append(ForgeShown(seat, [table.ids[c] for c in shown]))
    elif kind == act.QUEST:
        events.append(Destination(seat, "Questing", "quest"))
        draw_cards(state, seat, QUEST, QUEST_DRAWN, events)
        end_turn(state)
    elif kind == act.HUNT:
        deck = move.card
        events.append(Destination(seat, f"the {DECKS[deck].title()}", DECKS[deck]))
        card = draw_top(state, deck, events)
        if table.kind[card] == "approach":
            state.approach = card
            events.append(ApproachRevealed(seat, table.ids[card]))
        else:
            start_combat(state, seat, card, deck, events)
    elif kind == act.FIGHT:
        start_combat(state, seat, move.card, NONE, events)
    else:  # PASS: no destination is open
        end_turn(state)


def equip(state: FoolsBladeState, seat: int, card: int, events: list[Event]) -> None:
    """Assemble a part (the one it replaces goes back: a Legendary part to the Stash) or
    equip gear; the card's `play` effects run, and a completed set's too."""
    table = state.table
    state.equips_left -= 1
    replaced = NONE
    if table.kind[card] == "gear":
        out_of_hand(state, seat, card)
        add(state.gear, seat, card)
        was_full = True
    else:
        was_full = full_set(state, seat)
        if table.legendary[card]:
            drop(state.stash, seat, card)
        else:
            out_of_hand(state, seat, card)
        slot = table.part[card]
        replaced = state.weapons[seat][slot]
        set_part(state, seat, slot, card)
        if replaced >= 0:
            if table.legendary[replaced]:
                add(state.stash, seat, replaced)
            else:
                into_hand(state, seat, replaced)
    events.append(Equipped(seat, table.ids[card], table.ids[replaced] if replaced >= 0 else None))
    found = [(e, card) for e in table.triggers[card].get("play", ())]
    if not was_full and full_set(state, seat):
        blade = state.weapons[seat][0]
        found.extend((e, blade) for e in table.bonus_triggers[blade].get("play", ()))
    push_triggered(state, found, seat)


def forge_move(state: FoolsBladeState, move: Move, events: list[Event]) -> None:
    """Take a shown part; optionally reforge (discard a part from hand, take a second)."""
    table = state.table
    seat = state.active
    if move.kind == act.TAKE:
        state.forge.remove(move.card)
        into_hand(state, seat, move.card)
        events.append(Gained(seat, [table.ids[move.card]], "hand", "taken at the Forge"))
        if state.forge_step == TAKE_STEP and state.forge:
            state.forge_step = REFORGE_STEP
            return
    elif move.kind == act.REFORGE:
        out_of_hand(state, seat, move.card)
        add(state.trash, ANVIL, move.card)
        events.append(Moved(seat, [table.ids[move.card]], "the Anvil trash", "reforged"))
        state.forge_step = SECOND_STEP
        return
    rest = state.forge
    if rest:
        state.decks[ANVIL].extend(reversed(rest))
        events.append(
            Moved(seat, [table.ids[c] for c in rest], "the top of the Anvil deck", "not taken")
        )
    state.forge = []
    end_turn(state)


# -- turns --------------------------------------------------------------------------------------


def start_turn(state: FoolsBladeState, seat: int, events: list[Event]) -> None:
    """A turn begins: a skipped turn goes straight to its end; else the Boss of an Approach
    in play arrives, the player draws a Tavern card, and the Tavern window opens."""
    state.turn += 1
    state.active = seat
    # Curses count the holder's turns that begin after they arrived: only these count down.
    state.curses_before = len(state.curses[seat])
    state.used = [False] * state.players
    state.equips_left = MAX_EQUIPS
    state.roll = 0
    if state.skips[seat] > 0:
        state.skips[seat] -= 1
        events.append(TurnStarted(seat, state.turn, True))
        state.phase = END_PHASE
        state.end_stage = HAND_LIMIT_STAGE
        return
    events.append(TurnStarted(seat, state.turn, False))
    if state.approach >= 0 and not state.gathered:
        gather(state, events)
    state.phase = TAVERN_PHASE
    draw_cards(state, seat, TAVERN, 1, events)
    push_triggered(state, triggered(state, seat, "turn_start"), seat)
    state.tasks.append(OPEN_WINDOW[TAVERN_WINDOW])


def end_turn(state: FoolsBladeState) -> None:
    """The turn's destination is done: its end follows."""
    state.phase = END_PHASE
    state.end_stage = TRIGGERS_STAGE


def end_step(state: FoolsBladeState, events: list[Event]) -> None:
    """One step of a turn's end: `turn_end` triggers, the hand limit, then the Curses held
    since the turn began count down, the game ends if the Loot deck is empty (or the turn cap
    is reached), else the next turn."""
    seat = state.active
    stage = state.end_stage
    state.end_stage = stage + 1
    if stage == TRIGGERS_STAGE:
        push_triggered(state, triggered(state, seat, "turn_end"), seat)
        return
    if stage == HAND_LIMIT_STAGE:
        excess = len(state.hands[seat]) - hand_limit(state, seat)
        if excess > 0:
            state.source = NONE  # the rules' own hand limit asks, no card
            choose(
                state,
                Decision(
                    kind=DISCARD_DECISION, chooser=seat, left=excess, other=NONE, zone=HAND_ZONE
                ),
                events,
            )
        return
    table = state.table
    if state.curses[seat]:
        kept: list[tuple[int, int]] = []
        # Curses arrive at the end of the tuple; those that arrived during this turn stay.
        counted = state.curses_before
        for i, (card, left) in enumerate(
            zip(state.curses[seat], state.curse_left[seat], strict=True)
        ):
            if i >= counted:
                kept.append((card, left))
            elif left > 1:
                kept.append((card, left - 1))
            else:
                add(state.trash, QUEST, card)
                events.append(
                    Moved(seat, [table.ids[card]], "the Quest trash", "the curse expires")
                )
        state.curses[seat] = tuple(card for card, _ in kept)
        state.curse_left[seat] = tuple(left for _, left in kept)
    state.bonuses = []
    state.hand_bonus = [0] * state.players
    events.append(TurnEnded(seat))
    if not state.decks[LOOT]:
        game_over(state, False, events)
    elif state.turn >= state.max_turns:
        game_over(state, True, events)
    else:
        start_turn(state, (seat + 1) % state.players, events)


def game_over(state: FoolsBladeState, capped: bool, events: list[Event]) -> None:
    """The game ends: scores and the winners (ties shared)."""
    state.phase = OVER_PHASE
    state.is_over = True
    state.current_player = None
    scores = score_all(state)
    events.append(GameEnded(scores, best(scores), capped))


# -- setup: classes, Handles, first cards -------------------------------------------------------


def choose_class(state: FoolsBladeState, card: int, events: list[Event]) -> None:
    """A seat takes a class; after the last choice the Handles and first cards are dealt
    and the first player's turn begins."""
    table = state.table
    seat = state.class_order[state.class_step]
    state.classes[seat] = card
    events.append(ClassChosen(seat, table.ids[card]))
    push_triggered(state, [(e, card) for e in table.triggers[card].get("play", ())], seat)
    state.class_step += 1
    if state.class_step == state.players:
        deal(state, events)
        start_turn(state, state.first_player, events)


def deal(state: FoolsBladeState, events: list[Event]) -> None:
    """Setup: a Handle for each seat from the first player on, found by revealing the Anvil
    deck (reshuffled afterwards), then one Tavern, Anvil and Quest card each."""
    table = state.table
    n = state.players
    seats = [(state.first_player + k) % n for k in range(n)]
    anvil = state.decks[ANVIL]
    for seat in seats:
        revealed: list[int] = []
        while True:
            found = anvil.pop()
            if table.part[found] == HANDLE:
                break
            revealed.append(found)
        into_hand(state, seat, found)
        events.append(HandleFound(seat, table.ids[found], [table.ids[c] for c in revealed]))
        anvil.extend(revealed)
    state.rng.shuffle(anvil)
    for seat in seats:
        for deck in (TAVERN, ANVIL, QUEST):
            draw_cards(state, seat, deck, 1, events)


__all__ = [
    "FORGE_SHOWN",
    "QUEST_DRAWN",
    "ability_ready",
    "advance",
    "answer_negate",
    "answer_window",
    "deal",
    "decide",
    "decision_actions",
    "play_actions",
    "start_turn",
    "step_actions",
    "step_move",
]
