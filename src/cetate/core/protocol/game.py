"""`Game`: the facade every caller holds (`cetate.games.get(id)`): a `GameSpec`'s parts behind the protocol's
flat names, with the protocol's default wherever the spec offers nothing. Callers call; they never ask a
game what it has (no `hasattr`, `getattr` or `inspect` on games anywhere).

The hot paths (`to_move`, `legal_actions`, `apply`, `clone`, `view`...) are the parts' own functions, bound
once here: `game.legal_actions(state)` costs no call frame of ours.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from cetate.core.events import Event
from cetate.core.options import OptionSchema
from cetate.core.protocol.parts import Action, State, Terminal
from cetate.core.protocol.spec import BotFactory, GameSpec
from cetate.core.rng import Rng

if TYPE_CHECKING:
    from cetate.core.encoding import Encoder as RLEncoder


def _no_evaluation(state: State) -> None:
    return None


def _plain_label(state: State, action: Action) -> dict:
    return {"key": f"action.{action.get('type')}", **{k: v for k, v in action.items() if k != "type"}}


class Game:
    """A registered game, as callers see it (see the module doc). Made from the game's `GameSpec`."""

    spec: GameSpec
    id: str
    name: str
    description: str
    min_players: int
    max_players: int
    options: OptionSchema
    # Rules
    setup: Callable[..., State]
    start_events: Callable[[State], list[Event]]
    to_move: Callable[[State], int | None]
    legal_actions: Callable[[State], list[Action]]
    apply: Callable[..., list[Event]]
    result: Callable[[State], dict | None]
    seats: Callable[[State], int]
    # Observer
    view: Callable[[State, int | None], dict]
    event_view: Callable[[Event, int | None], dict]
    determinize: Callable[[State, int, Rng], State]
    # Codec
    to_json: Callable[[State], dict]
    from_json: Callable[[Any], State]
    clone: Callable[[State], State]
    # Search (the protocol's defaults where the game offers none)
    random_action: Callable[[State, random.Random], Action]
    playout_action: Callable[[State, random.Random], Action]
    search_actions: Callable[[State], list[Action]]
    evaluate: Callable[[State], list[float] | None]
    search_defaults: dict[str, Any]
    advance: Callable[[State, Action], Any]
    # Bots
    heuristic: str | None
    levels: Mapping[str, str]

    def __init__(self, spec: GameSpec) -> None:
        self.spec = spec
        self.id, self.name, self.description = spec.id, spec.name, spec.description
        self.min_players, self.max_players, self.options = spec.min_players, spec.max_players, spec.options
        rules, observer, codec = spec.rules, spec.observer, spec.codec
        self.setup = rules.setup
        self.start_events = rules.start_events
        self.to_move = rules.to_move
        self.legal_actions = rules.legal_actions
        self.apply = rules.apply
        self.result = rules.result
        self.seats = rules.seats
        self.view = observer.view
        self.event_view = observer.event_view
        self.determinize = observer.determinize
        self.to_json = codec.to_json
        self.from_json = codec.from_json
        self.clone = codec.clone

        search = spec.search
        legal_actions = rules.legal_actions

        def uniform(state: State, rnd: random.Random) -> Action:
            """A legal action drawn uniformly (the protocol's `random_action`)."""
            legal = legal_actions(state)
            return legal[rnd.randrange(len(legal))]

        self.random_action = (search.random_action if search is not None and search.random_action is not None
                              else uniform)
        self.playout_action = (search.playout_action if search is not None and search.playout_action is not None
                               else self.random_action)
        self.search_actions = (search.search_actions if search is not None and search.search_actions is not None
                               else legal_actions)
        self.evaluate = (search.evaluate if search is not None and search.evaluate is not None
                         else _no_evaluation)
        self.search_defaults = dict(search.defaults) if search is not None else {}
        # `advance` by default is `apply` itself (its events are for the caller to drop): no extra call frame
        self.advance = search.advance if search is not None and search.advance is not None else rules.apply

        self.heuristic = spec.bots.heuristic if spec.bots is not None else None
        self.levels = dict(spec.bots.levels) if spec.bots is not None else {}
        self._bots: dict[str, BotFactory] | None = None
        self._terminal: Terminal | None = None

    def __repr__(self) -> str:
        return f"<Game {self.id!r}>"

    # -- metadata -----------------------------------------------------------------------------------------
    @property
    def engine_version(self) -> str:
        version = self.spec.engine_version
        return version if isinstance(version, str) else version()

    def num_players_ok(self, players: int) -> bool:
        return self.min_players <= players <= self.max_players

    def is_over(self, state: State) -> bool:
        return self.to_move(state) is None

    def expand_shortcuts(self, shortcuts: Mapping[str, Any]) -> dict:
        """The options that command-line shortcuts stand for (`{"athena": True}` -> `{"athena": True}`,
        `{"short": True}` -> `{"completion_size": 7}`); unset ones (None, False) are ignored and one this game
        does not have is refused (`InvalidOptions`). See `OptionSchema.expand`."""
        return self.options.expand(shortcuts, self.name)

    # -- optional parts, with the protocol's defaults ----------------------------------------------------
    def encoder(self, players: int, options: dict | None = None) -> RLEncoder | None:
        """For learning code (`cetate.rl`): the game's encoder for this player count and options, or None
        when the game offers none."""
        make = self.spec.encoder
        return make(self, players, options) if make is not None else None

    def messages_dir(self) -> Path | None:
        presentation = self.spec.presentation
        return presentation.messages_dir if presentation is not None else None

    def guide_dir(self) -> Path | None:
        presentation = self.spec.presentation
        return presentation.guide_dir if presentation is not None else None

    def emblem(self) -> str | None:
        """The game's picture for menus (SVG markup, viewBox `0 0 120 80`), or None: a generic one is drawn."""
        presentation = self.spec.presentation
        if presentation is None or presentation.emblem is None:
            return None
        return presentation.emblem()

    def describe_action(self, state: State, action: Action) -> dict:
        """A message key and parameters that label an action for people (menus, buttons)."""
        presentation = self.spec.presentation
        if presentation is None or presentation.describe_action is None:
            return _plain_label(state, action)
        return presentation.describe_action(state, action)

    def annotate(self, state: State, seat: int | None, legal: list[Action]) -> list[dict]:
        """What each of `legal` (the legal actions at `state`, in that order) costs and does, as data: one
        JSON-able dict per action (`{}`: nothing to say). Sent as `action_notes`."""
        presentation = self.spec.presentation
        if presentation is None or presentation.annotate is None:
            return [{} for _ in legal]
        return presentation.annotate(state, seat, legal)

    def catalog(self, lang: str) -> dict:
        """The game's static data for drawing, in `lang` (`GET /api/games/{id}/catalog/{lang}`); {} if none."""
        presentation = self.spec.presentation
        if presentation is None or presentation.catalog is None:
            return {}
        return presentation.catalog(lang)

    def study(self, results: list[dict]) -> list[dict]:
        """Figures over many finished games for `cetate simulate` (`{"key": ..., **params}` rows)."""
        presentation = self.spec.presentation
        if presentation is None or presentation.study is None:
            return []
        return presentation.study(results)

    def terminal(self) -> Terminal | None:
        """The game's terminal screens for `cetate play` (loaded on the first call), or None: the command line
        then shows the raw view."""
        if self._terminal is None and self.spec.terminal is not None:
            self._terminal = self.spec.terminal()
        return self._terminal

    def bots(self) -> dict[str, BotFactory]:
        """The bots this game ships, `{name: factory}` (loaded on the first call); the bot registry offers them
        under their names."""
        if self._bots is None:
            self._bots = dict(self.spec.bots.load()) if self.spec.bots is not None else {}
        return dict(self._bots)
