"""Fool's Blade in simulations: its facts (the columns read from a finished game's log
and its final view) and its part of the report (classes, turn order, monster decks, bosses;
the numbers compared between runs).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any, cast

from ...core import State
from ..charts import (
    COLOURS,
    Metric,
    Plot,
    Run,
    bars,
    figure,
    save,
    shares_by,
    win_metric,
)
from ..facts import CardGroup, CardInfo, CardView, Facts, Notes
from ..schema import Column
from ..stats import wilson

if TYPE_CHECKING:
    from ...games.foolsblade.schema import AnyCard

__all__ = [
    "BOSS_OUTCOMES",
    "FACTS",
    "MONSTER_DECKS",
    "VIEWS",
    "VIEW_OF_DECK",
    "plays_that_mattered",
]

# -- facts --------------------------------------------------------------------------------

# The card model's MonsterDeck, in its order: the order of the per-deck lists (a test holds
# them equal). Written out so that importing the facts does not load Fool's Blade (0.1 s).
MONSTER_DECKS = ("forest", "cavern", "dungeon")
BOSS_OUTCOMES = ("not revealed", "beaten", "prevailed", "unfinished")
# The column that counts each place a seat goes to (``Destination.place``) other than a hunt.
VISITS = {"forge": "forge_visits", "quest": "quest_visits"}


# Events that only add strength: a play that made nothing else matters only through a fight.
STRENGTH_ONLY = frozenset({"strength", "roll"})
# Events that are a fight, in which strength played this turn counts.
FIGHTS = frozenset({"combat", "fight"})
# Events of the turn's own steps: a play's effects are over when one comes.
STEPS = frozenset({"destination", "equip", "combat", "combat_end", "forge", "approach", "boss"})


class _Play:
    """One play being followed through the log: whose, which card, and what came of it."""

    __slots__ = ("card", "fights", "other", "seat", "spoiled", "strength")

    def __init__(self, seat: int, card: str, fighting: bool) -> None:
        self.seat, self.card = seat, card
        self.fights = fighting  # a fight this strength can count in (one already on)
        self.strength = self.other = self.spoiled = False

    def mattered(self) -> bool:
        """Not negated, not reported to do nothing, and strength only if a fight followed."""
        return not self.spoiled and (self.other or (self.strength and self.fights))


def plays_that_mattered(events: Sequence[Any]) -> list[tuple[int, str]]:
    """The plays (seat, card; abilities too) of a game's log that changed its course: a play
    negated, or reported by the game to do nothing (its ``no_effect`` event), never counts,
    nor one that only added strength when no combat or fight of that turn came after it
    (strength this turn played before going to the Forge)."""
    plays: list[_Play] = []
    turn: list[_Play] = []  # this turn's plays, whose strength a later fight makes count
    fighting = False
    current: _Play | None = None
    for e in events:
        kind = e.kind
        if kind == "play":
            current = _Play(e.seat, e.card, fighting)
            plays.append(current)
            turn.append(current)
        elif kind == "turn":
            turn, current = [], None
            fighting = False
        elif kind in ("negate", "no_effect"):
            if kind == "negate" and current is not None:
                current.other = True  # the negation is the answering play's effect
            for play in reversed(plays):
                if play.card == e.card and play.seat == e.seat:
                    play.spoiled = True
                    break
        else:
            if kind in FIGHTS:
                for play in turn:
                    play.fights = True
            if kind in STEPS:
                if kind == "combat_end" and getattr(e, "escaped", False) and current is not None:
                    current.other = True  # the play sent the monster away (a retreat)
                current = None
                fighting = kind == "combat" or (fighting and kind != "combat_end")
            elif current is not None:
                if kind in STRENGTH_ONLY:
                    current.strength = True
                else:
                    current.other = True
    return [(play.seat, play.card) for play in plays if play.mattered()]


def _seats(state: State, notes: Notes) -> list[dict[str, Any]]:
    from ...games.foolsblade.events import (
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
    from ...games.foolsblade.schema import ApproachCard, MonsterCard, PartCard
    from ...games.foolsblade.scoring import stash_points
    from ...games.foolsblade.table import latest_table
    from ...games.foolsblade.views import FoolsBladeView

    players = state.players
    spectator = state.view(None)
    view = cast(FoolsBladeView, spectator)
    table = latest_table(view["cards"])
    card_set = table.set
    cards = card_set.by_id
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
            fought_card = cards[e.monster]
            if not isinstance(fought_card, MonsterCard):  # a Boss card
                boss_fights[e.seat] += 1
                boss_wins[e.seat] += e.outcome == "win"
                continue
            deck = MONSTER_DECKS.index(fought_card.deck)
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
            elif e.deck == "loot":
                counts["loot_drawn"][e.seat] += len(e.cards)
        elif isinstance(e, Destination):
            if e.place in VISITS:
                counts[VISITS[e.place]][e.seat] += 1
        elif isinstance(e, RolledOff):
            order = [(seat - e.first_player) % players for seat in range(players)]
        elif isinstance(e, BossOver):
            outcome[card_set.card(e.approach, ApproachCard).deck] = BOSS_OUTCOMES[
                1 if e.players_won else 2
            ]
        elif isinstance(e, GameEnded):
            capped = e.capped
    for seat, card in plays_that_mattered(state.log):
        played[seat].append(card)
    if view["boss"] is not None:
        outcome[card_set.card(view["boss"]["approach"], ApproachCard).deck] = BOSS_OUTCOMES[3]
    boss_outcomes = [outcome[deck] for deck in MONSTER_DECKS]
    out = []
    for seat in range(players):
        parts = [card_set.card(p, PartCard) for p in view["weapons"][seat].values() if p]
        sets = {p.set for p in parts}
        # The score's parts as the game counts them (``score_parts``), and each card's share.
        points = view["score_parts"][seat]
        scored = [(p.id, p.strength) for p in parts] + [
            (c, stash_points(table, table.index[c])) for c in view["stash"][seat]
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
                "weapon_strength": points["weapon"],
                "monster_points": points["monsters"],
                "loot_points": points["treasures"] + points["legendary"],
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


# The card table's kinds, by the deck a card starts in (``deck_of``): what a player chooses
# to play (classes, parts, Tavern and Quest cards) first; Loot, which comes and scores;
# monsters and Boss cards apart, since beating one measures the weapon that beat it.
VIEW_OF_DECK = {
    "classes": "class",
    "anvil": "part",
    "tavern": "Tavern",
    "quest": "Quest",
    "loot": "Loot",
    **dict.fromkeys((*MONSTER_DECKS, "box"), "monster"),
}
USES_OF_KIND = {
    "tavern": ("played",),
    "action": ("played",),
    "part": ("equipped",),
    "gear": ("equipped",),
    "monster": ("beaten",),
    "boss": ("beaten",),
}
VIEWS = (
    CardView("class", uses=("played",)),
    CardView("part", uses=("equipped",), scored=True),
    CardView("Tavern", uses=("played",)),
    CardView("Quest", uses=("played", "equipped")),
    CardView("Loot", uses=("equipped",), scored=True, chosen=False),
    CardView(
        "monster",
        uses=("beaten",),
        scored=True,
        chosen=False,
        apart=True,
        held="fought",
        about="Monsters and Boss cards: a seat fights them rather than chooses them, so a "
        "monster's difference (beaten minus fought and not beaten) measures the weapon "
        "that beat it more than the monster: strong weapons beat the Dungeon's monsters, "
        "and strong weapons win. Read a monster's price in its share beaten.",
    ),
)


def _card(state: State, card: str) -> CardInfo:
    from ...games.foolsblade.schema import deck_of
    from ...games.foolsblade.table import latest_table
    from ...games.foolsblade.texts import card_text

    found = latest_table(state.view(None)["cards"]).set.by_id.get(card)
    if found is None:
        return CardInfo(card, "", "")
    view = VIEW_OF_DECK.get(deck_of(found), "")
    return CardInfo(found.name, found.kind, card_text(found), view, _uses(found))


def _uses(card: AnyCard) -> tuple[str, ...]:
    """The card table's uses a card has: a class its ability, if it has one; an Action or a
    Tavern card is played, a part or Gear equipped, a monster or Boss card beaten; a
    Treasure, a Curse or an Approach none."""
    from ...games.foolsblade.schema import ClassCard

    if isinstance(card, ClassCard):
        return ("played",) if card.ability is not None else ()
    return USES_OF_KIND.get(card.kind, ())


# -- the report's section ----------------------------------------------------------------------

BOSS_COLOURS = ("#cccccc", "#4a9c5d", "#c0392b", "#e0b040")  # beside BOSS_OUTCOMES


def _combats(run: Run, column: str) -> list[tuple[int, int]]:
    """Per monster deck, then Boss cards: (combats counted in ``column``, combats fought)."""
    fought = [sum(f[d] for f in run.col("monsters_fought")) for d in range(len(MONSTER_DECKS))]
    counted = [sum(c[d] for c in run.col(column)) for d in range(len(MONSTER_DECKS))]
    boss = sum(run.col("boss_fights"))
    beaten = sum(run.col("boss_cards_beaten"))
    boss_count = beaten if column == "monsters_defeated" else boss - beaten  # Boss wins ties
    return [*zip(counted, fought, strict=True), (boss_count, boss)]


def _boss_shares(run: Run) -> list[list[float]]:
    """Per monster deck, the share of games its Boss ended in each of ``BOSS_OUTCOMES``."""
    games = run.per_game("boss_outcomes")
    return [
        [sum(g[d] == o for g in games) / len(games) for o in BOSS_OUTCOMES]
        for d in range(len(MONSTER_DECKS))
    ]


def _plots(runs: Sequence[Run], out: Path) -> list[Plot]:
    fair = 1 / runs[0].players
    classes = sorted(set().union(*(set(r.col("class")) for r in runs)))
    fig, ax = figure(width=max(7.0, 0.7 * len(classes) + 2))
    series = shares_by(runs, "class", classes)
    bars(ax, classes, series, fair=fair)
    for label in ax.get_xticklabels():
        label.set_rotation(40)
        label.set_horizontalalignment("right")
    ax.set_title("Win share by class")
    save(fig, out, "foolsblade_classes.png")

    places = list(range(runs[0].players))
    fig, ax = figure()
    series = shares_by(runs, "turn_order", places)
    bars(ax, [str(p) for p in places], series, fair=fair)
    ax.set_xlabel("place in turn order (0: the first player; the last chose its class first)")
    ax.set_title("Win share by turn order")
    save(fig, out, "foolsblade_order.png")

    groups = [*MONSTER_DECKS, "boss cards"]
    fig, axes = figure(width=9.0, columns=2)
    for ax, column, title in (
        (axes[0], "monsters_defeated", "Monsters defeated (share of combats won)"),
        (axes[1], "monsters_lost", "Combats lost"),
    ):
        bars(ax, groups, [(r.label, [wilson(*c) for c in _combats(r, column)]) for r in runs])
        ax.set_ylabel("share of combats (%)")
        ax.set_title(title)
    save(fig, out, "foolsblade_monsters.png")

    fig, ax = figure(width=9.0)
    width = 0.8 / len(runs)
    for k, run in enumerate(runs):
        xs = [d + (k - (len(runs) - 1) / 2) * width for d in range(len(MONSTER_DECKS))]
        bottom = [0.0] * len(MONSTER_DECKS)
        for o, name in enumerate(BOSS_OUTCOMES):
            heights = [100 * shares[o] for shares in _boss_shares(run)]
            ax.bar(
                xs,
                heights,
                width * 0.95,
                bottom=bottom,
                color=BOSS_COLOURS[o],
                edgecolor=COLOURS[k],
                linewidth=1.5,
                label=name if k == 0 else None,
            )
            bottom = [b + h for b, h in zip(bottom, heights, strict=True)]
    ax.set_xticks(range(len(MONSTER_DECKS)), list(MONSTER_DECKS))
    ax.set_ylabel("share of games (%)")
    ax.set_title("Boss outcomes by monster deck" + (" (A left, B right)" if len(runs) > 1 else ""))
    ax.legend(fontsize="small")
    save(fig, out, "foolsblade_bosses.png")
    return [
        Plot(
            "foolsblade_classes.png",
            "Fool's Blade: win share by class",
            "Seat-games by the class the seat played, with 95% Wilson intervals; the dashed "
            "line is the fair share.",
        ),
        Plot(
            "foolsblade_order.png",
            "Fool's Blade: win share by turn order",
            "Win share by the seat's place in turn order, with 95% Wilson intervals: the d20 "
            "roll-off decides who is first, so the seat number alone says little. Classes "
            "are chosen in the reverse order, the last player first.",
        ),
        Plot(
            "foolsblade_monsters.png",
            "Fool's Blade: defeat rates per monster deck",
            "Of all combats against each deck (and against Boss cards), the share the fighter "
            "won and the share it lost (the rest are draws and escapes), with 95% Wilson "
            "intervals.",
        ),
        Plot(
            "foolsblade_bosses.png",
            "Fool's Blade: boss outcomes",
            "For each deck's Boss, the share of games in which its Approach was never "
            "revealed, the players beat it, it prevailed, or the game ended first.",
        ),
    ]


def _metrics(run: Run) -> list[Metric]:
    held, order = run.col("class"), run.col("turn_order")
    out = [win_metric(f"win share as {c}", run, [h == c for h in held]) for c in sorted(set(held))]
    for p in range(run.players):
        out.append(win_metric(f"win share, turn order {p}", run, [o == p for o in order]))
    names = [f"{deck} combats won" for deck in MONSTER_DECKS] + ["boss cards beaten"]
    for name, count in zip(names, _combats(run, "monsters_defeated"), strict=True):
        out.append(Metric(name, share=count))
    games = run.per_game("boss_outcomes")
    for d, deck in enumerate(MONSTER_DECKS):
        beaten = sum(g[d] == BOSS_OUTCOMES[1] for g in games)
        out.append(Metric(f"{deck} boss beaten", share=(beaten, len(games))))
    for column in ("loot_drawn", "monster_points", "weapon_strength", "loot_points"):
        out.append(Metric(f"{column.replace('_', ' ')} per seat", values=run.col(column)))
    return out


FACTS = Facts(
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
            "the cards the seat played (its class: each use of its ability) to some effect: "
            "not negated, not doing nothing, and strength only if a fight followed",
        ),
        Column("equipped_cards", "list<str>", "the parts and gear the seat equipped"),
        Column("beaten_cards", "list<str>", "the monsters and Boss cards the seat beat"),
        Column("scored_cards", "list<str>", "the cards that scored: parts, then the Stash"),
        Column("scored_points", "list<int>", "the points of each of `scored_cards`"),
    ),
    seats=_seats,
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
            describe=_card,
            about="A card is held when it comes to the seat: its class and Handle, a "
            "card drawn, gained, given or stolen, a monster it fights. Its uses: played "
            "(a class: its ability used) to some effect, equipped, beaten (monsters and "
            "Boss cards). "
            "The share of the points counts the assembled parts, the monsters and the "
            "Loot in the final scores.",
            views=VIEWS,
        ),
    ),
    plots=_plots,
    metrics=_metrics,
)
