"""Helpers for the web app's tests: an app on an SQLite file in tmp_path, bots without a pause, and search
bots (the `normal` and `hard` levels) that stop after a few iterations instead of thinking 0.3 s or 2 s a
move: quick, and the same moves on every run (`CETATE_BOT_ITERATIONS`, also for `cetate serve` subprocesses)."""

from __future__ import annotations

import random
import time
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from unittest import mock

import pytest

with warnings.catch_warnings():  # Starlette's TestClient still wraps httpx, and says so
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

from cetate.server.app import create_app
from cetate.server.settings import Settings

BOT_ITERATIONS = 2  # search bots' budget in the tests (Settings.bot_iterations)


def make_settings(tmp_path: Path, **changes) -> Settings:
    values = {"database_url": f"sqlite:///{tmp_path / 'cetate.sqlite3'}", "data_dir": tmp_path,
              "bot_delay_s": 0.0, "bot_workers": 0, "bot_iterations": BOT_ITERATIONS}
    values.update(changes)
    return Settings(**values)


@pytest.fixture(autouse=True)
def _quick_search_bots(monkeypatch: pytest.MonkeyPatch) -> None:
    """Servers started as processes (`cetate serve`) read their settings from the environment."""
    monkeypatch.setenv("CETATE_BOT_ITERATIONS", str(BOT_ITERATIONS))


@pytest.fixture
def settings(tmp_path: Path) -> Settings:
    return make_settings(tmp_path)


@pytest.fixture
def client(settings: Settings) -> Iterator[TestClient]:
    with TestClient(create_app(settings)) as c:
        yield c


def bearer(token: str | None) -> dict:
    return {"Authorization": f"Bearer {token}"} if token else {}


def people(body: dict) -> int:
    """How many people a table made with `body` seats (invited or on one device)."""
    seats = body.get("seats")
    if seats is None:
        return 1
    return sum(1 for s in seats if (s or {}).get("kind", "human") != "bot")


@contextmanager
def server_seed(seed: int | str | None) -> Iterator[None]:
    """Tables made meanwhile get `seed` as if the server had drawn it (`cetate.server.tables.new_seed`): the
    way tests fix the deal of a table where several people play, whose creator may not choose a seed."""
    if seed is None:
        yield
        return
    with mock.patch("cetate.server.tables.new_seed", return_value=seed):
        yield


def create(client: TestClient, **body) -> dict:
    """Create a table. A `seed` at a table of several people is given as the server's own (`server_seed`)."""
    body.setdefault("game", "citadels")
    drawn = body.pop("seed", None) if people(body) > 1 else None
    with server_seed(drawn):
        response = client.post("/api/tables", json=body)
    assert response.status_code == 201, response.text
    return response.json()


def human_vs_bots(client: TestClient, players: int = 4, seed: int | str = 7, **body) -> dict:
    """A table with a human at seat 0 and bots elsewhere (it starts at once)."""
    seats = [{"kind": "human", "name": "Ana"}] + [{"kind": "bot", "level": "normal"}] * (players - 1)
    return create(client, players=players, seats=seats, seed=seed, **body)


def wait_until(check: Callable[[], object], timeout: float = 30.0, what: str = "condition") -> object:
    deadline = time.monotonic() + timeout
    while True:
        value = check()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.005)


def table_doc(client: TestClient, table_id: str, token: str | None = None) -> dict:
    response = client.get(f"/api/tables/{table_id}", headers=bearer(token))
    assert response.status_code == 200, response.text
    return response.json()


def my_turn(client: TestClient, table_id: str, token: str) -> dict:
    """Wait until the bots have played and it is the token's turn or the game is over."""
    def ready():
        doc = table_doc(client, table_id, token)
        return doc if doc["legal_actions"] or doc["table"]["status"] == "over" else None

    return wait_until(ready, what="the human's turn")


def human_to_move(client: TestClient, table_id: str) -> int | None:
    """Wait until a human seat is to move (its number) or the game is over (None)."""
    def ready():
        doc = table_doc(client, table_id)["table"]
        mover = doc["to_move"]
        if doc["status"] == "over":
            return ("over",)
        if mover is not None and doc["seats"][mover]["kind"] != "bot":
            return (mover,)
        return None

    found = wait_until(ready, what="a human seat's turn")[0]
    return None if found == "over" else found


def play_random(client: TestClient, table_id: str, token: str, rng: random.Random, moves: int | None = None,
                key_prefix: str = "k") -> dict:
    """Play random legal actions for the token's seat (all of them, or `moves`), letting the bots answer."""
    played = 0
    while True:
        doc = my_turn(client, table_id, token)
        if doc["table"]["status"] == "over" or (moves is not None and played >= moves):
            return doc
        action = rng.choice(doc["legal_actions"])
        response = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                               json={"action": action, "key": f"{key_prefix}{doc['table']['seq']}"})
        assert response.status_code == 200, response.text
        played += 1


def merged_view(before: dict | None, message: dict) -> dict:
    """The view a client holds after `message` (a sync or an update): an update carries the view whole, or
    only its changed top-level parts (`view_changes`, `view_removed`) over the view the client had."""
    if "view" in message:
        return message["view"]
    view = {**(before or {}), **message.get("view_changes", {})}
    for key in message.get("view_removed", []):
        view.pop(key, None)
    return view
