"""The game protocol in parts (cetate.core.protocol): a `GameSpec` names the parts, `Game` is the facade with
the protocol's defaults, `lazy` names a part in a module not loaded yet; the registry hands out facades; and
no caller probes a game."""

from __future__ import annotations

import random
import re
import sys
from dataclasses import replace
from pathlib import Path

import pytest

import cetate.games
from cetate.core.errors import InvalidOptions
from cetate.core.options import Option, OptionSchema, Shortcut
from cetate.core.protocol import (
    CodecPart,
    Game,
    GameSpec,
    ObserverPart,
    PresentationPart,
    RulesPart,
    SearchPart,
    lazy,
)

SRC = Path(cetate.games.__file__).resolve().parents[1]


class Count:
    """A one-seat game: add 1 or 2 until the total reaches 5."""

    def __init__(self) -> None:
        self.total, self.n, self.result = 0, 1, None

    def clone(self) -> Count:
        c = Count()
        c.total, c.result = self.total, self.result
        return c


def _apply(s: Count, action: dict, seat: int | None = None) -> list:
    s.total += action["add"]
    if s.total >= 5:
        s.result = {"winners": [0]}
    return []


BARE = GameSpec(
    id="count", name="Count", description="Add 1 or 2 until 5.", engine_version="3", min_players=1, max_players=1,
    options=OptionSchema(),
    rules=RulesPart(setup=lambda players, seed=0, options=None: Count(),
                    to_move=lambda s: None if s.result else 0,
                    legal_actions=lambda s: [{"type": "add", "add": k} for k in (1, 2)], apply=_apply),
    observer=ObserverPart(view=lambda s, seat: {"total": s.total}, determinize=lambda s, seat, rng: s.clone()),
    codec=CodecPart(to_json=lambda s: {"total": s.total}, from_json=lambda d: Count(), clone=Count.clone),
    search=None, encoder=None, presentation=None, terminal=None, bots=None,
)


def test_the_facade_binds_the_parts_and_fills_in_the_defaults():
    game = Game(BARE)
    state = game.setup(1, 0)
    assert game.legal_actions is BARE.rules.legal_actions and game.apply is BARE.rules.apply
    assert game.search_actions is BARE.rules.legal_actions  # no Search part: every legal action
    assert game.random_action(state, random.Random(1)) in game.legal_actions(state)
    assert game.playout_action(state, random.Random(1)) in game.legal_actions(state)
    assert game.evaluate(state) is None and game.search_defaults == {}
    assert game.start_events(state) == [] and game.seats(state) == 1 and game.engine_version == "3"
    assert game.annotate(state, 0, game.legal_actions(state)) == [{}, {}]
    assert game.catalog("en") == {} and game.study([]) == [] and game.emblem() is None
    assert game.messages_dir() is None and game.guide_dir() is None and game.terminal() is None
    assert game.encoder(1) is None and game.bots() == {} and game.heuristic is None and game.levels == {}
    assert game.describe_action(state, {"type": "add", "add": 2}) == {"key": "action.add", "add": 2}
    game.apply(state, {"add": 2})
    game.apply(state, {"add": 2})
    assert not game.is_over(state)
    game.apply(state, {"add": 1})
    assert game.is_over(state) and game.result(state) == {"winners": [0]}


def test_optional_parts_replace_the_defaults(tmp_path: Path):
    (tmp_path / "emblem.svg").write_text("<svg/>", encoding="utf-8")
    spec = replace(BARE, engine_version=lambda: "4+data",
                   search=SearchPart(search_actions=lambda s: [{"type": "add", "add": 2}],
                                     evaluate=lambda s: [0.5], defaults={"depth": 3}),
                   presentation=PresentationPart.folder(tmp_path, annotate=lambda s, seat, legal: [{"n": 1}] * len(legal),
                                                        study=lambda results: [{"key": "x", "n": len(results)}]))
    game = Game(spec)
    state = game.setup(1, 0)
    assert game.engine_version == "4+data" and game.search_defaults == {"depth": 3}
    assert game.search_actions(state) == [{"type": "add", "add": 2}] and game.evaluate(state) == [0.5]
    assert game.annotate(state, 0, [{}, {}]) == [{"n": 1}, {"n": 1}] and game.study([{}]) == [{"key": "x", "n": 1}]
    assert game.emblem() == "<svg/>" and game.messages_dir() == tmp_path / "messages"


def test_a_spec_is_checked():
    with pytest.raises(ValueError, match="lower-case"):
        replace(BARE, id="Count")
    with pytest.raises(ValueError, match="players"):
        replace(BARE, min_players=3, max_players=2)


def test_lazy_imports_its_module_at_the_first_call():
    sys.modules.pop("colorsys", None)
    to_hls = lazy("colorsys:rgb_to_hls")
    assert "colorsys" not in sys.modules
    assert to_hls(1.0, 0.0, 0.0) == (0.0, 0.5, 1.0) and "colorsys" in sys.modules
    with pytest.raises(ValueError):
        lazy("colorsys")


def test_the_registry_hands_out_facades_and_takes_specs(monkeypatch: pytest.MonkeyPatch):
    assert all(isinstance(g, Game) for g in cetate.games.all())
    monkeypatch.setitem(sys.modules, "count_plugin", type(sys)("count_plugin"))
    sys.modules["count_plugin"].SPEC = BARE
    monkeypatch.setattr(cetate.games, "_BUILTIN", {**cetate.games._BUILTIN, "count": "count_plugin:SPEC"})
    monkeypatch.setattr(cetate.games, "_cache", None)
    assert isinstance(cetate.games.get("count"), Game) and cetate.games.get("count").spec is BARE
    monkeypatch.setattr(cetate.games, "_BUILTIN", {**cetate.games._BUILTIN, "other": "count_plugin:SPEC"})
    monkeypatch.setattr(cetate.games, "_cache", None)
    with pytest.raises(ValueError, match="holds the game 'count'"):
        cetate.games.ids()


def test_option_shortcuts_are_data():
    schema = OptionSchema((Option("size", "int", 8, "Size.", minimum=1, maximum=20), Option("fast", "bool", False, "F.")),
                          (Shortcut("quick", "Fast and small.", sets={"fast": True, "size": 4}),
                           Shortcut("size-of", "Size N.", parse=lambda text: {"size": int(text)})))
    assert schema.expand({"quick": True, "size_of": "6"}, "Game") == {"fast": True, "size": 6}
    assert schema.expand({"quick": False, "size_of": None, "other": False}) == {}
    with pytest.raises(InvalidOptions, match="Game has no --other-one shortcut"):
        schema.expand({"other_one": True}, "Game")
    with pytest.raises(AssertionError, match="unknown options"):
        OptionSchema((), (Shortcut("x", "X.", sets={"nope": 1}),))
    with pytest.raises(AssertionError, match="either"):
        OptionSchema((), (Shortcut("x", "X."),))


def test_the_shipped_games_name_their_shortcuts_and_levels():
    for game in cetate.games.all():
        assert game.heuristic in game.bots() and set(game.levels.values()) <= set(game.bots())
    flags = {g.id: [s.name for s in g.options.shortcuts] for g in cetate.games.all()}
    assert flags == {"akropolis": ["athena", "variants", "long"], "citadels": ["dark-city", "characters", "districts",
                                                                             "short"], "gates": []}


def test_no_caller_probes_a_game():
    """Outside the games, nothing asks a game what it has: the facade answers every protocol name."""
    probes = re.compile(r"\b(hasattr|getattr)\((self\.)?game\b|inspect\.signature\((self\.)?game|find_spec|"
                        r"\{[a-z_.]*game(_id|\.id)\}-heuristic")
    found = [f"{p.relative_to(SRC)}:{i}" for p in SRC.rglob("*.py") if "games" not in p.relative_to(SRC).parts
             for i, line in enumerate(p.read_text(encoding="utf-8").splitlines(), start=1) if probes.search(line)]
    assert found == []
