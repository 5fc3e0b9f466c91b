"""`game.determinize(state, seat, rng)` for every game: the sample looks the same to the seat, keeps every card
and tile, plays on to a well-formed end, and really redraws the hidden parts.

The helpers here (`CONFIGS`, `reach`, `states_along`, `hidden`) are shared with test_no_peeking.py.
"""

from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from cetate.core.rng import Rng
from cetate.games import get

# Dark City: characters replaced, every Dark City purple (Lighthouse, Museum, Armory, ...) in the deck
DARK = {"character_preset": "replace_two", "random_dark_city_districts": 14, "ball_room": True}
# the Wizard (looks at a hand), the Lighthouse (looks at the deck) and the Museum (cards stored face down)
WIZARD = {"characters": ["assassin", "thief", "wizard", "king", "bishop", "merchant", "architect", "warlord"],
          "dark_city_districts": ["lighthouse", "museum", "armory"], "discard_mode": "discard_pile"}

# (game, players, options, random actions that reach the late game)
CONFIGS = [
    ("citadels", 2, {}, 250),
    ("citadels", 3, {"discard_mode": "discard_pile", "bank_limit": 30}, 300),
    ("citadels", 4, DARK, 350),
    ("citadels", 5, {}, 400),
    ("citadels", 6, {**DARK, "rank9": "queen"}, 450),
    ("citadels", 5, WIZARD, 400),
    ("akropolis", 1, {"architect": "callicrates", "athena": True}, 80),
    ("akropolis", 2, {}, 80),
    ("akropolis", 3, {"athena": True}, 110),
    ("akropolis", 4, {"athena": True}, 140),
    ("gates", 2, {}, 22),
    ("gates", 2, {"main_deck_order": "draft"}, 22),
]
IDS = [f"{g}-{n}p-{i}" for i, (g, n, _, _) in enumerate(CONFIGS)]


def reach(game, players: int, options: dict | None, seed: int, steps: int):
    """The state after up to `steps` random actions from a seeded setup, stopping before the game ends (a
    second, shorter replay when the game ended: no `clone`, so nothing the states share can leak back)."""
    def run(limit: int):
        state = game.setup(players, seed, options)
        rnd = random.Random(seed)
        done = 0
        while done < limit and not game.is_over(state):
            game.apply(state, game.random_action(state, rnd))
            done += 1
        return state, done

    state, done = run(steps)
    if game.is_over(state):
        state, _ = run(done - 1)
    return state


def snapshot(game, state) -> str:
    """The state's JSON as text: a deep copy (`to_json` may share lists and dicts with the state)."""
    return json.dumps(game.to_json(state), sort_keys=True)


def states_along(game, players: int, options: dict | None, seed: int, every: int) -> list:
    """Every `every`-th state of one random game (never a finished one)."""
    state = game.setup(players, seed, options)
    rnd = random.Random(seed)
    out = []
    k = 0
    while not game.is_over(state):
        if k % every == 0:
            out.append(game.clone(state))
        game.apply(state, game.random_action(state, rnd))
        k += 1
    return out


def _known_by(state, seat: int, holder: int) -> Counter:
    """Citadels: the cards `seat` knows to be in `holder`'s hand (all of them while its Wizard looks)."""
    if state.phase == "wizard" and state.actor == seat and state.target == holder:
        return Counter(state.hands[holder])
    return Counter(state.known.get((seat, holder), ()))


def hidden(gid: str, state, seat: int) -> tuple:
    """What `seat` cannot see, in a hashable form (orders included where the order is hidden)."""
    if gid == "citadels":
        others = tuple(tuple(state.hands[i]) for i in range(state.n) if i != seat)
        unrevealed = tuple(o for r, o in enumerate(state.owner) if r not in state.revealed)
        return (others, tuple(state.deck), tuple(state.discard_pile), unrevealed, tuple(sorted(state.face_down)))
    if gid == "akropolis":
        return tuple(map(tuple, state.stacks))
    opp = 1 - seat
    return (tuple(state.hands[opp]), tuple(map(tuple, state.reserves)), tuple(map(tuple, state.mains)))


def hidden_pool(gid: str, state, seat: int) -> list:
    """The hidden items `determinize` may move or reorder (a pool with two different items can be redrawn in
    more than one way)."""
    if gid == "citadels":
        pool = list(state.deck) + list(state.discard_pile)
        for i in range(state.n):
            if i != seat:
                pool += list((Counter(state.hands[i]) - _known_by(state, seat, i)).elements())
                pool += state.museum[i]
        if state.actor != seat:  # cards drawn (Keep) or set aside (Magician) by another seat, face down
            pool += state.drawn if state.phase == "keep" else []
            pool += state.set_aside if state.phase == "magician_discard" else []
        return pool
    if gid == "akropolis":
        return [t for st in state.stacks for t in st]
    opp = 1 - seat
    pool = [c for c in state.hands[opp] if c not in state.known[opp]] + state.reserves[0] + state.reserves[1]
    if state.options["main_deck_order"] == "shuffled":
        pool += [("main", c) for c in state.mains[0] + state.mains[1]]
    return pool


def all_pieces(gid: str, state) -> Counter:
    """Every card or tile in the game, wherever it is."""
    if gid == "citadels":
        held = Counter(state.deck) + Counter(state.discard_pile) + Counter(state.drawn) + Counter(state.set_aside)
        for i in range(state.n):
            held += Counter(state.hands[i]) + Counter(state.cities[i]) + Counter(state.museum[i])
        if state.graveyard is not None:
            held[state.graveyard[0]] += 1
        return held
    if gid == "akropolis":
        tiles = Counter(t for st in state.stacks for t in st) + Counter(state.site) + Counter(state.arch_tiles)
        if state.held:
            tiles[state.held] += 1
        for city in state.cities:
            tiles.update(piece for piece, _, _ in city.log)
        small = Counter(("small", t) for u in state.under for t in u) + Counter(("small", t) for t in state.arch_small)
        if state.small_held:
            small[("small", state.small_held[1])] += 1
        return tiles + small
    out = Counter()
    for part in (state.hands, state.reserves, state.plays, state.stolen, state.mains, [state.action_grave],
                 [state.main_grave], [state.pile], [list(state.current or ())]):
        for cards in part:
            out.update(cards)
    return out


def check_result(game, state) -> None:
    result = game.result(state)
    n = game.seats(state)
    assert isinstance(result, dict)
    assert len(result["scores"]) == n
    assert all(isinstance(w, int) and 0 <= w < n for w in result["winners"])
    assert sorted(result["ranking"]) == list(range(n))


def play_out(game, state, rnd: random.Random, limit: int = 20_000) -> None:
    steps = 0
    while not game.is_over(state):
        legal = game.legal_actions(state)
        assert legal, "a state that is not over offers no action"
        game.apply(state, legal[rnd.randrange(len(legal))])
        steps += 1
        assert steps < limit
    check_result(game, state)


def check_sample(gid: str, game, state, seat: int, d) -> None:
    """`d = determinize(state, seat, ...)` is a state `seat` cannot tell apart from `state`."""
    assert d is not state
    assert game.view(d, seat) == game.view(state, seat), "the seat can tell the sample apart"
    assert game.view(d, None) == game.view(state, None), "the public parts changed"
    assert game.to_move(d) == game.to_move(state)
    if game.to_move(state) == seat:
        assert game.legal_actions(d) == game.legal_actions(state)
    assert all_pieces(gid, d) == all_pieces(gid, state), "cards or tiles were created or lost"
    assert sorted(map(repr, hidden_pool(gid, d, seat))) == sorted(map(repr, hidden_pool(gid, state, seat)))
    assert game.from_json(game.to_json(d)) is not None  # a valid, loadable state
    a, b = game.to_json(d), game.to_json(state)
    if gid == "akropolis":  # only the stacks' order (and the rng) are redrawn; every stack keeps its size
        assert [len(x) for x in a["stacks"]] == [len(x) for x in b["stacks"]]
        assert {k: v for k, v in a.items() if k not in ("stacks", "rng")} == \
            {k: v for k, v in b.items() if k not in ("stacks", "rng")}
    if gid == "gates":
        opp = 1 - seat
        assert d.hands[seat] == state.hands[seat]
        assert [len(h) for h in d.hands] == [len(h) for h in state.hands]
        assert [len(r) for r in d.reserves] == [len(r) for r in state.reserves]
        assert not Counter(state.known[opp]) - Counter(d.hands[opp])  # the Poet's cards stay in that hand
        assert [sorted(m) for m in d.mains] == [sorted(m) for m in state.mains]
        if state.options["main_deck_order"] == "draft":
            assert d.mains == state.mains
        rest = ("hands", "reserves", "mains", "rng")
        assert {k: v for k, v in a.items() if k not in rest} == {k: v for k, v in b.items() if k not in rest}
    if gid == "citadels":
        assert sorted(d.hands[seat]) == sorted(state.hands[seat])
        assert [len(h) for h in d.hands] == [len(h) for h in state.hands]
        for i in range(state.n):
            assert not _known_by(state, seat, i) - Counter(d.hands[i]), "a card the seat knows moved"
        assert d.seen[seat] == state.seen[seat]
        for r in range(1, len(state.roster)):
            assert (state.owner[r] == seat) == (d.owner[r] == seat)


# -- the tests ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize(("gid", "players", "options", "steps"), CONFIGS, ids=IDS)
def test_sample_looks_the_same_and_keeps_every_piece(gid, players, options, steps):
    game = get(gid)
    every = max(1, steps // 12)
    rng = Rng.from_seed(f"consistency/{gid}/{players}")
    checked = 0
    for seed in (1, 2):
        for state in states_along(game, players, options, seed, every):
            before = snapshot(game, state)
            for seat in range(players):
                check_sample(gid, game, state, seat, game.determinize(state, seat, rng))
                checked += 1
            assert snapshot(game, state) == before, "determinize changed the true state"
    assert checked >= 10


@pytest.mark.parametrize(("gid", "players", "options", "steps"), CONFIGS, ids=IDS)
def test_sample_plays_on_to_a_well_formed_end(gid, players, options, steps):
    game = get(gid)
    rnd = random.Random(players)
    for i, frac in enumerate((0.0, 0.3, 0.7)):
        state = reach(game, players, options, 10 + i, int(frac * steps))
        seat = game.to_move(state)
        before = snapshot(game, state)
        d = game.determinize(state, seat, Rng(rnd.getrandbits(64)))
        play_out(game, d, rnd)
        assert snapshot(game, state) == before, "playing the sample on changed the true state"


@pytest.mark.parametrize(("gid", "players", "options", "steps"), CONFIGS, ids=IDS)
def test_hidden_parts_are_redrawn(gid, players, options, steps):
    """Across 20 rngs the hidden parts take several values whenever the hidden pool allows more than one."""
    game = get(gid)
    varied = 0
    for i, frac in enumerate((0.1, 0.4, 0.8)):
        state = reach(game, players, options, 20 + i, int(frac * steps))
        for seat in range(players):
            samples = {hidden(gid, game.determinize(state, seat, Rng(k)), seat) for k in range(20)}
            if len(set(map(repr, hidden_pool(gid, state, seat)))) >= 2:
                assert len(samples) > 1, f"seat {seat} always gets the same hidden parts"
                varied += 1
            else:
                assert len(samples) == 1 or gid == "citadels"  # citadels may still redraw the characters
    assert varied >= 2


def test_citadels_other_hands_vary_where_unknown():
    """Opponents' hands really are redealt (not only the deck order) when the seat cannot know them."""
    game = get("citadels")
    state = reach(game, 4, None, 5, 60)
    seat = game.to_move(state)
    for i in range(4):
        if i != seat and len(state.hands[i]) > sum(_known_by(state, seat, i).values()):
            hands = {tuple(sorted(game.determinize(state, seat, Rng(k)).hands[i])) for k in range(20)}
            assert len(hands) > 1


def test_akropolis_stack_order_varies_but_sizes_stay():
    game = get("akropolis")
    state = reach(game, 3, None, 4, 10)
    orders = {tuple(map(tuple, game.determinize(state, 0, Rng(k)).stacks)) for k in range(20)}
    assert len(orders) == 20
    assert {tuple(map(len, o)) for o in orders} == {tuple(map(len, state.stacks))}
