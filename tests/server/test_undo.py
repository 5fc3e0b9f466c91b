"""Taking a move back: at a table against bots (or on one device) without a clock, a person may take back
their own last move while it is the last one played, if it showed nobody anything hidden. The table then
is exactly as before the move, in memory, in the store and after a restart; everything else is refused
with a clear error and changes nothing."""

from __future__ import annotations

from cetate.server.app import create_app
from tests.server.conftest import TestClient, bearer, create, human_vs_bots, make_settings, my_turn, table_doc

SAME = ("view", "legal_actions", "journal")


def _undo(client, table_id: str, token: str | None):
    return client.post(f"/api/tables/{table_id}/undo", headers=bearer(token))


def _act(client, table_id: str, token: str, action: dict, key: str | None = None):
    answer = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                         json={"action": action, **({"key": key} if key else {})})
    assert answer.status_code == 200, answer.text
    return answer


def _error(answer) -> tuple[int, str]:
    return answer.status_code, answer.json()["error"]["code"]


def _solo(client, seed: int = 5) -> tuple[str, str]:
    doc = create(client, game="akropolis", players=1, seed=seed, options={"architect": "callicrates"},
                 seats=[{"kind": "human", "name": "Ana"}])
    return doc["table_id"], doc["seats"][0]["token"]


def test_a_tile_taken_and_placed_can_be_taken_back_step_by_step(client):
    table_id, token = _solo(client)
    start = my_turn(client, table_id, token)
    assert start["table"]["undo"] is None  # nothing played yet
    take = start["legal_actions"][-1]
    _act(client, table_id, token, take, key="take-1")
    placing = table_doc(client, table_id, token)
    assert placing["table"]["undo"] == 0
    place = placing["legal_actions"][0]
    _act(client, table_id, token, place)
    placed = my_turn(client, table_id, token)  # the Architect has taken his tile (no refill yet)
    assert placed["table"]["undo"] == 0

    back = _undo(client, table_id, token)
    assert back.status_code == 200, back.text
    assert all(back.json()[k] == placing[k] for k in SAME)
    assert back.json()["table"]["seq"] == placing["table"]["seq"] and back.json()["table"]["undo"] == 0
    again = _undo(client, table_id, token)
    assert again.status_code == 200, again.text
    assert all(again.json()[k] == start[k] for k in SAME)
    assert again.json()["table"]["seq"] == 0 and again.json()["table"]["undo"] is None
    assert _error(_undo(client, table_id, token)) == (409, "nothing_to_undo")
    # the key of a move taken back cannot bring it back by a retry
    retry = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                        json={"action": take, "key": "take-1"})
    assert _error(retry) == (409, "taken_back")
    # and the game goes on from there
    _act(client, table_id, token, start["legal_actions"][0], key="take-2")
    assert table_doc(client, table_id, token)["table"]["seq"] == 1


def test_a_move_that_reveals_new_tiles_stands(client):
    table_id, token = _solo(client)
    # the human opens the round and ends it: the placement of the round's second tile refills the site
    for _ in range(2):
        doc = my_turn(client, table_id, token)
        _act(client, table_id, token, doc["legal_actions"][0])
        doc = my_turn(client, table_id, token)
        _act(client, table_id, token, doc["legal_actions"][0])
    doc = my_turn(client, table_id, token)
    assert doc["view"]["round"] == 2, doc["view"]["round"]
    assert doc["table"]["undo"] is None
    assert _error(_undo(client, table_id, token)) == (409, "undo_reveals")
    assert table_doc(client, table_id, token)["table"]["seq"] == doc["table"]["seq"]


def test_citadels_gold_can_be_taken_back_but_drawn_cards_cannot(client):
    doc = human_vs_bots(client, players=3, seed=21)
    table_id, token = doc["table_id"], doc["seats"][0]["token"]
    while True:
        turn = my_turn(client, table_id, token)
        types = {a["type"] for a in turn["legal_actions"]}
        if "take_gold" in types:
            break
        _act(client, table_id, token, turn["legal_actions"][0])  # the draft: pick a character
    gold = turn["view"]["players"][0]["gold"]
    _act(client, table_id, token, {"type": "take_gold"})
    assert table_doc(client, table_id, token)["view"]["players"][0]["gold"] == gold + 2
    back = _undo(client, table_id, token).json()
    assert back["view"] == turn["view"] and back["legal_actions"] == turn["legal_actions"]
    draw = next(a for a in turn["legal_actions"] if a["type"] == "draw_cards")
    _act(client, table_id, token, draw)
    assert table_doc(client, table_id, token)["table"]["undo"] is None
    assert _error(_undo(client, table_id, token)) == (409, "undo_reveals")


def test_undo_is_refused_where_it_is_not_offered(client):
    bots_only = create(client, game="gates", players=2, seed=1, seats=[{"kind": "bot"}, {"kind": "bot"}])
    assert _error(_undo(client, bots_only["table_id"], bots_only["host_token"])) == (403, "no_seat")
    assert _error(_undo(client, bots_only["table_id"], None)) == (401, "missing_token")
    clocked = create(client, game="gates", players=2, seed=2, clock={"initial_s": 600, "increment_s": 0},
                     seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    assert _error(_undo(client, clocked["table_id"], clocked["seats"][0]["token"])) == (403, "undo_off")
    friends = create(client, game="gates", players=2, seed=3, seats=[{"kind": "human"}, {"kind": "human"}])
    for seat in (0, 1):
        client.post(f"/api/tables/{friends['table_id']}/join", headers=bearer(friends["seats"][seat]["token"]),
                    json={})
    assert _error(_undo(client, friends["table_id"], friends["seats"][0]["token"])) == (403, "undo_off")


def test_on_one_device_a_move_is_taken_back_only_by_its_player(client):
    doc = create(client, game="gates", players=2, seed=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    table_id = doc["table_id"]
    tokens = [s["token"] for s in doc["seats"]]
    first = table_doc(client, table_id)["table"]["to_move"]
    before = table_doc(client, table_id, tokens[first])
    _act(client, table_id, tokens[first], before["legal_actions"][0])  # the shuffle: chance, so it stands
    assert _error(_undo(client, table_id, tokens[first])) == (409, "undo_reveals")
    mover = table_doc(client, table_id)["table"]["to_move"]
    draft = table_doc(client, table_id, tokens[mover])
    _act(client, table_id, tokens[mover], draft["legal_actions"][0])  # a pair of the draft: public
    other = 1 - mover
    assert _error(_undo(client, table_id, tokens[other])) == (409, "nothing_to_undo")
    assert _undo(client, table_id, tokens[mover]).status_code == 200
    assert table_doc(client, table_id, tokens[mover])["view"] == draft["view"]


def test_a_move_taken_back_stays_taken_back_after_a_restart(tmp_path):
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        table_id, token = _solo(client)
        start = my_turn(client, table_id, token)
        _act(client, table_id, token, start["legal_actions"][-1])
        _act(client, table_id, token, table_doc(client, table_id, token)["legal_actions"][0])
        assert _undo(client, table_id, token).status_code == 200
        expected = table_doc(client, table_id, token)
    with TestClient(create_app(settings)) as client:
        doc = table_doc(client, table_id, token)
        assert all(doc[k] == expected[k] for k in SAME)
        assert doc["table"]["seq"] == 1 and doc["table"]["undo"] == 0  # worked out again on loading
        assert _undo(client, table_id, token).status_code == 200
        assert table_doc(client, table_id, token)["view"] == start["view"]

