"""Solo rollouts of the `akropolis-heuristic` bot (rollout.py): the light view values a take as the full view
does, a rollout ends in the forecast or the exact final margin, the memo changes nothing, the shared
valuations serve other worlds, the rollouts read only the view and the sample, and what they choose is legal."""

from __future__ import annotations

import pytest

from cetate.bots import choose
from cetate.core.rng import Rng
from cetate.games import get
from cetate.games.akropolis import rollout
from cetate.games.akropolis.bot import AkropolisHeuristicBot, _Turn
from cetate.games.akropolis.search import _solo_margin
from cetate.games.akropolis.view import light_view

GAME = get("akropolis")
SOLO = {"architect": "callicrates"}


@pytest.fixture(autouse=True)
def strict_bot(monkeypatch):
    monkeypatch.setattr(AkropolisHeuristicBot, "strict", True)


def solo_takes(seed: int, options: dict | None = None, every: int = 1):
    """Solo states at a take, along a game of the heuristic bot without rollouts."""
    bot = AkropolisHeuristicBot(GAME, 0, seed, {"rollout_worlds": 0})
    state = GAME.setup(1, seed, options or SOLO)
    k = 0
    while GAME.to_move(state) is not None:
        if state.phase == "take":
            if k % every == 0:
                yield state.clone()
            k += 1
        GAME.apply(state, bot.act(GAME.view(state, 0), GAME.legal_actions(state)))


@pytest.mark.parametrize("options", [SOLO, {**SOLO, "athena": True}])
def test_light_view_values_a_take_as_the_full_view(options):
    bot = AkropolisHeuristicBot(GAME, 0, 0, {"look_tiles": 0, "rollout_worlds": 0})
    checked = 0
    for state in solo_takes(3, options, every=3):
        legal = GAME.legal_actions(state)
        full_doc, light_doc = GAME.view(state, 0), light_view(state, 0)
        # nothing the seat's own view does not show (the stacks' tiles sorted, as there)
        for key, value in light_doc.items():
            if key not in ("athena", "architect", "seats", "site", "held"):
                assert value == full_doc[key], key
        full = _Turn(bot, full_doc)
        light = _Turn(bot, light_doc, city=state.cities[0])
        done = full.completed
        assert light.value(light.city, light.stones, done) == pytest.approx(full.value(full.city, full.stones, done))
        assert light.take(legal) == full.take(legal)
        checked += 1
    assert checked >= 5


def test_a_rollout_ends_in_the_forecast_or_the_final_margin():
    greedy = AkropolisHeuristicBot(GAME, 0, 0).rollout_bot()
    states = list(solo_takes(4, every=4))
    w = states[1].clone()
    assert rollout.play_on(w, greedy, 0) == pytest.approx(_solo_margin(states[1]))
    w = states[1].clone()
    turn = w.turn
    rollout.play_on(w, greedy, 2)
    assert w.phase == "take" and w.turn >= turn + 4  # two takes of the bot and his between them
    w = states[1].clone()
    margin = rollout.play_on(w, greedy, 99)
    assert w.phase == "over"
    assert margin == w.result["scores"][0]["total"] - w.result["architect"]["total"]


def test_the_memo_changes_no_rollout():
    greedy = AkropolisHeuristicBot(GAME, 0, 0).rollout_bot()
    start = list(solo_takes(5, every=5))[1]
    memo: dict = {}
    plain, kept = [], []
    for k in range(6):
        world = GAME.determinize(start, 0, Rng.from_seed(f"memo/{k}"))
        plain.append(rollout.play_on(world.clone(), greedy, 4))
        kept.append(rollout.play_on(world.clone(), greedy, 4, memo))
    assert plain == kept
    assert 0 < len(memo) < 6 * 4  # the takes before the refill are shared by the worlds


def test_the_shared_valuations_serve_other_worlds():
    greedy = AkropolisHeuristicBot(GAME, 0, 0).rollout_bot()
    start = list(solo_takes(5, every=5))[1]
    shared: dict = {}
    worlds = [GAME.determinize(start, 0, Rng.from_seed(f"share/{k}")) for k in range(4)]
    for world in worlds:
        legal = GAME.legal_actions(world)
        alone = _Turn(greedy, light_view(world, 0), city=world.cities[0]).take(legal)
        alone_plan = greedy._plan
        # the first world fills the cache; the others (the same city, another order of the stacks) reuse it
        assert _Turn(greedy, light_view(world, 0), city=world.cities[0]).take(legal, shared) == alone
        assert greedy._plan == alone_plan
        # the world goes on (its city changes): what the cache keeps must not
        GAME.apply(world, alone)
        q, r, rot = alone_plan[2]
        GAME.apply(world, {"type": "place", "q": q, "r": r, "rot": rot})
    assert len(shared) == 1
    (prep, _, known, _), = shared.values()
    assert prep.city.log == start.cities[0].log  # the kept city did not follow the first world's moves
    assert set(known) == {t for t in start.site}  # each tile of the site valued once
    # a rollout with the cache plays legal moves to its horizon
    w = GAME.determinize(start, 0, Rng.from_seed("share/last"))
    turn = w.turn
    rollout.play_on(w, greedy, 3, {}, shared)
    assert w.turn >= turn + 5
    assert len(shared) > 1


def _decide(state, seed: int, params: dict | None = None, sample_seed: str = "s"):
    bot = AkropolisHeuristicBot(GAME, 0, seed, params)
    sample = GAME.determinize(state, 0, Rng.from_seed(sample_seed))
    action = bot.act(GAME.view(state, 0), GAME.legal_actions(state), sample=sample)
    return action, bot._plan


def test_rollouts_change_some_takes_and_keep_them_legal():
    changed = 0
    for state in solo_takes(7, every=2):
        if state.turn >= 30:
            break
        heuristic, heuristic_plan = _decide(state, 1, {"rollout_worlds": 0})
        action, plan = _decide(state, 1, {"rollout_worlds": 8, "rollout_stage1": 4})
        assert action in GAME.legal_actions(state)
        after = state.clone()
        GAME.apply(after, action)
        q, r, rot = plan[2]
        assert {"type": "place", "q": q, "r": r, "rot": rot} in GAME.legal_actions(after)
        if (action, plan[2]) != (heuristic, heuristic_plan[2]):
            changed += 1
    assert changed >= 1


def test_rollouts_read_only_the_view_and_the_sample():
    state = list(solo_takes(8, every=4))[2]
    params = {"rollout_worlds": 6, "rollout_stage1": 3}
    first = _decide(state, 2, params)
    # another true state the seat cannot tell apart (the stacks in another order): the same sample is drawn
    other = GAME.determinize(state, 0, Rng.from_seed("other"))
    assert GAME.view(other, 0) == GAME.view(state, 0)
    assert _decide(other, 2, params) == first
    # through the drivers' `choose` too (they hand a sample drawn from the true state)
    bot_a, bot_b = AkropolisHeuristicBot(GAME, 0, 2, params), AkropolisHeuristicBot(GAME, 0, 2, params)
    assert choose(bot_a, GAME, state, 0, 11) == choose(bot_b, GAME, other, 0, 11)


def test_without_a_sample_or_outside_solo_no_rollout(monkeypatch):
    calls = []
    monkeypatch.setattr(rollout, "improve_take", lambda *a, **k: calls.append(1))
    state = next(s for s in solo_takes(9) if len(GAME.legal_actions(s)) > 1 and s.turn < 30)
    bot = AkropolisHeuristicBot(GAME, 0, 0)
    bot.act(GAME.view(state, 0), GAME.legal_actions(state))
    two = GAME.setup(2, 9)
    seat = GAME.to_move(two)
    bot.act(GAME.view(two, seat), GAME.legal_actions(two), sample=GAME.determinize(two, seat, Rng.from_seed(1)))
    assert calls == []
    bot.act(GAME.view(state, 0), GAME.legal_actions(state), sample=GAME.determinize(state, 0, Rng.from_seed(1)))
    assert calls == [1]


def test_a_broken_sample_leaves_the_heuristic_choice(monkeypatch):
    monkeypatch.setattr(AkropolisHeuristicBot, "strict", False)
    state = next(s for s in solo_takes(9) if len(GAME.legal_actions(s)) > 1 and s.turn < 30)
    legal = GAME.legal_actions(state)
    plain = AkropolisHeuristicBot(GAME, 0, 0).act(GAME.view(state, 0), legal)
    bot = AkropolisHeuristicBot(GAME, 0, 0)
    assert bot.act(GAME.view(state, 0), legal, sample="not a state") == plain
    assert bot.errors
