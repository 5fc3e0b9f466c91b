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


_list_iter = list.__iter__
_list_getitem = list.__getitem__
_list_setitem = list.__setitem__


class Events(list):
    """The events of one move, as an engine returns them: a list of `Event`s to every reader.

    An engine that plays many moves nobody looks at (random games, search playouts) may append plain tuples
    `(type, data)` or `(type, data, secret, seats)`, the arguments of `Event`, instead of `Event` objects;
    they become `Event`s, in place, the first time the list is read (iterated, indexed, compared, printed).
    Appending `Event` objects works as in a plain list. Only the engine appends tuples; readers always see
    `Event`s.
    """

    __slots__ = ()

    def _ready(self) -> None:
        for i, e in enumerate(_list_iter(self)):
            if e.__class__ is tuple:
                _list_setitem(self, i, Event(*e))

    def __iter__(self):
        self._ready()
        return _list_iter(self)

    def __getitem__(self, index):
        self._ready()
        return _list_getitem(self, index)

    def __reversed__(self):
        self._ready()
        return list.__reversed__(self)

    def __eq__(self, other: object) -> bool:
        self._ready()
        return list.__eq__(self, other)

    def __ne__(self, other: object) -> bool:
        return not self == other

    __hash__ = None  # type: ignore[assignment]

    def __add__(self, other):
        self._ready()
        return list(_list_iter(self)) + list(other)

    def __radd__(self, other):
        self._ready()
        return list(other) + list(_list_iter(self))

    def __repr__(self) -> str:
        self._ready()
        return list.__repr__(self)

    def copy(self) -> list:
        self._ready()
        return list(_list_iter(self))

    def index(self, *args):
        self._ready()
        return list.index(self, *args)

    def count(self, value) -> int:
        self._ready()
        return list.count(self, value)

    def __contains__(self, value) -> bool:
        self._ready()
        return list.__contains__(self, value)

    def pop(self, *args):
        self._ready()
        return list.pop(self, *args)
