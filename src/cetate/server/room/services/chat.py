"""The table's chat: lines from its seated players, stored with the table and sent to every socket
(spectators too), with a per-seat limit on bursts."""

from __future__ import annotations

import asyncio
import time
from collections import deque
from typing import TYPE_CHECKING, Any

from cetate.server.room.base import CHAT_KEPT, Auth, LiveTable, TableError, utf8

if TYPE_CHECKING:
    from cetate.server.tables import TableHub

CHAT_MAX = 300  # characters in a chat message
CHAT_BURST, CHAT_WINDOW_S = 5, 10.0  # at most 5 messages per seat in 10 seconds


class Chat:
    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    async def say(self, table: LiveTable, auth: Auth, text: Any) -> dict:
        """A chat line from `auth`'s seat, stored and sent to every socket of the table (spectators too):
        `{"type": "chat", "line": {n, seat, name, text, at}}`. Only a seated player writes; the text is
        1 to CHAT_MAX characters once trimmed; a seat may send CHAT_BURST messages per CHAT_WINDOW_S."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "only a player seated at this table can write in its chat")
        text = text.strip() if isinstance(text, str) else ""
        if not text:
            raise TableError(422, "empty_message", "a chat message needs some text", field="text")
        if not utf8(text):
            raise TableError(422, "bad_text", "a chat message must be valid Unicode text (it holds an unpaired "
                             "surrogate)", field="text")
        if len(text) > CHAT_MAX:
            raise TableError(422, "message_too_long", f"a chat message has at most {CHAT_MAX} characters, "
                             f"not {len(text)}", field="text")
        now = time.monotonic()
        recent = table.said.setdefault(auth.seat, deque())
        while recent and now - recent[0] > CHAT_WINDOW_S:
            recent.popleft()
        if len(recent) >= CHAT_BURST:
            raise TableError(429, "too_many_messages", f"at most {CHAT_BURST} messages in {CHAT_WINDOW_S:g} "
                             "seconds: wait a moment")
        recent.append(now)
        self.hub.seating.check_playing(table, auth)
        return await self.hub.actor.serial(table, self._say, auth.seat, text)

    async def _say(self, table: LiveTable, seat: int, text: str) -> dict:
        name = table.seats[seat].get("name")
        line = await asyncio.to_thread(self.hub.store.add_chat, table.id, seat, name, text)
        table.chat.append(line)
        del table.chat[:-CHAT_KEPT]
        self.hub.projector.broadcast_all(table, {"type": "chat", "line": line})
        return line
