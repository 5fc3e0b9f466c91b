"""`pebbles-heuristic`: takes what the engine's notes mark as a winning take, else one pebble. A plain class with
the bot interface (a game may not import `cetate.bots`)."""

from __future__ import annotations

from tests.toygame.rules import winning_take

NAME = "pebbles-heuristic"


class PebblesBot:
    name = NAME

    def __init__(self, game, seat: int, seed: int | str = 0) -> None:
        self.game, self.seat, self.seed = game, seat, seed

    def act(self, view: dict, legal_actions: list[dict]) -> dict:
        best = winning_take(view["stones"], view["max_take"], view["misere"])
        return next((a for a in legal_actions if a["count"] == best), legal_actions[0])
