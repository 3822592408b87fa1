"""Ratings: one OpenSkill (Plackett-Luce) rating per account or bot level and game title,
moved when a rated game ends, in the transaction that records the end (docs/server.md,
"Ratings")."""

from __future__ import annotations

import tomllib
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any, NamedTuple

from openskill.models import PlackettLuce
from sqlalchemy import select
from sqlalchemy.dialects.postgresql import insert as postgresql_insert
from sqlalchemy.dialects.sqlite import insert as sqlite_insert
from sqlalchemy.orm import Session

from ... import load
from ...bots import LEVELS
from ...core.places import finishing_places
from ..store import TableInfo
from .rows import AccountSeatRow, RatingRow

__all__ = [
    "BOT_RATINGS",
    "Player",
    "Skill",
    "bot_start",
    "displayed",
    "record_end",
    "starting_skill",
]

# Where the bot levels' ratings start, per game (written by scripts/bot-ratings.py).
BOT_RATINGS = Path(__file__).with_name("bot_ratings.toml")
# OpenSkill's defaults (mu 25, sigma 25/3), as the tournaments use them.
MODEL = PlackettLuce()
# The displayed rating is ``mu - DEVIATIONS * sigma``: OpenSkill's ordinal, a rating the
# player is very likely above, so a few lucky games do not put a newcomer on top.
DEVIATIONS = 3.0
# Displayed ratings and changes are rounded to this many decimals (and stored so).
DECIMALS = 1


@dataclass(frozen=True)
class Skill:
    """A rating as OpenSkill keeps it: the mean and its deviation."""

    mu: float
    sigma: float

    @property
    def rating(self) -> float:
        """The displayed rating: ``mu - 3 sigma``, rounded to one decimal."""
        return displayed(self.mu, self.sigma)


class Player(NamedTuple):
    """Who a rating belongs to: an account (by id) or a bot level (by name)."""

    account_id: int | None
    bot: str | None

    def order(self) -> tuple[int, int, str]:
        """A total order (accounts by id, then levels by name): rating rows are locked in
        this order, so two games ending at once never wait for each other in a cycle."""
        if self.account_id is not None:
            return (0, self.account_id, "")
        return (1, 0, self.bot or "")


def displayed(mu: float, sigma: float) -> float:
    """The rating people see: OpenSkill's ordinal ``mu - 3 sigma``, to one decimal."""
    return round(mu - DEVIATIONS * sigma, DECIMALS)


@cache
def _bot_ratings() -> dict[str, Any]:
    with BOT_RATINGS.open("rb") as handle:
        return tomllib.load(handle)


def bot_start(game: str, level: str) -> Skill:
    """Where a bot level's rating for ``game`` starts: the tournament's figure in
    ``bot_ratings.toml``, or OpenSkill's default for a game or level it lacks."""
    found = _bot_ratings().get(game, {}).get(level)
    if found is None:
        return Skill(MODEL.mu, MODEL.sigma)
    return Skill(float(found["mu"]), float(found["sigma"]))


def starting_skill(game: str, player: Player) -> Skill:
    """Where a player's rating starts: OpenSkill's default for an account, the shipped
    figure for a bot level."""
    if player.bot is not None:
        return bot_start(game, player.bot)
    return Skill(MODEL.mu, MODEL.sigma)


def record_end(
    session: Session, table: TableInfo, absent: Collection[int] = ()
) -> list[float | None] | None:
    """Inside the transaction that marks ``table`` finished (its scores and winners set):
    write each account seat's place and, at a rated table, move the rated players' ratings;
    the rating change of each seat (``None`` for a seat not rated), or ``None`` for an
    unrated table. ``absent`` seats (timed out, gone) are ranked last."""
    scores, winners = table.scores or [], table.winners or []
    places = finishing_places(scores, winners, load(table.game).lower_score_wins, absent)
    account_seats = {
        row.seat: row
        for row in session.scalars(
            select(AccountSeatRow).where(AccountSeatRow.table_id == table.id)
        )
    }
    for number, row in account_seats.items():
        row.place = places[number]
    if not table.rated:
        return None
    players: dict[int, Player] = {}
    for number, seat in enumerate(table.seats):
        held = account_seats.get(number)
        if held is not None and held.rated:
            players[number] = Player(held.account_id, None)
        elif held is None and seat.bot in LEVELS:
            players[number] = Player(None, seat.bot)
    changes: list[float | None] = [None] * table.players
    # A rating compares rated players only: with fewer than two there is nobody to compare.
    if len(players) < 2:
        return changes
    ratings = _lock_ratings(session, table.game, sorted(set(players.values()), key=Player.order))
    moved = _move(
        {player: Skill(rating.mu, rating.sigma) for player, rating in ratings.items()},
        [(players[number], places[number]) for number in sorted(players)],
    )
    for player, rating in ratings.items():
        before = displayed(rating.mu, rating.sigma)
        rating.mu, rating.sigma = moved[player].mu, moved[player].sigma
        seats = [number for number, seated in players.items() if seated == player]
        # A level in several seats played several games (the tournaments' seat-games).
        rating.games += len(seats)
        for number in seats:
            changes[number] = round(moved[player].rating - before, DECIMALS)
    for number, held in account_seats.items():
        held.rating_change = changes[number]
    return changes


def _move(current: dict[Player, Skill], seats: Sequence[tuple[Player, int]]) -> dict[Player, Skill]:
    """One Plackett-Luce update, each seat a team of one, ranked by place; a player in
    several seats (a level twice at one table) takes the mean of its seats' updates, as
    the tournaments do."""
    teams = [
        [MODEL.rating(mu=current[player].mu, sigma=current[player].sigma)] for player, _ in seats
    ]
    rated = MODEL.rate(teams, ranks=[float(place) for _, place in seats])
    updates: dict[Player, list[Skill]] = {}
    for (player, _), team in zip(seats, rated, strict=True):
        updates.setdefault(player, []).append(Skill(team[0].mu, team[0].sigma))
    return {
        player: Skill(
            sum(skill.mu for skill in skills) / len(skills),
            sum(skill.sigma for skill in skills) / len(skills),
        )
        for player, skills in updates.items()
    }


def _lock_ratings(
    session: Session, game: str, players: Sequence[Player]
) -> dict[Player, RatingRow]:
    """The players' rating rows for ``game``, made at their starting values where missing,
    each locked until the transaction ends (``players`` in ``Player.order``)."""
    insert = postgresql_insert if session.get_bind().dialect.name == "postgresql" else sqlite_insert
    rows: dict[Player, RatingRow] = {}
    for player in players:
        skill = starting_skill(game, player)
        # Two games ending at once may both find the row missing: one insert wins, the other
        # does nothing, and both then read and lock the same row.
        session.execute(
            insert(RatingRow)
            .values(
                account_id=player.account_id,
                bot=player.bot,
                game=game,
                mu=skill.mu,
                sigma=skill.sigma,
                games=0,
            )
            .on_conflict_do_nothing()
        )
        if player.account_id is not None:
            which = RatingRow.account_id == player.account_id
        else:
            which = RatingRow.bot == player.bot
        rows[player] = session.scalars(
            select(RatingRow)
            .where(which, RatingRow.game == game)
            .with_for_update()
            .execution_options(populate_existing=True)
        ).one()
    return rows
