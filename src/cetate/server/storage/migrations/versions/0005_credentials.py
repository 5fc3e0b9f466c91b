"""Seat credentials: invite links that are spent when their person joins, and each device's own token.

Revision ID: 0005
Revises: 0004
Create Date: 2026-12-05

A seat's `token_hash` keeps what it held before: the creator's and the hot-seat tokens, and the token of
every seat of a table made before this revision (it keeps working as that seat's device credential).
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0005"
down_revision: str | Sequence[str] | None = "0004"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "credentials",
        sa.Column("token_hash", sa.String(128), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("state", sa.String(16), nullable=False),
        sa.Column("host", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_credentials_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("token_hash", name=op.f("pk_credentials")),
    )
    op.create_index("ix_credentials_table_id_seat", "credentials", ["table_id", "seat"])


def downgrade() -> None:
    op.drop_index("ix_credentials_table_id_seat", table_name="credentials")
    op.drop_table("credentials")
