"""Replays the golden records (see golden_records.py): exact final scores and round-by-round hashes."""

import json

import pytest

from cetate.core.record import Record, replay_final
from tests.games.citadels.golden_records import CASES, FOLDER, GAME, round_hashes

FILES = sorted(FOLDER.glob("*.json"))


def test_every_case_has_a_file():
    assert {p.stem for p in FILES} == {case[0] for case in CASES}
    assert len(FILES) >= 20


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_exactly(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    record = Record.from_json(doc)
    final = replay_final(GAME, record)
    assert GAME.result(final) == doc["result"]
    assert round_hashes(record) == doc["round_hashes"]


def test_golden_records_cover_every_player_count_and_set():
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in FILES]
    assert {len(d["seats"]) for d in docs} == set(range(2, 9))
    assert any(d["options"].get("completion_size") == 7 for d in docs)
    assert any(d["options"].get("characters") or d["options"].get("character_preset", "classic") != "classic"
               for d in docs)
