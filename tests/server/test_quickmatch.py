"""Quick match (cetate.server.quickmatch, storage/quickmatch.py, docs/accounts.md "Quick match") through the HTTP
API and the store, on SQLite and PostgreSQL: people are seated together by rating, the gap widens with the wait,
the seats nobody took are filled with bots when the player asks, two servers (processes, or matchers racing on
the same database) never seat a person twice, and bad requests get clear errors and change nothing."""

from __future__ import annotations

import threading
import warnings
from datetime import timedelta

import pytest
from sqlalchemy import select

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cetate.server.app import create_app
from cetate.server.storage import Store
from cetate.server.storage import quickmatch as queue
from cetate.server.storage.models import QuickRow, RatingRow, UserRow, UserSeatRow, utcnow
from tests.server.conftest import bearer, make_settings
from tests.server.test_cluster import Worker, cluster_env  # noqa: F401  (a fixture: PostgreSQL and Redis)
from tests.server.test_storage import db_url, pg_admin  # noqa: F401  (fixtures: both backends)

PASSWORD = "a long pass phrase"


def csrf(c: TestClient) -> dict:
    return {"X-CSRF-Token": c.get("/api/account").json()["csrf"]}


def person(app, name: str) -> tuple[TestClient, dict]:
    """A browser of `app` (its own cookies) signed up as `name`: the client and its CSRF header."""
    c = TestClient(app)
    r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD}, headers=csrf(c))
    assert r.status_code == 201, r.text
    return c, {"X-CSRF-Token": r.json()["csrf"]}


@pytest.fixture
def app(db_url, tmp_path):  # noqa: F811
    application = create_app(make_settings(tmp_path, database_url=db_url))
    with TestClient(application):
        yield application


def seat_token(c: TestClient, h: dict, ticket: dict) -> str:
    r = c.post("/api/account/seat", json={"table_id": ticket["table_id"], "seat": ticket["seat"]}, headers=h)
    assert r.status_code == 200, r.text
    return r.json()["token"]


def test_two_people_are_matched_into_one_rated_table(app):
    ana, ha = person(app, "Ana")
    bo, hb = person(app, "Bo")
    first = ana.post("/api/quick", json={"game": "gates", "players": 2}, headers=ha)
    assert first.status_code == 201, first.text
    assert first.json()["status"] == "waiting" and first.json()["rating"] == 1500 and first.json()["gap"] >= 150
    assert bo.get("/api/quick/queues?game=gates").json()["queues"] == [{"game": "gates", "players": 2, "waiting": 1}]
    second = bo.post("/api/quick", json={"game": "gates", "players": 2}, headers=hb).json()
    assert second["status"] == "matched" and second["table_id"]
    mine = ana.get("/api/quick").json()
    assert mine["status"] == "matched" and mine["table_id"] == second["table_id"]
    assert {mine["seat"], second["seat"]} == {0, 1}

    # each opens their own seat with the account, and the table is rated, playing, and theirs
    ta, tb = seat_token(ana, ha, mine), seat_token(bo, hb, second)
    doc = ana.get(f"/api/tables/{mine['table_id']}", headers=bearer(ta)).json()
    assert doc["table"]["status"] == "playing" and doc["seat"] == mine["seat"]
    assert bo.get(f"/api/tables/{mine['table_id']}", headers=bearer(tb)).json()["seat"] == second["seat"]
    store = app.state.store
    assert store.table(mine["table_id"])["rated"] is True
    # a live clock, so that a player who leaves holds nobody up (the bot plays when their time is out)
    assert store.table(mine["table_id"])["clock"] == {"initial_s": 600.0, "increment_s": 15.0}
    with store._read() as s:
        owners = dict(s.execute(select(UserSeatRow.seat, UserSeatRow.user_id)
                                .where(UserSeatRow.table_id == mine["table_id"])).all())
        names = dict(s.execute(select(UserRow.id, UserRow.name)).all())
    assert sorted(names[u] for u in owners.values()) == ["Ana", "Bo"]
    assert bo.get("/api/quick/queues?game=gates").json()["queues"] == []
    # a matched ticket is not cancelled, and a new ask starts a new wait
    assert ana.post("/api/quick/cancel", headers=ha).json()["error"]["code"] == "already_matched"
    again = ana.post("/api/quick", json={"game": "gates", "players": 2}, headers=ha)
    assert again.status_code == 201 and again.json()["status"] == "waiting"


def test_fill_with_bots_when_the_player_chooses(app):
    ana, ha = person(app, "Ana")
    waiting = ana.post("/api/quick", json={"game": "citadels", "players": 3}, headers=ha).json()
    assert waiting["status"] == "waiting" and waiting["bots_after_s"] is None
    done = ana.post("/api/quick/bots", headers=ha).json()
    assert done["status"] == "matched"
    table = app.state.store.table(done["table_id"])
    assert table["status"] == "playing" and table["rated"] and table["players"] == 3
    assert [s["kind"] for s in table["seats"]] == ["human", "bot", "bot"] and done["seat"] == 0
    # chosen up front: bots after 0 s seats at once
    bo, hb = person(app, "Bo")
    now = bo.post("/api/quick", json={"game": "gates", "players": 2, "bots_after_s": 0}, headers=hb).json()
    assert now["status"] == "matched"
    assert [s["kind"] for s in app.state.store.table(now["table_id"])["seats"]] == ["human", "bot"]


def test_ratings_far_apart_wait_until_the_gap_has_widened(db_url):  # noqa: F811
    store = Store(db_url)
    try:
        ids = []
        with store._write() as s:
            for name, mu in (("low", 25.0), ("high", 35.0)):  # shown 1500 and 2000: 500 apart
                s.add(UserRow(id=name, name=name, name_key=name, display_name=name.title(), languages=[]))
                s.add(RatingRow(subject=f"user:{name}", game="gates", mu=mu, sigma=25 / 3, games=3))
                ids.append(name)
        t0 = utcnow()
        assert queue.enqueue(store, "low", "gates", 2, None, now=t0)["rating"] == 1500
        assert queue.enqueue(store, "high", "gates", 2, None, now=t0 + timedelta(seconds=1))["rating"] == 2000
        # both pages keep asking; at first the gap (150) keeps them apart
        assert queue.claim_group(store, "gates", 2, now=t0 + timedelta(seconds=5)) is None
        assert queue.gap(0) == 150 and queue.gap(70) == 500
        later = t0 + timedelta(seconds=25)
        with store._write() as s:
            for row in s.execute(select(QuickRow)).scalars():
                row.seen_at = later
        assert queue.claim_group(store, "gates", 2, now=later) is None
        at = t0 + timedelta(seconds=71)  # 150 + 5 x 71 = 505 >= 500
        with store._write() as s:
            for row in s.execute(select(QuickRow)).scalars():
                row.seen_at = at
        group = queue.claim_group(store, "gates", 2, now=at)
        assert group is not None and {m["user_id"] for m in group["members"]} == {"low", "high"}
        assert group["bots"] == 0 and group["members"][0]["user_id"] == "low"  # the longest waiter first
        # a group being seated is not matched again, and a failure lets it wait again
        assert queue.claim_group(store, "gates", 2, now=at) is None
        queue.release(store, ["low", "high"], now=at)
        assert queue.ticket(store, "low", now=at)["status"] == "waiting"
        # a page silent for 30 s has left
        assert queue.claim_group(store, "gates", 2, now=at + timedelta(seconds=31)) is None
        assert queue.ticket(store, "low") is None and queue.ticket(store, "high") is None
    finally:
        store.close()


def test_two_matchers_on_one_database_never_seat_a_person_twice(db_url):  # noqa: F811
    """Two stores (as two server processes hold) match the same queue at once: every group is disjoint."""
    first, second = Store(db_url), Store(db_url)
    try:
        now = utcnow()
        with first._write() as s:
            for i in range(12):
                s.add(UserRow(id=f"u{i}", name=f"u{i}", name_key=f"u{i}", display_name=f"U{i}", languages=[]))
        for i in range(12):
            queue.enqueue(first, f"u{i}", "citadels", 3, None, now=now)
        groups: list[dict] = []
        errors: list[BaseException] = []
        lock = threading.Lock()

        def matcher(store: Store) -> None:
            try:
                for _ in range(6):
                    group = queue.claim_group(store, "citadels", 3, now=now)
                    if group is not None:
                        with lock:
                            groups.append(group)
            except BaseException as exc:  # pragma: no cover - reported below
                errors.append(exc)

        threads = [threading.Thread(target=matcher, args=(s,)) for s in (first, second, first, second)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert not errors, errors
        seated = [m["user_id"] for g in groups for m in g["members"]]
        assert len(seated) == len(set(seated)) == 12 and len(groups) == 4
        assert all(len(g["members"]) == 3 and g["bots"] == 0 for g in groups)
    finally:
        first.close()
        second.close()


def test_two_server_processes_share_the_queue(db_url, tmp_path):  # noqa: F811
    """A person waiting on one server is matched by another server on the same database."""
    one = create_app(make_settings(tmp_path / "one", database_url=db_url))
    two = create_app(make_settings(tmp_path / "two", database_url=db_url))
    with TestClient(one), TestClient(two):
        ana, ha = person(one, "Ana")
        bo, hb = person(two, "Bo")
        assert ana.post("/api/quick", json={"game": "gates", "players": 2}, headers=ha).json()["status"] == "waiting"
        matched = bo.post("/api/quick", json={"game": "gates", "players": 2}, headers=hb).json()
        assert matched["status"] == "matched"
        mine = ana.get("/api/quick").json()
        assert mine["status"] == "matched" and mine["table_id"] == matched["table_id"]
        assert mine["seat"] != matched["seat"]


def test_bad_requests_get_clear_errors_and_change_nothing(app):
    guest = TestClient(app)
    h = csrf(guest)
    no_session = guest.post("/api/quick", json={"game": "gates", "players": 2}, headers=h)
    assert no_session.status_code == 401 and no_session.json()["error"]["code"] == "not_signed_in"
    assert guest.get("/api/quick").json()["error"]["code"] == "not_signed_in"
    assert guest.post("/api/quick/cancel", headers=h).json()["error"]["code"] == "not_signed_in"

    ana, ha = person(app, "Ana")
    cases = [({"game": "chess", "players": 2}, 404, "unknown_game"),
             ({"game": "gates", "players": 9}, 422, "bad_players"),
             ({"game": "akropolis", "players": 1}, 422, "bad_players"),
             ({"game": "gates", "players": "2"}, 400, "bad_request"),
             ({"game": "gates", "players": 2, "bots_after_s": -1}, 400, "bad_request"),
             ({"game": "gates", "players": 2, "colour": "red"}, 400, "unknown_field")]
    for body, status, code in cases:
        r = ana.post("/api/quick", json=body, headers=ha)
        assert (r.status_code, r.json()["error"]["code"]) == (status, code), (body, r.text)
    assert ana.get("/api/quick").json() == {"status": "none"}
    forged = ana.post("/api/quick", json={"game": "gates", "players": 2}, headers={"X-CSRF-Token": "nope"})
    assert forged.status_code == 403 and forged.json()["error"]["code"] == "csrf_failed"
    assert ana.get("/api/quick").json() == {"status": "none"}
    assert ana.get("/api/quick/queues?game=chess").json()["error"]["code"] == "unknown_game"

    assert ana.post("/api/quick", json={"game": "gates", "players": 2}, headers=ha).status_code == 201
    twice = ana.post("/api/quick", json={"game": "citadels", "players": 4}, headers=ha)
    assert twice.status_code == 409 and twice.json()["error"]["code"] == "already_queued"
    assert ana.get("/api/quick").json()["game"] == "gates"
    cancelled = ana.post("/api/quick/cancel", headers=ha)
    assert cancelled.status_code == 200 and cancelled.json()["cancelled"] is True
    again = ana.post("/api/quick/cancel", headers=ha)
    assert again.status_code == 404 and again.json()["error"]["code"] == "not_queued"
    bots = ana.post("/api/quick/bots", headers=ha)
    assert bots.status_code == 404 and bots.json()["error"]["code"] == "not_queued"
    assert ana.get("/api/quick").json() == {"status": "none"}
    wrong_method = ana.put("/api/quick", headers=ha)
    assert wrong_method.status_code == 405 and "GET" in wrong_method.headers["allow"]


def test_a_cluster_of_two_server_processes_matches_from_one_queue(cluster_env, tmp_path):  # noqa: F811
    """Two `cetate serve` processes (cluster mode: PostgreSQL and Redis): a person waiting at one is seated by
    the other, and opens their seat through the first, which forwards to the table's owner."""
    import httpx

    a = Worker(cluster_env, tmp_path / "a.log")
    b = Worker(cluster_env, tmp_path / "b.log")
    people: list[httpx.Client] = []
    try:
        def signed_up(worker: Worker, name: str) -> tuple[httpx.Client, dict]:
            c = httpx.Client(base_url=worker.base, timeout=20)
            people.append(c)
            r = c.post("/api/account/signup", json={"name": name, "password": PASSWORD},
                       headers={"X-CSRF-Token": c.get("/api/account").json()["csrf"]})
            assert r.status_code == 201, r.text
            return c, {"X-CSRF-Token": r.json()["csrf"]}

        ana, ha = signed_up(a, "Ana")
        bo, hb = signed_up(b, "Bo")
        assert ana.post("/api/quick", json={"game": "gates", "players": 2}, headers=ha).json()["status"] == "waiting"
        matched = bo.post("/api/quick", json={"game": "gates", "players": 2}, headers=hb).json()
        assert matched["status"] == "matched", matched
        mine = ana.get("/api/quick").json()
        assert mine["status"] == "matched" and mine["table_id"] == matched["table_id"]
        token = ana.post("/api/account/seat", json={"table_id": mine["table_id"], "seat": mine["seat"]},
                         headers=ha).json()["token"]
        doc = ana.get(f"/api/tables/{mine['table_id']}", headers=bearer(token)).json()
        assert doc["seat"] == mine["seat"] and doc["table"]["status"] == "playing"
        live = sorted(w.http.get("/api/health").json()["live_tables"] for w in (a, b))
        assert live == [0, 1]  # one table, owned by the worker that matched
    finally:
        for c in people:
            c.close()
        a.stop()
        b.stop()
