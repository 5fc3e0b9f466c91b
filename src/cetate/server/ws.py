"""The WebSocket protocol, `/ws/tables/{id}?token=...` (docs/server.md).

Server to client: `sync` on connect (and after a retried `act` or a `sync` request), `update` after every
action, `error` for a refused `act` or a bad message, `clock` when a turn clock starts or stops, `presence`
when a seat's first socket opens or its last one closes (`hub.subscribe`/`unsubscribe` count them), `pong`.
Client to server: `{"type": "act", action, key, seat?}`, `{"type": "say", text}`, `{"type": "ping"}`,
`{"type": "sync"}`.

Every message is computed for the socket's seat (spectators: seat None). A bad token or an unknown table
is answered with one `error` message, then the socket is closed with code 4000 + the HTTP status (4401,
4404); so is a client over its connection rate (4429), and a socket beyond the process's `max_sockets`
gets `server_full` and close 1013 (cetate.server.limits).

A frame the server cannot use is answered with `{"type": "error", code, message, key: null}` and the socket
stays open: `message_too_large` (over `max_body_bytes` bytes of UTF-8), `bad_utf8` (a binary frame that is
not strict UTF-8, or text holding an unpaired surrogate), `too_deep` (arrays and objects nested deeper than
DEPTH_MAX), `bad_number` (NaN, Infinity, a float out of range such as 1e400, an integer of more than
INT_DIGITS_MAX digits), `malformed_json`, `bad_message` (not an object with a string `type`),
`unknown_message`, `malformed_action` / `bad_request` (a field of the wrong type, named in `field`) and
`internal_error`. Binary frames are read as UTF-8 JSON like text frames. Fields a message does not define
are ignored. Those are *bad frames*: the BAD_FRAMES_MAX-th of a connection is answered, then the socket is
closed with code 1008 (policy violation). A well-formed request that the table refuses (an illegal move,
not your turn, a chat rate limit) is an `error` too but not a bad frame. Nothing of a frame's content is
ever logged (it may hold tokens or a hand): a bad frame gets one DEBUG line with its code.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import math
import re
from itertools import accumulate
from typing import Any, NamedTuple

from starlette.websockets import WebSocket, WebSocketDisconnect, WebSocketState

from cetate.server import limits
from cetate.server.api import KEY_MAX
from cetate.server.tables import Subscriber, TableError, TableHub, encode

log = logging.getLogger("cetate.server.ws")

BAD_FRAMES_MAX = 20  # bad frames a connection may send; the last one closes it with code 1008
DEPTH_MAX = 64  # arrays and objects nested in one message
INT_DIGITS_MAX = 40  # digits of an integer (a 128-bit number has 39)
CLOSE_WAIT_S = 5.0  # how long the last messages of a socket closed for bad frames may take to leave
POLICY_VIOLATION = 1008
INTERNAL_ERROR = "internal_error"  # a failure of the server's, maybe set off by the frame: logged in one line


async def table_socket(websocket: WebSocket, table_id: str) -> None:
    if await limits.refuse_socket(websocket):  # over the client's rate, or the process is full
        return
    hub: TableHub = websocket.app.state.hub
    limit: int = websocket.app.state.settings.max_body_bytes
    token = websocket.query_params.get("token") or None
    await websocket.accept()
    try:  # here, or at the worker that owns the table (cluster mode)
        sub, leave = await hub.open_socket(table_id, token)
    except TableError as exc:
        await websocket.send_json({"type": "error", **exc.to_dict(), "key": None})
        await websocket.close(code=4000 + exc.status)
        return
    sender = asyncio.create_task(_send_loop(websocket, sub))
    closing = False
    try:
        closing = await _receive_loop(websocket, hub, table_id, token, sub, limit)
    finally:
        leave()
        if not closing:
            sender.cancel()
        with contextlib.suppress(asyncio.CancelledError, Exception):
            await asyncio.wait_for(sender, CLOSE_WAIT_S)


class BadFrame(Exception):
    """A frame the server cannot use: answered with an `error` and counted against the socket."""

    def __init__(self, code: str, message: str, field: str | None = None, key: str | None = None) -> None:
        super().__init__(message)
        self.code, self.message, self.field, self.key = code, message, field, key


class _Close(NamedTuple):
    """Queued after a socket's last messages: the send loop closes the socket with this code."""

    code: int
    reason: str


async def _receive_loop(websocket: WebSocket, hub: TableHub, table_id: str, token: str | None, sub: Subscriber,
                        limit: int) -> bool:
    """Read and answer frames until the client leaves (False) or has sent BAD_FRAMES_MAX bad frames (True:
    a close with 1008 is queued behind their answers)."""
    bad = 0
    while True:
        try:
            message = await websocket.receive()
        except (WebSocketDisconnect, RuntimeError):  # gone, or already closed by the send loop
            return False
        if message.get("type") != "websocket.receive":  # websocket.disconnect
            return False
        try:
            await _handle(hub, table_id, token, sub, _frame_text(message, limit))
            continue
        except BadFrame as exc:
            if exc.code == INTERNAL_ERROR:
                log.info("table %s: a WebSocket message failed (%s)", table_id, type(exc.__cause__).__name__)
            else:
                log.debug("table %s: bad WebSocket message (%s)", table_id, exc.code)
            _error(sub, exc.code, exc.message, exc.key, exc.field)
        except Exception as exc:  # a bug, maybe set off by this frame: one line, never the frame
            log.info("table %s: a WebSocket message failed (%s)", table_id, type(exc).__name__)
            _error(sub, INTERNAL_ERROR, "the server failed to handle this message")
        bad += 1
        if bad >= BAD_FRAMES_MAX:
            log.info("table %s: a WebSocket sent %d bad messages; closing it", table_id, bad)
            sub.queue.put_nowait(_Close(POLICY_VIOLATION, "too many bad messages"))
            return True


async def _send_loop(websocket: WebSocket, sub: Subscriber) -> None:
    while True:
        message = await sub.queue.get()
        if message is None or isinstance(message, _Close):  # the server is stopping, or the client misbehaved
            if websocket.application_state == WebSocketState.CONNECTED:
                with contextlib.suppress(Exception):
                    if message is None:
                        await websocket.close(code=1012)  # service restart
                    else:
                        await websocket.close(code=message.code, reason=message.reason)
            return
        try:
            text = _dumps(message)
        except (TypeError, ValueError) as exc:  # a bug: skip the message, keep the socket
            log.warning("a WebSocket message could not be encoded (%s)", type(exc).__name__)
            continue
        try:
            await websocket.send_text(text)
        except Exception:  # the client went away; the receive loop ends the socket
            return


def _dumps(message: dict | str) -> str:
    """A message as JSON text; a broadcast arrives encoded already (`cetate.server.tables.encode`)."""
    return message if isinstance(message, str) else encode(message)


def _error(sub: Subscriber, code: str, message: str, key: str | None = None, field: str | None = None) -> None:
    doc = {"type": "error", "code": code, "message": message, "key": key}
    if field:
        doc["field"] = field
    sub.queue.put_nowait(doc)


# -- reading a frame ------------------------------------------------------------------------------------

def _frame_text(message: dict, limit: int) -> str:
    """The text of a `websocket.receive` message, at most `limit` bytes of UTF-8."""
    text = message.get("text")
    if text is None:
        data = message.get("bytes")
        if data is None:
            raise BadFrame("bad_message", "an empty frame")
        if len(data) > limit:
            raise _too_large(limit)
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError:
            raise BadFrame("bad_utf8", "a binary frame must hold JSON in UTF-8; this one is not valid UTF-8") from None
    if len(text) > limit or (len(text) * 4 > limit and len(text.encode("utf-8", "surrogatepass")) > limit):
        raise _too_large(limit)
    return text


def _too_large(limit: int) -> BadFrame:
    return BadFrame("message_too_large", f"a message may hold at most {limit} bytes")


class _BadNumber(Exception):
    pass


def _parse_float(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        raise _BadNumber
    return value


def _parse_int(text: str) -> int:
    if len(text) - text.startswith("-") > INT_DIGITS_MAX:
        raise _BadNumber
    return int(text)


def _parse_constant(_name: str) -> Any:
    raise _BadNumber


_STRING = re.compile(r'"(?:[^"\\]++|\\[\s\S])*+(?:"|\\?\Z)')  # never fails: an open string runs to the end
_NOT_BRACKET = re.compile(r"[^\[\]{}]++")
_STEP = {"[": 1, "{": 1, "]": -1, "}": -1}


def _depth(text: str) -> int:
    """How deep arrays and objects nest in `text` (brackets in strings do not count), in linear time."""
    brackets = _NOT_BRACKET.sub("", _STRING.sub("", text))
    return max(accumulate(map(_STEP.__getitem__, brackets)), default=0)


def parse(text: str) -> Any:
    """`json.loads` for untrusted text: raises `BadFrame` for anything but plain, finite, shallow JSON."""
    if text.count("[") + text.count("{") > DEPTH_MAX and _depth(text) > DEPTH_MAX:
        raise BadFrame("too_deep", f"arrays and objects may nest at most {DEPTH_MAX} deep")
    try:
        value = json.loads(text, parse_float=_parse_float, parse_int=_parse_int, parse_constant=_parse_constant)
    except _BadNumber:
        raise BadFrame("bad_number", "numbers must be finite, with at most "
                       f"{INT_DIGITS_MAX} digits for an integer (no NaN or Infinity)") from None
    except json.JSONDecodeError as exc:
        raise BadFrame("malformed_json", f"the message is not valid JSON: {exc.msg}") from None
    except RecursionError:
        raise BadFrame("too_deep", f"arrays and objects may nest at most {DEPTH_MAX} deep") from None
    except ValueError:
        raise BadFrame("bad_number", "a number in the message is out of range") from None
    if "\\u" in text or not text.isascii():
        try:
            json.dumps(value, ensure_ascii=False).encode("utf-8")
        except UnicodeEncodeError:
            raise BadFrame("bad_utf8", "the message holds an unpaired UTF-16 surrogate, which is not text") from None
    return value


# -- answering a message --------------------------------------------------------------------------------

async def _handle(hub: TableHub, table_id: str, token: str | None, sub: Subscriber, text: str) -> None:
    message = parse(text)
    if not isinstance(message, dict) or not isinstance(message.get("type"), str):
        raise BadFrame("bad_message", "a message must be a JSON object with a string field 'type'")
    kind = message["type"]
    if kind == "ping":
        sub.queue.put_nowait({"type": "pong"})
    elif kind == "sync":
        await _sync(hub, table_id, token, sub)
    elif kind == "act":
        await _act(hub, table_id, token, sub, message)
    elif kind == "say":
        text = message.get("text")
        if not isinstance(text, str):
            raise BadFrame("bad_request", "'text' must be a string", "text")
        try:
            limits.check_say()  # the client's chat rate (RateLimited is a TableError)
            await hub.call(table_id, "chat", token, {"text": text, "socket": True})
        except TableError as exc:
            _error(sub, exc.code, exc.message, None, exc.field)
        except Exception as exc:
            raise BadFrame(INTERNAL_ERROR, "the server failed to store this chat line") from exc
    else:
        shown = kind if len(kind) <= 32 else kind[:32] + "..."
        raise BadFrame("unknown_message", f"unknown message type {shown!r}; expected act, say, ping or sync")


async def _sync(hub: TableHub, table_id: str, token: str | None, sub: Subscriber) -> None:
    try:
        doc = await hub.call(table_id, "view", token)
    except TableError as exc:
        _error(sub, exc.code, exc.message, None, exc.field)
        return
    doc.pop("invite", None)
    sub.queue.put_nowait({"type": "sync", **doc})


async def _act(hub: TableHub, table_id: str, token: str | None, sub: Subscriber, message: dict) -> None:
    key = message.get("key")
    if key is not None and (not isinstance(key, str) or not 0 < len(key) <= KEY_MAX):
        raise BadFrame("bad_request", f"'key' must be a string of 1 to {KEY_MAX} characters", "key")
    seat = message.get("seat")
    if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
        raise BadFrame("bad_request", "'seat' must be an integer", "seat", key)
    action = message.get("action")
    if not isinstance(action, dict) or not isinstance(action.get("type"), str):
        raise BadFrame("malformed_action", "'action' must be an object with a string field 'type'", "action", key)
    try:
        done = await hub.call(table_id, "act", token, {"action": action, "key": key, "seat": seat, "answer": False})
    except TableError as exc:
        _error(sub, exc.code, exc.message, key, exc.field)
        return
    except Exception as exc:
        raise BadFrame(INTERNAL_ERROR, "the server failed to play this action", None, key) from exc
    if not done["fresh"]:  # a retry: its update was sent before, maybe to a socket that is gone
        await _sync(hub, table_id, token, sub)
