"""The `cetate` command line, driven through Typer's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cetate.cli import app
from cetate.core.record import Record

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_citadels():
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "citadels" in result.output


def test_play_auto_plays_a_whole_game_and_saves_it(tmp_path: Path):
    target = tmp_path / "game.json"
    result = run("play", "citadels", "--players", "4", "--seat", "1", "--seed", "7", "--auto",
                 "--save", str(target))
    assert result.exit_code == 0, result.output
    out = result.output
    assert "Final scores" in out and "Tie-break" in out.replace("tie-break", "Tie-break")
    assert "Your hand:" in out and "Journal" in out and "Player 2 (you)" in out
    record = Record.load(target)
    assert record.seed == 7 and record.result is not None
    replayed = run("replay", str(target), "--seat", "1")
    assert replayed.exit_code == 0, replayed.output
    assert "matches the record" in replayed.output


def test_play_with_piped_input_reprompts_and_offers_to_save(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)
    # bad lines first, then always the first action; after the game the next "1" answers the save prompt
    lines = ["hello", "0", "", *["1"] * 3000]
    result = run("play", "citadels", "--players", "3", "--seed", "3", "--option", "completion_size=5",
                 input="\n".join(lines) + "\n")
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "'hello' is not a number" in out
    assert "0 is out of range" in out
    assert "Please type the number" in out
    assert "Your move:" in out and "1. " in out
    assert "Final scores" in out
    saved = tmp_path / "1"
    assert saved.exists() and Record.load(saved).result is not None


def test_play_stops_cleanly_when_the_input_ends():
    result = run("play", "citadels", "--seed", "1", input="1\n")
    assert result.exit_code == 1
    assert "input ended" in result.output
    assert "Traceback" not in result.output


def test_simulate_writes_records_that_replay(tmp_path: Path):
    folder = tmp_path / "records"
    result = run("simulate", "citadels", "--players", "3", "--games", "4", "--seed", "5",
                 "--bots", "random", "--records", str(folder))
    assert result.exit_code == 0, result.output
    assert "Mean decisions per game" in result.output and "mean rounds" in result.output
    assert "Wins by bot" in result.output
    files = sorted(folder.glob("*.json"))
    assert len(files) == 4
    replayed = run("replay", str(files[0]))
    assert replayed.exit_code == 0, replayed.output
    assert "matches the record" in replayed.output
    # stepping through waits for Enter; running out of input just stops waiting
    stepped = run("replay", str(files[1]), "--seat", "0", "--step", input="\n\n\n")
    assert stepped.exit_code == 0, stepped.output
    assert re.search(r"#\d+ you: ", stepped.output)


def test_replay_detects_a_result_that_does_not_match(tmp_path: Path):
    result = run("simulate", "citadels", "--games", "1", "--records", str(tmp_path))
    assert result.exit_code == 0, result.output
    path = next(tmp_path.glob("*.json"))
    doc = json.loads(path.read_text())
    doc["result"]["winners"] = [9]
    path.write_text(json.dumps(doc))
    replayed = run("replay", str(path))
    assert replayed.exit_code == 1
    assert "differs" in replayed.output


def test_bench_prints_one_json_line():
    result = run("bench", "citadels", "--games", "3", "--players", "4", "--seed", "1")
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    doc = json.loads(lines[0])
    for key in ("game", "players", "games", "seconds", "games_per_s", "decisions_per_s", "mean_decisions"):
        assert key in doc
    assert doc["game"] == "citadels" and doc["players"] == 4 and doc["games"] == 3
    assert doc["mean_decisions"] > 0


def test_bench_by_duration():
    result = run("bench", "citadels", "--seconds", "0.2")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["games"] >= 1 and doc["seconds"] >= 0.2


@pytest.mark.parametrize("args", [
    ("play", "nosuchgame"),
    ("simulate", "nosuchgame"),
    ("bench", "nosuchgame"),
    ("rules", "nosuchgame"),
])
def test_unknown_game_is_a_clear_usage_error(args):
    result = run(*args)
    assert result.exit_code == 2
    assert "unknown game 'nosuchgame'" in result.output
    assert "Traceback" not in result.output


@pytest.mark.parametrize("option, message", [
    ("bank_limit=-1", "bank_limit"),
    ("nosuch=1", "unknown option 'nosuch'"),
    ("discard_mode=sideways", "discard_mode"),
    ("completion_size", "name=value"),
])
def test_bad_options_are_usage_errors(option, message):
    result = run("simulate", "citadels", "--games", "1", "--option", option)
    assert result.exit_code == 2
    assert message in result.output


def test_bad_players_seat_and_bot_are_usage_errors():
    assert run("play", "citadels", "--players", "9").exit_code == 2
    assert run("play", "citadels", "--seat", "4").exit_code == 2
    result = run("play", "citadels", "--bots", "nobody")
    assert result.exit_code == 2 and "unknown bot" in result.output


def test_corrupt_or_missing_record_is_an_error(tmp_path: Path):
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "citadels", "actions": ')
    result = run("replay", str(bad))
    assert result.exit_code == 1
    assert "not valid JSON" in result.output and "Traceback" not in result.output
    missing = run("replay", str(tmp_path / "missing.json"))
    assert missing.exit_code == 1 and "cannot read" in missing.output
    incomplete = tmp_path / "incomplete.json"
    incomplete.write_text(json.dumps({"game": "citadels"}))
    result = run("replay", str(incomplete))
    assert result.exit_code == 1 and "missing field" in result.output
    wrong = tmp_path / "wrong.json"
    wrong.write_text(json.dumps({"game": "citadels", "engine_version": "1", "options": {}, "seats": [{}] * 4,
                                 "seed": 1, "actions": [{"type": "build", "card": "castle"}], "result": None}))
    result = run("replay", str(wrong))
    assert result.exit_code == 1 and "illegal" in result.output


def test_rules_prints_the_guide_or_says_it_is_missing():
    result = run("rules", "citadels")
    if result.exit_code == 0:
        assert "Warlord" in result.output
        section = run("rules", "citadels", "warlord")
        assert section.exit_code == 0 and "Warlord" in section.output
        assert run("rules", "citadels", "no such section").exit_code == 2
    else:
        assert result.exit_code == 1 and "no rules guide" in result.output
