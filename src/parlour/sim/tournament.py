"""Tournaments: bots play duplicate deals across processes; win shares, scores and ratings.

Each deal (one game seed) is played once for every rotation of the line-up through the
seats, so every bot meets the same cards from every seat and the luck of the deal cancels.
Win shares are per seat-game means of ``returns()``; their confidence intervals (Wilson's)
treat each deal (all its rotations together) as one independent sample, because games on the
same deal are correlated.
"""

from __future__ import annotations

import json
import math
import time
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import as_completed
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import IO, Any

from .. import bots, load
from ..bots.lineup import BotSpec, parse_bots, split_lineup
from ..core import GameError, derive_seed
from ..core.places import finishing_places
from ..core.processes import process_pool
from .stats import wilson_bounds

__all__ = [
    "BotSpec",
    "BotSummary",
    "GameResult",
    "Match",
    "parse_bots",
    "play",
    "run",
    "schedule",
    "split_lineup",
    "summarize",
]


@dataclass(frozen=True)
class Match:
    """One game of the tournament: which deal, which rotation, which bot in each seat."""

    index: int
    deal: int
    rotation: int
    game: str
    seed: int
    seats: tuple[BotSpec, ...]
    bot_seeds: tuple[int, ...]
    options: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class GameResult:
    """What one game gave: its record, returns, scores and the time each seat spent."""

    index: int
    deal: int
    rotation: int
    seats: tuple[str, ...]
    record: dict[str, Any]
    returns: list[float]
    scores: list[int]
    winners: list[int]
    think_seconds: list[float]
    decisions: list[int]

    def to_json(self) -> str:
        """One line of the ``--out`` file."""
        return json.dumps(asdict(self))


def schedule(
    game: str,
    lineup: Sequence[BotSpec],
    games: int,
    seed: int,
    players: int | None = None,
    options: dict[str, Any] | None = None,
) -> list[Match]:
    """Whole deals, each with every rotation, enough to hold at least ``games`` games.

    A line-up of one bot fills every seat; otherwise it gives one bot a seat.
    """
    spec = load(game)
    count = players if players is not None else (len(lineup) if len(lineup) > 1 else None)
    if count is None:
        raise GameError("say how many players when the line-up is a single bot")
    if len(lineup) == 1:
        lineup = list(lineup) * count
    if len(lineup) != count:
        raise GameError(f"{len(lineup)} bots for {count} players: give one bot a seat")
    if not spec.min_players <= count <= spec.max_players:
        raise GameError(
            f"{spec.title} takes {spec.min_players} to {spec.max_players} players, not {count}"
        )
    if games < 1:
        raise GameError(f"games must be at least 1, not {games}")
    deals = -(-games // count)
    matches: list[Match] = []
    for deal in range(deals):
        deal_seed = derive_seed(seed, "deal", deal) >> 1  # game seeds are non-negative ints
        bot_seeds = [derive_seed(seed, "bot", deal, i) for i in range(count)]
        for rotation in range(count):
            order = [(seat + rotation) % count for seat in range(count)]
            matches.append(
                Match(
                    index=len(matches),
                    deal=deal,
                    rotation=rotation,
                    game=spec.name,
                    seed=deal_seed,
                    seats=tuple(lineup[i] for i in order),
                    bot_seeds=tuple(bot_seeds[i] for i in order),
                    options=dict(options or {}),
                )
            )
    return matches


def play(match: Match) -> GameResult:
    """Play one match to the end (a top-level function, so worker processes can run it)."""
    state = load(match.game).new_game(len(match.seats), seed=match.seed, **match.options)
    players = [
        bots.make(spec.name, seed=bot_seed, **spec.settings)
        for spec, bot_seed in zip(match.seats, match.bot_seeds, strict=True)
    ]
    think = [0.0] * state.players
    decisions = [0] * state.players
    clock = time.perf_counter
    while not state.is_over:
        seat = state.current_player
        assert seat is not None
        start = clock()
        action = players[seat].choose(state)
        think[seat] += clock() - start
        decisions[seat] += 1
        state.apply(action)
    return GameResult(
        index=match.index,
        deal=match.deal,
        rotation=match.rotation,
        seats=tuple(spec.label for spec in match.seats),
        record=state.record(),
        returns=state.returns(),
        scores=state.scores(),
        winners=state.winners(),
        think_seconds=think,
        decisions=decisions,
    )


def run(
    matches: Sequence[Match],
    jobs: int = 1,
    on_result: Callable[[GameResult], None] | None = None,
    out: IO[str] | None = None,
) -> list[GameResult]:
    """Play the matches on ``jobs`` processes; results in match order.

    ``on_result`` hears of each game as it ends; ``out`` gets each result as a JSON line.
    """
    if jobs < 1:
        raise GameError(f"jobs must be at least 1, not {jobs}")
    results: list[GameResult] = []
    for result in _results(matches, jobs):
        results.append(result)
        if out is not None:
            out.write(result.to_json() + "\n")
            out.flush()
        if on_result is not None:
            on_result(result)
    results.sort(key=lambda r: r.index)
    return results


def _results(matches: Sequence[Match], jobs: int) -> Iterator[GameResult]:
    if jobs == 1:
        yield from map(play, matches)
        return
    with process_pool(jobs) as pool:
        futures = [pool.submit(play, match) for match in matches]
        for future in as_completed(futures):
            yield future.result()


@dataclass(frozen=True)
class BotSummary:
    """One bot's results: win share with its 95% interval, mean score, rating, think time."""

    label: str
    seat_games: int
    win_share: float
    ci_low: float
    ci_high: float
    mean_score: float
    rating_mu: float
    rating_sigma: float
    seconds_per_decision: float

    @property
    def rating(self) -> float:
        """The conservative rating ``mu - 3 sigma``."""
        return self.rating_mu - 3 * self.rating_sigma


def summarize(results: Sequence[GameResult]) -> list[BotSummary]:
    """Per bot label, best win share first; several seats with one label are pooled."""
    labels = sorted({label for r in results for label in r.seats})
    by_deal: dict[str, dict[int, list[float]]] = {label: {} for label in labels}
    scores: dict[str, list[int]] = {label: [] for label in labels}
    think: dict[str, float] = dict.fromkeys(labels, 0.0)
    decisions: dict[str, int] = dict.fromkeys(labels, 0)
    for r in results:
        for seat, label in enumerate(r.seats):
            by_deal[label].setdefault(r.deal, []).append(r.returns[seat])
            scores[label].append(r.scores[seat])
            think[label] += r.think_seconds[seat]
            decisions[label] += r.decisions[seat]
    ratings = _ratings(results, labels)
    out = []
    for label in labels:
        deal_means = [sum(v) / len(v) for v in by_deal[label].values()]
        samples = [x for v in by_deal[label].values() for x in v]
        share = sum(samples) / len(samples)
        low, high = _interval(deal_means, len(samples))
        mu, sigma = ratings[label]
        out.append(
            BotSummary(
                label=label,
                seat_games=len(samples),
                win_share=share,
                ci_low=low,
                ci_high=high,
                mean_score=sum(scores[label]) / len(scores[label]),
                rating_mu=mu,
                rating_sigma=sigma,
                seconds_per_decision=think[label] / max(1, decisions[label]),
            )
        )
    out.sort(key=lambda s: -s.win_share)
    return out


def _interval(deal_means: Sequence[float], games: int) -> tuple[float, float]:
    """The Wilson score 95% interval for a win share from its per-deal means in [0, 1].

    Games on one deal are correlated, so the interval counts an effective number of games:
    as many as would give the spread seen between the deals' means (Kish's design effect),
    never fewer than the deals nor more than the ``games`` played; with no spread at all,
    the games. Wilson's interval stays honest where a normal one on the sample spread
    shrinks to nothing: few deals, and shares near 0 or 1. NaN with fewer than two deals.
    """
    deals = len(deal_means)
    if deals < 2:
        return math.nan, math.nan
    mean = sum(deal_means) / deals
    spread = sum((x - mean) ** 2 for x in deal_means) / (deals - 1)
    n = float(games)
    if spread > 0:
        n = min(max(mean * (1 - mean) * deals / spread, deals), games)
    return wilson_bounds(mean, n)


def _ratings(
    results: Sequence[GameResult], labels: Sequence[str]
) -> dict[str, tuple[float, float]]:
    """Plackett-Luce (OpenSkill) ratings, games taken in order; each seat is one team.

    A label in several seats of one game is updated by the mean of its seats' updates.
    """
    from openskill.models import PlackettLuce

    model = PlackettLuce()
    current = dict.fromkeys(labels, (model.mu, model.sigma))
    for r in results:
        teams = [[model.rating(mu=current[label][0], sigma=current[label][1])] for label in r.seats]
        lower_score_wins = load(r.record["game"]).lower_score_wins
        places = [float(place) for place in finishing_places(r.scores, r.winners, lower_score_wins)]
        rated = model.rate(teams, ranks=places)
        updates: dict[str, list[tuple[float, float]]] = {}
        for label, team in zip(r.seats, rated, strict=True):
            updates.setdefault(label, []).append((team[0].mu, team[0].sigma))
        for label, values in updates.items():
            current[label] = (
                sum(v[0] for v in values) / len(values),
                sum(v[1] for v in values) / len(values),
            )
    return current


def tournament(
    game: str,
    bots_text: str,
    games: int,
    jobs: int = 1,
    seed: int = 0,
    players: int | None = None,
    out: str | Path | None = None,
    on_result: Callable[[GameResult], None] | None = None,
    on_schedule: Callable[[int], None] | None = None,
    options: dict[str, Any] | None = None,
) -> list[BotSummary]:
    """Schedule, play and summarize a tournament; ``out`` names a JSON lines file of games.

    ``on_schedule`` hears how many games will be played before the first starts; every game
    is played with the game's ``options``.
    """
    matches = schedule(game, parse_bots(bots_text), games, seed, players, options)
    if on_schedule is not None:
        on_schedule(len(matches))
    if out is None:
        results = run(matches, jobs, on_result)
    else:
        with Path(out).open("w", encoding="utf-8") as handle:
            results = run(matches, jobs, on_result, handle)
    return summarize(results)
