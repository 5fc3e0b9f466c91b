"""The engine's own form of an outside action (cetate.core.actions), for every registered game."""

from __future__ import annotations

import random

import pytest

from cetate import games
from cetate.core.actions import canonical, same_json
from cetate.core.errors import IllegalAction

GAMES = [(g, n) for g in ("citadels", "akropolis", "gates") for n in (2, 4 if g != "gates" else 2)]


def states(game_id: str, players: int, count: int = 40):
    """States met along a random game (every few moves), with their legal actions."""
    game = games.get(game_id)
    state = game.setup(players, 11, {})
    rnd = random.Random(5)
    found = []
    while game.to_move(state) is not None and len(found) < count:
        legal = game.legal_actions(state)
        if rnd.random() < 0.3:
            found.append((game, game.clone(state), legal))
        game.apply(state, rnd.choice(legal))
    return found


def test_same_json_tells_types_apart():
    assert same_json({"a": 1, "b": [1, "x"]}, {"b": [1, "x"], "a": 1})
    assert not same_json({"a": 1}, {"a": 1.0})
    assert not same_json({"a": 1}, {"a": True})
    assert not same_json({"a": [1]}, {"a": [1, 2]})
    assert same_json([1, 2], (1, 2))


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_every_legal_action_is_its_own_canonical_form(game_id, players):
    for game, state, legal in states(game_id, players):
        for action in legal[:60]:
            sent = dict(reversed(list(action.items())))  # another key order, another object
            got = canonical(game, state, sent, legal)
            assert got is not sent and same_json(got, action)


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_an_unknown_field_or_a_value_of_another_kind_is_refused(game_id, players):
    checked = 0
    for game, state, legal in states(game_id, players, 12):
        before = game.to_json(state)
        action = legal[0]
        with pytest.raises(IllegalAction) as info:
            canonical(game, state, {**action, "junk": "x" * 60_000})
        assert info.value.code == "unknown_field" and info.value.params["field"] == "junk"
        assert len(info.value.message) < 300  # the junk is not repeated
        for key, value in action.items():
            if key == "type":
                continue
            if isinstance(value, int) and not isinstance(value, bool):
                for other in (float(value), bool(value), str(value)):
                    with pytest.raises(IllegalAction) as info:
                        canonical(game, state, {**action, key: other})
                    assert info.value.code == "bad_value" and info.value.params["field"] == key
                    checked += 1
            if isinstance(value, str):
                with pytest.raises(IllegalAction) as info:
                    canonical(game, state, {**action, key: [value]})
                assert info.value.code == "bad_value"
                checked += 1
        assert game.to_json(state) == before
    assert checked


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_an_action_that_is_not_legal_gets_the_engines_own_reason(game_id, players):
    game, state, _legal = states(game_id, players, 1)[0]
    with pytest.raises(IllegalAction) as info:
        canonical(game, state, {"type": "fly"})
    assert info.value.code in ("unknown_action", "wrong_action", "wrong_phase")
    for bad in (None, [], "take", {"type": 3}):
        with pytest.raises(IllegalAction) as info:
            canonical(game, state, bad)
        assert info.value.code == "malformed_action"
