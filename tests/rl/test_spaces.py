"""The action and observation spaces researchers ask for: factored Citadels actions, a flat Box observation
with the mask beside it, PettingZoo's convention for illegal moves, masks without observations, and the
Gymnasium registration (docs/rl.md)."""

from __future__ import annotations

import random
import warnings

import gymnasium
import gymnasium.utils.env_checker as gym_checker
import numpy as np
import pettingzoo.test as pettingzoo_test
import pytest

import cetate.rl
from cetate.core.encoding import ActionCodec
from cetate.core.errors import IllegalAction, InvalidOptions
from cetate.rl import env, versus

# -- ActionCodec.indices ---------------------------------------------------------------------------------


def test_indices_number_many_actions_like_index_does():
    codec = ActionCodec([("pass", ()), ("move", (("x", range(-2, 3)), ("y", "ab"))), ("say", (("w", ("hi",)),))])
    actions = [{"type": "move", "x": x, "y": y} for x in range(-3, 4) for y in "abc"]
    actions += [{"type": "pass"}, {"type": "say", "w": "hi"}, {"type": "say", "w": "yo"}, {"type": "fly"},
                {"type": "move", "x": 1}, {"type": "move", "x": [1], "y": "a"}, {"type": "move", "x": 1.0, "y": "a"},
                {"type": ["x"]}, {"x": 1}]
    expected = [-1 if (i := codec.index(a)) is None else i for a in actions]
    assert codec.indices(actions).tolist() == expected
    placements = [{"type": "move", "x": x, "y": "b"} for x in range(-2, 3)]  # one family: a column at a time
    assert codec.indices(placements).tolist() == [codec.index(a) for a in placements]
    assert codec.indices([]).tolist() == []


# -- factored actions --------------------------------------------------------------------------------------


def test_citadels_learns_on_a_small_factored_action_space():
    e = env("citadels", players=4)
    assert e.actions == "factored" and e.factored is not None
    assert e.action_space("player_0").n == e.factored.size < 1000 < e.codec.size
    assert e.observation_size == e.encoder.observation_size + e.factored.pending_size
    flat = env("citadels", players=4, actions="flat")
    assert flat.action_space("player_0").n == flat.codec.size == 15334
    assert env("gates").actions == "flat"
    # the Diplomat's exchange, 42 x 8 x 42 actions, is three decisions of 42, 8 and 42 tokens
    factored = e.factored
    tokens = factored.tokens_of({"type": "exchange", "give": "castle", "target": 3, "take": "palace"})
    assert [factored.describe(t) for t in tokens] == [
        {"type": "exchange", "field": "give", "value": "castle"},
        {"type": "exchange", "field": "target", "value": 3},
        {"type": "exchange", "field": "take", "value": "palace"}]
    assert factored.describe(factored.tokens_of({"type": "take_gold"})[0]) == {"type": "take_gold"}


def _multi_field_decision(e, seed: int):
    """Play random legal tokens from `seed` until the mover may start an action of two fields or more;
    returns that head token, or None if the game ended first."""
    e.reset(seed=seed)
    rnd = random.Random(seed)
    while e.agents and not any(e.terminations.values()):
        legal = e.legal_action_indices()
        for t in legal:
            kind, field, _ = e.factored.tokens[t]
            names = next(names for k, names, _, _ in e.codec.families if k == kind)
            if field is not None and len(names) > 1:
                return t
        e.step(rnd.choice(legal))
    return None


def test_a_factored_action_is_chosen_field_by_field_and_only_the_mover_sees_its_choice():
    e = env("citadels", players=3)
    head = None
    for seed in range(40):
        head = _multi_field_decision(e, seed)
        if head is not None:
            break
    assert head is not None, "no Warlord, Diplomat or Armory decision in 40 random games"
    mover = e.agent_selection
    snapshot = e.game.to_json(e.state)
    size = e.encoder.observation_size
    e.step(head)
    assert e.agent_selection == mover  # the same agent completes its action
    assert e.game.to_json(e.state) == snapshot  # nothing is played before the action is complete
    pending = e.observe(mover)["observation"][size:]
    assert pending[e.factored.pending[head]] == 1.0 and pending.sum() == 1.0
    for other in e.possible_agents:
        if other != mover:
            assert not e.observe(other)["observation"][size:].any()  # another seat never sees the choice
            assert not e.observe(other)["action_mask"].any()
    nxt = e.legal_action_indices()
    assert nxt and all(e.factored.tokens[t][0] == e.factored.tokens[head][0] for t in nxt)
    e.step(nxt[0])  # the rest of the action (a last field, or one more)
    while e.agent_selection == mover and e.game.to_json(e.state) == snapshot:
        e.step(e.legal_action_indices()[0])
    assert e.game.to_json(e.state) != snapshot


def test_a_whole_factored_game_gives_zero_sum_rewards():
    e = env("citadels", players=4)
    e.reset(seed=5)
    rnd = random.Random(5)
    total = {}
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            total[agent] = reward
            e.step(None)
            continue
        assert list(np.flatnonzero(obs["action_mask"])) == e.legal_action_indices()
        e.step(rnd.choice(e.legal_action_indices()))
    assert sorted(total) == e.possible_agents
    assert sum(total.values()) == pytest.approx(0.0)


# -- the flat Box observation -----------------------------------------------------------------------------


@pytest.mark.parametrize(("gid", "players"), [("gates", 2), ("citadels", 3), ("akropolis", 2)])
def test_box_observations_pass_the_pettingzoo_api_test_with_the_mask_in_infos(gid, players):
    e = env(gid, players=players, obs="box")
    assert isinstance(e.observation_space("player_0"), gymnasium.spaces.Box)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(e, num_cycles=40)
    e.reset(seed=1)
    obs, _r, _t, _tr, info = e.last()
    assert obs.shape == (e.observation_size,) and obs.dtype == np.float32
    assert np.array_equal(info["action_mask"], e.action_mask())
    assert info["action_mask"].any()
    assert all(not e.infos[a]["action_mask"].any() for a in e.agents if a != e.agent_selection)


def test_box_versus_passes_gymnasium_check_env_and_gives_the_mask_in_info():
    e = versus("citadels", players=3, obs="box")
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        gym_checker.check_env(e, skip_render_check=True)
    obs, info = e.reset(seed=2)
    assert obs.shape == e.observation_space.shape
    assert np.array_equal(info["action_mask"].astype(bool), e.action_masks())
    stacked = gymnasium.wrappers.FrameStackObservation(versus("gates", obs="box"), 3)
    obs, _ = stacked.reset(seed=1)
    assert obs.shape == (3, stacked.unwrapped.aec.observation_size)


def test_sb3_env_checker_accepts_the_default_environment():
    checker = pytest.importorskip("stable_baselines3.common.env_checker")  # the `train` extra
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        checker.check_env(versus("gates", obs="box"))
        checker.check_env(versus("citadels", players=4, obs="box"))


# -- masks without observations ---------------------------------------------------------------------------


def test_masks_are_made_without_computing_an_observation():
    e = versus("akropolis", players=2, bots="random")
    obs, _ = e.reset(seed=3)
    encoder = e.aec.encoder

    def refuse(*_args):
        raise AssertionError("the mask computed an observation")

    encoder.observe = encoder.view = refuse
    assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))
    assert np.array_equal(e.aec.action_mask(), obs["action_mask"])


# -- PettingZoo's convention for illegal moves ------------------------------------------------------------


def test_an_illegal_move_ends_the_aec_game_with_the_offender_losing():
    e = env("citadels", players=3)
    e.reset(seed=4)
    offender = e.agent_selection
    illegal = int(np.flatnonzero(e.action_mask() == 0)[0])
    snapshot = e.game.to_json(e.state)
    e.step(illegal)
    assert e.game.to_json(e.state) == snapshot
    assert all(e.terminations.values())
    assert e.rewards == {a: (-1.0 if a == offender else 0.0) for a in e.agents}
    assert "not legal" in e.infos[offender]["illegal"]
    assert not e.action_mask(offender).any()
    drained = {}
    for agent in e.agent_iter():
        _obs, reward, terminated, _tr, _info = e.last()
        assert terminated
        drained[agent] = reward
        e.step(None)
    assert drained == {a: (-1.0 if a == offender else 0.0) for a in e.possible_agents}
    malformed = env("gates")
    malformed.reset(seed=1)
    with pytest.raises(IllegalAction, match="an action is an integer"):  # not an action at all: refused
        malformed.step(-1)


def test_bad_space_options_are_refused():
    with pytest.raises(InvalidOptions, match="obs must be one of 'dict', 'box'"):
        env("gates", obs="vector")
    with pytest.raises(InvalidOptions, match="actions must be one of 'flat', 'factored'"):
        versus("gates", actions="tree")
    with pytest.raises(InvalidOptions, match="illegal must be one of 'lose', 'raise'"):
        env("gates", illegal="ignore")


# -- Gymnasium registration --------------------------------------------------------------------------------


@pytest.mark.parametrize(("env_id", "kwargs"), [
    ("cetate/Gates-v0", {"bots": "gates-heuristic"}),
    ("cetate/Citadels-v0", {"players": 4, "obs": "box"}),
    ("cetate/Akropolis-v0", {"players": 1, "options": {"architect": "callicrates"}}),
])
def test_gymnasium_make_builds_each_game(env_id, kwargs):
    e = gymnasium.make(env_id, **kwargs)
    obs, _info = e.reset(seed=6)
    assert e.observation_space.contains(obs)
    mask = e.unwrapped.action_masks()
    obs, _reward, _terminated, truncated, _info = e.step(int(np.flatnonzero(mask)[0]))
    assert truncated is False
    assert e.observation_space.contains(obs)
    assert env_id in cetate.rl.GYMNASIUM_IDS.values()


def test_gymnasium_make_imports_cetate_by_the_module_prefix():
    e = gymnasium.make("cetate.rl:cetate/Gates-v0")
    obs, _ = e.reset(seed=1)
    assert obs["observation"].shape == (e.unwrapped.aec.observation_size,)


@pytest.mark.parametrize(("gid", "players"), [("gates", 2), ("citadels", 4), ("akropolis", 2)])
def test_a_mask_is_made_once_per_decision_and_cannot_be_changed(gid, players):
    e = env(gid, players=players)
    e.reset(seed=2)
    mask = e.action_mask()
    assert e.observe(e.agent_selection)["action_mask"] is mask  # the same array until the next step
    assert not mask.flags.writeable
    with pytest.raises(ValueError):
        mask[0] = 1
    assert sorted(np.flatnonzero(mask).tolist()) == sorted(e.legal_action_indices())
    e.step(int(np.flatnonzero(mask)[0]))
    if e.action_mask() is not e._no_mask:
        assert sorted(np.flatnonzero(e.action_mask()).tolist()) == sorted(e.legal_action_indices())


@pytest.mark.parametrize(("gid", "players"), [("gates", 2), ("citadels", 3), ("akropolis", 2)])
def test_the_environment_plays_the_listed_actions_into_the_states_apply_makes(gid, players):
    """`Encoder.advance` (Gates: no journal) leaves each state as `game.apply` leaves it."""
    e = env(gid, players=players, actions="flat")
    game = e.game
    rnd = random.Random(gid)
    for seed in range(2):
        e.reset(seed=seed)
        mirror = game.setup(players, seed, e.options)
        while not game.is_over(e.state):
            legal = e.legal_action_indices()
            i = legal[rnd.randrange(len(legal))]
            game.apply(mirror, e._legal[i])  # the action the environment plays for number i
            e.step(i)
            assert game.to_json(e.state) == game.to_json(mirror)
