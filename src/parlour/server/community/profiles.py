"""What players read of each other: a player's profile (ratings, finished games) and a
game's leaderboard, bot levels included (API.md, "Ratings")."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

from sqlalchemy import Engine, select
from sqlalchemy.orm import Session

from ... import load
from ...bots import LEVELS
from ..store import TableRow
from .ratings import DEVIATIONS, bot_start, displayed
from .rows import AccountRow, AccountSeatRow, RatingRow

__all__ = ["GAMES_SHOWN", "LEADERS_SHOWN", "leaderboard", "profile"]

# A profile lists this many finished games, the newest first.
GAMES_SHOWN = 100
# A leaderboard lists this many accounts, the best first (and every bot level besides).
LEADERS_SHOWN = 100


def profile(
    engine: Engine, username: str, games: int = GAMES_SHOWN, viewer: int | None = None
) -> dict[str, Any] | None:
    """The account named ``username`` (in any case): ``{"username", "joined", "ratings":
    {game: {"rating", "games"}}, "games": [{"table", "game", "finished_at", "place",
    "rating_change"}]}``, its newest ``games`` finished games first (its private tables only
    when the account ``viewer`` is its own); ``None`` if there is no such account."""
    with Session(engine) as session:
        account = session.scalars(
            select(AccountRow).where(AccountRow.username_key == username.lower())
        ).one_or_none()
        if account is None:
            return None
        rows = session.scalars(
            select(RatingRow)
            .where(RatingRow.account_id == account.id, RatingRow.games > 0)
            .order_by(RatingRow.game)
        ).all()
        query = (
            select(TableRow.id, TableRow.game, TableRow.finished_at, AccountSeatRow)
            .join(TableRow, TableRow.id == AccountSeatRow.table_id)
            .where(AccountSeatRow.account_id == account.id, TableRow.finished_at.is_not(None))
            .order_by(TableRow.finished_at.desc(), TableRow.id)
            .limit(games)
        )
        if viewer != account.id:
            # API.md, "Private tables": only the links of a private table find it.
            query = query.where(TableRow.public.is_(True))
        played = session.execute(query).all()
        return {
            "username": account.username,
            "joined": _iso(account.created_at),
            "ratings": {
                row.game: {"rating": displayed(row.mu, row.sigma), "games": row.games}
                for row in rows
            },
            "games": [
                {
                    "table": table_id,
                    "game": game,
                    "finished_at": _iso(finished_at),
                    "place": seat.place,
                    "rating_change": seat.rating_change,
                }
                for table_id, game, finished_at, seat in played
            ],
        }


def leaderboard(engine: Engine, game: str, accounts: int = LEADERS_SHOWN) -> dict[str, Any]:
    """``{"game", "players": [{"username" or "bot", "rating", "games"}]}`` for ``game``, the
    best first: its ``accounts`` best rated accounts and every bot level (at its starting
    rating until it played); ``GameError`` for an unknown game."""
    name = load(game).name
    with Session(engine) as session:
        people = session.execute(
            select(AccountRow.username, RatingRow)
            .join(AccountRow, AccountRow.id == RatingRow.account_id)
            .where(RatingRow.game == name, RatingRow.games > 0)
            # The displayed rating, computed by the database so only the best are read.
            .order_by((RatingRow.mu - DEVIATIONS * RatingRow.sigma).desc(), AccountRow.username_key)
            .limit(accounts)
        ).all()
        bots = {
            row.bot: row
            for row in session.scalars(
                select(RatingRow).where(RatingRow.game == name, RatingRow.bot.in_(LEVELS))
            )
        }
    players: list[dict[str, Any]] = [
        {"username": username, "rating": displayed(row.mu, row.sigma), "games": row.games}
        for username, row in people
    ]
    for level in LEVELS:
        row = bots.get(level)
        if row is None:
            skill = bot_start(name, level)
            players.append({"bot": level, "rating": skill.rating, "games": 0})
        else:
            players.append(
                {"bot": level, "rating": displayed(row.mu, row.sigma), "games": row.games}
            )
    players.sort(key=lambda entry: -entry["rating"])
    return {"game": name, "players": players}


def _iso(moment: datetime | None) -> str | None:
    """A stored moment as ISO 8601 in UTC (SQLite hands back naive datetimes)."""
    if moment is None:
        return None
    if moment.tzinfo is None:
        moment = moment.replace(tzinfo=UTC)
    return moment.isoformat()
