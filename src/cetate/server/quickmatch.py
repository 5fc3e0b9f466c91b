"""Quick match (docs/accounts.md, "Quick match"): a signed-in person asks for a game of a given player count
and is seated with people of a close rating, or, after a wait they choose, with bots in the seats nobody
took.

The queue lives in the database (`cetate.server.storage.quickmatch`), so a cluster's workers match from one
queue: whichever worker answers a waiting page tries a match, takes the group's rows in a locked transaction,
makes the rated table itself and seats everyone. The pages poll `GET /api/quick`; a matched page asks for its
seat's token with `POST /api/account/seat` (the seat is its account's) and opens the table.
"""

from __future__ import annotations

import asyncio
import logging
import random
from typing import Annotated

from fastapi import APIRouter, Depends, Query, Request
from pydantic import BaseModel, ConfigDict, Field, StrictInt, StrictStr

from cetate import games as registry
from cetate.server import accounts
from cetate.server.errors import ERRORS
from cetate.server.room.base import TableError
from cetate.server.storage import quickmatch as queue

log = logging.getLogger("cetate.server.quickmatch")

BOTS_AFTER_MAX_S = 600
BOT_LEVEL = "normal"
# a quick match is played live: each person has 10 minutes plus 15 s a move, so that a player who leaves (a closed
# tab, a lost connection) holds nobody up: when their time is out, the easy bot plays for them (server/clock.py)
CLOCK = {"initial_s": 600, "increment_s": 15}

router = APIRouter(prefix="/api/quick", tags=["quick match"], responses=ERRORS)


class QuickAsk(BaseModel):
    model_config = ConfigDict(extra="forbid")

    game: StrictStr = Field(..., min_length=1, max_length=64, description="a game id (GET /api/games)")
    players: StrictInt = Field(..., description="the table's player count, within the game's range")
    bots_after_s: StrictInt | None = Field(None, ge=0, le=BOTS_AFTER_MAX_S,
                                           description="fill the seats nobody took with bots after this many "
                                                       "seconds of waiting (null: wait for people only)")


_CODES = {"already_queued": 409, "not_queued": 404, "already_matched": 409}


def _refuse(exc: queue.QuickError) -> TableError:
    return TableError(_CODES.get(exc.code, 409), exc.code, exc.message)


def _check(game_id: str, players: int):
    try:
        game = registry.get(game_id)
    except registry.UnknownGame as exc:
        raise TableError(404, "unknown_game", exc.message, field="game") from exc
    if players < 2 or not game.num_players_ok(players):  # a quick match seats people together: no solo queue
        raise TableError(422, "bad_players", f"a quick match of {game.name} is for {max(2, game.min_players)} to "
                         f"{game.max_players} players, not {players}", field="players")
    return game


async def seat_group(request: Request, group: dict) -> str:
    """Make the rated table for a claimed group and seat everyone: the people in a shuffled order, then bots;
    each person's seat is their account's. Returns the table's id; on failure the group waits again."""
    app = request.app
    store, hub = app.state.store, app.state.hub
    service = accounts.accounts_of(request)
    members = list(group["members"])
    random.SystemRandom().shuffle(members)
    seats = [{"kind": "human", "name": m["display_name"]} for m in members]
    seats += [{"kind": "bot", "level": BOT_LEVEL}] * group["bots"]
    try:
        table, tokens, _host = await hub.create(group["game"], group["players"], {}, seats, None, dict(CLOCK), rated=True,
                                                user_id=members[0]["user_id"], public=False)
        for i, member in enumerate(members[1:], start=1):  # each invite spent at once: the table starts
            await hub.call(table.id, "join", tokens[i], {"name": member["display_name"]})
            await asyncio.to_thread(service.store.claim_seats, member["user_id"], [(table.id, i)])
    except BaseException:
        await asyncio.to_thread(queue.release, store, [m["user_id"] for m in members])
        raise
    await asyncio.to_thread(queue.settle, store, {m["user_id"]: i for i, m in enumerate(members)}, table.id)
    log.info("quick match: %s at %d, %d people and %d bots, table %s", group["game"], group["players"],
             len(members), group["bots"], table.id)
    return table.id


async def attempt(request: Request, game: str, players: int, fill_for: str | None = None) -> str | None:
    """Try to make one group from the queue and seat it; the new table's id, or None."""
    store = request.app.state.store
    group = await asyncio.to_thread(queue.claim_group, store, game, players, fill_for)
    if group is None:
        return None
    return await seat_group(request, group)


User = Annotated[dict, Depends(accounts.signed_in)]
Reader = Annotated[dict, Depends(accounts.signed_in_read)]


@router.post("", status_code=201, summary="Wait for a quick match (signed in)")
async def join_queue(request: Request, body: QuickAsk, user: User) -> dict:
    """Joins the queue of a game and player count, and tries a match at once. The answer is the ticket of
    `GET /api/quick`."""
    _check(body.game, body.players)
    store = request.app.state.store
    try:
        await asyncio.to_thread(queue.enqueue, store, user["id"], body.game, body.players, body.bots_after_s)
    except queue.QuickError as exc:
        raise _refuse(exc) from None
    await attempt(request, body.game, body.players)
    return await asyncio.to_thread(queue.ticket, store, user["id"])


@router.get("", summary="Your quick-match ticket: waiting, or the table you were seated at")
async def my_ticket(request: Request, user: Reader) -> dict:
    """`{status: none | waiting | matching | matched, game, players, rating, gap, waited_s, queue, table_id,
    seat}`. The waiting page asks every few seconds: each ask keeps its place (a page silent for 30 s leaves
    the queue) and tries a match."""
    store = request.app.state.store
    doc = await asyncio.to_thread(queue.ticket, store, user["id"])
    if doc is None:
        return {"status": "none"}
    if doc["status"] == "waiting" and await attempt(request, doc["game"], doc["players"]):
        doc = await asyncio.to_thread(queue.ticket, store, user["id"], seen=False) or {"status": "none"}
    return doc


@router.post("/bots", summary="Play now: whoever waits and fits, bots in the other seats")
async def fill_with_bots(request: Request, user: User) -> dict:
    store = request.app.state.store
    doc = await asyncio.to_thread(queue.ticket, store, user["id"])
    if doc is None or doc["status"] != "waiting":
        if doc is not None and doc["status"] in ("matching", "matched"):
            raise TableError(409, "already_matched", "you have been seated at a table already")
        raise TableError(404, "not_queued", "you are not waiting for a quick match")
    await attempt(request, doc["game"], doc["players"], fill_for=user["id"])
    return await asyncio.to_thread(queue.ticket, store, user["id"], seen=False) or {"status": "none"}


@router.post("/cancel", summary="Leave the quick-match queue")
async def cancel(request: Request, user: User) -> dict:
    try:
        return await asyncio.to_thread(queue.cancel, request.app.state.store, user["id"])
    except queue.QuickError as exc:
        raise _refuse(exc) from None


@router.get("/queues", summary="How many people wait in each quick-match queue")
async def queues(request: Request, game: Annotated[str | None, Query(max_length=64)] = None) -> dict:
    if game is not None:
        try:
            registry.get(game)
        except registry.UnknownGame as exc:
            raise TableError(404, "unknown_game", exc.message, field="game") from exc
    return {"queues": await asyncio.to_thread(queue.queued, request.app.state.store, game)}
