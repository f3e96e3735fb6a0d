"""Tables (header JSON), their journal entries (primary key table + version), seat tokens.

Revision ID: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0001"
down_revision = None
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "okgin_tables",
        sa.Column("id", sa.String(64), primary_key=True),
        sa.Column("header", sa.Text, nullable=False),
        sa.Column("finished", sa.Boolean, nullable=False, server_default=sa.false()),
        sa.Column("created", sa.Float, nullable=False),
    )
    op.create_table(
        "okgin_entries",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("okgin_tables.id"), primary_key=True),
        sa.Column("version", sa.Integer, primary_key=True, autoincrement=False),
        sa.Column("entry", sa.Text, nullable=False),
    )
    op.create_table(
        "okgin_tokens",
        sa.Column("token_hash", sa.String(64), primary_key=True),
        sa.Column("table_id", sa.String(64), sa.ForeignKey("okgin_tables.id"), nullable=False),
        sa.Column("seat", sa.Integer, nullable=False),
    )
    op.create_index("okgin_tokens_table", "okgin_tokens", ["table_id"])


def downgrade() -> None:
    op.drop_index("okgin_tokens_table", "okgin_tokens")
    op.drop_table("okgin_tokens")
    op.drop_table("okgin_entries")
    op.drop_table("okgin_tables")
