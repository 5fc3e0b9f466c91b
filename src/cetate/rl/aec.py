"""PettingZoo AEC environments for every game that offers an encoder (docs/rl.md).

    from cetate.rl import env
    e = env("gates")                         # or env("citadels", players=4), env("akropolis", players=1)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0` ... `player_{n-1}` (the seats). Each observation is a dict: `observation`, the
observing seat's view as numbers in [0, 1] (the game's `Encoder.observe`, from `game.view(state, seat)`
only, so nothing hidden from that seat), and `action_mask`, 1 for each legal action of the seat to move
(all 0 for the others). Actions are integers of the game's `ActionCodec`. Rewards come once, when the
game ends: the winners share +1 and the others share -1 (a shared win splits +1; a game everybody wins
gives 0); in a solo Akropolis game the one player gets +1 for a win, -1 otherwise. Chance (shuffles,
draws) is resolved by the game from its seed: `reset(seed=s)` plays the deal of `setup(players, s)`.
An illegal action raises `IllegalAction` and changes nothing.

The environment reaches the game only through the protocol (`setup`, `to_move`, `legal_actions`,
`apply`, `view`, `result`, `encoder`).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv

from cetate import games
from cetate.core.errors import IllegalAction, InvalidOptions


def terminal_rewards(result: dict | None, players: int) -> list[float]:
    """+1 shared by the winners, -1 shared by the others (0 for all when nobody or everybody wins); solo:
    +1 for a win, -1 for a loss."""
    winners = set((result or {}).get("winners") or [])
    if players == 1:
        return [1.0 if 0 in winners else -1.0]
    losers = players - len(winners)
    if not winners or not losers:
        return [0.0] * players
    return [1.0 / len(winners) if s in winners else -1.0 / losers for s in range(players)]


class CetateEnv(AECEnv):
    """One game of a cetate game as a PettingZoo AEC environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "cetate_v0", "is_parallelizable": False}

    def __init__(self, game: Any, players: int | None = None, options: dict | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = games.get(game) if isinstance(game, str) else game
        if players is None:
            players = max(2, self.game.min_players) if self.game.num_players_ok(2) else self.game.min_players
        if isinstance(players, bool) or not isinstance(players, int) or not self.game.num_players_ok(players):
            raise InvalidOptions("bad_players", f"{self.game.id} is for {self.game.min_players} to "
                                 f"{self.game.max_players} players, not {players!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        encoder = self.game.encoder(players, options)
        if encoder is None:
            raise ValueError(f"the game {self.game.id!r} offers no encoder for learning code")
        self.game.setup(players, 0, options)  # checks the options once, with a clear error
        self.metadata = {**self.metadata, "name": f"cetate_{self.game.id}_v0"}
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.encoder = encoder
        self.codec = encoder.codec
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = encoder.observation_size
        self.observation_spaces = {
            a: spaces.Dict({
                "observation": spaces.Box(0.0, 1.0, (size,), np.float32),
                "action_mask": spaces.Box(0, 1, (self.codec.size,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.codec.size) for a in self.possible_agents}
        self._seeds = random.Random()
        self.state = None
        self.seed_used: int | None = None
        self._legal: dict[int, dict] = {}
        self._dropped = 0

    def observation_space(self, agent: str) -> spaces.Space:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space:
        return self.action_spaces[agent]

    # -- the episode ----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict | None = None) -> None:
        """A new game: the deal of `setup(players, seed)`; without a seed, the next of a private stream
        (seeded by the last explicit seed, else by the system). `options` is PettingZoo's reset argument,
        not the game's options (those are fixed when the environment is made); it is ignored."""
        if seed is not None:
            self._seeds = random.Random(seed)
            game_seed = seed
        else:
            game_seed = self._seeds.randrange(2**62)
        self.seed_used = game_seed
        self.state = self.game.setup(self.players, game_seed, self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._next()

    def _next(self) -> None:
        """Point `agent_selection` at the seat to move and number its legal actions."""
        seat = self.game.to_move(self.state)
        if seat is None:
            self._legal = {}
            return
        self.agent_selection = self.possible_agents[seat]
        legal: dict[int, dict] = {}
        index = self.codec.index
        for a in self.game.legal_actions(self.state):
            i = index(a)
            if i is None:
                self._dropped += 1
                continue
            legal.setdefault(i, a)
        if not legal:
            raise RuntimeError(f"{self.game.id}: no legal action of seat {seat} has a number in the codec")
        self._legal = legal

    def observe(self, agent: str) -> dict:
        if self.state is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat[agent]
        values = self.encoder.observe(self.game.view(self.state, seat))
        mask = np.zeros(self.codec.size, np.int8)
        if self.game.to_move(self.state) == seat:
            mask[list(self._legal)] = 1
        return {"observation": np.asarray(values, np.float32), "action_mask": mask}

    def legal_action_indices(self) -> list[int]:
        """The numbers of the legal actions of the seat to move (what the mask marks), in the game's order."""
        return list(self._legal)

    def step(self, action: Any) -> None:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        try:
            i = int(action)
        except (TypeError, ValueError):
            raise IllegalAction("malformed_action", f"an action is an integer of 0..{self.codec.size - 1}, "
                                f"not {action!r}") from None
        if i != action or i not in self._legal:
            what = f"{i} ({self.codec.action(i)})" if 0 <= i < self.codec.size and i == action else repr(action)
            raise IllegalAction("illegal_action", f"action {what} is not legal for {agent} now")
        self._cumulative_rewards[agent] = 0.0
        self.game.apply(self.state, self._legal[i])
        self._clear_rewards()
        if self.game.to_move(self.state) is None:
            for a, r in zip(self.agents, terminal_rewards(self.game.result(self.state), self.players),
                            strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._legal = {}
        else:
            self._next()
        self._accumulate_rewards()

    def render(self) -> str | None:
        """The public view drawn as the terminal game screen (text), or None without a render mode."""
        if self.render_mode is None or self.state is None:
            return None
        from io import StringIO

        from rich.console import Console

        from cetate.core.i18n import Catalog

        view = self.game.view(self.state, None)
        terminal = self.game.terminal()
        out = StringIO()
        console = Console(file=out, width=110, color_system=None, highlight=False)
        if terminal is None:
            console.print(view)
        else:
            names = [f"player_{i}" for i in range(self.players)]
            console.print(terminal.table(view, Catalog(self.game.messages_dir()), "en", names, None))
        return out.getvalue()

    def close(self) -> None:
        pass
