"""Alembic's entry point: migrate on the connection ``store.migrate`` hands over."""

from __future__ import annotations

from alembic import context

from parlour.server import store  # noqa: F401  (its row classes, and the accounts', join Base)
from parlour.server.base import Base

connection = context.config.attributes.get("connection")
if connection is None:
    raise RuntimeError("run the migrations through parlour.server.store.migrate")
context.configure(connection=connection, target_metadata=Base.metadata)
with context.begin_transaction():
    context.run_migrations()
