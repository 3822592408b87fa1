"""A new game: the decks shuffled, the d20 roll-off, then the class choices begin."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Event, Game, GameError, Rng
from .actions import moves_for
from .events import RolledOff
from .steps import (
    CLASS_PHASE,
    COMBAT_START_STAGE,
    MAX_EQUIPS,
    NONE,
    TAKE_STEP,
    TRIGGERS_STAGE,
)
from .table import LOOT, check_players, table_for

if TYPE_CHECKING:
    from .state import FoolsBladeState


def roll_off(rng: Rng, players: int) -> tuple[int, list[list[int]]]:
    """The first player by d20 roll-off, tied highest rolls rolling again; and every round's
    rolls (0 for a seat out of the running)."""
    running = list(range(players))
    rounds: list[list[int]] = []
    while len(running) > 1:
        rolls = [0] * players
        for seat in running:
            rolls[seat] = rng.randint(1, 20)
        rounds.append(rolls)
        top = max(rolls)
        running = [seat for seat in running if rolls[seat] == top]
    return running[0], rounds


def new_state(
    cls: type[FoolsBladeState], game: Game, players: int, seed: int, options: dict[str, Any]
) -> FoolsBladeState:
    """A new game, nothing dealt yet, waiting for the last player (counter-clockwise first)
    to choose a class."""
    table = table_for(options.get("cards"))
    try:
        check_players(table, players)
    except ValueError as error:
        raise GameError(str(error)) from None
    state = cls.__new__(cls)
    state._init_base(game, players, seed, options)
    state.table = table
    state.moves = moves_for(table)
    state.rng = rng = Rng(seed)
    state.decks = []
    for deck in range(LOOT):
        cards = table.full_deck(deck)
        rng.shuffle(cards)
        state.decks.append(cards)
    loot = table.loot_deck(bool(options.get("side_quest")))
    rng.shuffle(loot)
    state.decks.append(loot)
    state.trash = [() for _ in range(LOOT)]
    state.removed = []
    state.hands = [[] for _ in range(players)]
    state.known = [() for _ in range(players)]
    state.weapons = [(-1, -1, -1, -1) for _ in range(players)]
    state.gear = [() for _ in range(players)]
    state.stash = [() for _ in range(players)]
    state.curses = [() for _ in range(players)]
    state.curse_left = [() for _ in range(players)]
    state.curses_before = 0
    state.classes = [-1] * players
    state.limit_mod = [0] * players
    state.hand_bonus = [0] * players
    state.skips = [0] * players
    state.used = [False] * players
    state.plays = [0] * players
    state.bonuses = []
    first, rounds = roll_off(rng, players)
    state.first_player = first
    state.active = first
    state.turn = 0
    state.max_turns = int(options.get("max_turns") or 300)
    state.phase = CLASS_PHASE
    state.end_stage = TRIGGERS_STAGE
    state.class_order = [(first - 1 - k) % players for k in range(players)]
    state.class_step = 0
    state.window = None
    state.window_kind = 0
    state.counter = None
    state.pending = None
    state.tasks = []
    state.decision = None
    state.forge = []
    state.forge_step = TAKE_STEP
    state.equips_left = MAX_EQUIPS
    state.combat_seat = state.combat_card = state.combat_deck = state.combat_outcome = NONE
    state.combat_stage = COMBAT_START_STAGE
    state.combat_base = 0
    state.combat_summoned = []
    state.approach = NONE
    state.boss_cards = []
    state.gathered = False
    state.strikes = state.strike_limit = 0
    state.roll = 0
    state.source = NONE
    state._legal_at = NONE
    # No card is dealt yet: the classes are chosen first (the rulebook's steps 2-4), and
    # the Handles and first cards follow the last choice (``turn.choose_class``).
    events: list[Event] = [RolledOff(rounds, first)]
    state.current_player = state.class_order[0]
    state._note(events)
    return state
