"""SQLAlchemy 2 models of the web app's storage: tables, seats, credentials, actions, snapshots, chat
(docs/server.md).

The schema itself is created by the Alembic migrations in `migrations/`; these models describe it for the
ORM and must stay in step with the latest revision (a test compares them).
"""

from __future__ import annotations

import json
from datetime import UTC, datetime
from typing import Any

from sqlalchemy import (
    JSON,
    Boolean,
    DateTime,
    Float,
    ForeignKey,
    Index,
    Integer,
    LargeBinary,
    MetaData,
    String,
    Text,
    TypeDecorator,
    UniqueConstraint,
    false,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column

STATUSES = ("waiting", "playing", "over")

# Stable constraint names, so that migrations can refer to them on every backend.
NAMING_CONVENTION = {
    "ix": "ix_%(table_name)s_%(column_0_N_name)s",
    "uq": "uq_%(table_name)s_%(column_0_N_name)s",
    "ck": "ck_%(table_name)s_%(constraint_name)s",
    "fk": "fk_%(table_name)s_%(column_0_name)s_%(referred_table_name)s",
    "pk": "pk_%(table_name)s",
}


class Seed(TypeDecorator):
    """A seed (int or str) kept as its JSON text, so that an integer of any size round-trips exactly.

    Not a `JSON` column: SQLite gives a column of type JSON numeric affinity, which turns the text of an
    integer above 2**63 into a float."""

    impl = Text
    cache_ok = True

    def process_bind_param(self, value: Any, dialect: Any) -> str | None:
        return None if value is None else json.dumps(value)

    def process_result_value(self, value: Any, dialect: Any) -> Any:
        return None if value is None else json.loads(value)


def utcnow() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    metadata = MetaData(naming_convention=NAMING_CONVENTION)


class TableRow(Base):
    """One game table: its game, setup (players, options, seed), status and host token."""

    __tablename__ = "tables"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    engine_version: Mapped[str] = mapped_column(String(32))
    players: Mapped[int] = mapped_column(Integer)
    options: Mapped[Any] = mapped_column(JSON)
    seed: Mapped[Any] = mapped_column(Seed)  # an int or a string, kept as it was given
    seed_chosen: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # by its creator
    rated: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # moves its players' ratings
    rating_done: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # ... once, at its end
    public: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())  # listed in the lobby
    status: Mapped[str] = mapped_column(String(16), default="waiting")
    clock: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)
    result: Mapped[Any] = mapped_column(JSON(none_as_null=True), nullable=True)  # the game's, once over
    host_token_hash: Mapped[str | None] = mapped_column(String(128), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (
        Index("ix_tables_status", "status"),
        Index("ix_tables_host_token_hash", "host_token_hash"),
        Index("ix_tables_public_status", "public", "status"),
    )


class SeatRow(Base):
    """One seat of a table: human, hotseat or bot; its (hashed) token and whether its player joined."""

    __tablename__ = "seats"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    kind: Mapped[str] = mapped_column(String(16))
    bot: Mapped[str | None] = mapped_column(String(64), nullable=True)
    level: Mapped[str | None] = mapped_column(String(16), nullable=True)
    name: Mapped[str | None] = mapped_column(String(128), nullable=True)
    token_hash: Mapped[str | None] = mapped_column(String(128), nullable=True)
    joined: Mapped[bool] = mapped_column(Boolean, default=False)

    __table_args__ = (Index("ix_seats_token_hash", "token_hash"),)


class ActionRow(Base):
    """One applied action: the log, numbered 1, 2, 3... per table; append-only but for taking back the
    last move (`Store.retract_action`)."""

    __tablename__ = "actions"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[Any] = mapped_column(JSON)
    key: Mapped[str | None] = mapped_column(String(128), nullable=True)
    by_bot: Mapped[bool] = mapped_column(Boolean, default=False)
    timeout: Mapped[bool] = mapped_column(Boolean, default=False)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (UniqueConstraint("table_id", "key"),)


class SnapshotRow(Base):
    """The full state (`game.to_json`) after `seq` actions."""

    __tablename__ = "snapshots"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seq: Mapped[int] = mapped_column(Integer, primary_key=True)
    state: Mapped[Any] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class ChatRow(Base):
    """One line of a table's chat, numbered 1, 2, 3... per table (written by a seat's player)."""

    __tablename__ = "chat"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    n: Mapped[int] = mapped_column(Integer, primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(128), nullable=True)
    text: Mapped[str] = mapped_column(Text)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


CREDENTIAL_KINDS = ("invite", "device")
CREDENTIAL_STATES = ("active", "spent", "revoked")


class CredentialRow(Base):
    """A token (hashed) that holds a seat: an `invite` link, `spent` once its person joined (a spent link is
    recognised, to say so), or a `device`'s own token given at that join; `revoked` when the host gave the
    seat a new link. `host`: the seat is the host's own, and the device that joins with it is the host too.
    (The creator's and hot-seat tokens, and those of tables made before these rows existed, stay in
    `seats.token_hash`.)"""

    __tablename__ = "credentials"

    token_hash: Mapped[str] = mapped_column(String(128), primary_key=True)
    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"))
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    state: Mapped[str] = mapped_column(String(16))
    host: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_credentials_table_id_seat", "table_id", "seat"),)


class WorkerRow(Base):
    """A live server process in cluster mode (`cetate serve --workers N`, docs/deploy.md): alive while
    `expires_at` is in the future; it renews that every second (`cetate.server.cluster`)."""

    __tablename__ = "workers"

    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    host: Mapped[str] = mapped_column(String(255), default="")
    pid: Mapped[int] = mapped_column(Integer, default=0)
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)


class TableOwnerRow(Base):
    """Which worker owns a table: the only process that changes it. The ownership holds while that worker
    is alive (`WorkerRow.expires_at`); the action log's writes check it (`Store.owner_id`)."""

    __tablename__ = "table_owners"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    worker_id: Mapped[str] = mapped_column(String(64))
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_table_owners_worker_id", "worker_id"),)


class UserRow(Base):
    """An account (docs/accounts.md): a unique user name (compared casefolded through `name_key`), a display
    name, an argon2 password hash and the languages the person reads. A deleted account keeps its row, with
    the name, hash and languages cleared and `deleted_at` set, so that its games stay, anonymised."""

    __tablename__ = "users"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    name: Mapped[str | None] = mapped_column(String(64), nullable=True)
    name_key: Mapped[str | None] = mapped_column(String(64), nullable=True, unique=True)
    display_name: Mapped[str | None] = mapped_column(String(128), nullable=True)
    password_hash: Mapped[str | None] = mapped_column(String(255), nullable=True)
    languages: Mapped[Any] = mapped_column(JSON)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deleted_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class SessionRow(Base):
    """A signed-in browser: the hash of its session cookie, until `expires_at` (renewed as it is used)."""

    __tablename__ = "sessions"

    token_hash: Mapped[str] = mapped_column(String(128), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(32), ForeignKey("users.id", ondelete="CASCADE"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_seen: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    agent: Mapped[str | None] = mapped_column(String(255), nullable=True)

    __table_args__ = (Index("ix_sessions_user_id", "user_id"),)


class UserSeatRow(Base):
    """A seat an account plays: taken while signed in, or claimed from the guest tokens of its browser."""

    __tablename__ = "user_seats"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer, primary_key=True)
    user_id: Mapped[str] = mapped_column(String(32), ForeignKey("users.id", ondelete="CASCADE"))
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_user_seats_user_id", "user_id"),)


class RatingRow(Base):
    """The OpenSkill rating of a person (`user:<id>`) or a bot (`bot:<name>`) at one game."""

    __tablename__ = "ratings"

    subject: Mapped[str] = mapped_column(String(96), primary_key=True)
    game: Mapped[str] = mapped_column(String(64), primary_key=True)
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    games: Mapped[int] = mapped_column(Integer, default=0)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_ratings_game", "game"),)


class RatingHistoryRow(Base):
    """A subject's rating after one rated game, and its place there."""

    __tablename__ = "rating_history"

    id: Mapped[int] = mapped_column(Integer, primary_key=True, autoincrement=True)
    subject: Mapped[str] = mapped_column(String(96))
    game: Mapped[str] = mapped_column(String(64))
    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"))
    mu: Mapped[float] = mapped_column(Float)
    sigma: Mapped[float] = mapped_column(Float)
    place: Mapped[int] = mapped_column(Integer)
    at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (UniqueConstraint("subject", "table_id"), Index("ix_rating_history_subject_game", "subject", "game"))


class PasskeyRow(Base):
    """A passkey (a WebAuthn credential) that opens an account: its credential id (base64url), COSE public key,
    signature counter and the relying-party id (the site's host name) it was made for."""

    __tablename__ = "passkeys"

    id: Mapped[str] = mapped_column(String(32), primary_key=True)
    user_id: Mapped[str] = mapped_column(String(32), ForeignKey("users.id", ondelete="CASCADE"))
    credential_id: Mapped[str] = mapped_column(String(512), unique=True)
    public_key: Mapped[bytes] = mapped_column(LargeBinary)
    sign_count: Mapped[int] = mapped_column(Integer, default=0)
    rp_id: Mapped[str] = mapped_column(String(255))
    name: Mapped[str] = mapped_column(String(64))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    last_used_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (Index("ix_passkeys_user_id", "user_id"),)


class PasskeyChallengeRow(Base):
    """The challenge of one passkey ceremony (make a passkey, or sign in with one), kept under the SHA-256 of
    the ticket the page holds until it is used once or expires."""

    __tablename__ = "passkey_challenges"

    ticket_hash: Mapped[str] = mapped_column(String(128), primary_key=True)
    purpose: Mapped[str] = mapped_column(String(16))
    user_id: Mapped[str | None] = mapped_column(String(32), nullable=True)
    challenge: Mapped[bytes] = mapped_column(LargeBinary)
    rp_id: Mapped[str] = mapped_column(String(255))
    origin: Mapped[str] = mapped_column(String(512))
    expires_at: Mapped[datetime] = mapped_column(DateTime(timezone=True))

    __table_args__ = (Index("ix_passkey_challenges_expires_at", "expires_at"),)
class QuickRow(Base):
    """An account in the quick-match queue (docs/accounts.md, "Quick match"): `waiting` for a game of
    `players` at `game` with its shown `rating`, `matching` while a worker seats it, then `matched` with the
    table and seat. One row per account; `seen_at` is its page's last poll."""

    __tablename__ = "quick_queue"

    user_id: Mapped[str] = mapped_column(String(32), ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    game: Mapped[str] = mapped_column(String(64))
    players: Mapped[int] = mapped_column(Integer)
    rating: Mapped[float] = mapped_column(Float)
    bots_after_s: Mapped[int | None] = mapped_column(Integer, nullable=True)
    status: Mapped[str] = mapped_column(String(16))
    table_id: Mapped[str | None] = mapped_column(String(64), nullable=True)
    seat: Mapped[int | None] = mapped_column(Integer, nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    seen_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)

    __table_args__ = (Index("ix_quick_queue_game_players_status", "game", "players", "status"),)
# -- turn-based play (docs/turn-based.md; migration 0010) --------------------------------------------------

class TurnRow(Base):
    """Whose decision a table waits for, when a person's: the seat, the table's `seq` when that decision came,
    `since` then and, at a turn-based table (`clock.per_move_s`), the `deadline`, after which a sweep plays
    for the seat. `claimed_by`/`claimed_until`: the server process that took the late move on (a conditional
    UPDATE, so one process of several acts)."""

    __tablename__ = "turns"

    table_id: Mapped[str] = mapped_column(String(64), ForeignKey("tables.id", ondelete="CASCADE"),
                                          primary_key=True)
    seat: Mapped[int] = mapped_column(Integer)
    seq: Mapped[int] = mapped_column(Integer)
    game: Mapped[str] = mapped_column(String(64))
    since: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
    deadline: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    claimed_by: Mapped[str | None] = mapped_column(String(64), nullable=True)
    claimed_until: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)

    __table_args__ = (Index("ix_turns_deadline", "deadline"),)


class NotifySettingsRow(Base):
    """An account's notification choices: an e-mail address and whether to send "your turn" mails to it."""

    __tablename__ = "notify_settings"

    user_id: Mapped[str] = mapped_column(String(32), ForeignKey("users.id", ondelete="CASCADE"), primary_key=True)
    email: Mapped[str | None] = mapped_column(String(254), nullable=True)
    email_turns: Mapped[bool] = mapped_column(Boolean, default=False, server_default=false())
    updated_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=utcnow)
