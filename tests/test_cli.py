"""The `cetate` command line, driven through Typer's CliRunner."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cetate.cli import app
from cetate.core.record import Record
from tests.pseudo_catalog import outside_catalog, write_pseudo_catalog

runner = CliRunner()


def run(*args: str, input: str | None = None):
    return runner.invoke(app, list(args), input=input)


def test_games_lists_citadels():
    result = run("games")
    assert result.exit_code == 0, result.output
    assert "citadels" in result.output


def test_games_gives_a_single_player_count_once():
    result = run("games")
    rows = {line.split("│")[1].strip(): line.split("│")[3].strip() for line in result.output.splitlines()
            if line.count("│") >= 4 and line.split("│")[1].strip()}
    assert rows["citadels"] == "2-8" and rows["akropolis"] == "1-4"
    assert rows["gates"] == "2"


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


def test_a_question_mark_asks_the_easy_bot_for_a_hint():
    # Gates: the first move is the shuffle, then the draft; '?' names a move of the menu and asks again
    result = run("play", "gates", "--seed", "5", input="?\n1\n?\n")
    out = result.output
    hints = re.findall(r"Hint: (\d+)\. (.+)", out)
    assert len(hints) == 2, out[-2000:]
    number, label = hints[1]
    assert f"{number}. {label.strip()}" in out  # the menu line it points at
    assert "? for a hint" in out
    assert "input ended" in out and "Traceback" not in out


def test_a_game_with_no_bot_of_its_own_gives_no_hint(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setattr("cetate.cli.play.level_bot", lambda game, level: "random")
    result = run("play", "gates", "--seed", "5", input="?\n")
    assert "No hint for this game" in result.output and "Hint:" not in result.output
    assert "Traceback" not in result.output


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


def test_replay_compares_a_seats_moves_with_the_easy_bot(tmp_path: Path):
    played = run("simulate", "gates", "--games", "1", "--seed", "3", "--bots", "random,gates-heuristic",
                 "--records", str(tmp_path))
    assert played.exit_code == 0, played.output
    [target] = sorted(tmp_path.glob("*.json"))
    result = run("replay", str(target), "--seat", "0", "--compare")
    assert result.exit_code == 0, result.output
    out = result.output
    differs = out.count("the easy bot would have played: ")
    agrees = out.count("the easy bot would have played the same")
    assert differs > 0 and differs + agrees == out.count(" you:")
    assert f"otherwise at {differs} of Player 1's {differs + agrees} moves" in out
    assert "matches the record" in out
    # without a seat there is nothing to compare
    alone = run("replay", str(target), "--compare")
    assert alone.exit_code == 1 and "--compare needs --seat" in alone.output


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


def test_bench_rl_times_the_learning_environment():
    result = run("bench", "gates", "--rl", "--games", "3", "--seed", "2")
    assert result.exit_code == 0, result.output
    doc = json.loads(result.stdout)
    assert doc["rl"] is True and doc["games"] == 3 and doc["steps_per_s"] > 0
    assert doc["observation_size"] == 335 and doc["actions"] == 68


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


# -- every text of the command line comes from the message catalogs ------------------------------

CLI_PACKAGE = Path(__file__).resolve().parents[1] / "src" / "cetate" / "cli"
CITADELS_TERMINAL = CLI_PACKAGE.parent / "games" / "citadels" / "terminal.py"  # the Citadels screen of `play`
WIDE = {"COLUMNS": "1000"}  # no wrapped lines: a wrapped text would hide across two lines


def _catalogs():
    from cetate.core.i18n import Catalog
    from cetate.games import get

    return Catalog(), Catalog(get("citadels").messages_dir())


def test_every_catalog_key_named_in_the_cli_package_exists_in_english():
    core, citadels = _catalogs()
    source = "\n".join(p.read_text(encoding="utf-8") for p in sorted(CLI_PACKAGE.glob("*.py")))
    cli_keys = set(re.findall(r"""["'](cli\.[a-z_.]+)["']""", source))
    screen_keys = set(re.findall(r"""["'](screen\.[a-z_.]+)["']""", CITADELS_TERMINAL.read_text(encoding="utf-8")))
    assert len(cli_keys) >= 40 and len(screen_keys) >= 25
    assert sorted(k for k in cli_keys if not core.has(k, "en")) == []
    assert sorted(k for k in screen_keys if not citadels.has(k, "en")) == []
    # the keys built from a name: the `games` table's columns and the `simulate` tables' columns
    for family, names in (("cli.games", ("id", "name", "players", "description")),
                          ("cli.simulate.col", ("seat", "bot", "wins", "win_rate", "mean_score", "seats",
                                                "win_rate_per_seat"))):
        assert f'f"{family}.{{' in source
        assert [n for n in names if not core.has(f"{family}.{n}", "en")] == []


def test_play_in_english_shows_catalog_texts_and_the_first_round(tmp_path: Path):
    core, citadels = _catalogs()
    result = runner.invoke(app, ["play", "citadels", "--auto", "--lang", "en", "--seed", "11", "--players", "3"],
                           env=WIDE)
    assert result.exit_code == 0, result.output
    out = result.output
    for text in (core.text("cli.journal.title"), core.text("cli.result.title"), core.text("cli.play.bot_plays"),
                 citadels.text("screen.you.hand"), citadels.text("screen.characters"),
                 citadels.text("screen.col.gold"), core.text("cli.result.winners", count=1).rstrip(":")):
        assert text in out, text
    assert re.search(r"^\d+ actions played\.$", out, re.MULTILINE)
    # game.start_events: round 1's start is in the journal before the first pick
    assert "Round 1 begins." in out and out.index("Round 1 begins.") < out.index("chooses")
    assert "cli." not in out and "screen." not in out  # a missing key would print as itself
    replayed = runner.invoke(app, ["replay", "--lang", "en", str(_saved_record(tmp_path))], env=WIDE)
    assert replayed.exit_code == 0, replayed.output
    assert replayed.output.lstrip("─ ").startswith("Citadels · seed 5 · 2 players · seen by a spectator")
    assert "  Round 1 begins." in replayed.output


def _saved_record(tmp_path: Path) -> Path:
    target = tmp_path / "r.json"
    result = run("play", "citadels", "--auto", "--seed", "5", "--players", "2", "--save", str(target))
    assert result.exit_code == 0, result.output
    return target


@pytest.mark.parametrize("command", ["play", "simulate", "replay", "rules", "games", "bench"])
def test_an_unknown_language_is_a_clear_usage_error(command):
    args = {"play": ["play", "citadels"], "simulate": ["simulate", "citadels", "-g", "1"],
            "replay": ["replay", "x.json"], "rules": ["rules", "citadels"], "games": ["games"],
            "bench": ["bench", "citadels", "-g", "1"]}[command]
    result = run(*args, "--lang", "xx")
    assert result.exit_code == 2
    assert "unknown language 'xx'; known languages: en, cs" in result.output
    assert "Traceback" not in result.output


def _pseudo_catalog(folder: Path, lang: str) -> None:
    """The marked test translation of the core and this game's English messages (tests/pseudo_catalog.py)."""
    write_pseudo_catalog(folder, lang, list(_catalogs()))


_outside_catalog = outside_catalog


def test_every_text_of_the_commands_comes_from_the_catalogs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    """With a test language whose messages are all marked, the screens of play (piped input, bad answers,
    the save prompt), simulate, replay, games and the errors print no letter outside the marked texts."""
    from cetate import cli
    from cetate.core.i18n import Catalog

    folder = tmp_path / "pseudo"
    _pseudo_catalog(folder, "cs")
    monkeypatch.setattr(cli, "_catalog", lambda game=None: Catalog(
        game.messages_dir() if game is not None else None, folder))
    monkeypatch.chdir(tmp_path)
    allowed = {"random", "citadels", "akropolis", "gates"}  # a bot's name and a game's id are identifiers, not texts

    def check(args: list[str], code: int = 0, input: str | None = None) -> str:
        result = runner.invoke(app, [*args, "--lang", "cs"], input=input, env=WIDE)
        assert result.exit_code == code, result.output[-3000:]
        words = set(re.findall(r"[A-Za-z]+", _outside_catalog(result.output))) - allowed
        assert words == set(), (args, sorted(words)[:20])
        return result.output

    answers = ["", "0", "1.5", *["1"] * 3000]  # empty, out of range, not a number; then the save prompt: "1"
    out = check(["play", "citadels", "--players", "3", "--seed", "3", "--option", "completion_size=5"],
                input="\n".join(answers) + "\n")
    for marked in ("⟪Your move:⟫", "⟪Journal⟫", "⟪Your hand:⟫", "⟪Final scores⟫", "⟪Record saved to 1⟫",
                   "⟪Please type the number of an action", "⟪'1.5' is not a number", "⟪0 is out of range",
                   "⟪Round 1 begins."):
        assert marked in out, marked
    assert Record.load(tmp_path / "1").result is not None
    out = check(["replay", "1", "--seat", "0"])
    assert "⟪The replayed result matches the record.⟫" in out and "⟪#" in out
    out = check(["simulate", "citadels", "--games", "2", "--players", "3", "--records", "recs"])
    assert "⟪Wins by bot (shared wins split)⟫" in out and "⟪Mean decisions per game: " in out
    check(["games"])
    check(["play", "citadels", "--bots", "nobody"], code=2)
    check(["play", "citadels", "--seat", "9"], code=2)
    check(["play", "nosuchgame"], code=2)
    check(["rules", "citadels", "no such section"], code=2)


# -- the shortcut flags come from the games' option schemas ----------------------------------------------

def test_every_command_that_takes_options_has_every_games_shortcut_flags():
    import cetate.games

    for command in ("play", "simulate", "bench"):
        text = runner.invoke(app, [command, "--help"], env=WIDE).output
        for game in cetate.games.all():
            for shortcut in game.options.shortcuts:
                assert f"--{shortcut.name}" in text, (command, shortcut.name)
        assert "Citadels: Dark City districts added" in text and "Akropolis: The long game" in text


def test_a_shortcut_flag_works_on_every_command_and_is_refused_by_other_games(tmp_path: Path):
    folder = tmp_path / "records"
    result = run("simulate", "citadels", "--players", "4", "--games", "1", "--dark-city", "--characters", "classic",
                 "--records", str(folder))
    assert result.exit_code == 0, result.output
    options = Record.load(next(folder.glob("*.json"))).options
    assert options["random_dark_city_districts"] == 14 and options["ball_room"] is True
    assert options["characters"] is None and options["character_preset"] == "classic"  # --characters wins
    refused = run("play", "gates", "--dark-city", input="q\n")
    assert refused.exit_code == 2 and "Gates of the Citadel has no --dark-city shortcut" in refused.output
