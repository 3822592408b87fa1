"""Per-game facts of a finished game: each game's own columns, registered by game name.

A game's ``Facts`` reads a finished state through the public contract only: its log of
events (``state.log``, unredacted, since the simulator sees the whole table) and its
spectator view. A game without an entry gets ``GENERIC``: the common columns alone, with
``rounds`` taken from the spectator view's ``"round"`` or ``"turn"`` where it has one.

A game registers its ``Facts`` here with ``register(name, Facts(...))``: Fearless, Citadels
and Fool's Blade below.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from ..core import State
from .schema import Column

__all__ = ["GENERIC", "Facts", "columns", "facts_for", "register"]


def _view_rounds(state: State) -> int | None:
    """The spectator view's round (or turn) count, where the game shows one."""
    view = state.view(None)
    for key in ("round", "turn"):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _no_columns(state: State) -> list[dict[str, Any]]:
    return [{} for _ in range(state.players)]


@dataclass(frozen=True)
class Facts:
    """A game's own columns, how to fill them per seat, and how to count its rounds.

    ``seats(state)`` gives one dict per seat with exactly the ``columns``' names as keys;
    ``rounds(state)`` gives the game's length in rounds (or turns), ``None`` if unknown.
    """

    columns: tuple[Column, ...] = ()
    seats: Callable[[State], list[dict[str, Any]]] = field(default=_no_columns)
    rounds: Callable[[State], int | None] = field(default=_view_rounds)


GENERIC = Facts()

_REGISTRY: dict[str, Facts] = {}


def register(game: str, facts: Facts) -> None:
    """Use ``facts`` for every finished game of ``game`` (its registered name)."""
    _REGISTRY[game] = facts


def facts_for(game: str) -> Facts:
    """The facts registered for ``game``, else ``GENERIC``."""
    return _REGISTRY.get(game, GENERIC)


def columns(game: str) -> tuple[Column, ...]:
    """The columns a ``game``'s facts add to the common ones."""
    return facts_for(game).columns


# -- Fearless ----------------------------------------------------------------------------


# Each game's events are imported where they are read: importing the facts loads no game.


def _fearless_rounds(state: State) -> int:
    from ..games.fearless.events import RoundScored

    return sum(isinstance(e, RoundScored) for e in state.log)


def _fearless_seats(state: State) -> list[dict[str, Any]]:
    from ..games.fearless.events import RoundScored, TrickWon

    players = state.players
    fear: list[list[int]] = [[] for _ in range(players)]
    tricks: list[list[int]] = [[] for _ in range(players)]
    this_round = [0] * players
    for e in state.log:
        if isinstance(e, TrickWon):
            this_round[e.seat] += 1
        elif isinstance(e, RoundScored):
            for seat in range(players):
                fear[seat].append(e.fear[seat])
                tricks[seat].append(this_round[seat])
            this_round = [0] * players
    return [
        {
            "fear_per_round": fear[seat],
            "tricks_per_round": tricks[seat],
            "tricks_won": sum(tricks[seat]),
            # A ghost leaves the ruin with its seat's first trick of the round.
            "rounds_ruined": sum(t == 0 for t in tricks[seat]),
        }
        for seat in range(players)
    ]


register(
    "fearless",
    Facts(
        columns=(
            Column("fear_per_round", "list<int>", "fear points the seat took in each round"),
            Column("tricks_per_round", "list<int>", "tricks the seat won in each round"),
            Column("tricks_won", "int", "tricks won in the whole game"),
            Column("rounds_ruined", "int", "rounds ended on the ruin (no trick won: 15 fear)"),
        ),
        seats=_fearless_seats,
        rounds=_fearless_rounds,
    ),
)


# -- Citadels ----------------------------------------------------------------------------


def _citadels_rounds(state: State) -> int:
    from ..games.citadels.events import RoundStarted

    return sum(isinstance(e, RoundStarted) for e in state.log)


def _citadels_seats(state: State) -> list[dict[str, Any]]:
    from ..games.citadels.events import Built, CharacterTaken, CityCompleted, Named, RoundStarted
    from ..games.citadels.views import CitadelsView

    players = state.players
    held: list[list[list[str]]] = [[] for _ in range(players)]
    built: list[list[int]] = [[] for _ in range(players)]
    first_picks: list[list[str]] = [[] for _ in range(players)]
    murdered = [0] * players
    robbed = [0] * players
    first_city: int | None = None
    holder: dict[str, int] = {}
    picked_first = True
    for e in state.log:
        if isinstance(e, RoundStarted):
            for seat in range(players):
                held[seat].append([])
                built[seat].append(0)
            holder = {}
            picked_first = False
        elif isinstance(e, CharacterTaken):
            if e.face_down or e.character is None:
                continue
            held[e.seat][-1].append(e.character)
            holder[e.character] = e.seat
            if not picked_first:
                first_picks[e.seat].append(e.character)
                picked_first = True
        elif isinstance(e, Built):
            built[e.seat][-1] += 1
        elif isinstance(e, Named):
            # A character that nobody holds (face down or face up) harms no one.
            victim = holder.get(e.character)
            if victim is not None:
                if e.verb == "murders":
                    murdered[victim] += 1
                else:
                    robbed[victim] += 1
        elif isinstance(e, CityCompleted) and e.first:
            first_city = e.seat
    cities = cast(CitadelsView, state.view(None))["cities"]
    return [
        {
            "characters": held[seat],
            "first_picks": first_picks[seat],
            "districts_per_round": built[seat],
            "districts_built": sum(built[seat]),
            "city": cities[seat],
            "city_size": len(cities[seat]),
            "murdered": murdered[seat],
            "robbed": robbed[seat],
            "finished_first": first_city == seat,
        }
        for seat in range(players)
    ]


register(
    "citadels",
    Facts(
        columns=(
            Column("characters", "list<list<str>>", "the characters the seat kept, each round"),
            Column(
                "first_picks",
                "list<str>",
                "the character the seat chose in each round where it picked first",
            ),
            Column("districts_per_round", "list<int>", "districts the seat built in each round"),
            Column("districts_built", "int", "districts built in the whole game"),
            Column("city", "list<str>", "the districts of the seat's city at the end"),
            Column("city_size", "int", "districts in the seat's city at the end"),
            Column("murdered", "int", "rounds in which the seat's character was murdered"),
            Column("robbed", "int", "rounds in which the seat's character was robbed"),
            Column("finished_first", "bool", "whether the seat completed its city first"),
        ),
        seats=_citadels_seats,
        rounds=_citadels_rounds,
    ),
)


# -- Fool's Blade ------------------------------------------------------------------------

# The card model's MonsterDeck, in its order: the order of the per-deck lists (a test holds
# them equal). Written out so that importing the facts does not load Fool's Blade (0.1 s).
MONSTER_DECKS = ("forest", "cavern", "dungeon")
BOSS_OUTCOMES = ("not revealed", "beaten", "prevailed", "unfinished")


def _foolsblade_seats(state: State) -> list[dict[str, Any]]:
    from ..games.foolsblade.events import (
        BossOver,
        CombatEnded,
        Destination,
        Gained,
        GameEnded,
        Negated,
        Played,
        RolledOff,
        TurnStarted,
    )
    from ..games.foolsblade.table import latest_table
    from ..games.foolsblade.views import FoolsBladeView

    players = state.players
    spectator = state.view(None)
    view = cast(FoolsBladeView, spectator)
    cards = latest_table(view["cards"]).set.by_id
    decks = len(MONSTER_DECKS)
    fought = [[0] * decks for _ in range(players)]
    defeated = [[0] * decks for _ in range(players)]
    lost = [[0] * decks for _ in range(players)]
    boss_fights = [0] * players
    boss_wins = [0] * players
    order = [0] * players
    counts = {
        key: [0] * players
        for key in (
            "turns_played",
            "turns_skipped",
            "forge_visits",
            "quest_visits",
            "cards_played",
            "abilities_used",
            "plays_negated",
            "curses",
            "loot_drawn",
        )
    }
    outcome = dict.fromkeys(MONSTER_DECKS, BOSS_OUTCOMES[0])
    capped = False
    for e in state.log:
        if isinstance(e, CombatEnded):
            card = cards[e.monster]
            if card.kind == "boss":
                boss_fights[e.seat] += 1
                boss_wins[e.seat] += e.outcome == "win"
                continue
            deck = MONSTER_DECKS.index(card.deck)
            fought[e.seat][deck] += 1
            defeated[e.seat][deck] += e.outcome == "win"
            lost[e.seat][deck] += e.outcome == "lose"
        elif isinstance(e, TurnStarted):
            counts["turns_skipped" if e.skipped else "turns_played"][e.seat] += 1
        elif isinstance(e, Played):
            counts["abilities_used" if e.ability else "cards_played"][e.seat] += 1
        elif isinstance(e, Negated):
            counts["plays_negated"][e.seat] += 1
        elif isinstance(e, Gained):
            if e.where == "curses":
                counts["curses"][e.seat] += 1
            elif e.how == "Loot":
                counts["loot_drawn"][e.seat] += len(e.cards)
        elif isinstance(e, Destination):
            if e.where == "the Forge":
                counts["forge_visits"][e.seat] += 1
            elif e.where == "Questing":
                counts["quest_visits"][e.seat] += 1
        elif isinstance(e, RolledOff):
            order = [(seat - e.first_player) % players for seat in range(players)]
        elif isinstance(e, BossOver):
            outcome[cards[e.approach].deck] = BOSS_OUTCOMES[1 if e.players_won else 2]
        elif isinstance(e, GameEnded):
            capped = e.capped
    if view["boss"] is not None:
        outcome[cards[view["boss"]["approach"]].deck] = BOSS_OUTCOMES[3]
    boss_outcomes = [outcome[deck] for deck in MONSTER_DECKS]
    out = []
    for seat in range(players):
        parts = [p for p in view["weapons"][seat].values() if p is not None]
        sets = {cards[p].set for p in parts}
        stash = [cards[c] for c in view["stash"][seat]]
        out.append(
            {
                "class": view["classes"][seat],
                "turn_order": order[seat],
                **{key: values[seat] for key, values in counts.items()},
                "monsters_fought": fought[seat],
                "monsters_defeated": defeated[seat],
                "monsters_lost": lost[seat],
                "boss_fights": boss_fights[seat],
                "boss_cards_beaten": boss_wins[seat],
                "boss_outcomes": boss_outcomes,
                "weapon_parts": len(parts),
                "full_set": sets.pop() if len(parts) == 4 and len(sets) == 1 else None,
                "weapon_strength": sum(cards[p].strength for p in parts),
                "monster_points": sum(c.value for c in stash if c.kind == "monster"),
                # Loot in the Stash: Treasures by value, Legendary parts by strength.
                "loot_points": sum(
                    c.strength if c.kind == "part" else c.value
                    for c in stash
                    if c.kind != "monster"
                ),
                "capped": capped,
            }
        )
    return out


register(
    "foolsblade",
    Facts(
        columns=(
            Column("class", "str", "the seat's class (card id)"),
            Column(
                "turn_order",
                "int",
                "the seat's place in turn order: 0 = the first player (classes are chosen "
                "from the last)",
            ),
            Column("turns_played", "int", "turns the seat played"),
            Column("turns_skipped", "int", "turns the seat skipped"),
            Column("forge_visits", "int", "turns the seat went to the Forge"),
            Column("quest_visits", "int", "turns the seat went Questing"),
            Column("cards_played", "int", "cards the seat played from its hand"),
            Column("abilities_used", "int", "times the seat used its class ability"),
            Column("plays_negated", "int", "plays (cards or abilities) of the seat negated"),
            Column("curses", "int", "Curses that struck the seat"),
            Column("loot_drawn", "int", "Loot cards the seat drew into its Stash"),
            Column(
                "monsters_fought",
                "list<int>",
                "combats against each monster deck (forest, cavern, dungeon)",
            ),
            Column("monsters_defeated", "list<int>", "of those, combats won, per deck"),
            Column("monsters_lost", "list<int>", "of those, combats lost, per deck"),
            Column("boss_fights", "int", "combats the seat fought against Boss cards"),
            Column("boss_cards_beaten", "int", "Boss cards the seat beat"),
            Column(
                "boss_outcomes",
                "list<str>",
                "per deck, its Boss: not revealed, beaten, prevailed or unfinished",
            ),
            Column("weapon_parts", "int", "weapon parts assembled at the end (0-4)"),
            Column("full_set", "str", "the set of the seat's four parts if they share one"),
            Column("weapon_strength", "int", "the score's part: assembled parts' strength"),
            Column("monster_points", "int", "the score's part: monsters' values in the Stash"),
            Column("loot_points", "int", "the score's part: Treasures and Legendary parts"),
            Column("capped", "bool", "whether the game ended at the turn cap, not on Loot"),
        ),
        seats=_foolsblade_seats,
    ),
)
