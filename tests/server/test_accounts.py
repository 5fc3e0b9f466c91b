"""Accounts (cetate.server.accounts, docs/accounts.md) through the HTTP API, on SQLite and PostgreSQL: sign up,
sign in and out, CSRF, sessions, password changes, deleting and exporting an account, and claiming a guest's
tables. Every refusal says what was wrong and changes nothing."""

from __future__ import annotations

import json
import warnings
from datetime import UTC, datetime, timedelta

import pytest
from sqlalchemy import update

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cetate.server.accounts import CSRF_COOKIE, SESSION_COOKIE, csrf_of, name_key
from cetate.server.app import create_app
from cetate.server.storage.models import SessionRow, UserRow
from tests.server.conftest import bearer, create, make_settings, wait_until
from tests.server.test_storage import db_url, pg_admin  # noqa: F401  (fixtures: both backends)

PASSWORD = "a long pass phrase"


@pytest.fixture
def app_client(db_url, tmp_path):  # noqa: F811
    with TestClient(create_app(make_settings(tmp_path, database_url=db_url))) as c:
        yield c


@pytest.fixture
def client(tmp_path):
    with TestClient(create_app(make_settings(tmp_path))) as c:
        yield c


def csrf(c: TestClient) -> dict:
    return {"X-CSRF-Token": c.get("/api/account").json()["csrf"]}


def sign_up(c: TestClient, name: str = "Ana", password: str = PASSWORD, **body) -> dict:
    response = c.post("/api/account/signup", json={"name": name, "password": password, **body}, headers=csrf(c))
    assert response.status_code == 201, response.text
    return response.json()


def user_count(c: TestClient) -> int:
    with c.app.state.store._read() as session:
        return session.query(UserRow).count()


def test_sign_up_then_in_and_out_on_both_backends(app_client):
    c = app_client
    assert c.get("/api/account").json()["user"] is None
    made = sign_up(c, "Ana", languages=["ro", "en"], display_name="Ana M.")
    assert made["user"]["name"] == "Ana" and made["user"]["display_name"] == "Ana M."
    assert made["user"]["languages"] == ["ro", "en"]
    assert c.cookies.get(SESSION_COOKIE) and c.cookies.get(CSRF_COOKIE) == made["csrf"]
    me = c.get("/api/account").json()
    assert me["user"]["id"] == made["user"]["id"] and me["csrf"] == made["csrf"]
    assert "password" not in json.dumps(me) and "hash" not in json.dumps(me)

    out = c.post("/api/account/signout", headers={"X-CSRF-Token": made["csrf"]})
    assert out.status_code == 200 and c.get("/api/account").json()["user"] is None
    wrong = c.post("/api/account/signin", json={"name": "ana", "password": "not the one"}, headers=csrf(c))
    assert wrong.status_code == 401 and wrong.json()["error"]["code"] == "bad_credentials"
    back = c.post("/api/account/signin", json={"name": "ANA", "password": PASSWORD}, headers=csrf(c))
    assert back.status_code == 200 and back.json()["user"]["id"] == made["user"]["id"]


def test_names_and_passwords_are_checked_and_a_refusal_writes_nothing(client):
    cases = [({"name": "a"}, "bad_user_name"), ({"name": "-ana"}, "bad_user_name"),
             ({"name": "a b c"}, "bad_user_name"), ({"password": "short"}, "weak_password"),
             ({"name": "Maria", "password": "maria"}, "weak_password"),
             ({"languages": ["xx"]}, "bad_language"), ({"display_name": "x" * 41}, "bad_display_name")]
    for change, code in cases:
        body = {"name": "Maria", "password": PASSWORD, **change}
        response = client.post("/api/account/signup", json=body, headers=csrf(client))
        assert response.status_code == 422 and response.json()["error"]["code"] == code, (change, response.text)
    assert user_count(client) == 0
    sign_up(client, "Ștefan")  # letters of any script
    taken = client.post("/api/account/signup", json={"name": "ȘTEFAN", "password": PASSWORD}, headers=csrf(client))
    assert taken.status_code == 409 and taken.json()["error"] == {
        "code": "name_taken", "message": "the user name 'ȘTEFAN' is taken: choose another", "field": "name"}
    assert user_count(client) == 1
    assert name_key("Ștefan") == name_key("ȘTEFAN")


def test_an_unknown_name_and_a_wrong_password_get_the_same_answer(client):
    sign_up(client, "Ana")
    client.post("/api/account/signout", headers=csrf(client))
    unknown = client.post("/api/account/signin", json={"name": "Nobody", "password": PASSWORD}, headers=csrf(client))
    wrong = client.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD + "!"}, headers=csrf(client))
    assert unknown.status_code == wrong.status_code == 401
    assert unknown.json() == wrong.json()


def test_csrf_is_needed_and_bound_to_the_session(client):
    made = sign_up(client, "Ana")
    for headers in ({}, {"X-CSRF-Token": "forged"}, {"X-CSRF-Token": csrf_of("another session")}):
        response = client.post("/api/account/signout-everywhere", headers=headers)
        assert response.status_code == 403 and response.json()["error"]["code"] == "csrf_failed"
    assert client.get("/api/account").json()["user"]["name"] == "Ana"  # still signed in
    guest = TestClient(client.app)
    refused = guest.post("/api/account/signup", json={"name": "Bob", "password": PASSWORD})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "csrf_failed"
    assert user_count(client) == 1
    assert made["csrf"] == csrf_of(client.cookies[SESSION_COOKIE])


def test_a_forged_or_expired_session_is_no_one(client):
    sign_up(client, "Ana")
    forged = TestClient(client.app, cookies={SESSION_COOKIE: "made-up-session"})
    assert forged.get("/api/account").json()["user"] is None
    response = forged.post("/api/account/signout-everywhere", headers={"X-CSRF-Token": csrf_of("made-up-session")})
    assert response.status_code == 401 and response.json()["error"]["code"] == "session_expired"
    with client.app.state.store._write() as session:
        session.execute(update(SessionRow).values(expires_at=datetime.now(UTC) - timedelta(seconds=1)))
    assert client.get("/api/account").json()["user"] is None
    response = client.get("/api/account/export")
    assert response.status_code == 401 and response.json()["error"]["code"] == "not_signed_in"


def test_sign_in_is_rate_limited(tmp_path):
    with TestClient(create_app(make_settings(tmp_path, rate_signin_per_min=3))) as c:
        headers = csrf(c)
        codes = [c.post("/api/account/signin", json={"name": "Ana", "password": "guess" + str(i) * 8},
                        headers=headers).status_code for i in range(5)]
    assert codes[:3] == [401, 401, 401] and codes[3:] == [429, 429]


def test_sign_out_everywhere_and_a_new_password_end_the_other_sessions(client):
    sign_up(client, "Ana")
    phone = TestClient(client.app)
    assert phone.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD},
                      headers=csrf(phone)).status_code == 200
    assert phone.get("/api/account").json()["user"]["name"] == "Ana"

    wrong = client.post("/api/account/password", json={"current": "nope nope nope", "new": "another phrase"},
                        headers=csrf(client))
    assert wrong.status_code == 403 and wrong.json()["error"]["code"] == "wrong_password"
    assert phone.get("/api/account").json()["user"] is not None
    weak = client.post("/api/account/password", json={"current": PASSWORD, "new": "short"}, headers=csrf(client))
    assert weak.status_code == 422 and weak.json()["error"]["field"] == "new"
    changed = client.post("/api/account/password", json={"current": PASSWORD, "new": "another phrase"},
                          headers=csrf(client))
    assert changed.status_code == 200
    assert client.get("/api/account").json()["user"]["name"] == "Ana"  # this browser stays in
    assert phone.get("/api/account").json()["user"] is None  # the other is out
    assert phone.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD},
                      headers=csrf(phone)).status_code == 401
    assert phone.post("/api/account/signin", json={"name": "Ana", "password": "another phrase"},
                      headers=csrf(phone)).status_code == 200

    everywhere = client.post("/api/account/signout-everywhere", headers=csrf(client))
    assert everywhere.status_code == 200 and everywhere.json()["ended"] == 2
    assert client.get("/api/account").json()["user"] is None and phone.get("/api/account").json()["user"] is None


def test_a_guest_claims_their_tables_at_sign_up_but_not_invites_sent_to_others(app_client):
    c = app_client
    mine = create(c, players=2, seats=[{"kind": "human", "name": "Ana"}, {"kind": "bot"}], seed=3)
    hosted = create(c, players=3, seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "bot"}])
    tokens = [mine["seats"][0]["token"], hosted["seats"][0]["token"], hosted["seats"][1]["token"], "junk"]
    made = sign_up(c, "Ana", claim=tokens)
    assert sorted((x["table_id"], x["seat"]) for x in made["claimed"]) == sorted(
        [(mine["table_id"], 0), (hosted["table_id"], 0)])
    seats = c.get("/api/account/tables").json()["seats"]
    assert {(s["table_id"], s["seat"], s["game"]) for s in seats} == {
        (mine["table_id"], 0, "citadels"), (hosted["table_id"], 0, "citadels")}

    other = TestClient(c.app)
    sign_up(other, "Bob")
    stolen = other.post("/api/account/claim", json={"tokens": [mine["seats"][0]["token"]]}, headers=csrf(other))
    assert stolen.status_code == 200 and stolen.json() == {
        "claimed": [], "taken": [{"table_id": mine["table_id"], "seat": 0}]}
    assert other.get("/api/account/tables").json()["seats"] == []


def test_export_holds_the_account_and_no_secret(client):
    table = create(client, players=2, seats=[{"kind": "human", "name": "Ana"}, {"kind": "bot"}], seed=1)
    sign_up(client, "Ana", claim=[table["seats"][0]["token"]])
    response = client.get("/api/account/export")
    assert response.status_code == 200 and "attachment" in response.headers["content-disposition"]
    doc = response.json()
    assert doc["format"] == "cetate-account-export" and doc["account"]["name"] == "Ana"
    assert [s["table_id"] for s in doc["seats"]] == [table["table_id"]] and len(doc["sessions"]) == 1
    text = json.dumps(doc)
    assert "argon2" not in text and client.cookies[SESSION_COOKIE] not in text
    assert table["seats"][0]["token"] not in text


def test_deleting_an_account_keeps_its_games_anonymised(app_client):
    c = app_client
    table = create(c, players=2, seats=[{"kind": "human", "name": "Ana"}, {"kind": "bot"}], seed=2)
    sign_up(c, "Ana", claim=[table["seats"][0]["token"]])
    refused = c.post("/api/account/delete", json={"password": "not it at all"}, headers=csrf(c))
    assert refused.status_code == 403 and c.get("/api/account").json()["user"]["name"] == "Ana"
    gone = c.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(c))
    assert gone.status_code == 200 and gone.json()["deleted"] is True
    assert c.get("/api/account").json()["user"] is None
    doc = c.get(f"/api/tables/{table['table_id']}", headers=bearer(table["seats"][0]["token"]))
    assert doc.status_code == 200  # the game is still there
    with c.app.state.store._read() as session:
        row = session.query(UserRow).one()
        assert row.deleted_at is not None and row.name is None and row.password_hash is None
        assert session.query(SessionRow).count() == 0
    assert c.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD},
                  headers=csrf(c)).status_code == 401
    sign_up(c, "Ana")  # the name is free again


def test_malformed_bodies_are_refused_plainly(client):
    headers = csrf(client)
    for body in ({"name": "Ana"}, {"name": 5, "password": PASSWORD}, {"name": "Ana", "password": PASSWORD, "x": 1}):
        response = client.post("/api/account/signup", json=body, headers=headers)
        assert response.status_code == 400 and response.json()["error"]["code"] in ("bad_request", "unknown_field")
    response = client.post("/api/account/signup", content=b"{not json", headers={**headers,
                                                                              "content-type": "application/json"})
    assert response.status_code == 400 and response.json()["error"]["code"] == "malformed_json"
    assert user_count(client) == 0


# -- ratings ------------------------------------------------------------------------------------------

def rated_table(c: TestClient, game: str = "gates", seats: list | None = None, **body) -> tuple[dict, str]:
    seats = seats or [{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy"}]
    response = c.post("/api/tables", json={"game": game, "players": len(seats), "seats": seats, "rated": True,
                                            **body}, headers=csrf(c))
    assert response.status_code == 201, response.text
    doc = response.json()
    return doc, doc["seats"][0]["token"]


def play_out(c: TestClient, table_id: str, token: str) -> dict:
    import random

    from tests.server.conftest import play_random

    return play_random(c, table_id, token, random.Random(5))


def test_a_rated_game_against_a_bot_moves_both_ratings_once(app_client):
    c = app_client
    me = sign_up(c, "Ana")["user"]
    doc, token = rated_table(c)
    assert c.post(f"/api/tables/{doc['table_id']}/hint", headers=bearer(token)).status_code in (403, 409)
    end = play_out(c, doc["table_id"], token)
    assert end["table"]["status"] == "over"
    # the last move may be the bot's, written just after the table shows the end
    board = wait_until(lambda: c.get("/api/ratings/gates").json()["ratings"], what="the ratings")
    assert {(r["kind"], r.get("name") or r.get("bot")) for r in board} == {("user", "Ana"), ("bot", "gates-heuristic")}
    assert all(r["games"] == 1 and r["sigma"] < 8.34 for r in board)
    winner = board[0]
    assert winner["rank"] == 1 and winner["ordinal"] > board[1]["ordinal"]
    profile = c.get("/api/users/ana").json()
    assert profile["name"] == "Ana" and profile["games"][0]["played"] == 1
    assert len(profile["games"][0]["history"]) == 1 and profile["recent"][0]["rated"] is True
    # the end seen again (a restarted server replays it) counts once
    store = c.app.state.store
    assert store.set_status(doc["table_id"], "over", store.table(doc["table_id"])["result"]) == []
    assert [r["games"] for r in c.get("/api/ratings/gates").json()["ratings"]] == [1, 1]
    assert me["id"] not in json.dumps(board)  # people are shown by name, not by id


def test_rated_tables_need_accounts_and_no_hot_seats_or_chosen_seed(client):
    guest = client.post("/api/tables", json={"game": "gates", "players": 2, "rated": True,
                                             "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert guest.status_code == 401 and guest.json()["error"]["code"] == "sign_in_to_rate"
    sign_up(client, "Ana")
    no_csrf = client.post("/api/tables", json={"game": "gates", "players": 2, "rated": True,
                                               "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert no_csrf.status_code == 403 and no_csrf.json()["error"]["code"] == "csrf_failed"
    for body, code in (({"seats": [{"kind": "hotseat"}, {"kind": "hotseat"}]}, "rated_hotseat"),
                       ({"seats": [{"kind": "human"}, {"kind": "bot"}], "seed": 4}, "rated_seed")):
        response = client.post("/api/tables", json={"game": "gates", "players": 2, "rated": True, **body},
                               headers=csrf(client))
        assert response.status_code == 422 and response.json()["error"]["code"] == code
    with client.app.state.store._read() as session:
        from cetate.server.storage.models import TableRow
        assert session.query(TableRow).count() == 0


def test_a_rated_table_seats_only_signed_in_people(client):
    sign_up(client, "Ana")
    doc, _ = rated_table(client, seats=[{"kind": "human", "name": "Ana"}, {"kind": "human"}])
    invite = doc["seats"][1]["token"]
    guest = TestClient(client.app)
    refused = guest.post(f"/api/tables/{doc['table_id']}/join", headers=bearer(invite), json={"name": "Bo"})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "sign_in_to_join"
    sign_up(guest, "Bo")
    joined = guest.post(f"/api/tables/{doc['table_id']}/join", headers=bearer(invite), json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    assert [s["seat"] for s in guest.get("/api/account/tables").json()["seats"]] == [1]
    assert [s["seat"] for s in client.get("/api/account/tables").json()["seats"]] == [0]


def test_unknown_games_and_players_are_plain_404s(client):
    assert client.get("/api/ratings/chess").json()["error"]["code"] == "unknown_game"
    assert client.get("/api/users/nobody").json()["error"]["code"] == "unknown_user"
    assert client.get("/api/ratings/gates").json() == {"game": "gates", "ratings": []}


# -- the public lobby ----------------------------------------------------------------------------------

def test_a_public_table_is_listed_and_one_click_seats_a_stranger(app_client):
    c = app_client
    sign_up(c, "Ana")
    seats = [{"kind": "human", "name": "Ana"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]
    made = c.post("/api/tables", json={"game": "citadels", "players": 3, "seats": seats, "public": True,
                                       "clock": {"initial_s": 600, "increment_s": 5}}).json()
    private = create(c, players=2, seats=[{"kind": "human"}, {"kind": "human"}])
    listed = c.get("/api/lobby", params={"game": "citadels"}).json()["tables"]
    assert [t["table_id"] for t in listed] == [made["table_id"]]
    entry = listed[0]
    assert entry["free"] == 1 and entry["clock"] == {"initial_s": 600, "increment_s": 5}
    assert entry["seats"][0]["user"] == "Ana" and entry["rated"] is False
    assert "token" not in json.dumps(listed)  # no credential of any seat
    assert c.get("/api/lobby", params={"game": "gates"}).json() == {"tables": []}

    stranger = TestClient(c.app)
    refused = stranger.post(f"/api/tables/{private['table_id']}/sit", json={"name": "Bo"})
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_public"
    sat = stranger.post(f"/api/tables/{made['table_id']}/sit", json={"name": "Bo"})
    assert sat.status_code == 200, sat.text
    doc = sat.json()
    assert doc["seat"] == 1 and doc["token"] and doc["table"]["status"] == "playing"
    view = stranger.get(f"/api/tables/{made['table_id']}", headers=bearer(doc["token"])).json()
    assert view["seat"] == 1
    assert c.get("/api/lobby").json() == {"tables": []}  # full and started: no longer listed
    late = TestClient(c.app).post(f"/api/tables/{made['table_id']}/sit", json={})
    assert late.status_code == 409 and late.json()["error"]["code"] == "table_started"
    # the invite link the host holds for that seat is spent now
    invite = made["seats"][1]["token"]
    assert c.post(f"/api/tables/{made['table_id']}/join", headers=bearer(invite)).status_code == 409


def test_a_public_rated_table_seats_only_accounts(client):
    sign_up(client, "Ana")
    doc, _ = rated_table(client, seats=[{"kind": "human"}, {"kind": "human"}], public=True)
    guest = TestClient(client.app)
    refused = guest.post(f"/api/tables/{doc['table_id']}/sit", json={})
    assert refused.status_code == 401 and refused.json()["error"]["code"] == "sign_in_to_join"
    sign_up(guest, "Bo")
    sat = guest.post(f"/api/tables/{doc['table_id']}/sit", json={})
    assert sat.status_code == 200 and sat.json()["seat"] == 1
    assert guest.get("/api/account/tables").json()["seats"][0]["seat"] == 1
    no_free = client.post("/api/tables", json={"game": "gates", "players": 2, "public": True,
                                               "seats": [{"kind": "human"}, {"kind": "bot"}]})
    assert no_free.status_code == 422 and no_free.json()["error"]["code"] == "public_no_free_seat"


def test_an_account_opens_its_seat_on_another_device(client):
    sign_up(client, "Ana")
    made = client.post("/api/tables", json={"game": "gates", "players": 2,
                                            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "bot"}]}).json()
    assert [s["table_id"] for s in client.get("/api/account/tables").json()["seats"]] == [made["table_id"]]
    phone = TestClient(client.app)
    assert phone.post("/api/account/signin", json={"name": "Ana", "password": PASSWORD},
                      headers=csrf(phone)).status_code == 200
    got = phone.post("/api/account/seat", json={"table_id": made["table_id"], "seat": 0}, headers=csrf(phone))
    assert got.status_code == 200, got.text
    token = got.json()["token"]
    assert token != made["seats"][0]["token"]
    doc = phone.get(f"/api/tables/{made['table_id']}", headers=bearer(token)).json()
    assert doc["seat"] == 0 and doc["host"] is True
    # the first device's token still works
    assert client.get(f"/api/tables/{made['table_id']}", headers=bearer(made["seats"][0]["token"])).json()["seat"] == 0
    bob = TestClient(client.app)
    sign_up(bob, "Bob")
    refused = bob.post("/api/account/seat", json={"table_id": made["table_id"], "seat": 0}, headers=csrf(bob))
    assert refused.status_code == 403 and refused.json()["error"]["code"] == "not_your_seat"
    no_csrf = phone.post("/api/account/seat", json={"table_id": made["table_id"], "seat": 0})
    assert no_csrf.status_code == 403 and no_csrf.json()["error"]["code"] == "csrf_failed"
