"""The bot interface, the registry, the random bot and the `play_game` driver."""

from __future__ import annotations

import json

import pytest

from cetate import games
from cetate.bots import Bot, RandomBot, UnknownBot, make_bot, names, play_game, register
from cetate.bots import base as bots_base
from cetate.core.record import Record, replay_final

GAME = games.get("citadels")


def test_registry_lists_random_and_refuses_unknown_names():
    assert "random" in names()
    bot = make_bot("random", "citadels", 2, seed=5)  # a game id or a game object
    assert isinstance(bot, RandomBot) and bot.seat == 2 and bot.game is GAME
    with pytest.raises(UnknownBot) as info:
        make_bot("no-such-bot", GAME, 0, 0)
    assert info.value.code == "unknown_bot" and "random" in info.value.message


def test_random_bot_picks_a_legal_action_reproducibly():
    state = GAME.setup(4, 11)
    seat = GAME.to_move(state)
    legal = GAME.legal_actions(state)
    view = GAME.view(state, seat)
    a = make_bot("random", GAME, seat, seed=3)
    b = make_bot("random", GAME, seat, seed=3)
    picks_a = [a.act(view, legal) for _ in range(50)]
    picks_b = [b.act(view, legal) for _ in range(50)]
    assert picks_a == picks_b
    assert all(p in legal for p in picks_a)
    assert len({json.dumps(p, sort_keys=True) for p in picks_a}) > 1  # not stuck on one choice
    c = make_bot("random", GAME, seat, seed=4)
    assert [c.act(view, legal) for _ in range(50)] != picks_a


def test_random_bot_refuses_an_empty_choice():
    with pytest.raises(ValueError):
        make_bot("random", GAME, 0, 0).act({}, [])


def test_play_game_finishes_and_its_record_replays():
    state, record = play_game("citadels", 4, seed=21, options=None, bots=["random"] * 4)
    assert GAME.to_move(state) is None
    assert record.game == "citadels" and record.seed == 21 and len(record.seats) == 4
    assert record.result == GAME.result(state)
    assert record.actions
    again = Record.from_json(json.loads(record.dumps()))
    assert replay_final(GAME, again) == state
    # the same seed gives the same game
    state2, record2 = play_game(GAME, 4, seed=21, options=None, bots=["random"] * 4)
    assert record2.actions == record.actions and state2 == state


def test_play_game_gives_bots_only_their_view_and_legal_actions():
    calls = []

    class Spy(Bot):
        name = "spy"

        def act(self, view, legal_actions):
            calls.append((self.seat, view, legal_actions))
            return legal_actions[self.rng.below(len(legal_actions))]

    bots = [Spy(GAME, i, i) for i in range(3)]
    play_game(GAME, 3, seed=2, options={"completion_size": 5}, bots=bots)
    assert calls
    for seat, view, legal in calls:
        assert view["you"]["seat"] == seat
        assert view["to_move"] == seat
        assert legal == view["you"]["legal_actions"]
        assert "hands" not in view and "deck" not in view and "rng" not in view


def test_register_a_bot_factory():
    @register("first-test-bot")
    class First(Bot):
        name = "first-test-bot"

        def act(self, view, legal_actions):
            return legal_actions[0]

    try:
        assert "first-test-bot" in names()
        state, record = play_game(GAME, 2, seed=1, options=None, bots=["first-test-bot", "random"])
        assert GAME.to_move(state) is None
        assert record.seats[0]["bot"] == "first-test-bot"
    finally:
        bots_base._REGISTRY.pop("first-test-bot", None)


def test_play_game_checks_the_number_of_bots():
    with pytest.raises(ValueError):
        play_game(GAME, 4, seed=1, options=None, bots=["random"] * 3)
