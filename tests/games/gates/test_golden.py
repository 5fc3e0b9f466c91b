"""Replays the golden records (see golden_records.py): the same final result and, at every step, the same
fingerprint of everything the engine says (events, views, legal actions, notes, refusals, state JSON,
determinisation, value)."""

import json

import pytest

from cetate.core.record import Record, replay_final
from tests.games.gates.golden_records import CASES, FOLDER, GAME, trace

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
    got = trace(record)
    first = next((i for i, (a, b) in enumerate(zip(got, doc["trace"], strict=False)) if a != b), None)
    assert first is None and len(got) == len(doc["trace"]), (
        f"step {first} differs: action {record.actions[first - 1] if first else None!r}")


def test_golden_records_cover_the_options_and_the_specials():
    docs = [json.loads(p.read_text(encoding="utf-8")) for p in FILES]
    for name, values in (("main_deck_order", {"shuffled", "draft"}),
                         ("action_order", {"leader_first", "alternate", "trailer_first"}),
                         ("neutral_gates", {"siege_claimable", "void"})):
        assert {d["options"][name] for d in docs} == values
    kinds = {a["type"] for d in docs for a in d["actions"]}
    assert kinds == {"shuffle", "choose", "start", "attach", "skip", "poet", "siege", "no_siege"}
    attached = {a["card"] for d in docs for a in d["actions"] if a["type"] == "attach"}
    assert {f"S0{k}" for k in range(1, 10)} <= attached  # every special card was played somewhere


HEURISTIC = [case for case in CASES if case[3] == "gates-heuristic"][:3]


@pytest.mark.parametrize("case", HEURISTIC, ids=[case[0] for case in HEURISTIC])
def test_the_heuristic_bot_still_plays_the_golden_moves(case):
    """The bot reads `resolve`, the notes and the rules' helpers: a faster engine leaves its choices alone."""
    from cetate.bots import play_game

    name, seed, options, bot = case
    doc = json.loads((FOLDER / f"{name}.json").read_text(encoding="utf-8"))
    _state, record = play_game(GAME, 2, seed, options, [bot] * 2)
    assert record.actions == doc["actions"]
