"""A new game: the decks shuffled, the d20 roll-off, then the class choices begin."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from ...core import Event, Game, GameError, Rng
from .actions import moves_for
from .events import RolledOff
from .steps import MAX_EQUIPS, P_CLASS
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
    tb = table_for(options.get("cards"))
    try:
        check_players(tb, players)
    except ValueError as error:
        raise GameError(str(error)) from None
    st = cls.__new__(cls)
    st._init_base(game, players, seed, options)
    st.tb = tb
    st.mv = moves_for(tb)
    st.rng = rng = Rng(seed)
    st.decks = []
    for deck in range(LOOT):
        cards = tb.full_deck(deck)
        rng.shuffle(cards)
        st.decks.append(cards)
    loot = tb.loot_deck(bool(options.get("side_quest")))
    rng.shuffle(loot)
    st.decks.append(loot)
    st.trash = [() for _ in range(LOOT)]
    st.removed = []
    st.hands = [[] for _ in range(players)]
    st.known = [() for _ in range(players)]
    st.weapons = [(-1, -1, -1, -1) for _ in range(players)]
    st.gear = [() for _ in range(players)]
    st.stash = [() for _ in range(players)]
    st.curses = [() for _ in range(players)]
    st.curse_left = [() for _ in range(players)]
    st.curses_before = 0
    st.classes = [-1] * players
    st.limit_mod = [0] * players
    st.hand_bonus = [0] * players
    st.skips = [0] * players
    st.used = [False] * players
    st.plays = [0] * players
    st.bonuses = []
    first, rounds = roll_off(rng, players)
    st.first_player = first
    st.active = first
    st.turn = 0
    st.max_turns = int(options.get("max_turns") or 300)
    st.phase = P_CLASS
    st.end_stage = 0
    st.class_order = [(first - 1 - k) % players for k in range(players)]
    st.class_step = 0
    st.window = None
    st.window_kind = 0
    st.counter = None
    st.pending = None
    st.tasks = []
    st.decision = None
    st.forge = []
    st.forge_step = 0
    st.equips_left = MAX_EQUIPS
    st.c_seat = st.c_card = st.c_deck = st.c_outcome = -1
    st.c_stage = 0
    st.c_base = 0
    st.c_added = []
    st.approach = -1
    st.boss_cards = []
    st.gathered = False
    st.strikes = st.strike_limit = 0
    st.roll = 0
    st.source = -1
    st._legal_at = -1
    # No card is dealt yet: the classes are chosen first (the rulebook's steps 2-4), and
    # the Handles and first cards follow the last choice (``turn.choose_class``).
    events: list[Event] = [RolledOff(rounds, first)]
    st.current_player = st.class_order[0]
    st._note(events)
    return st
