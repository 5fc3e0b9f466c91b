"""The reinforcement-learning layer: action codecs, observations and the PettingZoo AEC environments."""

from __future__ import annotations

import random
import warnings

import numpy as np
import pettingzoo.test as pettingzoo_test  # the `rl` extra, part of `dev`: these tests never skip
import pytest

from cetate.core.encoding import ActionCodec, Decision, Features
from cetate.core.errors import IllegalAction, InvalidOptions
from cetate.core.rng import Rng
from cetate.games import get
from cetate.rl import env
from cetate.rl.aec import terminal_rewards
from tests.bots.test_determinize_consistency import CONFIGS, IDS


def _api_test(e) -> None:
    with warnings.catch_warnings():  # dict observations and Box masks: PettingZoo's classic-env style
        warnings.simplefilter("ignore")
        pettingzoo_test.api_test(e, num_cycles=60)


# -- ActionCodec -----------------------------------------------------------------------------------

def test_codec_numbers_every_action_once_and_back():
    codec = ActionCodec([("pass", ()), ("move", (("x", range(3)), ("y", "ab"))), ("say", (("word", ("hi",)),))])
    assert codec.size == 1 + 6 + 1
    seen = set()
    for i in range(codec.size):
        action = codec.action(i)
        assert codec.index(action) == i
        seen.add(tuple(sorted(action.items())))
    assert len(seen) == codec.size
    assert codec.action(0) == {"type": "pass"}
    assert codec.index({"type": "move", "x": 2, "y": "b"}) == 1 + 2 * 2 + 1


@pytest.mark.parametrize("action", [
    {"type": "fly"}, {"type": "move", "x": 3, "y": "a"}, {"type": "move", "x": 1}, {"type": "move", "x": [1],
                                                                                   "y": "a"}, "move", None, 3])
def test_codec_has_no_number_for_an_unknown_or_out_of_domain_action(action):
    codec = ActionCodec([("pass", ()), ("move", (("x", range(3)), ("y", "ab")))])
    assert codec.index(action) is None
    assert codec.numbers([action, {"type": "pass"}]) == [None, 0]


@pytest.mark.parametrize("index", [-1, 7, 1.0, "0", True, None])
def test_codec_refuses_a_number_outside_its_range(index):
    codec = ActionCodec([("pass", ()), ("move", (("x", range(3)), ("y", "ab")))])
    with pytest.raises(ValueError, match=r"outside 0\.\.6"):
        codec.action(index)


def test_codec_refuses_repeated_types_and_values():
    with pytest.raises(ValueError, match="twice"):
        ActionCodec([("a", ()), ("a", ())])
    with pytest.raises(ValueError, match="without repeats"):
        ActionCodec([("a", (("x", (1, 1)),))])


def test_features_stay_between_zero_and_one():
    f = Features()
    f.scaled(50, 10)
    f.scaled(-3, 10)
    f.scaled(None, 10)
    f.counts(["a", "a", "a", "z"], {"a": 0, "b": 1}, scale=2)
    f.one_hot("b", {"a": 0, "b": 1})
    f.one_hot("z", {"a": 0, "b": 1})
    assert f.values == [1.0, 0.0, 0.0, 1.0, 0.0, 0.0, 1.0, 0.0, 0.0]


# -- every game's encoder over random games --------------------------------------------------------

@pytest.mark.parametrize(("gid", "players", "options", "steps"), CONFIGS, ids=IDS)
def test_every_legal_action_has_its_own_number_and_comes_back(gid, players, options, steps):
    game = get(gid)
    encoder = game.encoder(players, options)
    codec = encoder.codec
    size = encoder.observation_size
    for seed in range(2):
        state = game.setup(players, seed, options)
        rnd = random.Random(seed)
        while (seat := game.to_move(state)) is not None:
            legal = game.legal_actions(state)
            numbers = [codec.index(a) for a in legal]
            assert None not in numbers, [a for a, i in zip(legal, numbers, strict=True) if i is None][:3]
            assert len(set(numbers)) == len(numbers), "two legal actions share a number"
            assert codec.indices(legal).tolist() == numbers  # the vectorised numbering agrees
            assert codec.numbers(legal) == numbers  # and the one for short lists
            for a, i in zip(legal, numbers, strict=True):
                assert codec.action(i) == a
            _reach_every_legal_action_by_tokens(codec.factored, numbers)
            for s in range(players):
                values = encoder.observe(encoder.view(state, s))
                assert isinstance(values, np.ndarray) and values.dtype == np.float32
                assert values.shape == (size,)
                assert ((values >= 0.0) & (values <= 1.0)).all()
                # the encoder's lighter view (and its memos) gives the numbers of the seat's full view
                assert np.array_equal(values, encoder.observe(game.view(state, s)))
                # the observation written straight from the state (Gates, Citadels) is the same
                direct = encoder.observe_state(state, s)
                assert direct.dtype == np.float32 and np.array_equal(direct, values)
            game.apply(state, game.random_action(state, rnd))
            del seat


def _reach_every_legal_action_by_tokens(factored, numbers: list[int]) -> None:
    """Walking the token tree of a decision reaches exactly the legal actions, each by its own tokens."""
    reached = set()

    def walk(decision_tokens: list[int]) -> None:
        decision = Decision(factored, np.asarray(numbers, np.int64))
        for t in decision_tokens:
            assert decision.choose(t) is None
        for t in list(decision.legal):
            d = Decision(factored, np.asarray(numbers, np.int64))
            for u in decision_tokens:
                d.choose(u)
            done = d.choose(t)
            if done is None:
                walk([*decision_tokens, t])
            else:
                assert done not in reached
                reached.add(done)
                assert factored.tokens_of(factored.codec.action(done)) == [*decision_tokens, t]

    walk([])
    assert reached == set(numbers)


@pytest.mark.parametrize(("gid", "players", "options", "steps"), CONFIGS, ids=IDS)
def test_the_observation_does_not_change_with_what_the_seat_cannot_see(gid, players, options, steps):
    """The observation is made from the seat's view only: every determinisation gives the same numbers,
    although the hidden parts differ."""
    game = get(gid)
    encoder = game.encoder(players, options)
    state = game.setup(players, 5, options)
    rnd = random.Random(5)
    for _ in range(steps // 2):
        if game.is_over(state):
            break
        game.apply(state, game.random_action(state, rnd))
    for seat in range(players):
        mine = encoder.observe(encoder.view(state, seat))
        assert np.array_equal(encoder.observe(game.view(state, seat)), mine)  # the encoder's view: same numbers
        for k in range(4):
            other = game.determinize(state, seat, Rng.from_seed(f"rl/{k}"))
            assert np.array_equal(encoder.observe(encoder.view(other, seat)), mine)
            assert np.array_equal(encoder.observe_state(other, seat), mine)


def test_observations_of_different_moments_differ():
    game = get("gates")
    encoder = game.encoder(2)
    state = game.setup(2, 1)
    first = encoder.observe(game.view(state, 0))
    game.apply(state, game.legal_actions(state)[0])
    assert not np.array_equal(encoder.observe(game.view(state, 0)), first)


# -- the AEC environment ---------------------------------------------------------------------------

ENVS = [("citadels", 4, None), ("citadels", 2, None), ("akropolis", 2, None),
        ("akropolis", 1, {"architect": "callicrates", "athena": True}), ("akropolis", 3, {"athena": True}),
        ("gates", 2, None)]


@pytest.mark.parametrize(("gid", "players", "options"), ENVS)
def test_pettingzoo_api_test_passes(gid, players, options):
    _api_test(env(gid, players=players, options=options))


@pytest.mark.parametrize(("gid", "players", "options"), ENVS)
def test_pettingzoo_seed_test_passes(gid, players, options):
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        pettingzoo_test.seed_test(lambda: env(gid, players=players, options=options), num_cycles=20)


def _play(e, seed: int, pick) -> list:
    e.reset(seed=seed)
    trail = []
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, _info = e.last()
        if terminated or truncated:
            trail.append((agent, reward))
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert list(legal) == sorted(e.legal_action_indices())
        e.step(int(pick(legal)))
    return trail


def test_a_whole_game_ends_with_zero_sum_rewards_matching_the_result():
    e = env("citadels", players=4)
    rnd = random.Random(3)
    trail = _play(e, 11, lambda legal: legal[rnd.randrange(len(legal))])
    assert sorted(a for a, _ in trail) == e.possible_agents
    result = e.game.result(e.state)
    rewards = dict(trail)
    assert sum(rewards.values()) == pytest.approx(0.0)
    for seat in result["winners"]:
        assert rewards[f"player_{seat}"] > 0
    assert e.agents == []


def test_the_same_seed_and_moves_give_the_same_game_and_another_seed_another_deal():
    def moves(seed):
        e = env("gates")
        e.reset(seed=seed)
        out = []
        for agent in e.agent_iter():
            obs, _r, terminated, truncated, _ = e.last()
            if terminated or truncated:
                e.step(None)
                continue
            i = int(np.flatnonzero(obs["action_mask"])[0])
            out.append((agent, i, obs["observation"].tobytes()))
            e.step(i)
        return out

    assert moves(4) == moves(4)
    assert moves(4) != moves(5)


def test_a_solo_game_rewards_the_one_player():
    e = env("akropolis", players=1, options={"architect": "hippodamos"})
    assert e.possible_agents == ["player_0"]
    trail = _play(e, 2, lambda legal: legal[0])
    won = e.game.result(e.state)["winners"] == [0]
    assert trail == [("player_0", 1.0 if won else -1.0)]


@pytest.mark.parametrize("bad", [10**6, -1, 2.5, "take", None, [0]])
def test_an_illegal_or_malformed_action_is_refused_and_changes_nothing(bad):
    e = env("akropolis", players=2, illegal="raise")
    e.reset(seed=1)
    agent = e.agent_selection
    before = e.observe(agent)
    snapshot = e.game.to_json(e.state)
    with pytest.raises(IllegalAction) as caught:
        e.step(bad)
    assert caught.value.code in ("illegal_action", "malformed_action")
    assert e.game.to_json(e.state) == snapshot
    assert e.agent_selection == agent
    after = e.observe(agent)
    assert np.array_equal(after["observation"], before["observation"])
    assert np.array_equal(after["action_mask"], before["action_mask"])


def test_an_action_that_is_not_legal_now_is_named_in_the_error():
    e = env("gates", illegal="raise")
    e.reset(seed=1)
    skip = e.codec.index({"type": "skip"})
    with pytest.raises(IllegalAction, match=r"'skip'.*not legal for player_\d now"):
        e.step(skip)


def test_only_the_seat_to_move_has_legal_actions_in_its_mask():
    e = env("citadels", players=3)
    e.reset(seed=2)
    mover = e.agent_selection
    for agent in e.possible_agents:
        mask = e.observe(agent)["action_mask"]
        assert mask.any() == (agent == mover)


def test_bad_construction_is_refused_clearly():
    with pytest.raises(InvalidOptions, match="2 to 2 players"):
        env("gates", players=3)
    with pytest.raises(InvalidOptions, match="unknown option"):
        env("citadels", players=4, options={"nope": 1})
    with pytest.raises(ValueError, match="render_mode"):
        env("gates", render_mode="human")
    e = env("gates")
    with pytest.raises(RuntimeError, match="reset"):
        e.step(0)


def test_a_game_without_an_encoder_is_refused():
    class NoEncoder:
        id = "plain"
        min_players = max_players = 2

        def num_players_ok(self, n):
            return n == 2

        def encoder(self, players, options=None):
            return None

    with pytest.raises(ValueError, match="offers no encoder"):
        env(NoEncoder())


def test_render_draws_the_public_table_as_text():
    e = env("gates", render_mode="ansi")
    e.reset(seed=3)
    text = e.render()
    assert isinstance(text, str) and len(text) > 50
    assert env("gates").render() is None


@pytest.mark.parametrize(("result", "players", "expected"), [
    ({"winners": [1]}, 2, [-1.0, 1.0]),
    ({"winners": [0, 2]}, 4, [0.5, -0.5, 0.5, -0.5]),
    ({"winners": [0, 1]}, 2, [0.0, 0.0]),
    ({"winners": [0]}, 1, [1.0]),
    ({"winners": []}, 1, [-1.0]),
    (None, 3, [0.0, 0.0, 0.0]),
])
def test_terminal_rewards(result, players, expected):
    assert terminal_rewards(result, players) == expected


def test_the_rl_layer_reaches_games_only_through_the_registry():
    """Dependency rule (docs/architecture.md): `cetate.rl` imports the kernel, the registry and the bots
    (for `versus`), never a game package."""
    import ast
    from pathlib import Path

    import cetate.rl

    for path in Path(cetate.rl.__file__).parent.glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text())):
            names = ([a.name for a in node.names] if isinstance(node, ast.Import)
                     else [node.module or ""] if isinstance(node, ast.ImportFrom) else [])
            for name in names:
                assert not name.startswith("cetate.games."), f"{path.name} imports {name}"
                assert not name.startswith(("cetate.server", "cetate.arena", "cetate.web")), name
