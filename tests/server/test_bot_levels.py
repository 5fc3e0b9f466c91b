"""The lobby's levels: which bot each one seats, that search bots play from a sample of their seat's
information set (never the true state), off the event loop, within the test budget, and that a failing
bot still leaves a legal move."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
import threading
import time

import pytest

import cetate.bots
import cetate.server.bots as server_bots
from cetate.core.rng import Rng
from cetate.games import all as all_games
from cetate.games import get as get_game
from cetate.server.app import create_app
from cetate.server.bots import LEVELS, BotPool, decide, level_bot, limit_search
from cetate.server.settings import Settings
from tests.server.conftest import (
    BOT_ITERATIONS,
    TestClient,
    create,
    make_settings,
    my_turn,
    table_doc,
    wait_until,
)

GAMES = [g.id for g in all_games()]


def bots_of(doc: dict) -> list[str | None]:
    return [s["bot"] for s in doc["table"]["seats"]]


# -- which bot plays each level ------------------------------------------------------------------------

@pytest.mark.parametrize("game_id", GAMES)
def test_each_level_plays_its_bot(game_id):
    assert level_bot(game_id, "easy") == f"{game_id}-heuristic"
    assert level_bot(game_id, "normal") == "ismcts-normal"
    assert level_bot(game_id, "hard") == "ismcts-hard"


def test_easy_is_random_for_a_game_without_a_heuristic_bot(monkeypatch):
    monkeypatch.setattr(cetate.bots, "names", lambda: ["ismcts-hard", "ismcts-normal", "random"])
    assert level_bot("citadels", "easy") == "random"
    assert level_bot("citadels", "hard") == "ismcts-hard"
    with pytest.raises(ValueError, match="level"):
        level_bot("citadels", "godlike")
    assert LEVELS == ("easy", "normal", "hard")


def test_a_seat_made_with_a_level_stores_its_bot_and_resumes_with_it(tmp_path):
    settings = make_settings(tmp_path)
    seats = [{"kind": "human"}, {"kind": "human"}, {"kind": "bot", "level": "easy"},
             {"kind": "bot", "level": "hard"}, {"kind": "bot"}]
    with TestClient(create_app(settings)) as client:
        doc = create(client, players=5, seed=3, seats=seats)  # seat 1 not joined: the table waits
        table = table_doc(client, doc["table_id"])
        assert bots_of(table) == [None, None, "citadels-heuristic", "ismcts-hard", "ismcts-normal"]
        assert [s["level"] for s in table["table"]["seats"]] == [None, None, "easy", "hard", "normal"]
        handed = client.post(f"/api/tables/{doc['table_id']}/seats/1/bot",
                             headers={"Authorization": f"Bearer {doc['host_token']}"}, json={"level": "easy"})
        assert handed.status_code == 200, handed.text
    with TestClient(create_app(settings)) as client:
        table = table_doc(client, doc["table_id"])
        assert bots_of(table) == [None, "citadels-heuristic", "citadels-heuristic", "ismcts-hard", "ismcts-normal"]


# -- search bots play, from a sample --------------------------------------------------------------------

@pytest.mark.parametrize(("game_id", "players", "moves"), [("gates", 2, None), ("citadels", 3, 40),
                                                          ("akropolis", 2, 16)])
def test_hard_and_normal_bots_play(client, caplog, game_id, players, moves):
    """A whole Gates match; the first 40 moves of a Citadels game (the one with the most hidden cards); 16
    Akropolis moves (the search meets the heuristic's placements, in the worker processes)."""
    seats = [{"kind": "bot", "level": "hard"}, {"kind": "bot", "level": "normal"}] * 2

    def far_enough():
        table = table_doc(client, doc["table_id"])["table"]
        return table["status"] == "over" if moves is None else table["seq"] >= moves

    with caplog.at_level(logging.WARNING, logger="cetate.server"):
        doc = create(client, game=game_id, players=players, seed=9, seats=seats[:players])
        wait_until(far_enough, what="the bots' moves")
    table = table_doc(client, doc["table_id"])["table"]
    assert table["result"]["winners"] if moves is None else table["status"] == "playing"
    assert not caplog.records  # every move was the search's own: no failure fell back to a random move


def test_a_time_cap_keeps_search_bots_quick(tmp_path):
    settings = make_settings(tmp_path, bot_iterations=None, bot_think_ms=5)
    with TestClient(create_app(settings)) as client:
        doc = create(client, players=3, seed=2, seats=[{"kind": "human"}] + [{"kind": "bot", "level": "hard"}] * 2)
        started = time.monotonic()
        played = 0
        while played < 6:  # the human's own moves: the bots answer in between
            turn = my_turn(client, doc["table_id"], doc["host_token"])
            assert turn["table"]["status"] == "playing"
            response = client.post(f"/api/tables/{doc['table_id']}/actions",
                                   headers={"Authorization": f"Bearer {doc['host_token']}"},
                                   json={"action": turn["legal_actions"][0]})
            assert response.status_code == 200, response.text
            played += 1
        assert time.monotonic() - started < 20  # 2 s per hard decision would take far longer
        assert table_doc(client, doc["table_id"])["table"]["seq"] > played  # the bots moved in between


def test_the_budget_settings_come_from_the_environment():
    settings = Settings.from_env({"CETATE_BOT_THINK_MS": "250", "CETATE_BOT_ITERATIONS": "8"})
    assert settings.bot_think_ms == 250 and settings.bot_iterations == 8
    assert settings.bot_limits == {"think_ms": 250, "iterations": 8}
    assert Settings.from_env({}).bot_limits is None  # the levels' own budgets
    with pytest.raises(ValueError, match="CETATE_BOT_THINK_MS"):
        Settings.from_env({"CETATE_BOT_THINK_MS": "long"})
    with pytest.raises(ValueError, match="bot_iterations"):
        Settings(bot_iterations=0)


def test_limits_cap_only_search_bots():
    search = cetate.bots.make_bot("ismcts-hard", "citadels", 0, "s")
    limit_search(search, think_ms=50)
    assert search.settings["ms"] == 50 and search.settings["iterations"] is None
    limit_search(search, think_ms=5000)
    assert search.settings["ms"] == 50  # a cap never raises a budget
    counted = cetate.bots.make_bot("ismcts", "citadels", 0, "s")
    limit_search(counted, iterations=3)
    assert counted.settings["iterations"] == 3 and counted.settings["ms"] is None
    heuristic = cetate.bots.make_bot("citadels-heuristic", "citadels", 0, "s")
    limit_search(heuristic, think_ms=1, iterations=1)  # nothing to cap
    assert not hasattr(heuristic, "settings")


def test_the_worker_gets_a_determinized_sample_never_the_true_state(client, monkeypatch):
    game = get_game("citadels")
    hub = client.app.state.hub
    drawn: list[str] = []
    seen: list[dict] = []
    real_determinize, real_decide = game.determinize, server_bots.decide

    def determinize(state, seat, rng):
        sample = real_determinize(state, seat, rng)
        drawn.append(json.dumps(game.to_json(sample), sort_keys=True))
        return sample

    def spy(game_id, bot_name, seat, seed, view, legal, sample=None, limits=None):
        table = next(t for t in hub.tables.values() if t.game.id == game_id)
        seen.append({"bot": bot_name, "seat": seat, "view": view, "sample": sample, "limits": limits,
                     "truth": json.loads(json.dumps(game.to_json(table.state)))})
        return real_decide(game_id, bot_name, seat, seed, view, legal, sample, limits)

    monkeypatch.setattr(game, "determinize", determinize)
    monkeypatch.setattr(server_bots, "decide", spy)
    doc = create(client, players=4, seed=17, seats=[{"kind": "human"}] + [{"kind": "bot", "level": "hard"}] * 3)
    turn = my_turn(client, doc["table_id"], doc["host_token"])
    for _ in range(3):  # a few rounds of bot decisions
        response = client.post(f"/api/tables/{doc['table_id']}/actions",
                               headers={"Authorization": f"Bearer {doc['host_token']}"},
                               json={"action": turn["legal_actions"][-1]})
        assert response.status_code == 200, response.text
        turn = my_turn(client, doc["table_id"], doc["host_token"])
    assert len(seen) >= 3
    for call in seen:
        assert call["bot"] == "ismcts-hard" and call["limits"] == {"think_ms": None, "iterations": BOT_ITERATIONS}
        sample = call["sample"]
        assert json.dumps(sample, sort_keys=True) in drawn  # drawn by game.determinize ...
        assert sample != call["truth"]  # ... so the other seats' hands and the deck are not the true ones
        assert game.view(game.from_json(sample), call["seat"]) == call["view"]  # and the seat's own view holds


def test_a_heuristic_bot_gets_no_sample(client, monkeypatch):
    seen: list = []
    real_decide = server_bots.decide

    def spy(*args):
        seen.append(args[6])
        return real_decide(*args)

    monkeypatch.setattr(server_bots, "decide", spy)
    doc = create(client, players=2, seed=4, seats=[{"kind": "bot", "level": "easy"}] * 2)
    wait_until(lambda: table_doc(client, doc["table_id"])["table"]["seq"] >= 8, what="some bot moves")
    assert seen and all(sample is None for sample in seen)


def test_the_worker_function_rebuilds_the_sample():
    game = get_game("citadels")
    state = game.setup(3, 5)
    seat = game.to_move(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    sample = json.loads(json.dumps(game.to_json(game.determinize(state, seat, Rng.from_seed(1)))))
    assert decide("citadels", "ismcts-hard", seat, "s", view, legal, sample, {"iterations": 4}) in legal
    with pytest.raises(ValueError, match="sample"):  # a search bot without its sample refuses
        decide("citadels", "ismcts-hard", seat, "s", view, legal, None, {"iterations": 4})


# -- failures and the event loop ------------------------------------------------------------------------

def test_a_failing_or_illegal_bot_still_plays_a_legal_move(client, monkeypatch, caplog):
    calls = []

    def broken(game_id, bot_name, seat, seed, view, legal, sample=None, limits=None):
        calls.append(bot_name)
        if len(calls) % 2:
            raise RuntimeError("the bot crashed")
        return {"type": "no such action"}

    monkeypatch.setattr(server_bots, "decide", broken)
    with caplog.at_level(logging.ERROR, logger="cetate.server.tables"):
        doc = create(client, game="gates", players=2, seed=6, seats=[{"kind": "bot", "level": "hard"}] * 2)
        wait_until(lambda: table_doc(client, doc["table_id"])["table"]["status"] == "over", what="the game")
    assert calls and set(calls) == {"ismcts-hard"}
    assert "failed; a random legal action is played" in caplog.text and "chose an illegal action" in caplog.text


def test_the_api_answers_while_a_hard_bot_thinks(tmp_path, monkeypatch):
    """Thread mode (`bot_workers=0`), the harder case: the search shares the interpreter with the loop."""
    thinking, done = threading.Event(), threading.Event()
    real_decide = server_bots.decide

    def slow(*args):
        thinking.set()
        try:
            return real_decide(*args)
        finally:
            done.set()

    monkeypatch.setattr(server_bots, "decide", slow)
    settings = make_settings(tmp_path, bot_iterations=None, bot_think_ms=1500)
    with TestClient(create_app(settings)) as client:
        doc = create(client, players=2, seed=1, seats=[{"kind": "bot", "level": "hard"}] * 2)
        assert thinking.wait(10)
        started = time.monotonic()
        games = client.get("/api/games")
        table = client.get(f"/api/tables/{doc['table_id']}")
        answered = time.monotonic() - started
        assert games.status_code == 200 and table.status_code == 200
        assert not done.is_set(), f"the bot finished before the API answered ({answered:.2f} s)"
        assert table.json()["table"]["seq"] == 0


def test_the_pool_passes_the_sample_to_a_worker_process():
    game = get_game("gates")
    state = game.setup(2, 3)
    seat = game.to_move(state)
    while len(game.legal_actions(state)) < 2:
        game.apply(state, game.legal_actions(state)[0])
        seat = game.to_move(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    sample = json.loads(json.dumps(game.to_json(game.determinize(state, seat, Rng.from_seed(2)))))

    async def in_a_process():
        pool = BotPool(1)
        try:
            return await pool.decide("gates", "ismcts-hard", seat, "s", view, legal, sample, {"iterations": 4})
        finally:
            pool.close()

    # in a thread of its own: a session-wide Playwright browser may keep an event loop in this one
    with concurrent.futures.ThreadPoolExecutor(1) as ex:
        assert ex.submit(asyncio.run, in_a_process()).result() in legal
