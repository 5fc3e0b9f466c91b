"""The scheduler: what happens at a table without a request. After every change it runs the bot whose turn
it is and the clock of the person to move (`schedule`); when a person runs out of time, the easy level's bot
plays that decision for them. A bot's decision is made in the bot pool, never on the loop."""

from __future__ import annotations

import asyncio
import contextlib
import time
from typing import TYPE_CHECKING

from cetate.bots import bot_seed, uses_sample
from cetate.core.rng import Rng
from cetate.server.room.base import LiveTable, TableError, json_copy, level_bot, log, mover

if TYPE_CHECKING:
    from cetate.server.tables import TableHub


class Stale(Exception):
    """A bot or clock decision that arrived after the table moved on."""


class Scheduler:
    """The bots and clocks of the hub's tables."""

    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    def schedule(self, table: LiveTable, moved_clock: int | None = None) -> None:
        """After every change: run the bot whose turn it is, and the clock of the human to move."""
        turns = getattr(self.hub, "turns", None)
        if turns is not None:  # whose turn it is, in the database (server/turns.py)
            turns.note(table)
        if self.hub._closing:
            return
        to_move = mover(table)
        if table.clock is not None:
            changed = {moved_clock} if moved_clock is not None else set()
            if to_move is not None and table.human(to_move):
                if table.clock.running != to_move:
                    if table.clock.running is not None:
                        changed.add(table.clock.running)
                    table.clock.start(to_move)
                changed.add(to_move)
            elif table.clock.running is not None:
                changed.add(table.clock.stop())
            current = asyncio.current_task()
            if table.timer_task is not None and table.timer_task is not current and not table.timer_task.done():
                table.timer_task.cancel()
            table.timer_task = None
            if table.clock.running is not None:
                table.timer_task = asyncio.ensure_future(self._timer(table, table.clock.running, table.seq))
            broadcast = self.hub.projector.broadcast
            for seat in sorted(changed):
                broadcast(table, lambda _s, seat=seat: {
                    "type": "clock", "seat": seat, "remaining_s": round(table.clock.left(seat), 3),
                    "running": table.clock.running == seat})
        if to_move is not None and not table.human(to_move) and (table.bot_task is None or table.bot_task.done()):
            table.bot_task = asyncio.ensure_future(self._bot_loop(table))

    async def _bot_loop(self, table: LiveTable) -> None:
        hub = self.hub
        failures = 0
        while not hub._closing and table.status == "playing":
            seat = table.to_move()
            if seat is None or table.human(seat):
                return
            seq = table.seq
            if hub.settings.bot_delay_s > 0:
                await asyncio.sleep(hub.settings.bot_delay_s)
            if table.seq != seq or table.to_move() != seat or table.human(seat):
                continue
            action = await self.decide(table, table.seats[seat]["bot"], seat)
            try:
                await self._submit(table, seat, action, seq, timeout=False)
                failures = 0
            except Stale:
                continue
            except TableError as exc:
                failures += 1
                log.error("table %s: bot move %r refused: %s", table.id, action, exc.message)
                if failures >= 3:
                    return

    async def _timer(self, table: LiveTable, seat: int, seq: int) -> None:
        clock = table.clock
        deadline = clock.deadline() if clock is not None else None
        if deadline is None:
            return
        await asyncio.sleep(max(0.0, deadline - time.monotonic()))
        if table.seq != seq or mover(table) != seat or not table.human(seat):
            return
        # a person ran out of time: the easy level's bot plays at once for them
        action = await self.decide(table, level_bot(table.game.id, "easy"), seat)
        with contextlib.suppress(Stale):
            await self._submit(table, seat, action, seq, timeout=True)

    async def late(self, table: LiveTable, seat: int, seq: int) -> bool:
        """A turn-based table's seat ran past its deadline at move `seq` (server/turns.py's sweep): the easy
        level's bot plays that decision for it, as when a real-time clock runs out. False if the table has
        moved on meanwhile."""
        if table.seq != seq or mover(table) != seat or not table.human(seat):
            return False
        action = await self.decide(table, level_bot(table.game.id, "easy"), seat)
        try:
            await self._submit(table, seat, action, seq, timeout=True)
        except Stale:
            return False
        return True

    async def _submit(self, table: LiveTable, seat: int, action: dict, expect_seq: int, timeout: bool) -> None:
        """A bot's (or a clock's) move, if the table is still where the decision was taken."""
        actor = self.hub.actor

        async def run(t: LiveTable) -> None:
            if (t.seq != expect_seq or t.status != "playing" or t.to_move() != seat
                    or (t.human(seat) != timeout)):
                raise Stale
            await actor.commit(t, seat, action, None, by_bot=True, timeout=timeout)

        await actor.serial(table, run)

    async def decide(self, table: LiveTable, bot: str, seat: int) -> dict:
        """One decision of `bot` for `seat`, in the bot pool. The bot gets the seat's view and the legal
        actions; a search bot also a sample of the seat's information set (`game.determinize`, sent as
        JSON), never the true state. A bot that fails or answers an illegal action is replaced by a
        random legal action."""
        hub = self.hub
        game, state = table.game, table.state
        seed = f"{bot_seed(table.seed, seat)}/{table.seq}"

        def draw_sample() -> dict:  # the state never leaves this process, only this sample
            sample = game.determinize(state, seat, Rng.from_seed(f"{seed}/sample"))
            return json_copy(game.to_json(sample))

        # on the loop, in one go (well under a millisecond): no other action can change the state meanwhile
        view, legal = game.view(state, seat), game.legal_actions(state)
        if len(legal) == 1:  # nothing to decide
            return legal[0]
        action = None
        try:
            sample = draw_sample() if uses_sample(bot) else None
            action = await hub.pool.decide(game.id, bot, seat, seed, view, legal, sample,
                                           hub.settings.bot_limits)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: bot %s failed; a random legal action is played", table.id, bot)
        if action not in legal:
            if action is not None:
                log.error("table %s: bot %s chose an illegal action %r", table.id, bot, action)
            action = legal[Rng.from_seed(seed).below(len(legal))]
        return action
