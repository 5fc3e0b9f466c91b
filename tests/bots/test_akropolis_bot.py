"""The `akropolis-heuristic` bot: registered, always legal (1-4 players, Athena, variants, flags, the long
game, solo against the Architect), deterministic for a seed, blind to the order of the stacks, reading the
city right from the view, and clearly stronger than `random`."""

from __future__ import annotations

from collections import Counter

import pytest

from cetate.bots import bot_seed, make_bot, names, play_game
from cetate.bots.evaluate import rotation_match
from cetate.core.rng import Rng
from cetate.games import get
from cetate.games.akropolis.bot import (
    NAME,
    AkropolisHeuristicBot,
    _fallback,
    _key,
    _match,
    _Turn,
    city_from_view,
)
from cetate.games.akropolis.data import CODES
from cetate.games.akropolis.scoring import score_city

GAME = get("akropolis")
VARIANTS = {v: True for v in ("variant_houses", "variant_markets", "variant_barracks", "variant_temples",
                              "variant_gardens")}


@pytest.fixture(autouse=True)
def strict_bot(monkeypatch):
    """A decision error fails the test instead of being covered by the bot's fallback."""
    monkeypatch.setattr(AkropolisHeuristicBot, "strict", True)


def play_checked(players: int, seed: int, options: dict | None, seats: list[str], kinds: Counter | None = None):
    """Play a whole game, checking that every action of the heuristic bot is one of the legal actions."""
    bots = [make_bot(name, GAME, i, bot_seed(seed, i)) for i, name in enumerate(seats)]
    state = GAME.setup(players, seed, options)
    while (seat := GAME.to_move(state)) is not None:
        legal = GAME.legal_actions(state)
        action = bots[seat].act(GAME.view(state, seat), legal)
        assert any(action is a for a in legal), (seat, state.phase, action)
        if seats[seat] == NAME and kinds is not None:
            kinds[action["type"]] += 1
            if action["type"] == "done":
                kinds["declined"] += 1
        GAME.apply(state, action)
    for bot in bots:
        assert not getattr(bot, "errors", []), bot.errors
    return state


def test_registered_through_the_game():
    assert NAME in names()
    bot = make_bot(NAME, "akropolis", 1, seed=5)
    assert isinstance(bot, AkropolisHeuristicBot)
    assert bot.seat == 1 and bot.game is GAME and bot.name == NAME
    assert GAME.bots() == {NAME: AkropolisHeuristicBot}


@pytest.mark.parametrize(("players", "options", "seats"), [
    (1, {"architect": "callicrates", "athena": True}, [NAME]),
    (1, {"architect": "metagenes", **VARIANTS}, [NAME]),
    (2, None, [NAME, "random"]),
    (2, {"long_game": True, "athena": True, "statue_stone_value": 3}, [NAME, NAME]),
    (3, {"athena": True, **VARIANTS, "barracks_edge": "any_empty", "lake": "single_hex"}, [NAME, "random", NAME]),
    (4, {"athena": True, "athena_recheck": "city_tile_only", "stone_supply": 12, "card_centre": "lenient",
         "house_tie": "value", "athena_cards": ["quarry_mine", "villa", "agora", "oasis"]},
     [NAME, NAME, "random", NAME]),
])
def test_only_legal_actions(players, options, seats):
    kinds: Counter = Counter()
    state = play_checked(players, 300 + players, options, seats, kinds)
    assert GAME.result(state) is not None
    assert kinds["take"] == kinds["place"] > 0
    assert kinds["athena"] == kinds["place_small"]  # each completed card's small tile is placed
    if players == 4:  # easy cards (stones, houses up high, plazas, a surrounded garden): it goes for them
        assert kinds["athena"] >= 3 and kinds["declined"] == 0


def test_never_crashes_on_views_it_does_not_understand(monkeypatch):
    monkeypatch.setattr(AkropolisHeuristicBot, "strict", False)
    bot = AkropolisHeuristicBot(GAME, 0, 1)
    odd = [{"type": "mystery"}, {"type": "done"}]
    assert bot.act({}, odd) is odd[1]
    assert bot.act(None, [{"type": "take", "site": 0}, {"type": "take", "site": 1}])["type"] == "take"
    state = GAME.setup(2, 3)
    seat = GAME.to_move(state)
    view = GAME.view(state, seat)
    del view["seats"]
    legal = GAME.legal_actions(state)
    assert any(bot.act(view, legal) is a for a in legal)
    assert bot.errors
    assert _fallback([{"type": "athena", "card": "villa", "tile": 3}, {"type": "done"}], None) == {"type": "done"}
    with pytest.raises(ValueError):
        bot.act({}, [])


def test_deterministic_for_a_seed():
    options = {"athena": True}
    s1, r1 = play_game(GAME, 3, seed=42, options=options, bots=[NAME] * 3)
    s2, r2 = play_game(GAME, 3, seed=42, options=options, bots=[NAME] * 3)
    assert r1.actions == r2.actions and GAME.to_json(s1) == GAME.to_json(s2)
    _, r3 = play_game(GAME, 3, seed=43, options=options, bots=[NAME] * 3)
    assert r3.actions != r1.actions


def _states(players: int, seed: int, options: dict | None, every: int = 5):
    """States met along a game between heuristic bots (every `every`-th decision)."""
    bots = [AkropolisHeuristicBot(GAME, i, i) for i in range(players)]
    state = GAME.setup(players, seed, options)
    k = 0
    while (seat := GAME.to_move(state)) is not None:
        if k % every == 0:
            yield state
        GAME.apply(state, bots[seat].act(GAME.view(state, seat), GAME.legal_actions(state)))
        k += 1


@pytest.mark.parametrize(("players", "options"), [(1, {"architect": "callicrates"}), (2, {"athena": True}),
                                                  (4, None)])
def test_blind_to_the_order_of_the_stacks(players, options):
    checked = 0
    for state in _states(players, 11, options, every=7):
        if not state.stacks or sum(map(len, state.stacks)) < 2:
            continue
        seat = GAME.to_move(state)
        a = GAME.determinize(state, seat, Rng.from_seed("a"))
        b = GAME.determinize(state, seat, Rng.from_seed("b"))
        if a.stacks == b.stacks:
            continue
        legal = GAME.legal_actions(a)
        assert legal == GAME.legal_actions(b)
        act_a = AkropolisHeuristicBot(GAME, seat, 9).act(GAME.view(a, seat), legal)
        act_b = AkropolisHeuristicBot(GAME, seat, 9).act(GAME.view(b, seat), legal)
        assert act_a == act_b
        checked += 1
    assert checked >= 3


def test_solo_look_ahead():
    """Solo: a candidate placement is judged one tile further, over a sample of the tiles still to come
    (distinct tiles of the view's unseen list, the same sample for every candidate, none in the last turn);
    its worth is the mean of the city's value once each sampled tile is laid at its best placement, on the
    city the engine builds."""
    bot = AkropolisHeuristicBot(GAME, 0, 3)
    checked = last = 0
    for state in _states(1, 5, {"architect": "callicrates"}, every=2):
        legal = GAME.legal_actions(state)
        if {a["type"] for a in legal} != {"take"}:
            continue
        view = GAME.view(state, 0)
        turn = _Turn(bot, view)
        sample = turn._look_sample()
        assert sample == _Turn(bot, view)._look_sample()
        if turn.T == 0:
            assert sample == []
            last += 1
            continue
        distinct = {CODES[t] for t in view["unseen"]}
        assert set(sample) <= set(view["unseen"])
        assert len({CODES[t] for t in sample}) == len(sample) == min(10, len(distinct))
        # the look-ahead of the first tile's best placement, against the city the engine builds
        turn._prepare_cheap()
        tile = view["site"][0]["id"]
        cand = turn._best_placements(tile, turn.stones, turn._all_placements())[0]
        after = GAME.clone(state)
        GAME.apply(after, next(a for a in legal if a["site"] == 0))
        place = _match(GAME.legal_actions(after), _key(cand[2], CODES[tile]), cand[1], CODES[tile])
        GAME.apply(after, place)
        city = after.cities[0]
        check = _Turn(bot, view, city=city)
        check.stones = turn.stones + cand[3]
        check._prepare_cheap()
        spots = check._all_placements()
        expected = sum(check._best_placements(t, check.stones, spots)[0][0] for t in sample) / len(sample)
        assert turn._look_ahead(tile, cand, turn.stones, sample) == pytest.approx(expected)
        checked += 1
    assert checked >= 5 and last == 1
    # without the look-ahead the bot still plays a whole solo game legally
    play_game(GAME, 1, 6, {"architect": "callicrates"},
              [AkropolisHeuristicBot(GAME, 0, 1, params={"look_tiles": 0, "rollout_worlds": 0})])


def test_city_rebuilt_from_the_view_is_the_city():
    for state in _states(2, 5, {"athena": True, **VARIANTS}, every=3):
        for seat in range(state.n):
            city = city_from_view(GAME.view(state, seat)["seats"][seat]["city"])
            true = state.cities[seat]
            assert city.h == true.h and city.top == true.top and city.pid == true.pid
            assert city.drot == true.drot and city.border == true.border
            assert score_city(city, state.options) == score_city(true, state.options)
            assert city.placements("hmb") == true.placements("hmb")


def test_takes_the_planned_placement_only_when_legal():
    state = GAME.setup(2, 8)
    seat = GAME.to_move(state)
    bot = AkropolisHeuristicBot(GAME, seat, 0)
    GAME.apply(state, bot.act(GAME.view(state, seat), GAME.legal_actions(state)))
    legal = GAME.legal_actions(state)
    planned = bot.act(GAME.view(state, seat), legal)
    assert any(planned is a for a in legal)
    fewer = [a for a in legal if a != planned]  # the plan is no longer offered: it decides again
    other = bot.act(GAME.view(state, seat), fewer)
    assert any(other is a for a in fewer)


def test_beats_random_in_two_player_games():
    result = rotation_match(GAME, 2, NAME, "random", games=10, seed=900)
    assert result["wins"] >= 8, result
