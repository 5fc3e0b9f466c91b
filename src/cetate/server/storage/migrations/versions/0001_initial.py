"""Initial schema: tables, seats, actions, snapshots.

Revision ID: 0001
Revises:
Create Date: 2025-01-01
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0001"
down_revision: str | Sequence[str] | None = None
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "tables",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("engine_version", sa.String(32), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("options", sa.JSON(), nullable=False),
        sa.Column("seed", sa.Text(), nullable=False),  # JSON text of an int or a string (models.Seed)
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("clock", sa.JSON(none_as_null=True), nullable=True),
        sa.Column("host_token_hash", sa.String(128), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_tables")),
    )
    op.create_index("ix_tables_status", "tables", ["status"])
    op.create_index("ix_tables_host_token_hash", "tables", ["host_token_hash"])

    op.create_table(
        "seats",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("kind", sa.String(16), nullable=False),
        sa.Column("bot", sa.String(64), nullable=True),
        sa.Column("level", sa.String(16), nullable=True),
        sa.Column("name", sa.String(128), nullable=True),
        sa.Column("token_hash", sa.String(128), nullable=True),
        sa.Column("joined", sa.Boolean(), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_seats_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seat", name=op.f("pk_seats")),
    )
    op.create_index("ix_seats_token_hash", "seats", ["token_hash"])

    op.create_table(
        "actions",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("seat", sa.Integer(), nullable=False),
        sa.Column("action", sa.JSON(), nullable=False),
        sa.Column("key", sa.String(128), nullable=True),
        sa.Column("by_bot", sa.Boolean(), nullable=False),
        sa.Column("timeout", sa.Boolean(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_actions_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seq", name=op.f("pk_actions")),
        sa.UniqueConstraint("table_id", "key", name=op.f("uq_actions_table_id_key")),
    )

    op.create_table(
        "snapshots",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("state", sa.JSON(), nullable=False),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_snapshots_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", "seq", name=op.f("pk_snapshots")),
    )


def downgrade() -> None:
    op.drop_table("snapshots")
    op.drop_table("actions")
    op.drop_index("ix_seats_token_hash", table_name="seats")
    op.drop_table("seats")
    op.drop_index("ix_tables_host_token_hash", table_name="tables")
    op.drop_index("ix_tables_status", table_name="tables")
    op.drop_table("tables")
