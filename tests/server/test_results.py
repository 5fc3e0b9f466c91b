"""The lobby's "your tables" list tells how each finished game went for the seat: the winners and the
ranking, stored with the table when it ends (and worked out by a replay for a table finished before)."""

from __future__ import annotations

import random

from cetate.server.app import create_app
from cetate.server.storage import Store
from tests.server.conftest import TestClient, create, make_settings, play_random


def _mine(client, tokens: list[str]) -> list[dict]:
    answer = client.get("/api/tables", params={"tokens": ",".join(tokens)})
    assert answer.status_code == 200, answer.text
    return answer.json()


def test_a_finished_table_lists_its_winners_and_ranking(tmp_path):
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        doc = create(client, game="gates", players=2, seed=8, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        table_id, token = doc["table_id"], doc["seats"][0]["token"]
        playing = _mine(client, [token])
        assert playing[0]["status"] == "playing" and playing[0]["result"] is None
        end = play_random(client, table_id, token, random.Random(8))
        result = end["view"]["result"]
        [row] = _mine(client, [token])
        assert row["status"] == "over" and row["seat"] == 0
        assert row["result"] == {"winners": result["winners"], "ranking": result["ranking"]}
    # stored with the table: a new server lists it from the store
    with Store(settings.database_url) as store:
        assert store.table(table_id)["result"]["winners"] == result["winners"]
    with TestClient(create_app(settings)) as client:
        assert _mine(client, [token])[0]["result"]["winners"] == result["winners"]


def test_a_table_finished_before_results_were_kept_gets_one_by_a_replay(tmp_path):
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        doc = create(client, game="gates", players=2, seed=9, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
        table_id, token = doc["table_id"], doc["seats"][0]["token"]
        winners = play_random(client, table_id, token, random.Random(9))["view"]["result"]["winners"]
    with Store(settings.database_url) as store:  # as a database of yesterday would hold it
        from sqlalchemy import update

        from cetate.server.storage.models import TableRow

        with store._write() as session:
            session.execute(update(TableRow).where(TableRow.id == table_id).values(result=None))
        assert store.table(table_id)["result"] is None
    with TestClient(create_app(settings)) as client:
        assert _mine(client, [token])[0]["result"]["winners"] == winners
    with Store(settings.database_url) as store:
        assert store.table(table_id)["result"]["winners"] == winners
