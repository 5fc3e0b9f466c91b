"""The game registry: `cetate.games.get("citadels")`, `cetate.games.all()`.

Games are found through the `cetate.games` entry-point group, so a plug-in package can add one: an entry
point names the game's `GameSpec` (`mygame = "mypackage:SPEC"`) or the `Game` facade made from it
(`"mypackage:GAME"`). The games shipped with cetate are also listed here so that a source checkout works
without installing. `get` and `all` always hand out `Game` facades (cetate.core.protocol).
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from cetate.core.errors import CetateError
from cetate.core.protocol import Game, GameSpec

_BUILTIN = {
    "akropolis": "cetate.games.akropolis:GAME",
    "citadels": "cetate.games.citadels:GAME",
    "gates": "cetate.games.gates:GAME",
}
_cache: dict[str, Game] | None = None


class UnknownGame(CetateError, KeyError):
    pass


def _load(name: str, ref: str) -> Game:
    module, _, attr = ref.partition(":")
    found = vars(importlib.import_module(module))[attr]
    game = Game(found) if isinstance(found, GameSpec) else found
    if not isinstance(game, Game):
        raise TypeError(f"game entry point {name!r} ({ref}) names neither a GameSpec nor a Game")
    if game.id != name:
        raise ValueError(f"game entry point {name!r} ({ref}) holds the game {game.id!r}")
    return game


def _discover() -> dict[str, Game]:
    global _cache
    if _cache is None:
        refs = dict(_BUILTIN)
        for ep in entry_points(group="cetate.games"):
            refs[ep.name] = ep.value
        _cache = {name: _load(name, ref) for name, ref in sorted(refs.items())}
    return _cache


def get(game_id: str) -> Game:
    games = _discover()
    if game_id not in games:
        raise UnknownGame("unknown_game", f"unknown game {game_id!r}; known games: {', '.join(games)}")
    return games[game_id]


def all() -> list[Game]:  # the protocol's name (shadows the builtin on purpose)
    return list(_discover().values())


def ids() -> list[str]:
    return list(_discover())
