"""`create_app(settings)`: the FastAPI application (docs/server.md).

At start it opens the `Store` (which migrates the database), starts the bot pool and resumes every
unfinished table; at shutdown it stops the bots and clocks, lets moves in flight finish and closes the
store. The REST API lives under `/api`, the WebSocket at `/ws/tables/{id}`, and the static client
(`cetate/web/`) at `/`.
"""

from __future__ import annotations

import asyncio
import logging
import re
from contextlib import asynccontextmanager
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import HTMLResponse
from fastapi.staticfiles import StaticFiles

from cetate.server import api, ws
from cetate.server.bots import BotPool
from cetate.server.settings import Settings
from cetate.server.storage import Store
from cetate.server.tables import TableHub

log = logging.getLogger("cetate.server")

_TOKEN_IN_URL = re.compile(r"(token=)[^&\s]+")


class RedactTokens(logging.Filter):
    """Seat tokens travel in invite links (`?token=`): never let them reach a log line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if isinstance(record.args, tuple):
            record.args = tuple(_TOKEN_IN_URL.sub(r"\1***", a) if isinstance(a, str) else a for a in record.args)
        if isinstance(record.msg, str) and "token=" in record.msg:
            record.msg = _TOKEN_IN_URL.sub(r"\1***", record.msg)
        return True


def install_log_redaction() -> None:
    for name in ("uvicorn.access", "uvicorn.error", "cetate.server"):
        logger = logging.getLogger(name)
        if not any(isinstance(f, RedactTokens) for f in logger.filters):
            logger.addFilter(RedactTokens())

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


def create_app(settings: Settings | None = None, web_dir: Path | None = None) -> FastAPI:
    settings = settings if settings is not None else Settings.from_env()
    web = WEB_DIR if web_dir is None else Path(web_dir)
    install_log_redaction()

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        store = await asyncio.to_thread(Store, settings.url)
        pool = BotPool(settings.bot_workers)
        hub = TableHub(store, pool, settings)
        app.state.store, app.state.pool, app.state.hub = store, pool, hub
        try:
            await hub.startup()
            yield
        finally:
            await hub.shutdown()
            await asyncio.to_thread(pool.close)
            await asyncio.to_thread(store.close)

    app = FastAPI(title="cetate", summary="Play city-building card and tile games in the browser",
                  version="0.1.0", lifespan=lifespan)
    app.state.settings = settings
    app.add_middleware(api.BodyLimit, max_bytes=settings.max_body_bytes)
    api.add_error_handlers(app)
    app.include_router(api.router)
    app.add_api_websocket_route("/ws/tables/{table_id}", ws.table_socket)
    if (web / "index.html").is_file():
        app.mount("/", StaticFiles(directory=web, html=True), name="web")
    else:
        @app.get("/", include_in_schema=False)
        async def placeholder() -> HTMLResponse:
            return HTMLResponse(PLACEHOLDER_PAGE)
    return app
