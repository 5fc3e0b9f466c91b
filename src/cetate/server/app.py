"""`create_app(settings)`: the FastAPI application (docs/server.md).

At start it opens the `Store` (which migrates the database), starts the bot pool and resumes every
unfinished table; at shutdown it stops the bots and clocks, lets moves in flight finish and closes the
store. The REST API lives under `/api`, the WebSocket at `/ws/tables/{id}`, and the static client
(`cetate/web/`) at `/`.
"""

from __future__ import annotations

import asyncio
import contextlib
import gc
import logging
import mimetypes
import re
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from cetate.server import accounts, api, passkeys, quickmatch, turns, ws
from cetate.server.bots import BotPool
from cetate.server.cluster import make_cluster
from cetate.server.limits import Limits
from cetate.server.settings import Settings
from cetate.server.storage import Store
from cetate.server.tables import TableHub

log = logging.getLogger("cetate.server")

# the client's bundled fonts (web/fonts/): Python's own table of types has no font types, and a slim image has no
# /etc/mime.types to add them, so StaticFiles would send them as text/plain
mimetypes.add_type("font/woff2", ".woff2")

# what a secret looks like in a log line: a `token`/`tokens` query parameter (`tokens=a,b` or `a%2Cb`: the whole
# value), a JSON-ish `"token": "..."` field, an `Authorization` header's value, a `Bearer` credential
_SECRETS = (
    (re.compile(r"(?i)(?<![a-z0-9])(tokens?(?:=|%3D))[^&\s\"'#]+"), r"\1***"),
    (re.compile(r"(?i)((?<![a-z0-9])tokens?[\"']?\s*:\s*[\"'])[^\"']*"), r"\1***"),
    (re.compile(r"(?i)(\bauthorization[\"']?\s*[:=]\s*[\"']?)[^\"'\r\n,;}]+"), r"\1***"),
    (re.compile(r"(?i)(\bbearer(?:\s+|%20|\+))[a-z0-9._~+/=-]+"), r"\1***"),
)

# the loggers (and their children) that may see a URL or a header; their handlers get the filter too
REDACTED_LOGGERS = ("uvicorn", "uvicorn.access", "uvicorn.error", "uvicorn.asgi", "cetate", "cetate.server",
                    "fastapi", "starlette", "websockets", "websockets.server", "websockets.client", "httpx",
                    "httpcore", "wsproto")


def redact(text: str) -> str:
    """`text` with every seat token, `Authorization` value and bearer credential replaced by `***`."""
    lowered = text.lower()
    if "token" not in lowered and "authorization" not in lowered and "bearer" not in lowered:
        return text
    for pattern, replacement in _SECRETS:
        text = pattern.sub(replacement, text)
    return text


def _redact_value(value):
    if isinstance(value, str):
        return redact(value)
    if value is None or isinstance(value, (bool, int, float)):
        return value
    if isinstance(value, (bytes, bytearray)):
        text = bytes(value).decode("latin-1")
        clean = redact(text)
        return value if clean == text else clean
    try:
        text = str(value)
    except Exception:
        return value
    clean = redact(text)
    return value if clean == text else clean


class RedactTokens(logging.Filter):
    """Seat tokens travel in invite links (`?token=`), the lobby's `?tokens=a,b,c` and `Authorization:
    Bearer` headers: never let them reach a log line. Redacts the message, each argument (keeping their
    number, which uvicorn's access log formatter needs), a traceback and a stack."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.args:  # the message is a template: redact the arguments, then the line they make
            if isinstance(record.args, tuple):
                record.args = tuple(_redact_value(a) for a in record.args)
            elif isinstance(record.args, dict):
                record.args = {k: _redact_value(v) for k, v in record.args.items()}
            if record.name != "uvicorn.access":  # (its formatter needs the arguments; they are clean now)
                try:
                    line = record.getMessage()
                except Exception:  # a broken template: logging reports it itself
                    line = None
                if line is not None and redact(line) != line:  # a secret made of several pieces
                    record.msg, record.args = redact(line), None
        elif isinstance(record.msg, str):
            record.msg = redact(record.msg)
        elif record.msg is not None:
            record.msg = _redact_value(record.msg)
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = redact(record.exc_text)
        if record.stack_info:
            record.stack_info = redact(record.stack_info)
        return True


def _add_filter(target: logging.Filterer) -> None:
    if not any(isinstance(f, RedactTokens) for f in target.filters):
        target.addFilter(RedactTokens())


def install_log_redaction() -> None:
    """Put `RedactTokens` on every logger that may log a URL or a header (`REDACTED_LOGGERS` and the loggers
    below them) and on the handlers of those and of the root logger (a logger's filter does not see what its
    children propagate; a handler's does), and on the last-resort handler. Called by `create_app` and again
    at startup, once uvicorn has set up its handlers; installing twice adds nothing."""
    families = {name.split(".")[0] for name in REDACTED_LOGGERS}
    names = set(REDACTED_LOGGERS) | {name for name, logger in list(logging.Logger.manager.loggerDict.items())
                                     if isinstance(logger, logging.Logger) and name.split(".")[0] in families}
    loggers = [logging.getLogger(), *(logging.getLogger(name) for name in sorted(names))]
    for logger in loggers:
        _add_filter(logger)
        for handler in logger.handlers:
            _add_filter(handler)
    if logging.lastResort is not None:
        _add_filter(logging.lastResort)


class GcKeeper:
    """Short garbage-collector pauses for a server holding thousands of tables.

    CPython's full collection walks every tracked object: with a thousand live tables (their states,
    journals and events) that is hundreds of thousands, and a pause of 100-450 ms that every table waits out
    (measured with `cetate loadtest --tables 1000 --rate 0.5`, docs/performance.md). Every `every_s` seconds
    the objects alive then are moved out of the collector's scans (`gc.freeze`): full collections then walk
    only what was made since. Frozen objects are still freed by reference counting, as nearly everything
    here is (game states hold no cycles); only a reference cycle made before a freeze and dropped after it
    waits for `FULL_EVERY_S`, when everything is unfrozen and collected once."""

    FULL_EVERY_S = 3600.0

    def __init__(self, every_s: float) -> None:
        self.every_s = every_s
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self.every_s > 0:
            gc.freeze()  # what start-up made (modules, the app, resumed tables) lives as long as the process
            self._task = asyncio.ensure_future(self._run())

    async def _run(self) -> None:
        since_full = 0.0
        while True:
            await asyncio.sleep(self.every_s)
            since_full += self.every_s
            if since_full >= self.FULL_EVERY_S:
                since_full = 0.0
                gc.unfreeze()
                gc.collect()
            gc.freeze()

    async def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self._task
            self._task = None
            gc.unfreeze()


WEB_DIR = Path(__file__).resolve().parent.parent / "web"

PLACEHOLDER_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>cetate</title>
<meta name="viewport" content="width=device-width, initial-scale=1"></head>
<body style="font-family: sans-serif; max-width: 40em; margin: 3em auto">
<h1>cetate</h1>
<p>The server is running, but the web client (<code>cetate/web/</code>) is not installed.</p>
<p>The API is described at <a href="/docs">/docs</a>; the games are listed at
<a href="/api/games">/api/games</a>.</p>
</body></html>
"""


def app_from_env() -> FastAPI:
    """The app of `Settings.from_env()`: what each worker process of `cetate serve --workers N` runs."""
    return create_app(Settings.from_env())


def create_app(settings: Settings | None = None, web_dir: Path | None = None) -> FastAPI:
    settings = settings if settings is not None else Settings.from_env()
    web = WEB_DIR if web_dir is None else Path(web_dir)
    install_log_redaction()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        install_log_redaction()  # again: uvicorn has set up its log handlers by now
        cluster = make_cluster(settings)  # None: one process holds every table
        store = await asyncio.to_thread(Store, settings.url)
        pool = BotPool(settings.bot_workers)
        hub = TableHub(store, pool, settings, cluster)
        app.state.store, app.state.pool, app.state.hub = store, pool, hub
        accounts.install(app, store)
        turn_service = turns.install(app, hub, settings)  # before the tables resume: they note their turns
        keeper = GcKeeper(settings.gc_freeze_s)
        try:
            await hub.startup()
            turn_service.start()
            keeper.start()
            yield
        finally:
            await keeper.stop()
            await hub.shutdown()
            await turn_service.stop()
            await asyncio.to_thread(turn_service.mailer.close)
            await asyncio.to_thread(pool.close)
            await asyncio.to_thread(store.close)

    app = FastAPI(title="cetate", summary="Play city-building card and tile games in the browser",
                  version="0.1.0", lifespan=lifespan)
    app.state.settings = settings
    app.state.limits = Limits(settings)  # per-client rate limits, fresh for each app
    app.add_middleware(api.BodyLimit, max_bytes=settings.max_body_bytes)
    api.add_error_handlers(app)
    assert passkeys.router is accounts.router  # the passkey routes are the account router's (imported above)
    app.include_router(accounts.router)  # before the API's catch-all for unknown /api paths
    app.include_router(accounts.public)
    app.include_router(quickmatch.router)
    app.include_router(turns.router)
    app.include_router(api.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", ws.table_socket)
    if (web / "index.html").is_file():
        app.mount("/", StaticFiles(directory=web, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def placeholder() -> HTMLResponse:
            return HTMLResponse(PLACEHOLDER_PAGE)
    return app
