"""Ratings and the public lobby: rated and public tables, a rating per person or bot and game, and each
rated game's change.

Revision ID: 0008
Revises: 0007
Create Date: 2026-12-05

A rated table's result moves the OpenSkill (Plackett-Luce) ratings of its players in the same transaction
that marks the table over (docs/accounts.md, "Ratings"); `rating_done` makes that happen once.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0008"
down_revision: str | Sequence[str] | None = "0007"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    with op.batch_alter_table("tables") as batch:
        batch.add_column(sa.Column("rated", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("rating_done", sa.Boolean(), nullable=False, server_default=sa.false()))
        batch.add_column(sa.Column("public", sa.Boolean(), nullable=False, server_default=sa.false()))
    op.create_index("ix_tables_public_status", "tables", ["public", "status"])
    op.create_table(
        "ratings",
        sa.Column("subject", sa.String(96), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("games", sa.Integer(), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.PrimaryKeyConstraint("subject", "game", name=op.f("pk_ratings")),
    )
    op.create_index("ix_ratings_game", "ratings", ["game"])
    op.create_table(
        "rating_history",
        sa.Column("id", sa.Integer(), autoincrement=True, nullable=False),
        sa.Column("subject", sa.String(96), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=False),
        sa.Column("mu", sa.Float(), nullable=False),
        sa.Column("sigma", sa.Float(), nullable=False),
        sa.Column("place", sa.Integer(), nullable=False),
        sa.Column("at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["table_id"], ["tables.id"], name=op.f("fk_rating_history_table_id_tables"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("id", name=op.f("pk_rating_history")),
        sa.UniqueConstraint("subject", "table_id", name=op.f("uq_rating_history_subject_table_id")),
    )
    op.create_index("ix_rating_history_subject_game", "rating_history", ["subject", "game"])


def downgrade() -> None:
    op.drop_index("ix_rating_history_subject_game", table_name="rating_history")
    op.drop_table("rating_history")
    op.drop_index("ix_ratings_game", table_name="ratings")
    op.drop_table("ratings")
    op.drop_index("ix_tables_public_status", table_name="tables")
    with op.batch_alter_table("tables") as batch:
        batch.drop_column("public")
        batch.drop_column("rating_done")
        batch.drop_column("rated")
