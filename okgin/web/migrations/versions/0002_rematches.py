"""Rematches: which table is the rematch of which (so a restarted server still offers it).

Revision ID: 0002
Revises: 0001
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

revision = "0002"
down_revision = "0001"
branch_labels = None
depends_on = None


def upgrade() -> None:
    op.create_table(
        "okgin_rematches",
        sa.Column("table_id", sa.String(64), sa.ForeignKey("okgin_tables.id"), primary_key=True),
        sa.Column(
            "rematch_id",
            sa.String(64),
            sa.ForeignKey("okgin_tables.id"),
            nullable=False,
            unique=True,
        ),
    )


def downgrade() -> None:
    op.drop_table("okgin_rematches")
