"""Citadels in simulations: its facts (the columns read from a finished game's log and
the draft's offers seen in play) and its part of the report (characters, first picks,
districts a round; the numbers compared between runs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any, cast

from ...core import Action, State
from ..charts import (
    COLOURS,
    Metric,
    Plot,
    Run,
    bars,
    figure,
    save,
    win_metric,
)
from ..facts import CardGroup, CardInfo, Facts, Notes
from ..schema import Column
from ..stats import mean, wilson

__all__ = ["FACTS"]

# -- facts --------------------------------------------------------------------------------


def _rounds(state: State) -> int:
    from ...games.citadels.events import RoundStarted

    return sum(isinstance(e, RoundStarted) for e in state.log)


def _seats(state: State, notes: Notes) -> list[dict[str, Any]]:
    from ...games.citadels.cards import ASSASSIN, C_SLUG
    from ...games.citadels.events import Built, CharacterTaken, CityCompleted, Named, RoundStarted
    from ...games.citadels.views import CitadelsView

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
                if e.by == C_SLUG[ASSASSIN]:
                    murdered[victim] += 1
                else:
                    robbed[victim] += 1
        elif isinstance(e, CityCompleted) and e.first:
            first_city = e.seat
    cities = cast(CitadelsView, state.view(None))["cities"]
    drawn, built_districts = _drawn_and_built(state, notes["dealt"])
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


def _drawn_and_built(
    state: State, dealt: list[list[str]]
) -> tuple[list[list[str]], list[list[str]]]:
    """Per seat, the districts that came to its hand (the deal included) and those it built.

    A draw of resources adds both cards and the one put back takes its card out again, which
    also covers the Library and the Observatory; the Magician's swap brings the other hand.
    """
    from ...games.citadels.events import Built, Drew, HandsSwapped, PutUnderDeck, Rescued

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
                if e.not_kept:
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


def _observe(state: State, action: Action, notes: Notes) -> None:
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
    from ...games.citadels.cards import D_INDEX, D_POINTS

    return D_POINTS[D_INDEX[district]]


def _character(state: State, card: str) -> CardInfo:
    from ...games.citadels.cards import character_named

    character = character_named(card)
    if character is None:
        return CardInfo(card, "character", "")
    return CardInfo(character.name, f"character {character.rank}", character.text)


def _district(state: State, card: str) -> CardInfo:
    from ...games.citadels.cards import district_named

    district = district_named(card)
    if district is None:
        return CardInfo(card, "district", "")
    what = f"{district.colour}, cost {district.cost}"
    if district.points != district.cost:
        what += f", scores {district.points}"
    return CardInfo(district.name, what, district.text or "")


# -- the report's section ----------------------------------------------------------------------


def _plots(runs: Sequence[Run], out: Path) -> list[Plot]:
    from ...games.citadels.cards import C_SLUG

    fair = 1 / runs[0].players
    fig, ax = figure(width=10.0)
    series = []
    for run in runs:
        held = [{c for chars in rounds for c in chars} for rounds in run.col("characters")]
        series.append((run.label, [run.share([c in h for h in held]) for c in C_SLUG]))
    bars(ax, list(C_SLUG), series, fair=fair)
    ax.set_title("Win share of seats that held each character at least once")
    save(fig, out, "citadels_characters.png")

    groups = ["0", "1", "2", "3", "4", "5+"]
    fig, axes = figure(width=10.0, columns=2)
    series, picked = [], []
    for run in runs:
        firsts = run.col("first_picks")
        count = [min(len(f), 5) for f in firsts]
        series.append((run.label, [run.share([v == g for v in count]) for g in range(6)]))
        taken = Counter(c for f in firsts for c in f)
        total = sum(taken.values())
        picked.append((run.label, [wilson(taken[c], total) for c in C_SLUG]))
    bars(axes[0], groups, series, fair=fair)
    axes[0].set_xlabel("rounds in which the seat picked first")
    axes[0].set_title("Win share by first picks")
    bars(axes[1], [c[:4] for c in C_SLUG], picked)
    axes[1].set_ylabel("share of first picks (%)")
    axes[1].set_title("What the first pick takes")
    save(fig, out, "citadels_first_pick.png")

    fig, ax = figure(width=9.0)
    for k, run in enumerate(runs):
        per_round = run.col("districts_per_round")
        won = run.col("won")
        last = max(len(b) for b in per_round)
        for flag, style, who in ((True, "-", "winners"), (False, "--", "others")):
            xs, ys, lo, hi = [], [], [], []
            for r in range(last):
                values = [
                    b[r] for b, w in zip(per_round, won, strict=True) if w == flag and len(b) > r
                ]
                if len(values) < 30:  # too few games last this long to say much
                    break
                e = mean(values)
                xs.append(r + 1)
                ys.append(e.value)
                lo.append(e.low)
                hi.append(e.high)
            ax.plot(xs, ys, style, color=COLOURS[k], label=f"{run.label}, {who}")
            ax.fill_between(xs, lo, hi, color=COLOURS[k], alpha=0.2)
    ax.set_xlabel("round")
    ax.set_ylabel("districts built in the round")
    ax.set_title("Districts built per round")
    ax.legend(fontsize="small")
    save(fig, out, "citadels_districts.png")
    return [
        Plot(
            "citadels_characters.png",
            "Citadels: win share by character held",
            "Seat-games in which the seat kept the character in at least one round; 95% "
            "Wilson intervals; the dashed line is the fair share.",
        ),
        Plot(
            "citadels_first_pick.png",
            "Citadels: the first pick",
            "Left: win share by how many rounds the seat chose its character first (it held "
            "the crown). Right: which character the first pick took.",
        ),
        Plot(
            "citadels_districts.png",
            "Citadels: districts built per round",
            "Mean districts built in each round by winners and by the others, with 95% "
            "intervals, over the games that lasted that long.",
        ),
    ]


def _metrics(run: Run) -> list[Metric]:
    from ...games.citadels.cards import C_SLUG

    held = [{c for chars in rounds for c in chars} for rounds in run.col("characters")]
    out = [win_metric(f"win share holding {c}", run, [c in h for h in held]) for c in C_SLUG]
    out.append(win_metric("the first to finish wins", run, run.col("finished_first")))
    out.append(Metric("districts built", values=run.col("districts_built")))
    out.append(Metric("murders suffered", values=run.col("murdered")))
    out.append(Metric("robberies suffered", values=run.col("robbed")))
    return out


FACTS = Facts(
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
    seats=_seats,
    rounds=_rounds,
    observe=_observe,
    cards=(
        CardGroup(
            "characters",
            "character",
            held=("offered", "characters_offered"),
            uses=(("chosen", "characters"),),
            describe=_character,
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
            describe=_district,
            about="A district is drawn when it comes to the seat's hand (the deal, a "
            "draw it keeps, an Architect's or Magician's draw, a swap of hands, the "
            "Graveyard); the share of the points counts the districts of the final "
            "cities at their points, over every point scored (bonuses included).",
        ),
    ),
    plots=_plots,
    metrics=_metrics,
)
