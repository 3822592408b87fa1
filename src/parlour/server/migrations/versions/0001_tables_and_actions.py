"""Tables and their append-only actions."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Create the tables and actions tables."""
    op.create_table(
        "parlour_tables",
        sa.Column("id", sa.String(32), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=False),
        sa.Column("seed", sa.BigInteger, nullable=False),
        sa.Column("options", sa.JSON, nullable=False),
        sa.Column("seats", sa.JSON, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("finished_at", sa.DateTime(timezone=True), nullable=True),
        sa.Column("scores", sa.JSON, nullable=True),
        sa.Column("winners", sa.JSON, nullable=True),
        sa.Column("rematch_of", sa.String(32), nullable=True),
        sa.Column("version", sa.String(32), nullable=True),
    )
    op.create_index("ix_parlour_tables_created_at", "parlour_tables", ["created_at"])
    op.create_table(
        "parlour_actions",
        sa.Column("table_id", sa.String(32), sa.ForeignKey("parlour_tables.id"), primary_key=True),
        sa.Column("seq", sa.Integer, primary_key=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )


def downgrade() -> None:
    """Drop both tables."""
    op.drop_table("parlour_actions")
    op.drop_index("ix_parlour_tables_created_at", "parlour_tables")
    op.drop_table("parlour_tables")
