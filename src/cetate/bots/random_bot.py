"""The `random` bot: a uniform choice among the legal actions, from its own seeded `Rng`."""

from __future__ import annotations

from cetate.bots.base import Bot, register


@register("random")
class RandomBot(Bot):
    name = "random"

    def act(self, view: dict, legal_actions: list[dict]) -> dict:
        if not legal_actions:
            raise ValueError("the random bot was asked to act with no legal action")
        return legal_actions[self.rng.below(len(legal_actions))]
