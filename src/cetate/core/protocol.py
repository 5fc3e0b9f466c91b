"""The game protocol: the one contract the CLI, server, bots, arena and RL rely on.

See docs/architecture.md. A game is a pure, deterministic, serialisable state machine; chance is drawn
from the `Rng` stored inside the state, so `setup(players, seed, options)` plus the list of actions
reproduces every state exactly.
"""

from __future__ import annotations

from typing import Any, ClassVar

from cetate.core.events import Event
from cetate.core.options import OptionSchema
from cetate.core.rng import Rng

Action = dict[str, Any]


class Game:
    """Base class for a registered game. Subclasses implement every method below."""

    id: ClassVar[str] = ""
    name: ClassVar[str] = ""
    description: ClassVar[str] = ""
    engine_version: ClassVar[str] = "0"
    min_players: ClassVar[int] = 1
    max_players: ClassVar[int] = 1
    options: ClassVar[OptionSchema] = OptionSchema()

    # -- life cycle -----------------------------------------------------------------------------
    def setup(self, players: int, seed: int | str, options: dict | None = None) -> Any:
        raise NotImplementedError

    def start_events(self, state: Any) -> list[Event]:
        """Events that describe a freshly set-up state (for the journal's first lines)."""
        return []

    def to_move(self, state: Any) -> int | None:
        raise NotImplementedError

    def legal_actions(self, state: Any) -> list[Action]:
        raise NotImplementedError

    def apply(self, state: Any, action: Action, seat: int | None = None) -> list[Event]:
        """Validate and play `action`; with `seat`, also refuse it (`not_your_turn`) unless that seat is to
        move. Raises `IllegalAction` and leaves the state untouched when the action is not allowed."""
        raise NotImplementedError

    def random_action(self, state: Any, rnd) -> Action:
        """A random legal action (`rnd` is a `random.Random`), for random playouts and benchmarks: uniform over
        `legal_actions` here. A game may override it with a faster sampler that never enumerates every legal
        action; its choice is then legal but not necessarily uniform (Akropolis samples anchors)."""
        legal = self.legal_actions(state)
        return legal[rnd.randrange(len(legal))]

    def playout_action(self, state: Any, rnd) -> Action:
        """A cheap move for search playouts (IS-MCTS `playout=game`): a game may override it with a fast rule
        of thumb that reads the state directly (Citadels builds the dearest district it can). The default is
        `random_action`."""
        return self.random_action(state, rnd)

    def search_actions(self, state: Any) -> list[Action]:
        """The actions a search bot's tree considers at `state`: all legal actions by default. A game with
        very wide decisions may return a well-chosen subset (say, only the most promising tile placements);
        bots still choose the move they play among `legal_actions`."""
        return self.legal_actions(state)

    def is_over(self, state: Any) -> bool:
        return self.to_move(state) is None

    def result(self, state: Any) -> dict | None:
        raise NotImplementedError

    def seats(self, state: Any) -> int:
        """The number of seats in `state` (solo games: 1). The default reads `state.n`."""
        return state.n

    def evaluate(self, state: Any) -> list[float] | None:
        """For search bots that cut playouts short: each seat's estimated share of the win at a state that
        is not over, in [0, 1] (a game's own judgement: score margins through a logistic, for example).
        None (the default) means the game offers no evaluation and playouts go on to the end."""
        return None

    def emblem(self) -> str | None:
        """A small picture of the game for menus (the lobby's game cards): SVG markup with the viewBox
        `0 0 120 80`, drawn for cetate. None (the default): the client draws a generic skyline."""
        return None

    def encoder(self, players: int, options: dict | None = None) -> Any:
        """For learning code (`cetate.rl`): a `cetate.core.encoding.Encoder` that numbers this game's actions
        on a fixed integer range and turns a seat's view into a fixed-length vector. None (the default)
        means the game offers no encoding."""
        return None

    # -- information ----------------------------------------------------------------------------
    def view(self, state: Any, seat: int | None) -> dict:
        raise NotImplementedError

    def event_view(self, event: Event, seat: int | None) -> dict:
        return event.view(seat)

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        raise NotImplementedError

    # -- serialisation and search ---------------------------------------------------------------
    def to_json(self, state: Any) -> dict:
        raise NotImplementedError

    def from_json(self, doc: Any) -> Any:
        raise NotImplementedError

    def clone(self, state: Any) -> Any:
        raise NotImplementedError

    def expand_shortcuts(self, shortcuts: dict[str, Any]) -> dict:
        """Turn command-line shortcuts (`--characters`, `--districts`, `--short`, `--dark-city`) into
        options. A game without shortcuts refuses every one it is given."""
        from cetate.core.errors import InvalidOptions

        for name, value in shortcuts.items():
            if value not in (None, False):
                raise InvalidOptions("unknown_option", f"{self.name} has no --{name.replace('_', '-')} shortcut",
                                     option=name)
        return {}

    # -- presentation ---------------------------------------------------------------------------
    def messages_dir(self):
        """Folder holding the game's message catalogs (`<lang>.toml`)."""
        return None

    def guide_dir(self):
        """Folder holding the game's rules guide (`<lang>.md`)."""
        return None

    def terminal(self) -> Any:
        """How the command line draws this game, or None for the generic fallback (the raw view).

        An object (typically the game's `terminal` module) with:
          `table(view, catalog, lang, names, seat)`  a rich renderable: the screen of a seat's view
          `hint(view, action, catalog, lang)`        optional: a short note after an action's label ("" none)
          `parse(text, legal)`                       optional: the legal action a player typed as its fields
                                                     (e.g. "3 -1 2"), an action that is not legal, or None
                                                     when the text is not a move
          `short(action, catalog, lang)`             optional: a compact label for long menus, written the
                                                     way `parse` reads it (None: use the full label)
          `result(result, catalog, lang, names)`     optional: a renderable of the final scores
        `catalog` holds the core and the game's messages; `names` are the seats' names; every text shown
        comes from the catalog. Kept out of the game's package import so the engine never loads rich."""
        return None

    def annotate(self, state: Any, seat: int | None, legal: list[Action]) -> list[dict]:
        """What each of `legal` (the legal actions at `state`, in that order) costs and does, as data: one
        JSON-able dict per action (`{}`: nothing to say), e.g. a build's price after discounts. Clients show
        these numbers instead of working them out; the server sends them as `action_notes`."""
        return [{} for _ in legal]

    def catalog(self, lang: str) -> dict:
        """The game's static data for drawing, in `lang`: cards, tiles, characters, symbols with their
        numbers and their names and texts. Served once per language (`GET /api/games/{id}/catalog/{lang}`)
        so that no client keeps its own copy. The default has none."""
        return {}

    def describe_action(self, state: Any, action: Action) -> dict:
        """A message key and parameters that label an action for people (menus, buttons)."""
        return {"key": f"action.{action.get('type')}", **{k: v for k, v in action.items() if k != "type"}}

    def study(self, results: list[dict]) -> list[dict]:
        """Game-specific figures over many finished games, for `cetate simulate`: a list of
        `{"key": message key, **params}` rendered through the game's catalog (for example the first
        chooser's win rate and the explosion rate of Gates). The default has none."""
        return []

    # -- bots -----------------------------------------------------------------------------------
    search_defaults: ClassVar[dict] = {}
    """Settings an IS-MCTS bot starts from for this game (`depth`, `playout`, `c`; see cetate.bots.ismcts)."""

    def bots(self) -> dict:
        """Bots this game ships, as {name: factory}; a factory is called `(game, seat, seed)` and returns an
        object with `name` and `act(view, legal_actions) -> action`. The bot registry (`cetate.bots`) adds
        them under their names, so a game package offers its heuristic bot without importing `cetate.bots`."""
        return {}

    def num_players_ok(self, players: int) -> bool:
        return self.min_players <= players <= self.max_players


class PackageGame(Game):
    """A game laid out like the shipped ones, wired to the protocol here so each game writes only what is
    its own (`setup`, shortcuts, bots...).

    The subclass sets `package` (its package's module name, e.g. "cetate.games.gates"); that package holds
    `rules` (`to_move`, `legal_actions`, `apply`, `start_events`, optionally `random_action`), `view`
    (`view`, `determinize`), `state` (`State` with `clone`, `to_json`, `from_json`), the folders
    `messages/` and `guide/`, and optionally `terminal.py` for `cetate play`. The hot paths are bound
    straight to the rules functions (one call frame less per decision). The modules are imported by name
    when the game object is made, so the kernel never imports a game statically.
    """

    package: ClassVar[str] = ""

    def __init__(self) -> None:
        import importlib
        from pathlib import Path

        self._rules = importlib.import_module(f"{self.package}.rules")
        self._view = importlib.import_module(f"{self.package}.view")
        self._state = importlib.import_module(f"{self.package}.state")
        self._folder = Path(self._rules.__file__).parent
        self.to_move = self._rules.to_move
        self.legal_actions = self._rules.legal_actions
        self.apply = self._rules.apply
        self.clone = self._state.State.clone
        if hasattr(self._rules, "random_action"):
            self.random_action = self._rules.random_action
        if hasattr(self._rules, "evaluate"):
            self.evaluate = self._rules.evaluate
        if hasattr(self._rules, "playout_action"):
            self.playout_action = self._rules.playout_action
        if hasattr(self._rules, "search_actions"):
            self.search_actions = self._rules.search_actions
        self._notes = self._optional("notes")
        self._catalog = self._optional("catalog")

    def _optional(self, part: str) -> Any:
        """The package's module `part`, or None when the package has none."""
        import importlib
        import importlib.util

        name = f"{self.package}.{part}"
        return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None

    def annotate(self, state: Any, seat: int | None, legal: list[Action]) -> list[dict]:
        if self._notes is None:
            return [{} for _ in legal]
        return self._notes.annotate(state, seat, legal)

    def catalog(self, lang: str) -> dict:
        return self._catalog.catalog(lang) if self._catalog is not None else {}

    def start_events(self, state: Any) -> list[Event]:
        return self._rules.start_events(state)

    def emblem(self) -> str | None:
        """The package's `emblem.svg`, when it has one."""
        path = self._folder / "emblem.svg"
        return path.read_text(encoding="utf-8") if path.is_file() else None

    def encoder(self, players: int, options: dict | None = None) -> Any:
        """The package's `encoding.ENCODER(game, players, options)` when it has an `encoding` module
        (loaded only when learning code asks for it), else None."""
        import importlib

        name = f"{self.package}.encoding"
        try:
            module = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            return None
        return module.ENCODER(self, players, options)

    def to_move(self, state: Any) -> int | None:
        return self._rules.to_move(state)

    def legal_actions(self, state: Any) -> list[Action]:
        return self._rules.legal_actions(state)

    def apply(self, state: Any, action: Action, seat: int | None = None) -> list[Event]:
        return self._rules.apply(state, action, seat)

    def result(self, state: Any) -> dict | None:
        return state.result

    def view(self, state: Any, seat: int | None) -> dict:
        return self._view.view(state, seat)

    def determinize(self, state: Any, seat: int, rng: Rng) -> Any:
        return self._view.determinize(state, seat, rng)

    def to_json(self, state: Any) -> dict:
        return self._state.to_json(state, self.engine_version)

    def from_json(self, doc: Any) -> Any:
        return self._state.from_json(doc)

    def clone(self, state: Any) -> Any:
        return state.clone()

    def messages_dir(self):
        return self._folder / "messages"

    def guide_dir(self):
        return self._folder / "guide"

    def terminal(self) -> Any:
        import importlib
        import importlib.util

        name = f"{self.package}.terminal"
        return importlib.import_module(name) if importlib.util.find_spec(name) is not None else None
