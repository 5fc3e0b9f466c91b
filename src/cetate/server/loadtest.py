"""`cetate loadtest`: N live tables of one game, every seat a scripted person on its own WebSocket.

How a run goes (docs/performance.md, "The web server under load"):

1. **Server.** Without `--url`, a `cetate serve` child is started on 127.0.0.1 and a free port, with a
   temporary data folder (SQLite) unless a database URL is given, rate limits off and the caps on live
   tables and sockets lifted (`CETATE_RATE_*_PER_MIN=0`, `CETATE_MAX_LIVE_TABLES=0`, `CETATE_MAX_SOCKETS=0`).
   No seat is a bot, so it gets no bot workers (`CETATE_BOT_WORKERS=0`).
2. **Warm-up (not measured).** Each of the N table *slots* creates a table whose seats are all invited (each
   joins with its invite; `--seats hotseat`: all on one device)
   (one create answer holds every seat's token) and opens one WebSocket per seat with that seat's token.
   No move is played yet. (A table still opening when the warm-up cap passes plays once it is open.)
3. **Play, then the window (measured, `seconds` long, from SETTLE_S after play starts).** A seat whose `sync` or `update` carries legal actions picks one
   at random and sends `{"type": "act", action, key}` with a fresh key. Closed loop (`rate` 0): at once.
   Open loop (`rate` R > 0): each slot's moves are due at R per second from a random phase; a seat that is
   ready early waits for the due time, one that becomes ready late moves at once. A move's latency runs
   from its send to the `update` with the next `seq` on the mover's own socket (an `error` with its key, a
   closed socket or no answer in MOVE_TIMEOUT_S count as errors). A finished game's slot creates a new
   table, so N tables stay live.
4. **End.** Every task is cancelled, every socket closed, the local server stopped (SIGTERM to its process
   group, SIGKILL after 5 s) and its temporary folder removed. A hard deadline of
   `seconds + warm-up cap + 30 s` bounds the whole run.

With `clients` K > 1 the slots are split over K driver processes (each its own asyncio loop); they warm up,
then all measure the same window (CLOCK_MONOTONIC is shared by the processes of one machine) and send
their raw latency samples back to be merged.

The result is one dict (the command prints it as one JSON line): throughput, latency percentiles, errors,
games finished, and for a local server its memory (VmRSS / VmHWM summed over the server and its child
processes) and CPU time over the window (utime + stime from /proc, children included), next to the
drivers' own CPU time, since driver and server share the machine's cores.
"""

from __future__ import annotations

import asyncio
import contextlib
import ipaddress
import json
import logging
import math
import multiprocessing
import os
import random
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

try:  # faster, and byte-for-byte the same JSON for what is sent here
    import orjson

    def _loads(data: str | bytes) -> Any:
        return orjson.loads(data)

    def _dumps(value: Any) -> str:
        return orjson.dumps(value).decode()
except ImportError:  # pragma: no cover - orjson is a dependency
    def _loads(data: str | bytes) -> Any:
        return json.loads(data)

    def _dumps(value: Any) -> str:
        return json.dumps(value, separators=(",", ":"))


log = logging.getLogger("cetate.server.loadtest")

GAMES = ("citadels", "akropolis", "gates")
WARMUP_CAP_S = 60.0  # starting the server, creating the tables and opening their sockets, at most
GRACE_S = 30.0  # beyond the window and the warm-up cap: the hard deadline of a whole run
MOVE_TIMEOUT_S = 20.0  # a move with no answer by then counts as an error (`timeout`)
OPEN_CONCURRENCY = 32  # tables being created and connected at once, per driver process
HTTP_TIMEOUT_S = 10.0
SETTLE_S = 1.0  # play starts this long before the window, so a closed loop's first burst is not measured
CLOSE_TIMEOUT_S = 2.0  # per socket, when the run ends
TERM_WAIT_S = 5.0  # SIGTERM, then SIGKILL after this long
SAMPLE_EVERY_S = 0.5  # the server's memory is sampled this often
MIB = 1024 * 1024


class LoadtestError(Exception):
    """A run that cannot go on; `code` names a `cli.loadtest.error.<code>` message with `params`."""

    def __init__(self, code: str, **params: Any) -> None:
        super().__init__(f"{code}: {params}")
        self.code, self.params = code, params


@dataclass(frozen=True)
class Config:
    """What to run (the flags of `cetate loadtest`)."""

    game: str = "citadels"
    players: int = 2
    tables: int = 50
    seconds: float = 20.0
    rate: float = 0.0  # moves per second per table; 0: closed loop
    url: str | None = None  # a running server; None: start a local one
    database_url: str | None = None  # for the local server (default: SQLite in a temporary folder)
    seed: int = 0  # the scripted players' choices
    clients: int = 1  # driver processes
    workers: int | None = None  # passed to `cetate serve --workers` (above 1: with redis_url and PostgreSQL)
    redis_url: str | None = None  # the local server's cluster mode
    compression: bool = True  # offer permessage-deflate, as browsers do
    seats: str = "invited"  # invited: people on their own devices (each joins); hotseat: one device
    warmup_cap_s: float = WARMUP_CAP_S

    @property
    def mode(self) -> str:
        return "open" if self.rate > 0 else "closed"

    def deadline_s(self) -> float:
        """The hard bound on a whole run, from its start."""
        return self.seconds + self.warmup_cap_s + GRACE_S


# -- small helpers ----------------------------------------------------------------------------------

def percentile(sorted_values: list[float], p: float) -> float | None:
    """The nearest-rank `p`-th percentile of an ascending list (None when it is empty)."""
    if not sorted_values:
        return None
    rank = max(1, math.ceil(p / 100 * len(sorted_values)))
    return sorted_values[min(rank, len(sorted_values)) - 1]


def check_url(url: str) -> str:
    """`url` without its trailing slash, if it is an http(s) address with a host; else LoadtestError."""
    parts = urlsplit(url)
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise LoadtestError("bad_url", url=url)
    return url.rstrip("/")


def is_loopback(url: str) -> bool:
    """Whether `url`'s host is this machine (localhost, 127.0.0.0/8, ::1)."""
    host = urlsplit(url).hostname or ""
    if host == "localhost":
        return True
    try:
        return ipaddress.ip_address(host).is_loopback
    except ValueError:
        return False


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}))  # never through a proxy


class HttpError(Exception):
    def __init__(self, status: int, code: str) -> None:
        super().__init__(f"HTTP {status} {code}")
        self.status, self.code = status, code


def http_json(method: str, url: str, body: Any = None, timeout: float = HTTP_TIMEOUT_S,
              token: str | None = None) -> Any:
    """One blocking JSON request (run it in a thread), with a seat's `token` as a bearer if given; HttpError
    for an answer that is not 2xx."""
    data = None if body is None else _dumps(body).encode()
    headers = {"Content-Type": "application/json", "Accept": "application/json"}
    if token is not None:
        headers["Authorization"] = f"Bearer {token}"
    request = urllib.request.Request(url, data=data, method=method, headers=headers)
    try:
        with _OPENER.open(request, timeout=timeout) as answer:
            return _loads(answer.read())
    except urllib.error.HTTPError as exc:
        try:
            code = _loads(exc.read())["error"]["code"]
        except Exception:
            code = "http"
        raise HttpError(exc.code, code) from None


# -- the local server and what it costs -------------------------------------------------------------

def _children(pid: int) -> list[int]:
    """Every live descendant of `pid` (from each process's parent in /proc/<pid>/stat)."""
    parents: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        ppid = int(stat[stat.rindex(")") + 2:].split()[1])
        parents.setdefault(ppid, []).append(int(entry))
    found, todo = [], [pid]
    while todo:
        for child in parents.get(todo.pop(), []):
            found.append(child)
            todo.append(child)
    return found


_TICK = os.sysconf("SC_CLK_TCK") if hasattr(os, "sysconf") else 100


def _cpu_s(pid: int, reaped: bool) -> float:
    """utime + stime of `pid` in seconds (plus its reaped children's, when `reaped`); 0 if it is gone."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return 0.0
    values = fields[fields.rindex(")") + 2:].split()  # values[0] is field 3 (state)
    ticks = int(values[11]) + int(values[12])  # utime, stime
    if reaped:
        ticks += int(values[13]) + int(values[14])  # cutime, cstime
    return ticks / _TICK


def _memory_kib(pid: int) -> tuple[int, int]:
    """(VmRSS, VmHWM) of `pid` in KiB; zeros if it is gone."""
    rss = hwm = 0
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                rss = int(line.split()[1])
            elif line.startswith("VmHWM:"):
                hwm = int(line.split()[1])
    except OSError:
        pass
    return rss, hwm


class ProcessMeter:
    """CPU time and memory of a process tree (a server and its workers), read from /proc."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def pids(self) -> list[int]:
        return [self.pid, *_children(self.pid)]

    def cpu(self) -> dict[int, float]:
        """CPU seconds by process; the root's include its reaped children's."""
        return {pid: _cpu_s(pid, reaped=pid == self.pid) for pid in self.pids()}

    def memory_mib(self) -> tuple[float, float]:
        """(VmRSS, VmHWM) summed over the tree, in MiB."""
        rss = hwm = 0
        for pid in self.pids():
            r, h = _memory_kib(pid)
            rss, hwm = rss + r, hwm + h
        return rss / 1024, hwm / 1024

    @staticmethod
    def used(before: dict[int, float], after: dict[int, float]) -> float:
        """CPU seconds between two `cpu()` readings (a process born in between counts from zero)."""
        return sum(max(0.0, t - before.get(pid, 0.0)) for pid, t in after.items())


class Sampler(threading.Thread):
    """Samples a ProcessMeter's memory every SAMPLE_EVERY_S and reads its CPU time at the window's ends."""

    def __init__(self, meter: ProcessMeter) -> None:
        super().__init__(daemon=True, name="loadtest-sampler")
        self.meter = meter
        self.window: tuple[float, float] | None = None
        self.stop = threading.Event()
        self.peak_rss = 0.0
        self.cpu_at: dict[str, dict[int, float]] = {}

    def set_window(self, t0: float, t1: float) -> None:
        self.window = (t0, t1)

    def run(self) -> None:
        while not self.stop.is_set():
            now = time.monotonic()
            if self.window is not None:
                for name, at in zip(("start", "end"), self.window, strict=True):
                    if name not in self.cpu_at and now >= at:
                        self.cpu_at[name] = self.meter.cpu()
            self.peak_rss = max(self.peak_rss, self.meter.memory_mib()[0])
            wait = SAMPLE_EVERY_S
            if self.window is not None:
                wait = min([wait, *(at - now for name, at in zip(("start", "end"), self.window, strict=True)
                                    if name not in self.cpu_at and at > now)])
            self.stop.wait(max(0.005, wait))

    def figures(self) -> dict:
        """Memory (peak sampled, end, sum of high-water marks) and CPU over the window."""
        rss, hwm = self.meter.memory_mib()
        self.peak_rss = max(self.peak_rss, rss)
        out: dict[str, Any] = {"rss_mib": {"peak": round(self.peak_rss, 1), "end": round(rss, 1),
                                           "hwm": round(hwm, 1)},
                               "server_processes": len(self.meter.pids())}
        if "start" in self.cpu_at and self.window is not None:
            end = self.cpu_at.get("end") or self.meter.cpu()
            cpu = ProcessMeter.used(self.cpu_at["start"], end)
            span = self.window[1] - self.window[0]
            out.update(cpu_s=round(cpu, 2), cpu_percent=round(100 * cpu / span, 1) if span > 0 else None)
        return out


def _die_with_parent() -> None:
    """Run in the server child before it starts (Linux): the kernel sends it SIGTERM when the process that
    started it dies, even by SIGKILL, so a killed load test leaves no server behind."""
    with contextlib.suppress(Exception):
        import ctypes

        ctypes.CDLL(None, use_errno=True).prctl(1, signal.SIGTERM)  # 1: PR_SET_PDEATHSIG


class LocalServer:
    """A `cetate serve` child on 127.0.0.1, for one run; `stop()` ends it and removes its folder."""

    def __init__(self, database_url: str | None = None, workers: int | None = None,
                 redis_url: str | None = None) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="cetate-loadtest-"))
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        command = [sys.executable, "-m", "cetate.cli", "serve", "--host", "127.0.0.1", "--port", str(self.port),
                   "--data-dir", str(self.folder / "data")]
        if database_url:
            command += ["--database-url", database_url]
        if workers is not None:
            command += ["--workers", str(workers)]
        if redis_url:
            command += ["--redis-url", redis_url]
        env = {**os.environ, "CETATE_BOT_WORKERS": "0", "CETATE_MAX_LIVE_TABLES": "0", "CETATE_MAX_SOCKETS": "0",
               **{f"CETATE_RATE_{kind}_PER_MIN": "0" for kind in ("CREATE", "WS", "JOIN", "CHAT", "HINT")}}
        env.pop("CETATE_DATABASE_URL", None)
        env.pop("CETATE_DATA_DIR", None)
        env.pop("CETATE_REDIS_URL", None)
        env.pop("CETATE_WORKERS", None)
        self.workers = workers or 1
        self.log_path = self.folder / "serve.log"
        self._log = self.log_path.open("wb")
        self.process = subprocess.Popen(command, env=env, stdin=subprocess.DEVNULL, stdout=self._log,
                                        stderr=subprocess.STDOUT, start_new_session=True,
                                        preexec_fn=_die_with_parent if sys.platform.startswith("linux") else None)

    def wait_ready(self, deadline: float) -> None:
        """Until `GET /api/health` answers (from every worker, with several); LoadtestError if the server
        exits or the deadline passes."""
        seen: set = set()
        while True:
            if self.process.poll() is not None:
                raise LoadtestError("server", detail=f"exit status {self.process.returncode}: {self.log_tail()}")
            try:
                seen.add(http_json("GET", f"{self.url}/api/health", timeout=2).get("worker"))
                if len(seen) >= self.workers:
                    return
            except (OSError, HttpError):
                pass
            if time.monotonic() > deadline:
                raise LoadtestError("server", detail=f"no answer in time: {self.log_tail()}")
            time.sleep(0.1)

    def log_tail(self, lines: int = 5) -> str:
        try:
            text = self.log_path.read_text(encoding="utf-8", errors="replace")
        except OSError:
            return ""
        return " | ".join(text.strip().splitlines()[-lines:])

    def stop(self) -> None:
        """SIGTERM to the server's process group, SIGKILL after TERM_WAIT_S; then remove the folder."""
        try:
            if self.process.poll() is None:
                with contextlib.suppress(ProcessLookupError):
                    os.killpg(self.process.pid, signal.SIGTERM)
                with contextlib.suppress(subprocess.TimeoutExpired):
                    self.process.wait(TERM_WAIT_S)
            with contextlib.suppress(ProcessLookupError, PermissionError):
                os.killpg(self.process.pid, signal.SIGKILL)  # the group: workers the server left behind too
            with contextlib.suppress(subprocess.TimeoutExpired):
                self.process.wait(TERM_WAIT_S)
        finally:
            self._log.close()
            shutil.rmtree(self.folder, ignore_errors=True)


# -- one driver process --------------------------------------------------------------------------------

@dataclass
class Window:
    """The measured window in CLOCK_MONOTONIC seconds (None until the warm-up is over)."""

    start: float | None = None
    end: float | None = None

    def holds(self, sent: float, now: float) -> bool:
        """Whether a move sent at `sent` and answered at `now` counts."""
        return self.start is not None and sent >= self.start and now <= self.end

    def covers(self, now: float) -> bool:
        return self.start is not None and self.start <= now <= self.end


@dataclass
class DriverResult:
    """What one driver process measured; merged over processes by `merge`."""

    latencies_ms: list[float] = field(default_factory=list)
    moves: int = 0  # answered in the window (sent in it too)
    moves_total: int = 0  # answered at any time (warm-up included)
    games_finished: int = 0  # in the window
    errors: dict[str, int] = field(default_factory=dict)
    tables_live: int = 0  # slots that had a table playing when the window opened
    cpu_s: float = 0.0  # this process, over the window
    lag_ms_sum: float = 0.0  # open loop: how late moves went out after their due time, summed
    warmup_s: float = 0.0


class _Slot:
    """One of the N tables kept live: the table now playing there, and (open loop) its move schedule."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.next_due = 0.0
        self.table_id: str | None = None
        self.over = asyncio.Event()


class Driver:
    """Keeps `slots` tables live on `base_url` with scripted seats, and measures their moves."""

    def __init__(self, config: Config, base_url: str, slots: list[int], rng_seed: Any) -> None:
        self.config = config
        self.base = base_url
        self.ws_base = "ws" + base_url[len("http"):]
        self.slots = [_Slot(i) for i in slots]
        self.rng = random.Random(rng_seed)
        self.window = Window()
        self.result = DriverResult()
        self.errors: Counter[str] = Counter()
        self.stopping = False
        self.sockets: set[Any] = set()
        self.opening = asyncio.Semaphore(OPEN_CONCURRENCY)
        self.warm = asyncio.Event()  # every slot has its first table
        self.playing = asyncio.Event()  # the warm-up is over: seats may move
        self.opened_slots = 0
        self.keys = 0
        self.interval = 1 / config.rate if config.rate > 0 else 0.0

    def error(self, code: str) -> None:
        if not self.stopping:
            self.errors[code] += 1

    # -- a table -----------------------------------------------------------------------------------
    async def _create(self) -> tuple[str, list[str]]:
        """A new table and every seat's token, in seat order. Invited seats (the default: strangers on their
        own devices) each join with their invite and play with the token the join answers with; hot-seat
        seats play with the tokens of the create answer (and their moves pay the take-back check)."""
        kind = "hotseat" if self.config.seats == "hotseat" else "human"
        body = {"game": self.config.game, "players": self.config.players,
                "seats": [{"kind": kind, "name": f"P{i + 1}"} for i in range(self.config.players)]}
        created = await asyncio.to_thread(http_json, "POST", f"{self.base}/api/tables", body)
        table_id = created["table_id"]
        tokens = [s["token"] for s in sorted(created["seats"], key=lambda s: s["seat"])]
        if kind == "human":
            for seat in range(1, len(tokens)):  # seat 0 is the creator's, joined already
                url = f"{self.base}/api/tables/{quote(table_id)}/join"
                joined = await asyncio.to_thread(http_json, "POST", url, {}, HTTP_TIMEOUT_S, tokens[seat])
                tokens[seat] = joined.get("token") or tokens[seat]
        return table_id, tokens

    async def _connect(self, table_id: str, token: str) -> Any:
        from websockets.asyncio.client import connect

        url = f"{self.ws_base}/ws/tables/{quote(table_id)}?token={quote(token)}"
        ws = await connect(url, max_size=None, ping_interval=None, open_timeout=HTTP_TIMEOUT_S,
                           close_timeout=CLOSE_TIMEOUT_S,
                           compression="deflate" if self.config.compression else None)
        self.sockets.add(ws)
        return ws

    async def _open(self, slot: _Slot) -> list[Any]:
        """A new table for `slot`, and one open socket per seat (in seat order)."""
        async with self.opening:
            slot.table_id, tokens = await self._create()
            sockets = await asyncio.gather(*(self._connect(slot.table_id, t) for t in tokens),
                                           return_exceptions=True)
        failed = [s for s in sockets if isinstance(s, BaseException)]
        if failed:
            await self._close([s for s in sockets if not isinstance(s, BaseException)])
            raise failed[0]
        return list(sockets)

    async def _close(self, sockets: list[Any]) -> None:
        for ws in sockets:
            self.sockets.discard(ws)
        with contextlib.suppress(Exception):
            await asyncio.wait_for(asyncio.gather(*(ws.close() for ws in sockets), return_exceptions=True),
                                   CLOSE_TIMEOUT_S + 1)

    async def run_slot(self, slot: _Slot) -> None:
        """Keep a table live in `slot` until the run stops: a new one whenever a game ends."""
        first = True
        while not self.stopping:
            try:
                sockets = await self._open(slot)
            except asyncio.CancelledError:
                raise
            except HttpError as exc:
                self.error(f"create_{exc.code}")
                await asyncio.sleep(1)
                continue
            except Exception as exc:
                self.error(f"connect_{type(exc).__name__}")
                await asyncio.sleep(1)
                continue
            if first:
                first = False
                if self.interval and self.playing.is_set():  # a late first table
                    slot.next_due = time.monotonic() + self.rng.uniform(0, self.interval)
                self.opened_slots += 1
                if self.opened_slots == len(self.slots):
                    self.warm.set()
            slot.over.clear()
            seats = [asyncio.create_task(self.play_seat(slot, seat, ws)) for seat, ws in enumerate(sockets)]
            try:
                await slot.over.wait()
            finally:
                for task in seats:
                    task.cancel()
                # Python 3.11's wait_for may swallow a cancel that arrives as its message does: a seat then
                # goes back to recv(); closing its socket ends it for sure
                await asyncio.wait(seats, timeout=1.0)
                await self._close(sockets)
                await asyncio.gather(*seats, return_exceptions=True)

    # -- a seat ------------------------------------------------------------------------------------
    async def play_seat(self, slot: _Slot, seat: int, ws: Any) -> None:
        """Read one seat's socket; move at random whenever it is this seat's turn. Sets `slot.over` when
        the game ends or the socket fails."""
        from websockets.exceptions import ConnectionClosed

        pending: tuple[str, float, int] | None = None  # (key, sent at, seq when sent)
        try:
            while not self.stopping:
                try:
                    raw = await asyncio.wait_for(ws.recv(), MOVE_TIMEOUT_S) if pending else await ws.recv()
                except TimeoutError:
                    self.error("timeout")
                    pending = None
                    await ws.send('{"type":"sync"}')
                    continue
                message = _loads(raw)
                kind = message.get("type")
                if kind == "sync":
                    table, legal = message["table"], message.get("legal_actions") or []
                    seq, status = table["seq"], table["status"]
                    pending = None
                elif kind == "update":
                    seq, legal, status = message["seq"], message.get("legal_actions") or [], message["table"]["status"]
                    if pending is not None and seq > pending[2] and message["last_action"]["seat"] == seat:
                        self._answered(pending[1])
                        pending = None
                elif kind == "error":
                    self.error(str(message.get("code")))
                    if pending is not None and message.get("key") == pending[0]:
                        pending = None
                        await ws.send('{"type":"sync"}')  # start again from the table as it is
                    continue
                else:  # presence, chat, clock, pong
                    continue
                if status == "over":
                    if not slot.over.is_set() and self.window.covers(time.monotonic()):
                        self.result.games_finished += 1  # once per table: every seat sees the end
                    slot.over.set()
                    return
                if legal and pending is None and status == "playing":
                    if not self.playing.is_set():
                        await self.playing.wait()
                    lag = await self._wait_turn(slot)
                    if self.stopping:
                        return
                    self.keys += 1
                    key = f"lt{self.keys}"
                    sent = time.monotonic()
                    if lag is not None and self.window.holds(sent, sent):
                        self.result.lag_ms_sum += lag
                    pending = (key, sent, seq)
                    await ws.send(_dumps({"type": "act", "action": self.rng.choice(legal), "key": key}))
        except asyncio.CancelledError:
            raise
        except ConnectionClosed:
            self.error("closed")
        except Exception as exc:
            self.error(f"client_{type(exc).__name__}")
        slot.over.set()  # a socket failed: give the slot a new table

    async def _wait_turn(self, slot: _Slot) -> float | None:
        """Open loop: sleep until the slot's next move is due; returns how late (ms) the move goes out."""
        if not self.interval:
            return None
        now = time.monotonic()
        due = slot.next_due
        slot.next_due = due + self.interval
        if due > now:
            await asyncio.sleep(due - now)
            return 0.0
        return (now - due) * 1000

    def _answered(self, sent: float) -> None:
        now = time.monotonic()
        self.result.moves_total += 1
        if self.window.holds(sent, now):
            self.result.moves += 1
            self.result.latencies_ms.append((now - sent) * 1000)

    # -- the run -----------------------------------------------------------------------------------
    async def run(self, go, warm_deadline: float) -> DriverResult:
        """Warm up (until every slot has a table and its sockets, or `warm_deadline`; no move is played
        yet), `await go(tables_live)` for (play_at, end): play from `play_at`, measure from `play_at +
        SETTLE_S` to `end`, stop everything and return what was measured."""
        began = time.monotonic()
        tasks = [asyncio.create_task(self.run_slot(slot)) for slot in self.slots]
        try:
            with contextlib.suppress(TimeoutError):
                await asyncio.wait_for(self.warm.wait(), max(0.0, warm_deadline - time.monotonic()))
            self.result.tables_live = self.opened_slots
            self.result.warmup_s = time.monotonic() - began
            log.info("warm: %d of %d tables in %.1f s", self.opened_slots, len(self.slots), self.result.warmup_s)
            play_at, end = await go(self.opened_slots)
            await asyncio.sleep(max(0.0, play_at - time.monotonic()))
            for slot in self.slots:  # open loop: each table's first move due at a random phase
                slot.next_due = play_at + self.rng.uniform(0, self.interval)
            self.playing.set()
            start = play_at + SETTLE_S
            await asyncio.sleep(max(0.0, start - time.monotonic()))
            self.window.start, self.window.end = start, end
            cpu0 = time.process_time()
            await asyncio.sleep(max(0.0, end - time.monotonic()))
            self.result.cpu_s = time.process_time() - cpu0
        finally:
            self.stopping = True
            log.info("stopping: %d moves answered", self.result.moves_total)
            for task in tasks:
                task.cancel()
            await asyncio.gather(*tasks, return_exceptions=True)
            log.info("closing %d sockets", len(self.sockets))
            await self._close(list(self.sockets))
            log.info("closed")
        self.result.errors = dict(self.errors)
        return self.result


def _new_loop() -> asyncio.AbstractEventLoop:
    try:
        import uvloop

        return uvloop.new_event_loop()
    except ImportError:  # pragma: no cover - uvloop comes with uvicorn[standard] on Linux and macOS
        return asyncio.new_event_loop()


def _drive(config: Config, base_url: str, slots: list[int], index: int, go, warm_deadline: float,
           deadline: float) -> DriverResult:
    """Run one Driver on a fresh event loop, bounded by `deadline` (CLOCK_MONOTONIC)."""

    async def main() -> DriverResult:
        driver = Driver(config, base_url, slots, f"{config.seed}/{index}")
        return await asyncio.wait_for(driver.run(go, warm_deadline), max(1.0, deadline - time.monotonic()))

    with asyncio.Runner(loop_factory=_new_loop) as runner:
        return runner.run(main())


def _client_process(conn, config: Config, base_url: str, slots: list[int], index: int, warm_deadline: float,
                    deadline: float) -> None:
    """A driver process of a run with `clients` > 1: reports ("warm", n), waits for ("go", start, end),
    answers ("result", DriverResult as a dict) or ("error", text)."""

    async def go(live: int) -> tuple[float, float]:
        conn.send(("warm", live))
        message = await asyncio.to_thread(conn.recv)
        return message[1], message[2]

    try:
        result = _drive(config, base_url, slots, index, go, warm_deadline, deadline)
        conn.send(("result", asdict(result)))
    except BaseException as exc:  # reported to the parent, which fails the run
        with contextlib.suppress(Exception):
            conn.send(("error", f"{type(exc).__name__}: {exc}"))
    finally:
        conn.close()


# -- a whole run -------------------------------------------------------------------------------------

def merge(results: list[DriverResult]) -> DriverResult:
    total = DriverResult()
    errors: Counter[str] = Counter()
    for r in results:
        total.latencies_ms.extend(r.latencies_ms)
        total.moves += r.moves
        total.moves_total += r.moves_total
        total.games_finished += r.games_finished
        total.tables_live += r.tables_live
        total.cpu_s += r.cpu_s
        total.lag_ms_sum += r.lag_ms_sum
        total.warmup_s = max(total.warmup_s, r.warmup_s)
        errors.update(r.errors)
    total.errors = dict(errors)
    return total


def _split(tables: int, clients: int) -> list[list[int]]:
    return [list(range(i, tables, clients)) for i in range(clients)]


def _run_clients(config: Config, base_url: str, warm_deadline: float, deadline: float,
                 on_window) -> DriverResult:
    """The drivers of a run: in this process for one client, else one process each."""
    if config.clients == 1:
        async def go(_live: int) -> tuple[float, float]:
            play_at = time.monotonic() + 0.05
            on_window(play_at + SETTLE_S, play_at + SETTLE_S + config.seconds)
            return play_at, play_at + SETTLE_S + config.seconds

        return _drive(config, base_url, _split(config.tables, 1)[0], 0, go, warm_deadline, deadline)

    method = "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    context = multiprocessing.get_context(method)
    links, processes = [], []
    try:
        for index, slots in enumerate(_split(config.tables, config.clients)):
            parent, child = context.Pipe()
            process = context.Process(target=_client_process, name=f"loadtest-client-{index}", daemon=True,
                                      args=(child, config, base_url, slots, index, warm_deadline, deadline))
            process.start()
            child.close()
            links.append(parent)
            processes.append(process)
        for link in links:  # every driver warm (or at its cap)
            message = _receive(link, deadline)
            if message[0] != "warm":
                raise LoadtestError("failed", detail=message[1])
        play_at = time.monotonic() + 0.2
        on_window(play_at + SETTLE_S, play_at + SETTLE_S + config.seconds)
        for link in links:
            link.send(("go", play_at, play_at + SETTLE_S + config.seconds))
        results = []
        for link in links:
            message = _receive(link, deadline)
            if message[0] != "result":
                raise LoadtestError("failed", detail=message[1])
            results.append(DriverResult(**message[1]))
        return merge(results)
    finally:
        for process in processes:
            process.join(max(0.1, min(TERM_WAIT_S, deadline - time.monotonic())))
            if process.is_alive():
                process.terminate()
                process.join(TERM_WAIT_S)
            if process.is_alive():
                process.kill()
                process.join()
        for link in links:
            link.close()


def _receive(link, deadline: float) -> tuple:
    if not link.poll(max(0.0, deadline - time.monotonic())):
        raise LoadtestError("failed", detail="a driver process did not answer before the deadline")
    try:
        return link.recv()
    except EOFError:
        raise LoadtestError("failed", detail="a driver process ended without a result") from None


def run(config: Config) -> dict:
    """One load test: start the local server unless `config.url`, drive it, stop it; the figures."""
    began = time.monotonic()
    deadline = began + config.deadline_s()
    warm_deadline = began + config.warmup_cap_s
    server = sampler = None
    try:
        if config.url is not None:
            base_url = check_url(config.url)
        else:
            server = LocalServer(config.database_url, config.workers, config.redis_url)
            server.wait_ready(warm_deadline)
            base_url = server.url
            sampler = Sampler(ProcessMeter(server.process.pid))
            sampler.start()
        window: list[float] = []

        def on_window(start: float, end: float) -> None:
            window[:] = [start, end]
            if sampler is not None:
                sampler.set_window(start, end)

        try:
            result = _run_clients(config, base_url, warm_deadline, deadline, on_window)
        except TimeoutError:
            raise LoadtestError("failed", detail="the run passed its deadline") from None
        server_figures = sampler.figures() if sampler is not None else {}
        if server is not None and server.process.poll() is not None:
            raise LoadtestError("server", detail=f"exit status {server.process.returncode}: {server.log_tail()}")
    finally:
        if sampler is not None:
            sampler.stop.set()
            sampler.join(2)
        if server is not None:
            server.stop()
    return report(config, base_url, result, server_figures, window, began)


def report(config: Config, base_url: str, result: DriverResult, server_figures: dict, window: list[float],
           began: float) -> dict:
    """The one JSON document of a run."""
    latencies = sorted(result.latencies_ms)
    span = (window[1] - window[0]) if window else config.seconds
    ms = lambda value: None if value is None else round(value, 2)  # noqa: E731
    doc: dict[str, Any] = {
        "game": config.game, "players": config.players, "tables": config.tables,
        "tables_live": result.tables_live, "mode": config.mode, "seats": config.seats, "rate": config.rate,
        "seconds": config.seconds, "clients": config.clients,
        "url": base_url, "server": "remote" if config.url is not None else "local",
        "database": _database_kind(config),
        "moves": result.moves, "moves_per_s": round(result.moves / span, 1) if span > 0 else None,
        "p50_ms": ms(percentile(latencies, 50)), "p95_ms": ms(percentile(latencies, 95)),
        "p99_ms": ms(percentile(latencies, 99)), "max_ms": ms(latencies[-1] if latencies else None),
        "mean_ms": ms(sum(latencies) / len(latencies) if latencies else None),
        "errors": sum(result.errors.values()), "errors_by_code": result.errors,
        "games_finished": result.games_finished, "moves_total": result.moves_total,
        "warmup_s": round(result.warmup_s, 2),
    }
    if config.rate > 0:
        doc["offered_moves_per_s"] = round(config.tables * config.rate, 1)
        doc["mean_lag_ms"] = ms(result.lag_ms_sum / result.moves if result.moves else None)
    doc.update(server_figures)
    client_cpu = result.cpu_s  # summed over the driver processes
    doc["client_cpu_s"] = round(client_cpu, 2)
    doc["client_cpu_percent"] = round(100 * client_cpu / span, 1) if span > 0 else None
    doc["cores"] = os.cpu_count()
    doc["wall_s"] = round(time.monotonic() - began, 1)
    doc["seed"] = config.seed
    doc["python"] = sys.version.split()[0]
    return doc


def _database_kind(config: Config) -> str | None:
    if config.url is not None:
        return None
    if not config.database_url:
        return "sqlite"
    return config.database_url.split(":", 1)[0].split("+", 1)[0]
