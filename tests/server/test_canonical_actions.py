"""Only the engine's own actions are stored (docs/server.md, "Actions"): an action with a field or a value
the engine does not define is refused, over REST and the WebSocket, in every game, and nothing changes."""

from __future__ import annotations

import pytest

from tests.server.conftest import bearer, create, table_doc, wait_until

SEATS = {"citadels": 2, "akropolis": 2, "gates": 2}


def hotseat_table(client, game: str) -> tuple[str, list[str]]:
    players = SEATS[game]
    doc = create(client, game=game, players=players, seats=[{"kind": "hotseat"}] * players)
    return doc["table_id"], [s["token"] for s in doc["seats"]]


def mover(client, table_id: str, tokens: list[str]) -> tuple[str, dict]:
    seat = table_doc(client, table_id)["table"]["to_move"]
    return tokens[seat], table_doc(client, table_id, tokens[seat])


def variants(action: dict) -> list[tuple[dict, str, str]]:
    """(bad action, expected code, field) made from a legal one."""
    out = [({**action, "junk": "x" * 30_000}, "unknown_field", "action.junk")]
    for key, value in action.items():
        if key != "type" and isinstance(value, int) and not isinstance(value, bool):
            out.append(({**action, key: float(value)}, "bad_value", f"action.{key}"))
            out.append(({**action, key: True}, "bad_value", f"action.{key}"))
        elif key != "type" and isinstance(value, str):
            out.append(({**action, key: {"nested": value}}, "bad_value", f"action.{key}"))
    return out


@pytest.mark.parametrize("game", sorted(SEATS))
def test_rest_refuses_fields_and_values_the_engine_does_not_define(client, game):
    table_id, tokens = hotseat_table(client, game)
    store = client.app.state.store
    for _ in range(6):  # a few decisions of the game, each probed, then played with the engine's action
        token, doc = mover(client, table_id, tokens)
        action = doc["legal_actions"][0]
        for bad, code, field in variants(action):
            response = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token), json={"action": bad})
            assert response.status_code == 422, response.text
            error = response.json()["error"]
            assert error["code"] == code and error["field"] == field, error
            assert len(response.text) < 1000  # the junk is never echoed
            assert table_doc(client, table_id, token) == doc
        shuffled = dict(reversed(list(action.items())))
        response = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token), json={"action": shuffled})
        assert response.status_code == 200, response.text
        stored = store.actions(table_id)[-1]["action"]
        assert stored == action and list(stored) == list(action)  # the engine's object, in its key order


@pytest.mark.parametrize("game", sorted(SEATS))
def test_the_websocket_refuses_them_too(client, game):
    table_id, tokens = hotseat_table(client, game)
    token, doc = mover(client, table_id, tokens)
    action = doc["legal_actions"][0]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"
        for n, (bad, code, field) in enumerate(variants(action)):
            ws.send_json({"type": "act", "action": bad, "key": f"bad-{n}"})
            error = wait_until(lambda: (m := ws.receive_json())["type"] == "error" and m, what="an error")
            assert error["code"] == code and error["field"] == field and error["key"] == f"bad-{n}"
        now = table_doc(client, table_id, token)  # the socket is open now: only its presence differs
        assert now["view"] == doc["view"] and now["table"]["seq"] == doc["table"]["seq"]
        assert now["journal"] == doc["journal"] and now["legal_actions"] == doc["legal_actions"]
        ws.send_json({"type": "act", "action": action, "key": "good"})
        wait_until(lambda: ws.receive_json()["type"] == "update", what="the update")
    assert client.app.state.store.actions(table_id)[-1]["action"] == action
