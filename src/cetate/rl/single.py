"""One seat of a game against bots, as a single-agent Gymnasium environment (docs/rl.md).

    from cetate.rl import versus
    e = versus("gates", bots=["gates-heuristic"])             # the learner's seat: seed % players by default
    obs, info = e.reset(seed=3)
    while True:
        action = int(np.flatnonzero(obs["action_mask"])[0])   # or e.action_masks() for MaskablePPO
        obs, reward, terminated, truncated, info = e.step(action)
        if terminated:
            break

The other seats are played by registered bots (any name `cetate.bots` knows, `ismcts-normal` included),
each deciding from its own view as everywhere else (`cetate.bots.choose`). Observations, action numbers
and the final reward are those of the AEC environment (`cetate.rl.aec`) for the learner's seat; a solo
Akropolis game needs no bots at all. `obs="box"` gives the observation as one vector (for SB3's
`MlpPolicy`, SuperSuit's wrappers) with the mask in `info["action_mask"]` and `action_masks()`.

An illegal action ends the episode by default (`illegal="lose"`: reward -1, `info["illegal"]` says why;
the game itself is left as it was), which is what checkers that try random unmasked actions (Gymnasium's
`check_env`, SB3's) and learners without masks need; with `illegal="raise"` it raises `IllegalAction` and
changes nothing. The environments are registered with Gymnasium as `cetate/Citadels-v0`,
`cetate/Akropolis-v0` and `cetate/Gates-v0` (see `cetate.rl`).
"""

from __future__ import annotations

from typing import Any

import gymnasium
import numpy as np

from cetate.bots import make_bot
from cetate.bots.base import bot_seed, choose
from cetate.core.errors import IllegalAction, InvalidOptions
from cetate.rl.aec import CetateEnv


class VersusBots(gymnasium.Env):
    """The learner plays `seat` (or, with `seat=None`, seat `game seed % players`: the same seed gives the
    same seat, and consecutive seeds go round the table). `bots` lists the bots of the other seats in seat
    order, skipping the learner's; one name (or a list of one) serves all of them. `obs`, `actions` and
    `illegal` are those of `cetate.rl.aec.CetateEnv`."""

    metadata = {"render_modes": ["ansi"]}

    def __init__(self, game: Any, players: int | None = None, options: dict | None = None,
                 bots: list[str] | tuple[str, ...] | str = "random", seat: int | None = None,
                 render_mode: str | None = None, illegal: str = "lose", obs: str = "dict",
                 actions: str | None = None) -> None:
        self.aec = CetateEnv(game, players, options, render_mode, obs=obs, actions=actions, illegal=illegal)
        self.illegal = illegal
        self.game = self.aec.game
        self.players = self.aec.players
        others = self.players - 1
        names = [bots] * others if isinstance(bots, str) else list(bots)
        if len(names) == 1 and others > 1:
            names = names * others
        if len(names) != others:
            raise InvalidOptions("bad_bots", f"{self.players} players need {others} bot(s) for the other seats, "
                                 f"not {len(names)}")
        for name in names:  # an unknown name fails now, with the list of known bots
            make_bot(name, self.game, 0, 0)
        if seat is not None and (isinstance(seat, bool) or not isinstance(seat, int)
                                 or not 0 <= seat < self.players):
            raise InvalidOptions("bad_seat", f"seat must be 0 to {self.players - 1} or None, not {seat!r}")
        self.bot_names = names
        self.fixed_seat = seat
        self.render_mode = render_mode
        agent = self.aec.possible_agents[0]
        self.observation_space = self.aec.observation_space(agent)
        self.action_space = self.aec.action_space(agent)
        self.seat = 0 if seat is None else seat
        self._bots: dict[int, Any] = {}
        self._decisions = 0

    # -- Gymnasium API ------------------------------------------------------------------------------
    def reset(self, *, seed: int | None = None, options: dict | None = None) -> tuple[Any, dict]:
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        game_seed = self.aec.seed_used
        self.seat = game_seed % self.players if self.fixed_seat is None else self.fixed_seat
        others = [s for s in range(self.players) if s != self.seat]
        self._bots = {s: make_bot(name, self.game, s, bot_seed(game_seed, s))
                      for s, name in zip(others, self.bot_names, strict=True)}
        self._decisions = 0
        self._play_bots()
        return self._observation(), self._info()

    def step(self, action: Any) -> tuple[Any, float, bool, bool, dict]:
        aec = self.aec
        if aec.state is None:
            raise RuntimeError("call reset() before step()")
        agent = self._agent
        if aec.terminations.get(agent, True):
            raise IllegalAction("game_over", "the game is over: call reset() for a new one")
        aec.step(action)  # illegal="raise": refuses an illegal action and changes nothing
        if aec.terminations[agent]:  # an illegal action (illegal="lose") or the end of the game
            info = self._info()
            if "illegal" in aec.infos[agent]:
                info["illegal"] = aec.infos[agent]["illegal"]
            return self._observation(), float(aec.rewards[agent]), True, False, info
        self._decisions += 1
        self._play_bots()
        over = aec.terminations[agent]
        reward = float(aec.rewards[agent]) if over else 0.0
        return self._observation(), reward, over, False, self._info()

    def action_masks(self) -> np.ndarray:
        """The legal actions as booleans (the method sb3-contrib's MaskablePPO looks for); made from the
        legal actions alone, without computing an observation."""
        return self.aec.action_mask(self._agent).astype(bool)

    def render(self) -> str | None:
        return self.aec.render()

    # -- inside -------------------------------------------------------------------------------------
    @property
    def _agent(self) -> str:
        return self.aec.possible_agents[self.seat]

    def _play_bots(self) -> None:
        aec, game = self.aec, self.game
        while (mover := game.to_move(aec.state)) is not None and mover != self.seat:
            action = choose(self._bots[mover], game, aec.state, mover, self._decisions)
            self._decisions += 1
            aec.play(action)

    def _observation(self) -> Any:
        return self.aec.observe(self._agent)

    def _info(self) -> dict:
        info: dict = {"seat": self.seat, "seed": self.aec.seed_used}
        if self.aec.obs_type == "box":
            info["action_mask"] = self.aec.action_mask(self._agent)
        if self.game.to_move(self.aec.state) is None:
            info["result"] = self.game.result(self.aec.state)
        return info


def versus(game: Any, players: int | None = None, options: dict | None = None,
           bots: list[str] | tuple[str, ...] | str = "random", seat: int | None = None,
           render_mode: str | None = None, illegal: str = "lose", obs: str = "dict",
           actions: str | None = None) -> VersusBots:
    """A single-agent Gymnasium environment: the learner against `bots` (see the module doc)."""
    return VersusBots(game, players, options, bots, seat, render_mode, illegal, obs, actions)
