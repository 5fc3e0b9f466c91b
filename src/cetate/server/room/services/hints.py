"""Hints: what the game's easy-level bot would play for a seat now, from that seat's view only. Nothing is
played or recorded; one computation per decision serves every request for it."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from cetate.bots import bot_seed, uses_sample
from cetate.core.rng import Rng
from cetate.server.room.base import (
    Auth,
    LiveTable,
    TableError,
    check_turn,
    json_copy,
    level_bot,
    log,
    private,
)

if TYPE_CHECKING:
    from cetate.server.tables import TableHub


def hints_allowed(table: LiveTable) -> bool:
    """Hints are offered at private tables of a game whose easy level is a real bot (not `random`)."""
    return private(table) and level_bot(table.game.id, "easy") != "random"


class Hints:
    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    async def hint(self, table: LiveTable, auth: Auth) -> dict:
        """What the game's easy-level bot would play for `auth`'s seat now, from that seat's view only:
        `{"seq", "action", "then", "bot"}` (`then`: the move it means to play right after, when it has
        chosen that too). Nothing is played or recorded; asking twice at the same moment gives the same
        answer."""
        seat = auth.seat
        if seat is None:
            raise TableError(403, "no_seat", "only a player seated at this table can ask for a hint")
        self.hub.seating.check_playing(table, auth)
        if not hints_allowed(table):
            raise TableError(403, "hints_off", "hints are offered only at tables with at most one invited player")
        check_turn(table, seat)
        seq, version = table.seq, table.version
        bot = level_bot(table.game.id, "easy")
        # one computation per decision, shared by every request for it (a burst of requests costs one)
        task = table.hint.get((version, seat))
        if task is None:
            task = asyncio.ensure_future(self._suggest(table, bot, seat))
            table.hint = {(version, seat): task}
        try:
            answer = await asyncio.shield(task)
        except TableError:
            if table.hint.get((version, seat)) is task:
                table.hint = {}  # a failure is not kept: the next request tries again
            raise
        if table.version != version:
            raise TableError(409, "moved_on", "the game moved on while the hint was being prepared; ask again")
        return {"seq": seq, "bot": bot, **answer}

    async def _suggest(self, table: LiveTable, bot: str, seat: int) -> dict:
        hub = self.hub
        game, state = table.game, table.state
        seed = f"{bot_seed(table.seed, seat)}/{table.seq}/hint"
        view, legal = game.view(state, seat), game.legal_actions(state)
        sample = (json_copy(game.to_json(game.determinize(state, seat, Rng.from_seed(f"{seed}/sample"))))
                  if uses_sample(bot) else None)
        try:
            answer = await hub.pool.suggest(game.id, bot, seat, seed, view, legal, sample,
                                            hub.settings.bot_limits)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("table %s: the hint bot %s failed", table.id, bot)
            raise TableError(503, "no_hint", "no hint could be prepared this time") from None
        action = answer.get("action") if isinstance(answer, dict) else None
        if action not in legal:
            log.error("table %s: the hint bot %s chose an illegal action %r", table.id, bot, action)
            raise TableError(503, "no_hint", "no hint could be prepared this time")
        return {"action": action, "then": list(answer.get("then") or [])}
