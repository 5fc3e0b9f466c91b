"""The projector: what each receiver sees of a table. The hub keeps the full events (`Event`, with their
secret parts) and redacts them for each receiver when it sends them: `game.view(state, seat)`,
`game.event_view(event, seat)`, spectators being seat `None`.

It makes the per-receiver documents (the summary, the snapshot of `GET /api/tables/{id}` and the socket's
`sync`, the journal, a mover's answer, the `update` after a move) and sends them to the table's sockets,
which it also counts by seat (`subscribe`, `unsubscribe`, `presence`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from cetate.server.room.base import Auth, LiveTable, Subscriber, encode, mover
from cetate.server.room.services.hints import hints_allowed
from cetate.server.room.services.takeback import undo_seat

if TYPE_CHECKING:
    from cetate.server.tables import TableHub

# what an `update` carries of the table summary (the rest changes only with a `sync`: seats, options, hints)
UPDATE_FIELDS = ("status", "to_move", "undo", "clock", "seq", "updated_at", "result", "seed")
_NO_VIEW = object()


def view(table: LiveTable, seat: int | None) -> dict:
    """`game.view` of the table's state for `seat`, kept for this version of the state: the next update
    sends each receiver only the parts of its view that changed (`Projector.broadcast_update`)."""
    if table.views_version != table.version:
        table.views, table.views_version = {}, table.version
    found = table.views.get(seat, _NO_VIEW)
    if found is _NO_VIEW:
        found = table.views[seat] = table.game.view(table.state, seat)
    return found


def legal_for(table: LiveTable, seat: int | None) -> list[dict]:
    if seat is None or table.status != "playing" or not table.human(seat) or table.to_move() != seat:
        return []
    return table.game.legal_actions(table.state)


def moves_for(table: LiveTable, seat: int | None) -> dict:
    """What `seat` may play now and what each of those moves costs and does, as the engine says
    (`legal_actions`, and `action_notes` aligned with it: `Game.annotate`)."""
    legal = legal_for(table, seat)
    notes = table.game.annotate(table.state, seat, legal) if legal else []
    return {"legal_actions": legal, "action_notes": notes}


def journal(table: LiveTable, seat: int | None, since_seq: int = 0) -> list[dict]:
    event_view = table.game.event_view
    return [{**event_view(e, seat), "seq": s} for s in range(since_seq, len(table.events)) for e in table.events[s]]


def presence(table: LiveTable) -> dict:
    """Which seats have a WebSocket open now (`connected`), for every receiver alike."""
    return {"type": "presence", "seats": [{"seat": s["seat"], "connected": table.connected(s["seat"])}
                                          for s in table.seats]}


class Projector:
    """The documents each receiver gets, and the table's sockets."""

    def __init__(self, hub: TableHub) -> None:
        self.hub = hub

    # -- documents ----------------------------------------------------------------------------------
    def summary(self, table: LiveTable) -> dict:
        doc = {
            "id": table.id,
            "game": table.game.id,
            "status": table.status,
            "players": table.players,
            "seats": [{"seat": s["seat"], "kind": s["kind"], "name": s.get("name"), "joined": bool(s.get("joined")),
                       "bot": s.get("bot"), "level": s.get("level"), "connected": table.connected(s["seat"])}
                      for s in table.seats],
            "to_move": mover(table),
            "hints": hints_allowed(table),
            "undo": undo_seat(table),
            "clock": table.clock.to_json() if table.clock is not None else self._turn_clock(table),
            "seq": table.seq,
            "seed_chosen": table.seed_chosen,
            "created_at": table.created_at,
            "updated_at": table.updated_at,
        }
        if table.status == "over":
            doc["result"] = table.game.result(table.state)
            doc["seed"] = table.seed  # the seed reveals every card: public only once the game is over
        return doc

    def _turn_clock(self, table: LiveTable) -> dict | None:
        """A turn-based table's clock (time per move, its deadline: server/turns.py)."""
        turns = getattr(self.hub, "turns", None)
        return turns.clock(table) if turns is not None and table.clock_config else table.clock_config

    def snapshot(self, table: LiveTable, auth: Auth) -> dict:
        """The table as `auth` may see it: for `GET /api/tables/{id}` and the WebSocket's `sync`."""
        return {"table": self.summary(table), "seat": auth.seat, "host": auth.host,
                "view": view(table, auth.seat), "journal": journal(table, auth.seat),
                **moves_for(table, auth.seat), "chat": list(table.chat)}

    def answer(self, table: LiveTable, seat: int, seq: int) -> dict:
        """A mover's answer to its move `seq`: the move's events and the view as that seat sees them."""
        event_view = table.game.event_view
        return {"seq": seq, "events": [{**event_view(e, seat), "seq": seq} for e in table.events[seq]],
                "view": table.game.view(table.state, seat), **moves_for(table, seat)}

    # -- sockets ------------------------------------------------------------------------------------
    def subscribe(self, table: LiveTable, auth: Auth) -> Subscriber:
        sub = Subscriber(auth)
        self.attach(table, sub)
        return sub

    def attach(self, table: LiveTable, sub: Any) -> None:
        """Add a socket (here, or at another worker: `cluster.RemoteSubscriber`); it gets a `sync` first."""
        auth = sub.auth
        came = auth.seat is not None and not table.connected(auth.seat)
        if auth.seat is not None:
            table.presence[auth.seat] = table.presence.get(auth.seat, 0) + 1
        if came:  # the others learn it; the new socket sees it in its sync
            self.broadcast_presence(table)
        sub.queue.put_nowait({"type": "sync", **self.snapshot(table, auth)})
        table.subscribers.add(sub)

    def unsubscribe(self, table: LiveTable, sub: Subscriber) -> None:
        if sub not in table.subscribers:
            return
        table.subscribers.discard(sub)
        seat = sub.auth.seat
        if seat is not None:
            left = table.presence.get(seat, 0) - 1
            if left > 0:
                table.presence[seat] = left
            else:
                table.presence.pop(seat, None)
                self.broadcast_presence(table)

    # -- broadcasts ---------------------------------------------------------------------------------
    def broadcast_presence(self, table: LiveTable) -> None:
        self.broadcast_all(table, presence(table))

    def broadcast(self, table: LiveTable, make) -> None:
        """`make(seat)` for each receiving seat (spectators: None), made and encoded once per seat."""
        cache: dict = {}
        for sub in list(table.subscribers):
            if sub.seat not in cache:
                cache[sub.seat] = encode(make(sub.seat))
            sub.queue.put_nowait(cache[sub.seat])

    def broadcast_all(self, table: LiveTable, message: dict) -> None:
        """The same `message` (not encoded) to every socket of the table."""
        for sub in list(table.subscribers):
            sub.queue.put_nowait(message)

    def broadcast_sync(self, table: LiveTable) -> None:
        for sub in list(table.subscribers):
            sub.queue.put_nowait({"type": "sync", **self.snapshot(table, sub.auth)})

    def broadcast_update(self, table: LiveTable, seat: int, by_bot: bool, timeout: bool) -> None:
        """The `update` after a move, made once per receiving seat. It carries what changed: the move's events,
        the legal actions, the table summary's changing fields (`UPDATE_FIELDS`; the rest comes with `sync`)
        and the receiver's view as `view_changes` (its top-level keys whose value changed since the view
        this seat was last sent, at the version before) and `view_removed`; the full `view` when that
        earlier view is not known."""
        summary = self.summary(table)
        changing = {k: summary[k] for k in UPDATE_FIELDS if k in summary}
        event_view = table.game.event_view
        earlier = table.views if table.views_version == table.version - 1 else {}

        def make(receiver: int | None) -> dict:
            message = {"type": "update", "seq": table.seq,
                       "last_action": {"seat": seat, "by_bot": by_bot, "timeout": timeout},
                       "events": [{**event_view(e, receiver), "seq": table.seq} for e in table.events[table.seq]],
                       **moves_for(table, receiver), "table": changing}
            seen = view(table, receiver)
            before = earlier.get(receiver, _NO_VIEW)
            if before is _NO_VIEW:
                message["view"] = seen
            else:
                message["view_changes"] = {k: v for k, v in seen.items() if before.get(k, _NO_VIEW) != v}
                removed = [k for k in before if k not in seen]
                if removed:
                    message["view_removed"] = removed
            return message

        self.broadcast(table, make)
