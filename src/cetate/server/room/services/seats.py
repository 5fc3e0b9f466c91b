"""Seats, tokens and invites: who holds which seat (`authenticate`, `check_playing`), the seats a new table
asks for (`seat_spec`), joining with an invite, a new invite link for a seat, starting a table, and handing
a seat to a bot."""

from __future__ import annotations

import asyncio
import hashlib
import hmac
import secrets
from typing import TYPE_CHECKING

from cetate.server.bots import LEVELS, game_bots
from cetate.server.room.base import Auth, LiveTable, TableError, level_bot, utf8
from cetate.server.storage import InviteNotPending

if TYPE_CHECKING:
    from cetate.server.tables import TableHub

KINDS = ("human", "hotseat", "bot")
NAME_MAX = 40


def new_token() -> str:
    return secrets.token_urlsafe(32)


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def invite(token: str, host: bool = False) -> dict:
    """A pending invite credential for `token` (`host`: a link to the host's own seat)."""
    return {"token_hash": hash_token(token), "kind": "invite", "state": "active", "host": host}


def spent(seat: int) -> TableError:
    return TableError(409, "invite_spent", f"this invite link was already used: seat {seat} is taken by the "
                      "person who joined with it. You can still watch the table as a spectator (open it without "
                      "the link); if the seat is yours, ask the host for a new link")


def revoked(seat: int) -> TableError:
    return TableError(401, "token_revoked", f"the host gave seat {seat} a new invite link, so this link (or "
                      "this device's token for the seat) no longer works: ask the host for the new link, or "
                      "watch the table as a spectator")


def check_credential(seat: int, cred: dict) -> None:
    """Refuse a seat credential that no longer holds its seat: a revoked one, or an invite already spent."""
    if cred["state"] == "revoked":
        raise revoked(seat)
    if cred["state"] != "active":
        raise spent(seat)


def bot_choice(game, bot: str | None, level: str | None, prefix: str) -> tuple[str, str | None]:
    """The bot (by name) and level of a bot seat, from what was asked: a level's bot, or a named one."""
    def field(name: str) -> str:
        return f"{prefix}.{name}" if prefix else name

    if level is not None and level not in LEVELS:
        raise TableError(422, "bad_level", f"level must be one of {', '.join(LEVELS)}, not {level!r}",
                         field=field("level"))
    if bot is None:  # the level's bot, stored by name: a resumed table plays with the same bot
        level = level or "normal"
        return level_bot(game.id, level), level
    known = game_bots(game.id)
    if bot not in known:
        raise TableError(422, "unknown_bot", f"unknown bot {bot!r} for {game.name}; known bots: "
                         f"{', '.join(known)}", field=field("bot"))
    return bot, level


def seat_spec(game, i: int, spec: dict) -> dict:
    """Seat `i` of a new table as asked (`{kind, bot?, level?, name?}`), checked: `{kind, bot, level, name}`."""
    kind = spec.get("kind") or "human"
    bot, level, name = spec.get("bot"), spec.get("level"), spec.get("name")
    if kind not in KINDS:
        raise TableError(422, "bad_seat", f"seat {i}: kind must be one of {', '.join(KINDS)}, not {kind!r}",
                         field=f"seats.{i}.kind")
    if level is not None and level not in LEVELS:
        raise TableError(422, "bad_level", f"seat {i}: level must be one of {', '.join(LEVELS)}, "
                         f"not {level!r}", field=f"seats.{i}.level")
    if kind != "bot" and (bot is not None or level is not None):
        raise TableError(422, "bad_seat", f"seat {i}: only a bot seat takes a bot or a level",
                         field=f"seats.{i}.bot" if bot is not None else f"seats.{i}.level")
    if kind == "bot":
        bot, level = bot_choice(game, bot, level, f"seats.{i}")
    if name is not None:
        if not utf8(name):
            raise TableError(422, "bad_name", f"seat {i}: a name must be valid Unicode text",
                             field=f"seats.{i}.name")
        name = name.strip()[:NAME_MAX] or None
    return {"kind": kind, "bot": bot, "level": level, "name": name}


class Seating:
    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    # -- who is asking ------------------------------------------------------------------------------
    def authenticate(self, table: LiveTable, token: str | None, required: bool = False) -> Auth:
        """The seat (and host right) of `token` at `table`. No token: a spectator, unless `required`.

        A seat's own token (the creator's, a hot seat's, a device's credential given when its person joined,
        or any seat's at a table made before invites were spent) holds the seat; so does a pending invite,
        marked `invite`, until its person joins. A spent invite answers 409 `invite_spent`, a token the host
        replaced with a new link 401 `token_revoked`."""
        if not token:
            if required:
                raise TableError(401, "missing_token", "this request needs the token of a seat "
                                 "(Authorization: Bearer <token>, or ?token=)")
            return Auth()
        digest = hash_token(token)
        host = table.host_token_hash is not None and hmac.compare_digest(digest, table.host_token_hash)
        for seat in table.seats:
            if seat.get("token_hash") and hmac.compare_digest(digest, seat["token_hash"]):
                return Auth(seat=seat["seat"], host=host, token=True, credential=digest)
        for seat in table.seats:
            for cred in seat.get("credentials") or ():
                if hmac.compare_digest(digest, cred["token_hash"]):
                    check_credential(seat["seat"], cred)
                    if cred["kind"] == "invite":
                        return Auth(seat=seat["seat"], token=True, invite=True, credential=digest)
                    return Auth(seat=seat["seat"], host=host or bool(cred.get("host")), token=True,
                                credential=digest)
        if host:
            return Auth(seat=None, host=True, token=True)
        raise TableError(401, "bad_token", "this token does not belong to this table")

    def check_playing(self, table: LiveTable, auth: Auth) -> None:
        """Refuse a caller that may look but not play (a move, a chat line): a pending invite must be used to
        join first (403 `join_first`), and a credential that was revoked or spent after the caller's socket
        opened no longer holds the seat (401 `token_revoked`, 409 `invite_spent`)."""
        if auth.invite:
            raise TableError(403, "join_first", "this is an invite link: join the table with it first "
                             "(POST /api/tables/{table_id}/join), then use the seat's own token from the answer")
        digest = auth.credential
        if digest is None or auth.seat is None:
            return
        seat = table.seats[auth.seat]
        if seat.get("token_hash") and hmac.compare_digest(digest, seat["token_hash"]):
            return
        for cred in seat.get("credentials") or ():
            if hmac.compare_digest(digest, cred["token_hash"]):
                check_credential(auth.seat, cred)
                return
        raise revoked(auth.seat)

    # -- joining and invites ------------------------------------------------------------------------
    async def join(self, table: LiveTable, auth: Auth, name: str | None) -> str | None:
        """Take `auth`'s seat (giving a name). With a pending invite, the invite is spent and this device gets
        the seat's own credential, returned (the invite no longer holds the seat); with the seat's own token,
        None (that token stays the seat's)."""
        if auth.seat is None:
            raise TableError(403, "no_seat", "this token holds no seat at this table")
        if name and not utf8(name):
            raise TableError(422, "bad_name", "a name must be valid Unicode text", field="name")
        name = name.strip()[:NAME_MAX] if name else None
        return await self.hub.actor.serial(table, self._join, auth.seat, name,
                                           auth.credential if auth.invite else None)

    async def device_for_account(self, table: LiveTable, seat: int) -> str:
        """A new device token for `seat`, asked by the account that plays it (the API checked that) from a
        device that holds no token of the seat. The seat's other tokens keep working; the host's own seat
        keeps its host right on the new device too."""
        if not 0 <= seat < table.players:
            raise TableError(404, "unknown_seat", f"there is no seat {seat}", field="seat")
        return await self.hub.actor.serial(table, self._device_for_account, seat)

    async def _device_for_account(self, table: LiveTable, seat: int) -> str:
        row = table.seats[seat]
        if row["kind"] != "human" or not row.get("joined"):
            raise TableError(409, "seat_not_yours", f"seat {seat} is not a seat your account has joined",
                             field="seat")
        own = bool(row.get("token_hash")) and table.host_token_hash is not None and hmac.compare_digest(
            row["token_hash"], table.host_token_hash)
        host = own or any(c.get("host") and c["kind"] == "device" and c["state"] == "active"
                          for c in row.get("credentials") or ())
        token = new_token()
        device = {"token_hash": hash_token(token), "kind": "device", "state": "active", "host": host}
        await asyncio.to_thread(self.hub.store.add_device, table.id, seat, device["token_hash"], host)
        row.setdefault("credentials", []).append(device)
        return token

    async def sit(self, table: LiveTable, name: str | None) -> tuple[int, str]:
        """Take a free seat of a public table (one click in the lobby): the first invited seat whose invite
        nobody has used is joined as if with that invite. Returns the seat and this device's own token."""
        if not table.public:
            raise TableError(403, "not_public", "this table is not in the public lobby: it needs an invite link")
        if name and not utf8(name):
            raise TableError(422, "bad_name", "a name must be valid Unicode text", field="name")
        name = name.strip()[:NAME_MAX] if name else None
        return await self.hub.actor.serial(table, self._sit, name)

    async def _sit(self, table: LiveTable, name: str | None) -> tuple[int, str]:
        if table.status != "waiting":
            raise TableError(409, "table_started", "this table has started: choose another in the lobby")
        for row in table.seats:
            if row["kind"] != "human" or row.get("joined"):
                continue
            cred = next((c for c in row.get("credentials") or () if c["kind"] == "invite" and c["state"] == "active"),
                        None)
            if cred is not None:
                return row["seat"], await self._join(table, row["seat"], name, cred["token_hash"])
        raise TableError(409, "table_full", "every seat of this table is taken: choose another in the lobby")

    async def _join(self, table: LiveTable, seat: int, name: str | None, invite: str | None = None) -> str | None:
        store = self.hub.store
        fields: dict = {"joined": True}
        if name:
            fields["name"] = name
        token = None
        if invite is None:
            await asyncio.to_thread(store.update_seat, table.id, seat, **fields)
        else:  # checked again under the table's lock: two devices may have raced with one link
            cred = next(c for c in table.seats[seat]["credentials"] if c["token_hash"] == invite)
            check_credential(seat, cred)
            token = new_token()
            device = {"token_hash": hash_token(token), "kind": "device", "state": "active", "host": cred["host"]}
            try:
                await asyncio.to_thread(store.spend_invite, table.id, seat, invite, device["token_hash"],
                                        **fields)
            except InviteNotPending as exc:
                raise spent(seat) from exc
            cred["state"] = "spent"
            table.seats[seat]["credentials"].append(device)
        table.seats[seat].update(fields)
        table.touch()
        if table.status == "waiting" and all(s["joined"] for s in table.seats):
            await self._start(table)
        else:
            self.hub.projector.broadcast_sync(table)
        return token

    async def reissue_invite(self, table: LiveTable, auth: Auth, seat: int) -> str:
        """A new invite link for an invited (`human`) seat, asked by the host; returns its token. The seat's
        earlier invite (pending or spent) and the tokens of the devices that joined with it stop working
        (401 `token_revoked`; their sockets get that error and close), and the seat shows as not connected
        until the new link is used. The game goes on meanwhile. For the host's own seat it is a link to
        open that seat on another device: the host's token keeps working, and the device that joins with
        the link holds the seat and the host's right. Hot-seat and bot seats get none (409)."""
        if not auth.host:
            raise TableError(403, "not_host", "only the host may give a seat a new invite link")
        if not 0 <= seat < table.players:
            raise TableError(404, "unknown_seat", f"there is no seat {seat} (seats are 0 to {table.players - 1})",
                             field="seat")
        return await self.hub.actor.serial(table, self._reissue_invite, seat)

    async def _reissue_invite(self, table: LiveTable, seat: int) -> str:
        row = table.seats[seat]
        if row["kind"] != "human":
            what = "played by a bot" if row["kind"] == "bot" else "played on the host's device (hot seat)"
            raise TableError(409, "seat_not_invited", f"seat {seat} is {what}: only a seat played by an invited "
                             "person gets an invite link", field="seat")
        if table.status == "over":
            raise TableError(409, "game_over", "the game is over: anyone can watch it and its replay without a link")
        own = bool(row.get("token_hash")) and table.host_token_hash is not None and hmac.compare_digest(
            row["token_hash"], table.host_token_hash)
        token = new_token()
        fresh = invite(token, host=own)
        gone = set(await asyncio.to_thread(self.hub.store.reissue_invite, table.id, seat, fresh["token_hash"],
                                           own, not own))
        creds = row.setdefault("credentials", [])
        for cred in creds:
            if cred["token_hash"] in gone:
                cred["state"] = "revoked"
        old = row.get("token_hash")
        if not own and old:
            if not any(c["token_hash"] == old for c in creds):
                creds.append({"token_hash": old, "kind": "device", "state": "revoked", "host": False})
            row["token_hash"] = None
        creds.append(fresh)
        table.touch()
        error = {"type": "error", **revoked(seat).to_dict(), "key": None}
        projector = self.hub.projector
        for sub in list(table.subscribers):  # the devices that held the seat leave it now
            if sub.auth.credential in gone:
                projector.unsubscribe(table, sub)
                sub.queue.put_nowait(error)
                sub.queue.put_nowait(None)
        return token

    # -- starting, and bots in people's seats -------------------------------------------------------
    async def start(self, table: LiveTable, auth: Auth) -> None:
        if not auth.host:
            raise TableError(403, "not_host", "only the host may start the table")
        await self.hub.actor.serial(table, self._host_start)

    async def _host_start(self, table: LiveTable) -> None:
        if table.status != "waiting":
            raise TableError(409, "already_started", f"the table is already {table.status}")
        await self._start(table)

    async def _start(self, table: LiveTable) -> None:
        await asyncio.to_thread(self.hub.store.set_status, table.id, "playing")
        table.status = "playing"
        table.touch()
        self.hub.projector.broadcast_sync(table)
        self.hub.scheduler.schedule(table)

    async def seat_to_bot(self, table: LiveTable, auth: Auth, seat: int, bot: str | None,
                          level: str | None) -> None:
        if not auth.host:
            raise TableError(403, "not_host", "only the host may hand a seat to a bot")
        if not 0 <= seat < table.players:
            raise TableError(404, "unknown_seat", f"there is no seat {seat} (seats are 0 to {table.players - 1})",
                             field="seat")
        bot, level = bot_choice(table.game, bot, level, "")
        await self.hub.actor.serial(table, self._seat_to_bot, seat, bot, level)

    async def _seat_to_bot(self, table: LiveTable, seat: int, bot: str, level: str | None) -> None:
        if table.status == "over":
            raise TableError(409, "game_over", "the game is over")
        if table.seats[seat]["kind"] == "bot":
            raise TableError(409, "already_bot", f"seat {seat} is already played by a bot")
        fields = {"kind": "bot", "bot": bot, "level": level, "joined": True}
        await asyncio.to_thread(self.hub.store.update_seat, table.id, seat, **fields)
        table.seats[seat].update(fields)
        table.touch()
        stopped = None
        if table.clock is not None and table.clock.running == seat:
            stopped = table.clock.stop()
        if table.status == "waiting" and all(s["joined"] for s in table.seats):
            await self._start(table)
        else:
            self.hub.projector.broadcast_sync(table)
            self.hub.scheduler.schedule(table, stopped)
