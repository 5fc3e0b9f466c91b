"""The lobby's bot levels, shared by the web app and `cetate play` (its hints): `easy` is the game's
heuristic bot (`random` for a game without one), `normal` and `hard` are IS-MCTS with about 300 ms and
2 s per decision."""

from __future__ import annotations

LEVELS = ("easy", "normal", "hard")
SEARCH_LEVELS = {"normal": "ismcts-normal", "hard": "ismcts-hard"}  # the bots of the levels that search


def level_bot(game_id: str, level: str) -> str:
    """The bot that plays `level` at `game_id`: `easy` the game's heuristic bot (`random` when the game has
    none), `normal` `ismcts-normal` (about 300 ms a move), `hard` `ismcts-hard` (about 2 s)."""
    from cetate.bots import names

    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    known = names()
    search = SEARCH_LEVELS.get(level)
    if search is not None and search in known:
        return search
    heuristic = f"{game_id}-heuristic"
    return heuristic if heuristic in known else "random"
