"""The REST API fuzzed from its own OpenAPI schema (schemathesis), bounded so that it runs in `make test`.

Every operation of `/openapi.json` gets generated requests, valid and invalid ones, against the real app
(SQLite in a temporary folder, no bot workers) in which a few tables exist: a drawn part of the requests
is aimed at those tables (their real ids) with a real token (or a forged one, another table's, a bad
`Authorization` scheme, or none), and some action requests carry one of the seat's legal actions. Checks:
no 5xx, the status code, content type, headers and body are the ones the schema declares, data the schema
forbids is refused, and a refused request (4xx) changes nothing, in the store (every row of every table)
or in memory (each table's status, move number, seats, chat and key).

Requests go through Starlette's TestClient, in process: schemathesis only generates them and checks the
answers (no check that sends requests of its own is used), and the sockets refuse to connect anywhere.
"""

from __future__ import annotations

import hashlib
import socket
import sqlite3
import tempfile
from pathlib import Path

import pytest
import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from cetate import games as registry
from cetate.core.i18n import LANGUAGES
from cetate.server import settings as server_settings
from cetate.server.app import create_app
from tests.server.conftest import TestClient, bearer, create, make_settings, wait_until

BASE_URL = "http://testserver"  # the TestClient's own host: the app in this process
MAX_EXAMPLES = 30  # generated requests per operation (fuzzing phase), besides the examples and coverage ones
CHECKS = [not_a_server_error, status_code_conformance, content_type_conformance, response_headers_conformance,
          response_schema_conformance, negative_data_rejection]

# the schema, from an app that is never started (its routes do not depend on the settings)
schema = schemathesis.openapi.from_dict(create_app(make_settings(Path(tempfile.gettempdir()))).openapi())

TABLES = 5  # tables made by the `live` fixture; an index of TABLES keeps the generated table id
ROLES = ("host", "guest", "host", "guest", "none", "forged", "other_table", "bad_scheme")


def aim_of(case) -> tuple:
    """Where to point a generated request, drawn from the request itself (so the coverage phase, which takes no
    extra strategies, is aimed too, and a failure replays the same): (which table, whose token, the token in
    the query string instead of the header, the seat, whether to play a legal action)."""
    digest = hashlib.sha256(repr((case.method, case.path, case.path_parameters, case.query, case.body)).encode())
    n = int.from_bytes(digest.digest()[:8], "big")
    seat = n // 96 % 6
    return n % (TABLES + 1), ROLES[n // 6 % len(ROLES)], bool(n // 48 % 2), None if seat == 5 else seat, \
        bool(n // 576 % 2)


class Live:
    """The running app, its tables and tokens, and what a refused request must leave alone."""

    def __init__(self, client: TestClient, database: Path) -> None:
        self.client = client
        self.hub = client.app.state.hub
        self.database = database
        self.tables: list[dict] = []  # {id, host, guest}

    def add(self, doc: dict) -> None:
        tokens = [s["token"] for s in doc["seats"] if s["token"]]
        guest = next((t for t in tokens if t != doc["host_token"]), None)
        self.tables.append({"id": doc["table_id"], "host": doc["host_token"], "guest": guest})

    def token(self, index: int, role: str) -> tuple[str | None, dict]:
        """The token for `role` at table `index` and any header to send instead of it."""
        table = self.tables[index % len(self.tables)]
        if role == "bad_scheme":
            return None, {"Authorization": f"Basic {table['host']}"}
        if role == "forged":
            return "F" * 43, {}
        if role == "other_table":
            return self.tables[(index + 1) % len(self.tables)]["host"], {}
        return table.get(role), {}

    def aim(self, case, pick: tuple) -> tuple[dict, dict]:
        """Point `case` at a real table (path, token, seat, maybe a legal action); the extra headers and
        query parameters to send."""
        index, role, in_query, seat, play = pick
        params = case.path_parameters if case.path_parameters is not None else {}
        real = index < len(self.tables) and "table_id" in params
        if real:
            case.path_parameters = {**params, "table_id": self.tables[index]["id"]}
        if index < len(self.tables) and "lang" in params:  # a real game and language (else 404)
            games = sorted(g.id for g in registry.all())
            case.path_parameters = {**case.path_parameters, "lang": LANGUAGES[index % len(LANGUAGES)]}
            if "game_id" in params:
                case.path_parameters["game_id"] = games[index % len(games)]
            if case.query is not None and "game" in case.query:
                case.query = {**case.query, "game": games[(index + 1) % len(games)]}
        if seat is not None:
            if "seat" in (case.path_parameters or {}):
                case.path_parameters = {**case.path_parameters, "seat": seat}
            if case.query is not None and "seat" in case.query:
                case.query = {**case.query, "seat": seat}
        token, headers = self.token(index, role)
        if real and play and case.path.endswith("/actions") and token:
            table = self.hub.tables.get(self.tables[index]["id"])
            auth = table and self._seat_of(table, token)
            legal = self.hub.legal_for(table, auth) if auth is not None else []
            if legal and isinstance(case.body, dict):
                case.body = {**case.body, "action": legal[(seat or 0) % len(legal)]}
        extra_query = {}
        if token:
            if in_query:
                extra_query["token"] = token
            else:
                headers = {**headers, **bearer(token)}
        return headers, extra_query

    def _seat_of(self, table, token: str) -> int | None:
        try:
            return self.hub.authenticate(table, token).seat
        except Exception:
            return None

    def settle(self) -> None:
        """Wait until no bot or change is in flight (a bot may answer a move played before)."""
        def quiet() -> bool:
            busy = [t.bot_task for t in self.hub.tables.values() if t.bot_task is not None]
            return not self.hub._tasks and all(task.done() for task in busy)

        wait_until(quiet, timeout=30, what="the bots to finish")
        turns = getattr(self.hub, "turns", None)
        if turns is not None:  # whose turn it is reaches the store just after a move (server/turns.py)
            self.client.portal.call(turns.flush)

    def state(self) -> tuple:
        """Every row of the store and, in memory, each table's status, move number, seats, chat and keys."""
        with sqlite3.connect(f"file:{self.database}?mode=ro", uri=True) as db:
            names = [r[0] for r in db.execute("SELECT name FROM sqlite_master WHERE type = 'table' ORDER BY name")]
            rows = {name: sorted(db.execute(f'SELECT * FROM "{name}"').fetchall(), key=repr) for name in names}
        memory = {tid: (t.status, t.seq, t.version, len(t.actions), len(t.chat), repr(t.seats), t.updated_at,
                        sorted(t.keys)) for tid, t in self.hub.tables.items()}
        return rows, memory


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("fuzz")
    unlimited = {name: 0 for name in getattr(server_settings, "RATES", ())}  # reach the routes, not the 429
    config = make_settings(folder, **unlimited)
    with TestClient(create_app(config)) as client:
        world = Live(client, folder / "cetate.sqlite3")
        hot = [{"kind": "hotseat", "name": "Ana"}, {"kind": "hotseat", "name": "Bo"}]
        world.add(create(client, game="citadels", players=2, seats=hot))
        world.add(create(client, game="gates", players=2, seats=hot))
        world.add(create(client, game="akropolis", players=2, seats=hot))
        # waiting for its guest; its bot plays once the host starts it or the guest joins
        world.add(create(client, game="citadels", players=3, seats=[
            {"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"}]))
        world.add(_finished_gates(client))
        assert len(world.tables) == TABLES
        yield world


def _finished_gates(client: TestClient) -> dict:
    """A hot-seat Gates game played to its end (for the record, replay and review)."""
    doc = create(client, game="gates", players=2, seats=[{"kind": "hotseat"}, {"kind": "hotseat"}])
    tokens = [s["token"] for s in doc["seats"]]
    url = f"/api/tables/{doc['table_id']}"
    for _ in range(500):
        table = client.get(url).json()["table"]
        if table["status"] == "over":
            return doc
        legal = client.get(url, headers=bearer(tokens[table["to_move"]])).json()["legal_actions"]
        answer = client.post(f"{url}/actions", headers=bearer(tokens[table["to_move"]]),
                             json={"action": legal[table["seq"] % len(legal)]})
        assert answer.status_code == 200, answer.text
    raise AssertionError("the Gates game did not end")


@pytest.fixture(autouse=True)
def _no_network(monkeypatch: pytest.MonkeyPatch) -> None:
    """Nothing here may leave the process: a socket that connects anywhere fails the test."""
    def refuse(*_args, **_kwargs):
        raise AssertionError("the fuzz test tried to open a network connection")

    monkeypatch.setattr(socket.socket, "connect", refuse)
    monkeypatch.setattr(socket.socket, "connect_ex", refuse)
    monkeypatch.setattr(socket, "create_connection", refuse)


def _send(live: Live, case, headers: dict, query: dict):
    kwargs = case.as_transport_kwargs(base_url=BASE_URL, headers=headers)
    kwargs.pop("cookies", None)  # none are declared
    params = {**(kwargs.pop("params", None) or {}), **query}
    if "data" in kwargs:  # a body that is not JSON (or JSON the generator wrote as bytes)
        kwargs["content"] = kwargs.pop("data")
    assert kwargs["url"].startswith(BASE_URL + "/"), kwargs["url"]
    return live.client.request(params=params, **kwargs), kwargs


@schema.parametrize()
@settings(max_examples=MAX_EXAMPLES, derandomize=True, deadline=None, database=None,
          suppress_health_check=list(HealthCheck))
def test_the_api_answers_as_its_schema_says_and_a_refusal_changes_nothing(case, live):
    headers, query = live.aim(case, aim_of(case))
    live.settle()
    before = live.state()
    response, sent = _send(live, case, headers, query)
    if 400 <= response.status_code < 500:
        assert live.state() == before, f"{case.method} {sent['url']} was refused ({response.status_code}) " \
                                       "but changed the store or the table"
    _check_method(case, response)
    case.validate_response(response, checks=CHECKS, headers=sent.get("headers"))


def _check_method(case, response) -> None:
    """A method the path does not take: 405 with the path's methods in `Allow` (OPTIONS: 204 with them,
    HEAD where GET is: answered as GET)."""
    methods = {m.upper() for m in schema.raw_schema["paths"][case.path]}
    method = case.method.upper()
    if method in methods:
        return
    allow = {m.strip() for m in response.headers.get("allow", "").split(",")}
    if method == "HEAD" and "GET" in methods:
        assert response.status_code != 405 and not response.content, response.text
    elif method == "OPTIONS":
        assert response.status_code == 204 and methods <= allow, (response.status_code, allow)
    else:
        assert response.status_code == 405 and methods <= allow, (method, response.status_code, allow)
        assert response.json()["error"]["code"] == "method_not_allowed"
