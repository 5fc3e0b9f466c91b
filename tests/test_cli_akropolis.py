"""`cetate play|simulate|bench akropolis`: the Akropolis terminal screen, moves typed as their fields, the solo
game, the shortcut flags, and every text of the screen coming from the catalogs."""

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
WIDE = {"COLUMNS": "1000"}  # no wrapped lines: a wrapped text would hide across two lines

# The human's first turn is always "take", then "place" on a city holding only the starting tile (plaza at 0,0,
# quarries at 0,-1, 1,0 and -1,1): "0 1 3" (cells 0,1, 0,2 and -1,2, on the ground next to the plaza) is legal
# whatever the tile, "7 7 7" never is (no turn 7), and "0 0" is not a placement (a city tile needs a turn).
FIRST_TURN = ["hello", "1", "7 7 7", "0 0", "(0, 1) 3"]


def run(*args: str, input: str | None = None, env: dict | None = None):
    return runner.invoke(app, list(args), input=input, env=env)


def test_play_a_whole_two_player_game_against_a_bot_with_typed_moves(tmp_path: Path):
    target = tmp_path / "game.json"
    lines = [*FIRST_TURN, *["1"] * 400]
    result = run("play", "akropolis", "--players", "2", "--bots", "random", "--seed", "3", "--save", str(target),
                 input="\n".join(lines) + "\n", env={"COLUMNS": "110"})
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "'hello' is not a number" in out
    assert "'7 7 7' is not a legal move now" in out
    assert "'0 0' is neither a number from 1 to" in out and "nor a move such as" in out
    for text in ("Construction site", "Score now (value × stars = points)", "Houses", "Tile to place (#",
                 "Legend:", "turned k", "← q", "\\_0,0_/", "Final scores", "Rank", "actions played."):
        assert text in out, text
    assert re.search(r"moves\. Type a number, or a move as it is written after its number \(e\.g\. -?\d+ -?\d+ \d\)",
                     out)
    record = Record.load(target)
    assert record.result is not None and record.seats[0]["kind"] == "human"
    placements = [a for a in record.actions if a["type"] == "place"]
    assert {"type": "place", "q": 0, "r": 1, "rot": 3} in placements  # the move typed as its fields
    replayed = run("replay", str(target))
    assert replayed.exit_code == 0 and "matches the record" in replayed.output


def test_play_solo_against_the_architect(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.chdir(tmp_path)  # the last "1" answers the save prompt
    result = run("play", "akropolis", "--players", "1", "--seed", "2", input="\n".join(["1"] * 200) + "\n",
                 env={"COLUMNS": "110"})
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Akropolis: 1 player, seed 2" in out
    assert "The Architect's" in out and "Metagenes (medium)" in out and "Quarries" in out
    assert "Chief Architect: The Illustrious Architect" in out
    assert "Final scores" in out
    assert "The Illustrious Architect wins." in out or "You beat the Illustrious Architect." in out
    assert Record.load(tmp_path / "1").result is not None


def test_play_auto_with_athena_and_all_variants_shows_the_cards():
    result = run("play", "akropolis", "--players", "2", "--seed", "5", "--auto", "--athena", "--variants",
                 env={"COLUMNS": "110"})
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert "Athena" in out and "Pieces left" in out and "Small tiles" in out
    assert "Bot plays your seat:" in out and "Final scores" in out


def _mid_game_view(players: int = 2, actions: int = 40, **options):
    import random

    from cetate.games import get

    game = get("akropolis")
    state = game.setup(players, 10, options)
    rnd = random.Random(10)
    for _ in range(actions):
        game.apply(state, game.random_action(state, rnd))
    return game, state, game.view(state, state.seat)


@pytest.mark.parametrize("width", [60, 80, 110, 200])
def test_the_screen_fits_the_terminal(width: int):
    """Wide hexes with "q,r" when they fit, else narrow hexes; nothing is folded across lines."""
    import io

    from rich.console import Console

    from cetate.core.i18n import Catalog

    game, state, view = _mid_game_view(athena=True)
    catalog = Catalog(game.messages_dir())
    console = Console(width=width, file=io.StringIO(), highlight=False)
    console.print(game.terminal().table(view, catalog, "en", ["Ann", "Bob"], state.seat))
    out = console.file.getvalue()
    assert max(len(line) for line in out.splitlines()) <= width
    assert "Bob" in out and "Construction site" in out
    wide = "\\_0,0_/" in out
    assert wide == (width >= 110) and ("\\___/" in out) == (width < 110)


def test_typed_moves_are_parsed_only_as_placements():
    game, state, view = _mid_game_view(actions=41)  # a player holding a tile: "place"
    terminal = game.terminal()
    legal = game.legal_actions(state)
    assert {a["type"] for a in legal} == {"place"}
    first = legal[0]
    typed = f"({first['q']}, {first['r']}) {first['rot']}"
    assert terminal.parse(typed, legal) == first
    assert terminal.short(first, _catalog(game), "en") == f"{first['q']} {first['r']} {first['rot']}"
    assert terminal.parse(f"{first['q']},{first['r']},{first['rot']}", legal) == first
    assert terminal.parse("1 2", legal) is None and terminal.parse("a b c", legal) is None
    assert terminal.parse("1 2 3", [{"type": "take", "site": 0}]) is None
    small = [{"type": "place_small", "q": 1, "r": 2, "rot": 0}]  # a one-district small tile: any turn
    assert terminal.parse("1 2", small) == small[0] == terminal.parse("1 2 5", small)
    hints = [terminal.hint(view, a, _catalog(game), "en") for a in legal]
    assert all(re.match(r"^[+-]\d+ points?(, \+\d stones?)?, level \d$", h) for h in hints), hints[:5]
    # the stones and the level a hint names are the engine's notes of that placement
    for hint, note in zip(hints, game.annotate(state, state.seat, legal), strict=True):
        stones = re.search(r"\+(\d) stones?", hint)
        assert (int(stones.group(1)) if stones else 0, int(hint[-1])) == (note["st"], note["lv"]), (hint, note)


def test_the_site_marks_what_the_view_refuses():
    """The construction site marks as too dear exactly the positions the viewer's `refusals` name."""
    import io

    from rich.console import Console

    game, state, view = _mid_game_view(actions=40)
    assert state.phase == "take" and any(game.view(state, seat)["refusals"] for seat in range(2))
    for seat in range(2):
        view = game.view(state, seat)
        console = Console(width=200, file=io.StringIO(), highlight=False)
        console.print(game.terminal().table(view, _catalog(game), "en", ["Ann", "Bob"], seat))
        out = console.file.getvalue()
        refused = [r for r in view["refusals"] if r["code"] == "cost"]
        assert out.count("you cannot pay") == len(refused)
        assert out.count("✓") == len(view["site"]) - len(refused)


def _catalog(game):
    from cetate.core.i18n import Catalog

    return Catalog(game.messages_dir())


def test_bench_akropolis_prints_one_json_line():
    result = run("bench", "akropolis", "--games", "2", "--players", "3", "--seed", "1", "--athena")
    assert result.exit_code == 0, result.output
    lines = result.stdout.strip().splitlines()
    assert len(lines) == 1
    doc = json.loads(lines[0])
    assert doc["game"] == "akropolis" and doc["players"] == 3 and doc["games"] == 2 and doc["mean_decisions"] > 0


@pytest.mark.parametrize(("flags", "expected"), [
    (["--athena"], {"athena": True, "long_game": False, "variant_houses": False}),
    (["--variants"], {"athena": False, "variant_houses": True, "variant_markets": True, "variant_barracks": True,
                      "variant_temples": True, "variant_gardens": True}),
    (["--long"], {"long_game": True, "athena": False}),
    (["--athena", "--variants", "--long", "-o", "athena=false"], {"athena": False, "long_game": True,
                                                                  "variant_gardens": True}),
])
def test_shortcut_flags_map_to_options(tmp_path: Path, flags: list[str], expected: dict):
    folder = tmp_path / "records"
    result = run("simulate", "akropolis", "--players", "2", "--games", "1", "--records", str(folder), *flags)
    assert result.exit_code == 0, result.output
    record = Record.load(next(folder.glob("*.json")))
    assert {k: record.options[k] for k in expected} == expected


def test_shortcut_flags_are_checked():
    result = run("bench", "akropolis", "--players", "4", "--games", "1", "--long")
    assert result.exit_code == 2 and "long_game" in result.output
    result = run("simulate", "akropolis", "--games", "1", "--short")
    assert result.exit_code == 2 and "--short" in result.output


# -- every text of the Akropolis screen comes from the catalogs ------------------------------------

def _pseudo_catalog(folder: Path, lang: str) -> None:
    """The marked test translation of the core and this game's English messages (tests/pseudo_catalog.py)."""
    from cetate.core.i18n import Catalog
    from cetate.games import get

    write_pseudo_catalog(folder, lang, (Catalog(), Catalog(get("akropolis").messages_dir())))


_outside_catalog = outside_catalog


def test_every_text_of_the_akropolis_screen_comes_from_the_catalogs(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch):
    from cetate import cli
    from cetate.core.i18n import Catalog

    folder = tmp_path / "pseudo"
    _pseudo_catalog(folder, "cs")
    monkeypatch.setattr(cli, "_catalog", lambda game=None: Catalog(
        game.messages_dir() if game is not None else None, folder))
    monkeypatch.chdir(tmp_path)
    allowed = {"random", "akropolis", "q"}  # a bot's name, a game's id, and the answer "q" echoed back

    def check(args: list[str], code: int = 0, input: str | None = None) -> str:
        result = runner.invoke(app, [*args, "--lang", "cs"], input=input, env=WIDE)
        assert result.exit_code == code, result.output[-3000:]
        words = set(re.findall(r"[A-Za-z]+", _outside_catalog(result.output))) - allowed
        assert words == set(), (args, sorted(words)[:20])
        return result.output

    # a few turns with piped answers: empty, not a number, a take, a turn 7, a placement without a turn, a
    # placement typed as its fields; then the first action a few times, and quit
    answers = ["", "1.5", "1", "7 7 7", "0 0", "0 1 3", *["1"] * 6, "q"]
    out = check(["play", "akropolis", "--players", "2", "--seed", "4", "--athena"], code=1,
                input="\n".join(answers) + "\n")
    for marked in ("⟪Construction site⟫", "⟪Score now (value × stars = points)⟫", "⟪Athena⟫", "⟪Legend:⟫",
                   "⟪'1.5' is not a number", "⟪'7 7 7' is not a legal", "⟪'0 0' is neither a number", "⟪← q⟫",
                   "⟪Tile to place (#", "⟪Game abandoned.⟫"):
        assert marked in out, marked
    out = check(["play", "akropolis", "--players", "1", "--seed", "6", "--athena", "--auto", "--save", "solo.json"])
    for marked in ("⟪The Illustrious Architect⟫", "⟪Final scores⟫", "⟪Record saved to solo.json⟫"):
        assert marked in out, marked


def test_u_takes_back_the_solo_players_own_moves_one_by_one(tmp_path: Path):
    # take, place (the Architect answers at once: no one else moved), then three times 'u': the placement
    # and the take are taken back, the third finds nothing; then the game goes on and is saved
    target = tmp_path / "solo.json"
    lines = ["u", "1", "1", "u", "u", "u", *["1"] * 200]
    result = run("play", "akropolis", "--players", "1", "--seed", "4", "--option", 'architect="callicrates"',
                 "--save", str(target), input="\n".join(lines) + "\n", env=WIDE)
    assert result.exit_code == 0, result.output[-3000:]
    out = result.output
    assert out.count("Your last move was taken back.") == 2
    assert out.count("There is no move of yours to take back now") == 2  # before any move, and at the end
    assert "(u: take back your last move)" in out
    record = Record.load(target)
    assert record.result is not None and record.actions[0]["type"] == "take"
    # the record holds only the moves that stand: it replays to the same result
    replayed = run("replay", str(target))
    assert replayed.exit_code == 0 and "matches the record" in replayed.output
