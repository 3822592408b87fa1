"""What the site holds about an account, gathered for its owner to download."""

from __future__ import annotations

from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from ..store import Store
from .accounts import Account
from .rows import AccountSeatRow, RatingRow

__all__ = ["account_data"]


def account_data(store: Store, account: Account) -> dict[str, Any]:
    """The account, its ratings, and every game it holds a seat in, with the records of
    the finished ones (an unfinished game's record would name hidden cards)."""
    with Session(store.engine) as session:
        ratings = session.scalars(
            select(RatingRow).where(RatingRow.account_id == account.id).order_by(RatingRow.game)
        ).all()
        seats = session.scalars(
            select(AccountSeatRow)
            .where(AccountSeatRow.account_id == account.id)
            .order_by(AccountSeatRow.table_id)
        ).all()
        rating_list = [
            {"game": r.game, "mu": r.mu, "sigma": r.sigma, "games": r.games} for r in ratings
        ]
        held = [(s.table_id, s.seat, s.rated, s.place, s.rating_change) for s in seats]
    games = []
    for table_id, seat, rated, place, change in held:
        info = store.get(table_id)
        if info is None:
            continue
        finished = info.finished_at
        games.append(
            {
                "table": table_id,
                "game": info.game,
                "seat": seat,
                "rated": rated,
                "created_at": info.created_at.isoformat(),
                "finished_at": finished.isoformat() if finished else None,
                "place": place,
                "rating_change": change,
                "record": info.record() if finished is not None else None,
            }
        )
    return {"account": account.to_json(), "ratings": rating_list, "games": games}
