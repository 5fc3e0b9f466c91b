"""The web app's persistence (cetate.server.storage.Store) on SQLite and on PostgreSQL.

The PostgreSQL case runs when `CETATE_TEST_POSTGRES_URL` is set (`.ci/run` sets it); each test gets its own
schema (through `search_path`), dropped afterwards, so reruns and parallel runs do not see each other.
"""

from __future__ import annotations

import os
import threading
import time
import uuid
from collections.abc import Iterator
from concurrent.futures import wait

import pytest
from alembic.autogenerate import compare_metadata
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import create_engine, inspect, text
from sqlalchemy.engine import make_url

from cetate.bots import bot_seed, make_bot
from cetate.core.record import Record, replay_final
from cetate.games import get as get_game
from cetate.server.storage import (
    DuplicateKey,
    DuplicateTable,
    InviteNotPending,
    SequenceError,
    Store,
    UnknownTable,
    normalize_url,
)
from cetate.server.storage.models import Base
from cetate.server.storage.store import MIGRATIONS_DIR, StoreError
from cetate.server.storage.writer import AppendWriter

POSTGRES_URL = os.environ.get("CETATE_TEST_POSTGRES_URL")
SCHEMA_PREFIX = "cetate_test_"
STALE_AFTER_S = 3600


@pytest.fixture(scope="session")
def pg_admin():
    """An engine on the test PostgreSQL database; first drops schemas left over by crashed runs."""
    if not POSTGRES_URL:
        pytest.skip("CETATE_TEST_POSTGRES_URL is not set")
    engine = create_engine(normalize_url(POSTGRES_URL), isolation_level="AUTOCOMMIT")
    with engine.connect() as conn:
        names = conn.execute(text("SELECT nspname FROM pg_namespace WHERE nspname LIKE :p"),
                             {"p": SCHEMA_PREFIX + "%"}).scalars().all()
        for name in names:
            stamp = name[len(SCHEMA_PREFIX):].split("_")[0]
            if stamp.isdigit() and time.time() - int(stamp) > STALE_AFTER_S:
                conn.execute(text(f'DROP SCHEMA IF EXISTS "{name}" CASCADE'))
    yield engine
    engine.dispose()


@pytest.fixture(params=["sqlite", "postgresql"])
def db_url(request, tmp_path) -> Iterator[str]:
    """A URL to an empty database of each backend."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'data' / 'cetate.sqlite3'}"
        return
    admin = request.getfixturevalue("pg_admin")
    schema = f"{SCHEMA_PREFIX}{int(time.time())}_{uuid.uuid4().hex[:10]}"
    with admin.connect() as conn:
        conn.execute(text(f'CREATE SCHEMA "{schema}"'))
    url = make_url(normalize_url(POSTGRES_URL)).update_query_dict({"options": f"-csearch_path={schema}"})
    try:
        yield url.render_as_string(hide_password=False)
    finally:
        with admin.connect() as conn:
            conn.execute(text(f'DROP SCHEMA IF EXISTS "{schema}" CASCADE'))


@pytest.fixture
def store(db_url) -> Iterator[Store]:
    s = Store(db_url)
    yield s
    s.close()


def new_table(store: Store, table_id: str | None = None, players: int = 3, **fields) -> str:
    table_id = table_id or uuid.uuid4().hex
    table = {"id": table_id, "game": "citadels", "engine_version": "1", "players": players, "seed": 7,
             "options": {"dark_city": False}, "host_token_hash": f"host-{table_id}", **fields}
    seats = [{"seat": 0, "kind": "human", "name": "Ana", "token_hash": f"h0-{table_id}"},
             {"seat": 1, "kind": "hotseat", "name": "Bo", "token_hash": f"h1-{table_id}"}]
    seats += [{"seat": i, "kind": "bot", "bot": "random", "level": "easy"} for i in range(2, players)]
    store.create_table(table, seats)
    return table_id


# -- schema and migrations -----------------------------------------------------------------------
def test_migrations_create_the_schema_and_reopening_is_fine(db_url):
    store = Store(db_url)
    try:
        names = set(inspect(store.engine).get_table_names())
        assert {"tables", "seats", "actions", "snapshots", "alembic_version"} <= names
        head = ScriptDirectory(str(MIGRATIONS_DIR)).get_current_head()
        with store.engine.connect() as conn:
            assert MigrationContext.configure(conn).get_current_revision() == head
        tid = new_table(store)
        store.append_action(tid, 1, 0, {"type": "pick"}, "k1")
    finally:
        store.close()
    again = Store(db_url)  # migrations at head already: nothing to do, data kept
    try:
        assert again.table(tid)["seq"] == 1
        assert [a["key"] for a in again.actions(tid)] == ["k1"]
    finally:
        again.close()


def test_models_match_the_migrations(store):
    with store.engine.connect() as conn:
        diff = compare_metadata(MigrationContext.configure(conn, opts={"compare_type": True}), Base.metadata)
    assert diff == []


def test_url_normalisation():
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h:5433/db") == "postgresql+psycopg://u@h:5433/db"
    assert normalize_url("postgresql+psycopg://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("sqlite:///x.db") == "sqlite:///x.db"
    assert normalize_url("data/cetate.sqlite3") == "sqlite:///data/cetate.sqlite3"


def test_in_memory_sqlite_works():
    with Store("sqlite://") as store:
        tid = new_table(store)
        store.append_action(tid, 1, 0, {"type": "x"}, None)
        assert store.last_seq(tid) == 1


def test_sqlite_uses_wal_foreign_keys_and_a_busy_timeout(tmp_path):
    path = tmp_path / "w.sqlite3"
    with Store(f"sqlite:///{path}") as store:
        new_table(store)
        with store.engine.connect() as conn:
            assert conn.exec_driver_sql("PRAGMA journal_mode").scalar() == "wal"
            assert conn.exec_driver_sql("PRAGMA foreign_keys").scalar() == 1
            assert conn.exec_driver_sql("PRAGMA busy_timeout").scalar() >= 1000
        assert (tmp_path / "w.sqlite3-wal").exists()


# -- tables and seats ----------------------------------------------------------------------------
def test_create_and_read_a_table_with_its_seats(store):
    tid = new_table(store, players=4, clock={"initial_s": 300, "increment_s": 5}, seed="abc")
    t = store.table(tid)
    assert t["id"] == tid and t["game"] == "citadels" and t["engine_version"] == "1"
    assert t["players"] == 4 and t["seed"] == "abc" and t["options"] == {"dark_city": False}
    assert t["status"] == "waiting" and t["clock"] == {"initial_s": 300, "increment_s": 5}
    assert t["host_token_hash"] == f"host-{tid}" and t["seq"] == 0
    assert t["created_at"].endswith("+00:00") and t["updated_at"] >= t["created_at"]
    assert t["seats"] == [
        {"seat": 0, "kind": "human", "bot": None, "level": None, "name": "Ana", "token_hash": f"h0-{tid}",
         "joined": False, "credentials": []},
        {"seat": 1, "kind": "hotseat", "bot": None, "level": None, "name": "Bo", "token_hash": f"h1-{tid}",
         "joined": False, "credentials": []},
        {"seat": 2, "kind": "bot", "bot": "random", "level": "easy", "name": None, "token_hash": None,
         "joined": False, "credentials": []},
        {"seat": 3, "kind": "bot", "bot": "random", "level": "easy", "name": None, "token_hash": None,
         "joined": False, "credentials": []},
    ]
    assert store.table("nope") is None


def test_integer_seeds_and_big_json_numbers_round_trip(store):
    tid = new_table(store, seed=2**64 - 1)
    assert store.table(tid)["seed"] == 2**64 - 1
    for seed in (0, -5, 2**70, "7", "", "seed with spaces é"):
        assert store.table(new_table(store, seed=seed))["seed"] == seed
    state = {"rng": 2**64 - 1, "nested": [{"a": [1, 2.5, None, True, "é"]}]}
    store.save_snapshot(tid, 0, state)
    assert store.latest_snapshot(tid) == (0, state)


def test_create_table_refuses_bad_input(store):
    tid = new_table(store)
    with pytest.raises(DuplicateTable):
        new_table(store, table_id=tid)
    with pytest.raises(ValueError, match="unknown table field"):
        store.create_table({"id": "x", "game": "g", "engine_version": "1", "players": 2, "seed": 1,
                            "token": "plain"}, [])
    with pytest.raises(ValueError, match="missing"):
        store.create_table({"id": "x", "game": "g", "players": 2, "seed": 1}, [])
    with pytest.raises(ValueError, match="status"):
        store.create_table({"id": "x", "game": "g", "engine_version": "1", "players": 2, "seed": 1,
                            "status": "paused"}, [])
    base = {"id": "x", "game": "g", "engine_version": "1", "players": 2, "seed": 1}
    with pytest.raises(ValueError, match="seat numbers"):
        store.create_table(base, [{"seat": 0, "kind": "bot"}, {"seat": 0, "kind": "bot"}])
    with pytest.raises(ValueError, match="seat numbers"):
        store.create_table(base, [{"seat": 2, "kind": "bot"}])
    with pytest.raises(ValueError, match="unknown seat field"):
        store.create_table(base, [{"seat": 0, "kind": "human", "token": "plain"}])
    assert store.table("x") is None


def test_tables_by_ids(store):
    a, b, c = new_table(store), new_table(store), new_table(store)
    store.append_action(b, 1, 0, {"type": "x"}, None)
    got = store.tables([c, "missing", a, b, a])
    assert [t["id"] for t in got] == [c, a, b]
    assert [t["seq"] for t in got] == [0, 0, 1]
    assert all(len(t["seats"]) == 3 for t in got)
    assert store.tables([]) == [] and store.tables(["missing"]) == []


def test_unfinished_and_status_updates(store):
    a, b, c = new_table(store), new_table(store), new_table(store)
    before = store.table(b)["updated_at"]
    time.sleep(0.01)
    store.set_status(b, "playing")
    store.set_status(c, "over")
    assert store.table(b)["status"] == "playing" and store.table(b)["updated_at"] > before
    assert store.unfinished() == [a, b]
    store.set_status(a, "over")
    assert store.unfinished() == [b]
    with pytest.raises(ValueError, match="status"):
        store.set_status(b, "finished")
    with pytest.raises(UnknownTable):
        store.set_status("missing", "over")
    assert store.table(b)["status"] == "playing"


def test_update_seat(store):
    tid = new_table(store)
    store.update_seat(tid, 0, joined=True, name="Ana B.")
    store.update_seat(tid, 1, kind="bot", bot="citadels-heuristic", level="normal", token_hash=None)
    seats = store.table(tid)["seats"]
    assert seats[0]["joined"] is True and seats[0]["name"] == "Ana B."
    assert seats[1] == {"seat": 1, "kind": "bot", "bot": "citadels-heuristic", "level": "normal", "name": "Bo",
                        "token_hash": None, "joined": False, "credentials": []}
    with pytest.raises(ValueError, match="cannot be updated"):
        store.update_seat(tid, 0, colour="red")
    with pytest.raises(UnknownTable):
        store.update_seat(tid, 7, joined=True)
    with pytest.raises(UnknownTable):
        store.update_seat("missing", 0, joined=True)


def test_clock_and_token_lookup(store):
    a, b = new_table(store), new_table(store)
    store.set_clock(a, {"initial_s": 60, "increment_s": 2, "remaining": [60, 60, 60]})
    assert store.table(a)["clock"]["remaining"] == [60, 60, 60]
    store.set_clock(a, None)
    assert store.table(a)["clock"] is None
    found = store.lookup_tokens([f"h1-{a}", f"host-{b}", f"h0-{b}", "unknown"])
    assert sorted(found, key=lambda f: (f["table_id"], str(f["seat"]))) == sorted([
        {"token_hash": f"h1-{a}", "table_id": a, "seat": 1, "host": False},
        {"token_hash": f"h0-{b}", "table_id": b, "seat": 0, "host": False},
        {"token_hash": f"host-{b}", "table_id": b, "seat": None, "host": True},
    ], key=lambda f: (f["table_id"], str(f["seat"])))
    c = new_table(store, host_token_hash="shared")
    store.update_seat(c, 0, token_hash="shared")
    assert store.lookup_tokens(["shared"]) == [{"token_hash": "shared", "table_id": c, "seat": 0, "host": True}]
    assert store.lookup_tokens([]) == []


def test_seat_credentials_invites_spent_and_revoked(store):
    tid = new_table(store)
    store.create_table({"id": "other", "game": "citadels", "engine_version": "1", "players": 2, "seed": 1},
                       [{"seat": 0, "kind": "human", "token_hash": "h-other"},
                        {"seat": 1, "kind": "human", "credentials": [{"token_hash": "inv-1", "kind": "invite"}]}])
    assert store.table("other")["seats"][1]["credentials"] == [
        {"token_hash": "inv-1", "kind": "invite", "state": "active", "host": False}]
    assert store.lookup_tokens(["inv-1"]) == [{"token_hash": "inv-1", "table_id": "other", "seat": 1, "host": False}]
    store.spend_invite("other", 1, "inv-1", "dev-1", joined=True, name="Bo")
    seat = store.table("other")["seats"][1]
    assert seat["joined"] is True and seat["name"] == "Bo" and seat["token_hash"] is None
    assert [(c["token_hash"], c["kind"], c["state"]) for c in seat["credentials"]] == [
        ("inv-1", "invite", "spent"), ("dev-1", "device", "active")]
    assert store.lookup_tokens(["inv-1"]) == []  # a spent invite holds nothing
    assert store.lookup_tokens(["dev-1"]) == [{"token_hash": "dev-1", "table_id": "other", "seat": 1, "host": False}]
    with pytest.raises(InviteNotPending):  # once only
        store.spend_invite("other", 1, "inv-1", "dev-2", joined=True)
    with pytest.raises(InviteNotPending):  # not another table's, nor another seat's
        store.spend_invite(tid, 1, "inv-1", "dev-2")
    # a new link revokes the seat's invite and devices (and a seat token kept from before invites were spent)
    assert sorted(store.reissue_invite("other", 1, "inv-2")) == ["dev-1", "inv-1"]
    assert sorted(store.reissue_invite(tid, 1, "inv-3")) == [f"h1-{tid}"]
    assert store.table(tid)["seats"][1]["token_hash"] is None
    assert [(c["token_hash"], c["state"]) for c in store.table(tid)["seats"][1]["credentials"]] == [
        (f"h1-{tid}", "revoked"), ("inv-3", "active")]
    assert store.lookup_tokens(["dev-1", "inv-1", f"h1-{tid}"]) == []
    # the host's own seat keeps its token; the device that joins with its link is a host one
    assert store.reissue_invite(tid, 0, "inv-4", host=True, revoke_seat_token=False) == []
    store.spend_invite(tid, 0, "inv-4", "dev-4")
    assert store.table(tid)["seats"][0]["token_hash"] == f"h0-{tid}"
    assert store.lookup_tokens(["dev-4"]) == [{"token_hash": "dev-4", "table_id": tid, "seat": 0, "host": True}]
    assert store.delete_table("other") and store.lookup_tokens(["inv-2"]) == []


# -- the action log ------------------------------------------------------------------------------
def test_actions_are_append_only(store):
    tid = new_table(store)
    with pytest.raises(SequenceError, match="next seq is 1"):
        store.append_action(tid, 0, 0, {"type": "a"}, None)
    store.append_action(tid, 1, 0, {"type": "a"}, None)
    store.append_action(tid, 2, 1, {"type": "b"}, None, by_bot=True)
    for bad in (1, 2, 4, 10, -1):
        with pytest.raises(SequenceError, match="next seq is 3"):
            store.append_action(tid, bad, 0, {"type": "bad"}, f"key-{bad}")
    assert store.action_for_key(tid, "key-4") is None  # nothing written by a refused append
    assert [(a["seq"], a["action"]) for a in store.actions(tid)] == [(1, {"type": "a"}), (2, {"type": "b"})]
    other = new_table(store)  # numbering is per table
    store.append_action(other, 1, 0, {"type": "c"}, None)
    with pytest.raises(UnknownTable):
        store.append_action("missing", 1, 0, {"type": "a"}, None)
    assert store.last_seq(tid) == 2 and store.last_seq(other) == 1 and store.last_seq("missing") == 0


def test_duplicate_key_is_refused_and_nothing_is_written(store):
    tid = new_table(store)
    store.append_action(tid, 1, 0, {"type": "a"}, "k")
    before = store.table(tid)["updated_at"]
    with pytest.raises(DuplicateKey) as info:
        store.append_action(tid, 2, 0, {"type": "b"}, "k")
    assert info.value.seq == 1 and info.value.key == "k"
    with pytest.raises(DuplicateKey):  # the key rule wins over the seq rule
        store.append_action(tid, 1, 0, {"type": "a"}, "k")
    assert store.last_seq(tid) == 1 and store.table(tid)["updated_at"] == before
    assert [a["action"] for a in store.actions(tid)] == [{"type": "a"}]
    store.append_action(tid, 2, 0, {"type": "b"}, None)  # keys are optional, and None never collides
    store.append_action(tid, 3, 0, {"type": "c"}, None)
    other = new_table(store)
    store.append_action(other, 1, 0, {"type": "a"}, "k")  # keys are per table
    assert store.last_seq(tid) == 3


def test_action_for_key(store):
    tid = new_table(store)
    store.append_action(tid, 1, 2, {"type": "build", "card": "castle"}, "abc", by_bot=True, timeout=True)
    got = store.action_for_key(tid, "abc")
    assert got["created_at"].endswith("+00:00")
    del got["created_at"]
    assert got == {"table_id": tid, "seq": 1, "seat": 2, "action": {"type": "build", "card": "castle"},
                   "key": "abc", "by_bot": True, "timeout": True}
    assert store.action_for_key(tid, "other") is None
    assert store.action_for_key("missing", "abc") is None


def test_actions_after_seq(store):
    tid = new_table(store)
    for seq in range(1, 8):
        store.append_action(tid, seq, seq % 3, {"type": "step", "n": seq}, f"k{seq}")
    assert [a["seq"] for a in store.actions(tid)] == list(range(1, 8))
    assert [a["action"]["n"] for a in store.actions(tid, after_seq=4)] == [5, 6, 7]
    assert store.actions(tid, after_seq=7) == [] and store.actions("missing") == []
    assert [a["by_bot"] for a in store.actions(tid, 5)] == [False, False]


def test_concurrent_appends_keep_the_log_gapless(store):
    tid = new_table(store)
    per_thread, threads, errors = 15, 4, []

    def worker(n: int) -> None:
        done = 0
        try:
            while done < per_thread:
                seq = store.last_seq(tid) + 1
                try:
                    store.append_action(tid, seq, n, {"type": "t", "thread": n}, f"{n}-{done}")
                    done += 1
                except SequenceError:
                    continue  # another thread took that seq: read the log again
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)

    pool = [threading.Thread(target=worker, args=(n,)) for n in range(threads)]
    for t in pool:
        t.start()
    for t in pool:
        t.join()
    assert errors == []
    log = store.actions(tid)
    assert [a["seq"] for a in log] == list(range(1, per_thread * threads + 1))
    assert len({a["key"] for a in log}) == per_thread * threads


# -- snapshots -----------------------------------------------------------------------------------
def test_snapshots_latest_wins(store):
    tid = new_table(store)
    assert store.latest_snapshot(tid) is None
    store.save_snapshot(tid, 0, {"at": 0})
    for seq in range(1, 5):
        store.append_action(tid, seq, 0, {"type": "x"}, None)
    store.save_snapshot(tid, 4, {"at": 4})
    store.save_snapshot(tid, 2, {"at": 2})  # an older one saved late does not win
    assert store.latest_snapshot(tid) == (4, {"at": 4})
    store.save_snapshot(tid, 4, {"at": 4, "again": True})  # the same seq again replaces it
    assert store.latest_snapshot(tid) == (4, {"at": 4, "again": True})
    with pytest.raises(SequenceError, match="snapshot seq 5"):
        store.save_snapshot(tid, 5, {"at": 5})  # ahead of the log
    with pytest.raises(UnknownTable):
        store.save_snapshot("missing", 0, {})
    assert store.latest_snapshot("missing") is None


def test_delete_table(store):
    tid = new_table(store)
    store.append_action(tid, 1, 0, {"type": "x"}, "k")
    store.save_snapshot(tid, 1, {"s": 1})
    assert store.delete_table(tid) is True and store.delete_table(tid) is False
    assert store.table(tid) is None and store.actions(tid) == [] and store.latest_snapshot(tid) is None


# -- restart: snapshot + later actions == replay from the seed --------------------------------------
SNAPSHOT_EVERY = 50


def play_and_store(store: Store, table_id: str, players: int, seed, stop_after: int | None):
    """Play Citadels with heuristic bots, storing every action and a snapshot every 50 actions (and at the
    end). Returns the live state, the game and the validated options."""
    game = get_game("citadels")
    options = game.options.validate(None)
    bots = [make_bot("citadels-heuristic", game, i, bot_seed(seed, i)) for i in range(players)]
    store.create_table({"id": table_id, "game": game.id, "engine_version": game.engine_version,
                        "players": players, "options": options, "seed": seed},
                       [{"seat": i, "kind": "bot", "bot": "citadels-heuristic", "level": "normal"}
                        for i in range(players)])
    state = game.setup(players, seed, options)
    store.save_snapshot(table_id, 0, game.to_json(state))
    store.set_status(table_id, "playing")
    seq = 0
    while (seat := game.to_move(state)) is not None and (stop_after is None or seq < stop_after):
        action = bots[seat].act(game.view(state, seat), game.legal_actions(state))
        game.apply(state, action)
        seq += 1
        store.append_action(table_id, seq, seat, action, f"bot-{seq}", by_bot=True)
        if seq % SNAPSHOT_EVERY == 0:
            store.save_snapshot(table_id, seq, game.to_json(state))
    if game.is_over(state):
        store.save_snapshot(table_id, seq, game.to_json(state))
        store.set_status(table_id, "over")
    return state, game, options


def restore(store: Store, table_id: str):
    """The state rebuilt from the latest snapshot plus the later actions."""
    game = get_game(store.table(table_id)["game"])
    seq, doc = store.latest_snapshot(table_id)
    state = game.from_json(doc)
    for row in store.actions(table_id, after_seq=seq):
        assert row["seq"] == seq + 1
        game.apply(state, row["action"])
        seq = row["seq"]
    return state, seq


@pytest.mark.parametrize("stop_after", [173, None], ids=["mid-game", "finished"])
def test_restart_restores_the_state_from_snapshot_and_log(db_url, stop_after):
    seed, players, tid = 11, 4, "restart-" + uuid.uuid4().hex[:8]
    store = Store(db_url)
    try:
        live, game, _ = play_and_store(store, tid, players, seed, stop_after)
        live_doc = game.to_json(live)
    finally:
        store.close()

    reopened = Store(db_url)
    try:
        table = reopened.table(tid)
        state, seq = restore(reopened, tid)
        snap_seq, _ = reopened.latest_snapshot(tid)
        actions = [row["action"] for row in reopened.actions(tid)]
        if stop_after is None:
            assert table["status"] == "over" and tid not in reopened.unfinished()
            assert snap_seq == seq == len(actions) > 150
        else:
            assert table["status"] == "playing" and tid in reopened.unfinished()
            assert seq == len(actions) == stop_after and snap_seq == 150
    finally:
        reopened.close()

    record = Record(game=table["game"], engine_version=table["engine_version"], options=table["options"],
                    seats=table["seats"], seed=table["seed"], actions=actions)
    replayed = replay_final(game, record)
    assert game.to_json(state) == game.to_json(replayed) == live_doc
    assert game.is_over(state) == (stop_after is None)
    if stop_after is not None:  # the restored table plays on like the live one
        assert game.legal_actions(state) == game.legal_actions(live)


def test_only_the_last_action_can_be_taken_back(store):
    tid = new_table(store)
    for seq in (1, 2):
        store.append_action(tid, seq, 0, {"type": "x", "n": seq}, f"k{seq}")
    store.save_snapshot(tid, 2, {"s": 2})
    store.save_snapshot(tid, 1, {"s": 1})
    with pytest.raises(SequenceError):
        store.retract_action(tid, 1)
    with pytest.raises(UnknownTable):
        store.retract_action("no-such-table", 1)
    store.retract_action(tid, 2)
    assert [a["seq"] for a in store.actions(tid)] == [1]
    assert store.latest_snapshot(tid) == (1, {"s": 1})  # the snapshot after the move is gone
    assert store.action_for_key(tid, "k2") is None and store.table(tid)["seq"] == 1
    store.append_action(tid, 2, 0, {"type": "y"}, "k2")  # the log goes on from there
    assert store.last_seq(tid) == 2


# -- AppendWriter and append_actions: the moves of many tables in one transaction --------------------------


def test_a_batch_of_many_tables_is_written_whole(store):
    tables = [new_table(store) for _ in range(5)]
    batch = [{"table_id": t, "seq": n, "seat": 0, "action": {"type": "x", "n": n}, "key": f"k{n}"}
             for n in (1, 2) for t in tables]
    store.append_actions(batch)
    for t in tables:
        assert [(a["seq"], a["action"]["n"], a["key"]) for a in store.actions(t)] == [(1, 1, "k1"), (2, 2, "k2")]


@pytest.mark.parametrize("bad", ["gap", "repeat", "key", "table"])
def test_a_batch_that_breaks_a_rule_writes_nothing(store, bad):
    good = new_table(store)
    other = new_table(store)
    store.append_action(other, 1, 0, {"type": "a"}, "used")
    item = {"gap": {"table_id": other, "seq": 3, "seat": 0, "action": {}, "key": None},
            "repeat": {"table_id": other, "seq": 1, "seat": 0, "action": {}, "key": None},
            "key": {"table_id": other, "seq": 2, "seat": 0, "action": {}, "key": "used"},
            "table": {"table_id": "missing", "seq": 1, "seat": 0, "action": {}, "key": None}}[bad]
    with pytest.raises((SequenceError, UnknownTable, StoreError)):
        store.append_actions([{"table_id": good, "seq": 1, "seat": 0, "action": {}, "key": None}, item])
    assert store.actions(good) == [] and len(store.actions(other)) == 1


def test_the_writer_answers_each_move_on_its_own(store):
    writer = AppendWriter(store)
    try:
        a, b = new_table(store), new_table(store)
        store.append_action(b, 1, 0, {"type": "first"}, "k")
        futures = [writer.submit(a, 1, 0, {"type": "ok"}, "k"),
                   writer.submit(b, 2, 1, {"type": "again"}, "k"),  # the key is taken at table b
                   writer.submit(b, 5, 1, {"type": "gap"}, None)]
        wait(futures, timeout=10)
        assert futures[0].result() is None
        assert isinstance(futures[1].exception(), DuplicateKey)
        assert isinstance(futures[2].exception(), SequenceError)
        assert [x["action"]["type"] for x in store.actions(a)] == ["ok"]
        assert [x["action"]["type"] for x in store.actions(b)] == ["first"]
    finally:
        writer.close()


def test_many_threads_many_tables_one_gapless_log_each(store):
    writer = AppendWriter(store)
    tables = [new_table(store) for _ in range(8)]
    errors: list[BaseException] = []

    def play(table_id: str) -> None:  # one table's moves, one after another, as the hub sends them
        for seq in range(1, 41):
            exc = writer.submit(table_id, seq, seq % 2, {"type": "m", "seq": seq}, f"k{seq}").exception(timeout=20)
            if exc is not None:
                errors.append(exc)

    threads = [threading.Thread(target=play, args=(t,)) for t in tables]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    writer.close()
    assert errors == []
    for t in tables:
        assert [a["seq"] for a in store.actions(t)] == list(range(1, 41))


def test_a_closed_writer_writes_what_was_queued_and_refuses_more(store):
    writer = AppendWriter(store)
    table = new_table(store)
    futures = [writer.submit(table, seq, 0, {"type": "m"}, None) for seq in (1,)]
    writer.close()
    assert all(f.done() and f.exception() is None for f in futures)
    late = writer.submit(table, 2, 0, {"type": "m"}, None)
    assert isinstance(late.exception(timeout=1), RuntimeError)
    assert [a["seq"] for a in store.actions(table)] == [1]
