"""Turn-based play: whose decision each table waits for (with a deadline at turn-based tables), and each
account's notification choices (docs/turn-based.md).

Revision ID: 0010
Revises: 0009
Create Date: 2026-12-06
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0010"
down_revision: str | Sequence[str] | None = "0009"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "turns",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.Column("deadline", sa.DateTime(timezone=True), nullable=True),
        sa.Column("claimed_by", sa.String(64), nullable=True),
        sa.Column("claimed_until", sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_turns_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_turns")),
    )
    op.create_index("ix_turns_deadline", "turns", ["deadline"])
    op.create_table(
        "notify_settings",
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("email", sa.String(254), nullable=True),
        sa.Column("email_turns", sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_notify_settings_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_notify_settings")),
    )


def downgrade() -> None:
    op.drop_table("notify_settings")
    op.drop_index("ix_turns_deadline", table_name="turns")
    op.drop_table("turns")
