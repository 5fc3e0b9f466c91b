"""A server that stops (cleanly or not) and starts again on the same database continues every table as if
nothing happened: same views, journals and idempotency answers, and the same game to the end."""

from __future__ import annotations

import random

from cetate.server.app import create_app
from tests.server.conftest import (
    TestClient,
    bearer,
    create,
    human_vs_bots,
    make_settings,
    play_random,
    table_doc,
    wait_until,
)

STABLE = ("view", "journal", "legal_actions", "seat", "host")


def comparable(doc: dict) -> dict:
    table = {k: v for k, v in doc["table"].items() if k not in ("updated_at", "created_at")}
    return {"table": table, **{k: doc[k] for k in STABLE}}


def test_a_table_continues_identically_after_a_restart(tmp_path):
    settings = make_settings(tmp_path, bot_workers=1)
    rng = random.Random(5)
    with TestClient(create_app(settings)) as client:
        doc = human_vs_bots(client, seed=31)
        table_id, token = doc["table_id"], doc["host_token"]
        play_random(client, table_id, token, rng, moves=12)
        turn = play_random(client, table_id, token, rng, moves=0)  # the bots have answered
        last = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                           json={"action": rng.choice(turn["legal_actions"]), "key": "last-before-stop"})
        assert last.status_code == 200
        play_random(client, table_id, token, rng, moves=0)
        live = client.app.state.hub.tables[table_id]  # the take-back check of the last move has run
        wait_until(lambda: live.undo_task is None or live.undo_task.done(), what="the take-back check")
        before = comparable(table_doc(client, table_id, token))
        rng_state = rng.getstate()
    with TestClient(create_app(settings)) as client:
        after = comparable(table_doc(client, table_id, token))
        assert after == before
        again = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                            json={"action": {"type": "whatever"}, "key": "last-before-stop"})
        assert again.status_code == 200 and again.json() == last.json()
        rng.setstate(rng_state)
        final = play_random(client, table_id, token, rng)
        assert final["table"]["status"] == "over"
    # the same game played without a stop ends the same way
    reference_settings = make_settings(tmp_path / "reference", bot_workers=0)
    rng = random.Random(5)
    with TestClient(create_app(reference_settings)) as client:
        doc = human_vs_bots(client, seed=31)
        table_id2, token2 = doc["table_id"], doc["host_token"]
        play_random(client, table_id2, token2, rng, moves=12)
        turn = play_random(client, table_id2, token2, rng, moves=0)
        client.post(f"/api/tables/{table_id2}/actions", headers=bearer(token2),
                    json={"action": rng.choice(turn["legal_actions"]), "key": "last-before-stop"})
        reference = play_random(client, table_id2, token2, rng)
    assert reference["table"]["result"] == final["table"]["result"]
    assert reference["journal"] == final["journal"]
    assert reference["view"] == final["view"]


def test_bots_stopped_mid_game_resume_and_finish_the_same_game(tmp_path):
    seats = [{"kind": "bot", "bot": "citadels-heuristic"}] * 4
    with TestClient(create_app(make_settings(tmp_path / "reference"))) as client:
        table_id = create(client, players=4, seed=77, seats=seats)["table_id"]
        wait_until(lambda: table_doc(client, table_id)["table"]["status"] == "over", what="the reference game")
        reference = table_doc(client, table_id)
    settings = make_settings(tmp_path, bot_delay_s=0.002)
    with TestClient(create_app(settings)) as client:
        table_id = create(client, players=4, seed=77, seats=seats)["table_id"]
        wait_until(lambda: table_doc(client, table_id)["table"]["seq"] >= 20, what="some bot moves")
    with TestClient(create_app(settings)) as client:
        stopped_at = table_doc(client, table_id)["table"]["seq"]
        assert 20 <= stopped_at < reference["table"]["seq"]
        wait_until(lambda: table_doc(client, table_id)["table"]["status"] == "over", what="the resumed game")
        final = table_doc(client, table_id)
    assert final["journal"] == reference["journal"] and final["table"]["result"] == reference["table"]["result"]


def test_a_waiting_table_keeps_its_seats_and_tokens(tmp_path):
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        doc = create(client, players=2, seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}])
    with TestClient(create_app(settings)) as client:
        table_id, guest = doc["table_id"], doc["seats"][1]["token"]
        assert table_doc(client, table_id, doc["host_token"])["table"]["status"] == "waiting"
        joined = client.post(f"/api/tables/{table_id}/join", headers=bearer(guest), json={"name": "Bo"})
        assert joined.status_code == 200 and joined.json()["table"]["status"] == "playing"
        assert [s["name"] for s in joined.json()["table"]["seats"]] == ["Ana", "Bo"]
        rows = client.get("/api/tables", params={"tokens": joined.json()["token"]}).json()
        assert [(r["table_id"], r["seat"]) for r in rows] == [(table_id, 1)]


def test_finished_tables_are_read_back_from_the_store(tmp_path):
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        doc = create(client, players=2, seed=3, seats=[{"kind": "bot", "bot": "random"}] * 2)
        wait_until(lambda: table_doc(client, doc["table_id"])["table"]["status"] == "over", what="the game")
        finished = table_doc(client, doc["table_id"])
        record = client.get(f"/api/tables/{doc['table_id']}/record").json()
    with TestClient(create_app(settings)) as client:
        assert client.app.state.hub.tables == {}  # only unfinished tables are resumed at start
        assert comparable(table_doc(client, doc["table_id"])) == comparable(finished)
        assert client.get(f"/api/tables/{doc['table_id']}/record").json() == record
        rows = client.get("/api/tables", params={"tokens": doc["host_token"]}).json()
        assert rows[0]["status"] == "over" and rows[0]["seat"] is None and rows[0]["host"] is True
