"""The actor: one table's changes, one at a time. It runs each change under the table's lock, applies a move
to a clone of the state, writes it to the store and only then makes it the table's state (`commit`), and
rebuilds a table from its stored log after a restart (`load`).

A change runs in a task of its own that finishes even when the request that started it goes away, so the
store and the memory never disagree (`serial`). A move's engine work (well under a millisecond) runs on the
loop; its write goes to the store's `AppendWriter`, which commits the moves of many tables together and
acknowledges each once committed (docs/performance.md, "The server's move path"). A refused action changes
nothing.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import TYPE_CHECKING, Any

from cetate import games as registry
from cetate.core.actions import canonical
from cetate.core.errors import IllegalAction, InvalidState
from cetate.core.events import Event
from cetate.core.takeback import showed_nothing
from cetate.server.room.base import (
    CHAT_KEPT,
    TIMEOUT_EVENT,
    Auth,
    LiveTable,
    TableError,
    check_turn,
    json_copy,
    log,
)
from cetate.server.room.services.takeback import UNDO_CHECK_DELAY_S, undo_allowed
from cetate.server.storage import DuplicateKey, NotOwner

if TYPE_CHECKING:
    from cetate.server.tables import TableHub

SNAPSHOT_EVERY = 50
ANSWERS_KEPT = 128  # full first answers kept per table for retried keys (older keys: events + current view)



class Actor:
    """Changes tables: serially, through the store. Announcing a move and what follows it (the bots, the
    clocks, the take-back check) belongs to the other rooms, which the actor reaches through the hub."""

    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    async def serial(self, table: LiveTable, fn, *args):
        """Run `fn(table, *args)` under the table's lock, in a task that completes even if the caller is
        cancelled (a client that disconnects must not leave a half-made move)."""
        async def run():
            async with table.lock:
                return await fn(table, *args)

        task = asyncio.ensure_future(run())
        self.hub._tasks.add(task)
        task.add_done_callback(self._task_done)
        return await asyncio.shield(task)

    def _task_done(self, task: asyncio.Task) -> None:
        self.hub._tasks.discard(task)
        if not task.cancelled():
            task.exception()  # retrieved: nobody may be waiting for it any more

    # -- a person's move ----------------------------------------------------------------------------
    async def act(self, table: LiveTable, auth: Auth, action: Any, key: str | None,
                  seat: int | None = None, answer: bool = True) -> tuple[dict | None, bool]:
        """Play `action` for the token's seat. Returns the answer (None for a fresh move with `answer`
        False: a WebSocket's, whose socket gets the update) and whether it was applied now (False: the key was
        already used, and this is the first answer)."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "this token holds no seat at this table, so it cannot act")
        if seat is not None and seat != auth.seat:
            raise TableError(403, "wrong_seat", f"this token is seat {auth.seat}'s; it cannot act for seat {seat}",
                             field="seat")
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise TableError(422, "malformed_action", "an action must be an object with a string field 'type'",
                             field="action")
        self.hub.seating.check_playing(table, auth)
        return await self.serial(table, self._act, auth.seat, action, key, auth, answer)

    async def _act(self, table: LiveTable, seat: int, action: dict, key: str | None,
                   auth: Auth | None = None, answer: bool = True) -> tuple[dict | None, bool]:
        if auth is not None:  # again under the lock: the host may have replaced the link meanwhile
            self.hub.seating.check_playing(table, auth)
        if key is not None and key in table.keys:
            return self.first_answer(table, key, seat), False
        if key is not None and key in table.retracted:
            raise TableError(409, "taken_back", "the move sent with this key was taken back; send it again with a "
                             "new key to play it", field="key")
        check_turn(table, seat)
        return await self.commit(table, seat, action, key, answer=answer), True

    def first_answer(self, table: LiveTable, key: str, seat: int) -> dict:
        seq, owner = table.keys[key]
        if owner != seat:
            raise TableError(409, "key_conflict", "this idempotency key was already used by another seat",
                             field="key")
        cached = table.answers.get(key)
        if cached is not None:
            return cached
        # from before a restart: its events and the current view
        return self.hub.projector.answer(table, seat, seq)

    # -- any move: apply, store, announce -----------------------------------------------------------
    async def commit(self, table: LiveTable, seat: int, action: dict, key: str | None,
                     by_bot: bool = False, timeout: bool = False, answer: bool = True) -> dict | None:
        """Apply, store and announce one move. Returns the mover's answer (`Projector.answer`), or None when the
        caller needs none (`answer=False`: a WebSocket move, whose socket gets the update anyway)."""
        hub = self.hub
        game = table.game
        before = table.state

        # On the loop, not in a thread: a move's engine work takes well under a millisecond (a listing of
        # every Akropolis placement a few), less than the two thread hops it would cost.
        try:
            if seat is not None and game.to_move(before) != seat:
                raise IllegalAction("not_your_turn", "it is not this seat's turn")
            # only the engine's own action is applied and stored, never the object that was sent
            action = canonical(game, before, action)
            state = game.clone(before)
            events = game.apply(state, action, seat)  # the engine checks the seat too
        except IllegalAction as exc:
            status = 409 if exc.code in ("not_your_turn", "game_over") else 422
            where = exc.params.get("field")
            raise TableError(status, exc.code, exc.message,
                             field=f"action.{where}" if isinstance(where, str) and where else "action") from exc
        except Exception as exc:  # the engine failed on one of its own legal actions: a bug, not the client's
            log.exception("table %s: the engine failed to apply a %r action at move %d", table.id,
                          action.get("type"), table.seq + 1)
            raise TableError(500, "internal_error", "the server failed to play this action; the failure is "
                             "logged") from exc
        action = json_copy(action)  # the log and the answers hold plain JSON of their own
        seq = table.seq + 1
        try:  # acknowledged once committed; moves of many tables share a commit (storage/writer.py)
            await asyncio.wrap_future(hub.store.appends.submit(table.id, seq, seat, action, key, by_bot, timeout))
        except DuplicateKey as exc:  # written by an earlier life of the server: answer as the first time
            hit = await asyncio.to_thread(hub.store.action_for_key, table.id, key)
            if hit is None or hit["seq"] > table.seq:
                raise TableError(503, "storage_error", "the move could not be saved; try again") from exc
            table.keys[key] = (hit["seq"], hit["seat"])
            return self.first_answer(table, key, seat)
        except NotOwner as exc:  # another worker took the table over: the move is not played here
            hub.drop(table)
            raise TableError(503, "table_moved", "this table has just moved to another server process; send the "
                             "move again") from exc
        except Exception as exc:
            log.exception("table %s: the store refused action %d", table.id, seq)
            raise TableError(503, "storage_error", "the move could not be saved; try again") from exc

        # the move is stored: it becomes the table's state
        table.state = state
        table.seq = seq
        table.version += 1
        table.events.append(([Event(TIMEOUT_EVENT, {"seat": seat})] if timeout else []) + list(events))
        # whether this move may be taken back is worked out after it is announced (`TakeBack.check`)
        table.actions.append({"seq": seq, "seat": seat, "action": action, "by_bot": by_bot, "timeout": timeout,
                              "undo": False})
        table.touch()
        moved_clock = None
        if table.clock is not None:
            table.clock.stop()
            if table.human(seat) or timeout:
                table.clock.moved(seat, timeout=timeout)
                moved_clock = seat
        over = game.to_move(state) is None
        if over or seq % SNAPSHOT_EVERY == 0:
            await self.save_snapshot(table)
        if over:
            table.status = "over"
            try:
                await asyncio.to_thread(hub.store.set_status, table.id, "over",
                                        json_copy(game.result(state)))
            except Exception:  # the replay on the next start sees the end and sets it again
                log.exception("table %s: cannot mark the game over in the store", table.id)
            hub._remember_finished(table)
        projector = hub.projector
        reply = projector.answer(table, seat, seq) if answer else None
        if key is not None:
            table.keys[key] = (seq, seat)
            if reply is not None:
                table.answers[key] = reply
                while len(table.answers) > ANSWERS_KEPT:
                    table.answers.popitem(last=False)
        projector.broadcast_update(table, seat, by_bot, timeout)
        hub.scheduler.schedule(table, moved_clock)
        if not by_bot and not over:
            # a REST caller gets its answer once the check is done (the table it reads next says it); a
            # socket gets the update at once and, if the move may be taken back, an `undo` message after it
            check = hub.takeback.watch(table, seq, before, action, state, 0.0 if answer else UNDO_CHECK_DELAY_S)
            if check is not None and answer:
                with contextlib.suppress(Exception):
                    await asyncio.shield(check)
        return reply

    async def save_snapshot(self, table: LiveTable) -> None:
        try:
            doc = await asyncio.to_thread(lambda: json_copy(table.game.to_json(table.state)))
            await asyncio.to_thread(self.hub.store.save_snapshot, table.id, table.seq, doc)
        except Exception:  # snapshots only speed up checks; the action log is the truth
            log.exception("table %s: snapshot %d not saved", table.id, table.seq)

    # -- loading from the store (in a thread) -------------------------------------------------------
    def load(self, table_id: str) -> LiveTable | None:
        """The table `table_id` rebuilt by replaying its stored actions from the seed, which gives back the
        state, the journal and the idempotency keys; None if the store has no such table."""
        store, answer = self.hub.store, self.hub.projector.answer
        info = store.table(table_id)
        if info is None:
            return None
        game = registry.get(info["game"])
        if str(info.get("engine_version")) != game.engine_version:
            log.warning("table %s was created with engine version %s; this server runs %s", table_id,
                        info.get("engine_version"), game.engine_version)
        actions = store.actions(table_id)
        snapshot = store.latest_snapshot(table_id)
        state = game.setup(info["players"], info["seed"], info.get("options") or {})
        table = LiveTable(info, info["seats"], game, state)
        table.chat = store.chat(table_id, CHAT_KEPT)
        keyed = [a["key"] for a in actions if a.get("key")][-ANSWERS_KEPT:]
        recent = set(keyed)
        before = None
        for entry in actions:
            seq, seat = entry["seq"], entry["seat"]
            if seq != table.seq + 1:
                raise InvalidState("bad_record", f"table {table_id}: action {seq} follows action {table.seq}")
            if entry is actions[-1] and not entry.get("by_bot") and undo_allowed(table):
                before = game.clone(state)  # to know whether the last move may be taken back
            try:
                events = game.apply(state, entry["action"])
            except IllegalAction as exc:
                raise InvalidState("bad_record", f"table {table_id}: stored action {seq} is illegal on replay: "
                                   f"{exc.message}") from exc
            table.seq = seq
            marker = [Event(TIMEOUT_EVENT, {"seat": seat})] if entry.get("timeout") else []
            table.events.append(marker + list(events))
            table.actions.append({"seq": seq, "seat": seat, "action": entry["action"],
                                  "by_bot": bool(entry.get("by_bot")), "timeout": bool(entry.get("timeout")),
                                  "undo": (before is not None and entry is actions[-1]
                                           and showed_nothing(game, before, entry["action"], state, table.people()))})
            key = entry.get("key")
            if key:
                table.keys[key] = (seq, seat)
                if key in recent:
                    table.answers[key] = answer(table, seat, seq)
            if snapshot is not None and snapshot[0] == seq:
                self._check_snapshot(table, snapshot[1])
        if snapshot is not None and snapshot[0] == 0:
            log.debug("table %s: snapshot 0 not checked", table_id)
        if table.clock is not None:
            table.clock.rebuild(actions, {s["seat"] for s in table.seats if s["kind"] != "bot"})
        if game.to_move(state) is None and (table.status != "over" or info.get("result") is None):
            # the end seen again (or a table finished before results were kept): keep its result too
            table.status = "over"
            store.set_status(table_id, "over", json_copy(game.result(state)))
        return table

    def _check_snapshot(self, table: LiveTable, doc: dict) -> None:
        if json_copy(table.game.to_json(table.state)) != doc:
            log.error("table %s: the replayed state differs from snapshot %d; the replay is kept",
                      table.id, table.seq)
