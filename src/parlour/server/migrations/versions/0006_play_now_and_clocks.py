"""Find a game and finish it: the "Play now" tickets, and each table's clock and where it
stands."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0006"
down_revision = "0005"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the tickets' table and the tables' clock columns (older tables: no clock)."""
    op.create_table(
        "parlour_match_tickets",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer, nullable=True),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("bots_after", sa.Float, nullable=True),
        sa.Column(
            "account_id",
            sa.Integer,
            sa.ForeignKey("parlour_accounts.id", ondelete="CASCADE"),
            nullable=True,
        ),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("seat", sa.Integer, nullable=True),
        sa.Column("token", sa.String(64), nullable=True),
        sa.Column("seated_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index(
        "ix_parlour_match_tickets_waiting",
        "parlour_match_tickets",
        ["status", "game", "created_at"],
    )
    op.add_column("parlour_tables", sa.Column("clock", sa.JSON, nullable=True))
    op.add_column("parlour_tables", sa.Column("clock_state", sa.JSON, nullable=True))


def downgrade() -> None:
    """Drop the clock columns and the tickets' table."""
    with op.batch_alter_table("parlour_tables") as table:  # SQLite rebuilds the table
        table.drop_column("clock_state")
        table.drop_column("clock")
    op.drop_index("ix_parlour_match_tickets_waiting", "parlour_match_tickets")
    op.drop_table("parlour_match_tickets")
