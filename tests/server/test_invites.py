"""Seats that stay with their people: an invite link is spent when its person joins, the device that joined
gets the seat's own token, a spent link says so (and the table can still be watched), and the host may give
a seat a new link, which revokes the old one and the old device's token. Everything survives a restart."""

from __future__ import annotations

import pytest
from starlette.websockets import WebSocketDisconnect

from cetate import games as registry
from cetate.server.app import create_app
from cetate.server.tables import hash_token
from tests.server.conftest import (
    TestClient,
    bearer,
    create,
    human_to_move,
    make_settings,
    table_doc,
    wait_until,
)
from tests.server.test_ws import until

FRIENDS = [{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "bot"}]


def error_of(response, status: int) -> dict:
    assert response.status_code == status, response.text
    return response.json()["error"]


def friends(client) -> tuple[str, str, str]:
    """A table of Ana (the host, seat 0), a friend invited to seat 1 and a bot: its id, host token, invite."""
    doc = create(client, players=3, seed=4, seats=FRIENDS)
    return doc["table_id"], doc["host_token"], doc["seats"][1]["token"]


def join(client, table_id: str, token: str, name: str | None = None):
    return client.post(f"/api/tables/{table_id}/join", headers=bearer(token), json={"name": name} if name else {})


def reissue(client, table_id: str, seat: int, token: str | None):
    return client.post(f"/api/tables/{table_id}/seats/{seat}/invite", headers=bearer(token))


def play_until_seat_moved(client, table_id: str, tokens: dict[int, str], seat: int) -> None:
    """Play the first legal action for whichever person is to move, until `seat` has played once."""
    for _ in range(60):
        mover = human_to_move(client, table_id)
        assert mover is not None, "the game ended first"
        doc = table_doc(client, table_id, tokens[mover])
        played = client.post(f"/api/tables/{table_id}/actions", headers=bearer(tokens[mover]),
                             json={"action": doc["legal_actions"][0], "key": f"k{doc['table']['seq']}"})
        assert played.status_code == 200, played.text
        if mover == seat:
            return
    raise AssertionError(f"seat {seat} never moved")


def test_joining_spends_the_invite_and_gives_the_device_its_own_token(client):
    table_id, host, invite = friends(client)
    before = table_doc(client, table_id, invite)
    assert before["seat"] == 1 and before["invite"] is True and before["table"]["status"] == "waiting"
    assert "invite" not in table_doc(client, table_id, host)
    # an invite shows the table as its seat; playing with it needs the seat's own token
    assert error_of(client.post(f"/api/tables/{table_id}/chat", headers=bearer(invite), json={"text": "hi"}),
                    403)["code"] == "join_first"

    joined = join(client, table_id, invite, "Bo")
    assert joined.status_code == 200, joined.text
    answer = joined.json()
    own = answer["token"]
    assert own and own != invite and answer["seat"] == 1 and "invite" not in answer
    assert answer["table"]["status"] == "playing" and answer["table"]["seats"][1]["name"] == "Bo"
    doc = table_doc(client, table_id, own)
    assert doc["seat"] == 1 and doc["host"] is False and "invite" not in doc and "you" in doc["view"]

    # the link is spent: it answers so, and no longer holds the seat
    for response in (client.get(f"/api/tables/{table_id}", headers=bearer(invite)),
                     client.get(f"/api/tables/{table_id}", params={"token": invite}),
                     join(client, table_id, invite, "Eve")):
        error = error_of(response, 409)
        assert error["code"] == "invite_spent" and "taken" in error["message"] and "spectator" in error["message"]
    assert table_doc(client, table_id)["table"]["seats"][1]["name"] == "Bo"  # the second join changed nothing
    assert invite not in str(client.app.state.store.table(table_id))  # only hashes are stored

    # the device's token plays, chats, and joins again (a new name) without changing
    play_until_seat_moved(client, table_id, {0: host, 1: own}, 1)
    assert client.post(f"/api/tables/{table_id}/chat", headers=bearer(own), json={"text": "hi"}).status_code == 201
    again = join(client, table_id, own, "Bob")
    assert again.status_code == 200 and again.json()["token"] == own
    assert again.json()["table"]["seats"][1]["name"] == "Bob"


def test_the_websocket_takes_the_new_token_and_closes_on_a_spent_link(client):
    table_id, host, invite = friends(client)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={invite}") as ws:  # before joining: seat 1
        assert ws.receive_json()["seat"] == 1
    own = join(client, table_id, invite).json()["token"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={invite}") as ws:
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == "invite_spent" and "spectator" in error["message"]
        with pytest.raises(WebSocketDisconnect) as closed:
            ws.receive_json()
        assert closed.value.code == 4409
    with client.websocket_connect(f"/ws/tables/{table_id}?token={own}") as ws:
        sync = ws.receive_json()
        assert sync["type"] == "sync" and sync["seat"] == 1
        while human_to_move(client, table_id) == 0:  # Ana plays until it is the friend's turn
            play_until_seat_moved(client, table_id, {0: host}, 0)
        mine = table_doc(client, table_id, own)
        seq = mine["table"]["seq"]
        ws.send_json({"type": "act", "action": mine["legal_actions"][0], "key": "ws-1"})
        update = until(ws, lambda m: m["type"] == "update" and m["seq"] == seq + 1)
        assert update["last_action"] == {"seat": 1, "by_bot": False, "timeout": False}


def test_the_host_reissues_a_seat_link_mid_game(client):
    table_id, host, invite = friends(client)
    own = join(client, table_id, invite, "Bo").json()["token"]
    seq = table_doc(client, table_id)["table"]["seq"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={host}") as watcher, \
            client.websocket_connect(f"/ws/tables/{table_id}?token={own}") as old_device:
        assert old_device.receive_json()["seat"] == 1
        until(watcher, lambda m: m["type"] == "presence" and m["seats"][1]["connected"])
        fresh = reissue(client, table_id, 1, host)
        assert fresh.status_code == 200, fresh.text
        link = fresh.json()
        new_invite = link["token"]
        assert link["seat"] == 1 and new_invite not in (invite, own)
        assert link["invite_link"].endswith(f"#/t/{table_id}?seat=1&token={new_invite}")
        # the old device is told, then its socket closes; the seat shows as not connected
        error = until(old_device, lambda m: m["type"] == "error")
        assert error["code"] == "token_revoked" and error["message"]
        with pytest.raises(WebSocketDisconnect):
            until(old_device, lambda m: False)
        gone = until(watcher, lambda m: m["type"] == "presence")
        assert gone["seats"][1]["connected"] is False
    # the old device's token and the old link are both revoked, everywhere
    for token in (own, invite):
        error = error_of(client.get(f"/api/tables/{table_id}", headers=bearer(token)), 401)
        assert error["code"] == "token_revoked" and "new invite link" in error["message"]
        assert error_of(join(client, table_id, token), 401)["code"] == "token_revoked"
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            assert ws.receive_json()["code"] == "token_revoked"
            with pytest.raises(WebSocketDisconnect) as closed:
                ws.receive_json()
            assert closed.value.code == 4401
    assert client.get("/api/tables", params={"tokens": f"{own},{invite}"}).json() == []
    # the game went on untouched; the new link shows seat 1 and joins this new device
    table = table_doc(client, table_id, new_invite)
    assert table["seat"] == 1 and table["invite"] is True and table["table"]["status"] == "playing"
    assert table["table"]["seq"] >= seq and table["table"]["seats"][1]["joined"] is True
    newer = join(client, table_id, new_invite).json()["token"]
    assert table_doc(client, table_id, newer)["seat"] == 1
    assert error_of(client.get(f"/api/tables/{table_id}", headers=bearer(new_invite)), 409)["code"] == "invite_spent"
    play_until_seat_moved(client, table_id, {0: host, 1: newer}, 1)


def test_a_link_reissued_before_anyone_joined_replaces_the_first_one(client):
    table_id, host, invite = friends(client)
    fresh = reissue(client, table_id, 1, host).json()["token"]
    assert error_of(client.get(f"/api/tables/{table_id}", headers=bearer(invite)), 401)["code"] == "token_revoked"
    assert table_doc(client, table_id, host)["table"]["status"] == "waiting"
    own = join(client, table_id, fresh, "Bo").json()["token"]
    assert table_doc(client, table_id, own)["table"]["status"] == "playing"


def test_reissue_refusals(client):
    table_id, host, invite = friends(client)
    own = join(client, table_id, invite).json()["token"]
    assert error_of(reissue(client, table_id, 1, own), 403)["code"] == "not_host"
    assert error_of(reissue(client, table_id, 0, own), 403)["code"] == "not_host"
    assert error_of(reissue(client, table_id, 1, None), 401)["code"] == "missing_token"
    assert error_of(reissue(client, table_id, 7, host), 404)["code"] == "unknown_seat"
    bot = error_of(reissue(client, table_id, 2, host), 409)
    assert bot["code"] == "seat_not_invited" and "bot" in bot["message"]
    assert table_doc(client, table_id, own)["seat"] == 1  # nothing was revoked
    hotseat = create(client, players=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    error = error_of(reissue(client, hotseat["table_id"], 1, hotseat["host_token"]), 409)
    assert error["code"] == "seat_not_invited" and "hot seat" in error["message"]
    assert error_of(reissue(client, hotseat["table_id"], 0, hotseat["host_token"]), 409)["code"] == \
        "seat_not_invited"


def test_hotseat_tokens_never_spend(client):
    doc = create(client, players=2, seats=[{"kind": "hotseat", "name": "A"}, {"kind": "hotseat", "name": "B"}])
    table_id = doc["table_id"]
    tokens = [s["token"] for s in doc["seats"]]
    for _ in range(2):
        for seat, token in enumerate(tokens):
            answer = join(client, table_id, token)
            assert answer.status_code == 200 and answer.json()["token"] == token
            assert table_doc(client, table_id, token)["seat"] == seat
    rows = client.get("/api/tables", params={"tokens": ",".join(tokens)}).json()
    assert {(r["seat"], r["host"]) for r in rows} == {(0, True), (1, False)}


def test_a_link_to_the_hosts_own_seat_opens_it_on_another_device(client):
    table_id, host, invite = friends(client)
    join(client, table_id, invite)
    link = reissue(client, table_id, 0, host).json()["token"]
    seen = table_doc(client, table_id, link)
    assert seen["seat"] == 0 and seen["invite"] is True and seen["host"] is False
    phone = join(client, table_id, link).json()["token"]
    doc = table_doc(client, table_id, phone)
    assert doc["seat"] == 0 and doc["host"] is True
    assert table_doc(client, table_id, host)["seat"] == 0  # the first device keeps the seat
    rows = client.get("/api/tables", params={"tokens": phone}).json()
    assert [(r["seat"], r["host"]) for r in rows] == [(0, True)]
    # another link for the host's seat revokes the phone (and the link), never the host's own token
    reissue(client, table_id, 0, phone)
    assert error_of(client.get(f"/api/tables/{table_id}", headers=bearer(phone)), 401)["code"] == "token_revoked"
    assert error_of(client.get(f"/api/tables/{table_id}", headers=bearer(link)), 401)["code"] == "token_revoked"
    assert table_doc(client, table_id, host)["host"] is True


def test_your_tables_follow_the_credentials(client):
    table_id, host, invite = friends(client)
    rows = client.get("/api/tables", params={"tokens": invite}).json()  # a pending invite counts
    assert [(r["table_id"], r["seat"], r["host"]) for r in rows] == [(table_id, 1, False)]
    own = join(client, table_id, invite).json()["token"]
    assert client.get("/api/tables", params={"tokens": invite}).json() == []  # a spent one does not
    rows = client.get("/api/tables", params={"tokens": f"{own},{host}"}).json()
    assert {(r["table_id"], r["seat"], r["host"]) for r in rows} == {(table_id, 1, False), (table_id, 0, True)}


def test_everything_survives_a_restart(tmp_path):
    settings = make_settings(tmp_path)
    with TestClient(create_app(settings)) as client:
        doc = create(client, players=4, seed=4, seats=[*FRIENDS[:2], {"kind": "human"}, {"kind": "bot"}])
        table_id, host = doc["table_id"], doc["host_token"]
        first, second = doc["seats"][1]["token"], doc["seats"][2]["token"]
        own = join(client, table_id, first, "Bo").json()["token"]
        lost = join(client, table_id, second, "Cy").json()["token"]
        fresh = reissue(client, table_id, 2, host).json()["token"]
    with TestClient(create_app(settings)) as client:
        assert table_doc(client, table_id, own)["seat"] == 1
        assert error_of(client.get(f"/api/tables/{table_id}", headers=bearer(first)), 409)["code"] == "invite_spent"
        for token in (second, lost):
            assert error_of(client.get(f"/api/tables/{table_id}", headers=bearer(token)), 401)["code"] == \
                "token_revoked"
        assert table_doc(client, table_id, fresh)["invite"] is True
        rows = client.get("/api/tables", params={"tokens": f"{own},{fresh},{lost},{first}"}).json()
        assert sorted(r["seat"] for r in rows) == [1, 2]
        newer = join(client, table_id, fresh).json()["token"]
    with TestClient(create_app(settings)) as client:
        assert table_doc(client, table_id, newer)["seat"] == 2
        assert error_of(client.get(f"/api/tables/{table_id}", headers=bearer(fresh)), 409)["code"] == "invite_spent"
        assert table_doc(client, table_id, host)["table"]["status"] == "playing"


def test_a_table_made_before_invites_were_spent_keeps_its_tokens(tmp_path):
    """Its seats hold their tokens in `seats.token_hash`: each keeps working as that seat's token."""
    settings = make_settings(tmp_path)
    game = registry.get("citadels")
    with TestClient(create_app(settings)) as client:
        host, guest = "old-host-token", "old-guest-token"
        client.app.state.store.create_table(
            {"id": "old-table", "game": "citadels", "engine_version": game.engine_version, "players": 3,
             "options": game.options.validate({}), "seed": 4, "host_token_hash": hash_token(host)},
            [{"seat": 0, "kind": "human", "name": "Ana", "token_hash": hash_token(host), "joined": True},
             {"seat": 1, "kind": "human", "token_hash": hash_token(guest)},
             {"seat": 2, "kind": "bot", "bot": "random", "level": "easy", "joined": True}])
    with TestClient(create_app(settings)) as client:
        seen = table_doc(client, "old-table", guest)
        assert seen["seat"] == 1 and "invite" not in seen
        joined = join(client, "old-table", guest, "Bo")
        assert joined.status_code == 200 and joined.json()["token"] == guest
        wait_until(lambda: table_doc(client, "old-table")["table"]["status"] == "playing", what="the start")
        assert table_doc(client, "old-table", guest)["seat"] == 1
        assert [r["seat"] for r in client.get("/api/tables", params={"tokens": guest}).json()] == [1]
        fresh = reissue(client, "old-table", 1, host).json()["token"]
        assert error_of(client.get("/api/tables/old-table", headers=bearer(guest)), 401)["code"] == "token_revoked"
        assert table_doc(client, "old-table", fresh)["seat"] == 1
    with TestClient(create_app(settings)) as client:
        assert error_of(client.get("/api/tables/old-table", headers=bearer(guest)), 401)["code"] == "token_revoked"
        assert table_doc(client, "old-table", host)["seat"] == 0


def test_an_unused_invite_may_watch_but_not_play_or_chat_over_the_socket(client):
    table_id, _host, invite = friends(client)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={invite}") as ws:
        sync = ws.receive_json()
        assert sync["type"] == "sync" and sync["seat"] == 1
        ws.send_json({"type": "say", "text": "hello"})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "join_first"
        ws.send_json({"type": "act", "action": {"type": "end_turn"}, "key": "x"})
        assert until(ws, lambda m: m["type"] == "error")["code"] == "join_first"
    assert client.app.state.store.chat(table_id, 10) == []


def test_a_credential_revoked_while_its_socket_is_open_cannot_play(client):
    # the socket is closed when its link is replaced; a move that races that close is refused under the lock
    table_id, host, invite = friends(client)
    device = join(client, table_id, invite).json()["token"]
    hub = client.app.state.hub
    table = hub.tables[table_id]
    auth = hub.authenticate(table, device)
    hub.check_playing(table, auth)  # holds the seat now
    assert reissue(client, table_id, 1, host).status_code == 200
    with pytest.raises(Exception) as info:
        hub.check_playing(table, auth)
    assert getattr(info.value, "code", None) == "token_revoked"
