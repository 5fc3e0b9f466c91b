"""`cetate.rl.versus`: one seat of a game against bots, as a single-agent Gymnasium environment."""

from __future__ import annotations

import warnings

import gymnasium.utils.env_checker as gym_checker
import numpy as np
import pytest

from cetate.bots.base import UnknownBot
from cetate.core.errors import IllegalAction, InvalidOptions
from cetate.rl import versus
from cetate.rl.aec import terminal_rewards

SETTINGS = [
    {"game": "gates", "bots": ["gates-heuristic"]},
    {"game": "citadels", "players": 4, "bots": "citadels-heuristic"},
    {"game": "akropolis", "players": 2, "bots": ["akropolis-heuristic"]},
    {"game": "akropolis", "players": 1, "options": {"architect": "callicrates"}},
]


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: f"{s['game']}-{s.get('players', 2)}")
def test_gymnasium_check_env_passes(settings):
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # the checker's warnings count as failures
        gym_checker.check_env(versus(**settings), skip_render_check=True)


def _play_out(e, obs) -> tuple[float, dict, int]:
    steps = 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        assert np.array_equal(e.action_masks(), obs["action_mask"].astype(bool))
        assert len(legal) > 0
        obs, reward, terminated, truncated, info = e.step(int(legal[-1]))
        steps += 1
        assert truncated is False
        if terminated:
            return reward, info, steps
        assert reward == 0.0


@pytest.mark.parametrize("settings", SETTINGS, ids=lambda s: f"{s['game']}-{s.get('players', 2)}")
def test_a_whole_game_against_bots_ends_with_the_results_reward(settings):
    e = versus(**settings)
    obs, info = e.reset(seed=8)
    assert e.observation_space.contains(obs)
    reward, info, steps = _play_out(e, obs)
    assert reward == terminal_rewards(info["result"], e.players)[info["seat"]]
    assert info["result"] == e.game.result(e.aec.state)
    assert steps > 0


def test_the_seat_follows_the_seed_or_stays_fixed():
    e = versus("citadels", players=3, bots="random")
    seats = []
    for seed in range(6):
        _obs, info = e.reset(seed=seed)
        seats.append(info["seat"])
    assert seats == [0, 1, 2, 0, 1, 2]
    fixed = versus("citadels", players=3, bots="random", seat=2)
    assert {fixed.reset(seed=s)[1]["seat"] for s in range(4)} == {2}


def test_the_same_seed_and_actions_give_the_same_game():
    def run(seed):
        e = versus("gates", bots="gates-heuristic")
        obs, _ = e.reset(seed=seed)
        trail = [obs["observation"].tobytes()]
        while True:
            obs, reward, terminated, _t, _i = e.step(int(np.flatnonzero(obs["action_mask"])[0]))
            trail.append(obs["observation"].tobytes())
            if terminated:
                return trail, reward

    assert run(5) == run(5)
    assert run(5) != run(6)


def test_an_illegal_action_loses_by_default_or_is_refused_and_the_game_is_left_alone():
    strict = versus("gates", bots="random", illegal="raise")
    obs, _ = strict.reset(seed=1)
    illegal = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    state = strict.game.to_json(strict.aec.state)
    with pytest.raises(IllegalAction, match="not legal"):
        strict.step(illegal)
    assert strict.game.to_json(strict.aec.state) == state
    lose = versus("gates", bots="random")  # PettingZoo's convention is the default
    obs, _ = lose.reset(seed=1)
    obs2, reward, terminated, _t, info = lose.step(illegal)
    assert (reward, terminated) == (-1.0, True)
    assert "not legal" in info["illegal"]
    assert not obs2["action_mask"].any() and not lose.action_masks().any()
    assert lose.game.to_json(lose.aec.state) == state
    with pytest.raises(IllegalAction, match="call reset"):
        lose.step(int(np.flatnonzero(obs["action_mask"])[0]))
    with pytest.raises(IllegalAction, match="an action is an integer"):  # not an action at all: always refused
        _malformed(lose)


def _malformed(e):
    e.reset(seed=1)
    e.step("take")


def test_bad_settings_are_refused_clearly():
    with pytest.raises(InvalidOptions, match="need 3 bot"):
        versus("citadels", players=4, bots=["random", "random"])
    with pytest.raises(UnknownBot, match="unknown bot 'magic'"):
        versus("gates", bots="magic")
    with pytest.raises(InvalidOptions, match="seat must be 0 to 1"):
        versus("gates", seat=2)
    with pytest.raises(InvalidOptions, match="illegal must be one of 'lose', 'raise'"):
        versus("gates", illegal="ignore")
    with pytest.raises(RuntimeError, match="reset"):
        versus("gates").step(0)


def test_the_learner_sees_its_own_view_only():
    """The observation is the AEC observation of the learner's seat, made from its view."""
    e = versus("citadels", players=4, bots="random", seat=1)
    obs, _ = e.reset(seed=4)
    view = e.game.view(e.aec.state, 1)
    size = e.aec.encoder.observation_size
    assert np.array_equal(obs["observation"][:size], e.aec.encoder.observe(view))
    assert not obs["observation"][size:].any()  # the factored actions' pending block: nothing chosen yet


def test_the_package_function_survives_its_module_being_imported():
    """Importing the environment's module must not replace `cetate.rl.versus` (the function) by a module."""
    import cetate.rl
    import cetate.rl.single

    assert callable(cetate.rl.versus)
    cetate.rl.versus("gates").close()
    assert callable(cetate.rl.versus)
