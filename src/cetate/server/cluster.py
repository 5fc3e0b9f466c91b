"""Cluster mode: several server processes, on one machine or many, share the live tables (docs/deploy.md).

`cetate serve --workers N --redis-url ...` on a PostgreSQL database. PostgreSQL says who owns what; Redis
carries what the workers say to each other. Nothing else is shared.

- **Ownership.** Each worker has a row in `workers`, renewed every BEAT_S seconds and alive until its
  `expires_at` (LEASE_S ahead). A table is owned by the worker named in `table_owners` while that worker is
  alive; only the owner holds the table in memory, plays its bots and clocks and writes its log. A worker
  takes a table on first use when nobody alive owns it (`acquire`), and every BEAT_S it takes the unfinished
  tables whose owner died (`_scan`), so bots and clocks resume. The log's writes are fenced: they share-lock
  the owner row and check it names this worker (`Store._check_owner`), so a worker that lost a table (even
  one that froze past its lease) cannot write a move after the new owner loaded the log.
- **Forwarding.** A request for a table owned elsewhere goes to the owner as a `call` on the owner's Redis
  channel (`cetate:w:<worker>`) and waits for its `reply`: the same operation runs there (`TableHub.OPS`).
  A WebSocket opened at one worker for a table owned by another subscribes at the owner, which sends that
  socket's messages (already made for its seat) back in `deliver` batches. Every socket on every worker
  gets every update, from the one process that made it.
- **Failure.** A publish that reaches nobody means the worker is gone; so does an empty channel (`NUMSUB`)
  at the next beat. Its row is then expired at once, its tables are taken over by whoever asks or scans
  first, calls waiting on it fail (503, or retried where that is safe), and sockets that watched its tables
  are closed with 1012 so that their clients reconnect (to the new owner). A worker whose own row expired
  (it froze, or lost the database) drops every table and registers again.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import socket
from typing import Any

import orjson

log = logging.getLogger("cetate.server.cluster")

LEASE_S = 5.0  # a worker that has not renewed its row for this long is dead: its tables are taken over
BEAT_S = 1.0  # how often a worker renews its row, checks the workers it talks to and looks for orphans
CALL_TIMEOUT_S = 10.0  # a forwarded request the owner has not answered by then gets 503
SLOW_CALL_TIMEOUT_S = 60.0  # for hints, reviews and replays, which take bot time or a whole replay
SCAN_BATCH = 20  # orphaned tables taken per beat (each is loaded by replaying its log)


def channel(worker: str) -> str:
    return f"cetate:w:{worker}"


def _dumps(doc: dict) -> bytes:
    try:
        return orjson.dumps(doc)
    except TypeError:  # an integer beyond 64 bits (a finished table's seed)
        return json.dumps(doc, separators=(",", ":")).encode("utf-8")


def _loads(data: bytes) -> Any:
    try:
        return orjson.loads(data)
    except orjson.JSONDecodeError:
        return json.loads(data)


def pg_conninfo(url: str) -> str:
    """A libpq URL for the SQLAlchemy one (`postgresql+psycopg://` → `postgresql://`)."""
    scheme, sep, rest = url.partition("://")
    return f"postgresql://{rest}" if sep and scheme.startswith(("postgresql", "postgres")) else url


class OwnerGone(Exception):
    """A forwarded call did not run, or may not have: its worker died (`delivered` False: it never got it)
    or, `alive`, answered that it does not hold the table (it did not run it)."""

    def __init__(self, owner: str, delivered: bool, alive: bool = False) -> None:
        super().__init__(f"worker {owner} does not hold the table")
        self.owner = owner
        self.delivered = delivered
        self.alive = alive


class _Outbox:
    """The `queue` of a socket at another worker: what the owner puts in it leaves in the next `deliver`."""

    __slots__ = ("cluster", "sub", "table_id", "worker")

    def __init__(self, cluster: Cluster, worker: str, table_id: str, sub: str) -> None:
        self.cluster, self.worker, self.table_id, self.sub = cluster, worker, table_id, sub

    def put_nowait(self, message: Any) -> None:
        self.cluster.deliver(self.worker, self.sub, message)


class RemoteSubscriber:
    """At the owner: a socket open at another worker, seeing the table as `auth`."""

    __slots__ = ("auth", "queue", "seat", "sub", "worker")

    def __init__(self, cluster: Cluster, worker: str, table_id: str, sub: str, auth: Any) -> None:
        self.auth = auth
        self.seat = auth.seat
        self.worker = worker
        self.sub = sub
        self.queue = _Outbox(cluster, worker, table_id, sub)


class Cluster:
    """This worker's part in the cluster: its lease, its Redis channel, its calls and forwarded sockets."""

    def __init__(self, database_url: str, redis_url: str, lease_s: float = LEASE_S, beat_s: float = BEAT_S) -> None:
        self.id = f"{socket.gethostname()[:32]}-{os.getpid()}-{secrets.token_hex(4)}"
        self.database_url = pg_conninfo(database_url)
        self.redis_url = redis_url
        self.lease_s = lease_s
        self.beat_s = beat_s
        self.hub: Any = None
        self.redis: Any = None
        self.pubsub: Any = None
        self.pg: Any = None  # ownership queries
        self._pg_lock = asyncio.Lock()
        self.pg_beat: Any = None  # the heartbeat's own connection: never queued behind takeovers
        self.owners: dict[str, str] = {}  # table id -> its owner elsewhere (a cache, checked on failure)
        self.calls: dict[str, tuple[asyncio.Future, str]] = {}  # call id -> (its reply, the worker asked)
        self.proxies: dict[str, tuple[str, Any]] = {}  # sub id -> (owner, local socket's Subscriber)
        self.remote: dict[str, tuple[str, RemoteSubscriber]] = {}  # sub id -> (table id, socket elsewhere)
        self._out: list[tuple[str, bytes, str | None]] = []  # (channel, payload, call id) to publish
        self._wake = asyncio.Event()
        self._deliveries: dict[str, tuple[list[str], list[list], dict[int, int]]] = {}
        self._flush_soon = False
        self._tasks: list[asyncio.Task] = []
        self._serving: set[asyncio.Task] = set()  # forwarded calls running here
        self._closing = False

    # -- life cycle ---------------------------------------------------------------------------------
    async def start(self, hub: Any) -> None:
        import psycopg
        from redis.asyncio import Redis

        self.hub = hub
        self.redis = Redis.from_url(self.redis_url)
        await self.redis.ping()
        self.pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
        await self.pubsub.subscribe(channel(self.id))  # listening before anyone can know this worker
        self.pg = await psycopg.AsyncConnection.connect(self.database_url, autocommit=True)
        self.pg_beat = await psycopg.AsyncConnection.connect(self.database_url, autocommit=True)
        await self._register()
        self._tasks = [asyncio.create_task(self._listen(), name="cluster-listen"),
                       asyncio.create_task(self._send_loop(), name="cluster-send"),
                       asyncio.create_task(self._heartbeat_loop(), name="cluster-heartbeat"),
                       asyncio.create_task(self._beat_loop(), name="cluster-beat")]
        log.info("worker %s joined the cluster", self.id)

    async def stop(self) -> None:
        """Leave: hand every table back at once (the others take them over on their next beat)."""
        self._closing = True
        for task in self._tasks[2:]:
            task.cancel()
        with contextlib.suppress(Exception):
            await self._sql("DELETE FROM table_owners WHERE worker_id = %s", (self.id,))
            await self._sql("DELETE FROM workers WHERE id = %s", (self.id,))
        await asyncio.sleep(0)
        self._wake.set()
        with contextlib.suppress(Exception):
            await asyncio.wait_for(self._drain(), 2.0)
        for task in self._tasks:
            task.cancel()
        await asyncio.gather(*self._tasks, return_exceptions=True)
        for fut, _owner in self.calls.values():
            if not fut.done():
                fut.set_exception(OwnerGone(self.id, delivered=True))
        with contextlib.suppress(Exception):
            await self.pubsub.aclose()
        with contextlib.suppress(Exception):
            await self.redis.aclose()
        with contextlib.suppress(Exception):
            await self.pg.close()
        with contextlib.suppress(Exception):
            await self.pg_beat.close()

    async def _drain(self) -> None:
        while self._out:
            await asyncio.sleep(0.01)

    async def _sql(self, query: str, params: tuple = ()) -> list[tuple]:
        async with self._pg_lock, self.pg.cursor() as cur:
            await cur.execute(query, params)
            return await cur.fetchall() if cur.description is not None else []

    async def _register(self) -> None:
        await self._sql("INSERT INTO workers (id, host, pid, started_at, expires_at) "
                        "VALUES (%s, %s, %s, now(), now() + make_interval(secs => %s)) "
                        "ON CONFLICT (id) DO UPDATE SET expires_at = EXCLUDED.expires_at",
                        (self.id, socket.gethostname()[:255], os.getpid(), self.lease_s))

    async def ping(self) -> None:
        """Redis answers (for the health endpoint)."""
        await self.redis.ping()

    # -- ownership ----------------------------------------------------------------------------------
    async def acquire(self, table_id: str) -> str | None:
        """The owner of `table_id` after trying to take it: this worker's id when nobody alive held it (or
        this worker did), another worker's id, or None when there is no such table."""
        rows = await self._sql(
            "INSERT INTO table_owners (table_id, worker_id, since) "
            "SELECT %(t)s::varchar, %(me)s::varchar, now() WHERE EXISTS (SELECT 1 FROM tables WHERE id = %(t)s) "
            "ON CONFLICT (table_id) DO UPDATE SET worker_id = EXCLUDED.worker_id, since = now() "
            "WHERE table_owners.worker_id <> EXCLUDED.worker_id AND NOT EXISTS ("
            "  SELECT 1 FROM workers w WHERE w.id = table_owners.worker_id AND w.expires_at > now()) "
            "RETURNING worker_id", {"t": table_id, "me": self.id})
        if rows:
            self.owners.pop(table_id, None)
            return self.id
        rows = await self._sql("SELECT worker_id FROM table_owners WHERE table_id = %s", (table_id,))
        if not rows:
            return None
        owner = rows[0][0]
        if owner != self.id:
            self.owners[table_id] = owner
        return owner

    async def claim(self, table_id: str) -> None:
        """Own a table this worker has just created."""
        await self._sql("INSERT INTO table_owners (table_id, worker_id, since) VALUES (%s, %s, now()) "
                        "ON CONFLICT (table_id) DO UPDATE SET worker_id = EXCLUDED.worker_id, since = now()",
                        (table_id, self.id))

    async def release(self, table_id: str) -> None:
        with contextlib.suppress(Exception):
            await self._sql("DELETE FROM table_owners WHERE table_id = %s AND worker_id = %s", (table_id, self.id))

    def forget(self, table_id: str, owner: str | None = None) -> None:
        if owner is None or self.owners.get(table_id) == owner:
            self.owners.pop(table_id, None)

    async def _scan(self) -> None:
        """Take the unfinished tables that nobody alive owns: bots and clocks must go on."""
        rows = await self._sql(
            "SELECT t.id FROM tables t LEFT JOIN table_owners o ON o.table_id = t.id "
            "LEFT JOIN workers w ON w.id = o.worker_id AND w.expires_at > now() "
            "WHERE t.status = 'playing' AND w.id IS NULL LIMIT %s", (SCAN_BATCH,))
        for (table_id,) in rows:
            if self._closing:
                return
            try:
                await self.hub.take_over(table_id)
            except Exception:
                log.exception("table %s could not be taken over", table_id)

    async def declare_dead(self, worker: str) -> None:
        """`worker` is gone (its channel is empty): expire its row so its tables can be taken now, close the
        sockets that watched its tables (their clients reconnect) and fail the calls waiting on it."""
        if worker == self.id:
            return
        log.warning("worker %s is gone; its tables will be taken over", worker)
        with contextlib.suppress(Exception):
            await self._sql("UPDATE workers SET expires_at = now() WHERE id = %s AND expires_at > now()", (worker,))
        for table_id in [t for t, o in self.owners.items() if o == worker]:
            del self.owners[table_id]
        for sub, (owner, local) in list(self.proxies.items()):
            if owner == worker:
                del self.proxies[sub]
                local.queue.put_nowait(None)
        for fut, owner in list(self.calls.values()):
            if owner == worker and not fut.done():
                fut.set_exception(OwnerGone(worker, delivered=True))
        for sub, (table_id, remote) in list(self.remote.items()):
            if remote.worker == worker:
                self.hub.drop_remote(table_id, sub)

    # -- the beat -----------------------------------------------------------------------------------
    async def _beat_loop(self) -> None:
        while not self._closing:
            try:
                await self._beat()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the cluster beat failed; trying again")
            await asyncio.sleep(self.beat_s)

    async def _heartbeat_loop(self) -> None:
        while not self._closing:
            try:
                await self._heartbeat()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the cluster heartbeat failed; trying again")
            await asyncio.sleep(self.beat_s)

    async def _heartbeat(self) -> None:
        """Renew this worker's row. If it had expired (the worker froze, or lost the database), others may
        have taken some of its tables: keep only those whose owner row still names this worker."""
        async with self.pg_beat.cursor() as cur:
            await cur.execute("UPDATE workers w SET expires_at = now() + make_interval(secs => %s) "
                              "FROM (SELECT id, expires_at FROM workers WHERE id = %s FOR UPDATE) old "
                              "WHERE w.id = old.id RETURNING old.expires_at > now()", (self.lease_s, self.id))
            rows = await cur.fetchall()
            if rows and rows[0][0]:
                return
            log.error("worker %s outlived its lease; keeping only the tables still its own", self.id)
            if not rows:
                await cur.execute("INSERT INTO workers (id, host, pid, started_at, expires_at) VALUES "
                                  "(%s, %s, %s, now(), now() + make_interval(secs => %s)) ON CONFLICT (id) DO "
                                  "UPDATE SET expires_at = EXCLUDED.expires_at",
                                  (self.id, socket.gethostname()[:255], os.getpid(), self.lease_s))
            await cur.execute("SELECT table_id FROM table_owners WHERE worker_id = %s", (self.id,))
            held = {row[0] for row in await cur.fetchall()}
        self.hub.keep_only(held)

    async def _beat(self) -> None:
        peers = ({owner for owner, _ in self.proxies.values()} | {r.worker for _, r in self.remote.values()}
                 | {owner for _, owner in self.calls.values()}) - {self.id}
        if peers:
            counts = await self.redis.pubsub_numsub(*[channel(p) for p in peers])
            for name, count in counts:
                name = name.decode() if isinstance(name, bytes) else name
                if count == 0:
                    await self.declare_dead(name.removeprefix("cetate:w:"))
        await self._scan()

    # -- messages -----------------------------------------------------------------------------------
    def _send(self, worker: str, doc: dict, call: str | None = None) -> None:
        self._out.append((channel(worker), _dumps(doc), call))
        self._wake.set()

    async def _send_loop(self) -> None:
        """One publisher, in order: what this worker says to another arrives in the order it was said."""
        while True:
            await self._wake.wait()
            self._wake.clear()
            while self._out:
                batch, self._out = self._out, []
                try:
                    async with self.redis.pipeline(transaction=False) as pipe:
                        for name, payload, _call in batch:
                            pipe.publish(name, payload)
                        counts = await pipe.execute()
                except asyncio.CancelledError:
                    raise
                except Exception:
                    log.exception("messages to other workers could not be sent")
                    counts = [0] * len(batch)
                for (name, _payload, call), count in zip(batch, counts, strict=True):
                    if count == 0 and call is not None:  # nobody listens: that worker is gone
                        entry = self.calls.get(call)
                        if entry is not None and not entry[0].done():
                            entry[0].set_exception(OwnerGone(name.removeprefix("cetate:w:"), delivered=False))

    async def _listen(self) -> None:
        while True:
            try:
                async for message in self.pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        self._dispatch(_loads(message["data"]))
                    except Exception:
                        log.exception("a message from another worker could not be handled")
            except asyncio.CancelledError:
                raise
            except Exception:  # the connection to Redis broke: the client reconnects and subscribes again
                log.warning("the Redis subscription broke; reconnecting")
                await asyncio.sleep(0.5)

    def _dispatch(self, doc: dict) -> None:
        kind = doc.get("k")
        if kind == "deliver":
            texts = doc["texts"]
            for sub, index in doc["items"]:
                entry = self.proxies.get(sub)
                if entry is None:
                    continue
                if index < 0:  # the owner closed this socket's subscription
                    del self.proxies[sub]
                    entry[1].queue.put_nowait(None)
                else:
                    entry[1].queue.put_nowait(texts[index])
        elif kind == "reply":
            entry = self.calls.get(doc["id"])
            if entry is not None and not entry[0].done():
                entry[0].set_result(doc)
        elif kind == "call":
            task = asyncio.ensure_future(self._serve(doc))
            self._serving.add(task)
            task.add_done_callback(self._serving.discard)
        elif kind == "unsub":
            entry = self.remote.get(doc["sub"])
            if entry is not None:
                self.hub.drop_remote(entry[0], doc["sub"])

    async def _serve(self, doc: dict) -> None:
        from cetate.server.tables import TableError

        reply: dict = {"k": "reply", "id": doc["id"]}
        try:
            reply["result"] = await self.hub.serve(doc["table"], doc["op"], doc.get("token"), doc.get("args") or {},
                                                   origin=doc["from"])
        except OwnerGone:
            reply["moved"] = True
        except TableError as exc:
            reply["error"] = {**exc.to_dict(), "status": exc.status,
                              "retry_after": getattr(exc, "retry_after", None)}
        except Exception:
            log.exception("table %s: a forwarded %s failed", doc.get("table"), doc.get("op"))
            reply["error"] = {"status": 500, "code": "internal_error",
                              "message": "the server failed to handle this request"}
        self._send(doc["from"], reply)

    async def call(self, owner: str, table_id: str, op: str, token: str | None, args: dict,
                   timeout: float = CALL_TIMEOUT_S) -> Any:
        """Run `op` at the table's owner; its result, or its `TableError` raised here. `OwnerGone` when the
        owner is gone or no longer holds the table."""
        from cetate.server.tables import TableError

        call = secrets.token_hex(8)
        future: asyncio.Future = asyncio.get_running_loop().create_future()
        self.calls[call] = (future, owner)
        self._send(owner, {"k": "call", "id": call, "from": self.id, "table": table_id, "op": op, "token": token,
                           "args": args}, call=call)
        try:
            reply = await asyncio.wait_for(future, timeout)
        except TimeoutError:
            log.warning("table %s: worker %s did not answer a forwarded %s in %g s", table_id, owner, op, timeout)
            raise TableError(503, "owner_timeout", "the server process that holds this table did not answer in "
                             "time; try again") from None
        finally:
            self.calls.pop(call, None)
        if reply.get("moved"):
            raise OwnerGone(owner, delivered=False, alive=True)
        error = reply.get("error")
        if error is not None:
            exc = TableError(error["status"], error["code"], error["message"], error.get("field"))
            if error.get("retry_after"):
                exc.retry_after = error["retry_after"]
            raise exc
        return reply.get("result")

    # -- sockets at one worker, tables at another -----------------------------------------------------
    def new_sub(self) -> str:
        return f"{self.id}/{secrets.token_hex(6)}"

    def watch(self, owner: str, sub: str, local: Any) -> None:
        self.proxies[sub] = (owner, local)

    def unwatch(self, sub: str, table_id: str) -> None:
        entry = self.proxies.pop(sub, None)
        if entry is not None:
            self._send(entry[0], {"k": "unsub", "table": table_id, "sub": sub})

    def remote_subscriber(self, worker: str, table_id: str, sub: str, auth: Any) -> RemoteSubscriber:
        remote = RemoteSubscriber(self, worker, table_id, sub, auth)
        self.remote[sub] = (table_id, remote)
        return remote

    def deliver(self, worker: str, sub: str, message: Any) -> None:
        """Queue `message` (a dict, encoded text, or None: close) for socket `sub` at `worker`; the messages
        of one turn of the loop leave together, one text per distinct message."""
        from cetate.server.tables import encode

        texts, items, seen = self._deliveries.setdefault(worker, ([], [], {}))
        if message is None:
            items.append([sub, -1])
            self.remote.pop(sub, None)
        else:
            index = seen.get(id(message))
            if index is None or not isinstance(message, str):
                index = seen[id(message)] = len(texts)
                texts.append(message if isinstance(message, str) else encode(message))
            items.append([sub, index])
        if not self._flush_soon:
            self._flush_soon = True
            asyncio.get_running_loop().call_soon(self._flush)

    def _flush(self) -> None:
        self._flush_soon = False
        deliveries, self._deliveries = self._deliveries, {}
        for worker, (texts, items, _seen) in deliveries.items():
            self._send(worker, {"k": "deliver", "texts": texts, "items": items})


def make_cluster(settings: Any) -> Cluster | None:
    """The cluster of `settings` (None: the embedded single process). Cluster mode needs PostgreSQL."""
    if not settings.redis_url:
        return None
    if not settings.url.startswith(("postgresql", "postgres")):
        raise ValueError("cluster mode (--workers above 1, or a Redis URL) needs a PostgreSQL database: give "
                         "--database-url postgresql://...")
    return Cluster(settings.url, settings.redis_url)

