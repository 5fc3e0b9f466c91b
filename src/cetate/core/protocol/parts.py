"""The parts a game is made of, each a small typed contract (`typing.Protocol`), and plain implementations of
them made of functions (`RulesPart`, `ObserverPart`, ...), which is how the shipped games write theirs.

    Rules         setup, start_events, to_move, legal_actions, apply, result, seats     required
    Observer      view, event_view, determinize                                         required
    Codec         to_json, from_json, clone                                             required
    Search        random_action, playout_action, search_actions, evaluate, defaults,    optional (search bots)
                  advance
    Encoder       (game, players, options) -> cetate.core.encoding.Encoder              optional (learning code)
    Presentation  messages_dir, guide_dir, emblem, describe_action, annotate, catalog,  optional (people)
                  study
    Terminal      table, hint, parse, short, result                                     optional (`cetate play`)

A member of an optional part may itself be None ("not offered"); the facade (`cetate.core.protocol.Game`)
then gives the protocol's default, so callers never ask a game what it has. Every function of a part
takes the state first where it takes one; states are the game's own objects.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from cetate.core.events import Event
from cetate.core.rng import Rng

if TYPE_CHECKING:  # the encoder's and the terminal's types, named only for type checkers
    from cetate.core.encoding import Encoder as RLEncoder
    from cetate.core.i18n import Catalog

Action = dict[str, Any]
State = Any


# -- the required parts --------------------------------------------------------------------------------

class Rules(Protocol):
    """The game as a state machine. Chance is drawn from the `Rng` kept inside the state, so `setup` plus the
    list of actions gives back every state."""

    def setup(self, players: int, seed: int | str, options: dict | None = None) -> State:
        """A new state; checks the player count and the options (`InvalidOptions` names what is wrong)."""

    def start_events(self, state: State) -> list[Event]:
        """The events that describe a freshly set-up state (the journal's first lines)."""

    def to_move(self, state: State) -> int | None:
        """The seat whose decision is pending; None once the game is over."""

    def legal_actions(self, state: State) -> list[Action]:
        """Every legal action of the seat to move, complete and without duplicates."""

    def apply(self, state: State, action: Action, seat: int | None = None) -> list[Event]:
        """Validate and play `action`; with `seat`, also refuse it (`not_your_turn`) unless that seat is to
        move. Raises `IllegalAction`, leaving the state untouched, when the action is not allowed; any other
        exception is a bug of the engine."""

    def result(self, state: State) -> dict | None:
        """Final scores, ranks, winners and the tie-break used; None while the game runs."""

    def seats(self, state: State) -> int:
        """The number of seats in `state` (solo games: 1)."""


class Observer(Protocol):
    """What each seat may know. Nothing hidden from a seat leaves the engine except through these."""

    def view(self, state: State, seat: int | None) -> dict:
        """A JSON-safe snapshot for one seat, or the public view for spectators (`None`)."""

    def event_view(self, event: Event, seat: int | None) -> dict:
        """The same redaction for one event."""

    def determinize(self, state: State, seat: int, rng: Rng) -> State:
        """A full state consistent with all `seat` knows, its hidden parts redrawn from `rng` alone."""


class Codec(Protocol):
    """States as documents, and fast copies for search."""

    def to_json(self, state: State) -> dict:
        ...

    def from_json(self, doc: Any) -> State:
        """Checks every field; raises `InvalidState` naming the one at fault."""

    def clone(self, state: State) -> State:
        ...


# -- the optional parts --------------------------------------------------------------------------------

class Search(Protocol):
    """Help for search bots (IS-MCTS) and benchmarks. Each member may be None: the facade's default is used."""

    random_action: Callable[[State, random.Random], Action] | None
    """A random legal action, fast (default: uniform over `legal_actions`)."""
    playout_action: Callable[[State, random.Random], Action] | None
    """A cheap rule-of-thumb move for playouts (default: `random_action`)."""
    search_actions: Callable[[State], list[Action]] | None
    """The actions a search tree considers (default: every legal action)."""
    evaluate: Callable[[State], list[float] | None] | None
    """Each seat's expected share of the win, in [0, 1], where a playout is cut short (default: none)."""
    defaults: Mapping[str, Any]
    """The IS-MCTS settings the game starts from (`depth`, `playout`, `c`...; see cetate.bots.ismcts)."""
    advance: Callable[[State, Action], None] | None
    """Play an action the engine itself offered at this very state (`legal_actions`, `random_action`,
    `playout_action`, `search_actions`) without building the journal: the state becomes exactly what
    `apply` makes it, but nothing is returned and the checks of outside input may be skipped. Never for
    outside input. For search bots, which throw the events away (default: `apply`, its events dropped)."""


class Encoder(Protocol):
    """For learning code: numbered actions and fixed-length observations (docs/rl.md)."""

    def __call__(self, game: Any, players: int, options: dict | None) -> RLEncoder:
        ...


class Presentation(Protocol):
    """What people see of the game besides its views. Each callable may be None (nothing to offer)."""

    messages_dir: Path | None
    """The folder of the game's message catalogs (`<lang>.toml`)."""
    guide_dir: Path | None
    """The folder of its rules guide (`<lang>.md`)."""
    emblem: Callable[[], str | None] | None
    """A small picture for menus: SVG markup, viewBox `0 0 120 80`."""
    describe_action: Callable[[State, Action], dict] | None
    """A message key and its parameters labelling an action (default: `action.<type>` with its fields)."""
    annotate: Callable[[State, int | None, list[Action]], list[dict]] | None
    """What each legal action costs and does, as data: one JSON-able dict per action, same order."""
    catalog: Callable[[str], dict] | None
    """The static data for drawing, in a language: cards, tiles, characters... with names and texts."""
    study: Callable[[list[dict]], list[dict]] | None
    """Figures over many finished games for `cetate simulate`: `{"key": message key, **params}` rows."""


class Terminal(Protocol):
    """How `cetate play` draws the game (loaded only by the command line: it needs rich). Every text comes
    from `catalog`, which holds the core's and the game's messages; `names` are the seats' names."""

    table: Callable[[dict, Catalog, str, list[str], int | None], Any]
    """`table(view, catalog, lang, names, seat)`: a rich renderable, the screen of a seat's view."""
    hint: Callable[..., str] | None
    """`hint(view, action, catalog, lang, note=None)`: a short note after an action's label ("": none); `note`
    is the engine's note on that action (`Presentation.annotate`; None when the caller has none), to be shown,
    never worked out again."""
    parse: Callable[[str, list[Action]], Action | None] | None
    """`parse(text, legal)`: the action a player typed as its fields ("3 -1 2"), maybe not a legal one, or
    None when the text is not a move."""
    short: Callable[[Action, Catalog, str], str | None] | None
    """`short(action, catalog, lang)`: a compact label for long menus, written the way `parse` reads it."""
    result: Callable[[dict, Catalog, str, list[str]], Any] | None
    """`result(result, catalog, lang, names)`: a renderable of the final scores (default: a generic table)."""


# -- parts made of functions ------------------------------------------------------------------------------

def no_start_events(state: State) -> list[Event]:
    return []


def result_attribute(state: State) -> dict | None:
    """`state.result`: where the shipped games keep the final result."""
    return state.result


def seats_attribute(state: State) -> int:
    """`state.n`: where the shipped games keep their number of seats."""
    return state.n


def own_view(event: Event, seat: int | None) -> dict:
    """`event.view(seat)`: an event's own redaction."""
    return event.view(seat)


@dataclass(frozen=True, slots=True)
class RulesPart:
    """`Rules` from plain functions (their signatures are those of `Rules`, without `self`)."""

    setup: Callable[..., State]
    to_move: Callable[[State], int | None]
    legal_actions: Callable[[State], list[Action]]
    apply: Callable[..., list[Event]]
    start_events: Callable[[State], list[Event]] = no_start_events
    result: Callable[[State], dict | None] = result_attribute
    seats: Callable[[State], int] = seats_attribute


@dataclass(frozen=True, slots=True)
class ObserverPart:
    """`Observer` from plain functions."""

    view: Callable[[State, int | None], dict]
    determinize: Callable[[State, int, Rng], State]
    event_view: Callable[[Event, int | None], dict] = own_view


@dataclass(frozen=True, slots=True)
class CodecPart:
    """`Codec` from plain functions."""

    to_json: Callable[[State], dict]
    from_json: Callable[[Any], State]
    clone: Callable[[State], State]


@dataclass(frozen=True, slots=True)
class SearchPart:
    """`Search` from plain functions; each left None takes the protocol's default."""

    random_action: Callable[[State, random.Random], Action] | None = None
    playout_action: Callable[[State, random.Random], Action] | None = None
    search_actions: Callable[[State], list[Action]] | None = None
    evaluate: Callable[[State], list[float] | None] | None = None
    defaults: Mapping[str, Any] = field(default_factory=dict)
    advance: Callable[[State, Action], None] | None = None


@dataclass(frozen=True, slots=True)
class PresentationPart:
    """`Presentation` from folders and plain functions; each callable left None offers nothing."""

    messages_dir: Path | None = None
    guide_dir: Path | None = None
    emblem: Callable[[], str | None] | None = None
    describe_action: Callable[[State, Action], dict] | None = None
    annotate: Callable[[State, int | None, list[Action]], list[dict]] | None = None
    catalog: Callable[[str], dict] | None = None
    study: Callable[[list[dict]], list[dict]] | None = None

    @classmethod
    def folder(cls, folder: Path, **functions: Any) -> PresentationPart:
        """The layout of the shipped games: `folder/messages/`, `folder/guide/` and, when the package has
        one, `folder/emblem.svg`; `functions` are the other members."""
        picture = folder / "emblem.svg"
        return cls(messages_dir=folder / "messages", guide_dir=folder / "guide",
                   emblem=svg_file(picture) if picture.is_file() else None, **functions)


def svg_file(path: Path) -> Callable[[], str]:
    """An `emblem` that reads `path` (an SVG file of the game's package)."""
    def emblem() -> str:
        return path.read_text(encoding="utf-8")

    return emblem


@dataclass(frozen=True, slots=True)
class TerminalPart:
    """`Terminal` from plain functions (typically those of the game's `terminal` module)."""

    table: Callable[[dict, Catalog, str, list[str], int | None], Any]
    hint: Callable[..., str] | None = None
    parse: Callable[[str, list[Action]], Action | None] | None = None
    short: Callable[[Action, Catalog, str], str | None] | None = None
    result: Callable[[dict, Catalog, str, list[str]], Any] | None = None
