"""`TurnStore`: whose decision each table waits for, and the accounts' notification choices
(docs/turn-based.md; the `turns` and `notify_settings` tables of migration 0010).

A `turns` row exists while a person's decision is pending at a table: the server process that holds the table
writes it (`cetate.server.turns.TurnService`), every process reads it (`GET /api/turns`), and at a turn-based
table its `deadline` tells the sweep when to play for a late seat. Claiming a late move is a conditional UPDATE,
so of several processes that find it due, one acts. Timestamps are UTC.
"""

from __future__ import annotations

from datetime import UTC, datetime

from sqlalchemy import and_, delete, or_, select, tuple_, update

from cetate.server.storage.models import NotifySettingsRow, TableRow, TurnRow, UserRow, UserSeatRow, utcnow
from cetate.server.storage.store import Store, _iso


def _aware(value: datetime | None) -> datetime | None:
    if value is None or value.tzinfo is not None:
        return value
    return value.replace(tzinfo=UTC)  # SQLite keeps no offset; we always write UTC


def _turn_dict(row: TurnRow) -> dict:
    return {"table_id": row.table_id, "seat": row.seat, "seq": row.seq, "game": row.game, "since": _iso(row.since),
            "deadline": _iso(row.deadline)}


class TurnStore:
    def __init__(self, store: Store) -> None:
        self.store = store

    # -- the rows, written by the process that holds each table -------------------------------------
    def apply(self, batch: dict[str, dict | None]) -> list[dict]:
        """Bring the rows of these tables to `batch` (table id -> `{seat, seq, game, since, deadline}`, or None:
        no person's decision pending), in one transaction. A row that already has the same seat and seq is
        kept as it is, deadline included: a restart gives no time back. Returns the rows written anew, each
        with `previous_seat` (the seat of the row it replaced, or None), and the rows kept (`kept: True`,
        with their own `since` and `deadline`)."""
        if not batch:
            return []
        written = []
        with self.store._write() as session:
            ids = list(batch)
            known = set(session.execute(select(TableRow.id).where(TableRow.id.in_(ids))).scalars())
            rows = {r.table_id: r for r in session.execute(select(TurnRow).where(TurnRow.table_id.in_(ids))).scalars()}
            for table_id, want in batch.items():
                row = rows.get(table_id)
                if want is None or table_id not in known:
                    if row is not None:
                        session.delete(row)
                    continue
                if row is not None and row.seat == want["seat"] and row.seq == want["seq"]:
                    written.append({**want, "table_id": table_id, "since": _aware(row.since),
                                    "deadline": _aware(row.deadline), "kept": True})
                    continue
                previous = row.seat if row is not None else None
                if row is None:
                    row = TurnRow(table_id=table_id)
                    session.add(row)
                row.seat, row.seq, row.game = want["seat"], want["seq"], want["game"]
                row.since, row.deadline = want["since"], want.get("deadline")
                row.claimed_by = row.claimed_until = None
                written.append({**want, "table_id": table_id, "previous_seat": previous})
        return written

    def turn(self, table_id: str) -> dict | None:
        with self.store._read() as session:
            row = session.get(TurnRow, table_id)
            return None if row is None else _turn_dict(row)

    # -- the sweep: late moves, one process each ------------------------------------------------------
    def due(self, now: datetime, limit: int = 100) -> list[dict]:
        """Rows whose deadline has passed and that no process has claimed (or whose claim has lapsed)."""
        with self.store._read() as session:
            rows = session.execute(
                select(TurnRow).where(TurnRow.deadline.is_not(None), TurnRow.deadline <= now,
                                      or_(TurnRow.claimed_until.is_(None), TurnRow.claimed_until < now))
                .order_by(TurnRow.deadline).limit(limit)).scalars()
            return [_turn_dict(r) for r in rows]

    def claim(self, table_id: str, seq: int, worker: str, now: datetime, until: datetime) -> bool:
        """Take the late move of `table_id` at `seq` on, unless another process has (or the turn moved on)."""
        with self.store._write() as session:
            done = session.execute(
                update(TurnRow).where(TurnRow.table_id == table_id, TurnRow.seq == seq,
                                      TurnRow.deadline.is_not(None), TurnRow.deadline <= now,
                                      or_(TurnRow.claimed_until.is_(None), TurnRow.claimed_until < now))
                .values(claimed_by=worker, claimed_until=until).execution_options(synchronize_session=False))
            return (done.rowcount or 0) == 1

    # -- the "your turn" list ------------------------------------------------------------------------
    def for_account(self, user_id: str, limit: int = 200) -> list[dict]:
        with self.store._read() as session:
            rows = session.execute(
                select(TurnRow).join(UserSeatRow, and_(UserSeatRow.table_id == TurnRow.table_id,
                                                       UserSeatRow.seat == TurnRow.seat))
                .where(UserSeatRow.user_id == user_id).limit(limit)).scalars()
            return [_turn_dict(r) for r in rows]

    def for_seats(self, seats: list[tuple[str, int]]) -> list[dict]:
        if not seats:
            return []
        with self.store._read() as session:
            rows = session.execute(select(TurnRow).where(
                tuple_(TurnRow.table_id, TurnRow.seat).in_(list(dict.fromkeys(seats))))).scalars()
            return [_turn_dict(r) for r in rows]

    # -- notification choices ------------------------------------------------------------------------
    def settings(self, user_id: str) -> dict:
        with self.store._read() as session:
            row = session.get(NotifySettingsRow, user_id)
            return {"email": row.email if row else None, "email_turns": bool(row.email_turns) if row else False}

    def set_settings(self, user_id: str, email: str | None, email_turns: bool) -> dict:
        with self.store._write() as session:
            row = session.get(NotifySettingsRow, user_id)
            if row is None:
                row = NotifySettingsRow(user_id=user_id)
                session.add(row)
            row.email, row.email_turns, row.updated_at = email, bool(email_turns), utcnow()
        return {"email": email, "email_turns": bool(email_turns)}

    def forget(self, user_id: str) -> None:
        """A deleted account's address goes with it."""
        with self.store._write() as session:
            session.execute(delete(NotifySettingsRow).where(NotifySettingsRow.user_id == user_id))

    def recipient(self, table_id: str, seat: int) -> dict | None:
        """Who gets a "your turn" mail for this seat: `{email, name, languages}` of the account that plays it,
        if it asked for such mails and gave an address; else None."""
        with self.store._read() as session:
            hit = session.execute(
                select(NotifySettingsRow.email, UserRow.display_name, UserRow.name, UserRow.languages)
                .join(UserSeatRow, UserSeatRow.user_id == NotifySettingsRow.user_id)
                .join(UserRow, UserRow.id == NotifySettingsRow.user_id)
                .where(UserSeatRow.table_id == table_id, UserSeatRow.seat == seat,
                       NotifySettingsRow.email_turns.is_(True), NotifySettingsRow.email.is_not(None),
                       UserRow.deleted_at.is_(None))).first()
        if hit is None:
            return None
        return {"email": hit.email, "name": hit.display_name or hit.name, "languages": list(hit.languages or [])}


__all__ = ["TurnStore"]
