"""The lobby's bot levels, shared by the web app and `cetate play` (its hints). A game fills the levels it
declares with bots of its own (`Bots.levels` in its spec, e.g. `{"easy": "mygame-heuristic"}`);
the others play the generic bots below: `easy` a random player, `normal` and `hard` IS-MCTS with about
300 ms and 2 s per decision."""

from __future__ import annotations

from typing import Any

LEVELS = ("easy", "normal", "hard")
SEARCH_LEVELS = {"normal": "ismcts-normal", "hard": "ismcts-hard"}  # the bots of the levels that search
GENERIC = {"easy": "random", **SEARCH_LEVELS}  # a level the game does not fill itself


def level_bot(game: Any, level: str) -> str:
    """The bot that plays `level` at `game` (a game or its id): the bot the game declares for that level,
    else the generic one; a declared bot that is not registered (its code failed to load) falls back to the
    generic one too."""
    from cetate.bots import names

    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}; levels: {', '.join(LEVELS)}")
    if isinstance(game, str):
        from cetate import games  # registry lookup; bots never import a game module directly

        game = games.get(game)
    known = names()
    own = game.levels.get(level)
    if own is not None and own in known:
        return own
    generic = GENERIC[level]
    return generic if generic in known else "random"
