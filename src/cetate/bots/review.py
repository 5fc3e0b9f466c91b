"""A finished game's moves compared with a bot: at each move a seat made, what the bot would have played
there from that seat's view. Used by the replay viewer of the web app (`GET /api/tables/{id}/review`) and
by `cetate replay --compare`. Only for finished games, whose seed and moves are public."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from cetate.bots.base import choose, make_bot


def review_moves(game: Any, players: int, game_seed: int | str, options: dict | None, actions: list[dict],
                 seat: int, bot_name: str, seed: int | str, skip: Iterable[int] = (),
                 tune: Callable[[Any], None] | None = None) -> list[dict]:
    """Replay the game; at each move of `seat` (move numbers from 1, `skip` left out: the moves a bot made
    for that seat), ask a fresh `bot_name` (seeded from `seed` and the move number; `tune(bot)` may cap its
    budget) what it would play. Returns `[{seq, suggested, same}]`, `same` telling whether that is the
    move played."""
    skipped = set(skip)
    state = game.setup(players, game_seed, options or {})
    out = []
    for seq, action in enumerate(actions, start=1):
        if game.to_move(state) == seat and seq not in skipped:
            bot = make_bot(bot_name, game, seat, f"{seed}/{seq}/review")
            if tune is not None:
                tune(bot)
            suggested = choose(bot, game, state, seat, seq)
            out.append({"seq": seq, "suggested": suggested, "same": suggested == action})
        game.apply(state, action)
    return out
