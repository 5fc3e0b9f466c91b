"""Quick match: the queue of people waiting for a game, in the database so that every worker of a cluster
matches from the same queue.

Revision ID: 0009
Revises: 0008
Create Date: 2026-12-06

One row per account (docs/accounts.md, "Quick match"): waiting for a game and a player count, then matched
to a table and a seat.
"""

from __future__ import annotations

from collections.abc import Sequence

import sqlalchemy as sa
from alembic import op

revision: str = "0009"
down_revision: str | Sequence[str] | None = "0008"
branch_labels: str | Sequence[str] | None = None
depends_on: str | Sequence[str] | None = None


def upgrade() -> None:
    op.create_table(
        "quick_queue",
        sa.Column("user_id", sa.String(32), nullable=False),
        sa.Column("game", sa.String(64), nullable=False),
        sa.Column("players", sa.Integer(), nullable=False),
        sa.Column("rating", sa.Float(), nullable=False),
        sa.Column("bots_after_s", sa.Integer(), nullable=True),
        sa.Column("status", sa.String(16), nullable=False),
        sa.Column("table_id", sa.String(64), nullable=True),
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("seen_at", sa.DateTime(timezone=True), nullable=False),
        sa.Column("updated_at", sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(["user_id"], ["users.id"], name=op.f("fk_quick_queue_user_id_users"),
                                ondelete="CASCADE"),
        sa.PrimaryKeyConstraint("user_id", name=op.f("pk_quick_queue")),
    )
    op.create_index("ix_quick_queue_game_players_status", "quick_queue", ["game", "players", "status"])


def downgrade() -> None:
    op.drop_index("ix_quick_queue_game_players_status", table_name="quick_queue")
    op.drop_table("quick_queue")
