"""`ismcts`: a game-agnostic information-set Monte Carlo tree search bot (single-observer IS-MCTS).

One tree is grown over the seat's information set: every iteration redraws the hidden parts with the
game's `determinize`, walks down the tree choosing among the children that are legal in that
determinisation (UCB1 with availability counts), adds one node, plays the game on with the playout
policy (uniformly random, the game's rule of thumb, or its heuristic bot) up to an optional cut-off depth,
and scores the end with the game's result, or with the game's `evaluate(state)` at the cut-off. The move
played is the root child visited most (the game's heuristic bot's favourite gets a head start).

The bot never sees the true state. Drivers (`play_game`, the server's `BotPool`, the arena) hand a bot
whose `uses_sample` is true one *sample*: `game.determinize(state, seat, rng)`, a state drawn from the
seat's information set. Every game's `determinize` pools the hidden parts in a canonical order before
shuffling, so the sample depends only on what the seat knows and on the rng (the no-peeking property,
tested in tests/bots/test_no_peeking.py). The bot then redraws from that sample at every iteration.

Names (see docs/bots/ismcts.md):

    ismcts                       1,000 iterations, the game's default playout and cut-off
    ismcts-normal / ismcts-hard  the lobby's levels: about 300 ms and 2 s per decision
    ismcts:iterations=400:playout=heuristic:depth=20:c=0.7:ms=500
"""

from __future__ import annotations

import math
import random
import time
from typing import Any, ClassVar

from cetate.bots.base import Bot, UnknownBot, make_bot, register
from cetate.core.rng import Rng

DEFAULTS: dict[str, Any] = {
    "iterations": 1000,  # budget in iterations (None: no limit, then `ms` must be set)
    "ms": None,  # budget in milliseconds (whichever budget ends first stops the search)
    "playout": "random",  # "random", "game" (the game's `playout_action` rule of thumb) or "heuristic" (its bot)
    "depth": None,  # playout actions before the game's `evaluate` scores the state (0: at once; None: to the end)
    "c": 0.7,  # UCB exploration constant (rewards are in [0, 1])
    "prior": "heuristic",  # "heuristic": the game's heuristic bot names a favourite move at the root; "none"
    "prior_weight": 0.25,  # the favourite's head start, as a share of the root's visits
}


def action_key(action: dict) -> Any:
    """A hashable key for an action dict (actions that are equal have equal keys): the frozenset of its
    items (no sort: the search builds one per legal action per tree step), or, with a list or dict inside, its
    items' repr, sorted."""
    try:
        return frozenset(action.items())
    except TypeError:  # a list or dict inside: fall back to its repr, sorted
        return repr(sorted(action.items()))


def terminal_rewards(result: dict | None, n: int) -> list[float]:
    """Each seat's reward for a finished game, in [0, 1]: a share of the win (0.8) and the rank (0.2)."""
    out = [0.0] * n
    if not result:
        return out
    winners = [w for w in result.get("winners") or [] if isinstance(w, int) and 0 <= w < n]
    for w in winners:
        out[w] += 0.8 / len(winners)
    ranking = [r for r in result.get("ranking") or [] if isinstance(r, int) and 0 <= r < n]
    if n > 1 and len(ranking) == n:
        for pos, seat in enumerate(ranking):
            out[seat] += 0.2 * (n - 1 - pos) / (n - 1)
    elif n == 1 and winners:
        out[0] += 0.2
    return out


class _Node:
    __slots__ = ("avail", "children", "n", "seat", "w")

    def __init__(self, seat: int) -> None:
        self.seat = seat  # the seat that chose the action leading here
        self.n = 0
        self.w = 0.0
        self.avail = 0
        self.children: dict[Any, _Node] = {}


class ISMCTSBot(Bot):
    """See the module doc. `settings` overrides `DEFAULTS`; the game's `search_defaults` come between."""

    name: ClassVar[str] = "ismcts"
    uses_sample: ClassVar[bool] = True

    def __init__(self, game: Any, seat: int, seed: int | str = 0, **settings: Any) -> None:
        super().__init__(game, seat, seed)
        self.settings = {**DEFAULTS, **game.search_defaults, **settings}
        check_settings(self.settings)
        self.iterations_done = 0  # over this bot's life, for `cetate bench --bot ismcts`
        self.seconds = 0.0
        self._heuristics: dict[int, Bot] = {}

    # -- the Bot interface: budget caps and counts -------------------------------------------------------
    def limit(self, think_ms: float | None = None, iterations: int | None = None) -> None:
        """Cap the budget (the server's `CETATE_BOT_THINK_MS` / `CETATE_BOT_ITERATIONS`, hints, reviews).
        `iterations` replaces the time budget by at most that many iterations (the same moves on every
        machine); `think_ms` caps the time budget (whichever of the two ends first stops the search when both
        are given). A cap never raises a budget."""
        settings = self.settings
        if iterations is not None:
            current = settings["iterations"]
            settings["iterations"] = iterations if current is None else min(current, iterations)
            settings["ms"] = None
        if think_ms is not None:
            current = settings["ms"]
            settings["ms"] = think_ms if current is None else min(current, think_ms)

    def stats(self) -> dict:
        """Iterations and search seconds over this bot's life, and its settings (`cetate bench --bot ismcts`)."""
        return {"iterations": self.iterations_done, "seconds": self.seconds, "settings": dict(self.settings)}

    # -- the decision -------------------------------------------------------------------------------
    def act(self, view: dict, legal_actions: list[dict], sample: Any = None) -> dict:
        if not legal_actions:
            raise ValueError("the ismcts bot was asked to act with no legal action")
        if len(legal_actions) == 1:
            return legal_actions[0]
        if sample is None:
            raise ValueError("the ismcts bot needs a sample of its information set (see cetate.bots.ismcts)")
        only = self.game.search_actions(sample)
        if len(only) == 1:  # the game's search offers one move here (say, its one good placement)
            key = action_key(only[0])
            for a in legal_actions:
                if action_key(a) == key:
                    return a
        favourite = favourite_action = None
        if self.settings["prior"] == "heuristic":
            favourite_action = self._heuristic(self.seat).act(view, legal_actions)
            favourite = action_key(favourite_action)
        root = self.search(sample, favourite_action)
        bonus = self.settings["prior_weight"] * root.n
        best, best_n = None, -1.0
        for a in legal_actions:
            k = action_key(a)
            child = root.children.get(k)
            n = (child.n if child is not None else 0) + (bonus if k == favourite else 0)
            if n > best_n:
                best, best_n = a, n
        return best if best is not None else legal_actions[0]

    def search(self, sample: Any, extra: dict | None = None) -> _Node:
        """Grow the tree over `sample`'s information set for the budget; `extra` (the heuristic's favourite)
        is a candidate at the root in every determinisation. The playout is written out in the loop, and
        the engine's own actions are played with the protocol's `advance` (no journal: issue 31)."""
        game = self.game
        st = self.settings
        seat = self.seat
        determinize, apply, advance, to_move = game.determinize, game.apply, game.advance, game.to_move
        candidates = game.search_actions  # every legal action unless the game's Search part narrows them
        iterations = st["iterations"]
        deadline = None if st["ms"] is None else time.perf_counter() + st["ms"] / 1000.0
        rng = Rng(self.rng.next64())
        rnd = random.Random(rng.next64())
        c = st["c"]
        log = math.log
        sqrt = math.sqrt
        perf_counter = time.perf_counter
        root = _Node(-1)
        guided = st["playout"] == "game"  # expansions try the game's playout rule first
        playout_step = game.playout_action
        # the playout: its policy, its cut-off and how a finished one is scored
        depth = st["depth"]
        heuristic = st["playout"] == "heuristic"
        step = game.playout_action if guided else game.random_action
        evaluate, result, seats = game.evaluate, game.result, game.seats
        legal_actions, view = game.legal_actions, game.view
        extra_key = action_key(extra) if extra is not None else None
        started = perf_counter()
        done = 0
        while True:
            if iterations is not None and done >= iterations:
                break
            if deadline is not None and done % 8 == 0 and perf_counter() >= deadline:
                break
            d = determinize(sample, seat, rng)
            node = root
            path = [root]
            mover = to_move(d)
            while mover is not None:
                legal = candidates(d)
                children = node.children
                untried = None
                best = None
                best_u = -1.0
                at_root = node is root and extra_key is not None
                for a in legal:
                    k = action_key(a)
                    if at_root and k == extra_key:
                        at_root = False  # the favourite is among them
                    ch = children.get(k)
                    if ch is None:
                        if untried is None:
                            untried = []
                        untried.append((k, a))
                        continue
                    ch.avail += 1
                    if untried is None:
                        u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
                        if u > best_u:
                            best_u, best = u, (ch, a)
                if at_root:  # the heuristic's favourite is always a candidate at the root
                    k, a = extra_key, extra
                    ch = children.get(k)
                    if ch is None:
                        if untried is None:
                            untried = []
                        untried.append((k, a))
                    else:
                        ch.avail += 1
                        if untried is None:
                            u = ch.w / ch.n + c * sqrt(log(ch.avail) / ch.n)
                            if u > best_u:
                                best_u, best = u, (ch, a)
                if untried is not None:
                    k, a = untried[rnd.randrange(len(untried))]
                    if guided and len(untried) > 1:  # the playout rule's choice first, when still untried
                        g = playout_step(d, rnd)
                        gk = action_key(g)
                        if gk not in children:
                            k, a = gk, g
                    child = _Node(mover)
                    children[k] = child
                    if a is extra:
                        apply(d, a)  # handed out for the true state, not by this determinisation: checked
                    else:
                        advance(d, a)
                    path.append(child)
                    break
                ch, a = best
                if a is extra:
                    apply(d, a)
                else:
                    advance(d, a)
                path.append(ch)
                node = ch
                mover = to_move(d)
            # the playout (to the end, or `depth` actions then the game's evaluation)
            rewards = None
            steps = 0
            while (mover := to_move(d)) is not None:
                if depth is not None and steps >= depth:
                    values = evaluate(d)
                    if values is not None:
                        rewards = values
                        break
                    depth = None  # the game has no evaluation: play on to the end
                if heuristic:
                    advance(d, self._heuristic(mover).act(view(d, mover), legal_actions(d)))
                else:
                    advance(d, step(d, rnd))
                steps += 1
            if rewards is None:
                rewards = terminal_rewards(result(d), seats(d))
            n_rewards = len(rewards)
            for nd in path[1:]:
                nd.n += 1
                s_ = nd.seat
                nd.w += rewards[s_] if s_ < n_rewards else 0.0
            root.n += 1
            done += 1
        self.iterations_done += done
        self.seconds += perf_counter() - started
        return root

    def _heuristic(self, seat: int) -> Bot:
        """The game's heuristic bot for `seat` (`Game.heuristic`, declared by its spec), or a random player
        when it has none."""
        bot = self._heuristics.get(seat)
        if bot is None:
            seed = f"{self.seed}/playout{seat}"
            name = self.game.heuristic
            try:
                bot = make_bot(name, self.game, seat, seed) if name is not None else None
            except UnknownBot:
                bot = None
            self._heuristics[seat] = bot if bot is not None else make_bot("random", self.game, seat, seed)
        return self._heuristics[seat]


_NUMBERS = {"iterations": int, "ms": float, "depth": int, "c": float, "prior_weight": float}


def parse_settings(text: str) -> dict[str, Any]:
    """`iterations=400:playout=heuristic` -> {"iterations": 400, "playout": "heuristic"}; `none` clears a
    budget or the cut-off (`depth=none`)."""
    out: dict[str, Any] = {}
    for part in filter(None, text.split(":")):
        key, sep, value = part.partition("=")
        key = key.strip()
        if not sep or key not in DEFAULTS:
            raise ValueError(f"bad IS-MCTS setting {part!r}: use name=value with name in {', '.join(DEFAULTS)}")
        value = value.strip()
        if key in _NUMBERS:
            if value.lower() == "none":
                out[key] = None
                continue
            try:
                out[key] = _NUMBERS[key](value)
            except ValueError:
                raise ValueError(f"bad IS-MCTS setting {part!r}: {key} takes a number") from None
            if key == "depth" and out[key] < 0:
                raise ValueError(f"bad IS-MCTS setting {part!r}: depth cannot be negative (0: evaluate at once)")
            if out[key] <= 0 and key not in ("c", "prior_weight", "depth"):
                raise ValueError(f"bad IS-MCTS setting {part!r}: {key} must be positive")
        else:
            out[key] = value
    return out


_CHOICES = {"playout": ("random", "game", "heuristic"), "prior": ("heuristic", "none")}


def check_settings(settings: dict[str, Any]) -> None:
    """Raise ValueError, saying what is wrong, unless `settings` (merged over DEFAULTS) can drive a search."""
    for key, allowed in _CHOICES.items():
        if key in settings and settings[key] not in allowed:
            raise ValueError(f"{key} must be one of {', '.join(allowed)}, not {settings[key]!r}")
    merged = {**DEFAULTS, **settings}
    if merged["iterations"] is None and merged["ms"] is None:
        raise ValueError("a search needs a budget: iterations or ms (or both)")
    if merged["c"] < 0 or merged["prior_weight"] < 0:
        raise ValueError("c and prior_weight cannot be negative")


def _factory(**fixed: Any):
    def make(game: Any, seat: int, seed: int | str = 0) -> ISMCTSBot:
        return ISMCTSBot(game, seat, seed, **fixed)

    return make


def _parametrised(**fixed: Any):
    """The maker of `name:settings` bots from a bot with `fixed` settings (`ismcts-hard:depth=10`)."""
    def parametrised(text: str):
        settings = {**fixed, **parse_settings(text)}
        check_settings(settings)
        return _factory(**settings)

    return parametrised


LEVEL_SETTINGS = {
    "ismcts-normal": {"iterations": None, "ms": 300.0},
    "ismcts-hard": {"iterations": None, "ms": 2000.0},
}

register("ismcts", _factory(), uses_sample=True, parametrised=_parametrised())
for _name, _settings in LEVEL_SETTINGS.items():
    register(_name, _factory(**_settings), uses_sample=True, parametrised=_parametrised(**_settings))


__all__ = ["DEFAULTS", "ISMCTSBot", "action_key", "check_settings", "parse_settings", "terminal_rewards"]
