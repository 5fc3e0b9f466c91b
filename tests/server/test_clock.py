"""Turn clocks: a human seat out of time has its move played by a bot, stored and shown as a time-out."""

from __future__ import annotations

from tests.server.conftest import bearer, create, human_to_move, table_doc, wait_until


def clocked(client, initial_s: float, increment_s: float, seed: int = 6) -> dict:
    return create(client, players=2, seed=seed, clock={"initial_s": initial_s, "increment_s": increment_s},
                  seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])


def test_a_seat_out_of_time_has_a_bot_play_its_turn(client):
    doc = clocked(client, 0.3, 0.0)
    table_id, token = doc["table_id"], doc["host_token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        sync = ws.receive_json()
        assert sync["table"]["clock"]["initial_s"] == 0.3
        started = clock = None
        if sync["table"]["clock"]["running"] == 0:  # seat 0's clock was already running
            started = {"remaining_s": sync["table"]["clock"]["remaining_s"][0]}
        for _ in range(5000):
            message = ws.receive_json()
            if message["type"] == "clock" and message["seat"] == 0 and message["running"] and started is None:
                started = message
            if message["type"] == "update" and message["last_action"]["timeout"]:
                clock = message
                break
        assert started is not None and 0 <= started["remaining_s"] <= 0.3
        assert clock is not None and clock["last_action"] == {"seat": 0, "by_bot": True, "timeout": True}
        assert clock["events"][0] == {"type": "turn_timeout", "seat": 0, "seq": clock["seq"]}
    stored = client.app.state.store.actions(table_id)
    timed_out = [a for a in stored if a["timeout"]]
    assert timed_out and all(a["seat"] == 0 and a["by_bot"] for a in timed_out)
    # with no increment, every later decision of seat 0 times out too: the game plays to its end
    wait_until(lambda: table_doc(client, table_id)["table"]["status"] == "over", what="the end of the game")
    doc = table_doc(client, table_id, token)
    marks = [e for e in doc["journal"] if e["type"] == "turn_timeout"]
    assert len(marks) == len([a for a in client.app.state.store.actions(table_id) if a["timeout"]])
    assert doc["table"]["clock"]["running"] is None
    assert doc["table"]["clock"]["remaining_s"][1] == 0.3  # bots have no clock
    record = client.get(f"/api/tables/{table_id}/replay", params={"seat": 0}).json()
    assert sum(1 for s in record["steps"] if s["timeout"]) == len(marks)


def test_a_move_in_time_earns_the_increment(client):
    doc = clocked(client, 30.0, 10.0, seed=3)
    table_id, token = doc["table_id"], doc["host_token"]
    assert human_to_move(client, table_id) == 0
    before = table_doc(client, table_id, token)
    assert before["table"]["clock"]["running"] == 0
    response = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                           json={"action": before["legal_actions"][0]})
    assert response.status_code == 200
    after = table_doc(client, table_id, token)["table"]["clock"]
    assert 35.0 < after["remaining_s"][0] <= 40.0
    assert not [a for a in client.app.state.store.actions(table_id) if a["timeout"]]
