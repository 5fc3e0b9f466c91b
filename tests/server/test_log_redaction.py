"""Seat tokens never reach a log line (they travel in invite links as `?token=`)."""

import contextlib
import json
import logging
import os
import signal
import subprocess
import sys
import time

import httpx
import pytest

from cetate.server.app import RedactTokens, install_log_redaction


def test_access_log_arguments_lose_their_token():
    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", "/ws/tables/abc?token=SECRET123&x=1", "1.1", 200), None)
    RedactTokens().filter(record)
    line = record.getMessage()
    assert "SECRET123" not in line and "token=***" in line and "x=1" in line


def test_installed_on_the_uvicorn_loggers(caplog):
    install_log_redaction()
    with caplog.at_level(logging.INFO, logger="uvicorn.access"):
        logging.getLogger("uvicorn.access").info('%s "%s"', "client", "/api/tables/t1?token=abcDEF")
    assert "abcDEF" not in caplog.text and "token=***" in caplog.text


def _line(name: str, msg, *args) -> str:
    record = logging.LogRecord(name, logging.INFO, __file__, 1, msg, args or None, None)
    RedactTokens().filter(record)
    return record.getMessage()


@pytest.mark.parametrize("path", [
    "/api/tables?tokens=SECRET1,SECRET2",
    "/api/tables?tokens=SECRET1%2CSECRET2&x=1",
    "/api/tables?x=1&tokens=SECRET1%2cSECRET2",
    "/ws/tables/t1?TOKEN=SECRET1",
    "/api/tables/t1?token%3DSECRET1",
])
def test_token_lists_and_encoded_separators_are_redacted(path):
    line = _line("uvicorn.access", '%s - "%s %s HTTP/%s" %d', "127.0.0.1:5000", "GET", path, "1.1", 200)
    assert "SECRET" not in line and "***" in line


@pytest.mark.parametrize(("msg", "args"), [
    ("%s: %s", ("Authorization", "Bearer SECRET1")),
    ("< %s: %s", ("authorization", "bearer SECRET1")),
    ("headers %s", ({"authorization": "Bearer SECRET1", "host": "x"},)),
    ("headers %r", ([(b"authorization", b"Bearer SECRET1")],)),
    ("Authorization: Bearer SECRET1", ()),
    ("%s=%s", ("token", "SECRET1")),
    ("%(url)s", ({"url": "/x?token=SECRET1"},)),
    ("created %s", ({"host_token": "SECRET1", "seats": [{"token": "SECRET1"}]},)),
])
def test_authorization_headers_and_bearer_credentials_are_redacted(msg, args):
    line = _line("cetate.server", msg, *args)
    assert "SECRET1" not in line and "***" in line


def test_a_traceback_loses_its_tokens():
    try:
        raise ValueError("bad request /api/tables/t1?token=SECRET1")
    except ValueError:
        record = logging.LogRecord("uvicorn.error", logging.ERROR, __file__, 1, "failed", None, sys.exc_info())
    RedactTokens().filter(record)
    assert "SECRET1" not in logging.Formatter().format(record) and "token=***" in record.exc_text


def test_the_access_log_formatter_still_works():
    from uvicorn.logging import AccessFormatter

    record = logging.LogRecord("uvicorn.access", logging.INFO, __file__, 1, '%s - "%s %s HTTP/%s" %d',
                               ("127.0.0.1:5000", "GET", "/api/tables?tokens=A1,B2", "1.1", 200), None)
    RedactTokens().filter(record)
    line = AccessFormatter('%(client_addr)s - "%(request_line)s" %(status_code)s', use_colors=False).format(record)
    assert line == '127.0.0.1:5000 - "GET /api/tables?tokens=*** HTTP/1.1" 200 OK'


def test_child_loggers_and_handlers_are_covered(caplog):
    """A logger's filter does not see what its children propagate: the handlers carry the filter too."""
    with caplog.at_level(logging.DEBUG):
        install_log_redaction()
        for name in ("cetate.server.ws", "cetate.server.some_new_module", "websockets.server", "httpx",
                     "uvicorn.error", "somewhere.else"):
            logging.getLogger(name).warning("GET /ws/tables/t1?token=%s", "SECRET1")
            logging.getLogger(name).warning("Authorization: Bearer SECRET2")
    assert len(caplog.records) == 12
    assert "SECRET" not in caplog.text and "token=***" in caplog.text


# -- the real server ----------------------------------------------------------------------------------------

def _tokens_in(doc, found: set[str]) -> None:
    """Every value of a `token`/`host_token` field in an answer."""
    if isinstance(doc, dict):
        for key, value in doc.items():
            if key in ("token", "host_token") and isinstance(value, str):
                found.add(value)
            _tokens_in(value, found)
    elif isinstance(doc, list):
        for value in doc:
            _tokens_in(value, found)


@pytest.mark.skipif(sys.platform == "win32", reason="uses process groups")
def test_no_token_reaches_the_logs_of_a_real_server(tmp_path):
    """`cetate serve` with its access log on: every route family is called with real tokens (query and
    header), over HTTP and the WebSocket; none of them appears in what the server printed."""
    from websockets.sync.client import connect

    from tests.server.test_serve import Server

    log_file = tmp_path / "serve.log"
    server = Server(tmp_path / "data", log_file)
    secrets: set[str] = {"forged" + "x" * 40}
    forged = next(iter(secrets))
    http = server.http
    ws_base = f"ws://127.0.0.1:{server.port}"

    def call(method: str, url: str, token: str | None = None, header: bool = False, **kwargs) -> httpx.Response:
        headers = {"Authorization": f"Bearer {token}"} if header and token else {}
        if token and not header:
            url += ("&" if "?" in url else "?") + f"token={token}"
        response = http.request(method, url, headers=headers, **kwargs)
        if response.headers.get("content-type", "").startswith("application/json"):
            _tokens_in(response.json(), secrets)
        return response

    def socket(table_id: str, token: str, *messages: dict) -> None:
        with connect(f"{ws_base}/ws/tables/{table_id}?token={token}", open_timeout=10, close_timeout=5) as ws:
            first = json.loads(ws.recv(timeout=10))
            if first["type"] == "error":
                return
            for message in (*messages, {"type": "ping"}):
                ws.send(json.dumps(message))
            while json.loads(ws.recv(timeout=10))["type"] != "pong":
                pass

    try:
        # two invited seats and a bot
        created = call("POST", "/api/tables", json={
            "game": "citadels", "players": 3,
            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]})
        assert created.status_code == 201, created.text
        table_id, host, invite = created.json()["table_id"], created.json()["host_token"], None
        invite = next(s["token"] for s in created.json()["seats"] if s["seat"] == 1)
        call("GET", f"/api/tables?tokens={host},{invite}")
        call("GET", f"/api/tables?tokens={host}%2C{invite}%2C{forged}")
        call("GET", f"/api/tables/{table_id}", host)
        call("GET", f"/api/tables/{table_id}", host, header=True)
        call("POST", f"/api/tables/{table_id}/join", host, header=True, json={"name": "Ana"})
        joined = call("POST", f"/api/tables/{table_id}/join", invite, json={"name": "Bo"})
        assert joined.status_code == 200, joined.text
        guest = joined.json()["token"]
        socket(table_id, host, {"type": "say", "text": "hello"}, {"type": "sync"})
        socket(table_id, guest, {"type": "act", "action": {"type": "fly"}, "key": "k1"})
        socket(table_id, forged)
        call("POST", f"/api/tables/{table_id}/chat", guest, json={"text": "hi"})
        call("POST", f"/api/tables/{table_id}/chat", host, header=True, json={"text": "hi"})
        call("GET", f"/api/tables/{table_id}/record", guest)
        call("GET", f"/api/tables/{table_id}/record", host, header=True)
        call("POST", f"/api/tables/{table_id}/hint", guest)
        call("POST", f"/api/tables/{table_id}/undo", host, header=True)
        call("GET", f"/api/tables/{table_id}", forged)
        call("GET", f"/api/tables/{table_id}", forged, header=True)
        for token, header in ((host, False), (guest, True), (host, True), (guest, False)) * 2:
            doc = call("GET", f"/api/tables/{table_id}", token, header=header).json()
            if doc.get("legal_actions"):
                call("POST", f"/api/tables/{table_id}/actions", token, header=header,
                     json={"action": doc["legal_actions"][0], "key": f"m{doc['table']['seq']}"})
        call("POST", f"/api/tables/{table_id}/seats/1/invite", host, header=True)

        # one invited seat against bots: hints and taking back
        solo = call("POST", "/api/tables", json={
            "game": "citadels", "players": 2, "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]})
        assert solo.status_code == 201, solo.text
        solo_id, me = solo.json()["table_id"], solo.json()["host_token"]
        call("POST", f"/api/tables/{solo_id}/join", me, json={"name": "Cy"})
        deadline = time.monotonic() + 30
        while not (doc := call("GET", f"/api/tables/{solo_id}", me).json()).get("legal_actions"):
            assert time.monotonic() < deadline, "the bot did not play"
            time.sleep(0.05)
        call("POST", f"/api/tables/{solo_id}/hint", me)
        call("POST", f"/api/tables/{solo_id}/hint", me, header=True)
        socket(solo_id, me, {"type": "act", "action": doc["legal_actions"][0], "key": "w1"})
        call("POST", f"/api/tables/{solo_id}/undo", me)
        call("GET", f"/api/tables?tokens={me}")
    finally:
        if server.process.poll() is None:  # a graceful stop prints its shutdown lines too
            os.killpg(server.process.pid, signal.SIGTERM)
            with contextlib.suppress(subprocess.TimeoutExpired):
                server.process.wait(timeout=15)
        server.kill()
    printed = log_file.read_text(errors="replace")
    assert '"GET /api/tables?tokens=*** HTTP/1.1" 200' in printed, printed[-3000:]  # the access log is on
    assert f'"WebSocket /ws/tables/{table_id}?token=***" [accepted]' in printed, printed[-3000:]
    assert len(secrets) >= 6
    leaked = [s for s in secrets if s in printed]
    assert not leaked, f"{len(leaked)} tokens in the server's output"
