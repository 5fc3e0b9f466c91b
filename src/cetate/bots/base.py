"""The game-agnostic bot interface, the bot registry and a driver that plays a game with bots.

A bot is made for one game and one seat (`make_bot(name, game, seat, seed)`) and decides with
`bot.act(view, legal_actions)`: it sees only what its seat may know (the game's `view` for that seat)
and the list of legal actions, never the state. Bots reach games only through the protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from importlib.metadata import entry_points
from typing import Any, ClassVar

from cetate.core.errors import CetateError
from cetate.core.record import Record, Recorder
from cetate.core.rng import Rng


class UnknownBot(CetateError, KeyError):
    """A bot name that is not registered."""


class Bot:
    """The bot interface, written down once with its defaults. Callers use these members and nothing else (no
    `getattr`/`hasattr` on bots); a bot overrides what it offers.

    `name`          the registry name (class attribute)
    `uses_sample`   False. A search bot sets it: drivers then call `act(view, legal_actions, sample=...)` with
                    a state drawn from the seat's information set by `game.determinize` (see `choose`), never
                    the true state
    `seed`          the bot's seed (`__init__` keeps it; drivers seed its samples with it)
    `params`        None, or a dict of tunable weights `evaluate --param` may change (`akropolis-heuristic`)
    `act(view, legal_actions[, sample])`  one of `legal_actions`, chosen from the seat's `view`
    `plan()`        []: the moves already chosen to follow the one `act` just returned (a hint draws them;
                    the Akropolis bot: where the tile it takes will go)
    `limit(think_ms, iterations)`  caps a search budget (IS-MCTS); nothing to limit by default
    `stats()`       {}: what the bot counted over its life (IS-MCTS: `iterations`, `seconds`, `settings`),
                    for `cetate bench`

    A game's own bots cannot subclass `Bot` (a game imports only `cetate.core`): they are plain classes with the
    same members, or some of them. The registry adopts such a class (`adopt`): the subclass of both, so what
    the class defines wins and these defaults fill in the rest."""

    name: ClassVar[str] = ""
    uses_sample: ClassVar[bool] = False
    seed: int | str = 0
    params: dict | None = None

    def __init__(self, game: Any, seat: int, seed: int | str = 0) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = Rng.from_seed(seed)

    def act(self, view: dict, legal_actions: list[dict]) -> dict:
        """Choose one of `legal_actions` (return one of its items) from the seat's `view`."""
        raise NotImplementedError

    def plan(self) -> list[dict]:
        """The moves this bot has already chosen to follow the one it just returned (none by default)."""
        return []

    def limit(self, think_ms: float | None = None, iterations: int | None = None) -> None:
        """Cap the search budget: at most `think_ms` per decision, or `iterations` instead of a time budget.
        A cap never raises a budget. Bots that do not search have nothing to limit."""

    def stats(self) -> dict:
        """What the bot counted over its life, for `cetate bench` (`iterations`, `seconds`); {} by default."""
        return {}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seat={self.seat}>"


_ADOPTED: dict[type, type[Bot]] = {}


def adopt(cls: type) -> type[Bot]:
    """`cls` as a `Bot` class: itself when it is one, else (a game's plain bot class) the subclass of `cls` and
    `Bot` (made once per class), so the class's own members win and `Bot`'s defaults fill in the rest."""
    if issubclass(cls, Bot):
        return cls
    found = _ADOPTED.get(cls)
    if found is None:
        found = _ADOPTED[cls] = type(cls.__name__, (cls, Bot), {"__module__": cls.__module__, "__doc__": cls.__doc__})
    return found


def as_bot(bot: Any) -> Bot:
    """`bot` as a `Bot`: itself when it is one, else the same object moved to its adopted class (`adopt`)."""
    if not isinstance(bot, Bot):
        try:
            bot.__class__ = adopt(type(bot))
        except TypeError as exc:  # a class whose layout cannot take Bot as a base (say, __slots__ and no dict)
            raise TypeError(f"{type(bot).__name__} cannot serve as a bot: make it a class of plain attributes "
                            f"or a subclass of cetate.bots.Bot ({exc})") from None
    return bot


BotFactory = Callable[[Any, int, "int | str"], Any]
"""`(game, seat, seed) -> bot`: a `Bot` class, a game's plain bot class, or a function returning either."""


@dataclass(frozen=True, slots=True)
class BotEntry:
    """What the registry knows of a bot name: how to make one, and what callers must know before they have one.

    `make(game, seat, seed)` returns a `Bot`; `uses_sample` says whether its decisions take a sample (the
    server draws one before asking its worker); `parametrised(text)`, when offered, makes the factory of
    `name:text` (`ismcts:iterations=400`), raising ValueError on bad settings."""

    make: Callable[[Any, int, int | str], Bot]
    uses_sample: bool = False
    parametrised: Callable[[str], BotFactory] | None = None

    @classmethod
    def of(cls, factory: BotFactory, uses_sample: bool | None = None,
           parametrised: Callable[[str], BotFactory] | None = None) -> BotEntry:
        """The entry of `factory`. A class says itself whether it `uses_sample` (unless told here); a function
        does not, so it is taken to make bots that do not use one unless `uses_sample` says so."""
        if isinstance(factory, type):
            made = adopt(factory)
            return cls(made, made.uses_sample if uses_sample is None else uses_sample, parametrised)

        def make(game: Any, seat: int, seed: int | str = 0) -> Bot:
            return as_bot(factory(game, seat, seed))

        return cls(make, bool(uses_sample), parametrised)


_REGISTRY: dict[str, BotEntry | BotFactory] = {}  # a bare factory (a test may put one) is read as BotEntry.of
_plugins_loaded = False


def register(name: str, factory: BotFactory | None = None, *, uses_sample: bool | None = None,
             parametrised: Callable[[str], BotFactory] | None = None):
    """Register a bot class (or any factory `(game, seat, seed) -> Bot`) under `name`.

    Usable as a decorator: `@register("random")`. A class says itself whether it `uses_sample`; a factory
    function says it here. `parametrised(text)` makes the factory of the names `name:text` (see `BotEntry`).
    """
    def deco(f: BotFactory) -> BotFactory:
        _REGISTRY[name] = BotEntry.of(f, uses_sample, parametrised)
        return f

    return deco(factory) if factory is not None else deco


def _entry(found: BotEntry | BotFactory | None) -> BotEntry | None:
    if found is None or isinstance(found, BotEntry):
        return found
    return BotEntry.of(found)


def _load_plugins() -> None:
    """Bots declared by other packages in the `cetate.bots` entry-point group (loaded once): a `BotEntry`, a
    bot class or a factory."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group="cetate.bots"):
        if ep.name not in _REGISTRY:
            try:
                _REGISTRY[ep.name] = _entry(ep.load())
            except Exception:  # a broken plug-in must not break the built-in bots
                continue


def _game_bots() -> dict[str, BotFactory]:
    """The bots the registered games ship (`Game.bots()`, e.g. Citadels' `citadels-heuristic`), asked of the
    game registry each time: a game package may not import `cetate.bots`, so the registry goes to the games
    instead, and a game registered later (a plug-in, a test) brings its bots with it."""
    from cetate import games  # registry lookup; bots never import a game module directly

    found: dict[str, BotFactory] = {}
    for game in games.all():
        try:
            offered = game.bots()
        except Exception:  # a game whose bots fail to load must not break the others
            continue
        for name, factory in offered.items():
            found.setdefault(name, factory)
    return found


def names() -> list[str]:
    """The registered bot names, sorted."""
    _load_plugins()
    return sorted({*_REGISTRY, *_game_bots()})


def _factory(name: str) -> BotEntry | None:
    """The entry for `name`; `base:settings` names (e.g. `ismcts:iterations=400`) go to the entry of `base`
    when it is `parametrised`."""
    _load_plugins()
    entry = _entry(_REGISTRY.get(name))
    if entry is None:
        entry = _entry(_game_bots().get(name))
    if entry is None and ":" in name:
        base, _, rest = name.partition(":")
        parent = _entry(_REGISTRY.get(base))
        if parent is not None and parent.parametrised is not None:
            try:
                entry = BotEntry.of(parent.parametrised(rest), uses_sample=parent.uses_sample)
            except ValueError as exc:
                raise UnknownBot("bad_bot_settings", f"bot {name!r}: {exc}", bot=name, reason=str(exc)) from None
    return entry


def uses_sample(name: str) -> bool:
    """Whether bot `name` decides from a sample of its information set (see `Bot.uses_sample`)."""
    entry = _factory(name)
    return entry is not None and entry.uses_sample


def make_bot(name: str, game: Any, seat: int, seed: int | str = 0) -> Bot:
    """A new bot `name` playing `seat` of `game` (a game object or a game id), with its own seed."""
    entry = _factory(name)
    if entry is None:
        raise UnknownBot("unknown_bot", f"unknown bot {name!r}; known bots: {', '.join(names())}",
                         bot=name)
    return entry.make(_resolve_game(game), seat, seed)


def _resolve_game(game: Any) -> Any:
    if isinstance(game, str):
        from cetate.games import get  # registry lookup; bots never import a game module directly

        return get(game)
    return game


def bot_seed(seed: int | str, seat: int) -> str:
    """The seed of the bot at `seat` in a game played with `seed` (distinct per seat, reproducible)."""
    return f"{seed}/seat{seat}"


def choose(bot: Bot, game: Any, state: Any, seat: int, salt: int | str = 0) -> dict:
    """One decision of `bot` for `seat`: its view and the legal actions, and for a bot that `uses_sample`
    a state drawn by `game.determinize` from the seat's information set (seeded by the bot's seed and
    `salt`; the game's `determinize` depends only on what the seat knows). A game's plain bot object is
    adopted first (`as_bot`)."""
    bot = as_bot(bot)
    view, legal = game.view(state, seat), game.legal_actions(state)
    if bot.uses_sample:
        sample = game.determinize(state, seat, Rng.from_seed(f"{bot.seed}/sample/{salt}"))
        return bot.act(view, legal, sample=sample)
    return bot.act(view, legal)


def play_game(game: Any, players: int, seed: int | str, options: dict | None,
              bots: Sequence[Bot | str], max_actions: int | None = None) -> tuple[Any, Record]:
    """Play a whole game with one bot per seat through the protocol only (view, legal_actions, apply).

    `bots` holds `Bot` objects (a game's plain bot objects are adopted) or bot names (made with `make_bot(name, game, seat, bot_seed(seed, seat))`).
    Returns the final state and the game's `Record`. `max_actions` guards against a game that never ends.
    """
    game = _resolve_game(game)
    if len(bots) != players:
        raise ValueError(f"need one bot per seat: {players} players, {len(bots)} bots")
    seated = [make_bot(b, game, i, bot_seed(seed, i)) if isinstance(b, str) else as_bot(b)
              for i, b in enumerate(bots)]
    state = game.setup(players, seed, options)
    validated = game.options.validate(options)
    seats = [{"seat": i, "kind": "bot", "bot": b.name} for i, b in enumerate(seated)]
    recorder = Recorder(game, seats, seed, validated)
    count = 0
    while (seat := game.to_move(state)) is not None:
        action = choose(seated[seat], game, state, seat, count)
        game.apply(state, action)
        recorder.add(action)
        count += 1
        if max_actions is not None and count >= max_actions:
            raise RuntimeError(f"game did not end within {max_actions} actions")
    return state, recorder.finish(state)
