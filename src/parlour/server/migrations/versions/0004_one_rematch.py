"""One rematch a table: ``rematch_of`` is unique, so two server processes asked for the
rematch of one table at once open it once."""

from __future__ import annotations

from alembic import op

revision = "0004"
down_revision = "0003"
branch_labels = None
depends_on = None


def upgrade() -> None:
    """Index ``rematch_of`` as unique (many tables have none: NULLs do not clash)."""
    op.create_index("ix_parlour_tables_rematch_of", "parlour_tables", ["rematch_of"], unique=True)


def downgrade() -> None:
    """Drop the index."""
    op.drop_index("ix_parlour_tables_rematch_of", "parlour_tables")
