"""The steps of a game, the kinds of pending work and decisions, and the bounds of a turn."""

from __future__ import annotations

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

# Pending work (``state.tasks``), run in order before anyone is asked anything.
T_EFFECT = 0  # (T_EFFECT, effect, owner, target, opponent, source card, resolved seat or -1)
T_LOSE = 1  # (T_LOSE, effects, owner, -1, -1, source card, -1): all of them, or none if impossible
T_WINDOW = 2  # (T_WINDOW, window kind)
T_COUNTER = 3  # (T_COUNTER,): ask the other seats whether to negate the pending play
T_RESOLVE = 4  # (T_RESOLVE,): the pending play takes effect unless negated
T_DONE = 5  # (T_DONE,) or (T_DONE, seat, card, ability, table before): the pending play is
# over (a `no_effect` event if the table did not change); its player is asked again

# Decisions (``state.decision``): (kind, seat, count left, other seat, zone, deck, kind filter)
Decision = tuple[int, int, int, int, int, int, str]
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
