"""Moderation: accounts' roles, bans and mutes, players' reports, and the lists an admin
reads (docs/server.md, "Admin"). Shared by ``parlour admin`` and the ``/admin`` page; every
method is blocking (call it from a thread)."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any, NamedTuple

from sqlalchemy import Engine, func, select, update
from sqlalchemy.orm import Session

from ..store import ActionRow, ChatRow, TableRow
from .accounts import AccountError, username_key
from .rows import AccountRow, ReportRow

__all__ = [
    "ACCOUNT_ACTIONS",
    "ADMIN",
    "BANNED",
    "MUTED",
    "REASON_LIMIT",
    "REPORTS_PER_HOUR",
    "Moderation",
    "ModerationError",
    "Report",
    "Standing",
    "standing",
]

# The role that may use the admin tools (the other: "player").
ADMIN = "admin"
# What an admin may do to an account (``/api/admin/accounts/NAME/ACTION``, ``parlour admin
# accounts ACTION NAME``).
ACCOUNT_ACTIONS = ("ban", "unban", "mute", "unmute", "make-admin")
# Why a banned account is refused everything it asks for, and a muted one its chat.
BANNED = "this account is banned: it can neither sign in, sit nor chat"
MUTED = "this account is muted: it cannot chat"
# The longest reason a report gives, and how many reports one account may make an hour.
REASON_LIMIT = 500
REPORTS_PER_HOUR = 10
# How many rows an admin's list shows (the newest).
ROWS = 200


class ModerationError(AccountError):
    """A refused moderation request: its HTTP status and the sentence sent back (the CLI
    prints the sentence)."""


class Standing(NamedTuple):
    """Whether an account is banned and whether it is muted."""

    banned: bool
    muted: bool


def standing(engine: Engine, account_id: int) -> Standing:
    """Whether the account is banned or muted (a deleted account: neither)."""
    with Session(engine) as session:
        found = session.execute(
            select(AccountRow.banned_at, AccountRow.muted_at).where(AccountRow.id == account_id)
        ).first()
    if found is None:
        return Standing(False, False)
    return Standing(found[0] is not None, found[1] is not None)


def _aware(moment: datetime | None) -> str | None:
    if moment is None:
        return None
    return (moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)).isoformat()


@dataclass(frozen=True)
class Report:
    """A player's report as an admin reads it."""

    id: int
    created_at: str
    reporter: str | None
    table: str | None
    chat: int | None
    subject: str | None
    reason: str
    chat_text: str | None
    resolved_at: str | None

    def to_json(self) -> dict[str, Any]:
        """The report as ``GET /api/admin/reports`` answers it."""
        return {
            "id": self.id,
            "created_at": self.created_at,
            "reporter": self.reporter,
            "table": self.table,
            "chat": self.chat,
            "chat_text": self.chat_text,
            "subject": self.subject,
            "reason": self.reason,
            "resolved_at": self.resolved_at,
        }


# A reported player's name: what the table or the profile shows (a seat's or a username).
SUBJECT = re.compile(r"\S(.{0,62}\S)?")


class Moderation:
    """The admin's reads and writes on accounts and reports in one database."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    # -- accounts ---------------------------------------------------------------------------

    def accounts(self, limit: int = ROWS) -> list[dict[str, Any]]:
        """The newest accounts, newest first: name, role, when joined, banned or muted."""
        with Session(self.engine) as session:
            rows = session.scalars(
                select(AccountRow).order_by(AccountRow.created_at.desc()).limit(limit)
            ).all()
            return [
                {
                    "username": row.username,
                    "role": row.role,
                    "joined": _aware(row.created_at),
                    "banned_at": _aware(row.banned_at),
                    "muted_at": _aware(row.muted_at),
                }
                for row in rows
            ]

    def _account_id(self, session: Session, username: Any) -> int:
        if not isinstance(username, str):
            raise ModerationError(400, "name the account by its username")
        found = session.scalar(
            select(AccountRow.id).where(AccountRow.username_key == username_key(username))
        )
        if found is None:
            raise ModerationError(404, f"there is no account {username!r}")
        return int(found)

    def set_banned(self, username: Any, banned: bool) -> None:
        """Ban (or unban) an account: its sessions stay, and every request they make is
        refused with ``BANNED`` on every process, as is signing in."""
        with Session(self.engine) as session, session.begin():
            account_id = self._account_id(session, username)
            moment = datetime.now(UTC) if banned else None
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(banned_at=moment)
            )

    def set_muted(self, username: Any, muted: bool) -> None:
        """Mute (or unmute) an account: a muted account cannot chat."""
        with Session(self.engine) as session, session.begin():
            account_id = self._account_id(session, username)
            moment = datetime.now(UTC) if muted else None
            session.execute(
                update(AccountRow).where(AccountRow.id == account_id).values(muted_at=moment)
            )

    def set_role(self, username: Any, role: str) -> None:
        """Give an account a role (``ADMIN`` or ``"player"``)."""
        with Session(self.engine) as session, session.begin():
            account_id = self._account_id(session, username)
            session.execute(update(AccountRow).where(AccountRow.id == account_id).values(role=role))

    def apply(self, username: Any, action: str) -> None:
        """Do ``action``, one of ``ACCOUNT_ACTIONS``, to the account ``username``."""
        if action in ("ban", "unban"):
            self.set_banned(username, action == "ban")
        elif action in ("mute", "unmute"):
            self.set_muted(username, action == "mute")
        elif action == "make-admin":
            self.set_role(username, ADMIN)
        else:
            raise ModerationError(400, f"no such action {action!r}: {', '.join(ACCOUNT_ACTIONS)}")

    # -- tables -----------------------------------------------------------------------------

    def tables(self, limit: int = ROWS) -> list[dict[str, Any]]:
        """The newest tables, newest first, private ones too: game, status, moves, seats'
        accounts, when made and last moved."""
        moves = (
            select(
                ActionRow.table_id,
                func.count().label("moves"),
                func.max(ActionRow.created_at).label("moved_at"),
            )
            .group_by(ActionRow.table_id)
            .subquery()
        )
        with Session(self.engine) as session:
            rows = session.execute(
                select(TableRow, moves.c.moves, moves.c.moved_at)
                .outerjoin(moves, moves.c.table_id == TableRow.id)
                .order_by(TableRow.created_at.desc())
                .limit(limit)
            ).all()
            return [
                {
                    "id": row.id,
                    "game": row.game,
                    "players": row.players,
                    "status": _status(row),
                    "public": bool(row.public),
                    "moves": int(count or 0),
                    "created_at": _aware(row.created_at),
                    "moved_at": _aware(moved_at),
                    "finished_at": _aware(row.finished_at),
                    "names": [_seat_name(seat) for seat in row.seats],
                }
                for row, count, moved_at in rows
            ]

    # -- reports ----------------------------------------------------------------------------

    def report(
        self,
        reporter_id: int,
        reason: Any,
        table_id: str | None = None,
        chat_id: int | None = None,
        subject: Any = None,
    ) -> int:
        """Store a report of a chat line or of a player (by the name shown, at a table or
        on a profile): its id. ``ModerationError``: 400 for a bad report, 404 for a line
        that is not there, 429 past ``REPORTS_PER_HOUR`` an hour."""
        if not isinstance(reason, str) or not reason.strip():
            raise ModerationError(400, "a report needs a reason: what is wrong, in a sentence")
        reason = reason.strip()
        if len(reason) > REASON_LIMIT:
            raise ModerationError(400, f"a reason has at most {REASON_LIMIT} characters")
        if chat_id is None and subject is None:
            raise ModerationError(400, 'report a chat line ("chat": id) or a player ("player")')
        if subject is not None and (not isinstance(subject, str) or not SUBJECT.fullmatch(subject)):
            raise ModerationError(400, "a reported player is named as the page shows the name")
        now = datetime.now(UTC)
        with Session(self.engine) as session, session.begin():
            recent = session.scalar(
                select(func.count())
                .select_from(ReportRow)
                .where(
                    ReportRow.reporter_id == reporter_id,
                    ReportRow.created_at > now - timedelta(hours=1),
                )
            )
            if (recent or 0) >= REPORTS_PER_HOUR:
                raise ModerationError(
                    429, f"at most {REPORTS_PER_HOUR} reports an hour: an admin reads them all"
                )
            if chat_id is not None:
                line = session.get(ChatRow, chat_id)
                if line is None or line.deleted_at is not None:
                    raise ModerationError(404, f"there is no chat line {chat_id}")
                table_id, subject = line.table_id, line.name if subject is None else subject
            elif table_id is not None and session.get(TableRow, table_id) is None:
                raise ModerationError(404, f"there is no table {table_id!r}")
            row = ReportRow(
                created_at=now,
                reporter_id=reporter_id,
                table_id=table_id,
                chat_id=chat_id,
                subject=subject,
                reason=reason,
            )
            session.add(row)
            session.flush()
            return int(row.id)

    def reports(self, open_only: bool = True, limit: int = ROWS) -> list[Report]:
        """The reports, oldest first (``open_only``: those not resolved yet), with the
        reporter's username and the reported line's text."""
        query = (
            select(ReportRow, AccountRow.username, ChatRow.text)
            .outerjoin(AccountRow, AccountRow.id == ReportRow.reporter_id)
            .outerjoin(ChatRow, ChatRow.id == ReportRow.chat_id)
            .order_by(ReportRow.created_at, ReportRow.id)
            .limit(limit)
        )
        if open_only:
            query = query.where(ReportRow.resolved_at.is_(None))
        with Session(self.engine) as session:
            rows = session.execute(query).all()
            return [
                Report(
                    row.id,
                    _aware(row.created_at) or "",
                    reporter,
                    row.table_id,
                    row.chat_id,
                    row.subject,
                    row.reason,
                    text,
                    _aware(row.resolved_at),
                )
                for row, reporter, text in rows
            ]

    def resolve(self, report_id: Any) -> None:
        """Mark an open report resolved; ``ModerationError`` (404) if there is none open."""
        if isinstance(report_id, bool) or not isinstance(report_id, int):
            raise ModerationError(400, "name the report by its number")
        with Session(self.engine) as session, session.begin():
            done = session.scalar(
                update(ReportRow)
                .where(ReportRow.id == report_id, ReportRow.resolved_at.is_(None))
                .values(resolved_at=datetime.now(UTC))
                .returning(ReportRow.id)
            )
        if done is None:
            raise ModerationError(404, f"there is no open report {report_id}")


def _seat_name(seat: dict[str, Any]) -> str:
    """Who sits at a stored seat, in a word: the name given, the bot, or what it is."""
    found = seat.get("name") or seat.get("bot")
    if found:
        return str(found)
    return "open seat" if seat.get("open") else "guest"


def _status(row: TableRow) -> str:
    """A stored table's status as the admin's list shows it."""
    if row.stopped_at is not None:
        return "stopped"
    if row.finished_at is not None:
        return "over"
    return "waiting" if row.waiting else "playing"
