"""Alembic migrations of the server's schema; ``store.migrate`` runs them."""
