"""The `ismcts` bot (cetate.bots.ismcts): legal decisions in every game, its budgets, its settings, determinism,
and a won position it must find."""

from __future__ import annotations

import time

import pytest

from cetate.bots import ISMCTSBot, UnknownBot, choose, make_bot, uses_sample
from cetate.bots.ismcts import DEFAULTS, action_key, parse_settings, terminal_rewards
from cetate.core.options import OptionSchema
from cetate.core.protocol import CodecPart, Game, GameSpec, ObserverPart, RulesPart
from cetate.core.rng import Rng
from cetate.games import get
from tests.bots.test_determinize_consistency import CONFIGS, IDS, reach, snapshot

FAST = "ismcts:iterations=12:depth=6"


def busy_state(gid: str, players: int, options: dict | None, seed: int, steps: int):
    """A state where the game's search offers its mover more than one action (so the bot really searches)."""
    game = get(gid)
    for k in range(40):
        state = reach(game, players, options, seed + k, steps)
        if len(game.search_actions(state)) > 1:
            return state
    raise AssertionError("no state with a choice found")


@pytest.mark.parametrize(("gid", "players", "options", "steps"), CONFIGS, ids=IDS)
def test_returns_one_of_the_legal_actions(gid, players, options, steps):
    game = get(gid)
    for i, frac in enumerate((0.0, 0.35, 0.75)):
        state = reach(game, players, options, 40 + i, int(frac * steps))
        seat = game.to_move(state)
        before = snapshot(game, state)
        bot = make_bot(FAST, game, seat, i)
        legal = game.legal_actions(state)
        action = choose(bot, game, state, seat, i)
        assert action in legal, action
        assert snapshot(game, state) == before, "deciding changed the true state"


@pytest.mark.parametrize("gid", ["citadels", "akropolis", "gates"])
def test_heuristic_playouts(gid):
    players = {"citadels": 4, "akropolis": 2, "gates": 2}[gid]
    game = get(gid)
    state = busy_state(gid, players, None, 3, 4 if gid == "akropolis" else 5)  # Akropolis: a take
    seat = game.to_move(state)
    bot = make_bot("ismcts:iterations=6:playout=heuristic:depth=4", game, seat, 1)
    assert bot.settings["playout"] == "heuristic"
    action = choose(bot, game, state, seat, 0)
    assert action in game.legal_actions(state)
    assert bot.iterations_done == 6


def test_iteration_budget_is_respected():
    game = get("gates")
    state = busy_state("gates", 2, None, 1, 6)
    seat = game.to_move(state)
    bot = make_bot("ismcts:iterations=17", game, seat, 3)
    choose(bot, game, state, seat, 0)
    assert bot.iterations_done == 17
    choose(bot, game, state, seat, 1)
    assert bot.iterations_done == 34  # counted over the bot's life
    assert bot.seconds > 0


def test_a_single_legal_action_needs_no_search():
    bot = ISMCTSBot(get("gates"), 0, 0, iterations=50)
    only = [{"type": "skip"}]
    assert bot.act({}, only) is only[0]  # no sample needed either
    assert bot.iterations_done == 0


@pytest.mark.parametrize(("gid", "players"), [("citadels", 5), ("gates", 2)])
def test_millisecond_budget_stops_in_time(gid, players):
    game = get(gid)
    state = busy_state(gid, players, None, 2, 4)
    seat = game.to_move(state)
    bot = make_bot("ismcts:iterations=none:ms=50", game, seat, 5)
    assert bot.settings["iterations"] is None and bot.settings["ms"] == 50.0
    started = time.perf_counter()
    action = choose(bot, game, state, seat, 0)
    assert time.perf_counter() - started < 1.0
    assert bot.iterations_done >= 1
    assert action in game.legal_actions(state)


def test_both_budgets_whichever_ends_first():
    game = get("gates")
    state = busy_state("gates", 2, None, 1, 6)
    seat = game.to_move(state)
    bot = make_bot("ismcts:iterations=9:ms=60000", game, seat, 5)
    choose(bot, game, state, seat, 0)
    assert bot.iterations_done == 9


def test_same_seed_and_sample_give_the_same_decision():
    game = get("citadels")
    state = busy_state("citadels", 4, None, 6, 60)
    seat = game.to_move(state)
    sample = game.determinize(state, seat, Rng(99))
    kept = snapshot(game, sample)
    view, legal = game.view(state, seat), game.legal_actions(state)
    bots = [make_bot("ismcts:iterations=40:depth=8", game, seat, "same") for _ in range(2)]
    roots = [b.search(sample) for b in bots]
    assert {k: (c.n, c.w) for k, c in roots[0].children.items()} == \
        {k: (c.n, c.w) for k, c in roots[1].children.items()}
    fresh = [make_bot("ismcts:iterations=40:depth=8", game, seat, "same") for _ in range(2)]
    assert fresh[0].act(view, legal, sample=sample) == fresh[1].act(view, legal, sample=sample)
    assert snapshot(game, sample) == kept, "the search changed its sample"


def test_choose_hands_the_bot_a_sample_never_the_true_state():
    game = get("gates")
    state = busy_state("gates", 2, None, 4, 6)
    seat = game.to_move(state)
    bot = make_bot("ismcts:iterations=5", game, seat, "s")
    assert bot.uses_sample and uses_sample("ismcts") and uses_sample("ismcts:iterations=5")
    assert not uses_sample("gates-heuristic")
    seen = []
    real_act = bot.act
    bot.act = lambda view, legal, sample=None: seen.append(sample) or real_act(view, legal, sample=sample)
    choose(bot, game, state, seat, 7)
    (sample,) = seen
    assert sample is not state
    expected = game.determinize(state, seat, Rng.from_seed("s/sample/7"))
    assert game.to_json(sample) == game.to_json(expected)


def test_act_without_a_sample_or_without_actions():
    game = get("gates")
    state = busy_state("gates", 2, None, 1, 6)
    seat = game.to_move(state)
    bot = make_bot("ismcts:iterations=5", game, seat, 0)
    with pytest.raises(ValueError, match="needs a sample"):
        bot.act(game.view(state, seat), game.legal_actions(state))
    with pytest.raises(ValueError, match="no legal action"):
        bot.act(game.view(state, seat), [], sample=state)


# -- settings -----------------------------------------------------------------------------------------------

def test_parse_settings():
    assert parse_settings("iterations=400:playout=heuristic") == {"iterations": 400, "playout": "heuristic"}
    assert parse_settings("ms=250:depth=none:c=1.5") == {"ms": 250.0, "depth": None, "c": 1.5}
    assert parse_settings("") == {}
    assert parse_settings("depth=0") == {"depth": 0}  # evaluate right after each new node
    assert {"iterations", "ms", "playout", "depth", "c"} <= set(DEFAULTS)


def test_settings_reach_the_bot():
    bot = make_bot("ismcts:iterations=7:depth=3:c=0.2", "gates", 1, 0)
    assert isinstance(bot, ISMCTSBot) and bot.seat == 1
    assert (bot.settings["iterations"], bot.settings["depth"], bot.settings["c"]) == (7, 3, 0.2)
    assert make_bot("ismcts", "gates", 0, 0).settings["iterations"] == DEFAULTS["iterations"]
    normal = make_bot("ismcts-normal", "gates", 0, 0).settings
    assert normal["iterations"] is None and normal["ms"] == 300.0


@pytest.mark.parametrize(("name", "words"), [
    ("ismcts:foo=1", "foo"),
    ("ismcts:iterations", "name=value"),
    ("ismcts:iterations=-3", "positive"),
    ("ismcts:iterations=0", "positive"),
    ("ismcts:ms=abc", "number"),
    ("ismcts:depth=1.5", "number"),
    ("ismcts:depth=-1", "negative"),
    ("ismcts:playout=magic", "magic"),
    ("ismcts:iterations=none", "budget"),
    ("ismcts:prior=oracle", "oracle"),
    ("ismcts:c=-1", "negative"),
])
def test_bad_settings_are_refused_by_name(name, words):
    with pytest.raises(UnknownBot) as info:
        make_bot(name, "gates", 0, 0)
    assert name in str(info.value) and words in str(info.value)


def test_rewards_and_keys():
    assert terminal_rewards({"winners": [1], "ranking": [1, 0, 2]}, 3) == pytest.approx([0.1, 1.0, 0.0])
    assert terminal_rewards({"winners": [0, 1], "ranking": []}, 2) == [0.4, 0.4]
    assert terminal_rewards(None, 2) == [0.0, 0.0]
    assert terminal_rewards({"winners": [0], "ranking": [0]}, 1) == [1.0]
    assert action_key({"type": "take", "site": 2}) == action_key({"site": 2, "type": "take"})
    assert action_key({"cards": [1, 2]}) == action_key({"cards": [1, 2]})
    assert action_key({"cards": [1, 2]}) != action_key({"cards": [2, 1]})


# -- a position with one winning move -----------------------------------------------------------------------

class NimState:
    def __init__(self, stones: int, turn: int = 0) -> None:
        self.stones, self.turn, self.winner = stones, turn, None

    def clone(self) -> NimState:
        c = NimState(self.stones, self.turn)
        c.winner = self.winner
        return c


def _nim_apply(s: NimState, action: dict, seat: int | None = None) -> list:
    s.stones -= action["take"]
    if s.stones == 0:
        s.winner = s.turn
    s.turn = 1 - s.turn
    return []


def _nim_result(s: NimState) -> dict | None:
    return None if s.winner is None else {"winners": [s.winner], "ranking": [s.winner, 1 - s.winner]}


NIM = GameSpec(
    id="nim-test", name="Nim", description="Two players take 1-3 stones in turn; whoever takes the last wins.",
    engine_version="0", min_players=2, max_players=2, options=OptionSchema(),
    rules=RulesPart(setup=lambda players, seed=0, options=None: NimState(10),
                    to_move=lambda s: None if s.winner is not None else s.turn,
                    legal_actions=lambda s: [{"take": k} for k in (1, 2, 3) if k <= s.stones],
                    apply=_nim_apply, result=_nim_result, seats=lambda s: 2),
    observer=ObserverPart(view=lambda s, seat: {"stones": s.stones}, determinize=lambda s, seat, rng: s.clone()),
    codec=CodecPart(to_json=lambda s: vars(s), from_json=lambda doc: NimState(doc["stones"], doc["turn"]),
                    clone=NimState.clone),
    search=None, encoder=None, presentation=None, terminal=None, bots=None,
)
"""Nim as a game spec with only the required parts: no search help, no heuristic bot (so the search's favourite
and heuristic playouts fall back to random moves), no hidden information."""


@pytest.mark.parametrize("stones", [5, 6, 7])
def test_finds_the_winning_move(stones):
    """Leaving a multiple of four stones wins; every other move loses against good play."""
    game = Game(NIM)
    for seed in range(3):
        bot = ISMCTSBot(game, 0, seed, iterations=400, prior="none")
        state = NimState(stones)
        action = bot.act(game.view(state, 0), game.legal_actions(state), sample=game.clone(state))
        assert (stones - action["take"]) % 4 == 0, (stones, action)


def test_search_is_game_agnostic_and_plays_a_whole_game():
    """From 10 stones the first player wins by leaving 8, then 4: the bot must find each of those moves."""
    game = Game(NIM)
    state = NimState(10)
    bots = [ISMCTSBot(game, i, i, iterations=500, prior="none") for i in (0, 1)]
    while (seat := game.to_move(state)) is not None:
        action = bots[seat].act(game.view(state, seat), game.legal_actions(state), sample=game.clone(state))
        assert action in game.legal_actions(state)
        game.apply(state, action)
    assert game.result(state)["winners"] == [0]


def test_a_game_without_a_heuristic_bot_gets_random_favourites_and_playouts():
    """The heuristic comes from the spec (`Bots.heuristic`); Nim declares none, so the search asks a random
    player for its favourite and plays random heuristic playouts, never a bot named after the game."""
    game = Game(NIM)
    bot = ISMCTSBot(game, 0, 1, iterations=300, playout="heuristic")
    state = NimState(6)
    assert bot.act(game.view(state, 0), game.legal_actions(state), sample=game.clone(state)) == {"take": 2}
    assert bot._heuristic(0).name == "random" and bot._heuristic(1).name == "random"


def test_citadels_playout_rule_of_thumb_is_always_legal():
    """`playout_action` (IS-MCTS `playout=game`) returns a legal action at every step of whole games."""
    import random

    from cetate import games

    game = games.get("citadels")
    rnd = random.Random(3)
    for seed in range(3):
        state = game.setup(4, seed, None)
        steps = 0
        while game.to_move(state) is not None and steps < 3000:
            action = game.playout_action(state, rnd)
            assert action in game.legal_actions(state)
            game.apply(state, action)
            steps += 1
        assert game.result(state) is not None


def test_gates_playout_falls_back_to_random_action():
    """A game without its own rule of thumb plays random moves in `playout=game`."""
    import random

    from cetate import games

    game = games.get("gates")
    state = game.setup(2, 1, None)
    assert game.playout_action(state, random.Random(1)) in game.legal_actions(state)


@pytest.mark.parametrize(("game_id", "players", "options"), [
    ("citadels", 4, None), ("akropolis", 2, None), ("akropolis", 1, {"architect": "callicrates"}),
    ("akropolis", 3, {"athena": True}), ("gates", 2, None),
])
def test_evaluate_gives_each_seat_a_share_in_range(game_id, players, options):
    """`evaluate` (the search cut-off) scores every seat in [0, 1] at states along random games, and
    leaves the state unchanged."""
    import json
    import random

    from cetate import games

    game = games.get(game_id)
    rnd = random.Random(11)
    state = game.setup(players, 5, options)
    checked = 0
    while game.to_move(state) is not None:
        if rnd.random() < 0.2:
            before = json.dumps(game.to_json(state), sort_keys=True)
            values = game.evaluate(state)
            assert len(values) == players
            assert all(0.0 <= v <= 1.0 for v in values)
            if players > 1:
                assert sum(values) == pytest.approx(1.0, abs=0.21)
            assert json.dumps(game.to_json(state), sort_keys=True) == before
            checked += 1
        game.apply(state, game.random_action(state, rnd))
    assert checked > 0
