"""The game protocol: the one contract the CLI, server, bots, arena and RL rely on (docs/architecture.md).

A game is a pure, deterministic, serialisable state machine; chance is drawn from the `Rng` stored inside the
state, so `setup(players, seed, options)` plus the list of actions reproduces every state exactly.

- `parts`: the small typed parts a game is made of (`Rules`, `Observer`, `Codec`, and the optional `Search`,
  `Encoder`, `Presentation`, `Terminal`), and plain implementations of them made of functions.
- `spec`: `GameSpec`, the one object a game registers, naming its parts and its metadata; `Bots`; `lazy`.
- `game`: `Game`, the facade callers hold, with the protocol's defaults where a game offers nothing.
"""

from cetate.core.protocol.game import Game
from cetate.core.protocol.parts import (
    Action,
    Codec,
    CodecPart,
    Encoder,
    Observer,
    ObserverPart,
    Presentation,
    PresentationPart,
    Rules,
    RulesPart,
    Search,
    SearchPart,
    Terminal,
    TerminalPart,
    no_start_events,
    result_attribute,
    seats_attribute,
    svg_file,
)
from cetate.core.protocol.spec import BotFactory, Bots, GameSpec, lazy

__all__ = [
    "Action",
    "BotFactory",
    "Bots",
    "Codec",
    "CodecPart",
    "Encoder",
    "Game",
    "GameSpec",
    "Observer",
    "ObserverPart",
    "Presentation",
    "PresentationPart",
    "Rules",
    "RulesPart",
    "Search",
    "SearchPart",
    "Terminal",
    "TerminalPart",
    "lazy",
    "no_start_events",
    "result_attribute",
    "seats_attribute",
    "svg_file",
]
