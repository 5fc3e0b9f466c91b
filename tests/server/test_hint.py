"""Hints: at a table against bots (or on one device) a player may ask what the game's easy bot would play
for their seat. The answer comes from the seat's view only, changes nothing at the table, and is refused
with a clear error where it makes no sense (spectators, not your turn, the game over) or would be unfair
(two invited players)."""

from __future__ import annotations

import random

from cetate.bots import bot_seed
from cetate.server.bots import level_bot, suggest
from tests.server.conftest import bearer, create, human_vs_bots, my_turn, play_random, table_doc


def _hint(client, table_id: str, token: str | None):
    return client.post(f"/api/tables/{table_id}/hint", headers=bearer(token))


def _error(answer) -> str:
    return answer.json()["error"]["code"]


def test_a_hint_is_the_easy_bots_move_from_the_seats_view_and_changes_nothing(client):
    doc = human_vs_bots(client, players=4, seed=11)
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    before = my_turn(client, table_id, token)
    assert before["table"]["hints"] is True
    answer = _hint(client, table_id, token)
    assert answer.status_code == 200, answer.text
    hint = answer.json()
    bot = level_bot("citadels", "easy")
    seq = before["table"]["seq"]
    assert hint["bot"] == bot == "citadels-heuristic"
    assert hint["seq"] == seq
    assert hint["action"] in before["legal_actions"]
    # the same bot, given the same view and legal moves (and nothing else), makes the same choice
    expected = suggest("citadels", bot, 0, f"{bot_seed(11, 0)}/{seq}/hint", before["view"],
                       before["legal_actions"])
    assert hint["action"] == expected["action"]
    # nothing was played, nothing was written; asking again gives the same answer
    after = table_doc(client, table_id, token)
    assert after["table"]["seq"] == seq and after["journal"] == before["journal"]
    assert after["view"] == before["view"]
    assert _hint(client, table_id, token).json() == hint
    # and the hint can be played
    played = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token), json={"action": hint["action"]})
    assert played.status_code == 200, played.text


def test_an_akropolis_hint_says_where_the_tile_it_takes_would_go(client):
    doc = create(client, game="akropolis", players=1, seed=5, options={"architect": "callicrates"},
                 seats=[{"kind": "human", "name": "Ana"}])
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    state = my_turn(client, table_id, token)
    assert state["view"]["phase"] == "take"
    hint = _hint(client, table_id, token).json()
    assert hint["action"]["type"] == "take" and hint["action"] in state["legal_actions"]
    assert len(hint["then"]) == 1 and hint["then"][0]["type"] == "place"
    took = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token), json={"action": hint["action"]})
    assert took.status_code == 200, took.text
    placing = my_turn(client, table_id, token)
    assert placing["view"]["phase"] == "place"
    placed = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token), json={"action": hint["then"][0]})
    assert placed.status_code == 200, placed.text
    # a hint at the placement itself is a legal placement too
    doc2 = my_turn(client, table_id, token)
    if doc2["view"]["phase"] == "take":
        assert _hint(client, table_id, token).json()["action"] in doc2["legal_actions"]


def test_hints_are_refused_where_they_make_no_sense(client):
    # a spectator, or the host's token when the host holds no seat
    bots_only = create(client, game="gates", players=2, seed=1, seats=[{"kind": "bot"}, {"kind": "bot"}])
    for token, status, code in [(None, 401, "missing_token"), ("nope", 401, "bad_token"),
                                (bots_only["host_token"], 403, "no_seat")]:
        answer = _hint(client, bots_only["table_id"], token)
        assert answer.status_code == status and _error(answer) == code, answer.text
    # the seat that is not to move, on a device shared by two players
    hotseat = create(client, game="gates", players=2, seed=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    doc = table_doc(client, hotseat["table_id"])
    waiting = 1 - doc["table"]["to_move"]
    answer = _hint(client, hotseat["table_id"], hotseat["seats"][waiting]["token"])
    assert answer.status_code == 409 and _error(answer) == "not_your_turn"
    assert _hint(client, hotseat["table_id"], hotseat["seats"][1 - waiting]["token"]).status_code == 200


def test_no_hints_at_a_table_of_invited_friends(client):
    doc = create(client, game="gates", players=2, seed=3, seats=[{"kind": "human"}, {"kind": "human"}])
    table_id = doc["table_id"]
    tokens = [client.post(f"/api/tables/{table_id}/join", headers=bearer(doc["seats"][seat]["token"]),
                          json={}).json()["token"] for seat in (0, 1)]  # an invite is spent: the seat's own token
    summary = table_doc(client, table_id)["table"]
    assert summary["status"] == "playing" and summary["hints"] is False
    mover = summary["to_move"]
    answer = _hint(client, table_id, tokens[mover])
    assert answer.status_code == 403 and _error(answer) == "hints_off"
    assert table_doc(client, table_id)["table"]["seq"] == summary["seq"]


def test_no_hint_once_the_game_is_over(client):
    doc = create(client, game="gates", players=2, seed=4, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    end = play_random(client, table_id, token, random.Random(4))
    assert end["table"]["status"] == "over"
    answer = _hint(client, table_id, token)
    assert answer.status_code == 409 and _error(answer) == "game_over"


def test_a_bot_that_fails_gives_a_clear_error_and_the_next_request_tries_again(client, monkeypatch):
    doc = human_vs_bots(client, players=3, seed=12)
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    before = my_turn(client, table_id, token)
    pool = client.app.state.hub.pool
    real = pool.suggest

    async def broken(*args, **kwargs):
        raise RuntimeError("the worker died")

    monkeypatch.setattr(pool, "suggest", broken)
    answer = _hint(client, table_id, token)
    assert answer.status_code == 503 and _error(answer) == "no_hint"
    assert "worker" not in answer.text  # the reason stays in the server's log
    monkeypatch.setattr(pool, "suggest", real)
    again = _hint(client, table_id, token)
    assert again.status_code == 200 and again.json()["action"] in before["legal_actions"]
    assert table_doc(client, table_id, token)["table"]["seq"] == before["table"]["seq"]


def test_a_game_with_no_bot_of_its_own_offers_no_hint(client, monkeypatch):
    monkeypatch.setattr("cetate.server.tables.level_bot", lambda game, level: "random")  # a random move is no advice
    doc = human_vs_bots(client, players=3, seed=13)
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    state = my_turn(client, table_id, token)
    assert state["table"]["hints"] is False
    answer = _hint(client, table_id, token)
    assert answer.status_code == 403 and _error(answer) == "hints_off"
