"""Taking a move back: at tables against bots (or on one device) without a clock, a person may take back
their own last move when it showed nobody anything hidden (`undo`): the log then loses that move, and only
that one. Whether a move showed nothing is worked out in a thread after it is announced (`check`)."""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING

from cetate.core.takeback import showed_nothing
from cetate.server.room.base import Auth, LiveTable, TableError, log, private

if TYPE_CHECKING:
    from cetate.server.tables import TableHub

UNDO_CHECK_DELAY_S = 0.2  # a take-back check waits this long first: most moves answered sooner need none


def undo_allowed(table: LiveTable) -> bool:
    """Moves may be taken back where hints are offered (against bots or on one device) and no clock
    runs."""
    return table.clock is None and private(table)


def undo_seat(table: LiveTable) -> int | None:
    """The seat that may take back the last move now, or None: it played that move itself (not a bot
    or its clock for it), the game goes on, and the move showed nobody at the table anything hidden
    (`cetate.core.takeback.showed_nothing`, worked out when it was played)."""
    if table.status != "playing" or not table.actions or not undo_allowed(table):
        return None
    last = table.actions[-1]
    if last["by_bot"] or last["timeout"] or not table.human(last["seat"]) or not last.get("undo"):
        return None
    return last["seat"]


class TakeBack:
    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    async def undo(self, table: LiveTable, auth: Auth) -> dict:
        """Take back `auth`'s seat's last move, if it is the last move played and showed nothing hidden:
        the log loses it (`Store.retract_action`), the table goes back to the state before it and every
        socket gets a `sync`, then `{"type": "taken_back", seat, seq}`. Returns the table as the seat sees
        it. Repeating it takes back the seat's move before, under the same rule."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "only a player seated at this table can take a move back")
        self.hub.seating.check_playing(table, auth)
        if not undo_allowed(table):
            raise TableError(403, "undo_off", "moves can be taken back only at tables against bots or on one "
                             "device, without a clock")
        await self.hub.actor.serial(table, self._undo, auth.seat)
        return self.hub.projector.snapshot(table, auth)

    async def _undo(self, table: LiveTable, seat: int) -> None:
        hub = self.hub
        if table.status == "waiting":
            raise TableError(409, "table_not_started", "the table has not started yet")
        if table.status == "over":
            raise TableError(409, "game_over", "the game is over")
        last = table.actions[-1] if table.actions else None
        if last is None or last["seat"] != seat or last["by_bot"] or last["timeout"]:
            raise TableError(409, "nothing_to_undo", "only your own move, while it is the last one played, can be "
                             "taken back")
        check = table.undo_task
        if not last.get("undo") and check is not None and not check.done():
            with contextlib.suppress(Exception):  # asked before its check finished: wait for it
                await asyncio.shield(check)
        if not last.get("undo"):
            raise TableError(409, "undo_reveals", "that move showed something that was hidden (a card drawn, a "
                             "tile or a hand revealed), so it stands")
        seq = table.seq
        game, people = table.game, table.people()

        def work():  # the state before the last move, and whether the move before it may be taken back too
            state = game.setup(table.players, table.seed, table.options)
            entries = table.actions[:-1]
            for entry in entries[:-1]:
                game.apply(state, entry["action"])
            flag = False
            if entries:
                before = game.clone(state)
                game.apply(state, entries[-1]["action"])
                flag = not entries[-1]["by_bot"] and showed_nothing(game, before, entries[-1]["action"], state,
                                                                      people)
            return state, flag

        state, flag = await asyncio.to_thread(work)
        try:
            await asyncio.to_thread(hub.store.retract_action, table.id, seq)
        except Exception as exc:
            log.exception("table %s: the store refused to take back action %d", table.id, seq)
            raise TableError(503, "storage_error", "the move could not be taken back; try again") from exc
        table.state = state
        table.seq = seq - 1
        table.version += 1
        table.events.pop()
        table.actions.pop()
        if table.actions:
            table.actions[-1]["undo"] = flag
        for key in [k for k, (s, _) in table.keys.items() if s == seq]:
            del table.keys[key]
            table.answers.pop(key, None)
            table.retracted.add(key)
        table.hint = {}
        table.touch()
        hub.projector.broadcast_sync(table)
        hub.projector.broadcast(table, lambda _r: {"type": "taken_back", "seat": seat, "seq": table.seq})
        hub.scheduler.schedule(table)

    # -- after each move: may it be taken back? -----------------------------------------------------
    def watch(self, table: LiveTable, seq: int, before, action: dict, after,
              delay: float) -> asyncio.Future | None:
        """Start the take-back check of a person's move `seq` (`check`), kept as the table's `undo_task`; None
        where moves are not taken back."""
        if not undo_allowed(table):
            return None
        table.undo_task = asyncio.ensure_future(self.check(table, seq, before, action, after, delay))
        return table.undo_task

    async def check(self, table: LiveTable, seq: int, before, action: dict, after,
                    delay: float = UNDO_CHECK_DELAY_S) -> bool:
        """Whether the move `seq` showed nobody at the table anything hidden (`showed_nothing`: a dozen
        worlds drawn and played), worked out in a thread once the move was announced, so the check never
        delays a move; after a socket's move it starts `delay` later, so a move answered at once (by a
        bot, or by a script) costs no check at all. While the move is still the last one, its flag is set and, if it may be taken back,
        every socket gets `{"type": "undo", seat, seq}` (the table summary's `undo` from then on)."""
        if delay > 0:
            await asyncio.sleep(delay)
        if table.seq != seq:  # the game moved on before the check began: nothing to take back any more
            return False
        game, people = table.game, table.people()
        try:
            undoable = await asyncio.to_thread(showed_nothing, game, before, action, after, people)
        except Exception:  # a check that fails keeps the move (it only forgoes taking it back)
            log.exception("table %s: the take-back check of move %d failed", table.id, seq)
            return False
        if table.seq != seq or not table.actions or table.actions[-1]["seq"] != seq:
            return False
        table.actions[-1]["undo"] = undoable
        if undoable and (mover := undo_seat(table)) is not None:
            self.hub.projector.broadcast(table, lambda _r: {"type": "undo", "seat": mover, "seq": seq})
        return undoable
