"""The quick-match queue (docs/accounts.md, "Quick match"): one row per waiting account, in the database, so
that every worker of a cluster matches from the same queue.

A worker that matches takes the queue's rows in one transaction: on PostgreSQL with `SELECT ... FOR UPDATE
SKIP LOCKED` (two workers matching at once take disjoint rows, and neither waits for the other), on SQLite
under `BEGIN IMMEDIATE` (one writer at a time). The rows it chose become `matching` in that transaction, so no
other worker can seat them again; the table is made after it commits, and the rows then become `matched`
(`settle`), or `waiting` again if the table could not be made (`release`). A row left `matching` by a worker
that died goes back to waiting after `MATCHING_STALE_S`.

Matching by rating: people are grouped when the spread of their shown ratings is within the allowed gap of
the one who has waited longest; the gap starts at `GAP_START` and widens by `GAP_PER_S` each second of
waiting, up to `GAP_MAX`.
"""

from __future__ import annotations

from datetime import UTC, datetime, timedelta

from sqlalchemy import delete, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from cetate.server.storage.models import QuickRow, RatingRow, UserRow, utcnow
from cetate.server.storage.ratings import display
from cetate.server.storage.store import Store, _iso

GAP_START = 150.0  # shown rating points, at once
GAP_PER_S = 5.0  # ... and this many more per second of waiting
GAP_MAX = 1500.0
STALE_S = 30.0  # a waiting row whose page has not asked for this long is dropped (the tab was closed)
MATCHING_STALE_S = 60.0  # a row left `matching` this long (its worker died) waits again


class QuickError(Exception):
    """A refused queue operation: `code` and a message (the API maps it)."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code, self.message = code, message


def gap(waited_s: float) -> float:
    """The rating gap allowed after `waited_s` seconds of waiting."""
    return min(GAP_MAX, GAP_START + GAP_PER_S * max(0.0, waited_s))


def _aware(value: datetime) -> datetime:
    return value.replace(tzinfo=UTC) if value.tzinfo is None else value


def _waited(row: QuickRow, now: datetime) -> float:
    return max(0.0, (now - _aware(row.created_at)).total_seconds())


def shown_rating(session: Session, user_id: str, game: str) -> float:
    """The account's shown rating at `game` (a newcomer's 1500 when it has none)."""
    row = session.get(RatingRow, (f"user:{user_id}", game))
    if row is None:
        from cetate.server.storage.ratings import _model

        model = _model()
        return float(display(model.mu, model.sigma)["shown"])
    return float(display(row.mu, row.sigma)["shown"])


def ticket_dict(row: QuickRow, now: datetime, queue: int = 0) -> dict:
    waited = _waited(row, now)
    return {"status": row.status, "game": row.game, "players": row.players, "rating": round(row.rating),
            "bots_after_s": row.bots_after_s, "waited_s": round(waited, 1), "gap": round(gap(waited)),
            "queue": queue, "since": _iso(row.created_at), "table_id": row.table_id, "seat": row.seat}


def _queue_size(session: Session, game: str, players: int) -> int:
    rows = session.execute(select(QuickRow.user_id).where(
        QuickRow.game == game, QuickRow.players == players, QuickRow.status == "waiting")).all()
    return len(rows)


def enqueue(store: Store, user_id: str, game: str, players: int, bots_after_s: int | None,
            now: datetime | None = None) -> dict:
    """Put the account in the queue of `game` at `players`. Refused (`already_queued`) while it waits or is
    being seated; a matched row from before is replaced."""
    now = now or utcnow()
    try:
        with store._write() as session:
            row = session.get(QuickRow, user_id, with_for_update=True)
            if row is not None and row.status in ("waiting", "matching"):
                raise QuickError("already_queued", f"you are already waiting for a quick match of {row.game} "
                                 f"at {row.players}: cancel it first")
            rating = shown_rating(session, user_id, game)
            if row is None:
                row = QuickRow(user_id=user_id)
                session.add(row)
            row.game, row.players, row.rating, row.bots_after_s = game, players, rating, bots_after_s
            row.status, row.table_id, row.seat = "waiting", None, None
            row.created_at = row.seen_at = row.updated_at = now
            session.flush()
            return ticket_dict(row, now, _queue_size(session, game, players) - 1)
    except IntegrityError:  # the same account queued twice at once (two tabs): the other one won
        raise QuickError("already_queued", "you are already waiting for a quick match") from None


def ticket(store: Store, user_id: str, now: datetime | None = None, seen: bool = True) -> dict | None:
    """The account's row (None: not queued); `seen` notes that its page is still there."""
    now = now or utcnow()
    with store._write() as session:
        row = session.get(QuickRow, user_id)
        if row is None:
            return None
        if seen and row.status == "waiting":
            row.seen_at = now
        others = _queue_size(session, row.game, row.players) - (1 if row.status == "waiting" else 0)
        return ticket_dict(row, now, max(0, others))


def cancel(store: Store, user_id: str) -> dict:
    """Leave the queue. Refused when not queued (`not_queued`) or already seated (`already_matched`)."""
    with store._write() as session:
        row = session.get(QuickRow, user_id, with_for_update=True)
        if row is None or row.status not in ("waiting", "matching"):
            if row is not None and row.status == "matched":
                raise QuickError("already_matched", "you have been seated at a table already: "
                                 f"{row.table_id}")
            raise QuickError("not_queued", "you are not waiting for a quick match")
        if row.status == "matching":
            raise QuickError("already_matched", "your table is being made: it opens in a moment")
        session.delete(row)
        return {"cancelled": True, "game": row.game, "players": row.players}


def _lock_queue(session: Session, game: str, players: int) -> list[QuickRow]:
    query = (select(QuickRow).where(QuickRow.game == game, QuickRow.players == players,
                                    QuickRow.status == "waiting")
             .order_by(QuickRow.created_at, QuickRow.user_id))
    if session.get_bind().dialect.name == "postgresql":
        query = query.with_for_update(skip_locked=True)
    return list(session.execute(query).scalars())


def _group(rows: list[QuickRow], players: int, now: datetime, anchor: QuickRow, size: int) -> list[QuickRow]:
    """Up to `size` rows with `anchor`, closest in rating first, whose spread stays within the anchor's gap
    (the anchor waited longest of them, or chose to fill with bots now)."""
    allowed = gap(_waited(anchor, now))
    chosen = [anchor]
    for row in sorted((r for r in rows if r is not anchor), key=lambda r: (abs(r.rating - anchor.rating),
                                                                          r.created_at)):
        if len(chosen) >= size:
            break
        ratings = [c.rating for c in chosen] + [row.rating]
        if max(ratings) - min(ratings) <= allowed:
            chosen.append(row)
    return chosen


def tidy(store: Store, game: str, players: int, now: datetime) -> None:
    """Drop the queue's stale rows (a page that stopped asking), and let rows left `matching` by a dead worker
    wait again: in a transaction of its own, before a matcher locks the queue."""
    with store._write() as session:
        session.execute(delete(QuickRow).where(QuickRow.game == game, QuickRow.players == players,
                                               QuickRow.status == "waiting",
                                               QuickRow.seen_at < now - timedelta(seconds=STALE_S)))
        session.execute(update(QuickRow).where(QuickRow.game == game, QuickRow.players == players,
                                               QuickRow.status == "matching",
                                               QuickRow.updated_at < now - timedelta(seconds=MATCHING_STALE_S))
                        .values(status="waiting", updated_at=now, seen_at=now))


def claim_group(store: Store, game: str, players: int, fill_for: str | None = None,
                now: datetime | None = None) -> dict | None:
    """Take a group off the queue of `game` at `players` and mark it `matching`: `{members: [{user_id, rating,
    display_name}], bots: n}` (the oldest waiter first), or None when no group can be made yet.

    A full group of people is made when one exists within the gap. `fill_for`: that account asked to play now,
    so its group is made of whoever fits, the other seats bots; an account whose `bots_after_s` has passed
    gets the same. Stale rows are dropped first (a page that stopped asking), and rows left `matching` by a
    dead worker wait again."""
    now = now or utcnow()
    tidy(store, game, players, now)
    with store._write() as session:
        rows = _lock_queue(session, game, players)
        chosen: list[QuickRow] | None = None
        if fill_for is not None:
            anchor = next((r for r in rows if r.user_id == fill_for), None)
            if anchor is None:
                return None
            chosen = _group(rows, players, now, anchor, players)
        else:
            for anchor in rows:
                group = _group(rows, players, now, anchor, players)
                due = anchor.bots_after_s is not None and _waited(anchor, now) >= anchor.bots_after_s
                if len(group) == players or due:
                    chosen = group
                    break
        if not chosen:
            return None
        for row in chosen:
            row.status, row.updated_at = "matching", now
        names = dict(session.execute(select(UserRow.id, UserRow.display_name).where(
            UserRow.id.in_([r.user_id for r in chosen]))).all())
        return {"game": game, "players": players, "bots": players - len(chosen),
                "members": [{"user_id": r.user_id, "rating": r.rating, "display_name": names.get(r.user_id)}
                            for r in chosen]}


def settle(store: Store, seats: dict[str, int], table_id: str, now: datetime | None = None) -> None:
    """The group is seated: each account's row becomes `matched` with its table and seat."""
    now = now or utcnow()
    with store._write() as session:
        for user_id, seat in seats.items():
            session.execute(update(QuickRow).where(QuickRow.user_id == user_id, QuickRow.status == "matching")
                            .values(status="matched", table_id=table_id, seat=seat, updated_at=now))


def release(store: Store, user_ids: list[str], now: datetime | None = None) -> None:
    """The table could not be made: the group waits again, keeping its place."""
    now = now or utcnow()
    with store._write() as session:
        session.execute(update(QuickRow).where(QuickRow.user_id.in_(user_ids), QuickRow.status == "matching")
                        .values(status="waiting", updated_at=now, seen_at=now))


def queued(store: Store, game: str | None = None) -> list[dict]:
    """How many wait in each queue: `[{game, players, waiting}]` (no names: who waits is nobody's business)."""
    with store._read() as session:
        query = select(QuickRow.game, QuickRow.players).where(QuickRow.status == "waiting")
        if game is not None:
            query = query.where(QuickRow.game == game)
        counts: dict[tuple[str, int], int] = {}
        for g, p in session.execute(query).all():
            counts[(g, p)] = counts.get((g, p), 0) + 1
    return [{"game": g, "players": p, "waiting": n} for (g, p), n in sorted(counts.items())]
