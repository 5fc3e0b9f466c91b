"""The game registry: `cetate.games.get("citadels")`, `cetate.games.all()`.

Games are found through the `cetate.games` entry-point group, so a plug-in package can add one. The
games shipped with cetate are also listed here so that a source checkout works without installing.
"""

from __future__ import annotations

import importlib
from importlib.metadata import entry_points

from cetate.core.errors import CetateError

_BUILTIN = {
    "akropolis": "cetate.games.akropolis:GAME",
    "citadels": "cetate.games.citadels:GAME",
    "gates": "cetate.games.gates:GAME",
}
_cache: dict[str, object] | None = None


class UnknownGame(CetateError, KeyError):
    pass


def _load(ref: str):
    module, _, attr = ref.partition(":")
    return getattr(importlib.import_module(module), attr)


def _discover() -> dict[str, object]:
    global _cache
    if _cache is None:
        found: dict[str, object] = {}
        refs = dict(_BUILTIN)
        for ep in entry_points(group="cetate.games"):
            refs[ep.name] = ep.value
        for name, ref in sorted(refs.items()):
            found[name] = _load(ref)
        _cache = found
    return _cache


def get(game_id: str):
    games = _discover()
    if game_id not in games:
        raise UnknownGame("unknown_game", f"unknown game {game_id!r}; known games: {', '.join(games)}")
    return games[game_id]


def all() -> list:  # the protocol's name (shadows the builtin on purpose)
    return list(_discover().values())


def ids() -> list[str]:
    return list(_discover())
