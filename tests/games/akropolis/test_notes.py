"""What the engine tells clients about their moves (notes.py, catalog.py): the action notes equal what `apply`
does, every refusal code of the view's `refusals` and `spots` in a scenario built for it (and `apply` refuses
the same with the same code), the static catalog in two languages, nothing about the stacks' order, and an
import graph of the package without a cycle.
"""

from __future__ import annotations

import ast
import json
import random
from pathlib import Path

import pytest

from cetate.core.errors import IllegalAction
from cetate.core.i18n import LANGUAGES, Catalog
from cetate.core.rng import Rng
from cetate.games.akropolis import catalog as catalog_module
from cetate.games.akropolis import notes, rules
from cetate.games.akropolis.city import NOT_TOUCHING, ON_SMALL_TILE, SINGLE_SUPPORT, UNEVEN
from cetate.games.akropolis.data import CITY_TILES, CODES, PLAZA_STARS, SMALL_TILES
from tests.games.akropolis.helpers import GAME, act, illegal_code, scenario

PACKAGE = Path(notes.__file__).parent
MESSAGES = Catalog(PACKAGE / "messages")
BQQ_NORTH = (5, 1, -1, 1)  # tile 5 "Bqq": B plaza on (1,-1), quarries on (2,-2) and (2,-1)
CARDS = ["quarry_mine", "parkland", "agora", "villa"]
UNDER = [[30, 11, 12, 13], [20, 14, 15, 16], [21, 22, 23, 24], [1, 2, 3, 4]]


def played(players: int, seed: int, turns: int, options: dict | None = None):
    """States met in a random game (seeded): one per decision, up to `turns` decisions."""
    s = GAME.setup(players, seed, options)
    rnd = random.Random(seed)
    for _ in range(turns):
        if GAME.to_move(s) is None:
            return
        yield s
        GAME.apply(s, rules.random_action(s, rnd))


def outcome(s, action: dict) -> tuple[int, int | None]:
    """What `action` does for the seat to move: (stones after minus stones before, level of the placed piece)."""
    after = GAME.clone(s)
    seat = after.seat
    before = after.stones[seat]
    events = act(after, action)
    level = next((e.data["level"] for e in events if e.type in ("tile_placed", "small_placed")), None)
    return after.stones[seat] - before, level


def spot_mark(spots: dict, q: int, r: int, rot: int) -> str:
    entry = spots["at"].get(f"{q},{r}")
    return entry[1][0 if spots["piece"] == "small" else rot] if entry else spots["else"]


# -- action notes --------------------------------------------------------------------------------------

@pytest.mark.parametrize(("players", "seed", "options"), [
    (2, 1, {}), (3, 4, {"athena": True}), (4, 2, {"stone_supply": 12}), (1, 3, {"athena": True}),
])
def test_notes_are_what_apply_does(players, seed, options):
    """Every note of every legal action equals the engine's own effect: a take costs its note's stones, a
    placement earns its note's stones (after a finite supply, F9) on its note's level."""
    kinds = set()
    for s in played(players, seed, 200, options):
        legal = GAME.legal_actions(s)
        noted = GAME.annotate(s, s.seat, legal)
        assert len(noted) == len(legal)
        for action, note in zip(legal, noted, strict=True):
            kinds.add(action["type"])
            gained, level = outcome(s, action)
            if action["type"] == "take":
                assert note == {"cost": action["site"]} and gained == -note["cost"]
            elif action["type"] in ("place", "place_small"):
                assert note == {"lv": level, "st": gained}, action
            else:
                assert note == {}
    assert {"take", "place"} <= kinds


def test_notes_of_a_placement_on_quarries_and_with_an_empty_supply():
    """§1.3: a tile over two quarries earns 2 stones on level 2; F9: with the supply empty it earns none."""
    cells = [BQQ_NORTH]
    over = {"type": "place", "q": 1, "r": 0, "rot": 0}  # the start's quarry (1,0), the B plaza, the quarry (2,-1)
    s = scenario(2, cities={0: cells}, phase="place", held=1, stones={0: 2, 1: 2})
    assert over in GAME.legal_actions(s)
    note = GAME.annotate(s, 0, [over])[0]
    assert note == {"lv": 2, "st": 2} and outcome(s, over) == (2, 2)
    dry = scenario(2, options={"stone_supply": 4}, cities={0: cells}, phase="place", held=1, stones={0: 2, 1: 2})
    assert GAME.annotate(dry, 0, [over])[0] == {"lv": 2, "st": 0} and outcome(dry, over) == (0, 2)


def test_annotate_runs_only_when_asked():
    """The notes are made by `annotate` alone: the hot path (legal actions, apply, the random sampler) does
    not call it."""
    calls = []
    real = notes.annotate
    try:
        notes.annotate = lambda *a: calls.append(a) or real(*a)
        s = GAME.setup(2, 5)
        rnd = random.Random(1)
        for _ in range(20):
            GAME.legal_actions(s)
            GAME.apply(s, rules.random_action(s, rnd))
    finally:
        notes.annotate = real
    assert calls == []


# -- refusals and spots ----------------------------------------------------------------------------------

def test_cost_refusals_list_the_positions_the_seat_cannot_pay():
    """§1.3: position k costs k stones: with 1 stone, positions 2 and 3 are refused with their numbers, and
    `apply` refuses them the same way."""
    s = scenario(2, stones={0: 1, 1: 3})
    assert GAME.view(s, 0)["refusals"] == [
        {"code": "cost", "target": {"site": 2}, "cost": 2, "stones": 1},
        {"code": "cost", "target": {"site": 3}, "cost": 3, "stones": 1}]
    assert GAME.view(s, 1)["refusals"] == []  # 3 stones pay for every position
    assert illegal_code(s, {"type": "take", "site": 2}) == "cannot_afford"
    assert [a["site"] for a in GAME.legal_actions(s)] == [0, 1]
    assert GAME.view(s, None)["refusals"] == [] and GAME.view(s, None)["spots"] is None


@pytest.mark.parametrize(("code", "cities", "anchor"), [
    (UNEVEN, [], (0, 0, 0)),  # the plaza, a quarry and an empty cell
    (NOT_TOUCHING, [], (3, 0, 0)),  # two cells away from the starting tile
    (SINGLE_SUPPORT, [BQQ_NORTH], (1, -1, 1)),  # right on top of tile 5
])
def test_each_placement_refusal_in_spots_is_the_one_apply_gives(code, cities, anchor):
    """The view's spots name the reason a placement is refused, and `apply` refuses it with that code; the
    same spots serve while the seat chooses its tile (legality does not depend on the tile)."""
    taking = scenario(2, cities={0: cities}, stones={0: 3})
    placing = scenario(2, cities={0: cities}, phase="place", held=1)
    spots = GAME.view(placing, 0)["spots"]
    assert spots == GAME.view(taking, 0)["spots"] and spots["piece"] == "tile"
    q, r, rot = anchor
    assert spot_mark(spots, q, r, rot) == notes.SPOT_LETTER[code]
    assert illegal_code(placing, {"type": "place", "q": q, "r": r, "rot": rot}) == code


def test_spots_far_away_are_not_touching():
    s = scenario(2, phase="place", held=1)
    spots = GAME.view(s, 0)["spots"]
    assert "9,9" not in spots["at"] and spots["else"] == notes.SPOT_LETTER[NOT_TOUCHING]
    assert illegal_code(s, {"type": "place", "q": 9, "r": 9, "rot": 0}) == NOT_TOUCHING


def test_a_small_tile_on_a_small_tile_is_refused():
    """§1.4 small tile clause: the spots of a small tile mark the cells of other small tiles "on_small_tile",
    and `apply` refuses them the same way."""
    options = {"athena": True, "athena_cards": CARDS}
    s = scenario(2, options=options, under=UNDER, site=[1], stones={0: 8},
                 cities={0: [("small", 5, 1, -1, 0)]})  # small tile 5, a dual hex, on (1,-1)
    act(s, {"type": "take", "site": 0})
    act(s, {"type": "place", "q": -2, "r": 1, "rot": 0})
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 12})
    assert s.phase == "small"
    spots = GAME.view(s, 0)["spots"]
    assert spots["piece"] == "small"
    assert spot_mark(spots, 1, -1, 0) == notes.SPOT_LETTER[ON_SMALL_TILE]
    assert illegal_code(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0}) == ON_SMALL_TILE
    assert spot_mark(spots, 0, -1, 0) == "1"  # the quarry north of the plaza: legal, one stone
    assert spot_mark(spots, 5, 5, 0) == notes.SPOT_LETTER[NOT_TOUCHING]


@pytest.mark.parametrize(("players", "seed", "options"), [(2, 8, {}), (3, 9, {"athena": True})])
def test_spots_agree_with_apply_everywhere(players, seed, options):
    """In random games, every anchor and rotation of the spots: a digit is a legal placement earning that
    many stones on the spot's level, a letter the code `apply` refuses it with; the legal ones are exactly the
    legal actions."""
    checked = 0
    for s in played(players, seed, 120, options):
        if s.phase not in ("place", "small") or checked > 12:
            continue
        checked += 1
        spots = GAME.view(s, s.seat)["spots"]
        legal = GAME.legal_actions(s)
        small = s.phase == "small"
        found = []
        for key, (level, marks) in spots["at"].items():
            q, r = map(int, key.split(","))
            rots = sorted({a["rot"] for a in legal}) if small else range(6)
            for rot in rots:
                mark = marks[0 if small else rot]
                action = {"type": "place_small" if small else "place", "q": q, "r": r, "rot": rot}
                if mark.isdigit():
                    found.append(action)
                    assert outcome(s, action) == (int(mark), level)
                else:
                    assert illegal_code(GAME.clone(s), action) == notes.SPOT_CODES[mark]
        assert sorted(map(json.dumps, found)) == sorted(map(json.dumps, legal))
    assert checked


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_refusal_code_has_its_message(lang):
    for code in notes.REFUSAL_CODES:
        key = f"refusal.{code}"
        raw, used = MESSAGES.raw(key, lang)
        assert raw is not None and used == lang, (lang, key)
    assert "3" in MESSAGES.text("refusal.cost", lang, cost=3, stones=1)


# -- the catalog -------------------------------------------------------------------------------------------

def test_catalog_in_two_languages():
    en, cs = GAME.catalog("en"), GAME.catalog("cs")
    assert json.loads(json.dumps(en)) == en and GAME.catalog("en") == en  # JSON-able and deterministic
    assert len(en["tiles"]) == len(CITY_TILES) == 61
    assert {k: t["hexes"] for k, t in en["tiles"].items()} == {str(k): v for k, v in CODES.items()}
    assert en["kinds"]["G"] == {"colour": "garden", "plaza": True, "stars": PLAZA_STARS["garden"],
                                "name": "garden plaza"}
    assert [c["id"] for c in en["colours"]] == ["house", "market", "barracks", "temple", "garden"]
    assert {int(k): t["hex"] for k, t in en["small_tiles"].items()} == SMALL_TILES
    assert len(en["cards"]) == 18 and en["cards"]["agora"]["kind"] == "q" and en["cards"]["villa"]["kind"] == "h"
    assert en["architects"]["callicrates"]["factor"] == 2 and en["architects"]["metagenes"]["quarry"] == 2
    assert en["spot_codes"] == notes.SPOT_CODES
    assert en["geometry"]["tile"][0] == [[0, 0], [0, -1], [1, -1]]
    # the same numbers in Czech, other words
    assert catalog_module.catalog("cs") == cs
    assert cs["kinds"]["G"]["stars"] == en["kinds"]["G"]["stars"] and cs["kinds"]["G"]["name"] != "garden plaza"
    assert cs["cards"]["agora"]["name"] == MESSAGES.text("card.agora", "cs")
    assert cs["colours"][0]["variant"] == MESSAGES.text("variant.house", "cs") != en["colours"][0]["variant"]


# -- no hidden information -------------------------------------------------------------------------------

def test_nothing_tells_the_stacks_order():
    """The notes, refusals and spots depend on what the seat sees: another order of the stacks gives the same
    view (refusals and spots with it) and the same notes."""
    compared = 0
    for s in played(3, 6, 60, {"athena": True}):
        seat = s.seat
        other = GAME.determinize(s, seat, Rng.from_seed(f"other/{s.turn}"))
        if [list(st) for st in other.stacks] == [list(st) for st in s.stacks]:
            continue
        compared += 1
        assert GAME.view(other, seat) == GAME.view(s, seat)
        legal = GAME.legal_actions(s)
        assert GAME.annotate(other, seat, legal) == GAME.annotate(s, seat, legal)
        for watcher in range(3):
            assert GAME.view(other, watcher)["spots"] == GAME.view(s, watcher)["spots"]
            if watcher != seat:
                assert GAME.view(s, watcher)["spots"] is None
    assert compared > 20


# -- the import graph --------------------------------------------------------------------------------------

def test_the_package_has_no_import_cycle():
    """Every import between the package's modules (at the top or inside functions) goes one way: the bot's
    judgement (valuation.py) is below the bot, its rollouts and the search hooks."""
    names = {p.stem for p in PACKAGE.glob("*.py")}
    graph: dict[str, set[str]] = {}
    for path in PACKAGE.glob("*.py"):
        deps = set()
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ImportFrom) and node.module:
                if node.module.startswith("cetate.games.akropolis."):
                    deps.add(node.module.split(".")[3])
                elif node.module == "cetate.games.akropolis":
                    deps.update(a.name for a in node.names if a.name in names)
        graph[path.stem] = deps - {path.stem, "__init__"}
    done: set[str] = set()

    def visit(module: str, path: list[str]) -> None:
        assert module not in path, f"import cycle: {' -> '.join([*path, module])}"
        if module in done:
            return
        for dep in sorted(graph.get(module, ())):
            visit(dep, [*path, module])
        done.add(module)

    for module in sorted(graph):
        visit(module, [])
    assert "valuation" in graph["bot"] and "bot" not in graph["rollout"] and "search" not in graph["rollout"]


def test_apply_refuses_what_a_refusal_names():
    """A refusal's numbers are the engine's: the IllegalAction of a take too dear carries the same ones."""
    s = scenario(2, stones={0: 1, 1: 3})
    refusal = GAME.view(s, 0)["refusals"][0]
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "take", "site": refusal["target"]["site"]}, seat=0)
    assert exc.value.code == "cannot_afford"
    assert (exc.value.params["cost"], exc.value.params["stones"]) == (refusal["cost"], refusal["stones"])
