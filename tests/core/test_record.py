"""Game records: JSON form, files, errors for corrupt files, and replay (cetate.core.record)."""

from __future__ import annotations

import json
import random

import pytest

from cetate.core.errors import InvalidState
from cetate.core.record import RECORD_FIELDS, Record, Recorder, replay, replay_final
from cetate.games.citadels import GAME


def play(players: int = 4, seed: int | str = 7, options: dict | None = None, choose_seed: int = 0):
    """Play a whole random game, recording it. Returns (record, final state, states after each action)."""
    state = GAME.setup(players, seed, options)
    seats = [{"name": f"P{i + 1}", "kind": "bot"} for i in range(players)]
    rec = Recorder(GAME, seats, seed, state.options)
    chooser = random.Random(choose_seed)
    history = [GAME.to_json(state)]
    while not GAME.is_over(state):
        action = chooser.choice(GAME.legal_actions(state))
        GAME.apply(state, action)
        rec.add(action)
        history.append(GAME.to_json(state))
    return rec.finish(state), state, history


@pytest.fixture(scope="module")
def game():
    return play()


def test_recorder_builds_a_complete_record(game):
    record, state, _ = game
    assert record.game == "citadels"
    assert record.engine_version == GAME.engine_version
    assert record.seed == 7
    assert record.options == state.options
    assert len(record.seats) == 4
    assert record.result == GAME.result(state) and record.result is not None
    assert len(record.actions) > 50
    assert set(record.to_json()) == set(RECORD_FIELDS)


def test_recorder_copies_actions_and_seats():
    seats = [{"name": "a"}, {"name": "b"}]
    rec = Recorder(GAME, seats, 1, {})
    action = {"type": "pick", "character": "king"}
    rec.add(action)
    action["character"] = "thief"
    seats[0]["name"] = "z"
    assert rec.record.actions == [{"type": "pick", "character": "king"}]
    assert rec.record.seats[0]["name"] == "a"


def test_json_round_trip(game):
    record, _, _ = game
    doc = json.loads(record.dumps())
    assert doc == record.to_json()
    assert Record.from_json(doc) == record


def test_save_and_load(game, tmp_path):
    record, _, _ = game
    path = tmp_path / "game.json"
    record.save(path)
    assert path.read_text(encoding="utf-8").endswith("\n")
    assert Record.load(path) == record
    assert Record.load(str(path)) == record


def test_save_keeps_unicode(tmp_path):
    rec = Record("citadels", "1", {}, [{"name": "Ștefan"}, {"name": "민준"}], "sămânță")
    path = tmp_path / "u.json"
    rec.save(path)
    assert "Ștefan" in path.read_text(encoding="utf-8")
    assert Record.load(path) == rec


def test_replay_reproduces_every_state(game):
    record, state, history = game
    steps = list(replay(GAME, record))
    assert len(steps) == len(record.actions) + 1
    first_action, first_events, _ = steps[0]
    assert first_action is None and first_events == []
    states = []
    for action, _events, s in replay(GAME, record):
        states.append(GAME.to_json(s))  # the same object is yielded each time: snapshot it now
        if action is not None:
            assert action in record.actions
    assert states == history
    final = replay_final(GAME, record)
    assert final == state
    assert GAME.result(final) == record.result


def test_replay_through_a_file(game, tmp_path):
    record, state, _ = game
    path = tmp_path / "r.json"
    record.save(path)
    final = replay_final(GAME, Record.load(path))
    assert final == state
    assert GAME.to_json(final) == GAME.to_json(state)


@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, "two", {"discard_mode": "discard_pile"}),
    (3, 0, {"bank_limit": 30}),
    (5, 123, {"completion_size": 7, "warlord_timing": "any_time"}),
    (7, "seven", {"bank_limit": 30, "discard_mode": "discard_pile"}),
])
def test_replay_reproduces_games_of_every_shape(players, seed, options):
    record, state, _ = play(players, seed, options, choose_seed=players)
    round_tripped = Record.from_json(json.loads(record.dumps()))
    final = replay_final(GAME, round_tripped)
    assert final == state
    assert GAME.result(final) == record.result


def test_replay_wrong_game():
    rec = Record("akropolis", "1", {}, [{}, {}], 1)
    with pytest.raises(InvalidState) as info:
        list(replay(GAME, rec))
    assert info.value.code == "wrong_game"
    assert "'akropolis'" in info.value.message and "'citadels'" in info.value.message


def test_replay_illegal_action_names_its_index(game):
    record, _, _ = game
    bad = Record.from_json(record.to_json())
    bad.actions = [*record.actions[:3], {"type": "build", "card": "castle"}, *record.actions[3:]]
    with pytest.raises(InvalidState) as info:
        replay_final(GAME, bad)
    assert info.value.code == "bad_record"
    assert "action #3" in info.value.message and "castle" in info.value.message


def test_replay_malformed_action():
    rec = Record("citadels", "1", {}, [{}, {}, {}], 1, actions=[{"type": "fly"}])
    with pytest.raises(InvalidState) as info:
        replay_final(GAME, rec)
    assert "action #0" in info.value.message


def test_replay_of_bad_options_is_an_error():
    rec = Record("citadels", "1", {"colour": "red"}, [{}, {}], 1)
    with pytest.raises(ValueError, match="colour"):
        replay_final(GAME, rec)


# -- corrupt documents and files -----------------------------------------------------------------

def good_doc() -> dict:
    return {"game": "citadels", "engine_version": "1", "options": {}, "seats": [{}, {}], "seed": 3,
            "actions": [{"type": "pick", "character": "king"}], "result": None}


def test_minimal_document_loads():
    rec = Record.from_json(good_doc())
    assert rec.seed == 3 and rec.actions == [{"type": "pick", "character": "king"}]


def test_engine_version_is_kept_as_text():
    doc = good_doc()
    doc["engine_version"] = 2
    assert Record.from_json(doc).engine_version == "2"


@pytest.mark.parametrize("doc", [None, [], "record", 3, True])
def test_not_an_object(doc):
    with pytest.raises(InvalidState) as info:
        Record.from_json(doc)
    assert info.value.code == "bad_record"
    assert "JSON object" in info.value.message


@pytest.mark.parametrize("missing", RECORD_FIELDS)
def test_missing_field_is_named(missing):
    doc = good_doc()
    del doc[missing]
    with pytest.raises(InvalidState) as info:
        Record.from_json(doc)
    assert missing in info.value.message
    assert "missing" in info.value.message


def test_all_missing_fields_listed():
    with pytest.raises(InvalidState) as info:
        Record.from_json({})
    for name in RECORD_FIELDS:
        assert name in info.value.message


@pytest.mark.parametrize(("field", "value"), [
    ("game", 5),
    ("game", None),
    ("actions", {"type": "pick"}),
    ("actions", ["pick"]),
    ("actions", [{"type": "pick"}, None]),
    ("seats", 2),
    ("seats", {"0": {}}),
    ("options", []),
    ("options", None),
    ("seed", True),
    ("seed", 1.5),
    ("seed", None),
    ("seed", [1]),
])
def test_wrong_types_name_the_field(field, value):
    doc = good_doc()
    doc[field] = value
    with pytest.raises(InvalidState) as info:
        Record.from_json(doc)
    assert info.value.code == "bad_record"
    assert f"'{field}'" in info.value.message


def test_string_seed_accepted():
    doc = good_doc()
    doc["seed"] = "abc"
    assert Record.from_json(doc).seed == "abc"


def test_load_missing_file(tmp_path):
    path = tmp_path / "nope.json"
    with pytest.raises(InvalidState) as info:
        Record.load(path)
    assert info.value.code == "bad_record"
    assert "cannot read" in info.value.message and "nope.json" in info.value.message


def test_load_a_directory(tmp_path):
    with pytest.raises(InvalidState) as info:
        Record.load(tmp_path)
    assert "cannot read" in info.value.message


@pytest.mark.parametrize("text", ["", "{", "{'game': 'citadels'}", "not json", '{"game": "citadels",}'])
def test_load_invalid_json(tmp_path, text):
    path = tmp_path / "bad.json"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(InvalidState) as info:
        Record.load(path)
    assert "bad.json" in info.value.message and "not valid JSON" in info.value.message


def test_load_not_utf8(tmp_path):
    path = tmp_path / "latin1.json"
    path.write_bytes(b'{"game": "citad\xe9ls"}')
    with pytest.raises(InvalidState) as info:
        Record.load(path)
    assert "latin1.json" in info.value.message


def test_load_truncated_record(game, tmp_path):
    record, _, _ = game
    path = tmp_path / "cut.json"
    text = record.dumps()
    path.write_text(text[: len(text) // 2], encoding="utf-8")
    with pytest.raises(InvalidState):
        Record.load(path)


def test_load_valid_json_but_not_a_record(tmp_path):
    path = tmp_path / "list.json"
    path.write_text("[1, 2, 3]", encoding="utf-8")
    with pytest.raises(InvalidState) as info:
        Record.load(path)
    assert "JSON object" in info.value.message
    path.write_text('{"game": "citadels"}', encoding="utf-8")
    with pytest.raises(InvalidState) as info:
        Record.load(path)
    assert "seed" in info.value.message and "actions" in info.value.message
