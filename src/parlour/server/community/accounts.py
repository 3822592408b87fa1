"""Accounts: who may have which name, passwords kept only as argon2id hashes, signing in
and out, changing a password, deleting an account (API.md, "Accounts")."""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from argon2 import PasswordHasher
from argon2.exceptions import InvalidHashError, VerificationError
from sqlalchemy import Engine, delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ..store import TableRow
from .rows import AccountRow, AccountSeatRow, RatingRow, SessionRow

__all__ = [
    "DELETED_NAME",
    "PASSWORD_MAX",
    "PASSWORD_MIN",
    "WRONG",
    "Account",
    "AccountError",
    "Accounts",
    "account_of",
    "check_password",
    "check_username",
    "username_key",
]

USERNAME = re.compile(r"[A-Za-z0-9_-]{3,20}")
PASSWORD_MIN = 10
PASSWORD_MAX = 200
# How a deleted account's seats are named in the games that stay.
DELETED_NAME = "deleted player"
# The same sentence for an unknown name and a wrong password: which one it was stays unsaid.
WRONG = "that username and password do not match an account"

# argon2-cffi's defaults are argon2id with RFC 9106's second recommended parameters
# (64 MiB, 3 passes): kept as they are, so a newer release's stronger defaults apply and
# ``needs_rehash`` upgrades old hashes at the next sign-in.
HASHER = PasswordHasher()


class AccountError(Exception):
    """A refused account request: its HTTP status and the sentence sent back."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


@dataclass(frozen=True)
class Account:
    """A signed-up player: the account's id, its name as chosen, when it joined, its role
    (``"player"`` or ``"admin"``) and whether an admin banned or muted it."""

    id: int
    username: str
    joined: datetime
    role: str = "player"
    banned: bool = False
    muted: bool = False

    def to_json(self) -> dict[str, Any]:
        """The account as ``GET /api/me`` answers it."""
        return {"username": self.username, "joined": self.joined.isoformat(), "role": self.role}


def username_key(username: str) -> str:
    """The form two names are compared in: names differing only in case are one name."""
    return username.lower()


def check_username(raw: Any) -> str:
    """``raw`` if it is a valid username; ``AccountError`` (400) says why not."""
    if not isinstance(raw, str) or not USERNAME.fullmatch(raw):
        raise AccountError(
            400, "a username is 3 to 20 letters (a-z, A-Z), digits, '_' or '-', nothing else"
        )
    return raw


def _encodable(text: str) -> bool:
    # JSON may carry a lone surrogate ("\ud800"), which no hasher can encode as UTF-8.
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def check_password(raw: Any) -> str:
    """``raw`` if it is an acceptable password; ``AccountError`` (400) says why not."""
    if not isinstance(raw, str) or not PASSWORD_MIN <= len(raw) <= PASSWORD_MAX:
        raise AccountError(400, f"a password is {PASSWORD_MIN} to {PASSWORD_MAX} characters long")
    if not _encodable(raw):
        raise AccountError(400, "a password is text: it holds a character that is not")
    return raw


def _aware(moment: datetime) -> datetime:
    # SQLite hands back naive datetimes for what was stored in UTC.
    return moment if moment.tzinfo is not None else moment.replace(tzinfo=UTC)


def account_of(row: AccountRow) -> Account:
    """The account a stored row holds."""
    return Account(
        row.id,
        row.username,
        _aware(row.created_at),
        row.role,
        row.banned_at is not None,
        row.muted_at is not None,
    )


class Accounts:
    """The accounts in one database; every method is blocking (call it from a thread)."""

    def __init__(self, engine: Engine, hasher: PasswordHasher | None = None) -> None:
        self.engine = engine
        # Read when made, not imported: a test may put a cheaper hasher in ``HASHER``.
        self.hasher = hasher if hasher is not None else HASHER

    def _verify(self, password_hash: str, password: str) -> bool:
        try:
            return self.hasher.verify(password_hash, password)
        except (VerificationError, InvalidHashError):
            return False

    def create(self, username: Any, password: Any) -> Account:
        """A new account; ``AccountError``: 400 for a bad name or password, 409 taken."""
        name, secret = check_username(username), check_password(password)
        key = username_key(name)
        with Session(self.engine) as session:
            if session.scalar(select(AccountRow.id).where(AccountRow.username_key == key)):
                raise AccountError(409, f"the username {name!r} is taken")
        hashed = self.hasher.hash(secret)  # outside any transaction: it takes a while on purpose
        row = AccountRow(
            username=name, username_key=key, password_hash=hashed, created_at=datetime.now(UTC)
        )
        try:
            with Session(self.engine) as session, session.begin():
                session.add(row)
                session.flush()
                account = account_of(row)
        except IntegrityError:  # two sign-ups for one name at once: the second loses
            raise AccountError(409, f"the username {name!r} is taken") from None
        return account

    def find(self, username: str) -> Account | None:
        """The account of that name (any case), or ``None``."""
        with Session(self.engine) as session:
            row = session.scalar(
                select(AccountRow).where(AccountRow.username_key == username_key(username))
            )
            return None if row is None else account_of(row)

    def get(self, account_id: int) -> Account | None:
        """The account of that id, or ``None`` (deleted)."""
        with Session(self.engine) as session:
            row = session.get(AccountRow, account_id)
            return None if row is None else account_of(row)

    def verify(self, username: Any, password: Any) -> Account | None:
        """The account if ``password`` is its password; ``None`` otherwise, an unknown name
        taking as long as a wrong password."""
        # No account has a password outside the rules: refused before any lookup, the same
        # for every name (and a huge body costs no hashing).
        if not isinstance(username, str) or not isinstance(password, str):
            return None
        if len(password) > PASSWORD_MAX or not _encodable(password):
            return None
        with Session(self.engine) as session:
            row = session.scalar(
                select(AccountRow).where(AccountRow.username_key == username_key(username))
            )
            found = None if row is None else (row.id, row.password_hash, account_of(row))
        if found is None:
            # Hashing costs what verifying a hash of the same parameters costs: an unknown
            # name takes as long as a wrong password, with no dummy hash to make at start-up.
            self.hasher.hash(password)
            return None
        account_id, password_hash, account = found
        if not self._verify(password_hash, password):
            return None
        if self.hasher.check_needs_rehash(password_hash):
            self._store_hash(account_id, self.hasher.hash(password))
        return account

    def _store_hash(self, account_id: int, password_hash: str) -> None:
        with Session(self.engine) as session, session.begin():
            session.execute(
                update(AccountRow)
                .where(AccountRow.id == account_id)
                .values(password_hash=password_hash)
            )

    def _confirm(self, account: Account, password: Any) -> None:
        """Refuse (403) a change whose ``password`` is not the account's own."""
        if self.verify(account.username, password) is None:
            raise AccountError(403, "that is not this account's password")

    def change_password(
        self, account: Account, password: Any, new_password: Any, keep_session: str
    ) -> None:
        """Set a new password after checking the current one; every other session of the
        account is signed out (``keep_session``: the id hash of the one that asked)."""
        secret = check_password(new_password)
        self._confirm(account, password)
        self._store_hash(account.id, self.hasher.hash(secret))
        with Session(self.engine) as session, session.begin():
            session.execute(
                delete(SessionRow).where(
                    SessionRow.account_id == account.id, SessionRow.id_hash != keep_session
                )
            )

    def delete(self, account: Account, password: Any) -> list[str]:
        """Delete the account after checking its password: its sessions and ratings go,
        the seats it held are named ``DELETED_NAME`` in the games that stay (the ids of
        those tables are returned, for the live copies of them to take in)."""
        self._confirm(account, password)
        with Session(self.engine) as session, session.begin():
            held = session.execute(
                select(AccountSeatRow.table_id, AccountSeatRow.seat).where(
                    AccountSeatRow.account_id == account.id
                )
            ).all()
            for table_id, seat in held:
                table = session.get(TableRow, table_id, with_for_update=True)
                if table is None:
                    continue
                seats = [dict(entry) for entry in table.seats]
                seats[seat].pop("account", None)
                seats[seat]["name"] = DELETED_NAME
                table.seats = seats
            # Every table it opened, seated or not: SQLite may give a deleted account's id to
            # the next account made.
            session.execute(
                update(TableRow).where(TableRow.creator_id == account.id).values(creator_id=None)
            )
            # Deleted explicitly, not only by the foreign keys' cascade: SQLite files made
            # before foreign keys were switched on may not cascade.
            session.execute(delete(AccountSeatRow).where(AccountSeatRow.account_id == account.id))
            session.execute(delete(RatingRow).where(RatingRow.account_id == account.id))
            session.execute(delete(SessionRow).where(SessionRow.account_id == account.id))
            session.execute(delete(AccountRow).where(AccountRow.id == account.id))
        return [table_id for table_id, _seat in held]
