"""Per-client rate limits and the process's caps (cetate.server.limits): the token bucket on a fake clock,
then each limited route refusing with 429 `rate_limited` + Retry-After and changing nothing, the WebSocket
refusals (close 4429, `server_full` and close 1013), the live-table cap (503 `server_full`) and the settings."""

from __future__ import annotations

import warnings
from collections.abc import Iterator
from contextlib import contextmanager

import pytest
from starlette.websockets import WebSocketDisconnect

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cetate.server.app import create_app
from cetate.server.limits import Limits, RateLimited, TokenBucket, client_key, retry_after
from cetate.server.settings import Settings
from tests.server.conftest import bearer, human_vs_bots, make_settings, my_turn, table_doc, wait_until

TWO_PEOPLE = {"game": "citadels", "players": 2, "seats": [{"kind": "human"}, {"kind": "human"}]}


class FakeClock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


# -- the token bucket -----------------------------------------------------------------------------

def test_a_bucket_allows_its_burst_then_refills_at_its_rate():
    clock = FakeClock()
    bucket = TokenBucket(60, burst=3, clock=clock)  # one a second, three at once
    assert [bucket.take("a") for _ in range(3)] == [0.0, 0.0, 0.0]
    assert bucket.take("a") == pytest.approx(1.0)
    assert bucket.take("b") == 0.0  # every client has its own bucket
    clock.now += 0.25
    assert bucket.take("a") == pytest.approx(0.75)  # a refused request spends nothing
    clock.now += 0.75
    assert bucket.take("a") == 0.0
    assert bucket.take("a") > 0
    clock.now += 3600  # a long pause refills the bucket up to its burst, no more
    assert [bucket.take("a") for _ in range(4)] == [0.0, 0.0, 0.0, pytest.approx(1.0)]


def test_the_default_burst_is_a_minutes_worth():
    clock = FakeClock()
    bucket = TokenBucket(30, clock=clock)
    assert all(bucket.take("a") == 0.0 for _ in range(30))
    assert bucket.take("a") == pytest.approx(2.0)  # 30 a minute: one every 2 s
    with pytest.raises(ValueError):
        TokenBucket(0)


def test_idle_clients_are_forgotten_and_the_number_tracked_is_capped():
    clock = FakeClock()
    bucket = TokenBucket(60, burst=2, max_clients=3, clock=clock)
    bucket.take("a")
    clock.now += 0.5
    bucket.take("b")
    clock.now += 0.6  # a's bucket is full again (one token back a second): it carries nothing any more
    bucket.take("c")
    assert len(bucket) == 2
    for client in ("d", "e", "f", "g"):  # no idle bucket: the longest unused ones go beyond the cap
        bucket.take(client)
    assert len(bucket) == 3


def test_retry_after_is_whole_seconds_at_least_one():
    assert [retry_after(s) for s in (0.01, 0.5, 1.0, 1.01, 29.2)] == [1, 1, 1, 2, 30]


def test_a_client_is_its_ipv4_address_or_its_ipv6_network():
    assert client_key("203.0.113.7") == "203.0.113.7"
    assert client_key("2001:db8:1:2:aaaa::1") == client_key("2001:db8:1:2:bbbb::9") == "2001:db8:1:2::/64"
    assert client_key("2001:db8:1:3::1") != client_key("2001:db8:1:2::1")
    assert client_key("::ffff:203.0.113.7") == "203.0.113.7"
    assert client_key(None) == "unknown" and client_key("testclient") == "testclient"


def test_limits_name_the_limit_and_when_to_retry_and_zero_turns_a_limit_off(tmp_path):
    clock = FakeClock()
    limits = Limits(make_settings(tmp_path, rate_join_per_min=1, rate_hint_per_min=0), clock=clock)
    limits.check("join", "198.51.100.1")
    with pytest.raises(RateLimited) as info:
        limits.check("join", "198.51.100.1")
    assert info.value.status == 429 and info.value.code == "rate_limited" and info.value.retry_after == 60
    assert "joins" in info.value.message and "60 s" in info.value.message
    limits.check("join", "198.51.100.2")
    for _ in range(1000):
        limits.check("hint", "198.51.100.1")


# -- the routes -----------------------------------------------------------------------------------

@contextmanager
def app_client(tmp_path, **settings) -> Iterator[TestClient]:
    """A client of an app with these settings whose rate limits run on a stopped clock (no refill)."""
    values = make_settings(tmp_path, **settings)
    with TestClient(create_app(values)) as client:
        client.app.state.limits = Limits(values, clock=FakeClock())
        yield client


def _refused(answer, what: str, retry_s: int) -> None:
    assert answer.status_code == 429, answer.text
    assert answer.headers["Retry-After"] == str(retry_s)
    error = answer.json()["error"]
    assert error["code"] == "rate_limited" and what in error["message"] and f"{retry_s} s" in error["message"]


def test_creating_tables_over_the_limit_is_refused_and_creates_nothing(tmp_path):
    with app_client(tmp_path, rate_create_per_min=2) as client:
        store = client.app.state.store
        for _ in range(2):
            assert client.post("/api/tables", json=TWO_PEOPLE).status_code == 201
        _refused(client.post("/api/tables", json=TWO_PEOPLE), "new tables", 30)
        assert len(store.unfinished()) == 2
        assert client.get("/api/games").status_code == 200  # other routes are not limited


def test_joining_over_the_limit_is_refused_and_changes_nothing(tmp_path):
    with app_client(tmp_path, rate_join_per_min=1) as client:
        created = client.post("/api/tables", json=TWO_PEOPLE).json()
        table_id, token = created["table_id"], created["seats"][1]["token"]
        assert client.post(f"/api/tables/{table_id}/join", headers=bearer(token), json={"name": "Bo"}).status_code \
            == 200
        _refused(client.post(f"/api/tables/{table_id}/join", headers=bearer(token), json={"name": "Cy"}),
                 "joins", 60)
        assert table_doc(client, table_id)["table"]["seats"][1]["name"] == "Bo"


def test_chat_over_the_limit_is_refused_on_both_ways_in_and_the_socket_stays_usable(tmp_path):
    with app_client(tmp_path, rate_chat_per_min=3) as client:
        doc = human_vs_bots(client, players=2)
        table_id, token = doc["table_id"], doc["host_token"]
        say = f"/api/tables/{table_id}/chat"
        assert client.post(say, headers=bearer(token), json={"text": "one"}).status_code == 201
        with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
            assert ws.receive_json()["type"] == "sync"
            ws.send_json({"type": "say", "text": "two"})
            ws.send_json({"type": "say", "text": "three"})
            ws.send_json({"type": "say", "text": "four"})
            ws.send_json({"type": "ping"})
            seen = []
            while not seen or seen[-1]["type"] != "pong":
                message = ws.receive_json()
                if message["type"] in ("chat", "error", "pong"):
                    seen.append(message)
            assert [m["line"]["text"] for m in seen if m["type"] == "chat"] == ["two", "three"]
            errors = [m for m in seen if m["type"] == "error"]
            assert len(errors) == 1 and errors[0]["code"] == "rate_limited" and "chat" in errors[0]["message"]
        _refused(client.post(say, headers=bearer(token), json={"text": "five"}), "chat messages", 20)
        assert [line["text"] for line in table_doc(client, table_id)["chat"]] == ["one", "two", "three"]


def test_hints_over_the_limit_are_refused(tmp_path):
    with app_client(tmp_path, rate_hint_per_min=1) as client:
        doc = human_vs_bots(client, players=2, seed=3)
        table_id, token = doc["table_id"], doc["host_token"]
        before = my_turn(client, table_id, token)
        assert client.post(f"/api/tables/{table_id}/hint", headers=bearer(token)).status_code == 200
        _refused(client.post(f"/api/tables/{table_id}/hint", headers=bearer(token)), "hint requests", 60)
        assert table_doc(client, table_id, token)["table"]["seq"] == before["table"]["seq"]


def test_a_websocket_over_the_limit_gets_an_error_and_close_4429(tmp_path):
    with app_client(tmp_path, rate_ws_per_min=1) as client:
        table_id = client.post("/api/tables", json=TWO_PEOPLE).json()["table_id"]
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert ws.receive_json()["type"] == "sync"
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            error = ws.receive_json()
            assert error["type"] == "error" and error["code"] == "rate_limited" and error["retry_after_s"] == 60
            with pytest.raises(WebSocketDisconnect) as info:
                ws.receive_json()
            assert info.value.code == 4429


def test_the_live_table_cap_refuses_new_tables_with_503(tmp_path):
    with app_client(tmp_path, max_live_tables=1) as client:
        first = client.post("/api/tables", json=TWO_PEOPLE).json()["table_id"]
        answer = client.post("/api/tables", json=TWO_PEOPLE)
        assert answer.status_code == 503 and answer.headers["Retry-After"] == "30"
        error = answer.json()["error"]
        assert error["code"] == "server_full" and "1 unfinished tables" in error["message"]
        assert len(client.app.state.store.unfinished()) == 1
        assert table_doc(client, first)["table"]["status"] == "waiting"  # the tables held still answer
        client.app.state.hub.tables[first].status = "over"  # a finished table does not count
        assert client.post("/api/tables", json=TWO_PEOPLE).status_code == 201


def test_the_socket_cap_refuses_one_more_with_close_1013(tmp_path):
    with app_client(tmp_path, max_sockets=1) as client:
        table_id = client.post("/api/tables", json=TWO_PEOPLE).json()["table_id"]
        hub = client.app.state.hub
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert ws.receive_json()["type"] == "sync"
            with client.websocket_connect(f"/ws/tables/{table_id}") as refused:
                error = refused.receive_json()
                assert error["code"] == "server_full" and error["retry_after_s"] == 30
                with pytest.raises(WebSocketDisconnect) as info:
                    refused.receive_json()
                assert info.value.code == 1013
        wait_until(lambda: not hub.tables[table_id].subscribers, timeout=5, what="the socket to close")
        with client.websocket_connect(f"/ws/tables/{table_id}") as ws:
            assert ws.receive_json()["type"] == "sync"


# -- settings -------------------------------------------------------------------------------------

def test_limits_come_from_the_environment_and_are_checked():
    env = {"CETATE_RATE_CREATE_PER_MIN": "5", "CETATE_RATE_WS_PER_MIN": "0", "CETATE_RATE_JOIN_PER_MIN": "7",
           "CETATE_RATE_CHAT_PER_MIN": "8", "CETATE_RATE_HINT_PER_MIN": "9", "CETATE_MAX_LIVE_TABLES": "100",
           "CETATE_MAX_SOCKETS": "200"}
    s = Settings.from_env(env)
    assert (s.rate_create_per_min, s.rate_ws_per_min, s.rate_join_per_min, s.rate_chat_per_min,
            s.rate_hint_per_min, s.max_live_tables, s.max_sockets) == (5, 0, 7, 8, 9, 100, 200)
    assert Settings.from_env({}, max_sockets=3).max_sockets == 3
    d = Settings()
    assert (d.rate_create_per_min, d.rate_ws_per_min, d.max_live_tables, d.max_sockets) == (30, 120, 5000, 10000)
    with pytest.raises(ValueError, match="CETATE_RATE_CHAT_PER_MIN"):
        Settings.from_env({"CETATE_RATE_CHAT_PER_MIN": "lots"})
    with pytest.raises(ValueError, match="rate_hint_per_min"):
        Settings(rate_hint_per_min=-1)
    with pytest.raises(ValueError, match="max_live_tables"):
        Settings(max_live_tables=-1)
