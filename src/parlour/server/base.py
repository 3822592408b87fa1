"""The declarative base that every server table's row class shares (one metadata for the
migrations)."""

from __future__ import annotations

from sqlalchemy.orm import DeclarativeBase

__all__ = ["Base"]


class Base(DeclarativeBase):
    """The declarative base of the server's tables."""
