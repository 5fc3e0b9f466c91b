"""`PasskeyStore`: the passkeys of accounts and the one-use challenges of their ceremonies (docs/accounts.md,
"Passkeys").

The page holds a random ticket for each ceremony; only its SHA-256 is stored, with the challenge, the purpose
("register" or "signin"), the account (for "register"), the relying-party id and origin it was asked from,
and an expiry. `take_challenge` deletes the row in the transaction that reads it, so a ticket works once, even
with several server processes on one database.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, func, select
from sqlalchemy.exc import IntegrityError

from cetate.server.storage.models import PasskeyChallengeRow, PasskeyRow, UserRow, utcnow
from cetate.server.storage.store import Store, StoreError, _iso

MAX_PER_USER = 20


class PasskeyTaken(StoreError):
    """This credential is already registered (to this account or another)."""


class TooManyPasskeys(StoreError):
    """The account has the most passkeys it may have."""


def _passkey_dict(row: PasskeyRow) -> dict:
    return {"id": row.id, "name": row.name, "created_at": _iso(row.created_at),
            "last_used_at": _iso(row.last_used_at)}


class PasskeyStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- challenges -------------------------------------------------------------------------------------
    def put_challenge(self, ticket_hash: str, purpose: str, user_id: str | None, challenge: bytes, rp_id: str,
                      origin: str, expires_at: datetime) -> None:
        """Keep a ceremony's challenge; expired challenges of any ceremony are cleared in the same go."""
        with self.store._write() as session:
            session.execute(delete(PasskeyChallengeRow).where(PasskeyChallengeRow.expires_at < utcnow()))
            session.add(PasskeyChallengeRow(ticket_hash=ticket_hash, purpose=purpose, user_id=user_id,
                                            challenge=challenge, rp_id=rp_id, origin=origin, expires_at=expires_at))

    def take_challenge(self, ticket_hash: str, purpose: str) -> dict | None:
        """The challenge of a live ticket for this purpose, deleted as it is read (None: unknown, used, expired
        or asked for another purpose; a ticket of another purpose is left alone)."""
        with self.store._write() as session:
            row = session.get(PasskeyChallengeRow, ticket_hash)
            if row is None or row.purpose != purpose:
                return None
            found = {"user_id": row.user_id, "challenge": bytes(row.challenge), "rp_id": row.rp_id,
                     "origin": row.origin, "expires_at": row.expires_at}
            session.delete(row)
        expires = found.pop("expires_at")
        if expires.tzinfo is None:  # SQLite keeps no offset; we always write UTC
            expires = expires.replace(tzinfo=utcnow().tzinfo)
        return found if expires >= utcnow() else None

    # -- passkeys ---------------------------------------------------------------------------------------
    def add(self, passkey_id: str, user_id: str, credential_id: str, public_key: bytes, sign_count: int,
            rp_id: str, name: str) -> dict:
        try:
            with self.store._write() as session:
                user = session.get(UserRow, user_id)
                if user is None or user.deleted_at is not None:
                    raise StoreError(f"no account {user_id!r}")
                count = session.execute(select(func.count()).select_from(PasskeyRow)
                                        .where(PasskeyRow.user_id == user_id)).scalar_one()
                if count >= MAX_PER_USER:
                    raise TooManyPasskeys(user_id)
                row = PasskeyRow(id=passkey_id, user_id=user_id, credential_id=credential_id,
                                 public_key=public_key, sign_count=sign_count, rp_id=rp_id, name=name,
                                 created_at=utcnow())
                session.add(row)
                session.flush()
                return _passkey_dict(row)
        except IntegrityError:
            raise PasskeyTaken(credential_id) from None

    def of_user(self, user_id: str) -> list[dict]:
        with self.store._read() as session:
            rows = session.execute(select(PasskeyRow).where(PasskeyRow.user_id == user_id)
                                   .order_by(PasskeyRow.created_at, PasskeyRow.id)).scalars()
            return [_passkey_dict(r) for r in rows]

    def credential_ids(self, user_id: str) -> list[str]:
        with self.store._read() as session:
            return list(session.execute(select(PasskeyRow.credential_id)
                                        .where(PasskeyRow.user_id == user_id)).scalars())

    def by_credential(self, credential_id: str) -> dict[str, Any] | None:
        """What signing in with this credential needs: its key, counter, relying party and live account."""
        with self.store._read() as session:
            row = session.execute(select(PasskeyRow).where(PasskeyRow.credential_id == credential_id)) \
                .scalar_one_or_none()
            if row is None:
                return None
            user = session.get(UserRow, row.user_id)
            if user is None or user.deleted_at is not None:
                return None
            return {"id": row.id, "user_id": row.user_id, "public_key": bytes(row.public_key),
                    "sign_count": row.sign_count, "rp_id": row.rp_id}

    def used(self, passkey_id: str, sign_count: int) -> None:
        with self.store._write() as session:
            row = session.get(PasskeyRow, passkey_id)
            if row is not None:
                row.sign_count = sign_count
                row.last_used_at = utcnow()

    def remove(self, user_id: str, passkey_id: str) -> bool:
        with self.store._write() as session:
            done = session.execute(delete(PasskeyRow).where(PasskeyRow.id == passkey_id,
                                                            PasskeyRow.user_id == user_id))
            return done.rowcount > 0

    def remove_all(self, user_id: str) -> int:
        with self.store._write() as session:
            return session.execute(delete(PasskeyRow).where(PasskeyRow.user_id == user_id)).rowcount
