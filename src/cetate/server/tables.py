"""`TableHub`: the live tables, in memory, over the `Store` (docs/server.md).

The hub finds and creates tables, starts and stops with the server, and in cluster mode holds only the
tables this worker owns (the others are reached through `cetate.server.cluster`). It answers the requests a
table takes (`OPS`) by composing the rooms of `cetate.server.room`, one concern each: the actor changes a
table (under its lock, through the store), the projector makes what each receiver sees and sends it, the
scheduler runs the bots and clocks, and the services hold seats and invites, chat, taking a move back,
hints, records and reviews.

An action is applied to a clone of the state, written to the store, and only then becomes the table's state;
a refused action changes nothing. After a restart a table is rebuilt by replaying its stored actions from
the seed, which gives back the state, the journal and the idempotency keys.
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import secrets
from collections import OrderedDict
from dataclasses import dataclass
from typing import Any

from cetate import games as registry
from cetate.core.errors import InvalidOptions
from cetate.server.bots import BotPool, level_bot  # level_bot: the rooms look it up here (tests replace it)
from cetate.server.clock import BadClock, check_clock
from cetate.server.cluster import Cluster, OwnerGone
from cetate.server.room.actor import ANSWERS_KEPT, SNAPSHOT_EVERY, Actor
from cetate.server.room.base import (
    CHAT_KEPT,
    TIMEOUT_EVENT,
    Auth,
    LiveTable,
    Subscriber,
    TableError,
    encode,
    log,
    mover,
    now_iso,
)
from cetate.server.room.projector import UPDATE_FIELDS, Projector, journal, legal_for, presence
from cetate.server.room.scheduler import Scheduler
from cetate.server.room.services.chat import CHAT_BURST, CHAT_MAX, CHAT_WINDOW_S, Chat
from cetate.server.room.services.hints import Hints, hints_allowed
from cetate.server.room.services.review import Reviews, record, replay
from cetate.server.room.services.seats import (
    KINDS,
    NAME_MAX,
    Seating,
    hash_token,
    invite,
    new_token,
    seat_spec,
)
from cetate.server.room.services.takeback import UNDO_CHECK_DELAY_S, TakeBack, undo_allowed, undo_seat
from cetate.server.settings import Settings
from cetate.server.storage import Store

__all__ = [
    "ANSWERS_KEPT",
    "CHAT_BURST",
    "CHAT_KEPT",
    "CHAT_MAX",
    "CHAT_WINDOW_S",
    "KINDS",
    "NAME_MAX",
    "OPS",
    "RESULTS_REPLAYED",
    "RETRY_SAFE",
    "SEED_BITS",
    "SEED_INT_BITS_MAX",
    "SEED_TEXT_MAX",
    "SLOW_OPS",
    "SNAPSHOT_EVERY",
    "TIMEOUT_EVENT",
    "UNDO_CHECK_DELAY_S",
    "UPDATE_FIELDS",
    "Auth",
    "LiveTable",
    "RemoteTable",
    "Subscriber",
    "TableError",
    "TableHub",
    "check_chosen_seed",
    "encode",
    "hash_token",
    "level_bot",
    "new_seed",
    "new_token",
]

RESULTS_REPLAYED = 10  # finished tables without a stored result replayed per "your tables" request
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


@dataclass(frozen=True)
class RemoteTable:
    """In cluster mode, a table that another worker owns: requests for it are forwarded there."""

    id: str
    owner: str


def _outcome(result: dict | None) -> dict | None:
    """What the lobby shows of a finished game: who won, and the seats from best to worst when the game
    ranks them (Akropolis solo: `winners` is `[0]` when the player beat the Architect, else `[]`)."""
    if not isinstance(result, dict):
        return None
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    ranking = result.get("ranking")
    return {"winners": winners, "ranking": ranking if isinstance(ranking, list) else None}


SLOW_OPS = frozenset({"hint", "review", "replay"})  # forwarded with a longer wait (bot time, a whole replay)
RETRY_SAFE = frozenset({"view", "record", "replay", "review", "hint"})  # run again if the owner died meanwhile


class TableHub:
    """The live tables of this process, and the rooms that serve them (`cetate.server.room`)."""

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
        self.actor = Actor(self)
        self.projector = Projector(self)
        self.scheduler = Scheduler(self)
        self.seating = Seating(self)
        self.chat = Chat(self)
        self.takeback = TakeBack(self)
        self.hints = Hints(self)
        self.reviews = Reviews(self)

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
                table = await asyncio.to_thread(self.actor.load, table_id)
            except Exception:
                log.exception("table %s cannot be resumed", table_id)
                continue
            if table is not None:
                self.tables[table_id] = table
        for table in list(self.tables.values()):
            if table.status == "playing":
                self.scheduler.schedule(table)
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

    def keep_only(self, held: set[str]) -> None:
        """Drop the tables whose ownership this worker lost while it could not renew its lease."""
        for table in list(self.tables.values()):
            if table.id not in held:
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
            self.projector.attach(target, self.cluster.remote_subscriber(origin, target.id, args["sub"], auth))
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
                    table = await asyncio.to_thread(self.actor.load, table_id)
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
                    self.scheduler.schedule(table)
        return table

    def _remember_finished(self, table: LiveTable) -> None:
        self._finished[table.id] = None
        self._finished.move_to_end(table.id)
        while len(self._finished) > self.settings.finished_tables_cached:
            old, _ = self._finished.popitem(last=False)
            gone = self.tables.get(old)
            if gone is not None and not gone.subscribers:
                del self.tables[old]

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
                         "players": live.players, "to_move": mover(live), "updated_at": live.updated_at}
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

    # -- creating tables ---------------------------------------------------------------------------
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
                     seed: int | str | None, clock: dict | None, rated: bool = False,
                     user_id: str | None = None, public: bool = False) -> tuple[LiveTable, list[str | None], str]:
        """A new table; returns it, the token of every human and hot-seat seat, and the host token. `user_id`:
        the signed-in creator's account, which plays the creator's seat; a `rated` table needs one, and no
        hot seat or chosen seed (docs/accounts.md, "Ratings")."""
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
        resolved = [seat_spec(game, i, s) for i, s in enumerate(seats)]
        seed_chosen = seed is not None
        if public and not any(s["kind"] == "human" for s in resolved[1:]):
            raise TableError(422, "public_no_free_seat", "a table in the public lobby needs at least one seat for "
                             "an invited person (kind human) besides yours", field="seats")
        if rated:
            if user_id is None:
                raise TableError(401, "sign_in_to_rate", "only a signed-in player can make a rated table",
                                 field="rated")
            if any(s["kind"] == "hotseat" for s in resolved):
                raise TableError(422, "rated_hotseat", "a rated table has no hot seats: each person plays from "
                                 "their own account", field="seats")
            if resolved[0]["kind"] == "bot":
                raise TableError(422, "rated_no_creator", "at a rated table its creator takes the first seat",
                                 field="seats")
            if seed_chosen:
                raise TableError(422, "rated_seed", "a rated table's deal is drawn by the server: leave out the "
                                 "seed", field="seed")
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
                         "credentials": [invite(token)] if invited else [],
                         "user_id": user_id if i == creator and spec["kind"] == "human" else None})
        status = "playing" if all(r["joined"] for r in rows) else "waiting"
        info = {"id": table_id, "game": game.id, "engine_version": game.engine_version, "players": players,
                "options": valid, "seed": seed, "seed_chosen": seed_chosen, "rated": rated, "public": public,
                "status": status,
                "clock": clock_config,
                "host_token_hash": hash_token(host_token)}
        await asyncio.to_thread(self.store.create_table, info, rows)
        if self.cluster is not None:
            await self.cluster.claim(table_id)
        info["created_at"] = info["updated_at"] = now_iso()
        table = LiveTable(info, [{k: v for k, v in r.items() if k != "user_id"} for r in rows], game, state)
        self.tables[table_id] = table
        if status == "playing":
            self.scheduler.schedule(table)
        return table, tokens, host_token

    # -- the rooms' requests (cetate.server.room): each passed on, to a room or a room's function ----
    def authenticate(self, table: LiveTable, token: str | None, required: bool = False) -> Auth:
        return self.seating.authenticate(table, token, required)

    def check_playing(self, table: LiveTable, auth: Auth) -> None:
        self.seating.check_playing(table, auth)

    async def join(self, table: LiveTable, auth: Auth, name: str | None) -> str | None:
        return await self.seating.join(table, auth, name)

    async def reissue_invite(self, table: LiveTable, auth: Auth, seat: int) -> str:
        return await self.seating.reissue_invite(table, auth, seat)

    async def start(self, table: LiveTable, auth: Auth) -> None:
        await self.seating.start(table, auth)

    async def seat_to_bot(self, table: LiveTable, auth: Auth, seat: int, bot: str | None,
                          level: str | None) -> None:
        await self.seating.seat_to_bot(table, auth, seat, bot, level)

    async def act(self, table: LiveTable, auth: Auth, action: Any, key: str | None,
                  seat: int | None = None, answer: bool = True) -> tuple[dict | None, bool]:
        return await self.actor.act(table, auth, action, key, seat, answer)

    async def say(self, table: LiveTable, auth: Auth, text: Any) -> dict:
        return await self.chat.say(table, auth, text)

    @staticmethod
    def hints_allowed(table: LiveTable) -> bool:
        return hints_allowed(table)

    async def hint(self, table: LiveTable, auth: Auth) -> dict:
        return await self.hints.hint(table, auth)

    @staticmethod
    def undo_allowed(table: LiveTable) -> bool:
        return undo_allowed(table)

    def undo_seat(self, table: LiveTable) -> int | None:
        return undo_seat(table)

    async def undo(self, table: LiveTable, auth: Auth) -> dict:
        return await self.takeback.undo(table, auth)

    def record(self, table: LiveTable, auth: Auth) -> dict:
        return record(table, auth)

    def replay(self, table: LiveTable, seat: int | None) -> dict:
        return replay(table, seat)

    async def review(self, table: LiveTable, seat: int) -> dict:
        return await self.reviews.review(table, seat)

    def summary(self, table: LiveTable) -> dict:
        return self.projector.summary(table)

    def snapshot(self, table: LiveTable, auth: Auth) -> dict:
        return self.projector.snapshot(table, auth)

    def legal_for(self, table: LiveTable, seat: int | None) -> list[dict]:
        return legal_for(table, seat)

    def journal(self, table: LiveTable, seat: int | None, since_seq: int = 0) -> list[dict]:
        return journal(table, seat, since_seq)

    def presence(self, table: LiveTable) -> dict:
        return presence(table)

    def subscribe(self, table: LiveTable, auth: Auth) -> Subscriber:
        return self.projector.subscribe(table, auth)

    def unsubscribe(self, table: LiveTable, sub: Subscriber) -> None:
        self.projector.unsubscribe(table, sub)

    async def _commit(self, table: LiveTable, seat: int, action: dict, key: str | None,
                      by_bot: bool = False, timeout: bool = False, answer: bool = True) -> dict | None:
        return await self.actor.commit(table, seat, action, key, by_bot, timeout, answer)

    def _schedule(self, table: LiveTable, moved_clock: int | None = None) -> None:
        self.scheduler.schedule(table, moved_clock)

    async def _decide(self, table: LiveTable, bot: str, seat: int) -> dict:
        return await self.scheduler.decide(table, bot, seat)


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


async def _op_sit(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    seat, own = await hub.seating.sit(table, args.get("name"))
    auth = Auth(seat=seat, token=True, credential=hash_token(own))
    return {**hub.snapshot(table, auth), "token": own}


async def _op_device(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    """For an account's own seat (checked by the API): this device's token for it."""
    return {"table_id": table.id, "seat": args["seat"],
            "token": await hub.seating.device_for_account(table, args["seat"])}


async def _op_timeout(hub: TableHub, table: LiveTable, token: str | None, args: dict) -> dict:
    """A turn-based table's late seat (server/turns.py's sweep; never a client's request): `{played}`."""
    return {"played": await hub.scheduler.late(table, args["seat"], args["seq"])}


OPS = {"sit": _op_sit, "timeout": _op_timeout, "device": _op_device, "view": _op_view, "join": _op_join, "start": _op_start, "chat": _op_chat, "hint": _op_hint,
       "undo": _op_undo, "act": _op_act, "seat_bot": _op_seat_bot, "invite": _op_invite, "record": _op_record,
       "review": _op_review, "replay": _op_replay}
