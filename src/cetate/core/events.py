"""Structured events with visibility.

An event has a `type`, a public part `data` that everybody may see, and optionally a `secret` part that
only the seats in `seats` may see (the cards a player drew, the character they picked). Clients never
receive an `Event` object: they receive `event.view(seat)`, which is the redaction for that receiver.
"""

from __future__ import annotations


class Event:
    __slots__ = ("data", "seats", "secret", "type")

    def __init__(self, type: str, data: dict | None = None, secret: dict | None = None,
                 seats: tuple[int, ...] = ()) -> None:
        self.type = type
        self.data = data if data is not None else {}
        self.secret = secret
        self.seats = seats

    def view(self, seat: int | None) -> dict:
        """The event as `seat` may see it (`None` = spectator). Secret fields appear only for their seats."""
        doc = {"type": self.type, **self.data}
        if self.secret is not None and seat is not None and seat in self.seats:
            doc.update(self.secret)
        return doc

    def to_dict(self) -> dict:
        """Full form, for logs kept inside the server (never sent to clients as is)."""
        doc = {"type": self.type, "data": self.data}
        if self.secret is not None:
            doc["secret"] = self.secret
            doc["seats"] = list(self.seats)
        return doc

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Event) and self.type == other.type and self.data == other.data
                and self.secret == other.secret and tuple(self.seats) == tuple(other.seats))

    def __repr__(self) -> str:
        extra = f", secret={self.secret!r}, seats={self.seats!r}" if self.secret is not None else ""
        return f"Event({self.type!r}, {self.data!r}{extra})"
