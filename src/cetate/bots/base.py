"""The game-agnostic bot interface, the bot registry and a driver that plays a game with bots.

A bot is made for one game and one seat (`make_bot(name, game, seat, seed)`) and decides with
`bot.act(view, legal_actions)`: it sees only what its seat may know (the game's `view` for that seat)
and the list of legal actions, never the state. Bots reach games only through the protocol.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from importlib.metadata import entry_points
from typing import Any, ClassVar

from cetate.core.errors import CetateError
from cetate.core.record import Record, Recorder
from cetate.core.rng import Rng


class UnknownBot(CetateError, KeyError):
    """A bot name that is not registered."""


class Bot:
    """Base class. Subclasses set `name` and implement `act`.

    A search bot sets `uses_sample`: drivers then call `act(view, legal_actions, sample=...)` with a state
    drawn from the seat's information set by `game.determinize` (see `choose`), never the true state."""

    name: ClassVar[str] = ""
    uses_sample: ClassVar[bool] = False

    def __init__(self, game: Any, seat: int, seed: int | str = 0) -> None:
        self.game = game
        self.seat = seat
        self.seed = seed
        self.rng = Rng.from_seed(seed)

    def act(self, view: dict, legal_actions: list[dict]) -> dict:
        """Choose one of `legal_actions` (return one of its items) from the seat's `view`."""
        raise NotImplementedError

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name!r} seat={self.seat}>"


BotFactory = Callable[[Any, int, "int | str"], Bot]

_REGISTRY: dict[str, BotFactory] = {}
_plugins_loaded = False


def register(name: str, factory: BotFactory | None = None):
    """Register a bot class (or any factory `(game, seat, seed) -> Bot`) under `name`.

    Usable as a decorator: `@register("random")`.
    """
    def deco(f: BotFactory) -> BotFactory:
        _REGISTRY[name] = f
        return f

    return deco(factory) if factory is not None else deco


def _load_plugins() -> None:
    """Bots declared by other packages in the `cetate.bots` entry-point group (loaded once)."""
    global _plugins_loaded
    if _plugins_loaded:
        return
    _plugins_loaded = True
    for ep in entry_points(group="cetate.bots"):
        if ep.name not in _REGISTRY:
            try:
                _REGISTRY[ep.name] = ep.load()
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


def _factory(name: str) -> BotFactory | None:
    """The factory for `name`; `base:settings` names (e.g. `ismcts:iterations=400`) go to a factory that
    offers `parametrised(settings) -> factory`."""
    _load_plugins()
    factory = _REGISTRY.get(name) or _game_bots().get(name)
    if factory is None and ":" in name:
        base, _, rest = name.partition(":")
        maker = getattr(_REGISTRY.get(base), "parametrised", None)
        if maker is not None:
            try:
                factory = maker(rest)
            except ValueError as exc:
                raise UnknownBot("bad_bot_settings", f"bot {name!r}: {exc}", bot=name, reason=str(exc)) from None
    return factory


def uses_sample(name: str) -> bool:
    """Whether bot `name` decides from a sample of its information set (see `Bot.uses_sample`)."""
    return bool(getattr(_factory(name), "uses_sample", False))


def make_bot(name: str, game: Any, seat: int, seed: int | str = 0) -> Bot:
    """A new bot `name` playing `seat` of `game` (a game object or a game id), with its own seed."""
    factory = _factory(name)
    if factory is None:
        raise UnknownBot("unknown_bot", f"unknown bot {name!r}; known bots: {', '.join(names())}",
                         bot=name)
    return factory(_resolve_game(game), seat, seed)


def _resolve_game(game: Any) -> Any:
    if isinstance(game, str):
        from cetate.games import get  # registry lookup; bots never import a game module directly

        return get(game)
    return game


def bot_seed(seed: int | str, seat: int) -> str:
    """The seed of the bot at `seat` in a game played with `seed` (distinct per seat, reproducible)."""
    return f"{seed}/seat{seat}"


def choose(bot: Any, game: Any, state: Any, seat: int, salt: int | str = 0) -> dict:
    """One decision of `bot` for `seat`: its view and the legal actions, and for a bot that `uses_sample`
    a state drawn by `game.determinize` from the seat's information set (seeded by the bot's seed and
    `salt`; the game's `determinize` depends only on what the seat knows)."""
    view, legal = game.view(state, seat), game.legal_actions(state)
    if getattr(bot, "uses_sample", False):
        sample = game.determinize(state, seat, Rng.from_seed(f"{getattr(bot, 'seed', 0)}/sample/{salt}"))
        return bot.act(view, legal, sample=sample)
    return bot.act(view, legal)


def play_game(game: Any, players: int, seed: int | str, options: dict | None,
              bots: Sequence[Bot | str], max_actions: int | None = None) -> tuple[Any, Record]:
    """Play a whole game with one bot per seat through the protocol only (view, legal_actions, apply).

    `bots` holds `Bot` objects or bot names (made with `make_bot(name, game, seat, bot_seed(seed, seat))`).
    Returns the final state and the game's `Record`. `max_actions` guards against a game that never ends.
    """
    game = _resolve_game(game)
    if len(bots) != players:
        raise ValueError(f"need one bot per seat: {players} players, {len(bots)} bots")
    seated = [make_bot(b, game, i, bot_seed(seed, i)) if isinstance(b, str) else b for i, b in enumerate(bots)]
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
