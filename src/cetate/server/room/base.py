"""What every room shares: a live table (`LiveTable`), who is asking (`Auth`), a socket (`Subscriber`), a
refused request (`TableError`), the encoding of socket messages, and the few rules several rooms read.

Every room logs to `cetate.server.tables`, the hub's logger, whichever module the line comes from.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import OrderedDict, deque
from dataclasses import dataclass
from typing import Any

import orjson

from cetate.core.events import Event
from cetate.server.clock import TurnClock, real_time

log = logging.getLogger("cetate.server.tables")

CHAT_KEPT = 100  # chat lines a table keeps in memory and sends on (re)connect
TIMEOUT_EVENT = "turn_timeout"  # the journal's mark before a move a bot played for a seat out of time


class TableError(Exception):
    """A refused request: an HTTP status, a stable code, a message for people, maybe the field at fault."""

    def __init__(self, status: int, code: str, message: str, field: str | None = None) -> None:
        super().__init__(message)
        self.status = status
        self.code = code
        self.message = message
        self.field = field

    def to_dict(self) -> dict:
        doc = {"code": self.code, "message": self.message}
        if self.field is not None:
            doc["field"] = self.field
        return doc


def encode(message: dict) -> str:
    """A message for the sockets as compact JSON: orjson, or the standard library for what orjson refuses
    (an integer beyond 64 bits such as a finished table's seed; an unpaired surrogate, which cannot go out
    as UTF-8 and is escaped)."""
    try:
        return orjson.dumps(message).decode()
    except TypeError:
        text = json.dumps(message, separators=(",", ":"), ensure_ascii=False)
        try:
            text.encode("utf-8")
        except UnicodeEncodeError:
            text = json.dumps(message, separators=(",", ":"))
        return text


def utf8(text: str) -> bool:
    """Whether `text` can be written as UTF-8 (JSON's `\\ud800` escapes give strings that cannot)."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return False
    return True


def json_copy(value: Any) -> Any:
    return json.loads(json.dumps(value))


def now_iso() -> str:
    from datetime import UTC, datetime

    return datetime.now(UTC).isoformat()


def level_bot(game_id: str, level: str) -> str:
    """The bot that plays `level` in a game (`cetate.server.bots.level_bot`), looked up in
    `cetate.server.tables` at each call: tests replace it there."""
    import cetate.server.tables as tables  # not at import time: tables imports the rooms

    return tables.level_bot(game_id, level)


@dataclass(frozen=True)
class Auth:
    """Who is asking: a seat (or None: spectator or host-only token), whether it is the host; `invite`: the
    token is a seat's pending invite (it shows the table as that seat and lets its person join);
    `credential`: the hash of the token used."""

    seat: int | None = None
    host: bool = False
    token: bool = False
    invite: bool = False
    credential: str | None = None


class Subscriber:
    """One WebSocket: the seat it sees the table as, and the queue of messages waiting to be sent."""

    __slots__ = ("auth", "queue", "seat")

    def __init__(self, auth: Auth) -> None:
        self.auth = auth
        self.seat = auth.seat
        self.queue: asyncio.Queue = asyncio.Queue()


class LiveTable:
    def __init__(self, info: dict, seats: list[dict], game, state) -> None:
        self.id: str = info["id"]
        self.game = game
        self.engine_version: str = info.get("engine_version", game.engine_version)
        self.players: int = info["players"]
        self.options: dict = info.get("options") or {}
        self.seed: int | str = info["seed"]
        self.seed_chosen: bool = bool(info.get("seed_chosen"))  # by the creator (solo and bot-only tables)
        self.public: bool = bool(info.get("public"))  # listed in the lobby: anyone may take a free seat
        self.rated: bool = bool(info.get("rated"))  # its result moves its players' ratings: no hints, no take-backs
        self.status: str = info.get("status", "waiting")
        self.clock_config: dict | None = info.get("clock")
        self.host_token_hash: str | None = info.get("host_token_hash")
        self.created_at: str | None = info.get("created_at")
        self.updated_at: str | None = info.get("updated_at")
        self.seats = [dict(s) for s in seats]
        self.state = state
        self.seq = 0
        self.version = 0  # counts every change of the state (a move, a move taken back), unlike seq
        self.events: list[list[Event]] = [list(game.start_events(state))]  # by seq; 0: the set-up
        self.actions: list[dict] = []  # {seq, seat, action, by_bot, timeout, undo (may be taken back)}
        self.keys: dict[str, tuple[int, int]] = {}  # idempotency key -> (seq, seat)
        self.answers: OrderedDict[str, dict] = OrderedDict()
        self.lock = asyncio.Lock()
        self.subscribers: set[Subscriber] = set()
        self.presence: dict[int, int] = {}  # seat -> open WebSockets with that seat's token
        self.clock: TurnClock | None = (TurnClock.from_config(self.clock_config, self.players)
                                        if real_time(self.clock_config) else None)  # per_move_s: server/turns.py
        self.bot_task: asyncio.Task | None = None
        self.timer_task: asyncio.Task | None = None
        self.chat: list[dict] = []  # the last CHAT_KEPT lines, oldest first
        self.said: dict[int, deque] = {}  # seat -> monotonic times of its recent chat messages
        self.hint: dict[tuple[int, int], asyncio.Future] = {}  # (version, seat) -> the hint of that decision
        self.retracted: set[str] = set()  # idempotency keys of moves taken back (a retry must not replay one)
        self.reviews: dict[int, asyncio.Future] = {}  # seat -> its moves compared with the bot (finished games)
        self.undo_task: asyncio.Future | None = None  # the take-back check of the last move (`TakeBack.check`)
        self.views: dict = {}  # seat -> game.view at `views_version` (the base of the next update's changes)
        self.views_version = -1

    def touch(self) -> None:
        self.updated_at = now_iso()

    def human(self, seat: int) -> bool:
        return self.seats[seat]["kind"] != "bot"

    def people(self) -> list[int]:
        """The seats played by people (invited or on this device)."""
        return [s["seat"] for s in self.seats if s["kind"] != "bot"]

    def to_move(self) -> int | None:
        return self.game.to_move(self.state)

    def connected(self, seat: int) -> bool:
        return self.presence.get(seat, 0) > 0


def mover(table: LiveTable) -> int | None:
    """The seat to move while the table plays (None before it starts and once it is over)."""
    return table.to_move() if table.status == "playing" else None


def private(table: LiveTable) -> bool:
    """A game against bots or on one device: fewer than two invited (`human`) seats, and not rated. Hints and
    taking moves back are only for those; between friends neither could tell whether the other plays alone,
    and a rated game counts for everyone."""
    return not table.rated and sum(1 for s in table.seats if s["kind"] == "human") < 2


def check_turn(table: LiveTable, seat: int) -> None:
    """Refuse (409) a request that needs `seat` to be a person's seat whose decision is pending now."""
    if table.status == "waiting":
        raise TableError(409, "table_not_started", "the table has not started yet")
    if table.status == "over" or table.to_move() is None:
        raise TableError(409, "game_over", "the game is over")
    if not table.human(seat):
        raise TableError(409, "seat_is_bot", f"seat {seat} is played by a bot now")
    if table.to_move() != seat:
        raise TableError(409, "not_your_turn", "it is not your turn")
