"""`cetate serve` as a real process: it answers, dies by SIGKILL mid-game, starts again on the same data
folder, and the game continues identically to its end."""

from __future__ import annotations

import os
import random
import sys
import time
from pathlib import Path

import httpx
import pytest

from tests.server.serve_process import ServeProcess

pytestmark = pytest.mark.skipif(sys.platform == "win32", reason="uses process groups and SIGKILL")


class Server(ServeProcess):
    """The embedded default (SQLite in `data_dir`, no Redis), one process."""

    def __init__(self, data_dir: Path, log: Path) -> None:
        env = {**os.environ, "CETATE_BOT_DELAY_S": "0", "CETATE_BOT_WORKERS": "1"}
        env.pop("CETATE_DATABASE_URL", None)
        super().__init__(["--data-dir", str(data_dir)], env, log, ready_path="/api/games", http_timeout=10)


def table(http: httpx.Client, table_id: str, token: str) -> dict:
    response = http.get(f"/api/tables/{table_id}", headers={"Authorization": f"Bearer {token}"})
    assert response.status_code == 200, response.text
    return response.json()


def play(http: httpx.Client, table_id: str, token: str, rng: random.Random, moves: int | None) -> dict:
    played = 0
    deadline = time.monotonic() + 120
    while True:
        doc = table(http, table_id, token)
        if doc["table"]["status"] == "over":
            return doc
        if doc["legal_actions"]:
            if moves is not None and played >= moves:
                return doc
            response = http.post(f"/api/tables/{table_id}/actions", headers={"Authorization": f"Bearer {token}"},
                                 json={"action": rng.choice(doc["legal_actions"]), "key": f"m{doc['table']['seq']}"})
            assert response.status_code == 200, response.text
            played += 1
        else:
            time.sleep(0.01)
        assert time.monotonic() < deadline, "the game does not move on"


def stable(doc: dict) -> dict:
    return {"table": {k: v for k, v in doc["table"].items() if not k.endswith("_at")},
            **{k: doc[k] for k in ("view", "journal", "legal_actions", "seat")}}


def test_serve_survives_sigkill_mid_game(tmp_path):
    data_dir, log = tmp_path / "data", tmp_path / "serve.log"
    server = Server(data_dir, log)
    try:
        games = server.http.get("/api/games").json()
        assert "citadels" in {g["id"] for g in games}
        assert server.http.get("/").status_code == 200
        created = server.http.post("/api/tables", json={
            "game": "citadels", "players": 4, "seed": 2024,
            "seats": [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": "normal"}] * 3})
        assert created.status_code == 201, created.text
        table_id, token = created.json()["table_id"], created.json()["host_token"]
        rng = random.Random(8)
        before = play(server.http, table_id, token, rng, moves=15)
        assert before["table"]["status"] == "playing" and before["table"]["seq"] > 15
    finally:
        server.kill()
    assert (data_dir / "cetate.sqlite3").is_file()
    server = Server(data_dir, log)
    try:
        after = table(server.http, table_id, token)
        assert stable(after) == stable(before)
        final = play(server.http, table_id, token, rng, moves=None)
        assert final["table"]["status"] == "over" and final["table"]["result"]["winners"]
        record = server.http.get(f"/api/tables/{table_id}/record").json()
        assert len(record["actions"]) == final["table"]["seq"] and record["seed"] == 2024
    finally:
        server.kill()
