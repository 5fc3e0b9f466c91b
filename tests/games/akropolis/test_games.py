"""Whole random Akropolis games (Hypothesis), checked against the rules' invariants (spec akropolis §1.2-§1.6,
§1.9, §1.10) and the protocol's (JSON round trips, replay, determinisation, views, illegal actions).

Each example is a game with a random seed, a random option combination and a random chooser; actions are
drawn either with the engine's fast `random_action` or uniformly from `legal_actions`.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from cetate.core.errors import IllegalAction
from cetate.core.events import Event
from cetate.core.record import Recorder, replay_final
from cetate.core.rng import Rng
from cetate.games.akropolis.data import tiles_for_players
from cetate.games.akropolis.state import total_turns
from tests.games.akropolis.helpers import GAME, tiles_everywhere

# No shrinking: a smaller seed is not a simpler game. A failure prints (players, seed, options, chooser).
SETTINGS = {"deadline": None, "suppress_health_check": [HealthCheck.too_slow],
            "phases": (Phase.explicit, Phase.reuse, Phase.generate)}
VARIANTS = ("variant_houses", "variant_markets", "variant_barracks", "variant_temples", "variant_gardens")
ROUNDS = {(1, False): 12, (2, False): 12, (3, False): 12, (4, False): 12, (2, True): 20, (3, True): 15}


@st.composite
def games(draw, players: int, long: bool | None = False):
    seed = draw(st.one_of(st.integers(min_value=0, max_value=2**64 - 1), st.text(max_size=6)))
    options = {v: draw(st.booleans()) for v in VARIANTS}
    options["athena"] = draw(st.booleans())
    if options["athena"]:
        options["athena_recheck"] = draw(st.sampled_from(("after_each_tile", "city_tile_only")))
        options["card_centre"] = draw(st.sampled_from(("built", "lenient")))
        options["statue_stone_value"] = draw(st.sampled_from((5, 2)))
    options["long_game"] = draw(st.booleans()) if long is None else long
    options["house_tie"] = draw(st.sampled_from(("size_then_value", "value")))
    options["barracks_edge"] = draw(st.sampled_from(("outside", "any_empty")))
    options["barracks_variant_count"] = draw(st.sampled_from(("outside", "any_empty")))
    options["lake"] = draw(st.sampled_from(("enclosed_region", "single_hex")))
    options["stone_supply"] = draw(st.sampled_from((None, 12, 40)))
    if players == 1:
        options["architect"] = draw(st.sampled_from(("hippodamos", "metagenes", "callicrates")))
    else:
        options["first_player"] = draw(st.sampled_from((None, *range(players))))
    chooser = draw(st.integers(min_value=0, max_value=2**32))
    return players, seed, options, chooser


# -- invariants ----------------------------------------------------------------------------------------

def snapshot(s) -> dict:
    return GAME.to_json(s)


def check_tiles_and_stones(s, expected: Counter) -> None:
    assert tiles_everywhere(s) == expected, "tiles are not conserved"
    assert all(n >= 0 for n in s.stones) and s.arch_stones >= 0, (s.stones, s.arch_stones)
    limit = s.options["stone_supply"]
    if limit is not None:
        assert sum(s.stones) + s.arch_stones <= limit
    smalls = [t for u in s.under for t in u] + s.arch_small
    smalls += [p - 100 for c in s.cities for p, _, _ in c.log if p >= 100]
    if s.small_held:
        smalls.append(s.small_held[1])
    assert len(smalls) == len(set(smalls)) == (16 if s.cards else 0)


def check_round_trip(s):
    doc = GAME.to_json(s)
    loaded = GAME.from_json(json.loads(json.dumps(doc)))
    assert GAME.to_json(loaded) == doc
    assert GAME.to_json(GAME.clone(s)) == doc
    for a, b in zip(s.cities, loaded.cities, strict=True):
        assert (a.h, a.top, a.pid, a.drot, a.border) == (b.h, b.top, b.pid, b.drot, b.border)
    return loaded


def check_determinize_and_views(s, rnd: random.Random) -> None:
    doc = GAME.to_json(s)
    stacked = [t for st_ in s.stacks for t in st_]
    views = {seat: GAME.view(s, seat) for seat in [None, *range(s.n)]}
    for v in views.values():
        assert json.loads(json.dumps(v)) == v
        text = json.dumps(v)
        assert '"rng"' not in text
        assert v["unseen"] == sorted(stacked) and isinstance(v["stacks"], int)
        assert v["stack_tiles"] == len(stacked)
    for _ in range(2):
        d = GAME.determinize(s, rnd.randrange(s.n), Rng(rnd.getrandbits(64)))
        ddoc = GAME.to_json(d)
        assert {k: v for k, v in ddoc.items() if k not in ("stacks", "rng")} == \
               {k: v for k, v in doc.items() if k not in ("stacks", "rng")}
        assert [len(x) for x in d.stacks] == [len(x) for x in s.stacks]
        assert Counter(t for x in d.stacks for t in x) == Counter(stacked)
        for seat, v in views.items():
            assert GAME.view(d, seat) == v, "a view depends on the order of the stacks"
        assert GAME.to_json(s) == doc  # determinize leaves the original alone
    if len(stacked) >= 3:  # at least 6 orders: ten draws all alike would be a broken shuffle
        orders = {json.dumps(GAME.determinize(s, 0, Rng(rnd.getrandbits(64))).stacks) for _ in range(10)}
        assert len(orders) > 1, "determinize does not vary the stacks"


def check_illegal(s, rnd: random.Random) -> None:
    before = snapshot(s)
    seat = GAME.to_move(s)
    tries: list[tuple[dict, int | None, str]] = [
        ({"type": "nonsense"}, None, "wrong_action"),
        ({"type": "done"} if s.phase != "athena" else {"type": "take", "site": 0}, None, "wrong_action"),
    ]
    if s.n > 1:
        tries.append((GAME.random_action(s, rnd), (seat + 1) % s.n, "not_your_turn"))
    if s.phase == "take":
        tries.append(({"type": "take", "site": len(s.site)}, None, "no_such_tile"))
        tries.append(({"type": "take", "site": -1}, None, "no_such_tile"))
        if s.stones[seat] + 1 < len(s.site):
            tries.append(({"type": "take", "site": s.stones[seat] + 1}, None, "cannot_afford"))
    if s.phase == "place":
        tries.append(({"type": "place", "q": 50, "r": 50, "rot": 0}, None, "not_touching"))
        tries.append(({"type": "place", "q": 0, "r": 0, "rot": True}, None, "malformed_action"))
    for action, who, code in tries:
        with pytest.raises(IllegalAction) as exc:
            GAME.apply(s, action, who)
        assert exc.value.code == code, (action, exc.value.code)
        assert snapshot(s) == before, f"refused {action} changed the state"
    with pytest.raises(IllegalAction):
        GAME.apply(s, ["not", "a", "dict"])  # type: ignore[arg-type]
    assert snapshot(s) == before


def check_legal(s, rnd: random.Random) -> None:
    acts = GAME.legal_actions(s)
    assert acts
    keys = [json.dumps(a, sort_keys=True) for a in acts]
    assert len(set(keys)) == len(keys), "duplicate legal actions"
    before = snapshot(s)
    for a in rnd.sample(acts, min(6, len(acts))):
        c = GAME.clone(s)
        evs = GAME.apply(c, a)
        assert all(isinstance(e, Event) for e in evs)
    assert snapshot(s) == before


# -- playing --------------------------------------------------------------------------------------------

def play(players, seed, options, chooser, *, checks=0.1):
    """Play a whole game, checking the invariants after every action and the expensive ones at random
    points (probability `checks`). Returns the final state and the record."""
    s = GAME.setup(players, seed, options)
    rec = Recorder(GAME, [{"name": f"p{i}"} for i in range(players)], seed, options)
    rnd = random.Random(chooser)
    expected = Counter(t.id for t in tiles_for_players(4 if options.get("long_game") else players))
    n = max(players, 2)
    first = s.seat
    if players > 1 and options.get("first_player") is not None:
        assert first == options["first_player"]
    assert sorted(s.stones[(first + k) % players] for k in range(players)) == list(range(1, players + 1))
    assert [s.stones[(first + k) % players] for k in range(players)] == list(range(1, players + 1))
    takes = 0
    while not GAME.is_over(s):
        check_tiles_and_stones(s, expected)
        if s.phase == "take":
            if players > 1:
                assert s.seat == (first + takes) % players, "turn order is not cyclic"
                if len(s.site) == n + 2:
                    assert s.seat == s.chief  # a new round starts with the Chief Architect
            else:
                assert s.seat == 0 and s.turn == 2 * takes
            assert s.turn == (takes if players > 1 else 2 * takes)
            takes += 1
        if rnd.random() < checks:
            check_illegal(s, rnd)
            check_legal(s, rnd)
        if rnd.random() < checks:
            check_determinize_and_views(s, rnd)
        if rnd.random() < checks:
            s = check_round_trip(s)  # go on playing the loaded copy
        action = GAME.random_action(s, rnd) if rnd.random() < 0.5 else rnd.choice(GAME.legal_actions(s))
        rec.add(action)
        GAME.apply(s, action, GAME.to_move(s))
    check_tiles_and_stones(s, expected)
    turns = total_turns(players, s.options)
    assert s.turn == turns == (60 if options.get("long_game") else {1: 36, 2: 36, 3: 48, 4: 60}[players])
    assert takes == (turns if players > 1 else turns // 2)
    assert len(s.site) == 1 and s.stacks == [] and s.held == 0
    res = GAME.result(s)
    assert res["turns"] == turns and res["rounds"] == ROUNDS[(players, bool(options.get("long_game")))]
    assert sorted(res["ranking"]) == list(range(players))
    for sc in res["scores"]:
        assert sc["total"] == sum(c["points"] for c in sc["colours"].values()) + sc["stone_points"]
    if players > 1:
        assert res["winners"] and all(res["scores"][w]["rank"] == 1 for w in res["winners"])
    else:
        assert res["architect_won"] == (res["architect"]["rank"] == 1)
        assert bool(res["winners"]) == (res["scores"][0]["rank"] == 1)
    assert GAME.legal_actions(s) == []
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "take", "site": 0})
    assert exc.value.code == "game_over"
    check_round_trip(s)
    return s, rec.finish(s)


def check_replay(s, record) -> None:
    again = replay_final(GAME, record)
    assert GAME.to_json(again) == GAME.to_json(s)
    assert GAME.result(again) == GAME.result(s)


@pytest.mark.parametrize("players", [1, 2, 3, 4])
@given(data=st.data())
@settings(max_examples=15, **SETTINGS)
def test_random_games_keep_the_invariants(players, data):
    """§1.2-§1.6, §1.9, §1.10: tiles conserved, stones never negative, exactly 36/48/60 turns, cyclic turn
    order, JSON round trips mid-game, determinisation, views, refused actions, replay of the record."""
    game = data.draw(games(players))
    s, record = play(*game)
    check_replay(s, record)


@pytest.mark.parametrize("players", [2, 3])
@given(data=st.data())
@settings(max_examples=10, **SETTINGS)
def test_random_long_games(players, data):
    """§1.2: the long game (all 61 tiles) lasts 60 turns with 2 or 3 players."""
    game = data.draw(games(players, long=True))
    s, record = play(*game, checks=0.05)
    assert s.turn == 60
    check_replay(s, record)


@pytest.mark.parametrize(("players", "options"), [
    (1, {"athena": True}),
    (2, {"athena": True, "long_game": True}),
    (3, {"athena": True}),
    (4, {"athena": True, "athena_recheck": "city_tile_only"}),
    (4, {**{v: True for v in VARIANTS}, "stone_supply": 12}),
])
def test_fixed_games_for_every_player_count(players, options):
    """The same checks on fixed seeds, so every player count and Athena are played on every run."""
    for seed in (1, 2):
        s, record = play(players, seed, options, seed, checks=0.3)
        check_replay(s, record)


def test_athena_random_games_complete_cards():
    """§1.9: random games with Athena do complete cards (so the Athena checks above are exercised)."""
    completed = 0
    for seed in range(6):
        s = GAME.setup(4, seed, {"athena": True, "athena_cards": ["quarry_mine", "agora", "oasis", "villa"]})
        rnd = random.Random(seed)
        while not GAME.is_over(s):
            acts = GAME.legal_actions(s)
            athena = [a for a in acts if a["type"] == "athena"]
            GAME.apply(s, athena[0] if athena else GAME.random_action(s, rnd))
        completed += sum(len(c) for c in s.completed)
        for seat, done in enumerate(s.completed):
            assert len(done) == len(set(done))
            assert GAME.result(s)["scores"][seat]["statue"] == (len(done) == 4)
    assert completed >= 6


def test_replay_from_the_same_seed_is_identical():
    """§1.5: the stacks come from the seeded RNG: the same seed and actions give the same game; another seed
    gives another game."""
    s, record = play(3, "same", {"athena": True}, 7, checks=0)
    check_replay(s, record)
    other = GAME.setup(3, "other", {"athena": True})
    assert GAME.to_json(other)["stacks"] != GAME.to_json(GAME.setup(3, "same", {"athena": True}))["stacks"]
