"""The IS-MCTS hot path (issue 31 item 6): the faster search grows the very tree the plain one grew, the
protocol's `advance` plays what `apply` plays, and the Akropolis search caches give the numbers they stand for.

The plain search below is the loop as it was before the hot path was written (sorted-tuple action keys, the
playout as a method, every action played with `apply`); both searches run from the same seeds and must agree on
every root child's visits, availability and reward sum."""

from __future__ import annotations

import math
import random

import pytest

from cetate.bots import bot_seed, choose, make_bot
from cetate.bots.ismcts import ISMCTSBot, _Node, action_key, terminal_rewards
from cetate.core.rng import Rng
from cetate.games import get
from cetate.games.akropolis import search as akropolis_search
from cetate.games.akropolis import valuation
from tests.bots.test_determinize_consistency import reach, snapshot, states_along


def _plain_key(action: dict):
    try:
        return tuple(sorted(action.items()))
    except TypeError:
        return repr(sorted(action.items()))


class PlainISMCTS(ISMCTSBot):
    """The search loop before the hot path (the reference)."""

    def search(self, sample, extra=None):
        root = self._plain_search(sample, extra)
        # `act` reads the root's children by `action_key`: the same actions, under today's keys
        root.children = {action_key(dict(k)) if isinstance(k, tuple) else k: ch for k, ch in root.children.items()}
        return root

    def _plain_search(self, sample, extra):
        game = self.game
        st = self.settings
        determinize, apply, to_move = game.determinize, game.apply, game.to_move
        candidates = game.search_actions
        rng = Rng(self.rng.next64())
        rnd = random.Random(rng.next64())
        c = st["c"]
        root = _Node(-1)
        guided = st["playout"] == "game"
        for _ in range(st["iterations"]):
            d = determinize(sample, self.seat, rng)
            node, path = root, [root]
            mover = to_move(d)
            while mover is not None:
                legal = candidates(d)
                if node is root and extra is not None and _plain_key(extra) not in {_plain_key(a) for a in legal}:
                    legal = [*legal, extra]
                children = node.children
                untried, best, best_u = None, None, -1.0
                for a in legal:
                    k = _plain_key(a)
                    ch = children.get(k)
                    if ch is None:
                        untried = (untried or []) + [(k, a)]
                        continue
                    ch.avail += 1
                    if untried is None:
                        u = ch.w / ch.n + c * math.sqrt(math.log(ch.avail) / ch.n)
                        if u > best_u:
                            best_u, best = u, (ch, a)
                if untried is not None:
                    k, a = untried[rnd.randrange(len(untried))]
                    if guided and len(untried) > 1:
                        g = game.playout_action(d, rnd)
                        if _plain_key(g) not in children:
                            k, a = _plain_key(g), g
                    child = children[k] = _Node(mover)
                    apply(d, a)
                    path.append(child)
                    break
                ch, a = best
                apply(d, a)
                path.append(ch)
                node = ch
                mover = to_move(d)
            rewards = self._plain_playout(d, rnd)
            for nd in path[1:]:
                nd.n += 1
                nd.w += rewards[nd.seat] if nd.seat < len(rewards) else 0.0
            root.n += 1
        return root

    def _plain_playout(self, d, rnd):
        game = self.game
        depth = self.settings["depth"]
        heuristic = self.settings["playout"] == "heuristic"
        step = game.playout_action if self.settings["playout"] == "game" else game.random_action
        steps = 0
        while (mover := game.to_move(d)) is not None:
            if depth is not None and steps >= depth:
                values = game.evaluate(d)
                if values is not None:
                    return list(values)
                depth = None
            if heuristic:
                action = self._heuristic(mover).act(game.view(d, mover), game.legal_actions(d))
            else:
                action = step(d, rnd)
            game.apply(d, action)
            steps += 1
        return terminal_rewards(game.result(d), game.seats(d))


def _stats(root: _Node) -> dict:
    """Each root child's (visits, reward sum, availability), by its action as a set of (field, value)."""
    return {_canon(k): (ch.n, ch.w, ch.avail) for k, ch in root.children.items()}


CASES = [  # game, players, options, settings, random actions before the decision
    ("citadels", 4, None, "iterations=40:playout=random", 30),
    ("citadels", 3, None, "iterations=25:playout=game:depth=8", 60),
    ("citadels", 2, None, "iterations=8", 20),  # the heuristic bot plays the playouts
    ("akropolis", 2, None, "iterations=40", 4),  # a take
    ("akropolis", 2, None, "iterations=40:playout=random:depth=3", 21),
    ("akropolis", 3, {"athena": True}, "iterations=20", 10),
    ("akropolis", 1, None, "iterations=20", 6),
    ("gates", 2, None, "iterations=60", 8),
    ("gates", 2, None, "iterations=40:playout=random:depth=none", 14),
]


@pytest.mark.parametrize(("gid", "players", "options", "settings", "steps"), CASES,
                         ids=[f"{c[0]}-{c[1]}p-{i}" for i, c in enumerate(CASES)])
def test_the_fast_search_grows_the_plain_searchs_tree(gid, players, options, settings, steps):
    game = get(gid)
    for k in range(3):
        state = reach(game, players, options, 500 + k, steps)
        seat = game.to_move(state)
        sample = game.determinize(state, seat, Rng.from_seed(f"sample/{k}"))
        legal = game.legal_actions(state)
        extra = legal[k % len(legal)]  # a favourite at the root, as `act` gives one
        fast = ISMCTSBot(game, seat, f"hot/{k}", **_settings(settings))
        plain = PlainISMCTS(game, seat, f"hot/{k}", **_settings(settings))
        before = snapshot(game, sample)
        got = _stats(fast.search(sample, extra))
        want = _stats(plain.search(sample, extra))
        assert got == want
        assert sum(v[0] for v in got.values()) == fast.settings["iterations"]
        assert snapshot(game, sample) == before, "the search changed its sample"


def _canon(key):
    return frozenset(key) if isinstance(key, frozenset | tuple) else key


def _settings(text: str) -> dict:
    from cetate.bots.ismcts import parse_settings

    return parse_settings(text)


@pytest.mark.parametrize("gid", ["citadels", "akropolis", "gates"])
def test_whole_decisions_are_those_of_the_plain_search(gid):
    players = {"citadels": 4, "akropolis": 2, "gates": 2}[gid]
    game = get(gid)
    name = "ismcts:iterations=15:playout=random"
    state = game.setup(players, 7, None)
    fast = [make_bot(name, game, i, bot_seed(7, i)) for i in range(players)]
    plain = [PlainISMCTS(game, i, bot_seed(7, i), **_settings("iterations=15:playout=random"))
             for i in range(players)]
    for count in range(12 if gid != "akropolis" else 6):
        seat = game.to_move(state)
        if seat is None:
            break
        a = choose(fast[seat], game, state, seat, count)
        b = choose(plain[seat], game, state, seat, count)
        assert a == b
        game.apply(state, a)


def test_action_keys_ignore_field_order_and_keep_list_order():
    assert action_key({"type": "take", "site": 2}) == action_key({"site": 2, "type": "take"})
    assert action_key({"type": "take", "site": 2}) != action_key({"type": "take", "site": 3})
    assert action_key({"cards": [1, 2]}) != action_key({"cards": [2, 1]})
    assert hash(action_key({"type": "attach", "card": "x"})) == hash(action_key({"card": "x", "type": "attach"}))


@pytest.mark.parametrize(("gid", "players"), [("citadels", 4), ("akropolis", 3), ("gates", 2)])
def test_advance_plays_what_apply_plays(gid, players):
    """The protocol's `advance` (the journal skipped) leaves the state `apply` leaves, for every action the
    engine hands out (Gates binds its own; the others the default, `apply`)."""
    game = get(gid)
    for seed in (1, 2, 3):
        a, b = game.setup(players, seed, None), game.setup(players, seed, None)
        rnd = random.Random(seed)
        while not game.is_over(a):
            action = game.random_action(a, rnd)
            game.apply(a, action)
            game.advance(b, dict(action))
            assert snapshot(game, a) == snapshot(game, b)
        assert game.result(a) == game.result(b)


def _no_caches():
    akropolis_search._cache.clear()
    akropolis_search._turns.clear()
    akropolis_search._VALUES.clear()
    akropolis_search._WEIGHTS.clear()
    valuation._GEOMETRY.clear()
    valuation._PLACEMENTS.clear()


@pytest.mark.parametrize(("players", "options"), [(2, None), (3, None), (4, {"variant_temples": True}),
                                                  (3, {"athena": True})])
def test_akropolis_evaluate_is_the_same_with_warm_caches(players, options):
    """The kept weights and geometries give the very numbers a cold evaluation gives, and never change the
    state they read."""
    game = get("akropolis")
    states = states_along(game, players, options, 11, 3)
    warm = []
    for s in states:
        before = snapshot(game, s)
        warm.append(game.evaluate(s))
        warm.append(game.evaluate(s))  # the second from the caches
        assert snapshot(game, s) == before
    cold = []
    for s in states:
        _no_caches()
        v = game.evaluate(s)
        cold += [v, v]
    assert warm == cold


def test_akropolis_search_actions_are_the_same_with_warm_caches():
    game = get("akropolis")
    states = [s for s in states_along(game, 2, None, 12, 1) if s.phase == "place"]
    assert len(states) > 10
    warm = [game.search_actions(s) for s in states] + [game.search_actions(s) for s in states]
    cold = []
    for s in states:
        _no_caches()
        cold.append(game.search_actions(s))
    assert warm == cold + cold


def test_the_kept_geometry_values_placements_as_a_fresh_city_does():
    """`_best_placements` with a search's `geo_key` (geometries kept per resulting city) ranks and values the
    placements exactly as without it (each city cloned, placed and valued)."""
    game = get("akropolis")
    checked = 0
    for s in states_along(game, 2, {"variant_markets": True, "variant_gardens": True}, 13, 1):
        if s.phase != "place" or s.held is None:
            continue
        turn = akropolis_search._turn(s, s.seat, placing=True)
        turn._prepare_cheap()
        plain = turn._best_placements(s.held, s.stones[s.seat], turn._all_placements())
        turn.geo_key = (tuple(s.cities[s.seat].log), "test")
        kept = [turn._best_placements(s.held, s.stones[s.seat], turn._all_placements()) for _ in range(2)]
        assert kept[0] == plain and kept[1] == plain
        checked += 1
    assert checked > 10
