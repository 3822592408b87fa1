"""Seat tokens and table ids: made here; tokens are kept in the database only as their hash."""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["hash_token", "new_table_id", "new_token"]


def new_token() -> str:
    """A fresh seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def new_table_id() -> str:
    """A fresh table id: 48 random bits, URL-safe, never starting with ``-`` (which a command
    line such as ``parlour admin tables stop ID`` would read as an option)."""
    while (table_id := secrets.token_urlsafe(6)).startswith("-"):
        pass
    return table_id


def hash_token(token: str) -> str:
    """What the database keeps of a token (a leaked database opens no seat)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
