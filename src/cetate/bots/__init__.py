"""Bots: a game-agnostic interface (`Bot.act(view, legal_actions)`), a registry and a game driver.

    from cetate.bots import make_bot, play_game
    bot = make_bot("random", "citadels", seat=0, seed=1)
    state, record = play_game("citadels", 4, seed=7, options=None, bots=["random"] * 4)
"""

from cetate.bots.base import (
                              Bot,
                              BotEntry,
                              UnknownBot,
                              bot_seed,
                              choose,
                              make_bot,
                              names,
                              play_game,
                              register,
                              uses_sample,
)
from cetate.bots.ismcts import ISMCTSBot
from cetate.bots.random_bot import RandomBot

__all__ = ["Bot", "BotEntry", "ISMCTSBot", "RandomBot", "UnknownBot", "bot_seed", "choose", "make_bot", "names", "play_game",
           "register", "uses_sample"]
