"""Seat tokens: made here, and kept in the database only as their hash."""

from __future__ import annotations

import hashlib
import secrets

__all__ = ["hash_token", "new_token"]


def new_token() -> str:
    """A fresh seat token: 192 random bits, URL-safe."""
    return secrets.token_urlsafe(24)


def hash_token(token: str) -> str:
    """What the database keeps of a token (a leaked database opens no seat)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()
