"""The fast paths of the Gates engine (issue 31) give exactly what the plain forms give: the written-out
shuffle, the listing-free `random_action`, the quiet play-on of `evaluate`, the resolve without a journal, the
value's dot product, the stored duel table, and clones that share nothing the rules change."""

from __future__ import annotations

import json
import math
import random

import pytest

from cetate.core.errors import IllegalAction
from cetate.core.rng import Rng
from cetate.games.gates import bot, rules, value
from cetate.games.gates.data import cards
from cetate.games.gates.resolve import resolve
from tests.games.gates.helpers import GAME


def _states(seed: int, options: dict | None = None) -> list:
    """A copy of every state of a random match."""
    rnd = random.Random(seed)
    s = GAME.setup(2, seed, options)
    out = [s.clone()]
    while GAME.to_move(s) is not None:
        legal = GAME.legal_actions(s)
        GAME.apply(s, legal[rnd.randrange(len(legal))])
        out.append(s.clone())
    return out


def test_the_written_out_shuffle_is_rng_shuffle():
    for n in range(0, 30):
        for seed in range(5):
            a, b = list(range(n)), list(range(n))
            ra, rb = Rng(seed * 977 + n), Rng(seed * 977 + n)
            ra.shuffle(a)
            rules.shuffle(rb, b)
            assert a == b and ra.state == rb.state


def test_random_action_draws_what_the_uniform_default_draws():
    for seed in range(12):
        for s in _states(seed, {"action_order": "alternate"} if seed % 2 else None):
            if GAME.to_move(s) is None:
                continue
            for k in range(3):
                legal = GAME.legal_actions(s)
                a, b = random.Random(k), random.Random(k)
                assert GAME.random_action(s, a) == legal[b.randrange(len(legal))]
                assert a.random() == b.random()  # the same draws were used


def test_the_quiet_play_on_reaches_the_same_state():
    """`rules.advance` (no journal) and `apply` leave the same state behind."""
    for seed in range(10):
        rnd = random.Random(seed)
        loud = GAME.setup(2, seed, None)
        quiet = GAME.setup(2, seed, None)
        while GAME.to_move(loud) is not None:
            legal = GAME.legal_actions(loud)
            action = legal[rnd.randrange(len(legal))]
            GAME.apply(loud, action)
            rules.advance(quiet, action)
            assert GAME.to_json(quiet) == GAME.to_json(loud)


def test_resolve_without_a_journal_gives_the_same_numbers():
    cs = cards()
    logged = 0
    for seed in range(10):
        for s in _states(seed):
            if s.current is None or s.phase == "over":
                continue
            args = (cs, s.current, (s.plays[0], s.plays[1]), (s.stolen[0], s.stolen[1]), s.options["alliance_value"])
            loud, quiet = resolve(*args), resolve(*args, journal=False)
            assert quiet.log == []
            logged += bool(loud.log)
            for field in ("prelim", "main_values", "fired", "raw", "differenced", "main", "cancelled", "effective",
                          "steps", "totals"):
                assert getattr(quiet, field) == getattr(loud, field), field
    assert logged > 20


def test_the_journal_of_a_step_is_never_shared():
    """Step outcomes are remembered per card set; each round gets its own copy of their journal entries."""
    cs = cards()
    a = resolve(cs, ("M01", "M02"), (["A01"], ["A05"]), ([], []), -4)
    a.log[-1][1]["score"] = 999
    b = resolve(cs, ("M01", "M02"), (["A01"], ["A05"]), ([], []), -4)
    assert b.log[-1][1]["score"] != 999


def test_the_value_is_the_weights_times_the_features_to_the_last_bit():
    m = value.model()
    assert m is not None
    seen = 0
    for seed in range(30):
        for s in _states(seed):
            if not value.at_duel_start(s):
                continue
            w = m.weights[s.round]
            z = sum(a * b for a, b in zip(w, value.features(s, 0), strict=True))  # the model's definition
            z = max(-30.0, min(30.0, z))
            assert m.chance(s) == 1.0 / (1.0 + math.exp(-z))
            seen += 1
    assert seen > 100


def test_the_stored_duel_table_is_the_computed_one():
    cs = cards()
    stored = bot.stored_table(cs, -4)
    assert stored is not None, "duel_table.json is missing or does not fit the card list: python -m " \
                               "cetate.games.gates.bot --write-table"
    computed = bot.Table(cs, -4)
    assert stored.win == computed.win and stored.quality == computed.quality  # exact floats
    assert bot.stored_table(cs, -5) is None  # another Alliance value is computed


def test_a_damaged_duel_table_file_is_ignored(tmp_path):
    cs = cards()
    doc = json.loads(bot.TABLE_FILE.read_text(encoding="utf-8"))
    doc["tables"][0]["win"] = doc["tables"][0]["win"][:-1]
    path = tmp_path / "table.json"
    path.write_text(json.dumps(doc), encoding="utf-8")
    assert bot.stored_table(cs, -4, path) is None
    path.write_text("{", encoding="utf-8")
    assert bot.stored_table(cs, -4, path) is None
    assert bot.stored_table(cs, -4, tmp_path / "missing.json") is None


def test_a_clone_shares_nothing_the_rules_change():
    for seed in range(6):
        for s in _states(seed):
            before = json.dumps(GAME.to_json(s), sort_keys=True)
            c = GAME.clone(s)
            rnd = random.Random(seed)
            while GAME.to_move(c) is not None:
                GAME.apply(c, GAME.random_action(c, rnd))
            assert json.dumps(GAME.to_json(s), sort_keys=True) == before


@pytest.mark.parametrize("options", [None, {"first_chooser": 1}, {"alliance_value": 0}])
def test_remembered_options_are_fresh_dicts(options):
    a, b = GAME.setup(2, 1, options), GAME.setup(2, 1, options)
    assert a.options == b.options and a.options is not b.options


def test_remembered_options_still_refuse_what_is_wrong():
    from cetate.core.errors import InvalidOptions

    GAME.setup(2, 1, {"first_chooser": 1})
    for bad in ({"first_chooser": True}, {"first_chooser": 2}, {"nope": 1}, {"alliance_value": [1]}, [1], "x"):
        with pytest.raises(InvalidOptions):
            GAME.setup(2, 1, bad)


def test_outside_actions_are_still_checked_in_full():
    s = GAME.setup(2, 3, None)
    while s.phase != "action":
        GAME.apply(s, GAME.legal_actions(s)[0])
    before = GAME.to_json(s)
    seat = GAME.to_move(s)
    for action, code in (({"type": "attach", "card": "nope"}, "not_in_hand"),
                         ({"type": "attach", "card": ["A01"]}, "not_in_hand"),
                         ({"type": "poet", "card": "A01"}, "wrong_action"),
                         ({"type": None}, "wrong_action"),
                         ("skip", "malformed_action")):
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, action)
        assert exc.value.code == code
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "skip"}, 1 - seat)
    assert exc.value.code == "not_your_turn"
    assert GAME.to_json(s) == before
