"""`BotPool`: bots decide in worker processes, never on the event loop (docs/server.md).

A worker builds the bot by name (`cetate.bots.make_bot`) for every decision and returns
`bot.act(view, legal)`: the bot sees only its seat's view, like a person. Its seed is derived from the
table's seed, the seat and the action number, so the same table plays the same way after a restart.
"""

from __future__ import annotations

import asyncio
import logging
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

log = logging.getLogger("cetate.server.bots")

LEVELS = ("easy", "normal", "hard")


def decide(game_id: str, bot_name: str, seat: int, seed: int | str, view: dict, legal: list[dict]) -> dict:
    """Run in a worker process: one decision of bot `bot_name` for `seat`."""
    from cetate.bots import make_bot

    bot = make_bot(bot_name, game_id, seat, seed)
    return bot.act(view, legal)


def level_bot(game_id: str) -> str:
    """The bot behind every level for now: the game's heuristic bot when it has one, else `random`."""
    from cetate.bots import names

    heuristic = f"{game_id}-heuristic"
    return heuristic if heuristic in names() else "random"


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


class BotPool:
    """A `ProcessPoolExecutor` of `workers` processes (0: decide in a thread, for small machines)."""

    def __init__(self, workers: int = 2) -> None:
        self.workers = workers
        self._executor: ProcessPoolExecutor | None = None

    def _pool(self) -> ProcessPoolExecutor:
        if self._executor is None:
            # spawn: a worker never inherits the server's threads, sockets or database connections
            self._executor = ProcessPoolExecutor(max_workers=self.workers,
                                                 mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    async def decide(self, game_id: str, bot_name: str, seat: int, seed: int | str, view: dict,
                     legal: list[dict]) -> dict:
        if self.workers == 0:
            return await asyncio.to_thread(decide, game_id, bot_name, seat, seed, view, legal)
        loop = asyncio.get_running_loop()
        try:
            return await loop.run_in_executor(self._pool(), decide, game_id, bot_name, seat, seed, view, legal)
        except BrokenProcessPool:
            log.warning("the bot worker pool broke; starting a new one")
            broken, self._executor = self._executor, None
            if broken is not None:
                broken.shutdown(wait=False, cancel_futures=True)
            return await loop.run_in_executor(self._pool(), decide, game_id, bot_name, seat, seed, view, legal)

    def close(self) -> None:
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
            self._executor = None
