"""Per-client rate limits and the socket cap (docs/server.md, "Limits").

A client is its IP address as the ASGI server reports it (`request.client.host`); an IPv6 client is its /64
network, which one household or one machine usually holds whole. Behind a reverse proxy every connection
comes from the proxy's address, so the proxy must send `X-Forwarded-For` and uvicorn must trust it: its
proxy headers are on by default (`--proxy-headers`) but trusted only from 127.0.0.1 and ::1; a proxy on
another address is named with `FORWARDED_ALLOW_IPS=<proxy address>` (an environment variable uvicorn
reads, also under `cetate serve`) or `--forwarded-allow-ips` when uvicorn is run by hand. Otherwise all
clients share one allowance.

Each limited kind of request (`KINDS`) has a token bucket per client: `Settings.rate_<kind>_per_min`
requests a minute, of which a whole minute's worth may come at once (the bucket holds that many and refills
continuously). 0 turns the kind's limit off. A request over the limit is refused with `RateLimited`
(HTTP 429 `rate_limited` with `Retry-After`, or an `error` message on the WebSocket). Buckets live in
memory, per process: a bucket that has filled up again carries no information and is dropped, and at most
`MAX_CLIENTS` clients are tracked per kind (the longest idle is forgotten first).

`limit(kind)` is the FastAPI dependency of the limited routes; `refuse_socket` runs first in every
WebSocket (its rate limit, then the process's `max_sockets` cap, counted as the subscribers of the hub's
tables) and remembers the socket's client in a context variable of its task, by which `check_say` limits
the socket's chat lines (sharing the `chat` bucket with `POST .../chat`).
"""

from __future__ import annotations

import contextvars
import ipaddress
import math
import time
from collections import OrderedDict
from collections.abc import Callable

from fastapi import Request
from starlette.websockets import WebSocket

from cetate.server.settings import Settings
from cetate.server.tables import TableError

# kind -> (the Settings field of its rate, what the message calls those requests)
KINDS = {
    "create": ("rate_create_per_min", "new tables"),
    "ws": ("rate_ws_per_min", "WebSocket connections"),
    "join": ("rate_join_per_min", "joins"),
    "chat": ("rate_chat_per_min", "chat messages"),
    "hint": ("rate_hint_per_min", "hint requests"),
    "signin": ("rate_signin_per_min", "sign-in attempts"),
}
MAX_CLIENTS = 10_000  # clients tracked per kind
FULL_RETRY_S = 30  # Retry-After of a refusal because the process is full (tables or sockets)
CLOSE_RATE_LIMITED = 4429  # the app's WebSocket convention: 4000 + the HTTP status
CLOSE_TRY_AGAIN_LATER = 1013


class RateLimited(TableError):
    """429 `rate_limited`; `retry_after` (whole seconds, at least 1) becomes the `Retry-After` header."""

    def __init__(self, message: str, retry_after: int) -> None:
        super().__init__(429, "rate_limited", message)
        self.retry_after = retry_after


class TokenBucket:
    """Token buckets keyed by client: `per_min` requests a minute, at most `burst` (default `per_min`) at once.

    `take(client)` spends one token and answers 0.0, or spends nothing and answers the seconds until a
    token is there. `clock` is monotonic seconds (injectable for tests)."""

    def __init__(self, per_min: float, burst: float | None = None, max_clients: int = MAX_CLIENTS,
                 clock: Callable[[], float] = time.monotonic) -> None:
        if per_min <= 0:
            raise ValueError("per_min must be positive")
        self.rate = per_min / 60.0  # tokens a second
        self.burst = float(burst if burst is not None else per_min)
        if self.burst < 1:
            raise ValueError("burst must be at least 1")
        self.max_clients = max_clients
        self.clock = clock
        self._buckets: OrderedDict[str, tuple[float, float]] = OrderedDict()  # client -> (tokens, when)

    def __len__(self) -> int:
        return len(self._buckets)

    def take(self, client: str) -> float:
        now = self.clock()
        self._forget_idle(now)
        tokens, then = self._buckets.pop(client, (self.burst, now))
        tokens = min(self.burst, tokens + (now - then) * self.rate)
        wait = 0.0
        if tokens >= 1:
            tokens -= 1
        else:
            wait = (1 - tokens) / self.rate
        self._buckets[client] = (tokens, now)  # the most recently seen last
        while len(self._buckets) > self.max_clients:
            self._buckets.popitem(last=False)
        return wait

    def _forget_idle(self, now: float) -> None:
        """Drop the buckets that have filled up again since they were last used, from the longest idle on."""
        while self._buckets:
            tokens, then = next(iter(self._buckets.values()))
            if tokens + (now - then) * self.rate < self.burst:
                break
            self._buckets.popitem(last=False)


def retry_after(wait_s: float) -> int:
    """A `Retry-After` value: whole seconds, rounded up, at least 1."""
    return max(1, math.ceil(wait_s))


def client_key(host: str | None) -> str:
    """The key a client is counted under: its IPv4 address, or its IPv6 /64 network."""
    if not host:
        return "unknown"
    try:
        address = ipaddress.ip_address(host)
    except ValueError:  # not an address (e.g. the test client's "testclient")
        return host
    if isinstance(address, ipaddress.IPv6Address):
        if address.ipv4_mapped is not None:
            return str(address.ipv4_mapped)
        return str(ipaddress.IPv6Network((address, 64), strict=False))
    return str(address)


class Limits:
    """The rate limiters of one app (`app.state.limits`), one per kind whose rate is not 0."""

    def __init__(self, settings: Settings, clock: Callable[[], float] = time.monotonic,
                 max_clients: int = MAX_CLIENTS) -> None:
        self.settings = settings
        self.buckets: dict[str, TokenBucket] = {}
        for kind, (name, _what) in KINDS.items():
            per_min = getattr(settings, name)
            if per_min:
                self.buckets[kind] = TokenBucket(per_min, max_clients=max_clients, clock=clock)

    def check(self, kind: str, host: str | None) -> None:
        """Spend one of the client's `kind` requests, or raise `RateLimited`."""
        bucket = self.buckets.get(kind)
        if bucket is None:
            return
        wait = bucket.take(client_key(host))
        if wait:
            seconds = retry_after(wait)
            name, what = KINDS[kind]
            raise RateLimited(f"too many {what} from your address (at most {getattr(self.settings, name)} a "
                              f"minute): try again in {seconds} s", seconds)


def limit(kind: str):
    """A FastAPI dependency that spends one of the calling client's `kind` requests (429 when none is left)."""
    if kind not in KINDS:
        raise ValueError(f"unknown limit {kind!r}")

    async def dependency(request: Request) -> None:
        request.app.state.limits.check(kind, request.client.host if request.client else None)

    dependency.__name__ = f"limit_{kind}"
    return dependency


# the limits and client of the WebSocket this task serves, for `check_say`
_socket_client: contextvars.ContextVar[tuple[Limits, str | None] | None] = contextvars.ContextVar(
    "cetate_socket_client", default=None)


async def refuse_socket(websocket: WebSocket) -> bool:
    """Run first in a WebSocket: True when it was refused (accepted, sent one `error`, closed): over the
    client's connection rate (`rate_limited`, close 4429) or with the process at `max_sockets` open sockets
    (`server_full`, close 1013 "try again later"). Both errors carry `retry_after_s`."""
    app = websocket.app
    limits: Limits = app.state.limits
    host = websocket.client.host if websocket.client else None
    try:
        limits.check("ws", host)
    except RateLimited as exc:
        await _refuse(websocket, exc.code, exc.message, exc.retry_after, CLOSE_RATE_LIMITED)
        return True
    cap = limits.settings.max_sockets
    if cap and sum(len(t.subscribers) for t in app.state.hub.tables.values()) >= cap:
        await _refuse(websocket, "server_full", f"the server holds its limit of {cap} open connections: try "
                      f"again in {FULL_RETRY_S} s", FULL_RETRY_S, CLOSE_TRY_AGAIN_LATER)
        return True
    _socket_client.set((limits, host))
    return False


async def _refuse(websocket: WebSocket, code: str, message: str, retry_s: int, close: int) -> None:
    await websocket.accept()
    await websocket.send_json({"type": "error", "code": code, "message": message, "key": None,
                               "retry_after_s": retry_s})
    await websocket.close(code=close)


def check_say() -> None:
    """In a WebSocket's `say`: spend one of the client's chat messages, or raise `RateLimited`."""
    current = _socket_client.get()
    if current is not None:
        current[0].check("chat", current[1])
