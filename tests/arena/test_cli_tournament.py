"""`cetate tournament`: a small run writes its report; bad input gives a catalog message and exit status 2."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from cetate.cli import app

runner = CliRunner()
WIDE = {"COLUMNS": "200"}


def run(*args: str):
    return runner.invoke(app, ["tournament", *args], env=WIDE)


def test_a_small_tournament_writes_its_report(tmp_path: Path):
    out = tmp_path / "report"
    result = run("gates", "--players", "2", "--bots", "random,ismcts:iterations=5", "--games", "2",
                 "--backend", "inprocess", "--seed", "4", "--out", str(out))
    assert result.exit_code == 0, result.output
    assert "2 deals × 2 seatings = 4 games, 2 players; backend: inprocess" in result.output
    assert f"Report written to {out}" in result.output
    assert "Win rate" in result.output and "ismcts:iterations=5" in result.output
    doc = json.loads((out / "report.json").read_text(encoding="utf-8"))
    assert doc["settings"]["seed"] == 4 and len(doc["games"]) == 4
    assert (out / "report.md").exists() and (out / "win_rates.png").exists()


def test_messages_follow_the_language(tmp_path: Path):
    result = run("gates", "--bots", "random,random", "--games", "1", "--backend", "inprocess",
                 "--out", str(tmp_path / "r"), "--lang", "ro")
    assert result.exit_code == 0, result.output
    assert "1 mână × 1 așezare = 1 partidă" in result.output
    assert "Fără rating" in result.output and "Raportul a fost scris în" in result.output


@pytest.mark.parametrize(("args", "message"), [
    (["gates", "--bots", "nope"], "unknown bot 'nope'; known bots:"),
    (["gates", "--players", "3", "--bots", "random"], "Gates of the Citadel is for 2 to 2 players, not 3"),
    (["nogame", "--bots", "random"], "unknown game 'nogame'"),
    (["gates", "--bots", "random", "--games", "0"], "--games must be at least 1, not 0"),
    (["gates", "--bots", "random", "--jobs", "0"], "--jobs must be at least 1, not 0"),
    (["gates", "--bots", "random,random,random"], "3 bots for 2 seats"),
    (["gates", "--bots", "citadels-heuristic"], "bot 'citadels-heuristic' plays citadels, not gates"),
    (["gates", "--bots", "ismcts:depth=x"], "bot 'ismcts:depth=x' cannot be used"),
    (["gates", "--bots", " , "], "--bots needs at least one bot name"),
    (["gates"], "--bots needs at least one bot name"),
    (["gates", "--bots", "random", "--option", "nope=1"], "the game options cannot be used"),
    (["gates", "--bots", "random", "--option", "nope"], "bad --option 'nope'"),
    (["gates", "--bots", "random", "--backend", "cloud"], "unknown backend 'cloud'; use one of: inprocess, pool, ray"),
    (["gates", "--bots", "random", "--ray", "--backend", "pool"], "cannot be combined with --backend pool"),
    (["gates", "--bots", "random", "--ray", "auto", "--backend", "inprocess"], "--backend inprocess"),
])
def test_bad_input_is_a_clear_error(args, message):
    result = run(*args)
    assert result.exit_code == 2, result.output
    assert "error:" in result.output and message in result.output, result.output
    assert "Traceback" not in result.output


def test_errors_are_translated():
    result = run("gates", "--bots", "nope", "--lang", "cs")
    assert result.exit_code == 2
    assert "chyba: neznámý bot 'nope'" in result.output


def test_ray_missing_says_how_to_install_it(monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setitem(sys.modules, "ray", None)  # `import ray` now fails as if it were not installed
    for args in (["--ray"], ["--backend", "ray"], ["--ray", "auto"]):
        result = run("gates", "--bots", "random", *args)
        assert result.exit_code == 2, result.output
        assert "pip install cetate[distributed]" in result.output


def test_a_report_folder_that_cannot_be_made_fails_before_playing(tmp_path: Path):
    blocker = tmp_path / "file"
    blocker.write_text("not a folder")
    result = run("gates", "--bots", "random", "--backend", "inprocess", "--out", str(blocker / "report"))
    assert result.exit_code == 1, result.output
    assert "cannot write the report to" in result.output and "Traceback" not in result.output
