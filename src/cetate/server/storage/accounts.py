"""`AccountStore`: the storage of accounts, sessions and the seats accounts play (docs/accounts.md).

It shares the `Store`'s engine and its short transactions. Passwords and session cookies never reach it in
clear: the service (`cetate.server.accounts`) hands it an argon2 hash and the SHA-256 of each cookie. Rows
come back as plain dicts, timestamps as ISO 8601 strings in UTC, and never with a hash in them but where a
method says so.
"""

from __future__ import annotations

from datetime import datetime
from typing import Any

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError

from cetate.server.storage import ratings
from cetate.server.storage.models import (
    CredentialRow,
    NotifySettingsRow,
    PasskeyRow,
    SeatRow,
    SessionRow,
    TableRow,
    UserRow,
    UserSeatRow,
    utcnow,
)
from cetate.server.storage.store import Store, StoreError, _iso


class NameTaken(StoreError):
    """Another account already has this user name (compared casefolded)."""


class UnknownUser(StoreError, LookupError):
    """No live account with this id or name."""


def _user_dict(row: UserRow) -> dict:
    return {"id": row.id, "name": row.name, "display_name": row.display_name, "languages": list(row.languages or []),
            "created_at": _iso(row.created_at), "deleted": row.deleted_at is not None}


class AccountStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- users --------------------------------------------------------------------------------------
    def create_user(self, user_id: str, name: str, name_key: str, display_name: str, password_hash: str,
                    languages: list[str]) -> dict:
        """A new account; `NameTaken` when `name_key` is in use (nothing is written then)."""
        try:
            with self.store._write() as session:
                row = UserRow(id=user_id, name=name, name_key=name_key, display_name=display_name,
                              password_hash=password_hash, languages=languages, created_at=utcnow())
                session.add(row)
                session.flush()
                return _user_dict(row)
        except IntegrityError:
            raise NameTaken(name) from None

    def user(self, user_id: str) -> dict:
        with self.store._read() as session:
            row = session.get(UserRow, user_id)
            if row is None or row.deleted_at is not None:
                raise UnknownUser(user_id)
            return _user_dict(row)

    def user_by_name(self, name_key: str) -> dict | None:
        with self.store._read() as session:
            row = session.execute(select(UserRow).where(UserRow.name_key == name_key)).scalar_one_or_none()
            return None if row is None else _user_dict(row)

    def password_hash(self, user_id: str) -> str | None:
        """The argon2 hash of a live account's password (None for a deleted or unknown one)."""
        with self.store._read() as session:
            row = session.get(UserRow, user_id)
            return None if row is None or row.deleted_at is not None else row.password_hash

    def set_password_hash(self, user_id: str, password_hash: str, keep_session: str | None = None) -> None:
        """Replace the password hash; with `keep_session` (a session hash), end every other session of the
        account in the same transaction (a changed password signs the other devices out)."""
        with self.store._write() as session:
            row = session.get(UserRow, user_id)
            if row is None or row.deleted_at is not None:
                raise UnknownUser(user_id)
            row.password_hash = password_hash
            if keep_session is not None:
                session.execute(delete(SessionRow).where(SessionRow.user_id == user_id,
                                                         SessionRow.token_hash != keep_session))

    def update_profile(self, user_id: str, **fields: Any) -> dict:
        """Change `display_name` and/or `languages`."""
        with self.store._write() as session:
            row = session.get(UserRow, user_id)
            if row is None or row.deleted_at is not None:
                raise UnknownUser(user_id)
            for name in ("display_name", "languages"):
                if name in fields:
                    setattr(row, name, fields[name])
            return _user_dict(row)

    def delete_user(self, user_id: str) -> None:
        """Delete the account and keep its games, anonymised, in one transaction: its sessions and passkeys go, the name,
        password and languages are cleared (the name is free again), and the seats it played keep no name
        (the tables show them as a former player's)."""
        with self.store._write() as session:
            row = session.get(UserRow, user_id)
            if row is None or row.deleted_at is not None:
                raise UnknownUser(user_id)
            session.execute(delete(SessionRow).where(SessionRow.user_id == user_id))
            session.execute(delete(PasskeyRow).where(PasskeyRow.user_id == user_id))  # its ways in go too
            session.execute(delete(NotifySettingsRow).where(NotifySettingsRow.user_id == user_id))  # the address
            seats = session.execute(select(UserSeatRow.table_id, UserSeatRow.seat)
                                    .where(UserSeatRow.user_id == user_id)).all()
            for table_id, seat in seats:
                session.execute(update(SeatRow).where(SeatRow.table_id == table_id, SeatRow.seat == seat)
                                .values(name=None))
            row.name = row.name_key = row.display_name = row.password_hash = None
            row.languages = []
            row.deleted_at = utcnow()

    # -- sessions -----------------------------------------------------------------------------------
    def create_session(self, token_hash: str, user_id: str, expires_at: datetime, agent: str | None) -> None:
        with self.store._write() as session:
            now = utcnow()
            session.add(SessionRow(token_hash=token_hash, user_id=user_id, created_at=now, last_seen=now,
                                   expires_at=expires_at, agent=(agent or "")[:255] or None))

    def session_user(self, token_hash: str, now: datetime, renew_until: datetime | None = None) -> dict | None:
        """The live account of a session that has not expired (None otherwise; an expired one is removed).
        With `renew_until`, the session's expiry moves to it (a sliding session)."""
        with self.store._write() as session:
            row = session.get(SessionRow, token_hash)
            if row is None:
                return None
            expires = row.expires_at if row.expires_at.tzinfo else row.expires_at.replace(tzinfo=now.tzinfo)
            user = session.get(UserRow, row.user_id)
            if expires <= now or user is None or user.deleted_at is not None:
                session.delete(row)
                return None
            row.last_seen = now
            if renew_until is not None:
                row.expires_at = renew_until
            return _user_dict(user)

    def end_session(self, token_hash: str) -> None:
        with self.store._write() as session:
            session.execute(delete(SessionRow).where(SessionRow.token_hash == token_hash))

    def end_sessions(self, user_id: str) -> int:
        """End every session of the account (sign out everywhere); how many there were."""
        with self.store._write() as session:
            return session.execute(delete(SessionRow).where(SessionRow.user_id == user_id)).rowcount or 0

    def sessions(self, user_id: str) -> list[dict]:
        with self.store._read() as session:
            rows = session.execute(select(SessionRow).where(SessionRow.user_id == user_id)
                                   .order_by(SessionRow.created_at)).scalars()
            return [{"created_at": _iso(r.created_at), "last_seen": _iso(r.last_seen),
                     "expires_at": _iso(r.expires_at), "agent": r.agent} for r in rows]

    # -- seats ---------------------------------------------------------------------------------------
    def claim_seats(self, user_id: str, seats: list[tuple[str, int]]) -> dict:
        """Make the account the player of these (table, seat) pairs, in one transaction. A seat another
        account plays already is left to it. `{claimed: [...], taken: [...]}`, each `{table_id, seat}`."""
        claimed, taken = [], []
        with self.store._write() as session:
            for table_id, seat in dict.fromkeys(seats):
                row = session.get(UserSeatRow, (table_id, seat))
                if row is None:
                    session.add(UserSeatRow(table_id=table_id, seat=seat, user_id=user_id, since=utcnow()))
                    claimed.append({"table_id": table_id, "seat": seat})
                elif row.user_id == user_id:
                    claimed.append({"table_id": table_id, "seat": seat})
                else:
                    taken.append({"table_id": table_id, "seat": seat})
        return {"claimed": claimed, "taken": taken}

    def user_seats(self, user_id: str, limit: int = 200) -> list[dict]:
        """The seats the account plays, newest table first: `{table_id, seat, game, status, players,
        updated_at, result}`."""
        with self.store._read() as session:
            rows = session.execute(
                select(UserSeatRow.table_id, UserSeatRow.seat, TableRow.game, TableRow.status, TableRow.players,
                       TableRow.updated_at, TableRow.result)
                .join(TableRow, TableRow.id == UserSeatRow.table_id)
                .where(UserSeatRow.user_id == user_id)
                .order_by(TableRow.updated_at.desc(), UserSeatRow.table_id, UserSeatRow.seat).limit(limit)).all()
            return [{"table_id": r.table_id, "seat": r.seat, "game": r.game, "status": r.status,
                     "players": r.players, "updated_at": _iso(r.updated_at), "result": r.result} for r in rows]

    def pending_invites(self, token_hashes: list[str]) -> set[str]:
        """Which of these token hashes are invite links (a link sent to someone else is not a seat of the
        person whose browser holds it)."""
        if not token_hashes:
            return set()
        with self.store._read() as session:
            return set(session.execute(select(CredentialRow.token_hash).where(
                CredentialRow.token_hash.in_(token_hashes), CredentialRow.kind == "invite")).scalars())

    # -- ratings and profiles -------------------------------------------------------------------------
    def leaderboard(self, game: str, limit: int = 100) -> list[dict]:
        """The game's ratings, best first (by the cautious ordinal), each with the person's display name
        (`user`) or the bot's name (`bot`)."""
        with self.store._read() as session:
            rows = ratings.leaderboard(session, game, limit)
            ids = [r["subject"][5:] for r in rows if r["subject"].startswith("user:")]
            users = {u.id: u for u in session.execute(select(UserRow).where(UserRow.id.in_(ids))).scalars()} \
                if ids else {}
        out = []
        for rank, row in enumerate(rows, start=1):
            kind, _, ident = row.pop("subject").partition(":")
            entry = {"rank": rank, **row}
            if kind == "user":
                user = users.get(ident)
                gone = user is None or user.deleted_at is not None
                entry.update(kind="user", name=None if gone else user.name,
                             display_name=None if gone else user.display_name)
            else:
                entry.update(kind="bot", bot=ident)
            out.append(entry)
        return out

    def profile(self, name_key: str, recent: int = 20) -> dict | None:
        """A person's public page: names, languages, since when; per game the games played and won and the
        rating with its history; the latest finished games. None for an unknown or deleted account."""
        with self.store._read() as session:
            user = session.execute(select(UserRow).where(UserRow.name_key == name_key)).scalar_one_or_none()
            if user is None or user.deleted_at is not None:
                return None
            subject = f"user:{user.id}"
            games: dict[str, dict] = {}
            finished = session.execute(
                select(UserSeatRow.table_id, UserSeatRow.seat, TableRow.game, TableRow.result, TableRow.rated,
                       TableRow.updated_at, TableRow.players)
                .join(TableRow, TableRow.id == UserSeatRow.table_id)
                .where(UserSeatRow.user_id == user.id, TableRow.status == "over")
                .order_by(TableRow.updated_at.desc())).all()
            latest = []
            for row in finished:
                winners = (row.result or {}).get("winners") or [] if isinstance(row.result, dict) else []
                won = row.seat in winners
                tally = games.setdefault(row.game, {"game": row.game, "played": 0, "won": 0})
                tally["played"] += 1
                tally["won"] += int(won)
                if len(latest) < recent:
                    latest.append({"table_id": row.table_id, "game": row.game, "seat": row.seat, "won": won,
                                   "rated": bool(row.rated), "players": row.players, "at": _iso(row.updated_at)})
            for rating in ratings.ratings_of(session, subject):
                tally = games.setdefault(rating["game"], {"game": rating["game"], "played": 0, "won": 0})
                tally["rating"] = {k: rating[k] for k in ("mu", "sigma", "ordinal", "shown", "plus_minus", "games")}
                tally["history"] = ratings.history(session, subject, rating["game"])
            return {"name": user.name, "display_name": user.display_name, "languages": list(user.languages or []),
                    "since": _iso(user.created_at), "games": sorted(games.values(), key=lambda g: g["game"]),
                    "recent": latest}

    def table_rated(self, table_id: str) -> bool:
        with self.store._read() as session:
            return bool(session.execute(select(TableRow.rated).where(TableRow.id == table_id)).scalar())

    def seat_owner(self, table_id: str, seat: int) -> str | None:
        with self.store._read() as session:
            row = session.get(UserSeatRow, (table_id, seat))
            return None if row is None else row.user_id
