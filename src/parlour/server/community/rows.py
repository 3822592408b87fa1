"""The database rows of accounts, sessions, failed sign-ins, ratings and the seats accounts
hold (migration 0005), of "Play now" (0006) and of players' reports (0007); the tables' own
rows are in ``store.py``."""

from __future__ import annotations

from datetime import datetime

from sqlalchemy import (
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    String,
    Text,
    UniqueConstraint,
)
from sqlalchemy.orm import Mapped, mapped_column

from ..base import Base

__all__ = [
    "AccountRow",
    "AccountSeatRow",
    "MatchTicketRow",
    "RatingRow",
    "ReportRow",
    "SessionRow",
    "SignInFailureRow",
]


class AccountRow(Base):
    """An account: its name as chosen, the name's key for uniqueness (lower case), its
    password's argon2id hash, and when it was made."""

    __tablename__ = "parlour_accounts"
    # A deleted account's id is never given to a new one (SQLite would reuse the last id).
    __table_args__ = {"sqlite_autoincrement": True}

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username: Mapped[str] = mapped_column(String(20))
    username_key: Mapped[str] = mapped_column(String(20), unique=True)
    password_hash: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    # Migration 0007: "player" or "admin"; when an admin banned (no sign-in, no seat) or muted
    # (no chat) the account, or null.
    role: Mapped[str] = mapped_column(String(16), default="player", server_default="player")
    banned_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    muted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    """A signed-in session: only the SHA-256 of its id is stored, so whoever reads the
    database cannot use a session."""

    __tablename__ = "parlour_sessions"

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("parlour_accounts.id", ondelete="CASCADE"), index=True
    )
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class SignInFailureRow(Base):
    """A failed sign-in: for which username key, from which address, and when (the
    throttles count these in a window)."""

    __tablename__ = "parlour_signin_failures"
    __table_args__ = (
        Index("ix_parlour_signin_failures_username", "username_key", "at"),
        Index("ix_parlour_signin_failures_address", "address", "at"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    username_key: Mapped[str] = mapped_column(String(64))
    address: Mapped[str] = mapped_column(String(64))
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True))


class RatingRow(Base):
    """One player's rating for one game: an account's, or a bot level's (``bot``), as an
    OpenSkill mean and deviation, with the number of rated games behind it."""

    __tablename__ = "parlour_ratings"
    __table_args__ = (
        UniqueConstraint("account_id", "game", name="uq_parlour_ratings_account"),
        UniqueConstraint("bot", "game", name="uq_parlour_ratings_bot"),
    )

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("parlour_accounts.id", ondelete="CASCADE"), nullable=True
    )
    bot: Mapped[str | None] = mapped_column(String(32), nullable=True)
    game: Mapped[str] = mapped_column(String(64))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)


class AccountSeatRow(Base):
    """A seat an account holds at a table, and once a rated game ends its place and rating
    change (the profile's history and the lobby's "your tables" read these)."""

    __tablename__ = "parlour_account_seats"

    table_id: Mapped[str] = mapped_column(
        String(32), ForeignKey("parlour_tables.id"), primary_key=True
    )
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    account_id: Mapped[int] = mapped_column(
        Integer, ForeignKey("parlour_accounts.id", ondelete="CASCADE"), index=True
    )
    # Whether the seat counts for ratings (taken before the game, at a rated table); a game
    # claimed by a guest at its end is in the history but not in the ratings.
    rated: Mapped[bool] = mapped_column(default=False)
    place: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rating_change: Mapped[float | None] = mapped_column(Float, nullable=True)


class MatchTicketRow(Base):
    """A request to "Play now" (migration 0006): who asks (an account, or a guest's name),
    for which game, table size (null: any) and rated or not, with bots after how many
    seconds (null: never); once seated, the table, seat and that seat's token, which the
    ticket's holder reads once seated (the ticket id is stored hashed, as sessions are)."""

    __tablename__ = "parlour_match_tickets"
    __table_args__ = (Index("ix_parlour_match_tickets_waiting", "status", "game", "created_at"),)

    id_hash: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int | None] = mapped_column(Integer, nullable=True)
    rated: Mapped[bool] = mapped_column(default=False)
    bots_after: Mapped[float | None] = mapped_column(Float, nullable=True)
    account_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("parlour_accounts.id", ondelete="CASCADE"), nullable=True
    )
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    # "waiting", "seated" or "cancelled".
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    token: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seated_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class ReportRow(Base):
    """A report a player made (migration 0007): of a chat line, a table or a player (by the
    name shown), with the reason given; an admin sees the open ones and resolves them."""

    __tablename__ = "parlour_reports"
    __table_args__ = (Index("ix_parlour_reports_open", "resolved_at", "created_at"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))
    reporter_id: Mapped[int | None] = mapped_column(
        Integer, ForeignKey("parlour_accounts.id", ondelete="SET NULL"), nullable=True
    )
    table_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    chat_id: Mapped[int | None] = mapped_column(Integer, nullable=True)
    subject: Mapped[str | None] = mapped_column(String(64), nullable=True)
    reason: Mapped[str] = mapped_column(Text)
    resolved_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
