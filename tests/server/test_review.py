"""A finished game compared with the easy bot: for each move a person made, what the game's bot would have
played there from that person's view; refused with a clear error before the end, for a bot's seat or a
seat that does not exist."""

from __future__ import annotations

import random

from cetate import games
from tests.server.conftest import create, play_random, table_doc


def _review(client, table_id: str, seat):
    return client.get(f"/api/tables/{table_id}/review", params={"seat": seat})


def test_each_move_of_the_person_gets_the_bots_choice(client):
    doc = create(client, game="gates", players=2, seed=14, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    assert _review(client, table_id, 0).json()["error"]["code"] == "not_finished"
    play_random(client, table_id, token, random.Random(14))
    answer = _review(client, table_id, 0)
    assert answer.status_code == 200, answer.text
    review = answer.json()
    replay = client.get(f"/api/tables/{table_id}/replay", params={"seat": 0}).json()
    mine = [s for s in replay["steps"] if s["seat"] == 0 and not s["by_bot"]]
    assert review["bot"] == "gates-heuristic" and review["moves"] == len(mine) == len(review["steps"]) > 5
    # every suggestion is a legal move of that moment, and `same` says whether it is the move played
    game = games.get("gates")
    state = game.setup(2, 14, {})
    by_seq = {s["seq"]: s for s in review["steps"]}
    differ = 0
    for step in replay["steps"][1:]:
        if step["seq"] in by_seq:
            entry = by_seq[step["seq"]]
            assert entry["suggested"] in game.legal_actions(state)
            assert entry["same"] == (entry["suggested"] == step["action"])
            differ += not entry["same"]
        game.apply(state, step["action"])
    assert differ > 0  # random moves and the bot part ways somewhere
    assert _review(client, table_id, 0).json() == review  # kept: the same answer again
    assert table_doc(client, table_id)["table"]["status"] == "over"


def test_a_bots_seat_or_no_seat_is_refused(client):
    doc = create(client, game="gates", players=2, seed=15, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    play_random(client, doc["table_id"], doc["seats"][0]["token"], random.Random(15))
    for seat, status, code in [(1, 409, "seat_is_bot"), (5, 404, "unknown_seat")]:
        answer = _review(client, doc["table_id"], seat)
        assert answer.status_code == status and answer.json()["error"]["code"] == code, answer.text
    assert _review(client, doc["table_id"], "x").status_code in (400, 422)
