"""The table chat: seated players write, everyone at the table reads it live and after a restart; bad
messages are refused with a clear error and leave the chat as it was."""

from __future__ import annotations

import pytest

from cetate.server.app import create_app
from cetate.server.tables import CHAT_BURST, CHAT_MAX
from tests.server.conftest import TestClient, bearer, create, make_settings, table_doc
from tests.server.test_ws import until


def _friends(client) -> tuple[str, str, str]:
    doc = create(client, players=3, seed=4, seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"},
                                                   {"kind": "bot"}])
    table_id, host, invite = doc["table_id"], doc["host_token"], doc["seats"][1]["token"]
    joined = client.post(f"/api/tables/{table_id}/join", headers=bearer(invite), json={"name": "Bo"})
    assert joined.status_code == 200
    return table_id, host, joined.json()["token"]  # the invite is spent: the seat's own token from now on


def _say(client, table_id: str, token: str | None, text):
    return client.post(f"/api/tables/{table_id}/chat", headers=bearer(token), json={"text": text})


def test_a_line_reaches_every_socket_and_the_table_document(client):
    table_id, host, guest = _friends(client)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={host}") as ws, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        assert ws.receive_json()["chat"] == []
        spectator.receive_json()
        answer = _say(client, table_id, guest, "  good luck!  ")
        assert answer.status_code == 201, answer.text
        line = answer.json()["line"]
        assert {k: line[k] for k in ("n", "seat", "name", "text")} == {"n": 1, "seat": 1, "name": "Bo",
                                                                      "text": "good luck!"}
        assert until(ws, lambda m: m["type"] == "chat") == {"type": "chat", "line": line}
        assert until(spectator, lambda m: m["type"] == "chat")["line"] == line
        # over the socket too
        ws.send_json({"type": "say", "text": "thanks"})
        mine = until(spectator, lambda m: m["type"] == "chat")["line"]
        assert (mine["n"], mine["seat"], mine["name"], mine["text"]) == (2, 0, "Ana", "thanks")
    lines = table_doc(client, table_id)["chat"]
    assert [(x["n"], x["text"]) for x in lines] == [(1, "good luck!"), (2, "thanks")]


@pytest.mark.parametrize(("token", "text", "status", "code"), [
    (None, "hi", 401, "missing_token"),
    ("nope", "hi", 401, "bad_token"),
    ("guest", "   ", 422, "empty_message"),
    ("guest", "x" * (CHAT_MAX + 1), 422, "message_too_long"),
    ("guest", 42, 400, "bad_request"),
])
def test_a_bad_message_is_refused_and_nothing_is_written(client, token, text, status, code):
    table_id, _host, guest = _friends(client)
    answer = _say(client, table_id, guest if token == "guest" else token, text)
    assert answer.status_code == status, answer.text
    assert answer.json()["error"]["code"] == code
    assert table_doc(client, table_id)["chat"] == []


def test_a_spectator_or_a_host_without_a_seat_cannot_write(client):
    doc = create(client, players=2, seed=1, seats=[{"kind": "bot"}, {"kind": "bot"}])
    answer = _say(client, doc["table_id"], doc["host_token"], "hello")
    assert answer.status_code == 403 and answer.json()["error"]["code"] == "no_seat"
    with client.websocket_connect(f"/ws/tables/{doc['table_id']}") as spectator:
        spectator.receive_json()
        spectator.send_json({"type": "say", "text": "hello"})
        error = until(spectator, lambda m: m["type"] == "error")
        assert error["code"] == "no_seat"


def test_a_seat_that_writes_too_fast_is_slowed_down(client):
    table_id, host, _guest = _friends(client)
    for i in range(CHAT_BURST):
        assert _say(client, table_id, host, f"line {i}").status_code == 201
    answer = _say(client, table_id, host, "one more")
    assert answer.status_code == 429 and answer.json()["error"]["code"] == "too_many_messages"
    assert len(table_doc(client, table_id)["chat"]) == CHAT_BURST


def test_the_chat_survives_a_restart(tmp_path):
    settings = make_settings(tmp_path, bot_workers=0)
    with TestClient(create_app(settings)) as client:
        table_id, host, guest = _friends(client)
        _say(client, table_id, host, "first")
        _say(client, table_id, guest, "second")
    with TestClient(create_app(settings)) as client:
        lines = table_doc(client, table_id, guest)["chat"]
        assert [(x["seat"], x["text"]) for x in lines] == [(0, "first"), (1, "second")]
        assert _say(client, table_id, host, "third").json()["line"]["n"] == 3


def test_text_that_is_not_unicode_is_refused_and_stores_nothing(client):
    from tests.server.conftest import bearer, create

    doc = create(client, game="gates", players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    table_id, token = doc["table_id"], doc["host_token"]
    json_headers = {**bearer(token), "Content-Type": "application/json"}
    response = client.post(f"/api/tables/{table_id}/chat", content=b'{"text": "hi \\ud800"}', headers=json_headers)
    assert response.status_code == 400 and response.json()["error"]["field"] == "text", response.text
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"
        ws.send_text('{"type": "say", "text": "hi \\ud800"}')
        while (message := ws.receive_json())["type"] != "error":
            pass
        assert message["code"] in ("bad_utf8", "bad_text"), message
    assert client.app.state.store.chat(table_id, 100) == []
    response = client.post(f"/api/tables/{table_id}/join", content=b'{"name": "\\udfff"}',
                           headers={**bearer(doc["seats"][1]["token"]), "Content-Type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]["field"] == "name", response.text
