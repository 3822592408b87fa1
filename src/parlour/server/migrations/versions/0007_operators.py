"""Run it for a community: public or private tables, accounts' roles, bans and mutes, chat
lines deleted by an admin, and players' reports."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0007"
down_revision = "0006"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Add the new columns (older tables: private; older accounts: players, neither banned
    nor muted) and the reports' table."""
    op.add_column("parlour_tables", sa.Column("public", sa.Boolean, nullable=True))
    op.add_column(
        "parlour_accounts",
        sa.Column("role", sa.String(16), nullable=False, server_default="player"),
    )
    op.add_column(
        "parlour_accounts", sa.Column("banned_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column(
        "parlour_accounts", sa.Column("muted_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.add_column(
        "parlour_chat", sa.Column("deleted_at", sa.DateTime(timezone=True), nullable=True)
    )
    op.create_table(
        "parlour_reports",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column(
            "reporter_id",
            sa.Integer,
            sa.ForeignKey("parlour_accounts.id", ondelete="SET NULL"),
            nullable=True,
        ),
        sa.Column("table_id", sa.String(32), nullable=True),
        sa.Column("chat_id", sa.Integer, nullable=True),
        sa.Column("subject", sa.String(64), nullable=True),
        sa.Column("reason", sa.Text, nullable=False),
        sa.Column("resolved_at", sa.DateTime(timezone=True), nullable=True),
    )
    op.create_index("ix_parlour_reports_open", "parlour_reports", ["resolved_at", "created_at"])


def downgrade() -> None:
    """Drop the reports' table and the new columns."""
    op.drop_index("ix_parlour_reports_open", "parlour_reports")
    op.drop_table("parlour_reports")
    with op.batch_alter_table("parlour_chat") as chat:  # SQLite rebuilds the table
        chat.drop_column("deleted_at")
    with op.batch_alter_table("parlour_accounts") as accounts:
        accounts.drop_column("muted_at")
        accounts.drop_column("banned_at")
        accounts.drop_column("role")
    with op.batch_alter_table("parlour_tables") as tables:
        tables.drop_column("public")
