"""Per-game facts of a finished game: each game's own columns, registered by game name.

A game's ``Facts`` reads a finished state through the public contract only: its log of
events (``state.log``, unredacted, since the simulator sees the whole table) and its
spectator view. A game without an entry gets ``GENERIC``: the common columns alone, with
``rounds`` taken from the spectator view's ``"round"`` or ``"turn"`` where it has one.

A game registers its ``Facts`` here with ``register(name, Facts(...))``: Fearless, Citadels
and Fool's Blade below. Its ``CardGroup``s say which of its columns hold the cards a seat
held, used and scored with, for the report's card table; which events count as drawing or
playing a card is each game's own reading of its log, next to its other facts.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, cast

from ..core import Action, State
from .schema import Column

__all__ = [
    "GENERIC",
    "CardGroup",
    "CardInfo",
    "Facts",
    "Notes",
    "columns",
    "facts_for",
    "observed",
    "register",
]

# What a game's ``observe`` kept during play for its ``seats``, by the game's own keys.
Notes = dict[str, Any]


def _view_rounds(state: State) -> int | None:
    """The spectator view's round (or turn) count, where the game shows one."""
    view = state.view(None)
    for key in ("round", "turn"):
        value = view.get(key)
        if isinstance(value, int) and not isinstance(value, bool):
            return value
    return None


def _no_columns(state: State, notes: Notes) -> list[dict[str, Any]]:
    return [{} for _ in range(state.players)]


@dataclass(frozen=True)
class CardInfo:
    """What the card table shows of a card besides its id: its name, kind and rules text."""

    name: str
    kind: str
    text: str


def _no_info(state: State, card: str) -> CardInfo:
    return CardInfo(card, "", "")


@dataclass(frozen=True)
class CardGroup:
    """One kind of card of a game's card table, and the columns that say what seats did with it.

    Every column named here is one of the game's ``list<str>`` columns (or ``list<list<str>>``,
    read flattened) of card ids, with repeats. ``held`` pairs a verb with the cards that came
    to the seat (drawn, dealt, offered...); each of ``uses`` pairs a verb with the cards the
    seat used that way (played, equipped, built...). ``scored`` names the column of the cards
    that scored at the end and the ``list<int>`` column of their points, side by side.
    ``rounds`` names the ``list<list<str>>`` column of the cards held each round and the
    ``list<int>`` column of the seat's points each round, where a round scores on its own.
    ``describe(state, card)`` reads a card's name, kind and text from the game (``state`` is
    a new game with the run's options, so a card set chosen by an option is the one read);
    ``about`` says, for the report's reader, what held and used mean in this game.
    """

    name: str
    noun: str
    held: tuple[str, str]
    uses: tuple[tuple[str, str], ...]
    scored: tuple[str, str] | None = None
    rounds: tuple[str, str] | None = None
    describe: Callable[[State, str], CardInfo] = field(default=_no_info)
    about: str = ""


@dataclass(frozen=True)
class Facts:
    """A game's own columns, how to fill them per seat, and how to count its rounds.

    ``seats(state, notes)`` gives one dict per seat with exactly the ``columns``' names as
    keys; ``rounds(state)`` gives the game's length in rounds (or turns), ``None`` if
    unknown; ``cards`` the groups of the game's card table. Where the log does not tell
    enough, ``observe(state, action, notes)`` sees every decision during play (the state as
    the deciding seat found it, and the action chosen) and keeps what ``seats`` needs in
    ``notes``: cheaper than playing the game again afterwards.
    """

    columns: tuple[Column, ...] = ()
    seats: Callable[[State, Notes], list[dict[str, Any]]] = field(default=_no_columns)
    rounds: Callable[[State], int | None] = field(default=_view_rounds)
    cards: tuple[CardGroup, ...] = ()
    observe: Callable[[State, Action, Notes], None] | None = None


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


def observed(state: State) -> Notes:
    """The notes a finished game's ``observe`` keeps, from playing its record again."""
    from .. import load

    record = state.record()
    facts = facts_for(record["game"])
    notes: Notes = {}
    if facts.observe is None:
        return notes
    again = load(record["game"]).new_game(
        record["players"], seed=record["seed"], **record["options"]
    )
    for action in state.history:
        facts.observe(again, action, notes)
        again.apply(action)
    return notes


# -- Fearless ----------------------------------------------------------------------------


# Each game's events are imported where they are read: importing the facts loads no game.


def _fearless_rounds(state: State) -> int:
    from ..games.fearless.events import RoundScored

    return sum(isinstance(e, RoundScored) for e in state.log)


def _fearless_seats(state: State, notes: Notes) -> list[dict[str, Any]]:
    from ..games.fearless.events import CardPlayed, RoundScored, TrickWon

    players = state.players
    fear: list[list[int]] = [[] for _ in range(players)]
    tricks: list[list[int]] = [[] for _ in range(players)]
    # Every card dealt is played by the end of its round: a round's plays are its hand.
    hands: list[list[list[str]]] = [[] for _ in range(players)]
    trick_cards: list[list[str]] = [[] for _ in range(players)]
    in_trick: dict[int, str] = {}
    this_round = [0] * players
    for e in state.log:
        if isinstance(e, CardPlayed):
            if len(hands[e.seat]) == len(fear[e.seat]):  # the seat's first card of a round
                hands[e.seat].append([])
            hands[e.seat][-1].append(e.card)
            in_trick[e.seat] = e.card
        elif isinstance(e, TrickWon):
            this_round[e.seat] += 1
            trick_cards[e.seat].append(in_trick[e.seat])
            in_trick = {}
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
            "hands": [sorted(hand) for hand in hands[seat]],
            "trick_cards": trick_cards[seat],
        }
        for seat in range(players)
    ]


def _fearless_card(state: State, card: str) -> CardInfo:
    from ..games.fearless.cards import parse_card
    from ..games.fearless.events import spoken

    suit, value = parse_card(card)
    return CardInfo(spoken(card), suit or "zero", f"scare value {value:+d}" if value else "")


register(
    "fearless",
    Facts(
        columns=(
            Column("fear_per_round", "list<int>", "fear points the seat took in each round"),
            Column("tricks_per_round", "list<int>", "tricks the seat won in each round"),
            Column("tricks_won", "int", "tricks won in the whole game"),
            Column("rounds_ruined", "int", "rounds ended on the ruin (no trick won: 15 fear)"),
            Column("hands", "list<list<str>>", "the cards the seat was dealt, each round"),
            Column("trick_cards", "list<str>", "the cards with which the seat won a trick"),
        ),
        seats=_fearless_seats,
        rounds=_fearless_rounds,
        cards=(
            CardGroup(
                "cards",
                "card",
                held=("dealt", "hands"),
                uses=(("won a trick", "trick_cards"),),
                rounds=("hands", "fear_per_round"),
                describe=_fearless_card,
                about="Every card dealt is played, so a card's use is winning a trick with "
                "it: the win share compares the seats that took a trick with the card with "
                "those that were dealt it and never did. The last column is what holding it "
                "costs: the seat's mean fear in the rounds it was dealt the card minus in the "
                "rounds it was not (positive: more fear, worse).",
            ),
        ),
    ),
)


# -- Citadels ----------------------------------------------------------------------------


def _citadels_rounds(state: State) -> int:
    from ..games.citadels.events import RoundStarted

    return sum(isinstance(e, RoundStarted) for e in state.log)


def _citadels_seats(state: State, notes: Notes) -> list[dict[str, Any]]:
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
    drawn, built_districts = _citadels_districts(state, notes["dealt"])
    offered = notes["offered"]
    return [
        {
            "characters": held[seat],
            "characters_offered": offered[seat],
            "districts_drawn": drawn[seat],
            "built": built_districts[seat],
            "city_points": [_district_points(d) for d in cities[seat]],
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


def _citadels_districts(
    state: State, dealt: list[list[str]]
) -> tuple[list[list[str]], list[list[str]]]:
    """Per seat, the districts that came to its hand (the deal included) and those it built.

    A draw of resources adds both cards and the one put back takes its card out again, which
    also covers the Library and the Observatory; the Magician's swap brings the other hand.
    """
    from ..games.citadels.events import Built, Drew, HandsSwapped, PutUnderDeck, Rescued

    players = state.players
    hands = [list(hand) for hand in dealt]
    drawn = [list(hand) for hand in dealt]
    built: list[list[str]] = [[] for _ in range(players)]
    for e in state.log:
        if isinstance(e, Drew):
            cards = e.cards or []
            hands[e.seat] += cards
            drawn[e.seat] += cards
        elif isinstance(e, PutUnderDeck):
            for card in e.cards or []:
                hands[e.seat].remove(card)
                if e.reason == "not kept":
                    drawn[e.seat].pop(_last(drawn[e.seat], card))
        elif isinstance(e, Rescued):
            hands[e.seat].append(e.district)
            drawn[e.seat].append(e.district)
        elif isinstance(e, HandsSwapped):
            hands[e.seat], hands[e.other] = hands[e.other], hands[e.seat]
            drawn[e.seat] += hands[e.seat]
            drawn[e.other] += hands[e.other]
        elif isinstance(e, Built):
            hands[e.seat].remove(e.district)
            built[e.seat].append(e.district)
    return drawn, built


def _citadels_observe(state: State, action: Action, notes: Notes) -> None:
    """Keep the hands as dealt, and the characters offered at each pick of the draft.

    No event shows the draft's hidden discards: at a pick, the legal ``choose`` actions are
    the characters the seat is offered.
    """
    if not notes:
        notes["dealt"] = [list(state.view(seat)["hand"]) for seat in range(state.players)]
        notes["offered"] = [[] for _ in range(state.players)]
    if action.text.startswith(CHOOSE):
        choices = (a.text for a in state.legal_actions())
        offered = [c.removeprefix(CHOOSE) for c in choices if c.startswith(CHOOSE)]
        notes["offered"][state.current_player] += offered


def _last(items: list[str], item: str) -> int:
    """The index of the last ``item`` in ``items``."""
    return len(items) - 1 - items[::-1].index(item)


CHOOSE = "choose "  # the text of a draft pick: "choose king"


def _district_points(district: str) -> int:
    from ..games.citadels.cards import D_INDEX, D_POINTS

    return D_POINTS[D_INDEX[district]]


def _citadels_character(state: State, card: str) -> CardInfo:
    from ..games.citadels.cards import character_named

    character = character_named(card)
    if character is None:
        return CardInfo(card, "character", "")
    return CardInfo(character.name, f"character {character.rank}", character.text)


def _citadels_district(state: State, card: str) -> CardInfo:
    from ..games.citadels.cards import district_named

    district = district_named(card)
    if district is None:
        return CardInfo(card, "district", "")
    what = f"{district.colour}, cost {district.cost}"
    if district.points != district.cost:
        what += f", scores {district.points}"
    return CardInfo(district.name, what, district.text or "")


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
            Column(
                "characters_offered",
                "list<str>",
                "the characters the seat could choose at each of its picks, over the game",
            ),
            Column("districts_drawn", "list<str>", "the districts that came to the seat's hand"),
            Column("built", "list<str>", "the districts the seat built, in order"),
            Column("city_points", "list<int>", "the points of each district of `city`"),
        ),
        seats=_citadels_seats,
        rounds=_citadels_rounds,
        observe=_citadels_observe,
        cards=(
            CardGroup(
                "characters",
                "character",
                held=("offered", "characters_offered"),
                uses=(("chosen", "characters"),),
                describe=_citadels_character,
                about="A character is offered to a seat when it is among those left at one "
                "of the seat's picks in the draft; the win share compares the seats that "
                "chose it at least once with those that were offered it and never chose it.",
            ),
            CardGroup(
                "districts",
                "district",
                held=("drawn", "districts_drawn"),
                uses=(("built", "built"),),
                scored=("city", "city_points"),
                describe=_citadels_district,
                about="A district is drawn when it comes to the seat's hand (the deal, a "
                "draw it keeps, an Architect's or Magician's draw, a swap of hands, the "
                "Graveyard); the share of the points counts the districts of the final "
                "cities at their points, over every point scored (bonuses included).",
            ),
        ),
    ),
)


# -- Fool's Blade ------------------------------------------------------------------------

# The card model's MonsterDeck, in its order: the order of the per-deck lists (a test holds
# them equal). Written out so that importing the facts does not load Fool's Blade (0.1 s).
MONSTER_DECKS = ("forest", "cavern", "dungeon")
BOSS_OUTCOMES = ("not revealed", "beaten", "prevailed", "unfinished")


def _foolsblade_seats(state: State, notes: Notes) -> list[dict[str, Any]]:
    from ..games.foolsblade.events import (
        BossOver,
        ClassChosen,
        CombatEnded,
        CombatStarted,
        Destination,
        Drew,
        Equipped,
        Gained,
        GameEnded,
        HandCardMoved,
        HandleFound,
        Negated,
        Played,
        Revealed,
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
    # The card table's lists: what came to each seat, and what it played, equipped and beat.
    held: list[list[str]] = [[] for _ in range(players)]
    played: list[list[str]] = [[] for _ in range(players)]
    equipped: list[list[str]] = [[] for _ in range(players)]
    beaten: list[list[str]] = [[] for _ in range(players)]
    for e in state.log:
        if isinstance(e, (Drew, Gained)):
            held[e.seat] += e.cards or []
        elif isinstance(e, HandCardMoved):
            if e.how in ("received", "stole") and e.card is not None:
                held[e.seat].append(e.card)
        elif isinstance(e, Revealed):
            # Curses among the kept strike at once and come again as Gained.
            held[e.seat] += [c for c in e.kept if cards[c].kind != "curse"]
        elif isinstance(e, CombatStarted):
            held[e.seat].append(e.monster)
        elif isinstance(e, (ClassChosen, HandleFound)):
            held[e.seat].append(e.card)
            if isinstance(e, HandleFound):
                equipped[e.seat].append(e.card)
        elif isinstance(e, Equipped):
            equipped[e.seat].append(e.card)
        if isinstance(e, CombatEnded):
            if e.outcome == "win":
                beaten[e.seat].append(e.monster)
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
            played[e.seat].append(e.card)
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
        # Loot in the Stash scores Treasures by value, Legendary parts by strength.
        scored = [(p, cards[p].strength) for p in parts] + [
            (c.id, c.strength if c.kind == "part" else c.value) for c in stash
        ]
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
                "held_cards": held[seat],
                "played_cards": played[seat],
                "equipped_cards": equipped[seat],
                "beaten_cards": beaten[seat],
                "scored_cards": [card for card, _ in scored],
                "scored_points": [points for _, points in scored],
            }
        )
    return out


def _foolsblade_card(state: State, card: str) -> CardInfo:
    from ..games.foolsblade.table import latest_table
    from ..games.foolsblade.texts import card_text

    found = latest_table(state.view(None)["cards"]).set.by_id.get(card)
    if found is None:
        return CardInfo(card, "", "")
    return CardInfo(found.name, found.kind, card_text(found))


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
            Column(
                "held_cards",
                "list<str>",
                "the cards that came to the seat: its class and Handle, cards drawn, gained, "
                "given or stolen, and the monsters it fought",
            ),
            Column(
                "played_cards",
                "list<str>",
                "the cards the seat played (its class: each use of its ability)",
            ),
            Column("equipped_cards", "list<str>", "the parts and gear the seat equipped"),
            Column("beaten_cards", "list<str>", "the monsters and Boss cards the seat beat"),
            Column("scored_cards", "list<str>", "the cards that scored: parts, then the Stash"),
            Column("scored_points", "list<int>", "the points of each of `scored_cards`"),
        ),
        seats=_foolsblade_seats,
        cards=(
            CardGroup(
                "cards",
                "card",
                held=("held", "held_cards"),
                uses=(
                    ("played", "played_cards"),
                    ("equipped", "equipped_cards"),
                    ("beaten", "beaten_cards"),
                ),
                scored=("scored_cards", "scored_points"),
                describe=_foolsblade_card,
                about="A card is held when it comes to the seat: its class and Handle, a "
                "card drawn, gained, given or stolen, a monster it fights. Its uses: played "
                "(a class: its ability used), equipped, beaten (monsters and Boss cards). "
                "The share of the points counts the assembled parts, the monsters and the "
                "Loot in the final scores.",
            ),
        ),
    ),
)
