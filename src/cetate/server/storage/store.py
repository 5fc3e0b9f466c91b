"""`Store`: the web app's persistence (docs/server.md, "Storage").

Synchronous and thread-safe: the server calls it from worker threads. Every method opens its own short
session and transaction. SQLite (the default; a file in WAL mode) and PostgreSQL (`postgresql://...`,
driven by psycopg 3) are supported. The schema is brought to the latest Alembic revision when a `Store`
is opened.

Rows come back as plain JSON-safe dicts (timestamps as ISO 8601 strings in UTC).
"""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from alembic import command
from alembic.config import Config
from sqlalchemy import bindparam, create_engine, delete, event, func, select, update
from sqlalchemy.engine import URL, Connection, Engine, make_url
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.pool import StaticPool

from cetate.server.storage.models import (
    STATUSES,
    ActionRow,
    ChatRow,
    CredentialRow,
    SeatRow,
    SnapshotRow,
    TableOwnerRow,
    TableRow,
    UserSeatRow,
    utcnow,
)
from cetate.server.storage.ratings import rate_finished
from cetate.server.storage.writer import AppendWriter

MIGRATIONS_DIR = Path(__file__).resolve().parent / "migrations"
SQLITE_BUSY_TIMEOUT_MS = 10_000
MIGRATION_LOCK_KEY = 0x636574617465  # "cetate": the advisory lock that serialises migrations

TABLE_FIELDS = ("id", "game", "engine_version", "players", "options", "seed", "status", "clock",
                "host_token_hash", "seed_chosen", "rated", "public")
TABLE_REQUIRED = ("id", "game", "engine_version", "players", "seed")
SEAT_FIELDS = ("seat", "kind", "bot", "level", "name", "token_hash", "joined")
SEAT_UPDATABLE = ("kind", "bot", "level", "name", "token_hash", "joined")


class StoreError(Exception):
    """Base class of the errors the store raises on purpose."""


class DuplicateKey(StoreError):
    """An action with this idempotency key is already stored for the table; nothing was written."""

    def __init__(self, table_id: str, key: str, seq: int | None = None) -> None:
        self.table_id, self.key, self.seq = table_id, key, seq
        at = f" (seq {seq})" if seq is not None else ""
        super().__init__(f"table {table_id!r} already has an action with key {key!r}{at}")


class SequenceError(StoreError, ValueError):
    """An action (or snapshot) whose seq does not follow the log: a gap, a repeat or a rewrite."""

    def __init__(self, table_id: str, seq: int, expected: int, what: str = "action") -> None:
        self.table_id, self.seq, self.expected = table_id, seq, expected
        if what == "action":
            msg = (f"table {table_id!r}: action seq {seq} refused, the log is append-only and the next "
                   f"seq is {expected}")
        elif what == "retract":
            msg = f"table {table_id!r}: only the last action ({expected}) can be taken back, not {seq}"
        else:
            msg = (f"table {table_id!r}: snapshot seq {seq} refused, it must lie between 0 and the last "
                   f"action's seq ({expected})")
        super().__init__(msg)


class InviteNotPending(StoreError):
    """An invite that is no longer waiting for its person (already used, or replaced by a new link)."""


class NotOwner(StoreError):
    """In cluster mode: this process no longer owns the table (another worker took it over), so it may not
    write the table's log (docs/deploy.md)."""

    def __init__(self, table_id: str) -> None:
        super().__init__(f"this worker does not own table {table_id!r}")
        self.table_id = table_id


class UnknownTable(StoreError, LookupError):
    """No table (or no such seat of a table) with this id."""


class DuplicateTable(StoreError):
    """A table with this id already exists."""


def normalize_url(url: str | Path) -> str:
    """The SQLAlchemy URL for `url`: `postgresql://` and `postgres://` use psycopg 3; a bare file path means
    a SQLite file."""
    text = str(url)
    if "://" not in text:
        return f"sqlite:///{text}"
    for prefix in ("postgresql://", "postgres://"):
        if text.startswith(prefix):
            return "postgresql+psycopg://" + text[len(prefix):]
    return text


def run_migrations(connection: Connection, revision: str = "head") -> None:
    """Upgrade the database behind `connection` to `revision` with the packaged Alembic scripts. On
    PostgreSQL, processes starting together (`cetate serve --workers N`, several machines) take turns: the
    first upgrades, the others wait for its transaction and find nothing left to do."""
    if connection.dialect.name == "postgresql":
        connection.exec_driver_sql(f"SELECT pg_advisory_xact_lock({MIGRATION_LOCK_KEY})")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS_DIR).replace("%", "%%"))
    config.attributes["connection"] = connection
    command.upgrade(config, revision)


def _iso(value: datetime | None) -> str | None:
    if value is None:
        return None
    if value.tzinfo is None:  # SQLite keeps no offset; we always write UTC
        value = value.replace(tzinfo=UTC)
    return value.astimezone(UTC).isoformat()


def _seat_dict(row: SeatRow, credentials: list[CredentialRow] = ()) -> dict:
    return {"seat": row.seat, "kind": row.kind, "bot": row.bot, "level": row.level, "name": row.name,
            "token_hash": row.token_hash, "joined": bool(row.joined),
            "credentials": [_credential_dict(c) for c in credentials]}


def _credential_dict(row: CredentialRow) -> dict:
    return {"token_hash": row.token_hash, "kind": row.kind, "state": row.state, "host": bool(row.host)}


def _action_dict(row: ActionRow) -> dict:
    return {"table_id": row.table_id, "seq": row.seq, "seat": row.seat, "action": row.action, "key": row.key,
            "by_bot": bool(row.by_bot), "timeout": bool(row.timeout), "created_at": _iso(row.created_at)}


def _chat_dict(row: ChatRow) -> dict:
    return {"n": row.n, "seat": row.seat, "name": row.name, "text": row.text, "at": _iso(row.created_at)}


def _table_dict(row: TableRow, seats: list[SeatRow], seq: int,
                credentials: dict[int, list[CredentialRow]] | None = None) -> dict:
    return {
        "id": row.id, "game": row.game, "engine_version": row.engine_version, "players": row.players,
        "options": row.options, "seed": row.seed, "seed_chosen": bool(row.seed_chosen), "rated": bool(row.rated), "public": bool(row.public), "status": row.status, "clock": row.clock, "result": row.result,
        "host_token_hash": row.host_token_hash, "created_at": _iso(row.created_at),
        "updated_at": _iso(row.updated_at), "seq": seq,
        "seats": [_seat_dict(s, (credentials or {}).get(s.seat, [])) for s in sorted(seats, key=lambda s: s.seat)],
    }


def _check_status(status: str) -> None:
    if status not in STATUSES:
        raise ValueError(f"unknown table status {status!r}; expected one of {', '.join(STATUSES)}")


class Store:
    """The persistence of tables, seats, the action log (append-only, but the last move may be taken
    back) and state snapshots."""

    def __init__(self, url: str | Path) -> None:
        self.url: URL = make_url(normalize_url(url))
        self._lock: Any = _NoLock()  # replaced by a real lock for an in-memory SQLite database
        self.engine: Engine = self._make_engine(self.url)
        try:
            with self._lock, self.engine.begin() as conn:
                run_migrations(conn)
        except BaseException:
            self.engine.dispose()
            raise
        self._session = sessionmaker(self.engine, expire_on_commit=False)
        # Writers that read before they write take SQLite's write lock up front (BEGIN IMMEDIATE), so two
        # threads never both read the log and then fight over the upgrade to a write lock.
        self._write_session = sessionmaker(self.engine.execution_options(sqlite_begin="IMMEDIATE"),
                                           expire_on_commit=False)
        self._writer = self.engine.execution_options(sqlite_begin="IMMEDIATE")  # Core writes (append_actions)
        self.appends = AppendWriter(self)  # the moves of every table, many per transaction
        # cluster mode: this worker's id; the log's writes then check that it owns the table (a fence: a
        # worker that lost a table, even one paused past its lease, cannot write a move after the new owner's)
        self.owner_id: str | None = None

    # -- engine ---------------------------------------------------------------------------------
    def _make_engine(self, url: URL) -> Engine:
        if url.get_backend_name() != "sqlite":
            return create_engine(url, pool_pre_ping=True)
        database = url.database or ""
        memory = database in ("", ":memory:") or url.query.get("mode") == "memory"
        if memory:
            # One shared connection (the database lives in it), used by one thread at a time.
            self._lock = threading.RLock()
            engine = create_engine(url, poolclass=StaticPool, connect_args={"check_same_thread": False})
        else:
            if not database.startswith("file:"):
                Path(database).expanduser().parent.mkdir(parents=True, exist_ok=True)
            engine = create_engine(url, connect_args={"check_same_thread": False,
                                                      "timeout": SQLITE_BUSY_TIMEOUT_MS / 1000})

        @event.listens_for(engine, "connect")
        def _on_connect(dbapi_conn, _record) -> None:
            dbapi_conn.isolation_level = None  # SQLAlchemy emits BEGIN itself (below)
            cursor = dbapi_conn.cursor()
            if not memory:
                cursor.execute("PRAGMA journal_mode=WAL")
                cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.execute(f"PRAGMA busy_timeout={SQLITE_BUSY_TIMEOUT_MS}")
            cursor.close()

        @event.listens_for(engine, "begin")
        def _on_begin(conn: Connection) -> None:
            mode = conn.get_execution_options().get("sqlite_begin", "DEFERRED")
            conn.exec_driver_sql(f"BEGIN {mode}")

        return engine

    @contextmanager
    def _read(self) -> Iterator[Session]:
        with self._lock, self._session() as session, session.begin():
            yield session

    @contextmanager
    def _write(self) -> Iterator[Session]:
        with self._lock, self._write_session() as session, session.begin():
            yield session

    @property
    def dialect(self) -> str:
        """`"sqlite"` or `"postgresql"`."""
        return self.engine.dialect.name

    # -- tables and seats -----------------------------------------------------------------------
    def create_table(self, table: dict, seats: list[dict]) -> None:
        """Store a new table and its seats.

        `table` holds `id, game, engine_version, players, seed` and optionally `options` (default `{}`),
        `status` (default `"waiting"`), `clock`, `host_token_hash`. Each seat holds `seat` and `kind`, and
        optionally `bot, level, name, token_hash, joined` (default False) and `credentials` (a list of
        `{token_hash, kind, state?, host?}`: an invited seat's pending invite). Raises `DuplicateTable` if
        the id is taken, `ValueError` for unknown fields, missing fields or bad seat numbers.
        """
        unknown = set(table) - set(TABLE_FIELDS)
        if unknown:
            raise ValueError(f"unknown table field(s): {', '.join(sorted(unknown))}")
        missing = [f for f in TABLE_REQUIRED if table.get(f) is None]
        if missing:
            raise ValueError(f"table is missing field(s): {', '.join(missing)}")
        status = table.get("status", "waiting")
        _check_status(status)
        players = table["players"]
        numbers = []
        for s in seats:
            extra = set(s) - set(SEAT_FIELDS) - {"table_id", "credentials", "user_id"}
            if extra:
                raise ValueError(f"unknown seat field(s): {', '.join(sorted(extra))}")
            if s.get("table_id", table["id"]) != table["id"]:
                raise ValueError(f"seat {s.get('seat')} belongs to table {s['table_id']!r}")
            if "seat" not in s or "kind" not in s:
                raise ValueError("every seat needs 'seat' and 'kind'")
            numbers.append(s["seat"])
        if len(set(numbers)) != len(numbers) or not all(isinstance(n, int) and 0 <= n < players
                                                        for n in numbers):
            raise ValueError(f"seat numbers must be distinct and in 0..{players - 1}: {numbers}")
        now = utcnow()
        try:
            with self._write() as session:
                if session.get(TableRow, table["id"]) is not None:
                    raise DuplicateTable(f"table {table['id']!r} already exists")
                session.add(TableRow(
                    id=table["id"], game=table["game"], engine_version=str(table["engine_version"]),
                    players=players, options=table.get("options") or {}, seed=table["seed"], status=status,
                    clock=table.get("clock"), host_token_hash=table.get("host_token_hash"),
                    seed_chosen=bool(table.get("seed_chosen", False)), rated=bool(table.get("rated", False)),
                    public=bool(table.get("public", False)), created_at=now, updated_at=now,
                ))
                session.flush()
                for s in seats:
                    session.add(SeatRow(table_id=table["id"], seat=s["seat"], kind=s["kind"], bot=s.get("bot"),
                                        level=s.get("level"), name=s.get("name"),
                                        token_hash=s.get("token_hash"), joined=bool(s.get("joined", False))))
                    if s.get("user_id"):  # an account's seat (its creator's, signed in)
                        session.add(UserSeatRow(table_id=table["id"], seat=s["seat"], user_id=s["user_id"],
                                                since=now))
                    for c in s.get("credentials") or []:
                        session.add(CredentialRow(token_hash=c["token_hash"], table_id=table["id"], seat=s["seat"],
                                                  kind=c["kind"], state=c.get("state", "active"),
                                                  host=bool(c.get("host", False)), created_at=now))
        except IntegrityError as exc:  # a concurrent create of the same id
            raise DuplicateTable(f"table {table['id']!r} already exists") from exc

    def table(self, table_id: str) -> dict | None:
        """The table with its `seats` (sorted by seat; each with its `credentials`, oldest first, as
        `{token_hash, kind, state, host}`) and `seq` (the last action's seq, 0 if none)."""
        found = self.tables([table_id])
        return found[0] if found else None

    def tables(self, ids: list[str]) -> list[dict]:
        """The tables among `ids` that exist, in the order of `ids` (unknown ids are left out)."""
        ids = list(dict.fromkeys(ids))
        if not ids:
            return []
        with self._read() as session:
            rows = {r.id: r for r in session.scalars(select(TableRow).where(TableRow.id.in_(ids)))}
            if not rows:
                return []
            seats: dict[str, list[SeatRow]] = {i: [] for i in rows}
            for s in session.scalars(select(SeatRow).where(SeatRow.table_id.in_(list(rows)))):
                seats[s.table_id].append(s)
            credentials: dict[str, dict[int, list[CredentialRow]]] = {i: {} for i in rows}
            for c in session.scalars(select(CredentialRow).where(CredentialRow.table_id.in_(list(rows)))
                                     .order_by(CredentialRow.created_at, CredentialRow.token_hash)):
                credentials[c.table_id].setdefault(c.seat, []).append(c)
            seqs = dict(session.execute(
                select(ActionRow.table_id, func.max(ActionRow.seq))
                .where(ActionRow.table_id.in_(list(rows))).group_by(ActionRow.table_id)
            ).all())
            return [_table_dict(rows[i], seats[i], seqs.get(i) or 0, credentials[i]) for i in ids if i in rows]

    def unfinished(self) -> list[str]:
        """Ids of the tables not over (waiting or playing), oldest first."""
        with self._read() as session:
            return list(session.scalars(
                select(TableRow.id).where(TableRow.status != "over")
                .order_by(TableRow.created_at, TableRow.id)
            ))

    def set_status(self, table_id: str, status: str, result: dict | None = None) -> list[dict]:
        """Set a table's status (`waiting`, `playing`, `over`), and with `over` the game's result. A rated
        table's end moves its players' ratings in the same transaction, once (`storage.ratings`); the
        changes made are returned (`[{subject, before, after, place}]`)."""
        _check_status(status)
        with self._write() as session:
            row = session.get(TableRow, table_id, with_for_update=True)
            if row is None:
                raise UnknownTable(f"no table {table_id!r}")
            row.status, row.updated_at = status, utcnow()
            if result is not None:
                row.result = result
            if status == "over" and row.rated and not row.rating_done:
                return rate_finished(session, row, result if result is not None else row.result)
            return []

    def set_clock(self, table_id: str, clock: dict | None) -> None:
        """Replace a table's clock settings/state (JSON, or None)."""
        with self._write() as session:
            done = session.execute(update(TableRow).where(TableRow.id == table_id)
                                   .values(clock=clock, updated_at=utcnow()))
            if done.rowcount == 0:
                raise UnknownTable(f"no table {table_id!r}")

    def update_seat(self, table_id: str, seat: int, **fields: Any) -> None:
        """Change a seat's `kind, bot, level, name, token_hash, joined` (e.g. hand it to a bot)."""
        unknown = set(fields) - set(SEAT_UPDATABLE)
        if unknown:
            raise ValueError(f"seat field(s) cannot be updated: {', '.join(sorted(unknown))}")
        if "joined" in fields:
            fields["joined"] = bool(fields["joined"])
        with self._write() as session:
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise UnknownTable(f"no seat {seat} at table {table_id!r}")
            for name, value in fields.items():
                setattr(row, name, value)
            session.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=utcnow()))

    def lookup_tokens(self, token_hashes: list[str]) -> list[dict]:
        """Who holds these token hashes: `[{token_hash, table_id, seat, host}]`, one entry per seat matched
        (`host` True when it is also that table's host token, or a device credential of the host's own seat)
        plus `{seat: None, host: True}` for a host token that is no seat's. Seat tokens, device credentials
        and pending invites count; spent and revoked credentials do not. For `GET /api/tables?tokens=...`."""
        hashes = list(dict.fromkeys(h for h in token_hashes if h))
        if not hashes:
            return []
        with self._read() as session:
            hosts = {(t.id, t.host_token_hash) for t in session.execute(
                select(TableRow.id, TableRow.host_token_hash).where(TableRow.host_token_hash.in_(hashes)))}
            found = []
            for s in session.execute(select(SeatRow.table_id, SeatRow.seat, SeatRow.token_hash)
                                     .where(SeatRow.token_hash.in_(hashes))
                                     .order_by(SeatRow.table_id, SeatRow.seat)):
                host = (s.table_id, s.token_hash) in hosts
                hosts.discard((s.table_id, s.token_hash))
                found.append({"token_hash": s.token_hash, "table_id": s.table_id, "seat": s.seat, "host": host})
            for c in session.execute(select(CredentialRow.table_id, CredentialRow.seat, CredentialRow.token_hash,
                                            CredentialRow.kind, CredentialRow.host)
                                     .where(CredentialRow.token_hash.in_(hashes), CredentialRow.state == "active")
                                     .order_by(CredentialRow.table_id, CredentialRow.seat)):
                found.append({"token_hash": c.token_hash, "table_id": c.table_id, "seat": c.seat,
                              "host": bool(c.host) and c.kind == "device"})
            found += [{"token_hash": h, "table_id": t, "seat": None, "host": True} for t, h in sorted(hosts)]
            return found

    # -- seat credentials (invite links, devices' own tokens) ------------------------------------------
    def spend_invite(self, table_id: str, seat: int, invite_hash: str, device_hash: str, **fields: Any) -> None:
        """A person joins with the pending invite `invite_hash` of `seat`, in one transaction: the invite
        becomes `spent`, `device_hash` becomes the seat's `device` credential (a host one if the invite was
        for the host's own seat), and the seat gets `fields` (`joined`, `name`, as in `update_seat`).
        `InviteNotPending` (nothing written) if the invite is not that seat's pending one."""
        unknown = set(fields) - set(SEAT_UPDATABLE)
        if unknown:
            raise ValueError(f"seat field(s) cannot be updated: {', '.join(sorted(unknown))}")
        with self._write() as session:
            invite = session.get(CredentialRow, invite_hash, with_for_update=True)
            if (invite is None or invite.table_id != table_id or invite.seat != seat or invite.kind != "invite"
                    or invite.state != "active"):
                raise InviteNotPending(f"table {table_id!r} seat {seat}: this invite is not pending")
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise UnknownTable(f"no seat {seat} at table {table_id!r}")
            now = utcnow()
            invite.state = "spent"
            session.add(CredentialRow(token_hash=device_hash, table_id=table_id, seat=seat, kind="device",
                                      state="active", host=bool(invite.host), created_at=now))
            for name, value in fields.items():
                setattr(row, name, bool(value) if name == "joined" else value)
            session.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=now))

    def add_device(self, table_id: str, seat: int, device_hash: str, host: bool = False) -> None:
        """One more device credential for `seat` (an account opening its own seat on another device; the
        seat's other tokens keep working)."""
        with self._write() as session:
            if session.get(SeatRow, (table_id, seat)) is None:
                raise UnknownTable(f"no seat {seat} at table {table_id!r}")
            session.add(CredentialRow(token_hash=device_hash, table_id=table_id, seat=seat, kind="device",
                                      state="active", host=host, created_at=utcnow()))

    def reissue_invite(self, table_id: str, seat: int, invite_hash: str, host: bool = False,
                       revoke_seat_token: bool = True) -> list[str]:
        """Give `seat` a new pending invite `invite_hash`, in one transaction: every credential of the seat
        that is not revoked yet (its pending or spent invite, its devices' tokens) becomes `revoked`; with
        `revoke_seat_token`, so does the seat's own `token_hash` (kept as a revoked `device` credential,
        then cleared). `host`: the invite is for the host's own seat (its `token_hash`, the host token, is
        then kept: pass `revoke_seat_token=False`). Returns the hashes revoked."""
        with self._write() as session:
            row = session.get(SeatRow, (table_id, seat))
            if row is None:
                raise UnknownTable(f"no seat {seat} at table {table_id!r}")
            now = utcnow()
            revoked = []
            for c in session.scalars(select(CredentialRow).where(CredentialRow.table_id == table_id,
                                                                 CredentialRow.seat == seat,
                                                                 CredentialRow.state != "revoked")):
                c.state = "revoked"
                revoked.append(c.token_hash)
            if revoke_seat_token and row.token_hash:
                if session.get(CredentialRow, row.token_hash) is None:
                    session.add(CredentialRow(token_hash=row.token_hash, table_id=table_id, seat=seat,
                                              kind="device", state="revoked", host=False, created_at=now))
                revoked.append(row.token_hash)
                row.token_hash = None
            session.add(CredentialRow(token_hash=invite_hash, table_id=table_id, seat=seat, kind="invite",
                                      state="active", host=bool(host), created_at=now))
            session.execute(update(TableRow).where(TableRow.id == table_id).values(updated_at=now))
            return revoked

    def delete_table(self, table_id: str) -> bool:
        """Remove a table with its seats, credentials, actions, snapshots and chat; False if there was none."""
        with self._write() as session:
            for model in (ChatRow, SnapshotRow, ActionRow, CredentialRow, SeatRow):
                session.execute(delete(model).where(model.table_id == table_id))
            return session.execute(delete(TableRow).where(TableRow.id == table_id)).rowcount > 0

    # -- the action log -------------------------------------------------------------------------
    def append_action(self, table_id: str, seq: int, seat: int, action: dict, key: str | None,
                      by_bot: bool = False, timeout: bool = False) -> None:
        """Append one action to the table's log.

        `seq` must be exactly the last seq + 1 (the first action is 1), else `SequenceError`. A `key`
        already used at this table raises `DuplicateKey`. Either way nothing is written.
        """
        try:
            with self._write() as session:
                # Lock the table row (PostgreSQL) so appends to one table run one after another.
                row = session.scalars(select(TableRow).where(TableRow.id == table_id).with_for_update()).first()
                if row is None:
                    raise UnknownTable(f"no table {table_id!r}")
                self._check_owner(session, [table_id])
                if key is not None:
                    taken = session.scalar(select(ActionRow.seq)
                                           .where(ActionRow.table_id == table_id, ActionRow.key == key))
                    if taken is not None:
                        raise DuplicateKey(table_id, key, taken)
                last = session.scalar(select(func.max(ActionRow.seq)).where(ActionRow.table_id == table_id)) or 0
                if seq != last + 1:
                    raise SequenceError(table_id, seq, last + 1)
                now = utcnow()
                session.add(ActionRow(table_id=table_id, seq=seq, seat=seat, action=action, key=key,
                                      by_bot=bool(by_bot), timeout=bool(timeout), created_at=now))
                row.updated_at = now
        except IntegrityError as exc:  # lost a race with another writer: say which rule it broke
            if key is not None and (hit := self.action_for_key(table_id, key)) is not None:
                raise DuplicateKey(table_id, key, hit["seq"]) from exc
            raise SequenceError(table_id, seq, self.last_seq(table_id) + 1) from exc

    def append_actions(self, batch: list[dict]) -> None:
        """Append several actions, of one table or many, in one transaction: each item holds `table_id, seq,
        seat, action, key` and optionally `by_bot, timeout`. The rules of `append_action` hold for every item
        (checked with one query for the whole batch); if any item breaks one, nothing is written and the
        error is raised (`AppendWriter` then retries the items one by one to tell which)."""
        if not batch:
            return
        ids = sorted({item["table_id"] for item in batch})
        now = utcnow()
        rows = [{"table_id": i["table_id"], "seq": i["seq"], "seat": i["seat"], "action": i["action"],
                 "key": i.get("key"), "by_bot": bool(i.get("by_bot")), "timeout": bool(i.get("timeout")),
                 "created_at": now} for i in batch]
        try:
            with self._lock, self._writer.begin() as conn:
                known = set(conn.execute(select(TableRow.id).where(TableRow.id.in_(ids))).scalars())
                missing = [i for i in ids if i not in known]
                if missing:
                    raise UnknownTable(f"no table {missing[0]!r}")
                self._check_owner(conn, ids)
                last = dict(conn.execute(select(ActionRow.table_id, func.max(ActionRow.seq))
                                         .where(ActionRow.table_id.in_(ids)).group_by(ActionRow.table_id)).all())
                for item in batch:  # in order: a batch may hold several moves of one table
                    expected = last.get(item["table_id"], 0) + 1
                    if item["seq"] != expected:
                        raise SequenceError(item["table_id"], item["seq"], expected)
                    last[item["table_id"]] = item["seq"]
                conn.execute(ActionRow.__table__.insert(), rows)  # a key used twice breaks its unique index
                conn.execute(update(TableRow.__table__).where(TableRow.__table__.c.id == bindparam("tid"))
                             .values(updated_at=now), [{"tid": i} for i in ids])
        except IntegrityError as exc:  # a repeated key (or a race on a seq): the writer asks move by move
            raise StoreError("a move of the batch repeats an idempotency key or a seq; nothing was written") from exc

    def _check_owner(self, conn: Connection | Session, ids: list[str]) -> None:
        """In cluster mode, raise `NotOwner` unless this worker owns every table of `ids`. The owner rows stay
        share-locked until the transaction ends, so a takeover (which updates them) waits for this write,
        and the new owner, which loads the log after taking over, sees it."""
        if self.owner_id is None:
            return
        query = (select(TableOwnerRow.table_id)
                 .where(TableOwnerRow.worker_id == self.owner_id, TableOwnerRow.table_id.in_(ids)))
        if self.dialect == "postgresql":
            query = query.with_for_update(read=True)
        held = set(conn.execute(query).scalars())
        for table_id in ids:
            if table_id not in held:
                raise NotOwner(table_id)

    def retract_action(self, table_id: str, seq: int) -> None:
        """Take back the table's last action, `seq` (a move taken back at a table against bots): its row
        and any snapshot at or after it are deleted. `SequenceError` if `seq` is not the last action;
        nothing else of the log can change."""
        with self._write() as session:
            row = session.scalars(select(TableRow).where(TableRow.id == table_id).with_for_update()).first()
            if row is None:
                raise UnknownTable(f"no table {table_id!r}")
            self._check_owner(session, [table_id])
            last = session.scalar(select(func.max(ActionRow.seq)).where(ActionRow.table_id == table_id)) or 0
            if seq != last or seq < 1:
                raise SequenceError(table_id, seq, last, what="retract")
            session.execute(delete(ActionRow).where(ActionRow.table_id == table_id, ActionRow.seq == seq))
            session.execute(delete(SnapshotRow).where(SnapshotRow.table_id == table_id, SnapshotRow.seq >= seq))
            row.updated_at = utcnow()

    def last_seq(self, table_id: str) -> int:
        """The seq of the table's last action (0 when it has none)."""
        with self._read() as session:
            return session.scalar(select(func.max(ActionRow.seq)).where(ActionRow.table_id == table_id)) or 0

    def action_for_key(self, table_id: str, key: str) -> dict | None:
        """The action stored under `key` at this table, as `{table_id, seq, seat, action, key, by_bot,
        timeout, created_at}`, or None."""
        with self._read() as session:
            row = session.scalars(select(ActionRow)
                                  .where(ActionRow.table_id == table_id, ActionRow.key == key)).first()
            return _action_dict(row) if row is not None else None

    def actions(self, table_id: str, after_seq: int = 0) -> list[dict]:
        """The table's actions with seq > `after_seq`, in order (dicts as in `action_for_key`)."""
        with self._read() as session:
            rows = session.scalars(select(ActionRow)
                                   .where(ActionRow.table_id == table_id, ActionRow.seq > after_seq)
                                   .order_by(ActionRow.seq))
            return [_action_dict(r) for r in rows]

    # -- snapshots ------------------------------------------------------------------------------
    def save_snapshot(self, table_id: str, seq: int, state: dict) -> None:
        """Keep the full state after `seq` actions (0 <= seq <= last seq); saving a seq again replaces it."""
        with self._write() as session:
            if session.get(TableRow, table_id) is None:
                raise UnknownTable(f"no table {table_id!r}")
            last = session.scalar(select(func.max(ActionRow.seq)).where(ActionRow.table_id == table_id)) or 0
            if not 0 <= seq <= last:
                raise SequenceError(table_id, seq, last, what="snapshot")
            row = session.get(SnapshotRow, (table_id, seq))
            if row is None:
                session.add(SnapshotRow(table_id=table_id, seq=seq, state=state, created_at=utcnow()))
            else:
                row.state = state
                row.created_at = utcnow()

    def latest_snapshot(self, table_id: str) -> tuple[int, dict] | None:
        """`(seq, state)` of the snapshot with the highest seq, or None."""
        with self._read() as session:
            row = session.scalars(select(SnapshotRow).where(SnapshotRow.table_id == table_id)
                                  .order_by(SnapshotRow.seq.desc()).limit(1)).first()
            return (row.seq, row.state) if row is not None else None

    # -- chat ---------------------------------------------------------------------------------------
    def add_chat(self, table_id: str, seat: int, name: str | None, text: str) -> dict:
        """Append a chat line (numbered after the last one) and return it as `chat` lists it."""
        with self._write() as session:
            if session.get(TableRow, table_id) is None:
                raise UnknownTable(f"no table {table_id!r}")
            n = (session.scalar(select(func.max(ChatRow.n)).where(ChatRow.table_id == table_id)) or 0) + 1
            row = ChatRow(table_id=table_id, n=n, seat=seat, name=name, text=text, created_at=utcnow())
            session.add(row)
            session.flush()
            return _chat_dict(row)

    def chat(self, table_id: str, last: int = 100) -> list[dict]:
        """The table's last `last` chat lines, oldest first: `{n, seat, name, text, at}`."""
        with self._read() as session:
            rows = session.scalars(select(ChatRow).where(ChatRow.table_id == table_id)
                                   .order_by(ChatRow.n.desc()).limit(last))
            return [_chat_dict(r) for r in reversed(list(rows))]

    # -- life cycle -----------------------------------------------------------------------------
    def ping(self) -> None:
        """One trivial query: raises if the database cannot be reached (the health check)."""
        with self._lock, self.engine.connect() as conn:
            conn.execute(select(1)).scalar()

    def close(self) -> None:
        """Write the moves still queued, then release every connection. The store must not be used
        afterwards."""
        self.appends.close()
        self.engine.dispose()

    def __enter__(self) -> Store:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def __repr__(self) -> str:
        return f"<Store {self.url.render_as_string(hide_password=True)}>"


class _NoLock:
    """A stand-in for a lock where the database itself serialises access."""

    def __enter__(self) -> None:
        return None

    def __exit__(self, *exc: object) -> None:
        return None


__all__ = ["DuplicateKey", "DuplicateTable", "InviteNotPending", "SequenceError", "Store", "StoreError", "UnknownTable",
           "normalize_url", "run_migrations"]
