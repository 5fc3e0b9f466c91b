"""`GameSpec`: the one object a game registers. It names the game's parts (`parts.py`; an optional part it
does not offer is None, written out) and its metadata: id, name, player counts, option schema, bots and the
lobby levels those bots play.

A game's package builds it in its `__init__.py` and wraps it in the facade callers use:

    SPEC = GameSpec(id="nim", name="Nim", ..., rules=RulesPart(...), observer=..., codec=...,
                    search=None, encoder=None, presentation=PresentationPart.folder(HERE), terminal=None,
                    bots=None)
    GAME = Game(SPEC)

Parts that pull in heavy code (the encoder, the terminal screens, the bots) are named by loaders that import
their module on first use (`lazy`), so loading a game never loads rich, numpy or bot code.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any

from cetate.core.options import OptionSchema
from cetate.core.protocol.parts import Codec, Encoder, Observer, Presentation, Rules, Search, Terminal

BotFactory = Callable[[Any, int, "int | str"], Any]
"""`(game, seat, seed) -> bot`: an object with `name` and `act(view, legal_actions) -> action`."""


@dataclass(frozen=True, slots=True)
class Bots:
    """The bots a game ships. A game package may not import `cetate.bots`: its bots are plain classes with the
    bot interface, and the bot registry adds them under their names when it first loads."""

    load: Callable[[], Mapping[str, BotFactory]]
    """`{name: factory}`, imported only when bots are wanted."""
    heuristic: str | None = None
    """The game's rule-of-thumb bot (one of `load()`'s names): IS-MCTS asks it for a favourite move at the root
    and plays it in heuristic playouts. None: those fall back to random moves."""
    levels: Mapping[str, str] = field(default_factory=dict)
    """The lobby levels this game fills with a bot of its own, e.g. `{"easy": "mygame-heuristic"}`; the
    other levels play the generic bots of `cetate.bots.levels`."""


@dataclass(frozen=True, slots=True)
class GameSpec:
    """A game: its metadata and its parts. Every field is written out by the game, the optional parts as
    None when it does not offer them."""

    id: str
    """The registry id, e.g. "mygame": lower-case letters, digits and `-`."""
    name: str
    """The display name in English (the catalogs' `game.name` translates it)."""
    description: str
    """One line for menus, in English (the catalogs' `game.description` translates it)."""
    engine_version: str | Callable[[], str]
    """Stored in every state and record, bumped when behaviour changes; a function when it depends on data
    read at run time (a card list loaded from a file)."""
    min_players: int
    max_players: int
    options: OptionSchema
    """The typed options, with their command-line shortcuts."""
    rules: Rules
    observer: Observer
    codec: Codec
    search: Search | None
    encoder: Encoder | None
    presentation: Presentation | None
    terminal: Callable[[], Terminal] | None
    """Loads the game's terminal screens (they need rich, so only the command line loads them)."""
    bots: Bots | None

    def __post_init__(self) -> None:
        if not self.id or self.id != self.id.strip().lower() or " " in self.id:
            raise ValueError(f"a game id is lower-case without spaces, not {self.id!r}")
        if not 1 <= self.min_players <= self.max_players:
            raise ValueError(f"{self.id}: players must be 1 <= min_players <= max_players")
        if self.bots is not None:
            for level, bot in self.bots.levels.items():
                if not isinstance(bot, str) or not bot:
                    raise ValueError(f"{self.id}: level {level!r} names no bot")


def lazy(ref: str) -> Callable[..., Any]:
    """A function standing for `ref` ("package.module:name"): the module is imported on the first call, then
    the call goes straight to `name`. How a spec names a part that lives in a module it must not load yet."""
    module_name, _, attr = ref.partition(":")
    if not module_name or not attr:
        raise ValueError(f"a lazy reference is 'module:name', not {ref!r}")
    target: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not target:
            target.append(vars(importlib.import_module(module_name))[attr])
        return target[0](*args, **kwargs)

    call.__name__ = attr
    call.__qualname__ = f"lazy({ref})"
    call.__doc__ = f"`{ref}`, imported on the first call."
    return call
