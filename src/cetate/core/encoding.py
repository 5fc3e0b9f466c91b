"""Numbers for learning: a game's actions on a fixed integer range, a seat's view as a fixed-length vector.

This is what reinforcement-learning code (`cetate.rl`, or any other library) needs from a game: a policy
outputs one of `codec.size` integers, the legal ones are marked in a mask, and the observation has the
same length at every decision. A game offers it through the optional protocol hook
`encoder(players, options) -> Encoder` (see `cetate.core.protocol.Game.encoder`); the kernel knows no
game. This module is imported by learning code only (the games name their encoders lazily); it needs NumPy,
which comes with the `rl` extra.

An `ActionCodec` is a list of *families*, one per action type, each with the finite, ordered domains of
its fields; an action's index is its family's offset plus the mixed-radix number of its field values. So
an index always means the same action, whatever the state (what changes is which indices are legal).
A value outside its field's domain has no index (`index` returns None): Akropolis, for instance, numbers
the cells of a large window around the starting tile, and a placement beyond it is not offered to a
learner (docs/rl.md).

A `FactoredCodec` numbers the same actions as short sequences of *tokens*, one field at a time: the
family with its first field, then each further field. A game with large products of fields (the Diplomat's
`exchange` in Citadels: 42 x 8 x 42 actions) gets a small action space whose every legal action is still
reachable (docs/rl.md, "Factored actions").

The observation is built from `game.view(state, seat)` only, so it can hold nothing the seat may not know.
`Features` writes it into a NumPy buffer: only the numbers that are not zero are touched, and the clipping
to [0, 1] is done once for the whole vector.
"""

from __future__ import annotations

from array import array
from bisect import bisect_right
from collections.abc import Iterable, Sequence
from functools import cached_property
from typing import Any

import numpy as np

Action = dict[str, Any]


def _int_run(domain: tuple) -> int | None:
    """The first value when `domain` is consecutive integers (not bools), else None: such a field's
    position is computed by subtraction in `ActionCodec.indices`."""
    first = domain[0]
    if type(first) is not int:
        return None
    for k, v in enumerate(domain):
        if type(v) is not int or v != first + k:
            return None
    return first


class ActionCodec:
    """A bijection between the actions of a game and `range(size)` (see the module doc).

    `families` lists `(type, ((field, domain), ...))`; a domain is a sequence of the field's possible
    values, in a fixed order. A family without fields is one index (`take_gold`)."""

    def __init__(self, families: Sequence[tuple[str, Sequence[tuple[str, Sequence[Any]]]]]) -> None:
        self.families: list[tuple[str, tuple[str, ...], tuple[tuple[Any, ...], ...], int]] = []
        self._fields: dict[str, tuple[int, tuple[tuple[str, dict, int], ...]]] = {}
        self._columns: dict[str, tuple[int, tuple[tuple[str, int | None, dict, int], ...]]] = {}
        offset = 0
        for kind, fields in families:
            if kind in self._fields:
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
            self._fields[kind] = (offset, tuple(zip(names, lookups, radices, strict=True)))
            self._columns[kind] = (offset, tuple(
                (name, _int_run(domain), pos, len(domain))
                for name, domain, pos in zip(names, domains, lookups, strict=True)))
            offset += count
        self.size = offset
        self._starts = [f[3] for f in self.families]
        # families of at most one field: type -> (None, its number) or (field, {value: number}), for `numbers`
        self._small: dict[str, tuple[str | None, Any]] = {}
        for kind, names, domains, offset in self.families:
            if not names:
                self._small[kind] = (None, offset)
            elif len(names) == 1:
                self._small[kind] = (names[0], {v: offset + i for i, v in enumerate(domains[0])})

    def index(self, action: Action) -> int | None:
        """The action's integer, or None when its type is unknown or a field value lies outside its domain.
        Fields not named by the family are ignored."""
        if type(action) is not dict and not isinstance(action, dict):
            return None
        try:
            entry = self._fields.get(action.get("type"))
            if entry is None:
                return None
            offset, fields = entry
            if not fields:
                return offset
            if len(fields) == 1:  # most families: one field
                name, pos, _ = fields[0]
                p = pos.get(action.get(name))
                return None if p is None else offset + p
            number = 0
            for name, pos, radix in fields:
                p = pos.get(action.get(name))
                if p is None:
                    return None
                number = number * radix + p
            return offset + number
        except TypeError:  # an unhashable type or value (a list) is in no domain
            return None

    def numbers(self, actions: Sequence[Action]) -> list[int | None]:
        """`[index(a) for a in actions]`, with one lookup per action in a family of at most one field (the
        same dict lookups as `index`, so the same numbers); for the short lists of a decision."""
        small, out = self._small, []
        for a in actions:
            try:
                name, table = small[a["type"]]
                out.append(table if name is None else table[a[name]])
            except (KeyError, TypeError, IndexError):  # another family, a missing field or value: index says
                out.append(self.index(a))
        return out

    def indices(self, actions: Sequence[Action]) -> np.ndarray:
        """The numbers of many actions at once, as an int64 array (-1 where `index` gives None); the same
        numbers as `index`, computed a field at a time over all the actions of a family (an Akropolis
        placement list is one family of three integer fields)."""
        n = len(actions)
        if n == 0:
            return np.empty(0, np.int64)
        try:
            kinds = [a["type"] for a in actions]
        except (TypeError, KeyError):
            return self._one_by_one(actions)
        if kinds.count(kinds[0]) == n:
            return self._family_indices(kinds[0], actions)
        groups: dict[Any, list[int]] = {}
        for k, kind in enumerate(kinds):
            try:
                groups.setdefault(kind, []).append(k)
            except TypeError:
                return self._one_by_one(actions)
        out = np.empty(n, np.int64)
        for kind, ks in groups.items():
            out[ks] = self._family_indices(kind, [actions[k] for k in ks])
        return out

    def _one_by_one(self, actions: Sequence[Action]) -> np.ndarray:
        return np.array([-1 if (i := self.index(a)) is None else i for a in actions], np.int64)

    def _family_indices(self, kind: Any, actions: Sequence[Action]) -> np.ndarray:
        try:
            entry = self._columns.get(kind)
        except TypeError:
            entry = None
        if entry is None:
            return np.full(len(actions), -1, np.int64)
        offset, fields = entry
        if not fields:
            return np.full(len(actions), offset, np.int64)
        number = np.zeros(len(actions), np.int64)
        ok = np.ones(len(actions), bool)
        try:
            for name, first, lookup, radix in fields:
                column = [a[name] for a in actions]
                values = np.array(column) if first is not None else None
                if values is not None and values.dtype.kind == "i":  # integers (a bool among them: 0/1)
                    p = values.astype(np.int64) - first
                    ok &= (p >= 0) & (p < radix)
                else:
                    p = np.fromiter((lookup.get(v, -1) for v in column), np.int64, len(column))
                    ok &= p >= 0
                number = number * radix + p
        except (KeyError, TypeError):  # a missing field or an unhashable value: the careful way
            return self._one_by_one(actions)
        return np.where(ok, offset + number, -1)

    def action(self, index: int) -> Action:
        """The action numbered `index` (the inverse of `index`); ValueError outside `range(size)`."""
        if isinstance(index, bool) or not isinstance(index, (int, np.integer)) or not 0 <= index < self.size:
            raise ValueError(f"action index {index!r} is outside 0..{self.size - 1}")
        index = int(index)
        kind, names, domains, offset = self.families[bisect_right(self._starts, index) - 1]
        number = index - offset
        values = []
        for domain in reversed(domains):
            number, p = divmod(number, len(domain))
            values.append(domain[p])
        action: Action = {"type": kind}
        action.update(zip(names, reversed(values), strict=True))
        return action

    @cached_property
    def factored(self) -> FactoredCodec:
        """The same actions chosen one field at a time (see `FactoredCodec`)."""
        return FactoredCodec(self)


class FactoredCodec:
    """The actions of an `ActionCodec` as sequences of tokens, one decision per field.

    Each family has a block of *head* tokens: one token when it has no field, else one per value of its
    first field. Each further field of a family has its own block of tokens, one per value. An action is
    its head token followed by the tokens of its other fields in order, so an action of a family with
    `m` fields takes `max(m, 1)` decisions, and every legal action is reached: at each decision the legal
    tokens are those that begin (after the tokens already chosen) at least one legal action.

    `paths[i]` is the tuple of the tokens of the codec's action `i` (`path[i]` the same as an array row, -1
    past its length; `length[i]` their number).
    A token that may be followed by another (the head of a family of two fields or more, and every field
    but the last) has a place in the *pending* block of the observation (`pending[token]`, -1 for the
    others), so a policy knows which part of an action it is completing."""

    def __init__(self, codec: ActionCodec) -> None:
        self.codec = codec
        depth = max([max(len(names), 1) for _, names, _, _ in codec.families], default=1)
        self.path = np.full((codec.size, depth), -1, np.int32)
        self.length = np.ones(codec.size, np.int8)
        self.tokens: list[tuple[str, str | None, Any]] = []  # (type, field or None, value)
        pending: list[int] = []
        for kind, names, domains, offset in codec.families:
            radices = [len(d) for d in domains]
            count = int(np.prod(radices)) if radices else 1
            rows = slice(offset, offset + count)
            if not names:
                self.path[rows, 0] = len(self.tokens)
                self.tokens.append((kind, None, None))
                continue
            values = np.unravel_index(np.arange(count), radices)
            self.length[rows] = len(names)
            for k, (name, domain) in enumerate(zip(names, domains, strict=True)):
                base = len(self.tokens)
                self.path[rows, k] = base + values[k]
                self.tokens.extend((kind, name, v) for v in domain)
                if k < len(names) - 1:
                    pending.extend(range(base, base + len(domain)))
        self.size = len(self.tokens)
        self.paths: list[tuple[int, ...]] = [tuple(row[:n]) for row, n in
                                             zip(self.path.tolist(), self.length.tolist(), strict=True)]
        self.pending = np.full(self.size, -1, np.int32)
        self.pending[pending] = np.arange(len(pending), dtype=np.int32)
        self.pending_size = len(pending)

    def describe(self, token: int) -> dict:
        """What a token stands for: `{"type": ...}` for a head of a family without fields, else the type,
        the field and the value."""
        kind, name, value = self.tokens[token]
        return {"type": kind} if name is None else {"type": kind, "field": name, "value": value}

    def tokens_of(self, action: Action) -> list[int] | None:
        """The tokens that choose `action`, or None when it has no number."""
        i = self.codec.index(action)
        return None if i is None else list(self.paths[i])


class Decision:
    """One decision of a seat in a `FactoredCodec`, taken token by token: the candidates are the legal
    actions (codec numbers) that begin with the tokens chosen so far, and `legal` lists the tokens that may
    come next, in increasing order."""

    __slots__ = ("candidates", "chosen", "depth", "legal", "paths")

    def __init__(self, factored: FactoredCodec, legal: Iterable[int]) -> None:
        self.paths = paths = factored.paths
        self.candidates = list(legal)
        self.depth = 0
        self.chosen: list[int] = []
        self.legal = sorted({paths[i][0] for i in self.candidates})

    def choose(self, token: int) -> int | None:
        """Take one token (it must be in `legal`): the codec number of the action once it is complete, else
        None (another token of the same action comes next)."""
        paths, depth = self.paths, self.depth
        kept = [i for i in self.candidates if paths[i][depth] == token]
        if not kept:
            raise ValueError(f"token {token} does not begin a legal action here")
        depth += 1
        self.depth = depth
        self.chosen.append(token)
        if len(paths[kept[0]]) == depth:
            return int(kept[0])
        self.candidates = kept
        self.legal = sorted({paths[i][depth] for i in kept})
        return None


class Features:
    """A fixed-length vector of numbers in [0, 1] written piece by piece, with the few shapes observations
    are made of. It is a float32 buffer and a cursor: a flag or a one-hot block writes one number (the rest
    stays 0), `scaled` one number, `counts` one per item; `array()` clips the whole vector to [0, 1] in
    two NumPy operations (so `counts`, `scaled` and `block` are clipped too) and returns it. `size` is a
    hint: the buffer grows as needed."""

    __slots__ = ("_at", "_buf", "_cap")

    def __init__(self, size: int = 256) -> None:
        self._cap = max(int(size), 16)
        self._buf = _ZERO * self._cap
        self._at = 0

    def _grow(self, need: int) -> None:
        cap = max(need, 2 * self._cap)
        buf = _ZERO * cap
        buf[: self._at] = self._buf[: self._at]
        self._buf, self._cap = buf, cap

    def flag(self, on: Any) -> None:
        at = self._at
        if at >= self._cap:
            self._grow(at + 1)
        if on:
            self._buf[at] = 1.0
        self._at = at + 1

    def scaled(self, x: float | None, scale: float) -> None:
        """`x / scale`, clipped to [0, 1] (None counts as 0)."""
        at = self._at
        if at >= self._cap:
            self._grow(at + 1)
        if x:
            self._buf[at] = x / scale
        self._at = at + 1

    def one_hot(self, value: Any, positions: dict[Any, int], size: int | None = None) -> None:
        """A block of `size` (default: len(positions)) zeros with a 1 at `positions[value]` (none if absent)."""
        at = self._at
        end = at + (len(positions) if size is None else size)
        if end > self._cap:
            self._grow(end)
        try:
            p = positions.get(value)
        except TypeError:  # an unhashable value is in no domain
            p = None
        if p is not None:
            self._buf[at + p] = 1.0
        self._at = end

    def counts(self, items: Iterable[Any], positions: dict[Any, int], scale: float = 1.0) -> None:
        """How many of each item (by `positions`), divided by `scale` and clipped to 1."""
        at = self._at
        end = at + len(positions)
        if end > self._cap:
            self._grow(end)
        buf, get, step = self._buf, positions.get, 1.0 / scale
        for item in items:
            p = get(item)
            if p is not None:
                buf[at + p] += step
        self._at = end

    def block(self, values: Any) -> None:
        """Numbers given whole (a NumPy array or a sequence), clipped to [0, 1] like the rest."""
        at = self._at
        if type(values) is array:  # floats kept as an array.array: copied as they are
            end = at + len(values)
            if end > self._cap:
                self._grow(end)
            self._buf[at:end] = values
        else:
            values = np.asarray(values, np.float32).ravel()
            end = at + len(values)
            if end > self._cap:
                self._grow(end)
            np.frombuffer(self._buf, np.float32, len(values), at * 4)[:] = values
        self._at = end

    def extend(self, values: list[float]) -> None:
        """Numbers already scaled (a list of floats), clipped to [0, 1] like the rest: one write for many."""
        at = self._at
        end = at + len(values)
        if end > self._cap:
            self._grow(end)
        self._buf[at:end] = array("f", values)
        self._at = end

    def skip(self, n: int) -> int:
        """Leave `n` zeros to be written later through `buffer()`; returns where they begin."""
        at = self._at
        if at + n > self._cap:
            self._grow(at + n)
        self._at = at + n
        return at

    def raw(self) -> array:
        """The buffer itself (an `array.array` of floats; valid until the next write that grows it), for
        blocks left by `skip` and filled one number at a time."""
        return self._buf

    def buffer(self) -> np.ndarray:
        """The whole buffer as a NumPy array sharing its memory (valid until the next write that grows
        it): where blocks left by `skip` are filled by NumPy indexing."""
        return np.frombuffer(self._buf, np.float32)

    def __len__(self) -> int:
        return self._at

    def array(self) -> np.ndarray:
        """The vector, clipped to [0, 1], as a new float32 array of its length."""
        out = np.minimum(np.frombuffer(self._buf, np.float32, self._at), np.float32(1.0))
        return np.maximum(out, np.float32(0.0), out=out)

    @property
    def values(self) -> list[float]:
        """The vector as a list of floats (what `array()` holds)."""
        return self.array().tolist()


_ZERO = array("f", [0.0])


def positions(domain: Iterable[Any]) -> dict[Any, int]:
    """{value: its index} for an ordered domain."""
    return {v: i for i, v in enumerate(domain)}


class Encoder:
    """What a game's `encoder(players, options)` hook returns. A subclass sets `codec` and writes
    `observe(view) -> float32 array` (`Features.array()`; a list of floats will do), whose length must be
    the same for every view of that game and player count (tests check it over random games);
    `observation_size` is measured on a fresh game. `version` names the layout: it is raised whenever the
    numbers change meaning, so a trained policy can tell it was trained on another one.

    `view(state, seat)` is where the observation's view comes from: `game.view(state, seat)`, or a game's
    own lighter view holding the same fields that the observation reads (it must reveal no more than the
    seat's view; tests compare observations across determinisations). `factored` says whether learners get
    the game's actions one field at a time by default (`FactoredCodec`, docs/rl.md). The environment asks
    `observe_state(state, seat)` and plays with `advance(state, action)`: both have defaults here, and a game
    may write faster ones (the same numbers, the same states)."""

    codec: ActionCodec
    version: int = 1
    factored: bool = False

    def __init__(self, game: Any, players: int, options: dict | None = None) -> None:
        self.game = game
        self.players = players
        self.options = options

    @cached_property
    def observation_size(self) -> int:
        state = self.game.setup(self.players, 0, self.options)
        seat = self.game.to_move(state)
        return len(self.observe(self.view(state, 0 if seat is None else seat)))

    def view(self, state: Any, seat: int) -> dict:
        return self.game.view(state, seat)

    def observe(self, view: dict) -> np.ndarray | list[float]:
        raise NotImplementedError

    def observe_state(self, state: Any, seat: int) -> np.ndarray:
        """The observation of `seat` (a float32 array): `observe(view(state, seat))`. A game may write it
        straight from the state into the array instead, skipping the view dict (Gates, Citadels: issue 31);
        it must read only what the seat's view holds, and tests check over random games that the numbers
        are exactly those of `observe(game.view(state, seat))`."""
        return np.asarray(self.observe(self.view(state, seat)), np.float32)

    def advance(self, state: Any, action: Action) -> None:
        """Play `action`, one of the very actions `legal_actions(state)` listed for this state (never
        outside input), for learning code that reads no journal: `game.apply` by default; a game may skip
        building its events (Gates: `rules.advance`). The state becomes what `apply` makes it."""
        self.game.apply(state, action)
