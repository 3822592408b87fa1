"""Fearless in simulations: its facts (the columns read from a finished game's log) and
its part of the report (the fear and ruin plots, the numbers compared between runs).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from ...core import State
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
from ..stats import mean

__all__ = ["FACTS"]

# -- facts --------------------------------------------------------------------------------

# Each game's events are imported where they are read: importing the facts loads no game.


def _rounds(state: State) -> int:
    from ...games.fearless.events import RoundScored

    return sum(isinstance(e, RoundScored) for e in state.log)


def _seats(state: State, notes: Notes) -> list[dict[str, Any]]:
    from ...games.fearless.events import CardPlayed, RoundScored, TrickWon

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


def _card(state: State, card: str) -> CardInfo:
    from ...games.fearless.cards import parse_card
    from ...games.fearless.events import spoken

    suit, value = parse_card(card)
    return CardInfo(spoken(card), suit or "zero", f"scare value {value:+d}" if value else "")


# -- the report's section ----------------------------------------------------------------------


def _plots(runs: Sequence[Run], out: Path) -> list[Plot]:
    fig, ax = figure(width=9.0)
    top = max(max(f for fears in r.col("fear_per_round") for f in fears) for r in runs)
    width = 0.8 / len(runs)
    for k, run in enumerate(runs):
        counts = Counter(f for fears in run.col("fear_per_round") for f in fears)
        total = sum(counts.values())
        xs = [x + (k - (len(runs) - 1) / 2) * width for x in range(top + 1)]
        ys = [100 * counts.get(x, 0) / total for x in range(top + 1)]
        ax.bar(xs, ys, width, color=COLOURS[k], label=run.label)
    ax.set_xlabel("fear points in a round (15: the ghost stayed on the ruin)")
    ax.set_ylabel("share of seat-rounds (%)")
    ax.set_title("Fear per round")
    ax.legend(fontsize="small")
    save(fig, out, "fearless_fear.png")

    groups = ["0", "1", "2", "3+"]
    fig, axes = figure(width=9.0, columns=2)
    shares, fears = [], []
    for run in runs:
        ruined = [min(x, 3) for x in run.col("rounds_ruined")]
        shares.append((run.label, [run.share([v == g for v in ruined]) for g in range(4)]))
        scores = run.col("score")
        fears.append(
            (
                run.label,
                [
                    mean([s for s, x in zip(scores, ruined, strict=True) if x == g])
                    for g in range(4)
                ],
            )
        )
    bars(axes[0], groups, shares, fair=1 / runs[0].players)
    axes[0].set_xlabel("rounds ended on the ruin")
    axes[0].set_title("Win share by rounds ruined")
    bars(axes[1], groups, fears, percent=False)
    axes[1].set_xlabel("rounds ended on the ruin")
    axes[1].set_ylabel("final fear points")
    axes[1].set_title("Mean final fear by rounds ruined")
    save(fig, out, "fearless_ruin.png")
    return [
        Plot(
            "fearless_fear.png",
            "Fearless: fear per round",
            "How often a seat took each number of fear points in a round; the bar at 15 is "
            "mostly rounds ended on the ruin.",
        ),
        Plot(
            "fearless_ruin.png",
            "Fearless: the cost of ruin",
            "Win share (95% Wilson intervals) and mean final fear (95% normal intervals) of "
            "seat-games by how many rounds the seat ended on the ruin.",
        ),
    ]


def _metrics(run: Run) -> list[Metric]:
    fears = [f for fears in run.col("fear_per_round") for f in fears]
    ruined = run.col("rounds_ruined")
    return [
        Metric("share of seat-rounds ruined", share=(sum(ruined), len(fears))),
        Metric("fear per seat-round", values=fears),
        win_metric("win share after a ruined round", run, [x > 0 for x in ruined]),
    ]


def _batched_columns(result: dict[str, Any]) -> dict[str, Any]:
    """The rounds and Fearless' columns of a chunk that ``parlour.fast.fearless.simulate``
    played: its arrays reshaped a row a seat; it keeps no hands, so no card table."""
    import numpy as np

    fear, tricks = result["fear_per_round"], result["tricks_per_round"]
    games, players, rounds = fear.shape
    count = games * players
    return {
        "rounds": np.full(count, rounds),
        "fear_per_round": fear.reshape(count, -1),
        "tricks_per_round": tricks.reshape(count, -1),
        "tricks_won": tricks.sum(axis=2).reshape(-1),
        "rounds_ruined": (tricks == 0).sum(axis=2).reshape(-1),
        "hands": [None] * count,
        "trick_cards": [None] * count,
    }


FACTS = Facts(
    columns=(
        Column("fear_per_round", "list<int>", "fear points the seat took in each round"),
        Column("tricks_per_round", "list<int>", "tricks the seat won in each round"),
        Column("tricks_won", "int", "tricks won in the whole game"),
        Column("rounds_ruined", "int", "rounds ended on the ruin (no trick won: 15 fear)"),
        Column("hands", "list<list<str>>", "the cards the seat was dealt, each round"),
        Column("trick_cards", "list<str>", "the cards with which the seat won a trick"),
    ),
    seats=_seats,
    rounds=_rounds,
    cards=(
        CardGroup(
            "cards",
            "card",
            held=("dealt", "hands"),
            uses=(("won a trick", "trick_cards"),),
            rounds=("hands", "fear_per_round"),
            describe=_card,
            about="Every card dealt is played, so a card's use is winning a trick with "
            "it: the win share compares the seats that took a trick with the card with "
            "those that were dealt it and never did. The last column is what holding it "
            "costs: the seat's mean fear in the rounds it was dealt the card minus in the "
            "rounds it was not (positive: more fear, worse).",
        ),
    ),
    plots=_plots,
    metrics=_metrics,
    batched_columns=_batched_columns,
)
