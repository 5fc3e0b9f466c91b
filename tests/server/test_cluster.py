"""Cluster mode against the real PostgreSQL and Redis (docs/deploy.md, cetate.server.cluster): real
`cetate serve` processes, each its own worker, sharing one database schema and one Redis.

- two workers serve one table, with sockets on each: moves sent to either reach the owner, every socket
  gets every update in order, and both answer reads alike;
- a move racing on two workers: exactly one is played, the other gets 409;
- the owner is killed with SIGKILL mid-game: the other worker takes the table over within seconds, no
  acknowledged move is lost, the socket's client reconnects, and the bot plays on to the end;
- `cetate serve --workers 2` (one port, two processes) killed with SIGKILL mid-game and started again: the
  game continues where it was, to its end.

They need `CETATE_TEST_POSTGRES_URL` and `CETATE_TEST_REDIS_URL` (`.ci/run` sets both and
`CETATE_REQUIRE_CLUSTER=1`, so that they fail instead of skipping when either is missing).
"""

from __future__ import annotations

import json
import os
import random
import sys
import threading
import time
import uuid
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from sqlalchemy import create_engine, text
from sqlalchemy.engine import make_url

from cetate.server.storage import normalize_url
from tests.server.serve_process import ServeProcess

POSTGRES_URL = os.environ.get("CETATE_TEST_POSTGRES_URL")
REDIS_URL = os.environ.get("CETATE_TEST_REDIS_URL")
REQUIRED = os.environ.get("CETATE_REQUIRE_CLUSTER") == "1"

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses process groups and SIGKILL")


@pytest.fixture
def cluster_env(tmp_path):
    """The environment of a worker: its own PostgreSQL schema (dropped afterwards) and the test Redis."""
    if not (POSTGRES_URL and REDIS_URL):
        if REQUIRED:
            pytest.fail("CETATE_REQUIRE_CLUSTER=1 but CETATE_TEST_POSTGRES_URL or CETATE_TEST_REDIS_URL is unset")
        pytest.skip("CETATE_TEST_POSTGRES_URL and CETATE_TEST_REDIS_URL are needed for cluster tests")
    admin = create_engine(normalize_url(POSTGRES_URL), isolation_level="AUTOCOMMIT")
    schema = f"cetate_test_{int(time.time())}_{uuid.uuid4().hex[:10]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(normalize_url(POSTGRES_URL)).update_query_dict({"options": f"-csearch_path={schema}"})
    env = {**os.environ, "CETATE_DATABASE_URL": url.render_as_string(hide_password=False),
           "CETATE_REDIS_URL": REDIS_URL, "CETATE_BOT_DELAY_S": "0", "CETATE_BOT_WORKERS": "0",
           "CETATE_DATA_DIR": str(tmp_path / "data")}
    try:
        yield env
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))
        admin.dispose()


class Worker(ServeProcess):
    """One `cetate serve` (with `--workers N`: N processes on its port) in a process group of its own."""

    def __init__(self, env: dict, log: Path, workers: int = 1) -> None:
        super().__init__(["--workers", str(workers)] if workers > 1 else [], env, log)


class Socket:
    """A WebSocket client reading in a thread: every message it got, in order."""

    def __init__(self, worker: Worker, table_id: str, token: str | None) -> None:
        from websockets.sync.client import connect

        url = f"ws://127.0.0.1:{worker.port}/ws/tables/{table_id}" + (f"?token={token}" if token else "")
        self._connection = connect(url, open_timeout=20)
        self.ws = self._connection.__enter__()
        self.messages: list[dict] = []
        self.closed: int | None = None
        self.thread = threading.Thread(target=self._read, daemon=True)
        self.thread.start()

    def _read(self) -> None:
        from websockets.exceptions import ConnectionClosed

        try:
            while True:
                self.messages.append(json.loads(self.ws.recv()))
        except ConnectionClosed:
            pass
        self.closed = self.ws.close_code if self.ws.close_code is not None else 1006

    def send(self, doc: dict) -> None:
        self.ws.send(json.dumps(doc))

    def seqs(self) -> list[int]:
        """The seq of each move as this socket learnt it: its sync's, then each update's."""
        out = []
        for m in self.messages:
            if m["type"] == "sync":
                out.append(m["table"]["seq"])
            elif m["type"] == "update":
                out.append(m["seq"])
        return out

    def wait_for(self, check, timeout: float = 15.0):
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            for m in list(self.messages):
                if check(m):
                    return m
            time.sleep(0.02)
        raise AssertionError(f"no such message in {len(self.messages)}: {self.messages[-3:]}")

    def close(self) -> None:
        self.ws.close()
        self.thread.join(5)


def auth(token: str) -> dict:
    return {"Authorization": f"Bearer {token}"}


def view(worker: Worker, table_id: str, token: str | None = None) -> dict:
    answer = worker.http.get(f"/api/tables/{table_id}", headers=auth(token) if token else {})
    assert answer.status_code == 200, answer.text
    return answer.json()


def two_people(a: Worker, b: Worker) -> tuple[str, list[str]]:
    """A 2-seat Citadels table made at `a`, its second person joining through `b`: (id, seat tokens)."""
    made = a.http.post("/api/tables", json={"game": "citadels", "players": 2,
                                            "seats": [{"kind": "human", "name": "Ana"}, {"kind": "human"}]})
    assert made.status_code == 201, made.text
    doc = made.json()
    joined = b.http.post(f"/api/tables/{doc['table_id']}/join", headers=auth(doc["seats"][1]["token"]),
                         json={"name": "Bo"})
    assert joined.status_code == 200, joined.text
    assert joined.json()["table"]["status"] == "playing"
    return doc["table_id"], [doc["seats"][0]["token"], joined.json()["token"]]


def test_two_workers_serve_one_table_with_sockets_on_each(cluster_env, tmp_path):
    a = Worker(cluster_env, tmp_path / "a.log")
    b = Worker(cluster_env, tmp_path / "b.log")
    sockets: list[Socket] = []
    try:
        ids = {a.http.get("/api/health").json()["worker"], b.http.get("/api/health").json()["worker"]}
        assert len(ids) == 2 and None not in ids
        table_id, tokens = two_people(a, b)
        seat_socket = {0: Socket(a, table_id, tokens[0]), 1: Socket(b, table_id, tokens[1])}
        watchers = [Socket(a, table_id, None), Socket(b, table_id, None)]
        sockets = [*seat_socket.values(), *watchers]
        for s in sockets:
            s.wait_for(lambda m: m["type"] == "sync")
        # presence counts sockets on every worker: both seats show as connected, wherever one asks
        for worker in (a, b):
            deadline = time.monotonic() + 10
            while not all(s["connected"] for s in view(worker, table_id)["table"]["seats"]):
                assert time.monotonic() < deadline, "a seat with a socket at the other worker shows as away"
                time.sleep(0.05)
        rng = random.Random(3)
        for n in range(1, 25):
            doc = view(b if n % 2 else a, table_id)
            mover = doc["table"]["to_move"]
            if mover is None:
                break
            mine = view(a if n % 2 else b, table_id, tokens[mover])
            assert mine["table"]["seq"] == doc["table"]["seq"]
            seat_socket[mover].send({"type": "act", "action": rng.choice(mine["legal_actions"]), "key": f"k{n}"})
            for s in sockets:  # every socket, on either worker, gets the update
                s.wait_for(lambda m, n=n: m["type"] == "update" and m["seq"] == n)
        last = view(a, table_id)["table"]["seq"]
        assert last >= 10
        for s in sockets:
            seqs = s.seqs()
            assert seqs == list(range(seqs[0], last + 1)), seqs  # in order, none missing, none twice
            assert not any(m["type"] == "error" for m in s.messages), [m for m in s.messages if m["type"] == "error"]
        for token in tokens:  # both workers answer a read alike
            one, other = view(a, table_id, token), view(b, table_id, token)
            assert {k: one[k] for k in ("view", "legal_actions", "seat")} == \
                   {k: other[k] for k in ("view", "legal_actions", "seat")}
            assert one["table"]["seq"] == other["table"]["seq"] == last
        health = [a.http.get("/api/health").json(), b.http.get("/api/health").json()]
        assert sorted(h["live_tables"] for h in health) == [0, 1]  # exactly one owner
        assert all(h["redis"] == "ok" and h["database"] == "postgresql" for h in health)
    finally:
        for s in sockets:
            s.close()
        a.stop()
        b.stop()


def test_a_move_racing_on_two_workers_is_played_once(cluster_env, tmp_path):
    a = Worker(cluster_env, tmp_path / "a.log")
    b = Worker(cluster_env, tmp_path / "b.log")
    try:
        for round_ in range(4):
            owner, other = (a, b) if round_ % 2 == 0 else (b, a)
            table_id, tokens = two_people(owner, other)
            doc = view(other, table_id)
            mover = doc["table"]["to_move"]
            action = view(owner, table_id, tokens[mover])["legal_actions"][0]  # a pick: then the other seat picks

            def send(worker: Worker, key: str, table_id=table_id, token=tokens[mover], action=action):
                return worker.http.post(f"/api/tables/{table_id}/actions", headers=auth(token),
                                        json={"action": action, "key": key})

            with ThreadPoolExecutor(2) as pool:
                answers = list(pool.map(send, (a, b), (f"a{round_}", f"b{round_}")))
            codes = sorted(r.status_code for r in answers)
            assert codes == [200, 409], [r.text for r in answers]
            loser = next(r for r in answers if r.status_code == 409).json()["error"]
            assert loser["code"] == "not_your_turn"
            assert view(a, table_id)["table"]["seq"] == view(b, table_id)["table"]["seq"] == 1
    finally:
        a.stop()
        b.stop()


def test_the_owner_killed_mid_game_is_taken_over(cluster_env, tmp_path):
    a = Worker(cluster_env, tmp_path / "a.log")
    b = Worker(cluster_env, tmp_path / "b.log")
    sockets: list[Socket] = []
    try:
        made = a.http.post("/api/tables", json={"game": "citadels", "players": 3, "seats": [
            {"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy"}, {"kind": "bot", "level": "easy"}]})
        assert made.status_code == 201, made.text
        table_id, token = made.json()["table_id"], made.json()["host_token"]
        sock = Socket(b, table_id, token)  # at the worker that does not own the table
        sockets.append(sock)
        sock.wait_for(lambda m: m["type"] == "sync")
        rng = random.Random(5)
        acknowledged = 0
        for n in range(8):  # moves sent to b, played by a; the bots play at a meanwhile
            doc = view(b, table_id, token)
            while not doc["legal_actions"]:
                time.sleep(0.02)
                doc = view(b, table_id, token)
            answer = b.http.post(f"/api/tables/{table_id}/actions", headers=auth(token),
                                 json={"action": rng.choice(doc["legal_actions"]), "key": f"m{n}"})
            assert answer.status_code == 200, answer.text
            acknowledged = max(acknowledged, answer.json()["seq"])
        a.kill()
        killed = time.monotonic()
        deadline = killed + 15
        while sock.closed is None:  # b closes the socket that watched a's table: its client reconnects
            assert time.monotonic() < deadline, "the socket of the dead worker's table stays open"
            time.sleep(0.05)
        assert sock.closed == 1012
        while b.http.get("/api/health").json()["live_tables"] < 1:
            assert time.monotonic() < deadline, "the table was not taken over"
            time.sleep(0.05)
        took = time.monotonic() - killed
        assert took < 10, took
        again = Socket(b, table_id, token)
        sockets.append(again)
        sync = again.wait_for(lambda m: m["type"] == "sync")
        assert sync["table"]["seq"] >= acknowledged  # no acknowledged move lost
        # the game goes on at b to its end: the person's moves, and the bots', which resumed there
        deadline = time.monotonic() + 120
        n = 100
        while True:
            doc = view(b, table_id, token)
            if doc["table"]["status"] == "over":
                break
            if doc["legal_actions"]:
                answer = b.http.post(f"/api/tables/{table_id}/actions", headers=auth(token),
                                     json={"action": rng.choice(doc["legal_actions"]), "key": f"m{n}"})
                assert answer.status_code == 200, answer.text
                n += 1
            else:
                time.sleep(0.02)
            assert time.monotonic() < deadline, "the game does not go on after the takeover"
        record = b.http.get(f"/api/tables/{table_id}/record").json()
        assert len(record["actions"]) == doc["table"]["seq"] and doc["table"]["result"]["winners"]
    finally:
        for s in sockets:
            s.close()
        a.kill()
        b.stop()


def test_a_clock_runs_on_at_the_worker_that_takes_the_table_over(cluster_env, tmp_path):
    """The person to move at a dead worker's table still runs out of time: the new owner rebuilds the clock
    from the stored moves and plays the timed-out turn (with the easy bot, marked as a time-out)."""
    a = Worker(cluster_env, tmp_path / "a.log")
    b = Worker(cluster_env, tmp_path / "b.log")
    try:
        made = a.http.post("/api/tables", json={"game": "citadels", "players": 2, "clock": {"initial_s": 4},
                                                "seats": [{"kind": "human", "name": "Ana"},
                                                          {"kind": "bot", "bot": "random"}]})
        assert made.status_code == 201, made.text
        table_id, token = made.json()["table_id"], made.json()["host_token"]
        a.kill()  # before anyone moves: seat 0's clock runs out only at b
        deadline = time.monotonic() + 60
        while True:
            doc = view(b, table_id, token)
            if any(e["type"] == "turn_timeout" for e in doc["journal"]):
                break
            assert time.monotonic() < deadline, "no time-out after the takeover"
            time.sleep(0.1)
        assert doc["table"]["clock"] is not None and doc["table"]["clock"]["remaining_s"][0] <= 0.5
        assert doc["table"]["seq"] >= 1  # the timed-out turn was played and stored by b
    finally:
        a.kill()
        b.stop()


def test_serve_with_two_workers_survives_sigkill(cluster_env, tmp_path):
    server = Worker(cluster_env, tmp_path / "serve.log", workers=2)
    try:
        seen: set = set()
        deadline = time.monotonic() + 30
        while len(seen) < 2:  # both processes answer on the one port (a new connection each time)
            assert time.monotonic() < deadline, seen
            with httpx.Client(base_url=server.base, timeout=5) as once:
                seen.add(once.get("/api/health").json()["worker"])
        made = server.http.post("/api/tables", json={"game": "citadels", "players": 4, "seats": [
            {"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": "easy"}] * 3})
        assert made.status_code == 201, made.text
        table_id, token = made.json()["table_id"], made.json()["host_token"]
        rng = random.Random(9)
        for n in range(10):
            doc = view(server, table_id, token)
            while not doc["legal_actions"]:
                time.sleep(0.02)
                doc = view(server, table_id, token)
            answer = server.http.post(f"/api/tables/{table_id}/actions", headers=auth(token),
                                      json={"action": rng.choice(doc["legal_actions"]), "key": f"m{n}"})
            assert answer.status_code == 200, answer.text
        before = view(server, table_id, token)
    finally:
        server.kill()
    server = Worker(cluster_env, tmp_path / "serve.log", workers=2)
    try:
        deadline = time.monotonic() + 20
        after = view(server, table_id, token)
        while after["table"]["seq"] < before["table"]["seq"]:
            assert time.monotonic() < deadline
            time.sleep(0.1)
            after = view(server, table_id, token)
        assert after["journal"][:len(before["journal"])] == before["journal"]  # nothing acknowledged was lost
        n = 100
        while after["table"]["status"] != "over":
            if after["legal_actions"]:
                answer = server.http.post(f"/api/tables/{table_id}/actions", headers=auth(token),
                                          json={"action": rng.choice(after["legal_actions"]), "key": f"m{n}"})
                assert answer.status_code == 200, answer.text
                n += 1
            else:
                time.sleep(0.02)
            assert time.monotonic() < deadline + 120, "the game does not go on"
            after = view(server, table_id, token)
        assert after["table"]["result"]["winners"]
    finally:
        server.stop()
