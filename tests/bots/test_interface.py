"""The bot interface written down (issue 30): `Bot` and its defaults (`uses_sample`, `seed`, `params`, `plan()`,
`limit()`, `stats()`), the registry's entries (`BotEntry`: what a name needs known before a bot exists), the
adoption of a game's plain bot classes, and no probing of bots (getattr/hasattr) anywhere in src/cetate."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import cetate
from cetate import games
from cetate.bots import Bot, UnknownBot, choose, make_bot, play_game, register, uses_sample
from cetate.bots import base as bots_base
from cetate.bots.base import BotEntry, adopt, as_bot
from cetate.bots.evaluate import play_one
from cetate.games.akropolis.bot import AkropolisHeuristicBot
from cetate.games.citadels.bot import CitadelsHeuristicBot
from cetate.server.bots import limit_search, suggest

GATES = games.get("gates")
SRC = Path(cetate.__file__).parent


class PlainFirst:
    """A bot the way a game writes one: a plain class (a game may not import cetate.bots), with only
    `name`, the constructor and `act`."""

    name = "plain-first"

    def __init__(self, game, seat, seed=0):
        self.game, self.seat, self.seed = game, seat, seed

    def act(self, view, legal_actions):
        return legal_actions[0]


@pytest.fixture
def registered():
    added: list[str] = []

    def add(name, factory, **kwargs):
        register(name, factory, **kwargs)
        added.append(name)

    yield add
    for name in added:
        bots_base._REGISTRY.pop(name, None)


def test_a_games_plain_bot_class_gets_the_defaults():
    bot = make_bot("citadels-heuristic", "citadels", 1, "s")
    assert isinstance(bot, Bot) and isinstance(bot, CitadelsHeuristicBot)
    assert type(bot).__name__ == "CitadelsHeuristicBot" and repr(bot).startswith("<CitadelsHeuristicBot")
    assert (bot.name, bot.seat, bot.seed) == ("citadels-heuristic", 1, "s")
    assert not bot.uses_sample and bot.params is None
    assert bot.plan() == [] and bot.stats() == {}
    bot.limit(think_ms=1, iterations=1)  # nothing to limit
    assert not uses_sample("citadels-heuristic")
    assert adopt(CitadelsHeuristicBot) is type(bot)  # one adopted class per game class


def test_what_a_game_bot_defines_wins_over_the_defaults():
    bot = make_bot("akropolis-heuristic", "akropolis", 0, 3)
    assert isinstance(bot, AkropolisHeuristicBot) and isinstance(bot, Bot)
    assert bot.uses_sample and uses_sample("akropolis-heuristic")  # said by the class itself
    assert isinstance(bot.params, dict) and "rollout_worlds" in bot.params
    game = games.get("akropolis")
    state = game.setup(2, 4)
    seat = game.to_move(state)
    choose(bot, game, state, seat)
    assert bot.plan() and all(a["type"].startswith("place") for a in bot.plan())  # where the tile will go


def test_the_bot_classes_own_defaults():
    assert (Bot.uses_sample, Bot.params, Bot.seed) == (False, None, 0)
    bot = make_bot("random", GATES, 0, 7)
    assert bot.plan() == [] and bot.stats() == {} and bot.limit(think_ms=5) is None


def test_search_bots_limit_and_count():
    bot = make_bot("ismcts-hard", "citadels", 0, "s")
    assert isinstance(bot, Bot) and bot.uses_sample
    bot.limit(think_ms=50)
    assert bot.settings["ms"] == 50 and bot.settings["iterations"] is None
    bot.limit(think_ms=5000)
    assert bot.settings["ms"] == 50  # a cap never raises a budget
    bot.limit(iterations=3)
    assert bot.settings["iterations"] == 3 and bot.settings["ms"] is None
    counted = make_bot("ismcts:iterations=4", GATES, 0, "s")
    limit_search(counted, iterations=2)  # the server's name for it
    state = GATES.setup(2, 1)
    while len(GATES.legal_actions(state)) < 2:
        GATES.apply(state, GATES.legal_actions(state)[0])
    choose(counted, GATES, state, GATES.to_move(state))
    stats = counted.stats()
    assert stats["iterations"] == 2 and stats["seconds"] > 0 and stats["settings"]["iterations"] == 2


def test_the_registry_keeps_what_it_needs_of_a_factory(registered):
    def make(game, seat, seed=0):  # a function: it says nothing about itself
        return PlainFirst(game, seat, seed)

    def with_settings(text):
        if text != "fast":
            raise ValueError("only 'fast'")
        return make

    registered("plain-fn", make, uses_sample=True, parametrised=with_settings)
    registered("plain-fn-default", make)
    assert uses_sample("plain-fn") and not uses_sample("plain-fn-default")
    assert uses_sample("plain-fn:fast")  # a parametrised name is the same kind of bot
    bot = make_bot("plain-fn:fast", GATES, 1, 2)
    assert isinstance(bot, PlainFirst) and isinstance(bot, Bot) and bot.plan() == []
    with pytest.raises(UnknownBot) as info:
        make_bot("plain-fn:slow", GATES, 0, 0)
    assert info.value.code == "bad_bot_settings" and "only 'fast'" in info.value.message
    with pytest.raises(UnknownBot):
        make_bot("plain-fn-default:fast", GATES, 0, 0)  # not parametrised
    assert isinstance(bots_base._REGISTRY["plain-fn"], BotEntry)


def test_a_bare_factory_in_the_registry_still_works(registered):
    bots_base._REGISTRY["plain-bare"] = PlainFirst  # what a test or an old plug-in may do
    try:
        assert not uses_sample("plain-bare")
        assert isinstance(make_bot("plain-bare", GATES, 0, 0), Bot)
    finally:
        del bots_base._REGISTRY["plain-bare"]


def test_plain_bot_objects_are_adopted_by_the_drivers():
    plain = [PlainFirst(GATES, 0, 1), PlainFirst(GATES, 1, 2)]
    state, record = play_game(GATES, 2, 5, None, plain)
    assert GATES.to_move(state) is None and record.seats[0]["bot"] == "plain-first"
    assert all(isinstance(b, Bot) and isinstance(b, PlainFirst) and b.plan() == [] for b in plain)
    assert as_bot(plain[0]) is plain[0]

    class Slotted:
        __slots__ = ("game", "seat")

        def __init__(self, game, seat, seed=0):
            self.game, self.seat = game, seat

        def act(self, view, legal_actions):
            return legal_actions[0]

    with pytest.raises(TypeError, match="cannot serve as a bot"):
        as_bot(Slotted(GATES, 0))


def test_the_timed_wrapper_is_a_bot_too():
    line = play_one(games.get("akropolis"), 2, "akropolis-heuristic", "random", 3, 0,
                    params={"rollout_worlds": 0})
    assert line["decisions"] > 0
    with pytest.raises(ValueError, match="no tunable params"):
        play_one(GATES, 2, "random", "random", 3, 0, params={"x": 1})


def test_a_hint_carries_the_plan_of_a_bot_that_has_one():
    game = games.get("akropolis")
    state = game.setup(2, 4)
    seat = game.to_move(state)
    view, legal = game.view(state, seat), game.legal_actions(state)
    sample = game.to_json(game.determinize(state, seat, cetate.core.Rng(1)))
    hint = suggest("akropolis", "akropolis-heuristic", seat, 1, view, legal, sample)
    assert hint["action"] in legal and hint["then"]
    plain = suggest("akropolis", "random", seat, 1, view, legal)
    assert plain["action"] in legal and plain["then"] == []


# -- no probing -------------------------------------------------------------------------------------------

MEMBERS = {"uses_sample", "plan", "params", "seed", "settings", "iterations_done", "seconds", "parametrised",
           "limit", "stats", "act", "name"}


def _probes(path: Path) -> list[str]:
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id in ("getattr", "hasattr") \
                and len(node.args) >= 2:
            target = ast.unparse(node.args[0])
            attr = node.args[1].value if isinstance(node.args[1], ast.Constant) else None
            if "bot" in target.lower() or "factory" in target.lower() or "_REGISTRY" in target or attr in MEMBERS:
                found.append(f"{path.relative_to(SRC)}:{node.lineno}: {ast.unparse(node)}")
    return found


def test_no_caller_probes_a_bot():
    """Callers use the `Bot` interface; a game's own modules (games/) are not callers of it."""
    found = []
    for path in sorted(SRC.rglob("*.py")):
        if "games" not in path.relative_to(SRC).parts:
            found += _probes(path)
    assert found == []
