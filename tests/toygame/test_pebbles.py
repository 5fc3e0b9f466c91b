"""A fourth game touches nothing outside its package (issue 30): Pebbles (tests/toygame/) is registered through
an entry point of the `cetate.games` group (conftest.py), and then runs in the lobby API, at a table over REST
and WebSocket, in the terminal (`cetate play` and the other commands), with bots, in a tournament and as an RL
environment. Nothing in src/ names it."""

from __future__ import annotations

import json
import logging
import random
import re
import warnings
from pathlib import Path

import pytest
from typer.testing import CliRunner

import cetate.games
from cetate.bots import make_bot, names, play_game
from cetate.bots.levels import level_bot
from cetate.core.errors import IllegalAction, InvalidOptions
from cetate.core.protocol import GameSpec
from tests.core import test_catalogs_complete as catalogs
from tests.toygame import SPEC

with warnings.catch_warnings():  # Starlette's TestClient still wraps httpx, and says so
    warnings.simplefilter("ignore")
    from fastapi.testclient import TestClient

SRC = Path(cetate.games.__file__).resolve().parents[1]
HERE = Path(__file__).parent
runner = CliRunner()
WIDE = {"COLUMNS": "120"}


# -- the package alone ------------------------------------------------------------------------------

def test_nothing_outside_the_package_names_the_game():
    for path in SRC.rglob("*"):
        if path.is_file() and path.suffix in (".py", ".js", ".toml", ".md", ".html", ".css"):
            assert "pebbles" not in path.read_text(encoding="utf-8").lower(), path


def test_the_spec_names_every_part():
    assert isinstance(SPEC, GameSpec)
    assert SPEC.search is not None and SPEC.encoder is not None and SPEC.presentation is not None
    assert SPEC.terminal is not None and SPEC.bots is not None and SPEC.bots.heuristic == "pebbles-heuristic"


def test_plays_through_the_facade(pebbles):
    game = pebbles
    assert game is cetate.games.get("pebbles") and "pebbles" in cetate.games.ids()
    rnd = random.Random(1)
    for seed in range(20):
        state = game.setup(2, seed, {"stones": 9})
        assert game.start_events(state)[0].type == "pebbles_started"
        while (seat := game.to_move(state)) is not None:
            legal = game.legal_actions(state)
            assert game.annotate(state, seat, legal) == [{"left": state.stones - a["count"],
                                                          "wins": a["count"] == state.stones % 4} for a in legal]
            assert game.from_json(json.loads(json.dumps(game.to_json(state)))) == state
            game.apply(state, game.random_action(state, rnd))
        assert game.result(state)["winners"] in ([0], [1]) and game.seats(state) == 2
    with pytest.raises(IllegalAction, match="not this seat"):
        game.apply(game.setup(2, 0), {"type": "take", "count": 1}, seat=1 - game.setup(2, 0).turn)
    assert game.catalog("cs") == {"pebble": {"name": "oblázek", "colour": "grey"}}
    assert game.emblem() is None and game.describe_action(None, {"type": "take", "count": 2}) == {
        "key": "action.take", "count": 2}


def test_the_view_says_which_takes_are_refused_and_why(pebbles):
    state = pebbles.setup(2, 0, {"stones": 4, "max_take": 6})
    seat = state.turn
    refusals = pebbles.view(state, seat)["refusals"]
    assert [(r["target"]["count"], r["left"]) for r in refusals] == [(5, 4), (6, 4)]
    for refusal in refusals:  # the engine's own code for each take refused
        with pytest.raises(IllegalAction) as info:
            pebbles.apply(pebbles.clone(state), refusal["target"], seat)
        assert info.value.code == refusal["code"] == "too_many"
    assert pebbles.view(state, 1 - seat)["refusals"] == [] and pebbles.view(state, None)["refusals"] == []


def test_shortcuts_are_data_of_the_option_schema(pebbles):
    assert pebbles.expand_shortcuts({"misere": True, "pile": "7"}) == {"misere": True, "stones": 7}
    assert pebbles.expand_shortcuts({"misere": False, "athena": False, "pile": None}) == {}
    with pytest.raises(InvalidOptions, match="Pebbles has no --athena shortcut"):
        pebbles.expand_shortcuts({"athena": True})
    with pytest.raises(InvalidOptions, match="--pile takes a number"):
        pebbles.expand_shortcuts({"pile": "many"})


@pytest.mark.parametrize("lang", ["cs", "pt", "ro", "ko"])
def test_the_catalogs_are_complete_in_every_language(lang):
    folder = (HERE / "messages").resolve()
    catalogs.test_same_keys_as_english(folder, lang)
    catalogs.test_same_placeholders_as_english(folder, lang)
    catalogs.test_messages_are_well_formed(folder, lang)
    assert (HERE / "guide" / f"{lang}.md").is_file()


# -- bots, tournament, RL --------------------------------------------------------------------------

def test_bots_and_levels_come_from_the_spec(pebbles):
    assert "pebbles-heuristic" in names()
    assert level_bot("pebbles", "easy") == "pebbles-heuristic" and level_bot(pebbles, "hard") == "ismcts-hard"
    wins = 0
    for seed in range(10):
        state = pebbles.setup(2, seed, {"stones": 13})  # 13 % 4 != 0: the first player can always win
        bots = ["random", "random"]
        bots[state.turn] = "pebbles-heuristic"
        _, record = play_game(pebbles, 2, seed, {"stones": 13}, bots)
        wins += record.result["winners"] == [state.turn]
    assert wins == 10
    bot = make_bot("ismcts:iterations=200", pebbles, 0, 3)
    state = pebbles.setup(2, 0, {"stones": 6})
    state.turn = 0
    from cetate.bots import choose

    assert choose(bot, pebbles, state, 0)["count"] == 2  # leaves 4: the only winning take


def test_a_tournament(pebbles):
    from cetate.arena.tournament import run_tournament

    result = run_tournament("pebbles", 2, ["random", "pebbles-heuristic"], games=4, backend="inprocess")
    assert len(result.rows) == 8
    assert result.bot("pebbles-heuristic")["win_rate"] > result.bot("random")["win_rate"]


def test_an_rl_environment(pebbles):
    import numpy as np

    from cetate.rl import env, versus

    e = env("pebbles")
    rnd = np.random.default_rng(0)
    e.reset(seed=4)
    rewards = []
    for _agent in e.agent_iter():
        obs, reward, terminated, truncated, _ = e.last()
        if terminated or truncated:
            rewards.append(reward)
            e.step(None)
            continue
        assert obs["observation"].shape == (4,)
        e.step(int(rnd.choice(np.flatnonzero(obs["action_mask"]))))
    assert sorted(rewards) == [-1.0, 1.0]
    single = versus("pebbles", bots=["pebbles-heuristic"])
    observation, _ = single.reset(seed=1)
    assert observation["action_mask"].sum() == 3


# -- the lobby and a table ----------------------------------------------------------------------------

@pytest.fixture
def client(pebbles, tmp_path: Path):
    from cetate.server.app import create_app
    from tests.server.conftest import make_settings

    with TestClient(create_app(make_settings(tmp_path))) as c:
        yield c


def test_the_lobby_lists_it_with_its_options_bots_and_catalogs(client):
    found = {g["id"]: g for g in client.get("/api/games").json()}["pebbles"]
    assert found["name"] == "Pebbles" and (found["min_players"], found["max_players"]) == (2, 2)
    assert [o["name"] for o in found["options"]] == ["stones", "max_take", "misere"]
    assert "pebbles-heuristic" in found["bots"] and "citadels-heuristic" not in found["bots"]
    assert found["emblem"] is None
    assert client.get("/api/games/pebbles/catalog/ko").json()["pebble"]["name"] == "조약돌"
    guide = client.get("/api/games/pebbles/guide/ro").json()
    assert [s["slug"] for s in guide["sections"]][-2:] == ["overview", "end"]
    messages = client.get("/api/i18n/pt", params={"game": "pebbles"}).json()
    assert "Pedrinhas" in json.dumps(messages)


def test_a_table_over_rest_to_the_end(client):
    from tests.server.conftest import bearer, human_vs_bots, play_random

    made = human_vs_bots(client, players=2, game="pebbles", seed=5, options={"stones": 11})
    table_id, token = made["table_id"], made["seats"][0]["token"]
    doc = play_random(client, table_id, token, random.Random(2))
    assert doc["table"]["status"] == "over" and doc["view"]["stones"] == 0
    record = client.get(f"/api/tables/{table_id}/record", headers=bearer(token)).json()
    assert record["game"] == "pebbles" and record["result"]["winners"]


def test_a_table_over_a_websocket_to_the_end(client):
    from tests.server.conftest import create, merged_view

    made = create(client, game="pebbles", players=2, options={"stones": 9},
                  seats=[{"kind": "human", "name": "Ana"}, {"kind": "bot", "level": "easy"}])
    table_id, token = made["table_id"], made["seats"][0]["token"]
    view = None
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        for _ in range(200):
            message = ws.receive_json()
            if message["type"] not in ("sync", "update"):
                continue
            view = merged_view(view, message)
            if (message.get("table") or {}).get("status") == "over" or view["result"] is not None:
                break
            legal = message.get("legal_actions") or []
            if legal:
                notes = message["action_notes"]
                assert len(notes) == len(legal) and all("left" in n for n in notes)
                ws.send_json({"type": "act", "action": legal[-1], "key": f"m{view['stones']}"})
    assert view is not None and view["stones"] == 0 and view["result"]["winners"]


def test_an_engine_bug_is_a_500_with_a_log_line_not_a_422(client, pebbles, monkeypatch, caplog):
    from tests.server.conftest import bearer, create

    made = create(client, game="pebbles", players=2, seats=[{"kind": "human"}, {"kind": "bot", "level": "easy"}])
    table_id, token = made["table_id"], made["seats"][0]["token"]
    rules = pebbles.spec.rules

    def buggy(state, action, seat=None):
        if action.get("count") == 2:
            return 1 // 0  # a bug of the engine's, set off by one of its own legal actions
        return rules.apply(state, action, seat)

    monkeypatch.setattr(pebbles, "apply", buggy)
    from tests.server.conftest import my_turn

    my_turn(client, table_id, token)
    # an illegal action stays the client's fault: 422 with the engine's code
    refused = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                          json={"action": {"type": "take", "count": 9}})
    assert refused.status_code == 422 and refused.json()["error"]["code"] == "bad_count"
    with caplog.at_level(logging.ERROR):
        failed = client.post(f"/api/tables/{table_id}/actions", headers=bearer(token),
                             json={"action": {"type": "take", "count": 2}})
    assert failed.status_code == 500 and failed.json()["error"]["code"] == "internal_error"
    assert any("the engine failed to apply" in r.getMessage() and r.exc_info for r in caplog.records)
    seq = client.get(f"/api/tables/{table_id}", headers=bearer(token)).json()["table"]["seq"]
    with client.websocket_connect(f"/ws/tables/{table_id}?token={token}") as ws:
        ws.send_json({"type": "act", "action": {"type": "take", "count": 2}, "key": "bug"})
        while (message := ws.receive_json())["type"] != "error":
            pass
        assert message["code"] == "internal_error" and message["key"] == "bug"
    assert client.get(f"/api/tables/{table_id}", headers=bearer(token)).json()["table"]["seq"] == seq


# -- the terminal ---------------------------------------------------------------------------------------

def run(*args: str, input: str | None = None):
    from cetate.cli import app

    return runner.invoke(app, list(args), input=input, env=WIDE)


def test_terminal_play_with_typed_moves_hints_and_a_replay(pebbles, tmp_path: Path):
    target = tmp_path / "game.json"
    answers = ["?", "take 9", "take 1", *["1"] * 20]
    result = run("play", "pebbles", "--seed", "3", "--bots", "pebbles-heuristic", "--pile", "10", "--misere",
                 "--save", str(target), input="\n".join(answers) + "\n")
    assert result.exit_code == 0, result.output[-2000:]
    out = result.output
    assert "Pebbles: 2 players, seed 3" in out and "whoever takes the last one loses" in out
    assert re.search(r"Hint: \d\. Take \d pebbles?", out)
    assert "'take 9' is not a legal move now" in out and "pebbles left" in out
    assert re.search(r"Take 1 pebble +\(\d+ left", out)  # the engine's note, shown by the screen
    assert "Pebbles taken" in out and "Record saved" in out
    replayed = run("replay", str(target), "--seat", "0")
    assert replayed.exit_code == 0 and "matches the record" in replayed.output


def test_the_other_commands(pebbles, tmp_path: Path):
    assert "Pebbles" in run("games").output
    assert "--misere" in run("play", "--help").output and "--pile" in run("bench", "--help").output
    rules = run("rules", "pebbles", "end", "--lang", "cs")
    assert rules.exit_code == 0 and "prohrává" in rules.output
    simulated = run("simulate", "pebbles", "--games", "3", "--bots", "random,pebbles-heuristic", "--misere")
    assert simulated.exit_code == 0 and "pebbles-heuristic" in simulated.output
    bench = run("bench", "pebbles", "--games", "2", "--pile", "20")
    assert bench.exit_code == 0 and json.loads(bench.stdout)["games"] == 2
    assert json.loads(run("bench", "pebbles", "--games", "2", "--rl").stdout)["actions"] == 6
    wrong = run("simulate", "pebbles", "--games", "1", "--athena")
    assert wrong.exit_code == 2 and "Pebbles has no --athena shortcut" in wrong.output
    assert run("bench", "pebbles", "--games", "1", "--pile", "x").exit_code == 2
    tournament = run("tournament", "pebbles", "--bots", "random,pebbles-heuristic", "--games", "2",
                     "--backend", "inprocess", "--out", str(tmp_path / "report"))
    assert tournament.exit_code == 0, tournament.output[-2000:]
