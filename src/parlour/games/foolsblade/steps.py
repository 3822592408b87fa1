"""The steps of a game, the kinds of pending work and decisions, and the bounds of a turn."""

from __future__ import annotations

from enum import IntEnum
from typing import Any, NamedTuple

from .schema import Effect

# Names for the ints a state holds: a card is its index in the table (copies repeat it), a
# seat its number; ``NONE`` is the one value for "no card, no seat, no deck" in every field.
CardId = int
Seat = int
NONE = -1


class Phase(IntEnum):
    """Where a game stands (``state.phase``)."""

    CLASS = 0  # setup: classes chosen, the last player first
    TAVERN = 1  # the Tavern phase's window
    MAIN = 2  # assembly, gear and the destination (or a Boss card to fight)
    FORGE = 3  # choosing at the Forge
    COMBAT = 4  # a combat's windows (``state.combat_stage``)
    AFTER = 5  # a combat resolved: its Win/Lose effects run, then the turn ends
    END = 6  # the end of a turn (``state.end_stage``)
    OVER = 7


class Window(IntEnum):
    """The response windows (``state.window_kind``); their names are the `when` of cards."""

    TAVERN = 0
    COMBAT_START = 1  # the start of combat, the monster's strength known
    COMBAT_END = 2  # before combat resolves


class CombatStage(IntEnum):
    """Which of a combat's windows is open (``state.combat_stage``)."""

    START = 0  # the start of combat
    RESOLVING = 1  # before it resolves


class Outcome(IntEnum):
    """How a combat ended (``state.combat_outcome``; ``NONE`` until it is resolved)."""

    WIN = 0
    LOSE = 1
    DRAW = 2
    ESCAPED = 3  # the monster went under its deck (``bottom``): neither Win nor Lose


class EndStage(IntEnum):
    """The steps of a turn's end (``state.end_stage``), run in order."""

    TRIGGERS = 0  # `turn_end` triggers
    HAND_LIMIT = 1  # discard down to the hand limit
    CURSES = 2  # Curses count down, then the game ends or the next turn begins


class ForgeStep(IntEnum):
    """Where a visit to the Forge stands (``state.forge_step``)."""

    TAKE = 0  # take a part
    REFORGE = 1  # reforge a part, or pass
    SECOND = 2  # take a second part


class DecisionKind(IntEnum):
    """What a decision does with the cards named (``Decision.kind``)."""

    DISCARD = 0
    GIVE = 1
    STEAL = 2
    BREAK = 3


class Zone(IntEnum):
    """Where the cards of a decision are (``Decision.zone``)."""

    HAND = 0
    WEAPON = 1
    GEAR = 2
    STASH = 3


# The state stores the values as plain ints, bound once here: CPython compares exact ints on a
# fast path that enum members miss, and a global costs less than a member looked up on its enum.
(
    CLASS_PHASE,
    TAVERN_PHASE,
    MAIN_PHASE,
    FORGE_PHASE,
    COMBAT_PHASE,
    AFTER_PHASE,
    END_PHASE,
    OVER_PHASE,
) = map(int, Phase)
TAVERN_WINDOW, COMBAT_START_WINDOW, COMBAT_END_WINDOW = map(int, Window)
NEGATE_WINDOW = -1  # where a card's or ability's windows name the negate window
COMBAT_START_STAGE, COMBAT_RESOLVING_STAGE = map(int, CombatStage)
WIN, LOSE, DRAW, ESCAPED = map(int, Outcome)
OUTCOMES = tuple(outcome.name.lower() for outcome in Outcome)
TRIGGERS_STAGE, HAND_LIMIT_STAGE, CURSES_STAGE = map(int, EndStage)
TAKE_STEP, REFORGE_STEP, SECOND_STEP = map(int, ForgeStep)
DISCARD_DECISION, GIVE_DECISION, STEAL_DECISION, BREAK_DECISION = map(int, DecisionKind)
HAND_ZONE, WEAPON_ZONE, GEAR_ZONE, STASH_ZONE = map(int, Zone)

# The phase of each value in views: the main step is "assembly", a resolved combat "combat".
PHASE_NAMES = ("class", "tavern", "assembly", "forge", "combat", "combat", "end", "over")
WINDOW_NAMES = tuple(window.name.lower() for window in Window)
DECISION_NAMES = tuple(kind.name.lower() for kind in DecisionKind)
ZONES = tuple(zone.name.lower() for zone in Zone)
# The windows a card's `when` allows.
WHEN_WINDOWS = {
    "any": (TAVERN_WINDOW, COMBAT_START_WINDOW, COMBAT_END_WINDOW),
    "tavern": (TAVERN_WINDOW,),
    "combat": (COMBAT_START_WINDOW, COMBAT_END_WINDOW),
    "combat_start": (COMBAT_START_WINDOW,),
    "combat_end": (COMBAT_END_WINDOW,),
}

HAND_LIMIT = 8
# Termination bounds (documented in docs/foolsblade.md): plays by one seat in one window,
# and equips in one turn. MAX_PLAYS bit in play (a fifth Tavern card refused); the first two
# editions keep it so that their records replay move for move (``Table.max_plays``), later
# sets have PLAY_BOUND, which no hand reached in 2,000 games of random play.
MAX_PLAYS = 4
PLAY_BOUND = 40
MAX_EQUIPS = 8
MONSTER = -1  # the seat field of a strength bonus that belongs to the monster fought


class Decision(NamedTuple):
    """A choice of cards asked of a seat (``state.decision``), answered one card at a time."""

    kind: int  # a DecisionKind
    chooser: Seat  # the seat that names the cards
    left: int  # cards left to name
    other: Seat  # the seat whose cards are given to, taken or broken (NONE: none)
    zone: int  # a Zone
    deck: int = NONE  # only cards of this deck (NONE: any)
    card_kind: str = ""  # only cards of this kind ("": any)


class Pending(NamedTuple):
    """A card or class ability played, waiting for the negate window (``state.pending``)."""

    seat: Seat
    card: CardId  # the card played, or the class whose ability is used
    target: Seat  # the seat it chose (NONE: none)
    ability: bool
    negated: bool


class Bonus(NamedTuple):
    """A strength bonus played (``state.bonuses``)."""

    seat: Seat  # or MONSTER
    amount: int
    element: int  # an element code (``strength.ELEMENT_CODE``)
    lasting: int  # 1: until the turn ends, 0: until the combat ends
    source: CardId = NONE  # the card whose effect it is (NONE: none), for people's breakdowns


# Pending work (``state.tasks``), run in order before anyone is asked anything: each kind of
# work is its own record, told apart by its type.


class EffectTask(NamedTuple):
    """Run one effect (``dispatch.run_effect``)."""

    effect: Effect
    owner: Seat  # the seat whose effect it is
    target: Seat = NONE  # the seat the play chose (NONE: none)
    opponent: Seat = NONE  # the other side of a `fight` (NONE: none)
    source: CardId = NONE  # the card whose effect it is (NONE: the rules)
    seat: Seat = NONE  # the one seat it applies to once ``who`` is resolved (NONE: not yet)


class LoseTask(NamedTuple):
    """A Lose effect of ``owner``: all of it if it can be carried out, else none of it."""

    effects: tuple[Effect, ...]
    owner: Seat
    source: CardId  # the monster or Approach card


class WindowTask(NamedTuple):
    """Open a response window."""

    window: int  # a Window


class NegateTask(NamedTuple):
    """Ask the other seats whether to negate the pending play."""


class ResolveTask(NamedTuple):
    """The pending play takes effect unless negated."""


class DoneTask(NamedTuple):
    """The pending play is over (a `no_effect` event if the table did not change); its
    player is asked again."""

    seat: Seat
    card: CardId
    ability: bool
    before: tuple[Any, ...] | None  # the table before the play (``turn.table_now``); None: negated


Task = EffectTask | LoseTask | WindowTask | NegateTask | ResolveTask | DoneTask
# The records without fields, made once (told apart by type, never by identity: a state
# copied by pickling makes new ones).
ASK_NEGATE = NegateTask()
RESOLVE = ResolveTask()
# The work of opening each window, made once (records are immutable, so shared).
OPEN_WINDOW = tuple(WindowTask(window) for window in Window)
# Records are made with keywords, their defaults standing for "none"; those on the hot paths
# (effects queued, decisions checked, contexts) as ``make(Record, values)``: ``tuple.__new__``
# is one C call, where ``Record._make`` and the class call each run a Python frame (CPython
# 3.11: about 210 ns a record, against 310 ns with ``_make`` and 360 ns with the class call).
make = tuple.__new__
