"""PettingZoo AEC environments for every game that offers an encoder (docs/rl.md).

    from cetate.rl import env
    e = env("gates")                         # or env("citadels", players=4), env("akropolis", players=1)
    e.reset(seed=7)
    for agent in e.agent_iter():
        obs, reward, terminated, truncated, info = e.last()
        action = None if terminated or truncated else e.action_space(agent).sample(obs["action_mask"])
        e.step(action)

Agents are `player_0` ... `player_{n-1}` (the seats). Each observation is a dict: `observation`, the
observing seat's view as numbers in [0, 1] (the game's `Encoder.observe`, from the seat's view only, so
nothing hidden from that seat), and `action_mask`, 1 for each legal action of the seat to move (all 0 for
the others). With `obs="box"` the observation is the vector alone and the mask is in
`infos[agent]["action_mask"]` (and `action_mask(agent)`). Actions are integers: the game's `ActionCodec`
numbers, or with `actions="factored"` (Citadels' default) tokens of its `FactoredCodec`, an action taken one
field at a time in consecutive steps of the same agent. Rewards come once, when the game ends: the winners
share +1 and the others share -1 (a shared win splits +1; a game everybody wins gives 0); in a solo
Akropolis game the one player gets +1 for a win, -1 otherwise. Chance (shuffles, draws) is resolved by the
game from its seed: `reset(seed=s)` plays the deal of `setup(players, s)`.

An illegal action follows PettingZoo's convention by default (`illegal="lose"`): the game stops there, the
agent that played it gets -1 and the others 0, and `infos[agent]["illegal"]` says why; the game state is
left as it was. With `illegal="raise"`, `step` raises `IllegalAction` and changes nothing. A value that is
not an action at all (not an integer of the action space) always raises `IllegalAction`
(`malformed_action`).

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
from cetate.core.encoding import Decision
from cetate.core.errors import IllegalAction, InvalidOptions

OBS_TYPES = ("dict", "box")
ACTION_TYPES = ("flat", "factored")
ILLEGAL = ("lose", "raise")


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


def _choice(name: str, value: Any, allowed: tuple) -> None:
    if value not in allowed:
        raise InvalidOptions(f"bad_{name}", f"{name} must be one of {', '.join(map(repr, allowed))}, "
                             f"not {value!r}")


class CetateEnv(AECEnv):
    """One game of a cetate game as a PettingZoo AEC environment (see the module doc)."""

    metadata = {"render_modes": ["ansi"], "name": "cetate_v0", "is_parallelizable": False}

    def __init__(self, game: Any, players: int | None = None, options: dict | None = None,
                 render_mode: str | None = None, *, obs: str = "dict", actions: str | None = None,
                 illegal: str = "lose") -> None:
        super().__init__()
        self.game = games.get(game) if isinstance(game, str) else game
        if players is None:
            players = max(2, self.game.min_players) if self.game.num_players_ok(2) else self.game.min_players
        if isinstance(players, bool) or not isinstance(players, int) or not self.game.num_players_ok(players):
            raise InvalidOptions("bad_players", f"{self.game.id} is for {self.game.min_players} to "
                                 f"{self.game.max_players} players, not {players!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be one of {self.metadata['render_modes']}, not {render_mode!r}")
        _choice("obs", obs, OBS_TYPES)
        _choice("illegal", illegal, ILLEGAL)
        if actions is not None:
            _choice("actions", actions, ACTION_TYPES)
        encoder = self.game.encoder(players, options)
        if encoder is None:
            raise ValueError(f"the game {self.game.id!r} offers no encoder for learning code")
        self.game.setup(players, 0, options)  # checks the options once, with a clear error
        self.metadata = {**self.metadata, "name": f"cetate_{self.game.id}_v0"}
        self.players = players
        self.options = options
        self.render_mode = render_mode
        self.obs_type = obs
        self.illegal = illegal
        self.encoder = encoder
        self.codec = encoder.codec  # the game's action numbers (`codec.index(action)`, `codec.action(i)`)
        if actions is None:
            actions = "factored" if encoder.factored else "flat"
        self.actions = actions
        self.factored = self.codec.factored if actions == "factored" else None
        self.num_actions = self.factored.size if self.factored is not None else self.codec.size
        self._pending = self.factored.pending_size if self.factored is not None else 0
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        size = encoder.observation_size + self._pending
        self.observation_size = size
        vector = spaces.Box(0.0, 1.0, (size,), np.float32)
        self.observation_spaces = {
            a: vector if obs == "box" else spaces.Dict({
                "observation": vector,
                "action_mask": spaces.Box(0, 1, (self.num_actions,), np.int8),
            }) for a in self.possible_agents}
        self.action_spaces = {a: spaces.Discrete(self.num_actions) for a in self.possible_agents}
        self._no_mask = np.zeros(self.num_actions, np.int8)
        self._zero_bytes = bytes(self.num_actions)
        self._no_mask.flags.writeable = False
        self._seeds = random.Random()
        self.state = None
        self.seed_used: int | None = None
        self._mover: int | None = None
        self._legal: dict[int, dict] = {}  # the legal actions of the seat to move by their codec numbers
        self._decision: Decision | None = None
        self._mask: np.ndarray | None = None  # the mover's mask, made once per decision (read-only)
        self._stopped = False  # an illegal action ended the episode (illegal="lose")
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
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos = {a: {} for a in self.agents}
        self._skip_agent_selection = None
        self._stopped = False
        self._next()

    def _next(self) -> None:
        """Point `agent_selection` at the seat to move and number its legal actions."""
        seat = self.game.to_move(self.state)
        self._mover = seat
        self._decision = None
        self._mask = None
        if seat is None:
            self._legal = {}
            return
        self.agent_selection = self.possible_agents[seat]
        actions = self.game.legal_actions(self.state)
        if len(actions) < 32:
            numbers = self.codec.numbers(actions)
        else:  # a long list (Akropolis placements): numbered a field at a time
            numbers = self.codec.indices(actions).tolist()
        legal = dict(zip(numbers, actions, strict=True))  # the engine lists no action twice
        if None in legal or -1 in legal:  # beyond the codec's numbers (docs/rl.md: the Akropolis window)
            self._dropped += sum(1 for i in numbers if i is None or i < 0)
            legal = {i: a for i, a in legal.items() if i is not None and i >= 0}
        if not legal:
            raise RuntimeError(f"{self.game.id}: no legal action of seat {seat} has a number in the codec")
        self._legal = legal
        if self.factored is not None:
            self._decision = Decision(self.factored, legal)
        if self.obs_type == "box":
            self._mask_infos()

    def _mask_infos(self) -> None:
        for agent, info in self.infos.items():
            info["action_mask"] = self.action_mask(agent)

    def action_mask(self, agent: str | None = None) -> np.ndarray:
        """The legal actions of `agent` (default: the agent to move) as an int8 array of the action space's
        size: 1 for each legal action or token; all 0 for an agent that is not to move and once the game is
        over. It is made from the legal actions alone (no observation is computed), once per decision (and
        per token of a factored one): the same read-only array until the next step."""
        seat = self._mover if agent is None else self._seat[agent]
        if seat is None or seat != self._mover or self._stopped:
            return self._no_mask
        mask = self._mask
        if mask is None:
            legal = self._legal if self._decision is None else self._decision.legal
            if len(legal) < 64:  # a decision's few actions: set one byte each
                raw = bytearray(self._zero_bytes)
                for i in legal:
                    raw[i] = 1
                mask = np.frombuffer(raw, np.int8)
            else:
                mask = np.zeros(self.num_actions, np.int8)
                mask[list(legal)] = 1
            mask.flags.writeable = False
            self._mask = mask
        return mask

    def observe(self, agent: str) -> Any:
        if self.state is None:
            raise RuntimeError("call reset() before observe()")
        seat = self._seat[agent]
        values = self.encoder.observe_state(self.state, seat)  # observe(view(state, seat)), maybe directly
        if self._pending:
            pending = np.zeros(self._pending, np.float32)
            decision = self._decision
            if decision is not None and decision.chosen and seat == self._mover:  # the mover's own choice
                pending[self.factored.pending[decision.chosen]] = 1.0
            values = np.concatenate((values, pending))
        if self.obs_type == "box":
            return values
        return {"observation": values, "action_mask": self.action_mask(agent)}

    def legal_action_indices(self) -> list[int]:
        """The numbers of the legal actions (or tokens) of the seat to move: what its mask marks."""
        if self._mover is None or self._stopped:
            return []
        if self._decision is not None:
            return list(self._decision.legal)
        return list(self._legal)

    def step(self, action: Any) -> None:
        if self.state is None:
            raise RuntimeError("call reset() before step()")
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        i = self._number(action)
        decision = self._decision
        if decision is None:
            chosen = self._legal.get(i)
            if chosen is None:
                return self._refuse(agent, i)
        else:
            if i not in decision.legal:
                return self._refuse(agent, i)
            number = decision.choose(i)
            if number is None:  # a field chosen; the same agent chooses the next one
                self._mask = None
                self._cumulative_rewards[agent] = 0.0
                self._clear_rewards()
                if self.obs_type == "box":
                    self._mask_infos()
                return
            chosen = self._legal[number]
        self._play(agent, chosen, True)

    def play(self, action: dict) -> None:
        """Play a game action (a dict, such as a bot's choice) for the agent to move, as one step of the
        environment, whatever the action numbers (it needs no number: an Akropolis placement beyond the
        codec's window is accepted). An illegal action raises `IllegalAction` and changes nothing."""
        if self.state is None:
            raise RuntimeError("call reset() before play()")
        if self._mover is None or self._stopped:
            raise IllegalAction("game_over", "the game is over: call reset() for a new one")
        self._play(self.agent_selection, action)

    def _play(self, agent: str, action: dict, listed: bool = False) -> None:
        if listed:  # one of the very actions legal_actions listed for this state: no journal needed
            self.encoder.advance(self.state, action)
        else:
            self.game.apply(self.state, action)  # checks it again; raises and changes nothing if illegal
        self._cumulative_rewards[agent] = 0.0
        if self.game.to_move(self.state) is None:
            self._clear_rewards()
            for a, r in zip(self.agents, terminal_rewards(self.game.result(self.state), self.players),
                            strict=True):
                self.rewards[a] = r
                self.terminations[a] = True
            self._mover, self._decision, self._legal = None, None, {}
            if self.obs_type == "box":
                self._mask_infos()
            self._accumulate_rewards()
        else:  # rewards come only at the end: every reward is 0 until then (nothing to clear or add)
            self._next()

    def _number(self, action: Any) -> int:
        try:
            i = int(action)
            ok = i == action and not isinstance(action, (bool, np.bool_))
        except (TypeError, ValueError):
            ok = False
        if not ok or not 0 <= i < self.num_actions:
            raise IllegalAction("malformed_action", f"an action is an integer of 0..{self.num_actions - 1}, "
                                f"not {action!r}")
        return i

    def describe(self, i: int) -> dict:
        """What action number (or token) `i` stands for: the action dict, or for a token its type, field and
        value (`FactoredCodec.describe`)."""
        return self.factored.describe(i) if self.factored is not None else self.codec.action(i)

    def _refuse(self, agent: str, i: int) -> None:
        message = f"action {i} ({self.describe(i)}) is not legal for {agent} now"
        if self.illegal == "raise":
            raise IllegalAction("illegal_action", message)
        # PettingZoo's convention (TerminateIllegalWrapper): the game stops, the offender loses
        self._stopped = True
        self._cumulative_rewards[agent] = 0.0
        self._clear_rewards()
        for a in self.agents:
            self.rewards[a] = -1.0 if a == agent else 0.0
            self.terminations[a] = True
        self.infos[agent]["illegal"] = message
        if self.obs_type == "box":
            self._mask_infos()
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
