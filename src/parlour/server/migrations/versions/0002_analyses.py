"""Post-game analyses: one row per finished table and seat (parlour.server.analysis)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the analyses table."""
    op.create_table(
        "parlour_analyses",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("parlour_tables.id"), primary_key=True),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column("settings", sa.JSON, nullable=False),
        sa.Column("data", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop the analyses table."""
    op.drop_table("parlour_analyses")
