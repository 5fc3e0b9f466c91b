"""The WebSocket protocol: sync on connect, updates for every receiver, act, errors, ping, refusals."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.conftest import bearer, create, human_vs_bots, merged_view, table_doc, wait_until

_VIEWS: dict[int, dict] = {}  # id(socket) -> the view its client holds (updates carry only what changed)


def until(ws, predicate, limit: int = 2000) -> dict:
    """Read messages until one satisfies `predicate` (every message read must be well formed). A sync or an
    update gets `_view`: the whole view the client holds after it."""
    for _ in range(limit):
        message = ws.receive_json()
        assert message["type"] in {"sync", "update", "error", "clock", "pong", "presence", "chat", "undo"}, message
        if message["type"] in ("sync", "update"):
            message["_view"] = _VIEWS[id(ws)] = merged_view(_VIEWS.get(id(ws)), message)
        if predicate(message):
            return message
    raise AssertionError("no such message")


def test_sync_update_act_error_and_ping(client):
    doc = human_vs_bots(client, seed=12)
    table_id, token = doc["table_id"], doc["host_token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws, \
            client.websocket_connect(f"/ws/tables/{table_id}") as spectator:
        sync = until(ws, lambda m: True)
        assert sync["type"] == "sync" and sync["seat"] == 0 and sync["host"] is True
        assert sync["view"]["you"]["seat"] == 0 and sync["journal"][0]["seq"] == 0
        first = until(spectator, lambda m: True)
        assert first["type"] == "sync" and first["seat"] is None and "you" not in first["view"]

        mine = sync if sync["legal_actions"] else until(ws, lambda m: m["type"] == "update" and m["legal_actions"])
        seq = mine["table"]["seq"] if mine["type"] == "sync" else mine["seq"]
        assert mine["_view"] == table_doc(client, table_id, token)["view"]

        # an illegal action: an error naming the key, and nothing changes
        ws.send_json({"type": "act", "action": {"type": "fly"}, "key": "bad-1"})
        error = until(ws, lambda m: m["type"] == "error")
        assert error["key"] == "bad-1" and error["code"] == "unknown_action" and error["message"]
        assert table_doc(client, table_id)["table"]["seq"] == seq

        ws.send_json({"type": "ping"})
        assert until(ws, lambda m: m["type"] == "pong") == {"type": "pong"}
        ws.send_text("{not json")
        assert until(ws, lambda m: m["type"] == "error")["code"] == "malformed_json"
        ws.send_json({"type": "dance"})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "unknown_message"

        action = mine["legal_actions"][0]
        ws.send_json({"type": "act", "action": action, "key": "good-1"})
        update = until(ws, lambda m: m["type"] == "update" and m["seq"] == seq + 1)
        assert update["last_action"] == {"seat": 0, "by_bot": False, "timeout": False}
        assert update["events"] and all(e["seq"] == seq + 1 for e in update["events"])
        assert update["table"]["seq"] == seq + 1 and "view" not in update  # only what changed
        assert "seats" not in update["table"] and "options" not in update["view_changes"]
        assert update["_view"]["you"]["seat"] == 0  # the bots may have moved on since: see the check below
        seen = until(spectator, lambda m: m["type"] == "update" and m["seq"] == seq + 1)
        assert seen["last_action"]["seat"] == 0 and "you" not in seen.get("view_changes", {})
        assert seen["legal_actions"] == []

        # a retried key applies nothing and answers with a fresh sync
        ws.send_json({"type": "act", "action": action, "key": "good-1"})
        again = until(ws, lambda m: m["type"] == "sync")
        now = table_doc(client, table_id, token)["journal"]  # the bots may have played on since
        assert again["table"]["seq"] >= seq + 1 and again["journal"] == now[:len(again["journal"])]
        assert len([a for a in client.app.state.store.actions(table_id) if a["key"] == "good-1"]) == 1

        # a spectator cannot act
        spectator.send_json({"type": "act", "action": action, "key": "s-1"})
        refused = until(spectator, lambda m: m["type"] == "error")
        assert refused["code"] == "no_seat" and refused["key"] == "s-1"


def test_bots_updates_arrive_in_order_until_the_end(client):
    doc = create(client, players=3, seed=4, seats=[{"kind": "bot", "bot": "random"}] * 3)
    table_id = doc["table_id"]
    with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
        sync = ws.receive_json()
        seq = sync["table"]["seq"]
        while sync["table"]["status"] != "over":
            message = ws.receive_json()
            if message["type"] == "update":
                assert message["seq"] == seq + 1 and message["last_action"]["by_bot"] is True
                seq = message["seq"]
                if message["table"]["status"] == "over":
                    assert message["view_changes"]["result"] is not None  # only what changed is sent
                    break
    assert table_doc(client, table_id)["table"]["seq"] == seq


@pytest.mark.parametrize(("path", "code", "close"), [
    ("/ws/tables/nope", "unknown_table", 4404),
    ("/ws/tables/{id}?token=forged", "bad_token", 4401),
])
def test_refused_connections_get_an_error_then_close(client, path, code, close):
    doc = human_vs_bots(client)
    with client.websocket_connect(path.replace("{id}", doc["table_id"])) as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == code
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == close


def _connected(seats: list[dict]) -> dict[int, bool]:
    return {s["seat"]: s["connected"] for s in seats}


def test_presence_follows_the_sockets_and_the_host_hands_a_departed_seat_to_a_bot(client):
    doc = create(client, players=3, seed=4, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    table_id, host, invite = doc["table_id"], doc["host_token"], doc["seats"][1]["token"]
    joined = client.post(f"/api/tables/{table_id}/join", headers=bearer(invite), json={"name": "Bo"})
    assert joined.status_code == 200
    guest = joined.json()["token"]  # the invite is spent: the seat's own token from now on
    assert wait_until(lambda: not any(_connected(table_doc(client, table_id)["table"]["seats"]).values()),
                      what="every seat offline")

    with client.websocket_connect(f"/ws/tables/{table_id}?token={host}") as ws:
        sync = ws.receive_json()
        assert sync["type"] == "sync" and sync["table"]["status"] == "playing"
        assert _connected(sync["table"]["seats"]) == {0: True, 1: False, 2: False}

        with client.websocket_connect(f"/ws/tables/{table_id}?token={guest}") as other, \
                client.websocket_connect(f"/ws/tables/{table_id}?token={guest}") as second:
            assert _connected(other.receive_json()["table"]["seats"])[1] is True
            assert second.receive_json()["type"] == "sync"
            came = until(ws, lambda m: m["type"] == "presence")
            assert came == {"type": "presence", "seats": [{"seat": 0, "connected": True},
                                                          {"seat": 1, "connected": True},
                                                          {"seat": 2, "connected": False}]}
            table = table_doc(client, table_id)["table"]
            assert _connected(table["seats"]) == {0: True, 1: True, 2: False}
            assert guest not in str(table) and host not in str(table) and "token" not in str(table)
            second.close()
            # one of seat 1's two sockets is still open: it stays connected
            assert wait_until(lambda: client.app.state.hub.tables[table_id].presence.get(1) == 1)
            assert _connected(table_doc(client, table_id)["table"]["seats"])[1] is True
        gone = until(ws, lambda m: m["type"] == "presence")
        assert _connected(gone["seats"]) == {0: True, 1: False, 2: False}
        assert _connected(table_doc(client, table_id)["table"]["seats"])[1] is False

        # the host hands the departed seat to a bot in the middle of the game
        before = table_doc(client, table_id)["table"]["seq"]
        handed = client.post(f"/api/tables/{table_id}/seats/1/bot", headers=bearer(host), json={})
        assert handed.status_code == 200, handed.text
        seat = handed.json()["table"]["seats"][1]
        assert seat["kind"] == "bot" and seat["connected"] is False
        resync = until(ws, lambda m: m["type"] == "sync")
        assert resync["table"]["seats"][1]["kind"] == "bot"

        # the bot now plays seat 1's turns; the host plays its own
        def bot_played_seat_1():
            if any(a["seat"] == 1 and a["by_bot"] and a["seq"] > before
                   for a in client.app.state.store.actions(table_id)):
                return True
            turn = table_doc(client, table_id, host)
            if turn["legal_actions"]:
                client.post(f"/api/tables/{table_id}/actions", headers=bearer(host),
                            json={"action": turn["legal_actions"][0]})
            assert turn["table"]["status"] != "over", "the game ended before the bot played seat 1"
            return False

        assert wait_until(bot_played_seat_1, what="a bot move for seat 1")
    assert wait_until(lambda: not any(_connected(table_doc(client, table_id)["table"]["seats"]).values()),
                      what="every seat offline")
