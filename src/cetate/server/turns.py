"""Turn-based play (docs/turn-based.md): whose turn it is at every table, in the database; deadlines of hours
to days per move; a sweep that plays for a late seat; the "your turn" list; "your turn" mails.

- `TurnService.note(table)` runs after every change of a table (the scheduler calls it): when a person's
  decision is pending, the table's `turns` row says whose and since when, and at a turn-based table
  (`clock: {per_move_s}`) until when. Rows are written off the loop, the latest wish per table, many tables
  per transaction. A row that already says the same seat and move is kept as it is, so a restart gives no
  time back; after a crash between a move and its row, the new turn counts from the move's own time.
- The sweep, every `settings.turn_sweep_s` seconds in each server process, finds the rows past their deadline
  and claims each with a conditional UPDATE: of several processes, one wins and asks the table's owner to play
  for the late seat, with the easy level's bot, as a real-time clock does when it runs out (the move is
  stored with `timeout=True`; the game goes on, and the next person's turn gets its own deadline).
- `GET /api/turns`: the tables where the signed-in account's seats, or this browser's seat tokens, are to
  move, soonest deadline first. `GET`/`PUT /api/account/notify`: the account's e-mail address and whether
  it wants a mail when its turn comes at a turn-based table (sent only when an SMTP server is configured and
  the seat has no socket open at that table).
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import os
import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from typing import TYPE_CHECKING, Annotated, Any

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictBool, StrictStr

from cetate.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog
from cetate.server import accounts
from cetate.server.clock import per_move
from cetate.server.errors import ERRORS
from cetate.server.mail import EMAIL_MAX, Mailer, valid_email
from cetate.server.room.base import LiveTable, TableError, mover
from cetate.server.room.services.seats import hash_token
from cetate.server.storage.turns import TurnStore

if TYPE_CHECKING:
    from cetate.server.tables import TableHub

log = logging.getLogger("cetate.server.turns")

MAIL_DELAY_S = 60.0  # a "your turn" mail waits this long: none if the person has played or opened the table by then
CLAIM_LEASE_S = 120.0  # a claimed late move not played by then (its process died) is claimed again
DUE_PER_SWEEP = 100
TOKENS_MAX = 100


def _parse(value: Any) -> datetime | None:
    if isinstance(value, datetime):
        return value if value.tzinfo else value.replace(tzinfo=UTC)
    if isinstance(value, str):
        with contextlib.suppress(ValueError):
            parsed = datetime.fromisoformat(value)
            return parsed if parsed.tzinfo else parsed.replace(tzinfo=UTC)
    return None


class TurnService:
    """The turns of the tables this process holds, the sweep, and the mails."""

    def __init__(self, hub: TableHub, mailer: Mailer, now: Callable[[], datetime] | None = None) -> None:
        self.hub = hub
        self.store = TurnStore(hub.store)
        self.mailer = mailer
        self.now: Callable[[], datetime] = now or (lambda: datetime.now(UTC))
        cluster = hub.cluster
        self.worker = cluster.id if cluster is not None else f"{os.getpid()}-{secrets.token_hex(4)}"
        self._noted: dict[str, tuple[int, int] | None] = {}  # table id -> (seat, seq) written or queued
        self.deadlines: dict[str, datetime] = {}  # table id -> the pending decision's deadline (turn-based)
        self._pending: dict[str, tuple[LiveTable, dict | None]] = {}
        self._wake = asyncio.Event()
        self._lock = asyncio.Lock()  # one write at a time, in the order the changes came
        self._tasks: list[asyncio.Task] = []
        self._mails: set[asyncio.Task] = set()
        self.mail_delay_s = MAIL_DELAY_S
        self.catalog = Catalog()

    # -- life cycle ---------------------------------------------------------------------------------
    def start(self) -> None:
        self._tasks = [asyncio.ensure_future(self._flush_loop()), asyncio.ensure_future(self._sweep_loop())]

    async def stop(self) -> None:
        try:
            await self.flush()
        except Exception:  # the next start writes them again (`note` on every table it loads)
            log.exception("turns not written at shutdown")
        for task in [*self._tasks, *self._mails]:
            task.cancel()
        for task in [*self._tasks, *self._mails]:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task
        self._tasks = []
        self._mails.clear()

    # -- the rows -------------------------------------------------------------------------------------
    def note(self, table: LiveTable) -> None:
        """After a change of `table`: queue its row if whose decision is pending changed."""
        seat = mover(table)
        want = (seat, table.seq) if seat is not None and table.human(seat) else None
        first = table.id not in self._noted
        if not first and self._noted[table.id] == want:
            return
        if table.status == "over":
            self._noted.pop(table.id, None)
        else:
            self._noted[table.id] = want
        row = None
        if want is not None:
            # a live change starts the turn now; a table just loaded here counts from its last change (a row
            # that already says the same seat and move keeps its time: `TurnStore.apply`)
            since = (_parse(table.updated_at) if first else None) or self.now()
            seconds = per_move(table.clock_config)
            row = {"seat": seat, "seq": table.seq, "game": table.game.id, "since": since,
                   "deadline": since + timedelta(seconds=seconds) if seconds else None}
        if row is not None and row["deadline"] is not None:
            self.deadlines[table.id] = row["deadline"]
        else:
            self.deadlines.pop(table.id, None)
        self._pending[table.id] = (table, row)
        self._wake.set()

    def clock(self, table: LiveTable) -> dict | None:
        """A turn-based table's clock as its summary shows it: `{per_move_s, running, deadline, remaining_s}`
        (every person's seat has `per_move_s` but the one to move, which has until `deadline`); another
        table's clock config as it is."""
        seconds = per_move(table.clock_config)
        if seconds is None:
            return table.clock_config
        seat = mover(table)
        running = seat if seat is not None and table.human(seat) else None
        deadline = self.deadlines.get(table.id) if running is not None else None
        left = max(0.0, (deadline - self.now()).total_seconds()) if deadline is not None else float(seconds)
        return {"per_move_s": seconds, "running": running, "deadline": deadline.isoformat() if deadline else None,
                "remaining_s": [round(left, 3) if i == running else float(seconds) for i in range(table.players)]}

    async def flush(self) -> None:
        """Write what is queued (after a write in flight)."""
        await self._write()

    async def _flush_loop(self) -> None:
        while True:
            await self._wake.wait()
            self._wake.clear()
            try:
                await self._write()
            except Exception:
                log.exception("turns not written; trying again")
                await asyncio.sleep(1.0)
                self._wake.set()

    async def _write(self) -> None:
        async with self._lock:
            while self._pending:
                batch, self._pending = self._pending, {}
                await self._write_batch(batch)

    async def _write_batch(self, batch: dict[str, tuple[LiveTable, dict | None]]) -> None:
        # a table this process no longer holds (another worker took it over) is its new owner's to write
        live = {i: (t, row) for i, (t, row) in batch.items() if self.hub.tables.get(i) is t or t.status == "over"}
        if not live:
            return
        try:
            written = await asyncio.to_thread(self.store.apply, {i: row for i, (_t, row) in live.items()})
        except BaseException:
            for table_id, entry in live.items():  # again, unless a newer wish came meanwhile
                self._pending.setdefault(table_id, entry)
            raise
        for row in written:
            table = live[row["table_id"]][0]
            if row.get("kept"):  # the stored deadline stands (a restart gives no time back)
                if row["deadline"] is not None and self._noted.get(table.id) == (row["seat"], row["seq"]):
                    self.deadlines[table.id] = row["deadline"]
                continue
            if row["previous_seat"] != row["seat"] and row.get("deadline") is not None and self.mailer.configured:
                task = asyncio.ensure_future(self._mail(table, row))
                self._mails.add(task)
                task.add_done_callback(self._mails.discard)

    # -- the sweep ----------------------------------------------------------------------------------
    async def _sweep_loop(self) -> None:
        while True:
            await asyncio.sleep(self.hub.settings.turn_sweep_s)
            try:
                await self.sweep()
            except Exception:
                log.exception("the turn sweep failed")

    async def sweep(self) -> int:
        """Play for every late seat whose move this process claims; how many moves were played."""
        await self.flush()  # this process's own rows first
        now = self.now()
        played = 0
        for row in await asyncio.to_thread(self.store.due, now, DUE_PER_SWEEP):
            until = now + timedelta(seconds=CLAIM_LEASE_S)
            if not await asyncio.to_thread(self.store.claim, row["table_id"], row["seq"], self.worker, now, until):
                continue  # another process has it
            try:
                done = await self.hub.call(row["table_id"], "timeout", None, {"seat": row["seat"], "seq": row["seq"]})
                played += bool(done.get("played"))
            except Exception:
                log.exception("table %s: the late move of seat %s was not played", row["table_id"], row["seat"])
        return played

    # -- mails --------------------------------------------------------------------------------------
    async def _mail(self, table: LiveTable, row: dict) -> None:
        """After `mail_delay_s`, tell the seat's account its turn has come, if it still waits and the person
        has no socket open at the table (and the account wants such mails)."""
        await asyncio.sleep(self.mail_delay_s)
        if table.seq != row["seq"] or mover(table) != row["seat"] or table.connected(row["seat"]):
            return  # played already, or the person has the table open
        try:
            who = await asyncio.to_thread(self.store.recipient, table.id, row["seat"])
        except Exception:
            log.exception("table %s: who to tell about the turn is unknown", table.id)
            return
        if who is None:
            return
        lang = next((code for code in who["languages"] if code in LANGUAGES), DEFAULT_LANGUAGE)
        t = self.catalog.text
        base = self.hub.settings.public_url
        link = f"{base.rstrip('/')}/#/t/{table.id}" if base else table.id
        deadline = row["deadline"].astimezone(UTC).strftime("%Y-%m-%d %H:%M")
        subject = t("web.turns.mail.subject", lang, game=table.game.name)
        body = t("web.turns.mail.body", lang, name=who["name"] or "", game=table.game.name, link=link,
                 deadline=deadline)
        self.mailer.send(who["email"], subject, body)


# -- HTTP -------------------------------------------------------------------------------------------------

router = APIRouter(prefix="/api", tags=["turns"], responses=ERRORS)


def service_of(request: Request) -> TurnService:
    service = getattr(request.app.state, "turns", None)
    if service is None:
        raise TableError(503, "starting", "the server is starting: try again in a moment")
    return service


class TurnEntry(BaseModel):
    table_id: str
    game: str
    seat: int
    seq: int
    since: str | None
    deadline: str | None = Field(None, description="at a turn-based table: when the easy bot plays for the seat")


class Turns(BaseModel):
    turns: list[TurnEntry]
    count: int


@router.get("/turns", response_model=Turns, summary="The tables where it is your turn")
async def your_turns(request: Request,
                     tokens: Annotated[str, Query(max_length=8000, pattern=r"^[A-Za-z0-9_,\- ]*$", description="this browser's seat tokens, "
                                                  f"comma-separated (the first {TOKENS_MAX} count)")] = "") -> dict:
    """The signed-in account's seats (the session cookie) and the seats of the tokens given, where that seat's
    decision is pending now; the soonest deadline first, then the longest wait. Pending invites and host-only
    tokens hold no seat here."""
    service = service_of(request)
    store = service.store
    user = await accounts.current(request)
    rows = await asyncio.to_thread(store.for_account, user["id"]) if user is not None else []
    hashes = [hash_token(t) for t in (x.strip() for x in tokens.split(",")) if t and len(t) <= 256][:TOKENS_MAX]
    if hashes:
        found = await asyncio.to_thread(request.app.state.store.lookup_tokens, hashes)
        invites = await asyncio.to_thread(accounts.accounts_of(request).store.pending_invites,
                                          [f["token_hash"] for f in found])
        seats = [(f["table_id"], f["seat"]) for f in found if f["seat"] is not None and f["token_hash"] not in invites]
        rows += await asyncio.to_thread(store.for_seats, seats)
    unique = list({(r["table_id"], r["seat"]): r for r in rows}.values())
    unique.sort(key=lambda r: (r["deadline"] is None, r["deadline"] or "", r["since"] or "", r["table_id"]))
    return {"turns": unique, "count": len(unique)}


class NotifyBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    email: StrictStr | None = Field(None, max_length=1000, description="the address for mails (empty or null: none)")
    email_turns: StrictBool = Field(False, description="a mail when your turn comes at a turn-based table")


@router.get("/account/notify", summary="Your notification choices")
async def get_notify(request: Request, user: Annotated[dict, Depends(accounts.signed_in_read)]) -> dict:
    service = service_of(request)
    return {**await asyncio.to_thread(service.store.settings, user["id"]), "mail_available": service.mailer.configured}


@router.put("/account/notify", summary="Set your e-mail address and whether to get \"your turn\" mails")
async def put_notify(request: Request, body: NotifyBody, user: Annotated[dict, Depends(accounts.signed_in)]) -> dict:
    service = service_of(request)
    email = (body.email or "").strip() or None
    if email is not None and not valid_email(email):
        raise TableError(422, "bad_email", f"that is not an e-mail address (name@example.org, at most {EMAIL_MAX} "
                         "characters)", field="email")
    if body.email_turns and email is None:
        raise TableError(422, "email_needed", "give an e-mail address to get mails", field="email")
    saved = await asyncio.to_thread(service.store.set_settings, user["id"], email, body.email_turns)
    return {**saved, "mail_available": service.mailer.configured}


def install(app: Any, hub: TableHub, settings: Any) -> TurnService:
    """Give the app (and its hub: the scheduler calls `note`) the turn service, at startup."""
    service = TurnService(hub, Mailer(settings))
    app.state.turns = hub.turns = service
    return service


__all__ = ["CLAIM_LEASE_S", "TurnService", "install", "router"]
