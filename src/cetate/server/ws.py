"""The WebSocket protocol, `/ws/tables/{id}?token=...` (docs/server.md).

Server to client: `sync` on connect (and after a retried `act` or a `sync` request), `update` after every
action, `error` for a refused `act` or a bad message, `clock` when a turn clock starts or stops, `presence`
when a seat's first socket opens or its last one closes (`hub.subscribe`/`unsubscribe` count them), `pong`.
Client to server: `{"type": "act", action, key}`, `{"type": "ping"}`, `{"type": "sync"}`.

Every message is computed for the socket's seat (spectators: seat None). A bad token or an unknown table
is answered with one `error` message, then the socket is closed with code 4000 + the HTTP status (4401,
4404).
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from cetate.server.api import KEY_MAX
from cetate.server.tables import Auth, LiveTable, Subscriber, TableError, TableHub

log = logging.getLogger("cetate.server.ws")


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    hub: TableHub = websocket.app.state.hub
    limit: int = websocket.app.state.settings.max_body_bytes
    token = websocket.query_params.get("token") or None
    await websocket.accept()
    try:
        table = await hub.get(table_id)
        auth = hub.authenticate(table, token)
    except TableError as exc:
        await websocket.send_json({"type": "error", **exc.to_dict(), "key": None})
        await websocket.close(code=4000 + exc.status)
        return
    sub = hub.subscribe(table, auth)
    sender = asyncio.create_task(_send_loop(websocket, sub))
    try:
        while True:
            message = await websocket.receive()
            if message["type"] == "websocket.disconnect":
                break
            text = message.get("text")
            if text is None and message.get("bytes") is not None:
                text = message["bytes"].decode("utf-8", errors="replace")
            if text is None:
                continue
            if len(text) > limit:
                _error(sub, "message_too_large", f"a message may hold at most {limit} bytes")
                continue
            await _handle(hub, table, auth, sub, text)
    except WebSocketDisconnect:
        pass
    finally:
        hub.unsubscribe(table, sub)
        sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await sender


async def _send_loop(websocket: WebSocket, sub: Subscriber) -> None:
    while True:
        message = await sub.queue.get()
        if message is None:  # the server is stopping
            if websocket.application_state == WebSocketState.CONNECTED:
                await websocket.close(code=1012)  # service restart
            return
        try:
            await websocket.send_json(message)
        except Exception:  # the client went away; the receive loop ends the socket
            return


def _error(sub: Subscriber, code: str, message: str, key: str | None = None, field: str | None = None) -> None:
    doc = {"type": "error", "code": code, "message": message, "key": key}
    if field:
        doc["field"] = field
    sub.queue.put_nowait(doc)


async def _handle(hub: TableHub, table: LiveTable, auth: Auth, sub: Subscriber, text: str) -> None:
    try:
        message = json.loads(text)
    except json.JSONDecodeError as exc:
        _error(sub, "malformed_json", f"the message is not valid JSON: {exc.msg}")
        return
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        _error(sub, "bad_message", "a message must be a JSON object with a string field 'type'")
        return
    kind = message["type"]
    if kind == "ping":
        sub.queue.put_nowait({"type": "pong"})
    elif kind == "sync":
        sub.queue.put_nowait({"type": "sync", **hub.snapshot(table, auth)})
    elif kind == "act":
        key = message.get("key")
        if key is not None and (not isinstance(key, str) or not 0 < len(key) <= KEY_MAX):
            _error(sub, "bad_request", f"'key' must be a string of 1 to {KEY_MAX} characters", None, "key")
            return
        seat = message.get("seat")
        if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
            _error(sub, "bad_request", "'seat' must be an integer", key, "seat")
            return
        try:
            _answer, fresh = await hub.act(table, auth, message.get("action"), key, seat)
        except TableError as exc:
            _error(sub, exc.code, exc.message, key, exc.field)
            return
        except Exception:
            log.exception("table %s: act failed", table.id)
            _error(sub, "internal_error", "the server failed to play this action; the failure is logged", key)
            return
        if not fresh:  # a retry: its update was sent before, maybe to a socket that is gone
            sub.queue.put_nowait({"type": "sync", **hub.snapshot(table, auth)})
    elif kind == "say":
        try:
            await hub.say(table, auth, message.get("text"))
        except TableError as exc:
            _error(sub, exc.code, exc.message, None, exc.field)
        except Exception:
            log.exception("table %s: a chat line could not be stored", table.id)
            _error(sub, "internal_error", "the server failed to store this chat line; the failure is logged")
    else:
        _error(sub, "unknown_message", f"unknown message type {kind!r}; expected act, say, ping or sync")
