"""Cluster mode: live workers and the owner of each table.

Revision ID: 0006
Revises: 0005
Create Date: 2026-12-04

With several server processes on one PostgreSQL database (docs/deploy.md), each table is changed by one
worker only: the one named in `table_owners`, while its `workers` row has not expired.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0006"
down_revision: str | Sequence[str] | None = "0005"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "workers",
        sa.Column("id", sa.String(64), nullable=False),
        sa.Column("host", sa.String(255), nullable=False),
        sa.Column("pid", sa.Integer(), nullable=False),
        sa.Column("started_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("expires_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_workers")),
    )
    op.create_table(
        "table_owners",
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("worker_id", sa.String(64), nullable=False),
        sa.Column("since", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_table_owners_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("table_id", name=op.f("pk_table_owners")),
    )
    op.create_index("ix_table_owners_worker_id", "table_owners", ["worker_id"])


def downgrade() -> None:
    op.drop_index("ix_table_owners_worker_id", table_name="table_owners")
    op.drop_table("table_owners")
    op.drop_table("workers")
