"""Players who come back: accounts, their sessions (ids stored hashed), failed sign-ins for
the throttles, ratings (accounts' and bot levels'), the seats accounts hold, and the tables'
new facts (rated, creator, waiting for open seats, rating changes)."""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0005"
down_revision = "0004"
branch_labels = None
depends_on = None

ACCOUNT = "parlour_accounts.id"


def upgrade() -> None:
    """Add the accounts' tables and the tables' new columns (older tables: unrated, no
    creator, not waiting)."""
    op.create_table(
        "parlour_accounts",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username", sa.String(20), nullable=False),
        sa.Column("username_key", sa.String(20), nullable=False, unique=True),
        sa.Column("password_hash", sa.String(200), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sqlite_autoincrement=True,
    )
    op.create_table(
        "parlour_sessions",
        sa.Column("id_hash", sa.String(64), primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=False
        ),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index("ix_parlour_sessions_account_id", "parlour_sessions", ["account_id"])
    op.create_table(
        "parlour_signin_failures",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column("username_key", sa.String(64), nullable=False),
        sa.Column("address", sa.String(64), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
    )
    op.create_index(
        "ix_parlour_signin_failures_username", "parlour_signin_failures", ["username_key", "at"]
    )
    op.create_index(
        "ix_parlour_signin_failures_address", "parlour_signin_failures", ["address", "at"]
    )
    op.create_table(
        "parlour_ratings",
        sa.Column("id", sa.Integer, primary_key=True, autoincrement=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=True
        ),
        sa.Column("bot", sa.String(32), nullable=True),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float, nullable=False),
        sa.Column("sigma", sa.Float, nullable=False),
        sa.Column("games", sa.Integer, nullable=False),
        sa.UniqueConstraint("account_id", "game", name="uq_parlour_ratings_account"),
        sa.UniqueConstraint("bot", "game", name="uq_parlour_ratings_bot"),
    )
    op.create_table(
        "parlour_account_seats",
        sa.Column(
            "table_id",
            sa.String(32),
            sa.ForeignKey("parlour_tables.id"),
            primary_key=True,
        ),
        sa.Column("seat", sa.Integer, primary_key=True),
        sa.Column(
            "account_id", sa.Integer, sa.ForeignKey(ACCOUNT, ondelete="CASCADE"), nullable=False
        ),
        sa.Column("rated", sa.Boolean, nullable=False),
        sa.Column("place", sa.Integer, nullable=True),
        sa.Column("rating_change", sa.Float, nullable=True),
    )
    op.create_index("ix_parlour_account_seats_account_id", "parlour_account_seats", ["account_id"])
    op.add_column("parlour_tables", sa.Column("rated", sa.Boolean, nullable=True))
    op.add_column("parlour_tables", sa.Column("creator_id", sa.Integer, nullable=True))
    op.add_column("parlour_tables", sa.Column("waiting", sa.Boolean, nullable=True))
    op.add_column("parlour_tables", sa.Column("rating_changes", sa.JSON, nullable=True))
    op.create_index("ix_parlour_tables_waiting", "parlour_tables", ["waiting"])


def downgrade() -> None:
    """Drop the accounts' tables and the tables' new columns."""
    op.drop_index("ix_parlour_tables_waiting", "parlour_tables")
    with op.batch_alter_table("parlour_tables") as table:  # SQLite rebuilds the table
        for column in ("rating_changes", "waiting", "creator_id", "rated"):
            table.drop_column(column)
    op.drop_index("ix_parlour_account_seats_account_id", "parlour_account_seats")
    op.drop_table("parlour_account_seats")
    op.drop_table("parlour_ratings")
    op.drop_index("ix_parlour_signin_failures_address", "parlour_signin_failures")
    op.drop_index("ix_parlour_signin_failures_username", "parlour_signin_failures")
    op.drop_table("parlour_signin_failures")
    op.drop_index("ix_parlour_sessions_account_id", "parlour_sessions")
    op.drop_table("parlour_sessions")
    op.drop_table("parlour_accounts")
