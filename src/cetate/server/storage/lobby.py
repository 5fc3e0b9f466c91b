"""The public lobby's reads (docs/accounts.md, "The public lobby"): the public tables still waiting for
players, from the database, so every worker of a cluster lists the same tables."""

from __future__ import annotations

from sqlalchemy import select

from cetate.server.storage.models import CredentialRow, RatingRow, SeatRow, TableRow, UserRow, UserSeatRow
from cetate.server.storage.ratings import display
from cetate.server.storage.store import Store, _iso


def open_tables(store: Store, game: str | None = None, limit: int = 100) -> list[dict]:
    """Public tables that wait for players, newest first: `{table_id, game, players, options, clock, rated,
    created_at, free, seats: [{seat, kind, name, bot, level, joined}], ratings: {low, high} | None}`. A free
    seat is an invited one whose invite nobody has used yet."""
    with store._read() as session:
        query = select(TableRow).where(TableRow.public.is_(True), TableRow.status == "waiting")
        if game is not None:
            query = query.where(TableRow.game == game)
        tables = session.execute(query.order_by(TableRow.created_at.desc()).limit(limit)).scalars().all()
        ids = [t.id for t in tables]
        if not ids:
            return []
        seats: dict[str, list[SeatRow]] = {}
        for seat in session.execute(select(SeatRow).where(SeatRow.table_id.in_(ids)).order_by(SeatRow.seat)).scalars():
            seats.setdefault(seat.table_id, []).append(seat)
        pending = {(c.table_id, c.seat) for c in session.execute(
            select(CredentialRow.table_id, CredentialRow.seat).where(
                CredentialRow.table_id.in_(ids), CredentialRow.kind == "invite", CredentialRow.state == "active"))}
        owners = {(u.table_id, u.seat): u.user_id for u in session.execute(
            select(UserSeatRow.table_id, UserSeatRow.seat, UserSeatRow.user_id).where(UserSeatRow.table_id.in_(ids)))}
        names = dict(session.execute(select(UserRow.id, UserRow.name).where(
            UserRow.id.in_(set(owners.values())))).all()) if owners else {}
        ratings = {(r.subject, r.game): r for r in session.execute(select(RatingRow).where(
            RatingRow.subject.in_([f"user:{u}" for u in set(owners.values())]))).scalars()} if owners else {}
    out = []
    for table in tables:
        rows = seats.get(table.id, [])
        free = [s.seat for s in rows if s.kind == "human" and not s.joined and (table.id, s.seat) in pending]
        if not free:
            continue
        shown = []
        for s in rows:
            user = owners.get((table.id, s.seat))
            rating = ratings.get((f"user:{user}", table.game)) if user else None
            if rating is not None:
                shown.append(display(rating.mu, rating.sigma)["shown"])
        out.append({
            "table_id": table.id, "game": table.game, "players": table.players, "options": table.options,
            "clock": table.clock, "rated": bool(table.rated), "created_at": _iso(table.created_at), "free": len(free),
            "seats": [{"seat": s.seat, "kind": s.kind, "name": s.name, "bot": s.bot, "level": s.level,
                       "joined": bool(s.joined),
                       "user": names.get(owners.get((table.id, s.seat), ""), None)} for s in rows],
            "ratings": {"low": min(shown), "high": max(shown)} if shown else None,
        })
    return out
