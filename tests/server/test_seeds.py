"""Seeds nobody at the table can know (docs/server.md, "Seeds"): a chosen seed only where one person plays
or none, 128-bit server seeds taken whole, a fresh seed for every table."""

from __future__ import annotations

import random

import pytest

from cetate import games
from cetate.core.rng import Rng
from cetate.server.app import create_app
from tests.server.conftest import TestClient, bearer, create, play_random


def post(client, **body):
    body.setdefault("game", "citadels")
    return client.post("/api/tables", json=body)


@pytest.mark.parametrize("kinds", [["human", "human"], ["hotseat", "hotseat"], ["human", "hotseat", "bot"]])
def test_a_chosen_seed_is_refused_where_several_people_play(client, kinds):
    tables = len(client.app.state.hub.tables)
    response = post(client, players=len(kinds), seats=[{"kind": k} for k in kinds], seed=12345)
    assert response.status_code == 422, response.text
    error = response.json()["error"]
    assert error["code"] == "seed_not_allowed" and error["field"] == "seed" and "seed" in error["message"]
    assert len(client.app.state.hub.tables) == tables  # nothing was made


@pytest.mark.parametrize("seats", [[{"kind": "human"}, {"kind": "bot"}], [{"kind": "bot"}, {"kind": "bot"}],
                                   [{"kind": "hotseat"}, {"kind": "bot", "level": "easy"}]])
def test_a_solo_or_bot_only_table_may_choose_its_seed_and_says_so(client, seats):
    response = post(client, game="gates", players=2, seats=seats, seed="my deal")
    assert response.status_code == 201, response.text
    doc = response.json()
    table = client.get(f"/api/tables/{doc['table_id']}").json()["table"]
    assert table["seed_chosen"] is True and "seed" not in table
    record = client.get(f"/api/tables/{doc['table_id']}/record").json()
    assert record["seed_chosen"] is True and "seed" not in record  # unfinished: no seed yet


def test_a_chosen_seed_is_checked(client):
    seats = [{"kind": "human"}, {"kind": "bot"}]
    for seed, code in (("", "bad_seed"), ("x" * 129, "bad_seed"), (2**300, "bad_seed")):
        response = post(client, players=2, seats=seats, seed=seed)
        assert response.status_code == 422 and response.json()["error"]["code"] == code, response.text
    assert post(client, players=2, seats=seats, seed=2**200).status_code == 201


def test_server_seeds_have_128_bits_and_every_table_gets_its_own(client):
    seats = [{"kind": "human"}, {"kind": "human"}]
    seeds = []
    for _ in range(12):
        doc = create(client, players=2, seats=seats)
        table = client.app.state.hub.tables[doc["table_id"]]
        assert table.seed_chosen is False
        seeds.append(table.seed)
    assert len(set(seeds)) == 12
    assert all(isinstance(s, int) and 0 <= s < 2**128 for s in seeds)
    assert max(s.bit_length() for s in seeds) > 120  # 12 draws all below 2**120: odds of 2**-96
    # the engines take the seed whole: the same low 64 bits with other high bits give another deal
    game = games.get("citadels")
    low = seeds[0] & (2**64 - 1)
    assert game.to_json(game.setup(2, low | (1 << 100), {})) != game.to_json(game.setup(2, low | (1 << 101), {}))
    assert game.setup(2, seeds[0], {}).rng != Rng.from_seed(low).fork()


def test_play_again_draws_a_fresh_seed(client):
    # "Play again" makes the same table anew without a seed (web/lobby.js playAgain): the deal is new
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    first = create(client, game="gates", players=2, seats=seats)
    again = create(client, game="gates", players=2, seats=seats)
    hub = client.app.state.hub
    assert hub.tables[first["table_id"]].seed != hub.tables[again["table_id"]].seed


def test_a_finished_game_shows_its_wide_seed_and_replays_after_a_restart(settings):
    seats = [{"kind": "human"}, {"kind": "bot", "level": "easy"}]
    with TestClient(create_app(settings)) as client:
        doc = create(client, game="gates", players=2, seats=seats)
        token = doc["host_token"]
        end = play_random(client, doc["table_id"], token, random.Random(3))
        assert end["table"]["status"] == "over"
        seed = end["table"]["seed"]
        assert isinstance(seed, int) and end["table"]["seed_chosen"] is False
        record = client.get(f"/api/tables/{doc['table_id']}/record", headers=bearer(token)).json()
        assert record["seed"] == seed
    with TestClient(create_app(settings)) as client:  # a new server process: the replay from the wide seed
        again = client.get(f"/api/tables/{doc['table_id']}", headers=bearer(token)).json()
        assert again["table"]["seed"] == seed and again["view"] == end["view"]
