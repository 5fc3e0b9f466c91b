"""Numbers for learning: a game's actions on a fixed integer range, a seat's view as a fixed-length vector.

This is what reinforcement-learning code (`cetate.rl`, or any other library) needs from a game: a policy
outputs one of `codec.size` integers, the legal ones are marked in a mask, and the observation has the
same length at every decision. A game offers it through the optional protocol hook
`encoder(players, options) -> Encoder` (see `cetate.core.protocol.Game.encoder`); the kernel knows no
game, and this module needs nothing beyond the standard library.

An `ActionCodec` is a list of *families*, one per action type, each with the finite, ordered domains of
its fields; an action's index is its family's offset plus the mixed-radix number of its field values. So
an index always means the same action, whatever the state (what changes is which indices are legal).
A value outside its field's domain has no index (`index` returns None): Akropolis, for instance, numbers
the cells of a large window around the starting tile, and a placement beyond it is not offered to a
learner (docs/rl.md).

The observation is built from `game.view(state, seat)` only, so it can hold nothing the seat may not know.
"""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

Action = dict[str, Any]


class ActionCodec:
    """A bijection between the actions of a game and `range(size)` (see the module doc).

    `families` lists `(type, ((field, domain), ...))`; a domain is a sequence of the field's possible
    values, in a fixed order. A family without fields is one index (`take_gold`)."""

    def __init__(self, families: Sequence[tuple[str, Sequence[tuple[str, Sequence[Any]]]]]) -> None:
        self.families: list[tuple[str, tuple[str, ...], tuple[tuple[Any, ...], ...], int]] = []
        self._by_type: dict[str, tuple[int, tuple[str, ...], tuple[dict, ...], tuple[int, ...]]] = {}
        offset = 0
        for kind, fields in families:
            if kind in self._by_type:
                raise ValueError(f"action type {kind!r} is listed twice")
            names = tuple(name for name, _ in fields)
            domains = tuple(tuple(domain) for _, domain in fields)
            lookups = tuple({value: i for i, value in enumerate(domain)} for domain in domains)
            for name, domain, pos in zip(names, domains, lookups, strict=True):
                if not domain or len(pos) != len(domain):
                    raise ValueError(f"field {name!r} of {kind!r} needs a non-empty domain without repeats")
            radices = tuple(len(d) for d in domains)
            count = 1
            for r in radices:
                count *= r
            self.families.append((kind, names, domains, offset))
            self._by_type[kind] = (offset, names, lookups, radices)
            offset += count
        self.size = offset
        self._starts = [f[3] for f in self.families]

    def index(self, action: Action) -> int | None:
        """The action's integer, or None when its type is unknown or a field value lies outside its domain.
        Fields not named by the family are ignored."""
        if not isinstance(action, dict):
            return None
        entry = self._by_type.get(action.get("type"))
        if entry is None:
            return None
        offset, names, lookups, radices = entry
        number = 0
        for name, pos, radix in zip(names, lookups, radices, strict=True):
            try:
                p = pos.get(action.get(name))
            except TypeError:  # an unhashable value (a list) is in no domain
                return None
            if p is None:
                return None
            number = number * radix + p
        return offset + number

    def action(self, index: int) -> Action:
        """The action numbered `index` (the inverse of `index`); ValueError outside `range(size)`."""
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < self.size:
            raise ValueError(f"action index {index!r} is outside 0..{self.size - 1}")
        kind, names, domains, offset = self.families[bisect_right(self._starts, index) - 1]
        number = index - offset
        values = []
        for domain in reversed(domains):
            number, p = divmod(number, len(domain))
            values.append(domain[p])
        action: Action = {"type": kind}
        action.update(zip(names, reversed(values), strict=True))
        return action


class Features:
    """A growing list of numbers in [0, 1], with the few shapes observations are made of."""

    __slots__ = ("values",)

    def __init__(self) -> None:
        self.values: list[float] = []

    def flag(self, on: Any) -> None:
        self.values.append(1.0 if on else 0.0)

    def scaled(self, x: float | None, scale: float) -> None:
        """`x / scale`, clipped to [0, 1] (None counts as 0)."""
        v = 0.0 if x is None else x / scale
        self.values.append(0.0 if v < 0.0 else 1.0 if v > 1.0 else float(v))

    def one_hot(self, value: Any, positions: dict[Any, int], size: int | None = None) -> None:
        """A block of `size` (default: len(positions)) zeros with a 1 at `positions[value]` (none if absent)."""
        block = [0.0] * (len(positions) if size is None else size)
        p = positions.get(value)
        if p is not None:
            block[p] = 1.0
        self.values.extend(block)

    def counts(self, items: Iterable[Any], positions: dict[Any, int], scale: float = 1.0) -> None:
        """How many of each item (by `positions`), divided by `scale` and clipped to 1."""
        block = [0.0] * len(positions)
        for item in items:
            p = positions.get(item)
            if p is not None:
                block[p] += 1.0 / scale
        self.values.extend(min(1.0, v) for v in block)


def positions(domain: Iterable[Any]) -> dict[Any, int]:
    """{value: its index} for an ordered domain."""
    return {v: i for i, v in enumerate(domain)}


class Encoder:
    """What a game's `encoder(players, options)` hook returns. A subclass sets `codec` and writes
    `observe(view) -> list[float]`, whose length must be the same for every view of that game and player
    count (tests check it over random games); `observation_size` is measured on a fresh game."""

    codec: ActionCodec

    def __init__(self, game: Any, players: int, options: dict | None = None) -> None:
        self.game = game
        self.players = players
        self.options = options

    @cached_property
    def observation_size(self) -> int:
        state = self.game.setup(self.players, 0, self.options)
        seat = self.game.to_move(state)
        return len(self.observe(self.game.view(state, 0 if seat is None else seat)))

    def observe(self, view: dict) -> list[float]:
        raise NotImplementedError
