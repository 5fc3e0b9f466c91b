"""The learned value of Gates positions (cetate.games.gates.value), the search bots' `evaluate`."""

from __future__ import annotations

import json
import math
import random

import pytest

from cetate.games.gates import value
from tests.games.gates.helpers import (
    ALLIANCE,
    CHISEL4,
    COIN1,
    COIN2,
    GAME,
    KNIGHT,
    MAP1,
    MAP2,
    MASON,
    MERCHANT,
    MOTOR2,
    PRIEST,
    duel,
)


def _duel_starts(seed: int, options: dict | None = None) -> list:
    """Copies of every duel start of a random match."""
    rnd = random.Random(seed)
    state = GAME.setup(2, seed, options)
    out = []
    while GAME.to_move(state) is not None:
        if value.at_duel_start(state) and (not out or out[-1].round != state.round):
            out.append(state.clone())
        GAME.apply(state, GAME.random_action(state, rnd))
    return out


def test_the_shipped_model_loads_and_fits_the_card_list():
    m = value.model()
    assert m is not None, "value_model.json is missing or does not fit the card list"
    assert m.features == value.feature_names()
    assert sorted(m.weights) == [1, 2, 3, 4, 5, 6]
    assert m.training["matches"] >= 10000 and m.training["bot"] == "gates-heuristic"
    held = m.training["holdout_log_loss"]
    assert all(held[k]["learned"] < held[k]["match_model"] for k in held)  # it predicts better than its base
    assert m.applies(GAME.setup(2, 1, None))
    assert m.applies(GAME.setup(2, 1, {"first_chooser": 1}))  # who drafts first is not a rule change


def test_features_are_own_minus_the_opponents():
    """Seen from the other seat every feature but the bias changes sign, so the two chances add up to one."""
    names = value.feature_names()
    for s in _duel_starts(3):
        f0, f1 = value.features(s, 0), value.features(s, 1)
        assert len(f0) == len(names)
        assert f0[0] == f1[0] == 1.0
        for name, a, b in zip(names[1:], f0[1:], f1[1:], strict=True):
            assert a == pytest.approx(-b, abs=1e-9), name


def test_evaluate_reads_the_next_duel_start_and_leaves_the_state_alone():
    rnd = random.Random(5)
    state = GAME.setup(2, 8, None)
    seen = 0
    while GAME.to_move(state) is not None:
        if state.phase in ("action", "extra", "siege", "poet"):
            before = json.dumps(GAME.to_json(state), sort_keys=True)
            v = GAME.evaluate(state)
            assert len(v) == 2 and 0.0 <= v[0] <= 1.0 and v[0] + v[1] == pytest.approx(1.0)
            assert GAME.evaluate(state) == v  # the same state, the same value (its own rng decides the play-on)
            assert json.dumps(GAME.to_json(state), sort_keys=True) == before
            if value.at_duel_start(state):
                assert v[0] == pytest.approx(value.model().chance(state))
            else:  # inside a duel: the value of the duel start that random play reaches next
                ahead = state.clone()
                value._roll_to_duel_start(ahead)
                assert value.at_duel_start(ahead) or ahead.phase == "over"
                if ahead.phase != "over":
                    assert ahead.round == state.round + 1
                    assert v[0] == pytest.approx(value.model().chance(ahead))
            seen += 1
        GAME.apply(state, GAME.random_action(state, rnd))
    assert seen >= 6


def test_the_value_prefers_what_a_player_would():
    """More gates, a better duel in hand and stronger cards all raise a seat's chance."""
    m = value.model()
    even = duel(3, main=(KNIGHT, MASON), gates=[0, 1, None, None], hands={0: [MAP2], 1: [MOTOR2]})
    ahead = duel(3, main=(KNIGHT, MASON), gates=[0, 0, None, None], hands={0: [MAP2], 1: [MOTOR2]})
    assert m.chance(ahead) > m.chance(even) + 0.1
    worse_duel = duel(3, main=(MASON, KNIGHT), gates=[0, 1, None, None], hands={0: [MAP2], 1: [MOTOR2]})
    assert m.chance(even) > m.chance(worse_duel)
    more_cards = duel(3, main=(KNIGHT, MASON), gates=[0, 1, None, None], hands={0: [MAP2, COIN2], 1: [MOTOR2]})
    assert m.chance(more_cards) > m.chance(even)
    # what self-play taught it: before the first duel the Alliance (it steals two cards) beats a plain 8
    def first(card):
        return duel(1, main=(MERCHANT, PRIEST), hands={0: [card, MAP2, COIN2], 1: [MOTOR2, COIN1, MAP1]})

    assert m.chance(first(ALLIANCE)) > m.chance(first(CHISEL4))


def test_without_the_model_the_match_model_decides():
    """Other options (here the Alliance's price) or an unusable model file: the match model, never an error."""
    for s in _duel_starts(4, {"alliance_value": -5}):
        assert not value.model().applies(s)
        v = GAME.evaluate(s)
        assert v[0] == pytest.approx(value.match_model(s, 0))


@pytest.mark.parametrize(("doc", "words"), [
    ([], "not a"),
    ({"format": "other"}, "not a"),
    ({"format": value.FORMAT, "features": ["bias"]}, "features"),
    ({"format": value.FORMAT, "features": value.feature_names(), "weights": {"1": []}}, "duels 1 to 6"),
    ({"format": value.FORMAT, "features": value.feature_names(),
      "weights": {str(k): [0.0] * len(value.feature_names()) for k in range(1, 7)} | {"3": [math.nan]}}, "duel 3"),
    ({"format": value.FORMAT, "features": value.feature_names(),
      "weights": {str(k): [0.0] * len(value.feature_names()) for k in range(1, 7)}}, "options"),
])
def test_a_bad_model_document_is_refused_with_a_reason(doc, words):
    with pytest.raises(value.ValueModelError, match=words):
        value.parse(doc)


def test_a_corrupt_model_file_is_ignored(tmp_path):
    bad = tmp_path / "model.json"
    bad.write_text("{not json", encoding="utf-8")
    assert value.model(bad) is None
    assert value.model(tmp_path / "missing.json") is None


def test_fitting_a_tiny_run_writes_a_usable_model(tmp_path, capsys):
    out = tmp_path / "value.json"
    assert value.main(["--games", "40", "--seed", "77", "--out", str(out)]) == 0
    doc = json.loads(out.read_text(encoding="utf-8"))
    m = value.parse(doc)
    assert doc["training"]["matches"] == 40 and doc["training"]["seeds"] == [77, 116]
    assert "--games 40 --seed 77" in doc["training"]["command"]
    assert m.applies(GAME.setup(2, 1, None))
    assert "duel 6" in capsys.readouterr().out


@pytest.mark.parametrize("argv", [["--games", "3"], ["--jobs", "0"], ["--ridge", "-1"]])
def test_the_fitting_command_refuses_bad_arguments(argv, capsys):
    with pytest.raises(SystemExit) as info:
        value.main(argv)
    assert info.value.code == 2
    assert "--games" in capsys.readouterr().err


def test_an_unwritable_output_is_a_clear_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as info:
        value.main(["--games", "10", "--out", str(tmp_path / "no" / "such" / "dir" / "m.json")])
    assert info.value.code == 2
    assert "cannot write" in capsys.readouterr().err
