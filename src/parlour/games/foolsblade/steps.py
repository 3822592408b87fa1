"""The steps of a game, the kinds of pending work and decisions, and the bounds of a turn."""

from __future__ import annotations

from typing import Any, NamedTuple

# Phases (``state.phase``).
P_CLASS = 0  # setup: classes chosen, the last player first
P_TAVERN = 1  # the Tavern phase's window
P_MAIN = 2  # assembly, gear and the destination (or a Boss card to fight)
P_FORGE = 3  # choosing at the Forge
P_COMBAT = 4  # a combat's windows (``state.combat_stage``: 0 start, 1 before it resolves)
P_AFTER = 5  # a combat resolved: its Win/Lose effects run, then the turn ends
P_END = 6  # the end of a turn (``state.end_stage``): triggers, hand limit, curses
P_OVER = 7
PHASE_NAMES = ("class", "tavern", "assembly", "forge", "combat", "combat", "end", "over")

# Response windows.
W_TAVERN = 0
W_START = 1  # the start of combat, the monster's strength known
W_END = 2  # before combat resolves
WINDOW_NAMES = ("tavern", "combat_start", "combat_end")
WHEN_WINDOWS = {
    "any": (W_TAVERN, W_START, W_END),
    "tavern": (W_TAVERN,),
    "combat": (W_START, W_END),
    "combat_start": (W_START,),
    "combat_end": (W_END,),
}

# Decision kinds (``Decision.kind``).
D_DISCARD = 0
D_GIVE = 1
D_STEAL = 2
D_BREAK = 3
DECISION_NAMES = ("discard", "give", "steal", "break")
ZONES = ("hand", "weapon", "gear", "stash")
Z_HAND, Z_WEAPON, Z_GEAR, Z_STASH = range(4)

HAND_LIMIT = 8
# Termination bounds (documented in docs/foolsblade.md): plays by one seat in one window,
# and equips in one turn.
MAX_PLAYS = 4
MAX_EQUIPS = 8
MONSTER = -1  # the seat field of a strength bonus that belongs to the monster fought


class Decision(NamedTuple):
    """A choice of cards asked of a seat (``state.decision``), answered one card at a time."""

    kind: int  # D_DISCARD, D_GIVE, D_STEAL or D_BREAK
    chooser: int  # the seat that names the cards
    left: int  # cards left to name
    other: int  # the seat whose cards are given to, taken or broken (-1: none)
    zone: int  # where the cards are (Z_HAND ...)
    deck: int  # only cards of this deck (-1: any)
    card_kind: str  # only cards of this kind ("": any)


class Pending(NamedTuple):
    """A card or class ability played, waiting for the negate window (``state.pending``)."""

    seat: int
    card: int  # the card played, or the class whose ability is used
    target: int  # the seat it chose (-1: none)
    ability: bool
    negated: bool


class Bonus(NamedTuple):
    """A strength bonus played (``state.bonuses``)."""

    seat: int  # or MONSTER
    amount: int
    element: int  # an element code (``strength.ELEMENT_CODE``)
    lasting: int  # 1: until the turn ends, 0: until the combat ends


# Pending work (``state.tasks``), run in order before anyone is asked anything: each kind of
# work is its own record, told apart by its type.


class EffectTask(NamedTuple):
    """Run one effect (``effects.run_effect``)."""

    effect: Any
    owner: int  # the seat whose effect it is
    target: int  # the seat the play chose (-1: none)
    opponent: int  # the other side of a `fight` (-1: none)
    source: int  # the card whose effect it is (-1: the rules)
    seat: int  # the one seat it applies to once ``who`` is resolved (-1: not yet)


class LoseTask(NamedTuple):
    """A Lose effect of ``owner``: all of it if it can be carried out, else none of it."""

    effects: tuple[Any, ...]
    owner: int
    source: int  # the monster or Approach card


class WindowTask(NamedTuple):
    """Open a response window."""

    window: int  # W_TAVERN, W_START or W_END


class NegateTask(NamedTuple):
    """Ask the other seats whether to negate the pending play."""


class ResolveTask(NamedTuple):
    """The pending play takes effect unless negated."""


class DoneTask(NamedTuple):
    """The pending play is over (a `no_effect` event if the table did not change); its
    player is asked again."""

    seat: int
    card: int
    ability: bool
    before: tuple[Any, ...] | None  # the table before the play (``turn.table_now``); None: negated


Task = EffectTask | LoseTask | WindowTask | NegateTask | ResolveTask | DoneTask
# The records without fields, made once (told apart by type, never by identity: a state
# copied by pickling makes new ones).
ASK_NEGATE = NegateTask()
RESOLVE = ResolveTask()
# Records made from a tuple skip the keyword handling of the class call (as core's windows).
effect_task = EffectTask._make
new_decision = Decision._make
