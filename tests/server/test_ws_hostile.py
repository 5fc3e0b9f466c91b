"""Hostile WebSocket frames (`cetate.server.ws`): every frame the server cannot use is answered with an
`error` and the socket stays usable; nothing changes at the table; no traceback (and nothing of a frame)
reaches the log; a socket that keeps sending bad frames is closed with 1008; and a bounded fuzzer."""

from __future__ import annotations

import json
import logging
import warnings
from collections.abc import Iterator

import pytest
from hypothesis import HealthCheck, given
from hypothesis import settings as hsettings
from hypothesis import strategies as st
from starlette.websockets import WebSocketDisconnect

from cetate.server import ws as ws_module
from cetate.server.api import KEY_MAX
from cetate.server.app import create_app
from tests.server.conftest import human_vs_bots, make_settings, my_turn

with warnings.catch_warnings():
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

LIMIT = 64 * 1024  # max_body_bytes of this module's server (the default)
MARK = "SECRET-MARK-5e1f"  # put in frames: it must never reach the log

ANSWERS = {"error", "pong", "sync", "chat"}  # what one frame may get back at a table that waits for us
ERROR_CODES = {
    # bad frames (ws.py)
    "message_too_large", "bad_utf8", "too_deep", "bad_number", "malformed_json", "bad_message",
    "unknown_message", "malformed_action", "bad_request",
    # well-formed requests the table refuses (tables.py)
    "unknown_action", "illegal_action", "wrong_seat", "unknown_field", "bad_action",
    "empty_message", "message_too_long", "too_many_messages", "not_your_turn", "taken_back",
    "key_conflict",
}


def deep(depth: int, inner: str = "1") -> str:
    return "[" * depth + inner + "]" * depth


HOSTILE: list[tuple[str, str | bytes, str, str | None]] = [  # (name, frame, error code, field)
    ("deep_arrays_40kb", deep(20_000, ""), "too_deep", None),
    ("deep_objects", '{"a":' * 100 + "1" + "}" * 100, "too_deep", None),
    ("deep_action", json.dumps({"type": "act", "action": {"type": "x"}})[:-2] + ',"v":' + deep(70) + "}}",
     "too_deep", None),
    ("deep_binary", deep(1000).encode(), "too_deep", None),
    ("binary_bad_utf8", b'\xff\xfe{"type": "ping"}', "bad_utf8", None),
    ("binary_truncated_utf8", '{"type": "say", "text": "\u00e9'.encode()[:-1], "bad_utf8", None),
    ("escaped_lone_surrogate", '{"type": "say", "text": "\\ud800 ' + MARK + '"}', "bad_utf8", None),
    ("raw_lone_surrogate", '{"type": "act", "action": {"type": "\ud800"}}', "bad_utf8", None),
    ("float_1e400", '{"type": "act", "action": {"type": "x", "n": 1e400}, "key": "k1"}', "bad_number", None),
    ("int_5000_digits", '{"type": "ping", "n": ' + "9" * 5000 + "}", "bad_number", None),
    ("int_41_digits", '{"type": "act", "seat": -' + "1" * 41 + "}", "bad_number", None),
    ("nan", '{"type": "ping", "n": NaN}', "bad_number", None),
    ("infinity", '{"type": "ping", "n": Infinity}', "bad_number", None),
    ("minus_infinity", '[-Infinity]', "bad_number", None),
    ("oversize_chars", '{"type": "say", "text": "' + "x" * LIMIT + '"}', "message_too_large", None),
    ("oversize_bytes", '{"type": "say", "text": "' + "\u00e9" * (LIMIT // 2) + '"}', "message_too_large", None),
    ("oversize_binary", b" " * (LIMIT + 1), "message_too_large", None),
    ("not_json", "{not json " + MARK, "malformed_json", None),
    ("empty_text", "", "malformed_json", None),
    ("empty_binary", b"", "malformed_json", None),
    ("trailing_garbage", '{"type": "ping"} x', "malformed_json", None),
    ("array", "[]", "bad_message", None),
    ("number", "1", "bad_message", None),
    ("string", '"ping"', "bad_message", None),
    ("null", "null", "bad_message", None),
    ("type_number", '{"type": 5}', "bad_message", None),
    ("type_missing", "{}", "bad_message", None),
    ("unknown_type", json.dumps({"type": "dance" * 100}), "unknown_message", None),
    ("act_no_action", '{"type": "act"}', "malformed_action", "action"),
    ("act_action_null", '{"type": "act", "action": null}', "malformed_action", "action"),
    ("act_action_string", '{"type": "act", "action": "take_gold"}', "malformed_action", "action"),
    ("act_action_list", '{"type": "act", "action": [{"type": "x"}]}', "malformed_action", "action"),
    ("act_action_number", '{"type": "act", "action": 5}', "malformed_action", "action"),
    ("act_action_type_number", '{"type": "act", "action": {"type": 5}}', "malformed_action", "action"),
    ("act_action_no_type", '{"type": "act", "action": {"kind": "x"}}', "malformed_action", "action"),
    ("act_key_number", '{"type": "act", "action": {"type": "x"}, "key": 5}', "bad_request", "key"),
    ("act_key_empty", '{"type": "act", "action": {"type": "x"}, "key": ""}', "bad_request", "key"),
    ("act_key_long", json.dumps({"type": "act", "action": {"type": "x"}, "key": "k" * (KEY_MAX + 1)}),
     "bad_request", "key"),
    ("act_key_object", '{"type": "act", "action": {"type": "x"}, "key": {"a": 1}}', "bad_request", "key"),
    ("act_seat_string", '{"type": "act", "action": {"type": "x"}, "seat": "0"}', "bad_request", "seat"),
    ("act_seat_bool", '{"type": "act", "action": {"type": "x"}, "seat": true}', "bad_request", "seat"),
    ("act_seat_float", '{"type": "act", "action": {"type": "x"}, "seat": 0.5}', "bad_request", "seat"),
    ("act_seat_list", '{"type": "act", "action": {"type": "x"}, "seat": [0]}', "bad_request", "seat"),
    ("say_text_number", '{"type": "say", "text": 5}', "bad_request", "text"),
    ("say_text_null", '{"type": "say", "text": null}', "bad_request", "text"),
    ("say_text_missing", '{"type": "say"}', "bad_request", "text"),
    ("say_text_list", '{"type": "say", "text": ["hi"]}', "bad_request", "text"),
    ("say_text_object", '{"type": "say", "text": {"t": "hi"}}', "bad_request", "text"),
]


@pytest.fixture(scope="module")
def server(tmp_path_factory) -> Iterator[tuple[TestClient, str, str]]:
    """One app for the module: a table where bots have played and the human (seat 0) is to move, so nothing
    changes there unless a frame plays a move."""
    settings = make_settings(tmp_path_factory.mktemp("hostile"), max_body_bytes=LIMIT)
    with TestClient(create_app(settings)) as client:
        doc = human_vs_bots(client, players=3, seed=21)
        my_turn(client, doc["table_id"], doc["host_token"])
        yield client, doc["table_id"], doc["host_token"]


def state_of(client: TestClient, table_id: str) -> tuple[int, dict]:
    table = client.app.state.hub.tables[table_id]
    return table.seq, table.game.view(table.state, None)


def send(ws, frame: str | bytes) -> None:
    if isinstance(frame, bytes):
        ws.send_bytes(frame)
    else:
        ws.send_text(frame)


def still_usable(ws) -> None:
    ws.send_text('{"type": "ping"}')
    assert ws.receive_json() == {"type": "pong"}


@pytest.mark.parametrize(("frame", "code", "field"), [h[1:] for h in HOSTILE], ids=[h[0] for h in HOSTILE])
def test_a_hostile_frame_gets_an_error_and_the_socket_stays_usable(server, frame, code, field):
    client, table_id, token = server
    before = state_of(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"
        send(ws, frame)
        error = ws.receive_json()
        assert error["type"] == "error" and error["code"] == code, error
        assert error["key"] is None and isinstance(error["message"], str) and error["message"]
        assert error.get("field") == field
        assert MARK not in error["message"] and len(error["message"]) < 200
        still_usable(ws)
        ws.send_text('{"type": "sync"}')
        assert ws.receive_json()["table"]["seq"] == before[0]
    assert state_of(client, table_id) == before


def test_binary_frames_of_utf8_json_are_read_like_text(server):
    client, table_id, token = server
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"
        ws.send_bytes(b'{"type": "ping"}')
        assert ws.receive_json() == {"type": "pong"}
        ws.send_bytes(json.dumps({"type": "act", "action": {"type": "fly"}, "key": "b\u00e9-1"}).encode())
        error = ws.receive_json()
        assert error["type"] == "error" and error["key"] == "b\u00e9-1" and error["code"] not in (
            "bad_utf8", "malformed_json")


def test_a_socket_that_keeps_sending_bad_frames_is_closed_with_1008(server):
    client, table_id, token = server
    before = state_of(client, table_id)
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"
        for i in range(ws_module.BAD_FRAMES_MAX - 1):
            send(ws, HOSTILE[i % len(HOSTILE)][1])
            assert ws.receive_json()["type"] == "error"
        # refusals of well-formed requests are not bad frames
        for i in range(5):
            ws.send_json({"type": "act", "action": {"type": "fly"}, "key": f"r{i}"})
            assert ws.receive_json()["code"] not in ("malformed_action", "bad_request")
        still_usable(ws)
        ws.send_text("{")
        assert ws.receive_json()["code"] == "malformed_json"  # the last one is answered, then the socket closes
        with pytest.raises(WebSocketDisconnect) as info:
            ws.receive_json()
        assert info.value.code == 1008
    assert state_of(client, table_id) == before
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:  # a new socket starts afresh
        assert ws.receive_json()["type"] == "sync"
        still_usable(ws)


def test_hostile_frames_log_no_traceback_and_nothing_of_the_frame(server, caplog, monkeypatch):
    client, table_id, token = server
    monkeypatch.setattr(ws_module, "BAD_FRAMES_MAX", 10**6)
    with caplog.at_level(logging.DEBUG), \
            client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"
        for _name, frame, code, _field in HOSTILE:
            send(ws, frame)
            assert ws.receive_json()["code"] == code
        still_usable(ws)
    assert caplog.records, "the bad frames were not logged at DEBUG"
    for record in caplog.records:
        assert record.exc_info is None and not record.exc_text and not record.stack_info, record.getMessage()
        line = record.getMessage()
        assert "Traceback" not in line and MARK not in line and len(line) < 300, line


def test_an_unexpected_failure_is_an_error_in_one_log_line(server, caplog, monkeypatch):
    client, table_id, token = server

    async def broken(*_args, **_kwargs):
        raise KeyError(MARK)

    monkeypatch.setattr(client.app.state.hub, "act", broken)
    with caplog.at_level(logging.DEBUG, logger="cetate"), \
            client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"
        ws.send_json({"type": "act", "action": {"type": "x"}, "key": "u1"})
        error = ws.receive_json()
        assert error["code"] == "internal_error" and error["key"] == "u1" and MARK not in error["message"]
        still_usable(ws)
    lines = [r for r in caplog.records if r.name == "cetate.server.ws"]
    assert len(lines) == 1 and lines[0].exc_info is None and "KeyError" in lines[0].getMessage()
    assert MARK not in caplog.text


def test_an_unpaired_surrogate_in_an_outgoing_message_is_escaped_not_fatal():
    """A chat line stored through another route may hold one: the socket escapes it instead of failing."""
    text = ws_module._dumps({"type": "chat", "line": {"text": "a\ud800\u00e9"}})
    text.encode("utf-8")
    assert json.loads(text) == {"type": "chat", "line": {"text": "a\ud800\u00e9"}}
    assert ws_module._dumps({"text": "\u00e9"}) == '{"text":"\u00e9"}'  # plain text stays unescaped


# -- the fuzzer ---------------------------------------------------------------------------------------------

SCALARS = (st.none() | st.booleans() | st.integers() | st.integers(min_value=-(10**60), max_value=10**60)
           | st.floats(allow_nan=True, allow_infinity=True) | st.text(max_size=12)
           | st.text(st.characters(min_codepoint=0xD7F0, max_codepoint=0xE010), max_size=3))
VALUES = st.recursive(SCALARS, lambda inner: st.lists(inner, max_size=3)
                      | st.dictionaries(st.text(max_size=6), inner, max_size=3), max_leaves=12)
TYPES = st.sampled_from(["act", "say", "ping", "sync", "dance", "", "ACT"]) | st.text(max_size=6) | VALUES
MESSAGES = st.fixed_dictionaries({"type": TYPES}, optional={
    "action": VALUES | st.fixed_dictionaries({"type": st.text(max_size=8)}, optional={"card": VALUES}),
    "key": VALUES | st.text(min_size=1, max_size=8), "seat": VALUES | st.integers(-2, 4),
    "text": VALUES | st.text(max_size=40)})

ACTS = st.fixed_dictionaries(  # well-formed moves that no table knows (a real one would change the table)
    {"type": st.just("act"), "action": st.fixed_dictionaries({"type": st.sampled_from(["fly", "x", ""])},
                                                             optional={"card": VALUES, "n": VALUES})},
    optional={"key": st.text(min_size=1, max_size=KEY_MAX + 2), "seat": st.integers(-2, 4) | VALUES})


def _json(value) -> str:
    return json.dumps(value, allow_nan=True)


def _mutate(text: str, at: int, cut: int, insert: str) -> str:
    at %= len(text) + 1
    return text[:at] + insert + text[at + cut:]


TEXT_FRAMES = st.one_of(
    MESSAGES.map(_json),
    ACTS.map(_json),
    VALUES.map(_json),
    st.builds(_mutate, MESSAGES.map(_json), st.integers(0, 200), st.integers(0, 3),
              st.text(alphabet='{}[]",:\\ 0123456789eE.-+nNaItfu', max_size=4)),
    st.builds(lambda n, v: '{"type": "ping", "n": ' + "7" * n + "}" if v else "[" + "1" * n + "]",
              st.integers(1, 45) | st.integers(4000, 6000), st.booleans()),
    st.builds(lambda d, o: ("[" * d + "]" * d) if o else ('{"a":' * d + "0" + "}" * d),
              st.integers(1, 80) | st.integers(900, 10_000), st.booleans()),
    st.builds(lambda n: "x" * n, st.integers(LIMIT - 2, LIMIT + 2)),
    st.text(max_size=60),
    st.text(st.characters(codec=None), max_size=30),
)
FRAMES = st.one_of(
    TEXT_FRAMES,
    st.binary(max_size=80),
    TEXT_FRAMES.map(lambda t: t.encode("utf-8", "surrogatepass")),
)


def test_fuzzed_frames_never_break_the_socket_or_change_the_table(server, caplog, monkeypatch):
    client, table_id, token = server
    monkeypatch.setattr(ws_module, "BAD_FRAMES_MAX", 10**6)
    before = state_of(client, table_id)
    with caplog.at_level(logging.DEBUG), \
            client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        assert ws.receive_json()["type"] == "sync"

        @hsettings(max_examples=150, deadline=None, derandomize=True, database=None,
                   suppress_health_check=list(HealthCheck))
        @given(FRAMES)
        def one_frame(frame):
            send(ws, frame)
            answer = ws.receive_json()
            assert answer["type"] in ANSWERS, answer
            if answer["type"] == "error":
                assert answer["code"] in ERROR_CODES | {"table_not_started"}, answer
                assert isinstance(answer["message"], str) and len(answer["message"]) < 300
                assert answer["key"] is None or isinstance(answer["key"], str)
            still_usable(ws)
            assert state_of(client, table_id) == before

        one_frame()
        ws.send_text('{"type": "sync"}')
        assert ws.receive_json()["table"]["seq"] == before[0]
    for record in caplog.records:
        assert record.exc_info is None and "Traceback" not in record.getMessage(), record.getMessage()
    assert state_of(client, table_id) == before
