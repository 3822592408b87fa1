"""People at the table: the hints setting of a table and its chat (names and auto_pass
live in the seats' JSON, whose old rows read as no name and auto_pass on)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0003"
down_revision = "0002"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the hints column and the chat table."""
    op.add_column("parlour_tables", sa.Column("hints", sa.Boolean, nullable=True))
    op.create_table(
        "parlour_chat",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("table_id", sa.String(32), sa.ForeignKey("parlour_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
        sa.Column("name", sa.String(64), nullable=True),
        sa.Column("text", sa.Text, nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_parlour_chat_table_id", "parlour_chat", ["table_id"])


def downgrade() -> None:
    """Drop the chat table and the hints column."""
    op.drop_index("ix_parlour_chat_table_id", "parlour_chat")
    op.drop_table("parlour_chat")
    with op.batch_alter_table("parlour_tables") as table:  # SQLite rebuilds the table
        table.drop_column("hints")
