"""`TableHub`: the live tables, in memory, over the `Store` (docs/server.md).

Every change to a table runs under that table's `asyncio.Lock`, in a task of its own that finishes even
when the request that started it goes away (so the store and the memory never disagree). A move's engine
work (well under a millisecond) runs on the loop; its write goes to the store's `AppendWriter`, which
commits the moves of many tables together and acknowledges each once committed; the take-back check runs
in a thread after the move is announced (docs/performance.md, "The server's move path"). An action is
applied to a clone of the state, written to the store, and only then becomes the table's state; a refused
action changes nothing. At tables against bots (or on one device) without a clock, a person may take back
their own last move when it showed nobody anything hidden (`undo`): the log then loses that move, and only
that one.

The hub keeps the full events (`Event`, with their secret parts) and redacts them for each receiver when
it sends them: `game.view(state, seat)`, `game.event_view(event, seat)`, spectators being seat `None`.
After a restart a table is rebuilt by replaying its stored actions from the seed, which gives back the
state, the journal and the idempotency keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import hashlib
import hmac
import inspect
import json
import logging
import secrets
import time
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any

import orjson

from cetate import games as registry
from cetate.bots import bot_seed, uses_sample
from cetate.core.actions import canonical
from cetate.core.errors import IllegalAction, InvalidOptions, InvalidState
from cetate.core.events import Event
from cetate.core.record import Record
from cetate.core.rng import Rng
from cetate.core.takeback import showed_nothing
from cetate.server.bots import LEVELS, BotPool, game_bots, level_bot
from cetate.server.clock import BadClock, TurnClock, check_clock
from cetate.server.cluster import Cluster, OwnerGone
from cetate.server.settings import Settings
from cetate.server.storage import DuplicateKey, InviteNotPending, NotOwner, Store

log = logging.getLogger("cetate.server.tables")

KINDS = ("human", "hotseat", "bot")
SNAPSHOT_EVERY = 50
ANSWERS_KEPT = 128  # full first answers kept per table for retried keys (older keys: events + current view)
TIMEOUT_EVENT = "turn_timeout"  # the journal's mark before a move a bot played for a seat out of time
NAME_MAX = 40
CHAT_MAX = 300  # characters in a chat message
CHAT_KEPT = 100  # chat lines a table keeps in memory and sends on (re)connect
CHAT_BURST, CHAT_WINDOW_S = 5, 10.0  # at most 5 messages per seat in 10 seconds
# what an `update` carries of the table summary (the rest changes only with a `sync`: seats, options, hints)
UPDATE_FIELDS = ("status", "to_move", "undo", "clock", "seq", "updated_at", "result", "seed")
_NO_VIEW = object()
UNDO_CHECK_DELAY_S = 0.2  # a take-back check waits this long first: most moves answered sooner need none
RESULTS_REPLAYED = 10  # finished tables without a stored result replayed per "your tables" request


class TableError(Exception):
    """A refused request: an HTTP status, a stable code, a message for people, maybe the field at fault."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        doc = {"code": self.code, "message": self.message}
        if self.field is not None:
            doc["field"] = self.field
        return doc


class _Stale(Exception):
    """A bot or clock decision that arrived after the table moved on."""


def new_token() -> str:
    return secrets.token_urlsafe(32)


SEED_BITS = 128  # a server seed: far beyond any enumeration (docs/server.md, "Seeds")
SEED_TEXT_MAX = 128  # characters in a chosen string seed
SEED_INT_BITS_MAX = 256  # bits in a chosen integer seed


def new_seed() -> int:
    """A table's seed when its creator chose none: 128 bits from the operating system's secure source.
    The engines' `Rng.from_seed` takes it whole (`cetate.core.rng.fold_seed`)."""
    return secrets.randbits(SEED_BITS)


def check_chosen_seed(seed: int | str, people: int) -> None:
    """Refuse a seed chosen by the creator of a table where more than one person plays (invited or on this
    device): whoever chose it could set the game up offline and see every hand and the deck's order. A solo
    table or one of bots only may take one (the record says it was chosen)."""
    if people > 1:
        raise TableError(422, "seed_not_allowed", f"a seed cannot be chosen at a table where {people} people "
                         "play: the server draws one that nobody at the table can know", field="seed")
    if isinstance(seed, str) and not 0 < len(seed) <= SEED_TEXT_MAX:
        raise TableError(422, "bad_seed", f"a seed text has 1 to {SEED_TEXT_MAX} characters", field="seed")
    if isinstance(seed, int) and seed.bit_length() > SEED_INT_BITS_MAX:
        raise TableError(422, "bad_seed", f"a seed number has at most {SEED_INT_BITS_MAX} bits", field="seed")


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def _invite(token: str, host: bool = False) -> dict:
    """A pending invite credential for `token` (`host`: a link to the host's own seat)."""
    return {"token_hash": hash_token(token), "kind": "invite", "state": "active", "host": host}


def _spent(seat: int) -> TableError:
    return TableError(409, "invite_spent", f"this invite link was already used: seat {seat} is taken by the "
                      "person who joined with it. You can still watch the table as a spectator (open it without "
                      "the link); if the seat is yours, ask the host for a new link")


def _revoked(seat: int) -> TableError:
    return TableError(401, "token_revoked", f"the host gave seat {seat} a new invite link, so this link (or "
                      "this device's token for the seat) no longer works: ask the host for the new link, or "
                      "watch the table as a spectator")


def _check_credential(seat: int, cred: dict) -> None:
    """Refuse a seat credential that no longer holds its seat: a revoked one, or an invite already spent."""
    if cred["state"] == "revoked":
        raise _revoked(seat)
    if cred["state"] != "active":
        raise _spent(seat)


def encode(message: dict) -> str:
    """A message for the sockets as compact JSON: orjson, or the standard library for what orjson refuses
    (an integer beyond 64 bits such as a finished table's seed; an unpaired surrogate, which cannot go out
    as UTF-8 and is escaped)."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(message, separators=(",", ":"))
        return text


def _utf8(text: str) -> bool:
    """Whether `text` can be written as UTF-8 (JSON's `\\ud800` escapes give strings that cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def _json_copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


@dataclass(frozen=True)
class Auth:
    """Who is asking: a seat (or None: spectator or host-only token), whether it is the host; `invite`: the
    token is a seat's pending invite (it shows the table as that seat and lets its person join);
    `credential`: the hash of the token used."""

    seat: int | None = None
    host: bool = False
    token: bool = False
    invite: bool = False
    credential: str | None = None


class Subscriber:
    """One WebSocket: the seat it sees the table as, and the queue of messages waiting to be sent."""

    __slots__ = ("auth", "queue", "seat")

    def __init__(self, auth: Auth) -> None:
        self.auth = auth
        self.seat = auth.seat
        self.queue: asyncio.Queue = asyncio.Queue()


@dataclass(frozen=True)
class RemoteTable:
    """In cluster mode, a table that another worker owns: requests for it are forwarded there."""

    id: str
    owner: str


class LiveTable:
    def __init__(self, info: dict, seats: list[dict], game, state) -> None:
        self.id: str = info["id"]
        self.game = game
        self.engine_version: str = info.get("engine_version", game.engine_version)
        self.players: int = info["players"]
        self.options: dict = info.get("options") or {}
        self.seed: int | str = info["seed"]
        self.seed_chosen: bool = bool(info.get("seed_chosen"))  # by the creator (solo and bot-only tables)
        self.status: str = info.get("status", "waiting")
        self.clock_config: dict | None = info.get("clock")
        self.host_token_hash: str | None = info.get("host_token_hash")
        self.created_at: str | None = info.get("created_at")
        self.updated_at: str | None = info.get("updated_at")
        self.seats = [dict(s) for s in seats]
        self.state = state
        self.seq = 0
        self.version = 0  # counts every change of the state (a move, a move taken back), unlike seq
        self.events: list[list[Event]] = [list(game.start_events(state))]  # by seq; 0: the set-up
        self.actions: list[dict] = []  # {seq, seat, action, by_bot, timeout, undo (may be taken back)}
        self.keys: dict[str, tuple[int, int]] = {}  # idempotency key -> (seq, seat)
        self.answers: OrderedDict[str, dict] = OrderedDict()
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.presence: dict[int, int] = {}  # seat -> open WebSockets with that seat's token
        self.clock: TurnClock | None = (TurnClock.from_config(self.clock_config, self.players)
                                        if self.clock_config else None)
        self.bot_task: asyncio.Task | None = None
        self.timer_task: asyncio.Task | None = None
        self.chat: list[dict] = []  # the last CHAT_KEPT lines, oldest first
        self.said: dict[int, deque] = {}  # seat -> monotonic times of its recent chat messages
        self.hint: dict[tuple[int, int], asyncio.Future] = {}  # (version, seat) -> the hint of that decision
        self.retracted: set[str] = set()  # idempotency keys of moves taken back (a retry must not replay one)
        self.reviews: dict[int, asyncio.Future] = {}  # seat -> its moves compared with the bot (finished games)
        self.undo_task: asyncio.Future | None = None  # the take-back check of the last move (`_check_undo`)
        self.views: dict = {}  # seat -> game.view at `views_version` (the base of the next update's changes)
        self.views_version = -1

    def touch(self) -> None:
        self.updated_at = _now_iso()

    def human(self, seat: int) -> bool:
        return self.seats[seat]["kind"] != "bot"

    def people(self) -> list[int]:
        """The seats played by people (invited or on this device)."""
        return [s["seat"] for s in self.seats if s["kind"] != "bot"]

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def connected(self, seat: int) -> bool:
        return self.presence.get(seat, 0) > 0


def _check_turn(table: LiveTable, seat: int) -> None:
    """Refuse (409) a request that needs `seat` to be a person's seat whose decision is pending now."""
    if table.status == "waiting":
        raise TableError(409, "table_not_started", "the table has not started yet")
    if table.status == "over" or table.to_move() is None:
        raise TableError(409, "game_over", "the game is over")
    if not table.human(seat):
        raise TableError(409, "seat_is_bot", f"seat {seat} is played by a bot now")
    if table.to_move() != seat:
        raise TableError(409, "not_your_turn", "it is not your turn")


def _outcome(result: dict | None) -> dict | None:
    """What the lobby shows of a finished game: who won, and the seats from best to worst when the game
    ranks them (Akropolis solo: `winners` is `[0]` when the player beat the Architect, else `[]`)."""
    if not isinstance(result, dict):
        return None
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    ranking = result.get("ranking")
    return {"winners": winners, "ranking": ranking if isinstance(ranking, list) else None}


def _now_iso() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat()


_TAKES_SEAT: dict[str, bool] = {}


def _takes_seat(game) -> bool:
    found = _TAKES_SEAT.get(game.id)
    if found is None:
        try:
            found = "seat" in inspect.signature(game.apply).parameters
        except (TypeError, ValueError):
            found = False
        _TAKES_SEAT[game.id] = found
    return found


def _apply(game, state, action: dict, seat: int | None):
    """Apply through the engine, checking the seat: with the engine's own `seat` keyword when it has one."""
    if seat is not None and _takes_seat(game):
        return game.apply(state, action, seat=seat)
    if seat is not None and game.to_move(state) != seat:
        raise IllegalAction("not_your_turn", "it is not this seat's turn")
    return game.apply(state, action)


SLOW_OPS = frozenset({"hint", "review", "replay"})  # forwarded with a longer wait (bot time, a whole replay)
RETRY_SAFE = frozenset({"view", "record", "replay", "review", "hint"})  # run again if the owner died meanwhile


class TableHub:
    def __init__(self, store: Store, pool: BotPool, settings: Settings, cluster: Cluster | None = None) -> None:
        self.store = store
        self.pool = pool
        self.settings = settings
        self.cluster = cluster  # None: the embedded single process, which holds every table
        self.tables: dict[str, LiveTable] = {}
        self._finished: OrderedDict[str, None] = OrderedDict()
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task] = set()
        self._closing = False

    # -- life cycle ---------------------------------------------------------------------------------
    async def startup(self) -> None:
        """Resume every unfinished table from the store and restart the bots and clocks. In cluster mode, join
        the cluster instead: its beat takes the unfinished tables that no live worker owns."""
        if self.cluster is not None:
            self.store.owner_id = self.cluster.id
            await self.cluster.start(self)
            return
        ids = await asyncio.to_thread(self.store.unfinished)
        for table_id in ids:
            try:
                table = await asyncio.to_thread(self._load, table_id)
            except Exception:
                log.exception("table %s cannot be resumed", table_id)
                continue
            if table is not None:
                self.tables[table_id] = table
        for table in list(self.tables.values()):
            if table.status == "playing":
                self._schedule(table)
        log.info("resumed %d unfinished table(s)", len(self.tables))

    async def shutdown(self) -> None:
        self._closing = True
        background = [t for table in self.tables.values() for t in (table.bot_task, table.timer_task)
                      if t is not None and not t.done()]
        for task in background:
            task.cancel()
        if background:
            await asyncio.gather(*background, return_exceptions=True)
        if self._tasks:  # changes in flight finish, so the store and the memory agree
            await asyncio.wait(list(self._tasks), timeout=10)
        for table in self.tables.values():
            for sub in table.subscribers:
                sub.queue.put_nowait(None)
        if self.cluster is not None:
            for _owner, local in list(self.cluster.proxies.values()):
                local.queue.put_nowait(None)
            await self.cluster.stop()

    # -- cluster mode: tables that move between workers -------------------------------------------
    async def take_over(self, table_id: str) -> None:
        """Own and resume an unfinished table whose worker died (cluster mode's scan)."""
        await self.get(table_id)

    def drop(self, table: LiveTable) -> None:
        """This worker no longer owns `table` (another took it over): forget it, stop its bot and clock, and
        close its sockets (1012), whose clients reconnect to the new owner."""
        if self.tables.get(table.id) is table:
            del self.tables[table.id]
        self._finished.pop(table.id, None)
        current = asyncio.current_task()
        for task in (table.bot_task, table.timer_task):
            if task is not None and task is not current and not task.done():
                task.cancel()
        for sub in list(table.subscribers):
            sub.queue.put_nowait(None)
        table.subscribers.clear()
        table.presence.clear()
        log.warning("table %s is no longer this worker's", table.id)

    def drop_all(self) -> None:
        for table in list(self.tables.values()):
            self.drop(table)

    def drop_remote(self, table_id: str, sub: str) -> None:
        """A socket at another worker left (or that worker died)."""
        entry = self.cluster.remote.pop(sub, None) if self.cluster is not None else None
        table = self.tables.get(table_id)
        if entry is not None and table is not None:
            self.unsubscribe(table, entry[1])

    async def call(self, table_id: str, op: str, token: str | None = None, args: dict | None = None) -> Any:
        """Run the request `op` (`OPS`) for `table_id` as the holder of `token`: here, or at the worker that
        owns the table (cluster mode). Returns its JSON-ready answer; a refusal raises `TableError`."""
        args = args or {}
        for _attempt in range(4):
            target = await self.get(table_id)
            if isinstance(target, LiveTable):
                return await OPS[op](self, target, token, args)
            timeout = 60.0 if op in SLOW_OPS else 10.0
            try:
                return await self.cluster.call(target.owner, table_id, op, token, args, timeout)
            except OwnerGone as exc:
                self.cluster.forget(table_id, exc.owner)
                if not exc.delivered and not exc.alive:
                    await self.cluster.declare_dead(exc.owner)
                elif exc.delivered and not (op in RETRY_SAFE or (op == "act" and args.get("key"))):
                    raise TableError(503, "owner_lost", "the server process that held this table stopped while "
                                     "handling this request: look at the table again before repeating it") from exc
        raise TableError(503, "table_moving", "this table is moving between server processes; try again in a "
                         "few seconds")

    async def serve(self, table_id: str, op: str, token: str | None, args: dict, origin: str) -> Any:
        """A request forwarded by worker `origin` (cluster mode), for a table this worker should own."""
        if self._closing:
            raise OwnerGone(self.cluster.id, delivered=False, alive=True)
        target = await self.get(table_id)
        if not isinstance(target, LiveTable):
            raise OwnerGone(target.owner, delivered=False, alive=True)
        if op == "subscribe":
            auth = self.authenticate(target, token)
            self._attach(target, self.cluster.remote_subscriber(origin, target.id, args["sub"], auth))
            return {"seat": auth.seat}
        if op not in OPS:
            raise TableError(400, "bad_request", f"unknown operation {op!r}")
        return await OPS[op](self, target, token, args)

    async def open_socket(self, table_id: str, token: str | None) -> tuple[Subscriber, Any]:
        """A WebSocket's subscription to `table_id`, wherever the table lives; returns it and the function to
        call when the socket closes. A table owned elsewhere sends its messages through `Cluster.deliver`."""
        for _attempt in range(4):
            target = await self.get(table_id)
            if isinstance(target, LiveTable):
                sub = self.subscribe(target, self.authenticate(target, token))
                return sub, functools.partial(self.unsubscribe, target, sub)
            cluster = self.cluster
            sub_id = cluster.new_sub()
            local = Subscriber(Auth())
            cluster.watch(target.owner, sub_id, local)
            try:
                answer = await cluster.call(target.owner, table_id, "subscribe", token, {"sub": sub_id})
            except OwnerGone as exc:
                cluster.proxies.pop(sub_id, None)
                cluster.forget(table_id, exc.owner)
                if not exc.alive:
                    await cluster.declare_dead(exc.owner)
                continue
            except BaseException:
                cluster.proxies.pop(sub_id, None)
                raise
            local.seat = answer.get("seat") if isinstance(answer, dict) else None
            return local, functools.partial(cluster.unwatch, sub_id, table_id)
        raise TableError(503, "table_moving", "this table is moving between server processes; try again in a "
                         "few seconds")

    # -- finding tables and callers -----------------------------------------------------------------
    async def get(self, table_id: str) -> LiveTable | RemoteTable:
        table = self.tables.get(table_id)
        if table is not None:
            return table
        if not table_id or len(table_id) > 64:
            raise TableError(404, "unknown_table", f"there is no table {table_id!r}")
        cluster = self.cluster
        if cluster is not None and (owner := cluster.owners.get(table_id)) is not None:
            return RemoteTable(table_id, owner)
        async with self._load_lock:
            table = self.tables.get(table_id)
            if table is None:
                if cluster is not None:  # one owner at a time: take the table, or find who holds it
                    owner = await cluster.acquire(table_id)
                    if owner is None:
                        raise TableError(404, "unknown_table", f"there is no table {table_id!r}")
                    if owner != cluster.id:
                        return RemoteTable(table_id, owner)
                try:
                    table = await asyncio.to_thread(self._load, table_id)
                except Exception as exc:  # the details (maybe secret moves) go to the log only
                    if cluster is not None:
                        await cluster.release(table_id)
                    log.exception("table %s cannot be restored", table_id)
                    raise TableError(500, "table_unavailable", f"table {table_id!r} cannot be restored from "
                                     "the store; the reason is in the server's log") from exc
                if table is None:
                    raise TableError(404, "unknown_table", f"there is no table {table_id!r}")
                self.tables[table_id] = table
                if table.status == "over":
                    self._remember_finished(table)
                elif table.status == "playing":
                    self._schedule(table)
        return table

    def _remember_finished(self, table: LiveTable) -> None:
        self._finished[table.id] = None
        self._finished.move_to_end(table.id)
        while len(self._finished) > self.settings.finished_tables_cached:
            old, _ = self._finished.popitem(last=False)
            gone = self.tables.get(old)
            if gone is not None and not gone.subscribers:
                del self.tables[old]

    def authenticate(self, table: LiveTable, token: str | None, required: bool = False) -> Auth:
        """The seat (and host right) of `token` at `table`. No token: a spectator, unless `required`.

        A seat's own token (the creator's, a hot seat's, a device's credential given when its person joined,
        or any seat's at a table made before invites were spent) holds the seat; so does a pending invite,
        marked `invite`, until its person joins. A spent invite answers 409 `invite_spent`, a token the host
        replaced with a new link 401 `token_revoked`."""
        if not token:
            if required:
                raise TableError(401, "missing_token", "this request needs the token of a seat "
                                 "(Authorization: Bearer <token>, or ?token=)")
            return Auth()
        digest = hash_token(token)
        host = table.host_token_hash is not None and hmac.compare_digest(digest, table.host_token_hash)
        for seat in table.seats:
            if seat.get("token_hash") and hmac.compare_digest(digest, seat["token_hash"]):
                return Auth(seat=seat["seat"], host=host, token=True, credential=digest)
        for seat in table.seats:
            for cred in seat.get("credentials") or ():
                if hmac.compare_digest(digest, cred["token_hash"]):
                    _check_credential(seat["seat"], cred)
                    if cred["kind"] == "invite":
                        return Auth(seat=seat["seat"], token=True, invite=True, credential=digest)
                    return Auth(seat=seat["seat"], host=host or bool(cred.get("host")), token=True,
                                credential=digest)
        if host:
            return Auth(seat=None, host=True, token=True)
        raise TableError(401, "bad_token", "this token does not belong to this table")

    def check_playing(self, table: LiveTable, auth: Auth) -> None:
        """Refuse a caller that may look but not play (a move, a chat line): a pending invite must be used to
        join first (403 `join_first`), and a credential that was revoked or spent after the caller's socket
        opened no longer holds the seat (401 `token_revoked`, 409 `invite_spent`)."""
        if auth.invite:
            raise TableError(403, "join_first", "this is an invite link: join the table with it first "
                             "(POST /api/tables/{table_id}/join), then use the seat's own token from the answer")
        digest = auth.credential
        if digest is None or auth.seat is None:
            return
        seat = table.seats[auth.seat]
        if seat.get("token_hash") and hmac.compare_digest(digest, seat["token_hash"]):
            return
        for cred in seat.get("credentials") or ():
            if hmac.compare_digest(digest, cred["token_hash"]):
                _check_credential(auth.seat, cred)
                return
        raise _revoked(auth.seat)

    async def my_tables(self, tokens: list[str]) -> list[dict]:
        """The tables the given tokens hold a seat at (or host), one entry per table and seat; a finished
        table's entry carries `result: {winners, ranking}` (a table finished before results were stored
        gets it by a replay, a few per request)."""
        hashes = [hash_token(t) for t in tokens if t][:100]
        if not hashes:
            return []
        found = await asyncio.to_thread(self.store.lookup_tokens, hashes)
        rows = {r["id"]: r for r in await asyncio.to_thread(
            self.store.tables, [f["table_id"] for f in found if f["table_id"] not in self.tables])}
        backfill = [i for i, r in rows.items() if r["status"] == "over" and r.get("result") is None]
        for table_id in backfill[:RESULTS_REPLAYED]:
            with contextlib.suppress(TableError):
                await self.get(table_id)  # replays it, keeps its result in the store and the table in memory
        out, seen = [], set()
        for hit in found:
            key = (hit["table_id"], hit["seat"])
            if key in seen:
                continue
            seen.add(key)
            live = self.tables.get(hit["table_id"])
            if live is not None:
                entry = {"table_id": live.id, "game": live.game.id, "status": live.status,
                         "players": live.players, "to_move": self._mover(live), "updated_at": live.updated_at}
                result = live.game.result(live.state) if live.status == "over" else None
            elif hit["table_id"] in rows:
                row = rows[hit["table_id"]]
                entry = {"table_id": row["id"], "game": row["game"], "status": row["status"],
                         "players": row["players"], "to_move": None, "updated_at": row["updated_at"]}
                result = row.get("result") if row["status"] == "over" else None
            else:
                continue
            entry.update(seat=hit["seat"], host=bool(hit["host"]), result=_outcome(result))
            out.append(entry)
        return out

    # -- creating, joining, starting ----------------------------------------------------------------
    def check_capacity(self) -> None:
        """Refuse a new table (503 `server_full`, Retry-After 30 s) while the process holds
        `settings.max_live_tables` unfinished tables (0: no cap). Finished tables do not count: they stay
        viewable and leave memory with the finished-tables cache."""
        cap = self.settings.max_live_tables
        if cap and sum(1 for t in self.tables.values() if t.status != "over") >= cap:
            error = TableError(503, "server_full", f"the server holds its limit of {cap} unfinished tables: "
                               "try again in 30 s, when some have finished")
            error.retry_after = 30  # seconds, sent as Retry-After
            raise error

    async def create(self, game_id: str, players: int | None, options: dict | None, seats: list[dict] | None,
                     seed: int | str | None, clock: dict | None) -> tuple[LiveTable, list[str | None], str]:
        """A new table; returns it, the token of every human and hot-seat seat, and the host token."""
        self.check_capacity()
        try:
            game = registry.get(game_id)
        except registry.UnknownGame as exc:
            raise TableError(404, "unknown_game", exc.message, field="game") from exc
        if players is None:
            players = len(seats) if seats else game.min_players
        if not game.num_players_ok(players):
            raise TableError(422, "bad_players", f"{game.name} is for {game.min_players} to {game.max_players} "
                             f"players, not {players}", field="players")
        if seats is None:
            seats = [{"kind": "human"}] + [{"kind": "bot", "level": "normal"}] * (players - 1)
        if len(seats) != players:
            raise TableError(422, "bad_seats", f"{players} players need {players} seats, not {len(seats)}",
                             field="seats")
        resolved = [self._seat_spec(game, i, s) for i, s in enumerate(seats)]
        seed_chosen = seed is not None
        if seed_chosen:
            check_chosen_seed(seed, sum(1 for s in resolved if s["kind"] != "bot"))
        try:
            clock_config = check_clock(clock)
        except BadClock as exc:
            raise TableError(422, exc.code, exc.message, field=exc.params.get("field")) from exc
        try:
            valid = game.options.validate(options or {})
            if seed is None:
                seed = new_seed()
            state = await asyncio.to_thread(game.setup, players, seed, valid)
        except InvalidOptions as exc:
            option = exc.params.get("option")
            field = "players" if exc.code == "bad_players" else f"options.{option}" if option else "options"
            raise TableError(422, exc.code, exc.message, field=field) from exc

        table_id = secrets.token_urlsafe(9)
        tokens: list[str | None] = [new_token() if s["kind"] != "bot" else None for s in resolved]
        creator = 0 if resolved[0]["kind"] != "bot" else None
        host_token = tokens[0] if creator is not None else new_token()
        rows = []
        for i, (spec, token) in enumerate(zip(resolved, tokens, strict=True)):
            invited = spec["kind"] == "human" and i != creator  # its token is an invite, spent when used to join
            rows.append({"seat": i, "kind": spec["kind"], "bot": spec["bot"], "level": spec["level"],
                         "name": spec["name"], "token_hash": hash_token(token) if token and not invited else None,
                         "joined": spec["kind"] != "human" or i == creator,
                         "credentials": [_invite(token)] if invited else []})
        status = "playing" if all(r["joined"] for r in rows) else "waiting"
        info = {"id": table_id, "game": game.id, "engine_version": game.engine_version, "players": players,
                "options": valid, "seed": seed, "seed_chosen": seed_chosen, "status": status,
                "clock": clock_config,
                "host_token_hash": hash_token(host_token)}
        await asyncio.to_thread(self.store.create_table, info, rows)
        if self.cluster is not None:
            await self.cluster.claim(table_id)
        info["created_at"] = info["updated_at"] = _now_iso()
        table = LiveTable(info, rows, game, state)
        self.tables[table_id] = table
        if status == "playing":
            self._schedule(table)
        return table, tokens, host_token

    def _seat_spec(self, game, i: int, spec: dict) -> dict:
        kind = spec.get("kind") or "human"
        bot, level, name = spec.get("bot"), spec.get("level"), spec.get("name")
        if kind not in KINDS:
            raise TableError(422, "bad_seat", f"seat {i}: kind must be one of {', '.join(KINDS)}, not {kind!r}",
                             field=f"seats.{i}.kind")
        if level is not None and level not in LEVELS:
            raise TableError(422, "bad_level", f"seat {i}: level must be one of {', '.join(LEVELS)}, "
                             f"not {level!r}", field=f"seats.{i}.level")
        if kind != "bot" and (bot is not None or level is not None):
            raise TableError(422, "bad_seat", f"seat {i}: only a bot seat takes a bot or a level",
                             field=f"seats.{i}.bot" if bot is not None else f"seats.{i}.level")
        if kind == "bot":
            bot, level = self._bot_choice(game, bot, level, f"seats.{i}")
        if name is not None:
            if not _utf8(name):
                raise TableError(422, "bad_name", f"seat {i}: a name must be valid Unicode text",
                                 field=f"seats.{i}.name")
            name = name.strip()[:NAME_MAX] or None
        return {"kind": kind, "bot": bot, "level": level, "name": name}

    def _bot_choice(self, game, bot: str | None, level: str | None, prefix: str) -> tuple[str, str | None]:
        def field(name: str) -> str:
            return f"{prefix}.{name}" if prefix else name

        if level is not None and level not in LEVELS:
            raise TableError(422, "bad_level", f"level must be one of {', '.join(LEVELS)}, not {level!r}",
                             field=field("level"))
        if bot is None:  # the level's bot, stored by name: a resumed table plays with the same bot
            level = level or "normal"
            return level_bot(game.id, level), level
        known = game_bots(game.id)
        if bot not in known:
            raise TableError(422, "unknown_bot", f"unknown bot {bot!r} for {game.name}; known bots: "
                             f"{', '.join(known)}", field=field("bot"))
        return bot, level

    async def join(self, table: LiveTable, auth: Auth, name: str | None) -> str | None:
        """Take `auth`'s seat (giving a name). With a pending invite, the invite is spent and this device gets
        the seat's own credential, returned (the invite no longer holds the seat); with the seat's own token,
        None (that token stays the seat's)."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "this token holds no seat at this table")
        if name and not _utf8(name):
            raise TableError(422, "bad_name", "a name must be valid Unicode text", field="name")
        name = name.strip()[:NAME_MAX] if name else None
        return await self._serial(table, self._join, auth.seat, name, auth.credential if auth.invite else None)

    async def _join(self, table: LiveTable, seat: int, name: str | None, invite: str | None = None) -> str | None:
        fields: dict = {"joined": True}
        if name:
            fields["name"] = name
        token = None
        if invite is None:
            await asyncio.to_thread(self.store.update_seat, table.id, seat, **fields)
        else:  # checked again under the table's lock: two devices may have raced with one link
            cred = next(c for c in table.seats[seat]["credentials"] if c["token_hash"] == invite)
            _check_credential(seat, cred)
            token = new_token()
            device = {"token_hash": hash_token(token), "kind": "device", "state": "active", "host": cred["host"]}
            try:
                await asyncio.to_thread(self.store.spend_invite, table.id, seat, invite, device["token_hash"],
                                        **fields)
            except InviteNotPending as exc:
                raise _spent(seat) from exc
            cred["state"] = "spent"
            table.seats[seat]["credentials"].append(device)
        table.seats[seat].update(fields)
        table.touch()
        if table.status == "waiting" and all(s["joined"] for s in table.seats):
            await self._start(table)
        else:
            self._broadcast_sync(table)
        return token

    async def reissue_invite(self, table: LiveTable, auth: Auth, seat: int) -> str:
        """A new invite link for an invited (`human`) seat, asked by the host; returns its token. The seat's
        earlier invite (pending or spent) and the tokens of the devices that joined with it stop working
        (401 `token_revoked`; their sockets get that error and close), and the seat shows as not connected
        until the new link is used. The game goes on meanwhile. For the host's own seat it is a link to
        open that seat on another device: the host's token keeps working, and the device that joins with
        the link holds the seat and the host's right. Hot-seat and bot seats get none (409)."""
        if not auth.host:
            raise TableError(403, "not_host", "only the host may give a seat a new invite link")
        if not 0 <= seat < table.players:
            raise TableError(404, "unknown_seat", f"there is no seat {seat} (seats are 0 to {table.players - 1})",
                             field="seat")
        return await self._serial(table, self._reissue_invite, seat)

    async def _reissue_invite(self, table: LiveTable, seat: int) -> str:
        row = table.seats[seat]
        if row["kind"] != "human":
            what = "played by a bot" if row["kind"] == "bot" else "played on the host's device (hot seat)"
            raise TableError(409, "seat_not_invited", f"seat {seat} is {what}: only a seat played by an invited "
                             "person gets an invite link", field="seat")
        if table.status == "over":
            raise TableError(409, "game_over", "the game is over: anyone can watch it and its replay without a link")
        own = bool(row.get("token_hash")) and table.host_token_hash is not None and hmac.compare_digest(
            row["token_hash"], table.host_token_hash)
        token = new_token()
        invite = _invite(token, host=own)
        revoked = set(await asyncio.to_thread(self.store.reissue_invite, table.id, seat, invite["token_hash"],
                                              own, not own))
        creds = row.setdefault("credentials", [])
        for cred in creds:
            if cred["token_hash"] in revoked:
                cred["state"] = "revoked"
        old = row.get("token_hash")
        if not own and old:
            if not any(c["token_hash"] == old for c in creds):
                creds.append({"token_hash": old, "kind": "device", "state": "revoked", "host": False})
            row["token_hash"] = None
        creds.append(invite)
        table.touch()
        error = {"type": "error", **_revoked(seat).to_dict(), "key": None}
        for sub in list(table.subscribers):  # the devices that held the seat leave it now
            if sub.auth.credential in revoked:
                self.unsubscribe(table, sub)
                sub.queue.put_nowait(error)
                sub.queue.put_nowait(None)
        return token

    async def say(self, table: LiveTable, auth: Auth, text: Any) -> dict:
        """A chat line from `auth`'s seat, stored and sent to every socket of the table (spectators too):
        `{"type": "chat", "line": {n, seat, name, text, at}}`. Only a seated player writes; the text is
        1 to CHAT_MAX characters once trimmed; a seat may send CHAT_BURST messages per CHAT_WINDOW_S."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "only a player seated at this table can write in its chat")
        text = text.strip() if isinstance(text, str) else ""
        if not text:
            raise TableError(422, "empty_message", "a chat message needs some text", field="text")
        if not _utf8(text):
            raise TableError(422, "bad_text", "a chat message must be valid Unicode text (it holds an unpaired "
                             "surrogate)", field="text")
        if len(text) > CHAT_MAX:
            raise TableError(422, "message_too_long", f"a chat message has at most {CHAT_MAX} characters, "
                             f"not {len(text)}", field="text")
        now = time.monotonic()
        recent = table.said.setdefault(auth.seat, deque())
        while recent and now - recent[0] > CHAT_WINDOW_S:
            recent.popleft()
        if len(recent) >= CHAT_BURST:
            raise TableError(429, "too_many_messages", f"at most {CHAT_BURST} messages in {CHAT_WINDOW_S:g} "
                             "seconds: wait a moment")
        recent.append(now)
        self.check_playing(table, auth)
        return await self._serial(table, self._say, auth.seat, text)

    async def _say(self, table: LiveTable, seat: int, text: str) -> dict:
        line = await asyncio.to_thread(self.store.add_chat, table.id, seat, table.seats[seat].get("name"), text)
        table.chat.append(line)
        del table.chat[:-CHAT_KEPT]
        message = {"type": "chat", "line": line}
        for sub in list(table.subscribers):
            sub.queue.put_nowait(message)
        return line

    # -- hints --------------------------------------------------------------------------------------
    @staticmethod
    def _private(table: LiveTable) -> bool:
        """A game against bots or on one device: fewer than two invited (`human`) seats. Hints and taking
        moves back are only for those; between friends neither could tell whether the other plays alone."""
        return sum(1 for s in table.seats if s["kind"] == "human") < 2

    @classmethod
    def hints_allowed(cls, table: LiveTable) -> bool:
        """Hints are offered at private tables of a game whose easy level is a real bot (not `random`)."""
        return cls._private(table) and level_bot(table.game.id, "easy") != "random"

    async def hint(self, table: LiveTable, auth: Auth) -> dict:
        """What the game's easy-level bot would play for `auth`'s seat now, from that seat's view only:
        `{"seq", "action", "then", "bot"}` (`then`: the move it means to play right after, when it has
        chosen that too). Nothing is played or recorded; asking twice at the same moment gives the same
        answer."""
        seat = auth.seat
        if seat is None:
            raise TableError(403, "no_seat", "only a player seated at this table can ask for a hint")
        self.check_playing(table, auth)
        if not self.hints_allowed(table):
            raise TableError(403, "hints_off", "hints are offered only at tables with at most one invited player")
        _check_turn(table, seat)
        seq, version = table.seq, table.version
        bot = level_bot(table.game.id, "easy")
        # one computation per decision, shared by every request for it (a burst of requests costs one)
        task = table.hint.get((version, seat))
        if task is None:
            task = asyncio.ensure_future(self._suggest(table, bot, seat))
            table.hint = {(version, seat): task}
        try:
            answer = await asyncio.shield(task)
        except TableError:
            if table.hint.get((version, seat)) is task:
                table.hint = {}  # a failure is not kept: the next request tries again
            raise
        if table.version != version:
            raise TableError(409, "moved_on", "the game moved on while the hint was being prepared; ask again")
        return {"seq": seq, "bot": bot, **answer}

    async def _suggest(self, table: LiveTable, bot: str, seat: int) -> dict:
        game, state = table.game, table.state
        seed = f"{bot_seed(table.seed, seat)}/{table.seq}/hint"
        view, legal = game.view(state, seat), game.legal_actions(state)
        sample = (_json_copy(game.to_json(game.determinize(state, seat, Rng.from_seed(f"{seed}/sample"))))
                  if uses_sample(bot) else None)
        try:
            answer = await self.pool.suggest(game.id, bot, seat, seed, view, legal, sample, self.settings.bot_limits)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the hint bot %s failed", table.id, bot)
            raise TableError(503, "no_hint", "no hint could be prepared this time") from None
        action = answer.get("action") if isinstance(answer, dict) else None
        if action not in legal:
            log.error("table %s: the hint bot %s chose an illegal action %r", table.id, bot, action)
            raise TableError(503, "no_hint", "no hint could be prepared this time")
        return {"action": action, "then": list(answer.get("then") or [])}

    # -- taking a move back ----------------------------------------------------------------------
    @classmethod
    def undo_allowed(cls, table: LiveTable) -> bool:
        """Moves may be taken back where hints are offered (against bots or on one device) and no clock
        runs."""
        return table.clock is None and cls._private(table)

    def undo_seat(self, table: LiveTable) -> int | None:
        """The seat that may take back the last move now, or None: it played that move itself (not a bot
        or its clock for it), the game goes on, and the move showed nobody at the table anything hidden
        (`cetate.core.takeback.showed_nothing`, worked out when it was played)."""
        if table.status != "playing" or not table.actions or not self.undo_allowed(table):
            return None
        last = table.actions[-1]
        if last["by_bot"] or last["timeout"] or not table.human(last["seat"]) or not last.get("undo"):
            return None
        return last["seat"]

    async def undo(self, table: LiveTable, auth: Auth) -> dict:
        """Take back `auth`'s seat's last move, if it is the last move played and showed nothing hidden:
        the log loses it (`Store.retract_action`), the table goes back to the state before it and every
        socket gets a `sync`, then `{"type": "taken_back", seat, seq}`. Returns the table as the seat sees
        it. Repeating it takes back the seat's move before, under the same rule."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "only a player seated at this table can take a move back")
        self.check_playing(table, auth)
        if not self.undo_allowed(table):
            raise TableError(403, "undo_off", "moves can be taken back only at tables against bots or on one "
                             "device, without a clock")
        await self._serial(table, self._undo, auth.seat)
        return self.snapshot(table, auth)

    async def _undo(self, table: LiveTable, seat: int) -> None:
        if table.status == "waiting":
            raise TableError(409, "table_not_started", "the table has not started yet")
        if table.status == "over":
            raise TableError(409, "game_over", "the game is over")
        last = table.actions[-1] if table.actions else None
        if last is None or last["seat"] != seat or last["by_bot"] or last["timeout"]:
            raise TableError(409, "nothing_to_undo", "only your own move, while it is the last one played, can be "
                             "taken back")
        check = table.undo_task
        if not last.get("undo") and check is not None and not check.done():
            with contextlib.suppress(Exception):  # asked before its check finished: wait for it
                await asyncio.shield(check)
        if not last.get("undo"):
            raise TableError(409, "undo_reveals", "that move showed something that was hidden (a card drawn, a "
                             "tile or a hand revealed), so it stands")
        seq = table.seq
        game, people = table.game, table.people()

        def work():  # the state before the last move, and whether the move before it may be taken back too
            state = game.setup(table.players, table.seed, table.options)
            entries = table.actions[:-1]
            for entry in entries[:-1]:
                game.apply(state, entry["action"])
            flag = False
            if entries:
                before = game.clone(state)
                game.apply(state, entries[-1]["action"])
                flag = not entries[-1]["by_bot"] and showed_nothing(game, before, entries[-1]["action"], state,
                                                                      people)
            return state, flag

        state, flag = await asyncio.to_thread(work)
        try:
            await asyncio.to_thread(self.store.retract_action, table.id, seq)
        except Exception as exc:
            log.exception("table %s: the store refused to take back action %d", table.id, seq)
            raise TableError(503, "storage_error", "the move could not be taken back; try again") from exc
        table.state = state
        table.seq = seq - 1
        table.version += 1
        table.events.pop()
        table.actions.pop()
        if table.actions:
            table.actions[-1]["undo"] = flag
        for key in [k for k, (s, _) in table.keys.items() if s == seq]:
            del table.keys[key]
            table.answers.pop(key, None)
            table.retracted.add(key)
        table.hint = {}
        table.touch()
        self._broadcast_sync(table)
        self._broadcast(table, lambda _r: {"type": "taken_back", "seat": seat, "seq": table.seq})
        self._schedule(table)

    async def start(self, table: LiveTable, auth: Auth) -> None:
        if not auth.host:
            raise TableError(403, "not_host", "only the host may start the table")
        await self._serial(table, self._host_start)

    async def _host_start(self, table: LiveTable) -> None:
        if table.status != "waiting":
            raise TableError(409, "already_started", f"the table is already {table.status}")
        await self._start(table)

    async def _start(self, table: LiveTable) -> None:
        await asyncio.to_thread(self.store.set_status, table.id, "playing")
        table.status = "playing"
        table.touch()
        self._broadcast_sync(table)
        self._schedule(table)

    async def seat_to_bot(self, table: LiveTable, auth: Auth, seat: int, bot: str | None,
                          level: str | None) -> None:
        if not auth.host:
            raise TableError(403, "not_host", "only the host may hand a seat to a bot")
        if not 0 <= seat < table.players:
            raise TableError(404, "unknown_seat", f"there is no seat {seat} (seats are 0 to {table.players - 1})",
                             field="seat")
        bot, level = self._bot_choice(table.game, bot, level, "")
        await self._serial(table, self._seat_to_bot, seat, bot, level)

    async def _seat_to_bot(self, table: LiveTable, seat: int, bot: str, level: str | None) -> None:
        if table.status == "over":
            raise TableError(409, "game_over", "the game is over")
        if table.seats[seat]["kind"] == "bot":
            raise TableError(409, "already_bot", f"seat {seat} is already played by a bot")
        fields = {"kind": "bot", "bot": bot, "level": level, "joined": True}
        await asyncio.to_thread(self.store.update_seat, table.id, seat, **fields)
        table.seats[seat].update(fields)
        table.touch()
        stopped = None
        if table.clock is not None and table.clock.running == seat:
            stopped = table.clock.stop()
        if table.status == "waiting" and all(s["joined"] for s in table.seats):
            await self._start(table)
        else:
            self._broadcast_sync(table)
            self._schedule(table, stopped)

    # -- acting -------------------------------------------------------------------------------------
    async def act(self, table: LiveTable, auth: Auth, action: Any, key: str | None,
                  seat: int | None = None, answer: bool = True) -> tuple[dict | None, bool]:
        """Play `action` for the token's seat. Returns the answer (None for a fresh move with `answer`
        False: a WebSocket's, whose socket gets the update) and whether it was applied now (False: the key was
        already used, and this is the first answer)."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "this token holds no seat at this table, so it cannot act")
        if seat is not None and seat != auth.seat:
            raise TableError(403, "wrong_seat", f"this token is seat {auth.seat}'s; it cannot act for seat {seat}",
                             field="seat")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise TableError(422, "malformed_action", "an action must be an object with a string field 'type'",
                             field="action")
        self.check_playing(table, auth)
        return await self._serial(table, self._act, auth.seat, action, key, auth, answer)

    async def _act(self, table: LiveTable, seat: int, action: dict, key: str | None,
                   auth: Auth | None = None, answer: bool = True) -> tuple[dict | None, bool]:
        if auth is not None:  # again under the lock: the host may have replaced the link meanwhile
            self.check_playing(table, auth)
        if key is not None and key in table.keys:
            return self._first_answer(table, key, seat), False
        if key is not None and key in table.retracted:
            raise TableError(409, "taken_back", "the move sent with this key was taken back; send it again with a "
                             "new key to play it", field="key")
        _check_turn(table, seat)
        return await self._commit(table, seat, action, key, answer=answer), True

    def _first_answer(self, table: LiveTable, key: str, seat: int) -> dict:
        seq, owner = table.keys[key]
        if owner != seat:
            raise TableError(409, "key_conflict", "this idempotency key was already used by another seat",
                             field="key")
        cached = table.answers.get(key)
        if cached is not None:
            return cached
        return self._answer(table, seat, seq)  # from before a restart: its events and the current view

    async def _submit(self, table: LiveTable, seat: int, action: dict, expect_seq: int, timeout: bool) -> None:
        """A bot's (or a clock's) move, if the table is still where the decision was taken."""
        async def run(t: LiveTable) -> None:
            if (t.seq != expect_seq or t.status != "playing" or t.to_move() != seat
                    or (t.human(seat) != timeout)):
                raise _Stale
            await self._commit(t, seat, action, None, by_bot=True, timeout=timeout)

        await self._serial(table, run)

    async def _commit(self, table: LiveTable, seat: int, action: dict, key: str | None,
                      by_bot: bool = False, timeout: bool = False, answer: bool = True) -> dict | None:
        """Apply, store and announce one move. Returns the mover's answer (`_answer`), or None when the caller
        needs none (`answer=False`: a WebSocket move, whose socket gets the update anyway)."""
        game = table.game
        before = table.state

        # On the loop, not in a thread: a move's engine work takes well under a millisecond (a listing of
        # every Akropolis placement a few), less than the two thread hops it would cost.
        try:
            if seat is not None and game.to_move(before) != seat:
                raise IllegalAction("not_your_turn", "it is not this seat's turn")
            # only the engine's own action is applied and stored, never the object that was sent
            action = canonical(game, before, action)
            state = game.clone(before)
            events = _apply(game, state, action, seat)
        except IllegalAction as exc:
            status = 409 if exc.code in ("not_your_turn", "game_over") else 422
            where = exc.params.get("field")
            raise TableError(status, exc.code, exc.message,
                             field=f"action.{where}" if isinstance(where, str) and where else "action") from exc
        except Exception as exc:
            log.warning("table %s: an action could not be applied: %s", table.id, type(exc).__name__)
            raise TableError(422, "malformed_action", "the action could not be applied: a field is missing or "
                             "has the wrong type", field="action") from exc
        action = _json_copy(action)  # the log and the answers hold plain JSON of their own
        seq = table.seq + 1
        try:  # acknowledged once committed; moves of many tables share a commit (storage/writer.py)
            await asyncio.wrap_future(self.store.appends.submit(table.id, seq, seat, action, key, by_bot, timeout))
        except DuplicateKey as exc:  # written by an earlier life of the server: answer as the first time
            hit = await asyncio.to_thread(self.store.action_for_key, table.id, key)
            if hit is None or hit["seq"] > table.seq:
                raise TableError(503, "storage_error", "the move could not be saved; try again") from exc
            table.keys[key] = (hit["seq"], hit["seat"])
            return self._first_answer(table, key, seat)
        except NotOwner as exc:  # another worker took the table over: the move is not played here
            self.drop(table)
            raise TableError(503, "table_moved", "this table has just moved to another server process; send the "
                             "move again") from exc
        except Exception as exc:
            log.exception("table %s: the store refused action %d", table.id, seq)
            raise TableError(503, "storage_error", "the move could not be saved; try again") from exc

        # the move is stored: it becomes the table's state
        table.state = state
        table.seq = seq
        table.version += 1
        table.events.append(([Event(TIMEOUT_EVENT, {"seat": seat})] if timeout else []) + list(events))
        # whether this move may be taken back is worked out after it is announced (`_check_undo`)
        table.actions.append({"seq": seq, "seat": seat, "action": action, "by_bot": by_bot, "timeout": timeout,
                              "undo": False})
        table.touch()
        moved_clock = None
        if table.clock is not None:
            table.clock.stop()
            if table.human(seat) or timeout:
                table.clock.moved(seat, timeout=timeout)
                moved_clock = seat
        over = game.to_move(state) is None
        if over or seq % SNAPSHOT_EVERY == 0:
            await self._save_snapshot(table)
        if over:
            table.status = "over"
            try:
                await asyncio.to_thread(self.store.set_status, table.id, "over",
                                        _json_copy(game.result(state)))
            except Exception:  # the replay on the next start sees the end and sets it again
                log.exception("table %s: cannot mark the game over in the store", table.id)
            self._remember_finished(table)
        reply = self._answer(table, seat, seq) if answer else None
        if key is not None:
            table.keys[key] = (seq, seat)
            if reply is not None:
                table.answers[key] = reply
                while len(table.answers) > ANSWERS_KEPT:
                    table.answers.popitem(last=False)
        self._broadcast_update(table, seat, by_bot, timeout)
        self._schedule(table, moved_clock)
        if not by_bot and not over and self.undo_allowed(table):
            # a REST caller gets its answer once the check is done (the table it reads next says it); a
            # socket gets the update at once and, if the move may be taken back, an `undo` message after it
            delay = 0.0 if answer else UNDO_CHECK_DELAY_S
            table.undo_task = asyncio.ensure_future(self._check_undo(table, seq, before, action, state, delay))
            if answer:
                with contextlib.suppress(Exception):
                    await asyncio.shield(table.undo_task)
        return reply

    async def _check_undo(self, table: LiveTable, seq: int, before, action: dict, after,
                          delay: float = UNDO_CHECK_DELAY_S) -> bool:
        """Whether the move `seq` showed nobody at the table anything hidden (`showed_nothing`: a dozen
        worlds drawn and played), worked out in a thread once the move was announced, so the check never
        delays a move; after a socket's move it starts `delay` later, so a move answered at once (by a
        bot, or by a script) costs no check at all. While the move is still the last one, its flag is set and, if it may be taken back,
        every socket gets `{"type": "undo", seat, seq}` (the table summary's `undo` from then on)."""
        if delay > 0:
            await asyncio.sleep(delay)
        if table.seq != seq:  # the game moved on before the check began: nothing to take back any more
            return False
        game, people = table.game, table.people()
        try:
            undoable = await asyncio.to_thread(showed_nothing, game, before, action, after, people)
        except Exception:  # a check that fails keeps the move (it only forgoes taking it back)
            log.exception("table %s: the take-back check of move %d failed", table.id, seq)
            return False
        if table.seq != seq or not table.actions or table.actions[-1]["seq"] != seq:
            return False
        table.actions[-1]["undo"] = undoable
        if undoable and (mover := self.undo_seat(table)) is not None:
            self._broadcast(table, lambda _r: {"type": "undo", "seat": mover, "seq": seq})
        return undoable

    async def _save_snapshot(self, table: LiveTable) -> None:
        try:
            doc = await asyncio.to_thread(lambda: _json_copy(table.game.to_json(table.state)))
            await asyncio.to_thread(self.store.save_snapshot, table.id, table.seq, doc)
        except Exception:  # snapshots only speed up checks; the action log is the truth
            log.exception("table %s: snapshot %d not saved", table.id, table.seq)

    async def _serial(self, table: LiveTable, fn, *args):
        """Run `fn(table, *args)` under the table's lock, in a task that completes even if the caller is
        cancelled (a client that disconnects must not leave a half-made move)."""
        async def run():
            async with table.lock:
                return await fn(table, *args)

        task = asyncio.ensure_future(run())
        self._tasks.add(task)
        task.add_done_callback(self._task_done)
        return await asyncio.shield(task)

    def _task_done(self, task: asyncio.Task) -> None:
        self._tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: nobody may be waiting for it any more

    # -- bots and clocks ----------------------------------------------------------------------------
    def _mover(self, table: LiveTable) -> int | None:
        return table.to_move() if table.status == "playing" else None

    def _schedule(self, table: LiveTable, moved_clock: int | None = None) -> None:
        """After every change: run the bot whose turn it is, and the clock of the human to move."""
        if self._closing:
            return
        mover = self._mover(table)
        if table.clock is not None:
            changed = {moved_clock} if moved_clock is not None else set()
            if mover is not None and table.human(mover):
                if table.clock.running != mover:
                    if table.clock.running is not None:
                        changed.add(table.clock.running)
                    table.clock.start(mover)
                changed.add(mover)
            elif table.clock.running is not None:
                changed.add(table.clock.stop())
            current = asyncio.current_task()
            if table.timer_task is not None and table.timer_task is not current and not table.timer_task.done():
                table.timer_task.cancel()
            table.timer_task = None
            if table.clock.running is not None:
                table.timer_task = asyncio.ensure_future(self._timer(table, table.clock.running, table.seq))
            for seat in sorted(changed):
                self._broadcast(table, lambda _s, seat=seat: {
                    "type": "clock", "seat": seat, "remaining_s": round(table.clock.left(seat), 3),
                    "running": table.clock.running == seat})
        if mover is not None and not table.human(mover) and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.ensure_future(self._bot_loop(table))

    async def _bot_loop(self, table: LiveTable) -> None:
        failures = 0
        while not self._closing and table.status == "playing":
            seat = table.to_move()
            if seat is None or table.human(seat):
                return
            seq = table.seq
            if self.settings.bot_delay_s > 0:
                await asyncio.sleep(self.settings.bot_delay_s)
            if table.seq != seq or table.to_move() != seat or table.human(seat):
                continue
            action = await self._decide(table, table.seats[seat]["bot"], seat)
            try:
                await self._submit(table, seat, action, seq, timeout=False)
                failures = 0
            except _Stale:
                continue
            except TableError as exc:
                failures += 1
                log.error("table %s: bot move %r refused: %s", table.id, action, exc.message)
                if failures >= 3:
                    return

    async def _timer(self, table: LiveTable, seat: int, seq: int) -> None:
        clock = table.clock
        deadline = clock.deadline() if clock is not None else None
        if deadline is None:
            return
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        if table.seq != seq or self._mover(table) != seat or not table.human(seat):
            return
        # a person ran out of time: the easy level's bot plays at once for them
        action = await self._decide(table, level_bot(table.game.id, "easy"), seat)
        with contextlib.suppress(_Stale):
            await self._submit(table, seat, action, seq, timeout=True)

    async def _decide(self, table: LiveTable, bot: str, seat: int) -> dict:
        """One decision of `bot` for `seat`, in the bot pool. The bot gets the seat's view and the legal
        actions; a search bot also a sample of the seat's information set (`game.determinize`, sent as
        JSON), never the true state. A bot that fails or answers an illegal action is replaced by a
        random legal action."""
        game, state = table.game, table.state
        seed = f"{bot_seed(table.seed, seat)}/{table.seq}"

        def draw_sample() -> dict:  # the state never leaves this process, only this sample
            sample = game.determinize(state, seat, Rng.from_seed(f"{seed}/sample"))
            return _json_copy(game.to_json(sample))

        # on the loop, in one go (well under a millisecond): no other action can change the state meanwhile
        view, legal = game.view(state, seat), game.legal_actions(state)
        if len(legal) == 1:  # nothing to decide
            return legal[0]
        action = None
        try:
            sample = draw_sample() if uses_sample(bot) else None
            action = await self.pool.decide(game.id, bot, seat, seed, view, legal, sample,
                                            self.settings.bot_limits)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot %s failed; a random legal action is played", table.id, bot)
        if action not in legal:
            if action is not None:
                log.error("table %s: bot %s chose an illegal action %r", table.id, bot, action)
            action = legal[Rng.from_seed(seed).below(len(legal))]
        return action

    # -- what each receiver sees --------------------------------------------------------------------
    def summary(self, table: LiveTable) -> dict:
        doc = {
            "id": table.id,
            "game": table.game.id,
            "status": table.status,
            "players": table.players,
            "seats": [{"seat": s["seat"], "kind": s["kind"], "name": s.get("name"), "joined": bool(s.get("joined")),
                       "bot": s.get("bot"), "level": s.get("level"), "connected": table.connected(s["seat"])}
                      for s in table.seats],
            "to_move": self._mover(table),
            "hints": self.hints_allowed(table),
            "undo": self.undo_seat(table),
            "clock": table.clock.to_json() if table.clock is not None else None,
            "seq": table.seq,
            "seed_chosen": table.seed_chosen,
            "created_at": table.created_at,
            "updated_at": table.updated_at,
        }
        if table.status == "over":
            doc["result"] = table.game.result(table.state)
            doc["seed"] = table.seed  # the seed reveals every card: public only once the game is over
        return doc

    def legal_for(self, table: LiveTable, seat: int | None) -> list[dict]:
        if seat is None or table.status != "playing" or not table.human(seat) or table.to_move() != seat:
            return []
        return table.game.legal_actions(table.state)

    def journal(self, table: LiveTable, seat: int | None, since_seq: int = 0) -> list[dict]:
        view = table.game.event_view
        return [{**view(e, seat), "seq": s} for s in range(since_seq, len(table.events)) for e in table.events[s]]

    def snapshot(self, table: LiveTable, auth: Auth) -> dict:
        """The table as `auth` may see it: for `GET /api/tables/{id}` and the WebSocket's `sync`."""
        return {"table": self.summary(table), "seat": auth.seat, "host": auth.host,
                "view": self._view(table, auth.seat), "journal": self.journal(table, auth.seat),
                "legal_actions": self.legal_for(table, auth.seat), "chat": list(table.chat)}

    @staticmethod
    def _view(table: LiveTable, seat: int | None) -> dict:
        """`game.view` of the table's state for `seat`, kept for this version of the state: the next update
        sends each receiver only the parts of its view that changed (`_broadcast_update`)."""
        if table.views_version != table.version:
            table.views, table.views_version = {}, table.version
        view = table.views.get(seat, _NO_VIEW)
        if view is _NO_VIEW:
            view = table.views[seat] = table.game.view(table.state, seat)
        return view

    def _answer(self, table: LiveTable, seat: int, seq: int) -> dict:
        view = table.game.event_view
        return {"seq": seq, "events": [{**view(e, seat), "seq": seq} for e in table.events[seq]],
                "view": table.game.view(table.state, seat), "legal_actions": self.legal_for(table, seat)}

    def subscribe(self, table: LiveTable, auth: Auth) -> Subscriber:
        sub = Subscriber(auth)
        self._attach(table, sub)
        return sub

    def _attach(self, table: LiveTable, sub: Any) -> None:
        """Add a socket (here, or at another worker: `cluster.RemoteSubscriber`); it gets a `sync` first."""
        auth = sub.auth
        came = auth.seat is not None and not table.connected(auth.seat)
        if auth.seat is not None:
            table.presence[auth.seat] = table.presence.get(auth.seat, 0) + 1
        if came:  # the others learn it; the new socket sees it in its sync
            self._broadcast_presence(table)
        sub.queue.put_nowait({"type": "sync", **self.snapshot(table, auth)})
        table.subscribers.add(sub)

    def unsubscribe(self, table: LiveTable, sub: Subscriber) -> None:
        if sub not in table.subscribers:
            return
        table.subscribers.discard(sub)
        seat = sub.auth.seat
        if seat is not None:
            left = table.presence.get(seat, 0) - 1
            if left > 0:
                table.presence[seat] = left
            else:
                table.presence.pop(seat, None)
                self._broadcast_presence(table)

    def presence(self, table: LiveTable) -> dict:
        """Which seats have a WebSocket open now (`connected`), for every receiver alike."""
        return {"type": "presence", "seats": [{"seat": s["seat"], "connected": table.connected(s["seat"])}
                                              for s in table.seats]}

    def _broadcast_presence(self, table: LiveTable) -> None:
        message = self.presence(table)
        for sub in list(table.subscribers):
            sub.queue.put_nowait(message)

    def _broadcast(self, table: LiveTable, make) -> None:
        """`make(seat)` for each receiving seat (spectators: None), made and encoded once per seat."""
        cache: dict = {}
        for sub in list(table.subscribers):
            if sub.seat not in cache:
                cache[sub.seat] = encode(make(sub.seat))
            sub.queue.put_nowait(cache[sub.seat])

    def _broadcast_sync(self, table: LiveTable) -> None:
        for sub in list(table.subscribers):
            sub.queue.put_nowait({"type": "sync", **self.snapshot(table, sub.auth)})

    def _broadcast_update(self, table: LiveTable, seat: int, by_bot: bool, timeout: bool) -> None:
        """The `update` after a move, made once per receiving seat. It carries what changed: the move's events,
        the legal actions, the table summary's changing fields (`UPDATE_FIELDS`; the rest comes with `sync`)
        and the receiver's view as `view_changes` (its top-level keys whose value changed since the view
        this seat was last sent, at the version before) and `view_removed`; the full `view` when that
        earlier view is not known."""
        summary = self.summary(table)
        changing = {k: summary[k] for k in UPDATE_FIELDS if k in summary}
        event_view = table.game.event_view
        earlier = table.views if table.views_version == table.version - 1 else {}

        def make(receiver: int | None) -> dict:
            message = {"type": "update", "seq": table.seq,
                       "last_action": {"seat": seat, "by_bot": by_bot, "timeout": timeout},
                       "events": [{**event_view(e, receiver), "seq": table.seq} for e in table.events[table.seq]],
                       "legal_actions": self.legal_for(table, receiver), "table": changing}
            view = self._view(table, receiver)
            before = earlier.get(receiver, _NO_VIEW)
            if before is _NO_VIEW:
                message["view"] = view
            else:
                message["view_changes"] = {k: v for k, v in view.items() if before.get(k, _NO_VIEW) != v}
                removed = [k for k in before if k not in view]
                if removed:
                    message["view_removed"] = removed
            return message

        self._broadcast(table, make)

    # -- records ------------------------------------------------------------------------------------
    def _record_seats(self, table: LiveTable) -> list[dict]:
        return [{"seat": s["seat"], "kind": s["kind"], "name": s.get("name"), "bot": s.get("bot"),
                 "level": s.get("level")} for s in table.seats]

    def record(self, table: LiveTable, auth: Auth) -> dict:
        """A finished game's full record; while it runs, the seat's redacted journal instead of the seed and
        the actions (which would reveal every hidden card)."""
        if table.status == "over":
            record = Record(game=table.game.id, engine_version=table.engine_version, options=table.options,
                            seats=self._record_seats(table), seed=table.seed,
                            actions=[a["action"] for a in table.actions], result=table.game.result(table.state))
            return {**record.to_json(), "seed_chosen": table.seed_chosen, "table_id": table.id}
        return {"game": table.game.id, "engine_version": table.engine_version, "options": table.options,
                "seats": self._record_seats(table), "result": None, "seed_chosen": table.seed_chosen,
                "table_id": table.id,
                "status": table.status, "seat": auth.seat, "seq": table.seq,
                "journal": self.journal(table, auth.seat)}

    def replay(self, table: LiveTable, seat: int | None) -> dict:
        """Every step of a finished game as `seat` saw it."""
        if table.status != "over":
            raise TableError(409, "not_finished", "a replay is only available once the game is over")
        game = table.game
        state = game.setup(table.players, table.seed, table.options)
        steps = [{"seq": 0, "seat": None, "action": None, "by_bot": False, "timeout": False,
                  "events": [game.event_view(e, seat) for e in game.start_events(state)],
                  "view": game.view(state, seat)}]
        for entry in table.actions:
            events = game.apply(state, entry["action"])
            if entry["timeout"]:
                events = [Event(TIMEOUT_EVENT, {"seat": entry["seat"]}), *events]
            steps.append({"seq": entry["seq"], "seat": entry["seat"], "action": entry["action"],
                          "by_bot": entry["by_bot"], "timeout": entry["timeout"],
                          "events": [game.event_view(e, seat) for e in events], "view": game.view(state, seat)})
        return {"record": self.record(table, Auth(seat=seat)), "seat": seat, "steps": steps}

    async def review(self, table: LiveTable, seat: int) -> dict:
        """A finished game compared with the game's easy bot, for one seat: at each move that seat's player
        made, what the bot would have played from that seat's view (`{seat, bot, moves, steps: [{seq,
        suggested, same}]}`). Worked out once per seat in the bot pool, then kept with the table."""
        if table.status != "over":
            raise TableError(409, "not_finished", "a game can be compared with the bot once it is over")
        if not 0 <= seat < table.players:
            raise TableError(404, "unknown_seat", f"there is no seat {seat} at this table", field="seat")
        if table.seats[seat]["kind"] == "bot":
            raise TableError(409, "seat_is_bot", f"seat {seat} was played by a bot", field="seat")
        bot = level_bot(table.game.id, "easy")
        if bot == "random":
            raise TableError(409, "hints_off", f"{table.game.name} has no bot of its own to compare with")
        task = table.reviews.get(seat)
        if task is None or (task.done() and task.exception() is not None):
            actions = [{"seq": a["seq"], "seat": a["seat"], "action": a["action"], "by_bot": a["by_bot"]}
                       for a in table.actions]
            task = asyncio.ensure_future(self.pool.review(
                table.game.id, bot, seat, bot_seed(table.seed, seat), table.players, table.seed, table.options,
                actions, self.settings.bot_limits))
            table.reviews[seat] = task
        try:
            found = await asyncio.shield(task)
        except Exception as exc:
            log.exception("table %s: the review of seat %d failed", table.id, seat)
            raise TableError(503, "no_hint", "the game could not be compared with the bot this time") from exc
        return {"seat": seat, "bot": bot, "moves": len(found), "steps": found}

    # -- loading from the store (in a thread) -------------------------------------------------------
    def _load(self, table_id: str) -> LiveTable | None:
        info = self.store.table(table_id)
        if info is None:
            return None
        game = registry.get(info["game"])
        if str(info.get("engine_version")) != game.engine_version:
            log.warning("table %s was created with engine version %s; this server runs %s", table_id,
                        info.get("engine_version"), game.engine_version)
        actions = self.store.actions(table_id)
        snapshot = self.store.latest_snapshot(table_id)
        state = game.setup(info["players"], info["seed"], info.get("options") or {})
        table = LiveTable(info, info["seats"], game, state)
        table.chat = self.store.chat(table_id, CHAT_KEPT)
        keyed = [a["key"] for a in actions if a.get("key")][-ANSWERS_KEPT:]
        recent = set(keyed)
        before = None
        for entry in actions:
            seq, seat = entry["seq"], entry["seat"]
            if seq != table.seq + 1:
                raise InvalidState("bad_record", f"table {table_id}: action {seq} follows action {table.seq}")
            if entry is actions[-1] and not entry.get("by_bot") and self.undo_allowed(table):
                before = game.clone(state)  # to know whether the last move may be taken back
            try:
                events = game.apply(state, entry["action"])
            except IllegalAction as exc:
                raise InvalidState("bad_record", f"table {table_id}: stored action {seq} is illegal on replay: "
                                   f"{exc.message}") from exc
            table.seq = seq
            marker = [Event(TIMEOUT_EVENT, {"seat": seat})] if entry.get("timeout") else []
            table.events.append(marker + list(events))
            table.actions.append({"seq": seq, "seat": seat, "action": entry["action"],
                                  "by_bot": bool(entry.get("by_bot")), "timeout": bool(entry.get("timeout")),
                                  "undo": (before is not None and entry is actions[-1]
                                           and showed_nothing(game, before, entry["action"], state, table.people()))})
            key = entry.get("key")
            if key:
                table.keys[key] = (seq, seat)
                if key in recent:
                    table.answers[key] = self._answer(table, seat, seq)
            if snapshot is not None and snapshot[0] == seq:
                self._check_snapshot(table, snapshot[1])
        if snapshot is not None and snapshot[0] == 0:
            log.debug("table %s: snapshot 0 not checked", table_id)
        if table.clock is not None:
            table.clock.rebuild(actions, {s["seat"] for s in table.seats if s["kind"] != "bot"})
        if game.to_move(state) is None and (table.status != "over" or info.get("result") is None):
            # the end seen again (or a table finished before results were kept): keep its result too
            table.status = "over"
            self.store.set_status(table_id, "over", _json_copy(game.result(state)))
        return table

    def _check_snapshot(self, table: LiveTable, doc: dict) -> None:
        if _json_copy(table.game.to_json(table.state)) != doc:
            log.error("table %s: the replayed state differs from snapshot %d; the replay is kept",
                      table.id, table.seq)


# -- the requests a table answers, wherever they arrive (`TableHub.call`) ---------------------------------
# Each takes the hub, the table (owned by this worker), the caller's token and the request's arguments, and
# returns a JSON-ready answer: the REST routes and the WebSocket call these, and in cluster mode another
# worker forwards them here (cetate.server.cluster).

async def _op_view(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    auth = hub.authenticate(table, token)
    doc = hub.snapshot(table, auth)
    if auth.invite:
        doc["invite"] = True  # a pending invite: join with it to hold the seat
    return doc


async def _op_join(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    auth = hub.authenticate(table, token, required=True)
    own = await hub.join(table, auth, args.get("name"))
    if own is not None:
        auth = hub.authenticate(table, own)
    return {**hub.snapshot(table, auth), "token": own or token}


async def _op_start(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    auth = hub.authenticate(table, token, required=True)
    await hub.start(table, auth)
    return hub.snapshot(table, auth)


async def _op_chat(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    auth = hub.authenticate(table, token, required=not args.get("socket"))  # a spectator's socket: 403 no_seat
    return {"line": await hub.say(table, auth, args.get("text"))}


async def _op_hint(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    return await hub.hint(table, hub.authenticate(table, token, required=True))


async def _op_undo(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    return await hub.undo(table, hub.authenticate(table, token, required=True))


async def _op_act(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    """`{answer, fresh}`: the mover's answer (None for a socket's fresh move) and whether it was played now."""
    auth = hub.authenticate(table, token, required=bool(args.get("answer", True)))  # a socket's: 403 no_seat
    answer, fresh = await hub.act(table, auth, args.get("action"), args.get("key"), args.get("seat"),
                                  answer=bool(args.get("answer", True)))
    return {"answer": answer, "fresh": fresh}


async def _op_seat_bot(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    auth = hub.authenticate(table, token, required=True)
    await hub.seat_to_bot(table, auth, args["seat"], args.get("bot"), args.get("level"))
    return hub.snapshot(table, auth)


async def _op_invite(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    auth = hub.authenticate(table, token, required=True)
    return {"seat": args["seat"], "token": await hub.reissue_invite(table, auth, args["seat"])}


async def _op_record(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    """`{record, filename}`: the record (or the seat's journal while the game runs) and its download name."""
    auth = hub.authenticate(table, token)
    suffix = "" if table.status == "over" else f"-{'spectator' if auth.seat is None else f'seat{auth.seat}'}"
    return {"record": hub.record(table, auth), "filename": f"{table.game.id}-{table.id}{suffix}.json"}


async def _op_review(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    return await hub.review(table, args["seat"])


async def _op_replay(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    seat = args.get("seat")
    if seat is not None and not 0 <= seat < table.players:
        raise TableError(422, "unknown_seat", f"seat must be from 0 to {table.players - 1}", field="seat")
    if table.status != "over":
        raise TableError(409, "not_finished", "a replay is only available once the game is over")
    return await asyncio.to_thread(hub.replay, table, seat)


OPS = {"view": _op_view, "join": _op_join, "start": _op_start, "chat": _op_chat, "hint": _op_hint,
       "undo": _op_undo, "act": _op_act, "seat_bot": _op_seat_bot, "invite": _op_invite, "record": _op_record,
       "review": _op_review, "replay": _op_replay}
