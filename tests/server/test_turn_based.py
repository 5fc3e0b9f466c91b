"""Turn-based play (cetate.server.turns, docs/turn-based.md), on SQLite and PostgreSQL: a time per move from
1 hour to 14 days, deadlines in the database, the sweep that plays for a late seat (only one process of
several), a game that runs for weeks through restarts with a clock moved forward (never by sleeping), the
"your turn" list for tokens and accounts, and the account's notification choices. Bad input changes nothing."""

from __future__ import annotations

import time
import warnings
from datetime import UTC, datetime, timedelta

import pytest

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cetate.server.app import create_app
from cetate.server.storage import Store
from cetate.server.storage.models import NotifySettingsRow, TableRow, TurnRow
from cetate.server.storage.turns import TurnStore
from tests.server.conftest import bearer, make_settings, wait_until
from tests.server.test_accounts import PASSWORD, csrf, sign_up
from tests.server.test_cluster import Worker, cluster_env, view  # noqa: F401  (cluster_env: a fixture)
from tests.server.test_storage import db_url, new_table, pg_admin  # noqa: F401  (fixtures: both backends)

DAY = 86400


class MovedClock:
    """The turn service's clock: the real time plus `offset` seconds that a test moves forward."""

    def __init__(self) -> None:
        self.offset = 0.0

    def __call__(self) -> datetime:
        return datetime.now(UTC) + timedelta(seconds=self.offset)


def app(tmp_path, url: str | None = None) -> TestClient:
    # the background sweep waits an hour: the tests run it themselves (`sweep`)
    settings = make_settings(tmp_path, turn_sweep_s=3600.0, **({"database_url": url} if url else {}))
    return TestClient(create_app(settings))


def clock_of(c: TestClient) -> MovedClock:
    clock = MovedClock()
    c.app.state.turns.now = clock
    return clock


def flush(c: TestClient) -> None:
    c.portal.call(c.app.state.turns.flush)


def sweep(c: TestClient) -> int:
    return c.portal.call(c.app.state.turns.sweep)


def turns(c: TestClient, tokens: list[str]) -> dict:
    flush(c)
    response = c.get("/api/turns", params={"tokens": ",".join(tokens)})
    assert response.status_code == 200, response.text
    return response.json()


def hotseat_table(c: TestClient, per_move_s: int = DAY, game: str = "citadels") -> tuple[str, list[str]]:
    response = c.post("/api/tables", json={"game": game, "players": 2, "per_move_s": per_move_s,
                                           "seats": [{"kind": "hotseat"}, {"kind": "hotseat"}]})
    assert response.status_code == 201, response.text
    made = response.json()
    return made["table_id"], [s["token"] for s in made["seats"]]


def doc(c: TestClient, table_id: str, token: str) -> dict:
    response = c.get(f"/api/tables/{table_id}", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def play(c: TestClient, table_id: str, tokens: list[str]) -> int:
    """The seat to move plays its first legal action; returns that seat."""
    seat = doc(c, table_id, tokens[0])["table"]["to_move"]
    legal = doc(c, table_id, tokens[seat])["legal_actions"]
    response = c.post(f"/api/tables/{table_id}/actions", json={"action": legal[0]}, headers=bearer(tokens[seat]))
    assert response.status_code == 200, response.text
    return seat


def row(c: TestClient, table_id: str) -> dict | None:
    flush(c)
    return TurnStore(c.app.state.store).turn(table_id)


def table_count(c: TestClient) -> int:
    with c.app.state.store._read() as session:
        return session.query(TableRow).count()


def at(text: str) -> datetime:
    return datetime.fromisoformat(text)


def test_per_move_deadlines_the_list_and_a_late_seat(db_url, tmp_path):  # noqa: F811
    with app(tmp_path, db_url) as c:
        clock = clock_of(c)
        table_id, tokens = hotseat_table(c)
        listed = turns(c, tokens)
        assert listed["count"] == 1
        entry = listed["turns"][0]
        mover = doc(c, table_id, tokens[0])["table"]["to_move"]
        assert entry["table_id"] == table_id and entry["seat"] == mover and entry["game"] == "citadels"
        assert at(entry["deadline"]) - at(entry["since"]) == timedelta(days=1)
        clock_doc = doc(c, table_id, tokens[0])["table"]["clock"]  # the table's own clock says the same
        assert clock_doc["per_move_s"] == DAY and clock_doc["running"] == mover
        assert at(clock_doc["deadline"]) == at(entry["deadline"])
        assert DAY - 120 < clock_doc["remaining_s"][mover] <= DAY and clock_doc["remaining_s"][1 - mover] == DAY

        # a move: the next decision gets a full day from now
        play(c, table_id, tokens)
        after = turns(c, tokens)["turns"][0]
        state = doc(c, table_id, tokens[0])
        assert after["seq"] == state["table"]["seq"] == 1 and after["seat"] == state["table"]["to_move"]
        assert at(after["deadline"]) >= at(entry["deadline"])

        # nothing is late yet
        clock.offset = DAY - 60
        assert sweep(c) == 0
        assert doc(c, table_id, tokens[0])["table"]["seq"] == 1

        # a day later the easy bot plays for the late seat, and the game goes on with a new deadline
        late_seat = after["seat"]
        clock.offset = DAY + 60
        assert sweep(c) == 1
        state = doc(c, table_id, tokens[0])
        assert state["table"]["seq"] == 2 and state["table"]["status"] == "playing"
        record = c.app.state.store.actions(table_id)
        assert record[-1]["timeout"] and record[-1]["by_bot"] and record[-1]["seat"] == late_seat
        assert any(e.get("type") == "turn_timeout" and e.get("seat") == late_seat for e in state["journal"])
        nxt = turns(c, tokens)["turns"][0]
        assert nxt["seq"] == 2
        assert at(nxt["deadline"]) - clock() > timedelta(hours=23)
        assert sweep(c) == 0  # played once only


def test_a_game_survives_weeks_and_restarts_without_time_given_back(tmp_path):
    url = f"sqlite:///{tmp_path / 'weeks.sqlite3'}"
    with app(tmp_path, url) as c:
        table_id, tokens = hotseat_table(c, per_move_s=2 * DAY)
        play(c, table_id, tokens)
        first = row(c, table_id)
    offset = 0.0
    moves = 1
    for _week in range(3):  # three weeks, a restart each week
        with app(tmp_path, url) as c:
            clock = clock_of(c)
            clock.offset = offset
            again = row(c, table_id)
            if moves == 1:  # the restart kept the deadline: no time given back, and the table says so
                assert again["deadline"] == first["deadline"] and again["since"] == first["since"]
                shown = doc(c, table_id, tokens[0])["table"]["clock"]["deadline"]
                assert at(shown) == at(first["deadline"])
            for _day in range(0, 7, 2):
                clock.offset += 2 * DAY + 1
                moves += sweep(c)
            offset = clock.offset
            state = doc(c, table_id, tokens[0])["table"]
            assert state["seq"] == moves
            if state["status"] == "over":
                break
            assert state["status"] == "playing"
    assert moves >= 8
    with app(tmp_path, url) as c:
        record = c.app.state.store.actions(table_id)
        assert len(record) == moves and all(a["timeout"] for a in record[1:])


def test_one_process_of_several_claims_a_late_move(db_url):  # noqa: F811
    first, second = Store(db_url), Store(db_url)  # two server processes' stores
    try:
        table_id = new_table(first, players=2)
        now = datetime.now(UTC)
        written = TurnStore(first).apply({table_id: {"seat": 1, "seq": 4, "game": "citadels",
                                                     "since": now - timedelta(days=2), "deadline": now - timedelta(days=1)}})
        assert written and written[0]["previous_seat"] is None
        due = TurnStore(second).due(now)
        assert [d["table_id"] for d in due] == [table_id]
        until = now + timedelta(minutes=2)
        wins = [TurnStore(s).claim(table_id, 4, name, now, until) for s, name in ((first, "a"), (second, "b"))]
        assert wins == [True, False]
        assert TurnStore(second).due(now) == []  # claimed: not due again until the claim lapses
        assert [d["table_id"] for d in TurnStore(second).due(until + timedelta(seconds=1))] == [table_id]
        assert not TurnStore(first).claim(table_id, 3, "a", until + timedelta(seconds=1), until)  # a stale seq
        # the same seat and move again: the row (its deadline) is kept
        kept = TurnStore(first).apply({table_id: {"seat": 1, "seq": 4, "game": "citadels", "since": now,
                                                  "deadline": now + timedelta(days=9)}})
        assert [(r["kept"], r["deadline"]) for r in kept] == [(True, now - timedelta(days=1))]
        assert at(TurnStore(second).turn(table_id)["deadline"]) == now - timedelta(days=1)
        TurnStore(first).apply({table_id: None})
        assert TurnStore(second).turn(table_id) is None
    finally:
        first.close()
        second.close()


@pytest.mark.parametrize(("body", "status", "code"), [
    ({"per_move_s": 1800}, 422, "bad_clock"),
    ({"per_move_s": 15 * DAY}, 422, "bad_clock"),
    ({"per_move_s": 0}, 422, "bad_clock"),
    ({"per_move_s": -DAY}, 422, "bad_clock"),
    ({"per_move_s": 3600.5}, 400, "bad_request"),
    ({"per_move_s": "3600"}, 400, "bad_request"),
    ({"per_move_s": True}, 400, "bad_request"),
    ({"per_move_s": DAY, "clock": {"initial_s": 60}}, 422, "clock_conflict"),
])
def test_a_bad_time_per_move_is_refused_and_makes_nothing(tmp_path, body, status, code):
    with app(tmp_path) as c:
        before = table_count(c)
        response = c.post("/api/tables", json={"game": "citadels", "players": 2, **body})
        assert response.status_code == status, response.text
        assert response.json()["error"]["code"] == code
        assert table_count(c) == before


def test_the_limits_of_a_time_per_move_are_taken(tmp_path):
    with app(tmp_path) as c:
        for seconds in (3600, 14 * DAY):
            _table_id, tokens = hotseat_table(c, per_move_s=seconds)
            entry = turns(c, tokens)["turns"][0]
            assert at(entry["deadline"]) - at(entry["since"]) == timedelta(seconds=seconds)


def test_real_time_and_untimed_tables_are_listed_without_a_deadline(tmp_path):
    with app(tmp_path) as c:
        made = c.post("/api/tables", json={"game": "citadels", "players": 2,
                                           "seats": [{"kind": "hotseat"}, {"kind": "hotseat"}]}).json()
        tokens = [s["token"] for s in made["seats"]]
        listed = turns(c, tokens)
        assert listed["count"] == 1 and listed["turns"][0]["deadline"] is None
        assert sweep(c) == 0
        # a seat of a bot is nobody's turn: against bots, the list holds the person's turns only
        solo = c.post("/api/tables", json={"game": "gates", "players": 2}).json()
        token = solo["seats"][0]["token"]
        flush(c)
        mine = turns(c, [token])["turns"]
        assert all(t["seat"] == 0 for t in mine)


def test_bad_tokens_list_nothing(tmp_path):
    with app(tmp_path) as c:
        hotseat_table(c)
        assert turns(c, ["nope", "", "x" * 300])["count"] == 0
        invite = c.post("/api/tables", json={"game": "citadels", "players": 2, "per_move_s": DAY,
                                             "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        pending = invite["seats"][1]["token"]
        assert turns(c, [pending])["count"] == 0  # an invite is not yet anybody's seat
        assert c.get("/api/turns", params={"tokens": "a" * 9000}).status_code == 400
        assert c.post("/api/turns").status_code == 405


def test_an_accounts_turns_and_its_notification_choices(db_url, tmp_path):  # noqa: F811
    with app(tmp_path, db_url) as c:
        assert c.get("/api/account/notify").status_code == 401
        made = sign_up(c, "Ana")
        response = c.post("/api/tables", json={"game": "citadels", "players": 2, "per_move_s": DAY,
                                               "seats": [{"kind": "human"}, {"kind": "bot", "level": "easy"}]})
        assert response.status_code == 201
        table_id, host = response.json()["table_id"], response.json()["host_token"]
        wait_until(lambda: doc(c, table_id, host)["table"]["to_move"] == 0, what="the person's turn")
        flush(c)
        listed = c.get("/api/turns").json()  # no tokens: the account's own seats
        assert [(t["table_id"], t["seat"]) for t in listed["turns"]] == [(table_id, 0)]

        assert c.get("/api/account/notify").json() == {"email": None, "email_turns": False, "mail_available": False}
        headers = {"X-CSRF-Token": made["csrf"]}
        for body, code in (({"email": "not an address", "email_turns": True}, "bad_email"),
                           ({"email": "a@b", "email_turns": False}, "bad_email"),
                           ({"email": "ana@example.org\r\nBcc: x@example.org"}, "bad_email"),
                           ({"email": "", "email_turns": True}, "email_needed")):
            refused = c.put("/api/account/notify", json=body, headers=headers)
            assert refused.status_code == 422 and refused.json()["error"]["code"] == code, refused.text
        assert c.put("/api/account/notify", json={"email": "ana@example.org"}).status_code == 403  # no CSRF
        assert c.put("/api/account/notify", json={"email": 3}, headers=headers).status_code == 400
        assert c.get("/api/account/notify").json()["email"] is None  # nothing changed
        saved = c.put("/api/account/notify", json={"email": " ana@example.org ", "email_turns": True}, headers=headers)
        assert saved.status_code == 200 and saved.json()["email"] == "ana@example.org"
        assert c.get("/api/account/notify").json()["email_turns"] is True
        assert c.get("/api/account/export").json()["notify"] == {"email": "ana@example.org", "email_turns": True}

        deleted = c.post("/api/account/delete", json={"password": PASSWORD}, headers=csrf(c) | headers)
        assert deleted.status_code == 200
        with c.app.state.store._read() as session:
            assert session.query(NotifySettingsRow).count() == 0  # the address went with the account


def test_a_finished_game_leaves_no_turn(tmp_path):
    with app(tmp_path) as c:
        table_id, tokens = hotseat_table(c, game="gates")
        clock = clock_of(c)
        for _ in range(400):
            clock.offset += DAY + 1
            if not sweep(c):
                break
        assert doc(c, table_id, tokens[0])["table"]["status"] == "over"
        assert row(c, table_id) is None
        with c.app.state.store._read() as session:
            assert session.query(TurnRow).filter(TurnRow.table_id == table_id).count() == 0


def test_two_workers_play_a_late_move_once(cluster_env, tmp_path):  # noqa: F811
    """Cluster mode (real `cetate serve` processes on PostgreSQL and Redis), each sweeping every half second:
    a deadline moved into the past in the database is played once, by the table's owner, and the game goes on."""
    from sqlalchemy import create_engine, text

    from cetate.server.storage import normalize_url

    env = {**cluster_env, "CETATE_TURN_SWEEP_S": "0.5"}
    a, b = Worker(env, tmp_path / "a.log"), Worker(env, tmp_path / "b.log")
    engine = create_engine(normalize_url(env["CETATE_DATABASE_URL"]))
    try:
        made = a.http.post("/api/tables", json={"game": "citadels", "players": 2, "per_move_s": 3600,
                                                "seats": [{"kind": "human"}, {"kind": "human"}]}).json()
        table_id = made["table_id"]
        joined = b.http.post(f"/api/tables/{table_id}/join", headers=bearer(made["seats"][1]["token"]), json={})
        assert joined.status_code == 200, joined.text

        def turn_row():
            with engine.connect() as conn:
                return conn.execute(text("SELECT seat, seq FROM turns WHERE table_id = :t"), {"t": table_id}).first()

        first = wait_until(turn_row, what="the turn's row")
        assert first.seq == 0
        with engine.begin() as conn:
            conn.execute(text("UPDATE turns SET deadline = now() - interval '1 minute' WHERE table_id = :t"),
                         {"t": table_id})
        wait_until(lambda: (r := turn_row()) is not None and r.seq == 1, what="the late move")
        for _ in range(6):  # a few more sweeps of both workers: nothing else is due
            time.sleep(0.5)
        assert view(b, table_id)["table"]["seq"] == view(a, table_id)["table"]["seq"] == 1
        with engine.connect() as conn:
            played = conn.execute(text("SELECT seat, timeout, by_bot FROM actions WHERE table_id = :t"),
                                  {"t": table_id}).all()
        assert [tuple(p) for p in played] == [(first.seat, True, True)]
    finally:
        engine.dispose()
        a.stop()
        b.stop()
