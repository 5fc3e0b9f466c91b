"""The card data file (spec gates §3.1, §5): the shipped list, the validator's messages, and a replacement
list played through CETATE_GATES_CARDS.

`data.parse` must refuse a bad card file with a message that names the card and the field, and report every
fault at once; `data.load` adds the file's own faults (unreadable, not JSON). A different valid list must
load and play, and states saved with one list must be refused under another (state.from_json).
"""

from __future__ import annotations

import copy
import json

import pytest

from cetate.core.errors import InvalidState
from cetate.games.gates import data
from cetate.games.gates.data import ACTION_SYMBOLS, SPECIALS, CardDataError, load, parse
from tests.games.gates.helpers import GAME, play_random

SHIPPED = json.loads(data.DEFAULT_FILE.read_text(encoding="utf-8"))


def problems(doc) -> list[str]:
    with pytest.raises(CardDataError) as info:
        parse(doc, "test.json")
    assert info.value.message.startswith("card file test.json: ") and info.value.code == "bad_card_file"
    return info.value.problems


def edited(**changes) -> dict:
    doc = copy.deepcopy(SHIPPED)
    doc.update(changes)
    return doc


def with_action(i: int, **fields) -> dict:
    doc = copy.deepcopy(SHIPPED)
    doc["action_cards"][i].update(fields)
    return doc


def with_main(i: int, **fields) -> dict:
    doc = copy.deepcopy(SHIPPED)
    doc["main_cards"][i].update(fields)
    return doc


# -- the shipped list -------------------------------------------------------------------------------------

def test_shipped_card_list_matches_spec_section_5():
    """§5.1, §5.2, §5.3: 12 main cards (values 2-11, six + and six - explosions), 24 action cards with each of
    the nine specials once, five cards per fixed symbol, two wild, two none; the +5 table of the seed §8
    (R10) and the gate symbols I-IV (R30)."""
    cs = parse(SHIPPED)
    assert len(cs.main) == 12 and len(cs.action) == 24
    assert sorted(c.value for c in cs.main.values()) == [2, 3, 4, 5, 6, 6, 7, 7, 8, 9, 10, 11]
    assert sum(c.explosion > 0 for c in cs.main.values()) == 6
    assert sorted(c.special for c in cs.action.values() if c.special) == sorted(SPECIALS)
    symbols = [c.symbol for c in cs.action.values()]
    assert {s: symbols.count(s) for s in ACTION_SYMBOLS} == {"chisel": 5, "coin": 5, "motor": 5, "map": 5,
                                                             "wild": 2, "none": 2}
    assert cs.table_bonus == {"chisel": (2, 6), "coin": (3, 7), "motor": (4, 8), "map": (5, 9)}
    assert cs.gate_symbols == ("chisel", "coin", "motor", "map")
    assert cs.special("alliance") == "S01" and cs.action["S01"].value == -4
    assert len(cs.digest) == 16 and data.cards().digest == cs.digest


# -- refused files ----------------------------------------------------------------------------------------

def test_wrong_counts():
    doc = edited(main_cards=SHIPPED["main_cards"][:11])
    assert problems(doc) == ["field 'main_cards' must list 12 cards"]
    doc = edited(action_cards=SHIPPED["action_cards"] + [dict(SHIPPED["action_cards"][0], id="A99")])
    assert problems(doc) == ["field 'action_cards' must list 24 cards"]


def test_duplicate_ids():
    assert problems(with_action(1, id="A01")) == ["action card A01: duplicate id"]
    assert problems(with_main(1, id="M01")) == ["main card M01: duplicate id"]
    assert problems(with_action(0, id="M01")) == ["action card M01: duplicate id"]


def test_bad_symbol_and_unknown_special():
    assert problems(with_action(0, symbol="sword")) == [
        "action card A01: symbol must be one of chisel, coin, motor, map, wild, none"]
    assert problems(with_action(0, special="dragon")) == [
        "action card A01: special must be null or one of " + ", ".join(SPECIALS)]


def test_a_special_on_two_cards():
    assert problems(with_action(0, special="alliance")) == ["special 'alliance' appears on more than one card"]


@pytest.mark.parametrize("bad", ["2", 2.5, True, None])
def test_non_integer_numbers(bad):
    assert problems(with_action(0, value=bad)) == ["action card A01: value must be an integer"]
    assert problems(with_action(0, circle=bad)) == ["action card A01: circle must be an integer"]
    assert problems(with_main(0, index=bad)) == ["main card M01: index must be an integer"]
    assert problems(with_main(0, explosion=bad)) == ["main card M01: explosion must be an integer"]


def test_unknown_fields():
    """Unknown fields are refused at the top level and on cards (a misspelt "special" would otherwise turn
    the Alliance into a plain card); fields starting with "_" are comments."""
    assert problems(edited(extra=1)) == ["unknown field 'extra'"]
    assert problems(with_action(15, speical="alliance")) == ["action card S01: unknown field 'speical'"]
    assert problems(with_main(0, colour="red")) == ["main card M01: unknown field 'colour'"]
    parse(with_main(0, _note="a comment"))


def test_other_faults():
    assert problems(edited(format="cetate-gates-cards/2")) == ["field 'format' must be 'cetate-gates-cards/1'"]
    assert problems(edited(table_bonus={"chisel": [2, 6], "coin": [3, 7], "motor": [4, 8]})) == [
        "field 'table_bonus' must map each of chisel, coin, motor, map to a list of integers"]
    assert problems(edited(gate_symbols=["chisel", "coin", "motor", "motor"])) == [
        "field 'gate_symbols' must list the four symbols, one per gate I-IV"]
    assert problems(with_main(0, explosion=0)) == [
        "main card M01: explosion must be positive (own score) or negative (opposing score)"]
    assert problems(with_main(0, value=-1)) == ["main card M01: index and value cannot be negative"]
    assert problems([]) == ["the file must hold a JSON object"]
    assert "name must be a string" in problems(with_action(0, name=3))[0]
    doc = copy.deepcopy(SHIPPED)
    doc["main_cards"][0] = "M01"
    doc["action_cards"][0]["id"] = ""
    assert problems(doc) == ["main_cards[0] must be an object", "action_cards[0].id must be a non-empty string"]


def test_every_problem_is_reported_at_once():
    doc = with_action(0, symbol="sword")
    doc["main_cards"][2]["value"] = "x"
    doc["unknown"] = True
    assert problems(doc) == ["unknown field 'unknown'", "main card M03: value must be an integer",
                             "action card A01: symbol must be one of chisel, coin, motor, map, wild, none"]


def test_load_reports_file_faults(tmp_path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"format": "cetate-gates-cards/1",\n "main_cards": [}', encoding="utf-8")
    with pytest.raises(CardDataError) as info:
        load(bad)
    assert info.value.path == str(bad)
    assert info.value.problems == ["is not valid JSON (line 2, column 17: Expecting value)"]
    with pytest.raises(CardDataError) as info:
        load(tmp_path / "missing.json")
    assert info.value.problems[0].startswith("cannot be read")


# -- a replacement list -----------------------------------------------------------------------------------

@pytest.fixture
def other_cards(tmp_path, monkeypatch):
    """A different valid list: main values shifted, action values changed, and no Crowns (a plain card)."""
    doc = copy.deepcopy(SHIPPED)
    for c in doc["main_cards"]:
        c["value"] += 1
    for c in doc["action_cards"]:
        c["value"] = c["value"] + 1 if c["special"] is None else c["value"]
    doc["action_cards"][-1]["special"] = None
    path = tmp_path / "other.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    saved = GAME.to_json(GAME.setup(2, 1))  # saved under the shipped list
    monkeypatch.setenv("CETATE_GATES_CARDS", str(path))
    monkeypatch.setattr(data, "_CARDS", None)
    yield path, saved


def test_a_replacement_list_loads_and_plays(other_cards):
    """Spec §5 (the list is data): with CETATE_GATES_CARDS naming another valid file, matches use it."""
    path, saved = other_cards
    cs = data.cards()
    assert cs.source == str(path) and cs.main["M01"].value == 3 and cs.special("crowns") is None
    for seed in range(5):
        s, steps = play_random(seed)
        assert s.phase == "over" and len(s.history) == 6
        assert not any(e.type == "extra_turn" for _, evs in steps for e in evs)
        doc = GAME.to_json(s)
        assert doc["cards_digest"] == cs.digest
        assert GAME.to_json(GAME.from_json(doc)) == doc
    with pytest.raises(InvalidState) as info:
        GAME.from_json(saved)
    assert info.value.code == "wrong_cards"


def test_a_replacement_list_changes_the_numbers(other_cards):
    """The resolver reads every number from the list: Generalul 12 vs Iscoada 3; Hartă II now 10 (no map
    bonus), Hartă I 6 + circles 6 - 1 = 11 (no bonus either). Main 12 vs 3, differenced 9 vs 0 (R32). Totals
    19 vs 11."""
    from tests.games.gates.helpers import GENERAL, MAP1, MAP2, SCOUT, duel, outcome, turns

    s = duel(main=(GENERAL, SCOUT), hands={0: [MAP2], 1: [MAP1]})
    assert s.prelim == [12, 3]
    turns(s, MAP2, MAP1)
    assert outcome(s)["totals"] == [19, 11]
