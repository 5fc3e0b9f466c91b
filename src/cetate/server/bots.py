"""`BotPool`: bots decide in worker processes, never on the event loop (docs/server.md).

A worker builds the bot by name (`cetate.bots.make_bot`) for every decision and returns
`bot.act(view, legal)`: the bot sees only its seat's view, like a person. A search bot (`uses_sample`)
also gets a *sample*: a state the server drew from the seat's information set with `game.determinize`,
sent as `game.to_json(sample)` and rebuilt here with `game.from_json`; the true state never leaves the
server's process. Its seed is derived from the table's seed, the seat and the action number, so the same
table plays the same way after a restart (for search bots: when their budget is in iterations, see
`Settings.bot_iterations`; a time budget depends on the machine's speed).

The lobby's levels (`LEVELS`, `level_bot`, from `cetate.bots.levels`): a game fills the levels its spec
declares with its own bots (`easy`: its heuristic bot); the others are generic: `easy` random, `normal` and
`hard` IS-MCTS with about 300 ms and 2 s per decision.

Workers never outlive the server, even one killed by SIGKILL (`worker_init`): on Linux each asks the kernel
for SIGKILL when its parent dies (PR_SET_PDEATHSIG), and everywhere a daemon thread waits on a *lifeline*, the
read end of a pipe whose only write end the server holds: end of file means the server is gone, and the
worker calls `os._exit`. The thread also ends the worker if its parent had already died before it started.
multiprocessing's `resource_tracker` then ends by itself, once the last process holding its pipe is gone.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
import os
import signal
import sys
import threading
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import Any

from cetate.bots.base import Bot
from cetate.bots.levels import LEVELS, SEARCH_LEVELS, level_bot  # noqa: F401  (the server's names for them)

log = logging.getLogger("cetate.server.bots")


def decide(game_id: str, bot_name: str, seat: int, seed: int | str, view: dict, legal: list[dict],
           sample: dict | None = None, limits: dict | None = None) -> dict:
    """Run in a worker process: one decision of bot `bot_name` for `seat`.

    `sample` is `game.to_json` of a state drawn from the seat's information set, for a bot that
    `uses_sample`; `limits` caps a search bot's budget (`think_ms`, `iterations`: see `limit_search`)."""
    return _act(_bot(game_id, bot_name, seat, seed, limits), view, legal, sample)


def suggest(game_id: str, bot_name: str, seat: int, seed: int | str, view: dict, legal: list[dict],
            sample: dict | None = None, limits: dict | None = None) -> dict:
    """Run in a worker process: a hint for `seat`, `{"action": ..., "then": [...]}`. `then` is what the
    bot means to play next when it has already chosen that too (its optional `plan()`, e.g. where the
    Akropolis bot will place the tile it takes); it comes from the same view, so it reveals nothing."""
    bot = _bot(game_id, bot_name, seat, seed, limits)
    action = _act(bot, view, legal, sample)
    return {"action": action, "then": [a for a in bot.plan() or [] if isinstance(a, dict)]}


def review(game_id: str, bot_name: str, seat: int, seed: int | str, players: int, game_seed: int | str,
           options: dict, actions: list[dict], limits: dict | None = None) -> list[dict]:
    """Run in a worker process, for a finished game only (its seed and moves are public then): the moves
    `seat` played itself (`actions[i]["by_bot"]` false) compared with bot `bot_name`
    (`cetate.bots.review.review_moves`): `[{seq, suggested, same}]`."""
    from cetate import games
    from cetate.bots.review import review_moves

    skip = [a["seq"] for a in actions if a["by_bot"]]
    return review_moves(games.get(game_id), players, game_seed, options, [a["action"] for a in actions], seat,
                        bot_name, seed, skip=skip, tune=(lambda bot: limit_search(bot, **limits)) if limits else None)


def _bot(game_id: str, bot_name: str, seat: int, seed: int | str, limits: dict | None) -> Bot:
    from cetate.bots import make_bot

    bot = make_bot(bot_name, game_id, seat, seed)
    if limits:
        limit_search(bot, **limits)
    return bot


def _act(bot: Bot, view: dict, legal: list[dict], sample: dict | None) -> dict:
    if bot.uses_sample:
        rebuilt = None if sample is None else bot.game.from_json(sample)
        return bot.act(view, legal, sample=rebuilt)
    return bot.act(view, legal)


def limit_search(bot: Bot, think_ms: float | None = None, iterations: int | None = None) -> None:
    """Cap the budget of a search bot (`Bot.limit`: IS-MCTS); other bots have nothing to limit. `iterations`
    replaces the time budget by at most that many iterations (the same moves on every machine); `think_ms`
    caps the time budget (whichever of the two ends first stops the search when both are given)."""
    bot.limit(think_ms=think_ms, iterations=iterations)


def game_bots(game_id: str) -> list[str]:
    """The bots that can play `game_id`: every registered bot but those shipped by other games."""
    from cetate import games
    from cetate.bots import names

    others: set[str] = set()
    for g in games.all():
        if g.id != game_id:
            try:
                others.update(g.bots())
            except Exception:  # a game whose bots fail to load hides nothing
                continue
    return [n for n in names() if n not in others]


PR_SET_PDEATHSIG = 1  # <linux/prctl.h>
LIFELINE_POLL_S = 1.0  # how often the lifeline thread also checks that the parent is the same process


def worker_init(parent_pid: int, lifeline) -> None:
    """The `initializer` of a bot worker: end this process when the server (`parent_pid`) dies, however it
    dies. `lifeline` is the read end of a pipe whose write end only the server holds. Never raises (an
    initializer that fails would break the pool)."""
    if sys.platform.startswith("linux"):
        try:
            import ctypes

            libc = ctypes.CDLL(None, use_errno=True)
            libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0)
        except Exception:  # no prctl here: the lifeline thread still ends the worker
            pass
    threading.Thread(target=_watch_parent, args=(parent_pid, lifeline), name="cetate-lifeline",
                     daemon=True).start()


def _watch_parent(parent_pid: int, lifeline) -> None:
    while True:
        if os.getppid() != parent_pid:  # the parent died before (or while) this thread started
            os._exit(1)
        try:
            if lifeline.poll(LIFELINE_POLL_S):
                lifeline.recv_bytes()  # the server never writes: only end of file wakes this up
        except (EOFError, OSError):
            os._exit(1)


class BotPool:
    """A `ProcessPoolExecutor` of `workers` processes (0: decide in a thread, for small machines).

    Either way the event loop only awaits: a 2 s search occupies a worker, never the loop (in thread mode
    the search shares the interpreter's lock with the loop, which still answers between its slices)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None
        self._lifeline: tuple | None = None  # (read end, write end): the workers' lifeline pipe

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn: a worker never inherits the server's threads, sockets or database connections
            context = multiprocessing.get_context("spawn")
            if self._lifeline is None:
                self._lifeline = context.Pipe(duplex=False)  # not inheritable: only the workers get the read end
            self._executor = ProcessPoolExecutor(max_workers=self.workers, mp_context=context,
                                                 initializer=worker_init,
                                                 initargs=(os.getpid(), self._lifeline[0]))
        return self._executor

    async def decide(self, game_id: str, bot_name: str, seat: int, seed: int | str, view: dict,
                     legal: list[dict], sample: dict | None = None, limits: dict | None = None) -> dict:
        return await self._run(decide, game_id, bot_name, seat, seed, view, legal, sample, limits)

    async def suggest(self, game_id: str, bot_name: str, seat: int, seed: int | str, view: dict,
                      legal: list[dict], sample: dict | None = None, limits: dict | None = None) -> dict:
        return await self._run(suggest, game_id, bot_name, seat, seed, view, legal, sample, limits)

    async def review(self, *args) -> list[dict]:
        """`review(...)` in a worker (a whole finished game: seconds, not milliseconds)."""
        return await self._run(review, *args)

    async def _run(self, fn, *args) -> Any:
        if self.workers == 0:
            return await asyncio.to_thread(fn, *args)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), fn, *args)
        except BrokenProcessPool:
            log.warning("the bot worker pool broke; starting a new one")
            broken, self._executor = self._executor, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(), fn, *args)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
        if self._lifeline is not None:
            for end in self._lifeline:
                end.close()
            self._lifeline = None
