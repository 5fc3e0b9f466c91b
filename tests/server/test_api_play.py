"""Playing through the REST API: a whole game against server-side bots, idempotency keys, refused requests
that change nothing, redaction for each receiver, records and replays."""

from __future__ import annotations

import json
import random

import pytest

from cetate.core.record import Record, replay_final
from cetate.games import get as get_game
from cetate.server.app import create_app
from tests.server.conftest import (
    TestClient,
    bearer,
    create,
    human_to_move,
    human_vs_bots,
    make_settings,
    my_turn,
    play_random,
    table_doc,
)


def act(client, table_id, token, action, key=None, **extra):
    body = {"action": action, **({"key": key} if key is not None else {}), **extra}
    return client.post(f"/api/tables/{table_id}/actions", headers=bearer(token), json=body)


def test_a_whole_four_player_game_against_bots_in_worker_processes(tmp_path):
    settings = make_settings(tmp_path, bot_workers=2)
    with TestClient(create_app(settings)) as client:
        doc = human_vs_bots(client, players=4, seed=11)
        table_id, token = doc["table_id"], doc["host_token"]
        final = play_random(client, table_id, token, random.Random(3))
        table = final["table"]
        assert table["status"] == "over" and table["to_move"] is None
        assert table["result"]["winners"] and len(table["result"]["scores"]) == 4
        assert table["seed"] == 11  # public once the game is over
        assert final["view"]["result"] == table["result"]
        assert final["journal"][0]["seq"] == 0 and final["journal"][-1]["seq"] == table["seq"]
        played = {e["seat"] for e in final["journal"] if e.get("type") == "character_chosen"}
        assert played == {0, 1, 2, 3}
        # the finished record replays to the same result
        response = client.get(f"/api/tables/{table_id}/record")
        assert response.status_code == 200
        assert response.headers["content-disposition"].startswith("attachment;")
        record = Record.from_json(response.json())
        assert len(record.actions) == table["seq"] and record.seed == 11
        game = get_game("citadels")
        assert json.loads(json.dumps(game.result(replay_final(game, record)))) == table["result"]
        assert [s["kind"] for s in record.seats] == ["human", "bot", "bot", "bot"]
        # the game is over: nothing more is accepted
        refused = act(client, table_id, token, {"type": "end_turn"})
        assert refused.status_code == 409 and refused.json()["error"]["code"] == "game_over"


def test_replay_of_a_finished_game_as_a_seat(client):
    doc = create(client, players=2, seed=5, seats=[{"kind": "human"}, {"kind": "bot", "bot": "random"}])
    table_id, token = doc["table_id"], doc["host_token"]
    refused = client.get(f"/api/tables/{table_id}/replay")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "not_finished"
    final = play_random(client, table_id, token, random.Random(1))
    replay = client.get(f"/api/tables/{table_id}/replay", params={"seat": 0}).json()
    steps = replay["steps"]
    assert len(steps) == final["table"]["seq"] + 1 and steps[0]["action"] is None
    assert steps[-1]["view"] == final["view"]
    assert [e for s in steps for e in s["events"]] == [
        {k: v for k, v in e.items() if k != "seq"} for e in final["journal"]]
    assert replay["record"]["seed"] == 5 and len(replay["record"]["actions"]) == len(steps) - 1
    spectator = client.get(f"/api/tables/{table_id}/replay").json()
    assert all("you" not in s["view"] for s in spectator["steps"])
    bad = client.get(f"/api/tables/{table_id}/replay", params={"seat": 9})
    assert bad.status_code == 422 and bad.json()["error"]["field"] == "seat"


def test_the_record_of_an_unfinished_game_holds_the_seats_journal_only(client):
    doc = human_vs_bots(client, seed=3)
    table_id, token = doc["table_id"], doc["host_token"]
    play_random(client, table_id, token, random.Random(2), moves=3)
    response = client.get(f"/api/tables/{table_id}/record", params={"token": token})
    assert response.status_code == 200
    assert "attachment" in response.headers["content-disposition"]
    record = response.json()
    assert record["result"] is None and record["status"] == "playing" and record["seat"] == 0
    assert "seed" not in record and "actions" not in record
    assert record["journal"] == table_doc(client, table_id, token)["journal"]
    spectator = client.get(f"/api/tables/{table_id}/record").json()
    assert spectator["seat"] is None and len(spectator["journal"]) == len(record["journal"])
    assert client.get(f"/api/tables/{table_id}/record", params={"token": "wrong"}).status_code == 401


# -- idempotency ----------------------------------------------------------------------------------

def test_the_same_key_twice_applies_once_and_returns_the_first_answer(client):
    doc = human_vs_bots(client, seed=9)
    table_id, token = doc["table_id"], doc["host_token"]
    turn = my_turn(client, table_id, token)
    action = turn["legal_actions"][0]
    first = act(client, table_id, token, action, key="once")
    assert first.status_code == 200, first.text
    answer = first.json()
    assert answer["seq"] == turn["table"]["seq"] + 1 and answer["events"]
    assert all(e["seq"] == answer["seq"] for e in answer["events"])
    again = act(client, table_id, token, action, key="once")
    assert again.status_code == 200 and again.json() == answer
    # even with another action, a used key answers what it answered first and applies nothing
    other = act(client, table_id, token, {"type": "anything"}, key="once")
    assert other.json() == answer
    store = client.app.state.store
    stored = [a for a in store.actions(table_id) if a["key"] == "once"]
    assert len(stored) == 1 and stored[0]["seq"] == answer["seq"]


def test_a_key_used_by_another_seat_is_refused(client):
    doc = create(client, players=2, seed=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    table_id, tokens = doc["table_id"], [s["token"] for s in doc["seats"]]
    mover = table_doc(client, table_id)["table"]["to_move"]
    turn = table_doc(client, table_id, tokens[mover])
    assert act(client, table_id, tokens[mover], turn["legal_actions"][0], key="k1").status_code == 200
    other = 1 - mover
    refused = act(client, table_id, tokens[other], {"type": "pick", "character": "king"}, key="k1")
    assert refused.status_code == 409 and refused.json()["error"]["code"] == "key_conflict"
    assert "pick" not in refused.text


# -- refused requests change nothing ----------------------------------------------------------------

def test_bad_requests_are_refused_clearly_and_change_nothing(client, settings):
    doc = create(client, players=3, seed=8, seats=[{"kind": "human"}, {"kind": "human"}, {"kind": "bot"}])
    table_id, host, invite = doc["table_id"], doc["host_token"], doc["seats"][1]["token"]
    guest = client.post(f"/api/tables/{table_id}/join", headers=bearer(invite), json={}).json()["token"]
    mover = human_to_move(client, table_id)
    waiter = 1 - mover
    mover_token, waiter_token = (host, guest) if mover == 0 else (guest, host)
    wait = table_doc(client, table_id, mover_token)
    before_mover = table_doc(client, table_id, mover_token)
    before_waiter = table_doc(client, table_id, waiter_token)
    assert wait["legal_actions"] and before_mover == wait
    url = f"/api/tables/{table_id}/actions"

    def refused(response, status, code):
        assert response.status_code == status, response.text
        error = response.json()["error"]
        assert error["code"] == code and error["message"]
        return error

    headers = {**bearer(mover_token), "Content-Type": "application/json"}
    error = refused(client.post(url, headers=headers, content=b'{"action": {"type": '), 400, "malformed_json")
    assert "JSON" in error["message"]
    refused(client.post(url, headers=headers, content=b"[1, 2]"), 400, "bad_body")
    refused(client.post(url, headers=headers, content=b""), 400, "missing_body")
    refused(client.post(url, headers=bearer(mover_token), json={"action": "build"}), 400, "bad_request")
    refused(client.post(url, headers=bearer(mover_token), json={"action": {"card": "castle"}}), 422,
            "malformed_action")
    refused(client.post("/api/tables/nope/actions", headers=bearer(mover_token),
                        json={"action": {"type": "end_turn"}}), 404, "unknown_table")
    refused(client.post(url, json={"action": {"type": "end_turn"}}), 401, "missing_token")
    refused(client.post(url, headers=bearer("forged"), json={"action": {"type": "end_turn"}}), 401, "bad_token")
    refused(client.post(url, headers={"Authorization": "Basic abc"}, json={"action": {"type": "end_turn"}}),
            401, "bad_token")
    other_table = human_vs_bots(client)
    refused(client.post(url, headers=bearer(other_table["host_token"]), json={"action": {"type": "end_turn"}}),
            401, "bad_token")
    refused(client.post(url, headers=bearer(mover_token), json={"action": wait["legal_actions"][0],
                                                                "seat": waiter}), 403, "wrong_seat")
    refused(client.post(url, headers=bearer(waiter_token), json={"action": wait["legal_actions"][0]}), 409,
            "not_your_turn")
    error = refused(client.post(url, headers=bearer(mover_token), json={"action": {"type": "build",
                                                                                   "card": "no_such"}}),
                    422, "wrong_phase" if wait["view"]["phase"] == "draft" else "unknown_card")
    assert error["field"] == "action"
    refused(client.post(url, headers=bearer(mover_token), json={"action": {"type": "fly"}}), 422,
            "unknown_action")
    big = {"action": {"type": "end_turn", "padding": "x" * (settings.max_body_bytes + 1)}}
    error = refused(client.post(url, headers=bearer(mover_token), json=big), 413, "body_too_large")
    assert str(settings.max_body_bytes) in error["message"]
    assert table_doc(client, table_id, mover_token) == before_mover
    assert table_doc(client, table_id, waiter_token) == before_waiter
    assert len(client.app.state.store.actions(table_id)) == before_mover["table"]["seq"]


def test_a_body_streamed_without_length_is_limited_too(client, settings):
    doc = human_vs_bots(client)

    def chunks():
        yield b'{"action": {"type": "end_turn", "x": "'
        for _ in range(settings.max_body_bytes // 1000 + 2):
            yield b"y" * 1000
        yield b'"}}'

    response = client.post(f"/api/tables/{doc['table_id']}/actions", headers=bearer(doc["host_token"]),
                           content=chunks())
    assert response.status_code == 413


# -- redaction --------------------------------------------------------------------------------------

def _secret_keys_hidden(client, table_id: str, seat: int | None, journal: list[dict]) -> None:
    """Each journal entry holds an event's secret fields only when `seat` may see them."""
    table = client.app.state.hub.tables[table_id]
    events = [e for batch in table.events for e in batch]
    assert len(events) == len(journal)
    for event, entry in zip(events, journal, strict=True):
        allowed = {"type", "seq", *event.data}
        if event.secret and seat is not None and seat in event.seats:
            allowed |= set(event.secret)
        assert set(entry) <= allowed, (event, entry)
        if event.secret and (seat is None or seat not in event.seats):
            for key in set(event.secret) - set(event.data):
                assert key not in entry


@pytest.mark.parametrize("moves", [4, 12])
def test_a_seat_never_sees_another_seats_hand(client, moves):
    doc = create(client, players=3, seed=21, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}, {"kind": "bot"}])
    table_id, tokens = doc["table_id"], [s["token"] for s in doc["seats"][:2]]
    rng = random.Random(moves)
    for _ in range(moves):
        mover = human_to_move(client, table_id)  # the bot plays first when it is its turn
        if mover is None:
            break
        legal = table_doc(client, table_id, tokens[mover])["legal_actions"]
        assert act(client, table_id, tokens[mover], rng.choice(legal)).status_code == 200
    human_to_move(client, table_id)  # the bot has answered: nothing moves until a human does
    hub = client.app.state.hub
    table = hub.tables[table_id]
    game = table.game
    hands = {s: {c["id"] for c in game.view(table.state, s)["you"]["hand"]} for s in range(3)}
    for seat in (0, 1):
        doc_seat = table_doc(client, table_id, tokens[seat])
        view = doc_seat["view"]
        assert view["you"]["seat"] == seat
        assert {c["id"] for c in view["you"]["hand"]} == hands[seat]
        assert all("hand" not in p for p in view["players"])
        others = {c for s, h in hands.items() if s != seat for c in h} - hands[seat]
        assert not {k for k in view["you"].get("known_hands", {})} - {"0", "1", "2"}
        _secret_keys_hidden(client, table_id, seat, doc_seat["journal"])
        # an illegal move's error quotes nothing of another hand
        mover = doc_seat["table"]["to_move"]
        if mover == seat:
            response = act(client, table_id, tokens[seat], {"type": "build", "card": "no_such_card"})
            assert response.status_code == 422
            assert not [c for c in others if c in response.text]
    spectator = table_doc(client, table_id)
    assert spectator["seat"] is None and "you" not in spectator["view"] and spectator["legal_actions"] == []
    _secret_keys_hidden(client, table_id, None, spectator["journal"])
    everything = json.dumps(spectator)
    assert '"hand"' not in everything and '"seed"' not in everything
