"""Ratings of people and bots (docs/accounts.md, "Ratings"): OpenSkill's Plackett-Luce model, one rating per
subject and game, where a subject is a person (`user:<id>`) or a bot (`bot:<name>`).

`rate_finished` runs inside the transaction that marks a rated table over, so a result and the ratings it
moves are stored together or not at all, and `tables.rating_done` makes a result count once even when a
restarted server replays the game's end.
"""

from __future__ import annotations

import statistics
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from cetate.server.storage.models import RatingHistoryRow, RatingRow, SeatRow, TableRow, UserSeatRow, utcnow


def _model():
    from openskill.models import PlackettLuce

    return PlackettLuce()


def display(mu: float, sigma: float) -> dict:
    """What players see of a rating: `mu` and `sigma`, the cautious `ordinal` (mu - 3 sigma, OpenSkill's sort
    key) and `shown`, a number on a friendlier scale (ordinal x 50 + 1500, about 1500 for a newcomer's
    ordinal of 0)."""
    ordinal = mu - 3 * sigma
    return {"mu": round(mu, 3), "sigma": round(sigma, 3), "ordinal": round(ordinal, 3),
            "shown": round(1500 + 50 * ordinal), "plus_minus": round(50 * 3 * sigma)}


def places(result: dict | None, players: int) -> list[int] | None:
    """Each seat's place in a finished game (1 is best, ties share): read as the arena reads it."""
    from cetate.arena.runner import outcome_ranks

    return outcome_ranks(result, players)


def subjects(session: Session, table: TableRow) -> list[str] | None:
    """Who sat where, as rating subjects; None when a person's seat has no account (then nobody is rated)."""
    seats = session.execute(select(SeatRow).where(SeatRow.table_id == table.id).order_by(SeatRow.seat)).scalars()
    owners = dict(session.execute(select(UserSeatRow.seat, UserSeatRow.user_id)
                                  .where(UserSeatRow.table_id == table.id)).all())
    out: list[str] = []
    for seat in seats:
        if seat.kind == "bot":
            out.append(f"bot:{seat.bot}")
        elif seat.seat in owners:
            out.append(f"user:{owners[seat.seat]}")
        else:
            return None
    return out


def rate_finished(session: Session, table: TableRow, result: dict | None) -> list[dict]:
    """Move the ratings of a rated table that has just ended, once; the changes made (`[{subject, before,
    after, place}]`, empty when the table is not rated, already counted, or cannot be: a seat with no account,
    a result without places, one subject on every seat)."""
    if not table.rated or table.rating_done:
        return []
    table.rating_done = True
    who = subjects(session, table)
    ranks = places(result, table.players)
    if who is None or ranks is None or len(set(who)) < 2:
        return []
    model = _model()
    rows: dict[str, RatingRow] = {}
    for subject in dict.fromkeys(who):
        row = session.get(RatingRow, (subject, table.game), with_for_update=True)
        if row is None:
            row = RatingRow(subject=subject, game=table.game, mu=model.mu, sigma=model.sigma, games=0,
                            updated_at=utcnow())
            session.add(row)
        rows[subject] = row
    teams = [[model.rating(mu=rows[s].mu, sigma=rows[s].sigma)] for s in who]
    new = model.rate(teams, ranks=list(ranks))
    now = utcnow()
    changes = []
    for subject in dict.fromkeys(who):
        seats = [i for i, s in enumerate(who) if s == subject]
        row = rows[subject]
        before = (row.mu, row.sigma)
        row.mu = statistics.fmean(new[i][0].mu for i in seats)  # a bot on several seats moves once
        row.sigma = statistics.fmean(new[i][0].sigma for i in seats)
        row.games += 1
        row.updated_at = now
        place = min(ranks[i] for i in seats)
        session.add(RatingHistoryRow(subject=subject, game=table.game, table_id=table.id, mu=row.mu,
                                     sigma=row.sigma, place=place, at=now))
        changes.append({"subject": subject, "before": display(*before), "after": display(row.mu, row.sigma),
                        "place": place})
    return changes


def leaderboard(session: Session, game: str, limit: int = 100) -> list[dict[str, Any]]:
    rows = session.execute(select(RatingRow).where(RatingRow.game == game)).scalars().all()
    rows = sorted(rows, key=lambda r: r.mu - 3 * r.sigma, reverse=True)[:limit]
    return [{"subject": r.subject, "games": r.games, **display(r.mu, r.sigma)} for r in rows]


def history(session: Session, subject: str, game: str | None = None, limit: int = 500) -> list[dict[str, Any]]:
    query = select(RatingHistoryRow).where(RatingHistoryRow.subject == subject)
    if game is not None:
        query = query.where(RatingHistoryRow.game == game)
    rows = session.execute(query.order_by(RatingHistoryRow.id.desc()).limit(limit)).scalars().all()
    return [{"game": r.game, "table_id": r.table_id, "place": r.place, "at": r.at.isoformat(),
             **display(r.mu, r.sigma)} for r in reversed(rows)]


def ratings_of(session: Session, subject: str) -> list[dict[str, Any]]:
    rows = session.execute(select(RatingRow).where(RatingRow.subject == subject)).scalars().all()
    return [{"game": r.game, "games": r.games, **display(r.mu, r.sigma)} for r in sorted(rows, key=lambda r: r.game)]
