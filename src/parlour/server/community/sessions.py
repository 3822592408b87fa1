"""Server-side sessions: a random id in the browser's cookie, only its SHA-256 in the
database, so a session signed out (or read from a stolen database) is dead on every
server process (API.md, "The session")."""

from __future__ import annotations

import hashlib
import secrets
from datetime import UTC, datetime, timedelta

from sqlalchemy import Engine, delete, select, update
from sqlalchemy.orm import Session

from .accounts import Account, account_of
from .rows import AccountRow, SessionRow

__all__ = ["COOKIE", "LIFETIME", "Sessions", "session_hash"]

# The cookie that carries the session id.
COOKIE = "parlour_session"
# A session unused this long is dead; each use moves its end (at most once a day, so a
# request seldom writes).
LIFETIME = timedelta(days=30)
RENEW_AFTER = timedelta(days=1)


def session_hash(session_id: str) -> str:
    """How a session id is stored and looked up: its SHA-256, in hex."""
    return hashlib.sha256(session_id.encode()).hexdigest()


def _aware(moment: datetime) -> datetime:
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


class Sessions:
    """The sessions in one database; every method is blocking (call it from a thread)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine

    def open(self, account: Account) -> str:
        """A new session of ``account``: its id, for the cookie only (never logged)."""
        session_id = secrets.token_urlsafe(32)
        now = datetime.now(UTC)
        with Session(self.engine) as session, session.begin():
            session.add(
                SessionRow(
                    id_hash=session_hash(session_id),
                    account_id=account.id,
                    created_at=now,
                    expires_at=now + LIFETIME,
                )
            )
            # Dead sessions of this account go when a new one opens: the table stays small.
            session.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account.id, SessionRow.expires_at < now
                )
            )
        return session_id

    def account(self, session_id: str | None) -> Account | None:
        """The account a live session belongs to, or ``None`` (no, unknown or dead session)."""
        if not session_id:
            return None
        digest = session_hash(session_id)
        now = datetime.now(UTC)
        with Session(self.engine) as session:
            found = session.execute(
                select(AccountRow, SessionRow.expires_at)
                .join(SessionRow, SessionRow.account_id == AccountRow.id)
                .where(SessionRow.id_hash == digest)
            ).first()
            if found is None:
                return None
            row, expires = found
            expires = _aware(expires)
            if expires <= now:
                return None
            account = account_of(row)
        if expires - now < LIFETIME - RENEW_AFTER:
            with Session(self.engine) as session, session.begin():
                session.execute(
                    update(SessionRow)
                    .where(SessionRow.id_hash == digest)
                    .values(expires_at=now + LIFETIME)
                )
        return account

    def close(self, session_id: str | None) -> None:
        """End a session on the server (signing out): no process accepts it again."""
        if session_id:
            with Session(self.engine) as session, session.begin():
                session.execute(
                    delete(SessionRow).where(SessionRow.id_hash == session_hash(session_id))
                )
