"""Typed, documented game options.

A game declares an `OptionSchema`; `schema.validate(raw)` returns a complete dict (defaults filled in) or
raises `InvalidOptions` naming the option and what is allowed. The lobby and the CLI build their
controls from `schema.describe()`.

The schema also holds the game's command-line *shortcuts*, as data: `Shortcut("athena", help, sets={"athena":
True})` is the flag `--athena`; `Shortcut("characters", help, parse=...)` takes a value (`--characters
dark_city`). The CLI makes its flags from the shortcuts of every registered game and hands what was given to
`schema.expand`, which turns it into options (explicit `--option name=value` pairs win over them).
"""

from __future__ import annotations

import copy
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cetate.core.errors import InvalidOptions


@dataclass(frozen=True)
class Option:
    name: str
    kind: str  # "bool" | "int" | "choice" | "list" (a list of distinct items taken from `choices`)
    default: Any
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | None = None
    maximum: int | None = None
    nullable: bool = False  # for "int": None means "no limit"
    spec: str = ""  # the spec section that decides this point

    def allowed(self) -> str:
        if self.kind == "bool":
            return "true or false"
        if self.kind == "choice":
            return ", ".join(repr(c) for c in self.choices)
        if self.kind == "list":
            text = "a list of distinct items from: " + ", ".join(repr(c) for c in self.choices)
            return text + (", or null" if self.nullable else "")
        lo = "-inf" if self.minimum is None else str(self.minimum)
        hi = "inf" if self.maximum is None else str(self.maximum)
        text = f"an integer from {lo} to {hi}"
        return text + (" or null (no limit)" if self.nullable else "")

    def check(self, value: Any) -> Any:
        if self.kind == "bool":
            if isinstance(value, bool):
                return value
        elif self.kind == "choice":
            if isinstance(value, str) and value in self.choices:
                return value
        elif self.kind == "list":
            if value is None and self.nullable:
                return None
            if (isinstance(value, list | tuple) and all(isinstance(v, str) and v in self.choices for v in value)
                    and len(set(value)) == len(value)):
                return list(value)
        elif self.kind == "int":
            if value is None and self.nullable:
                return None
            in_range = isinstance(value, int) and not isinstance(value, bool) and (
                (self.minimum is None or value >= self.minimum) and (self.maximum is None or value <= self.maximum))
            if in_range:
                return value
        raise InvalidOptions(
            "bad_option_value",
            f"option {self.name!r} cannot be {value!r}; allowed: {self.allowed()}",
            option=self.name,
        )

    def describe(self) -> dict:
        doc: dict[str, Any] = {"name": self.name, "type": self.kind, "default": self.default, "help": self.help}
        if self.choices:
            doc["choices"] = list(self.choices)
        if self.minimum is not None:
            doc["minimum"] = self.minimum
        if self.maximum is not None:
            doc["maximum"] = self.maximum
        if self.nullable:
            doc["nullable"] = True
        if self.spec:
            doc["spec"] = self.spec
        return doc


@dataclass(frozen=True)
class Shortcut:
    """A command-line flag that stands for some options: `--NAME` when it `sets` fixed options, `--NAME VALUE`
    when it can `parse` a value into options (raising `InvalidOptions` for a value it cannot read)."""

    name: str  # the flag without its dashes, words joined by "-": "dark-city"
    help: str  # for `--help`, in English like the options' help
    sets: Mapping[str, Any] = field(default_factory=dict)
    parse: Callable[[str], dict] | None = None
    metavar: str = "TEXT"

    @property
    def key(self) -> str:
        """The flag's name as a Python identifier: "dark_city"."""
        return self.name.replace("-", "_")

    @property
    def takes_value(self) -> bool:
        return self.parse is not None

    def expand(self, value: Any) -> dict:
        """The options this flag stands for, given its value (True for a plain flag)."""
        if self.parse is not None:
            return self.parse(str(value))
        return copy.deepcopy(dict(self.sets))


@dataclass(frozen=True)
class OptionSchema:
    options: tuple[Option, ...] = field(default_factory=tuple)
    shortcuts: tuple[Shortcut, ...] = ()  # applied in this order: a later one overrides an earlier one

    def __post_init__(self) -> None:
        names = [o.name for o in self.options]
        assert len(names) == len(set(names)), "duplicate option names"
        keys = [s.key for s in self.shortcuts]
        assert len(keys) == len(set(keys)), "duplicate shortcut names"
        for s in self.shortcuts:
            assert (s.parse is None) != (not s.sets), f"shortcut {s.name!r}: either sets options or parses a value"
            unknown = set(s.sets) - set(names)
            assert not unknown, f"shortcut {s.name!r} sets unknown options {sorted(unknown)}"

    def expand(self, given: Mapping[str, Any], owner: str = "this game") -> dict:
        """The options that the shortcuts in `given` (`{key: value}`, keys as `Shortcut.key`) stand for. Unset
        ones (None or False) are ignored; a set one this schema does not have raises `InvalidOptions`
        ("`owner` has no --NAME shortcut"). The schema's own order decides which wins when two set the same
        option."""
        mine = {s.key for s in self.shortcuts}
        for key, value in given.items():
            if value not in (None, False) and key not in mine:
                raise InvalidOptions("unknown_option", f"{owner} has no --{key.replace('_', '-')} shortcut",
                                     option=key)
        out: dict = {}
        for shortcut in self.shortcuts:
            value = given.get(shortcut.key)
            if value not in (None, False, ""):
                out.update(shortcut.expand(value))
        return out

    def defaults(self) -> dict:
        return {o.name: o.default for o in self.options}

    def validate(self, raw: dict | None) -> dict:
        if raw is None:
            raw = {}
        if not isinstance(raw, dict):
            raise InvalidOptions("bad_options", f"options must be an object, not {type(raw).__name__}")
        by_name = {o.name: o for o in self.options}
        unknown = sorted(set(raw) - set(by_name))
        if unknown:
            raise InvalidOptions(
                "unknown_option",
                f"unknown option {unknown[0]!r}; known options: {', '.join(sorted(by_name))}",
                option=unknown[0],
            )
        out = {}
        for opt in self.options:
            default = list(opt.default) if isinstance(opt.default, list | tuple) else opt.default
            out[opt.name] = opt.check(raw[opt.name]) if opt.name in raw else default
        return out

    def describe(self) -> list[dict]:
        return [o.describe() for o in self.options]
