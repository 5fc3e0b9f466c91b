"""A game's record, its replay and its review: the full record once the game is over (before that, the
seat's redacted journal), every step of a finished game as one seat saw it, and a finished game's moves
compared with the game's easy bot."""

from __future__ import annotations

import asyncio
from typing import TYPE_CHECKING

from cetate.bots import bot_seed
from cetate.core.events import Event
from cetate.core.record import Record
from cetate.server.room.base import TIMEOUT_EVENT, Auth, LiveTable, TableError, level_bot, log
from cetate.server.room.projector import journal

if TYPE_CHECKING:
    from cetate.server.tables import TableHub


def record_seats(table: LiveTable) -> list[dict]:
    return [{"seat": s["seat"], "kind": s["kind"], "name": s.get("name"), "bot": s.get("bot"),
             "level": s.get("level")} for s in table.seats]


def record(table: LiveTable, auth: Auth) -> dict:
    """A finished game's full record; while it runs, the seat's redacted journal instead of the seed and
    the actions (which would reveal every hidden card)."""
    if table.status == "over":
        doc = Record(game=table.game.id, engine_version=table.engine_version, options=table.options,
                     seats=record_seats(table), seed=table.seed,
                     actions=[a["action"] for a in table.actions], result=table.game.result(table.state))
        return {**doc.to_json(), "seed_chosen": table.seed_chosen, "table_id": table.id}
    return {"game": table.game.id, "engine_version": table.engine_version, "options": table.options,
            "seats": record_seats(table), "result": None, "seed_chosen": table.seed_chosen,
            "table_id": table.id,
            "status": table.status, "seat": auth.seat, "seq": table.seq,
            "journal": journal(table, auth.seat)}


def replay(table: LiveTable, seat: int | None) -> dict:
    """Every step of a finished game as `seat` saw it."""
    if table.status != "over":
        raise TableError(409, "not_finished", "a replay is only available once the game is over")
    game = table.game
    state = game.setup(table.players, table.seed, table.options)
    steps = [{"seq": 0, "seat": None, "action": None, "by_bot": False, "timeout": False,
              "events": [game.event_view(e, seat) for e in game.start_events(state)],
              "view": game.view(state, seat)}]
    for entry in table.actions:
        events = game.apply(state, entry["action"])
        if entry["timeout"]:
            events = [Event(TIMEOUT_EVENT, {"seat": entry["seat"]}), *events]
        steps.append({"seq": entry["seq"], "seat": entry["seat"], "action": entry["action"],
                      "by_bot": entry["by_bot"], "timeout": entry["timeout"],
                      "events": [game.event_view(e, seat) for e in events], "view": game.view(state, seat)})
    return {"record": record(table, Auth(seat=seat)), "seat": seat, "steps": steps}


class Reviews:
    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    async def review(self, table: LiveTable, seat: int) -> dict:
        """A finished game compared with the game's easy bot, for one seat: at each move that seat's player
        made, what the bot would have played from that seat's view (`{seat, bot, moves, steps: [{seq,
        suggested, same}]}`). Worked out once per seat in the bot pool, then kept with the table."""
        if table.status != "over":
            raise TableError(409, "not_finished", "a game can be compared with the bot once it is over")
        if not 0 <= seat < table.players:
            raise TableError(404, "unknown_seat", f"there is no seat {seat} at this table", field="seat")
        if table.seats[seat]["kind"] == "bot":
            raise TableError(409, "seat_is_bot", f"seat {seat} was played by a bot", field="seat")
        bot = level_bot(table.game.id, "easy")
        if bot == "random":
            raise TableError(409, "hints_off", f"{table.game.name} has no bot of its own to compare with")
        task = table.reviews.get(seat)
        if task is None or (task.done() and task.exception() is not None):
            actions = [{"seq": a["seq"], "seat": a["seat"], "action": a["action"], "by_bot": a["by_bot"]}
                       for a in table.actions]
            hub = self.hub
            task = asyncio.ensure_future(hub.pool.review(
                table.game.id, bot, seat, bot_seed(table.seed, seat), table.players, table.seed, table.options,
                actions, hub.settings.bot_limits))
            table.reviews[seat] = task
        try:
            found = await asyncio.shield(task)
        except Exception as exc:
            log.exception("table %s: the review of seat %d failed", table.id, seat)
            raise TableError(503, "no_hint", "the game could not be compared with the bot this time") from exc
        return {"seat": seat, "bot": bot, "moves": len(found), "steps": found}
