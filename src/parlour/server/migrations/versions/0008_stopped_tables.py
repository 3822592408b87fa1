"""Tables an admin (or the retention policy) stopped: the game ends where it stood."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0008"
down_revision = "0007"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add when a table was stopped (older tables: never)."""
    op.add_column(
        "parlour_tables", sa.Column("stopped_at", sa.DateTime(timezone=True), nullable=True)
    )


def downgrade() -> None:
    """Drop the column."""
    with op.batch_alter_table("parlour_tables") as tables:  # SQLite rebuilds the table
        tables.drop_column("stopped_at")
