"""Helpers for a game's `evaluate(state)` (the protocol's hook for search bots that cut playouts short).

A game turns its own estimate of each seat's final score into win shares here, on the same scale as the
rewards a finished game gives a search bot (`cetate.bots.ismcts.terminal_rewards`: 0.8 shared among the
winners, 0.2 by rank), so a cut-off and a finished playout are comparable.
"""

from __future__ import annotations

import math


def win_shares(values: list[float], spread: float) -> list[float]:
    """Each seat's expected reward from estimated final scores `values`: 0.8 x a softmax of the values (a
    lead of `spread` points makes a seat e times likelier to win) + 0.2 x its rank share. One seat: the
    logistic of its value (use `solo_share`)."""
    n = len(values)
    if n == 1:
        return [solo_share(values[0], spread)]
    top = max(values)
    weights = [math.exp((v - top) / spread) for v in values]
    total = sum(weights)
    order = sorted(range(n), key=lambda i: -values[i])
    out = [0.8 * w / total for w in weights]
    for pos, i in enumerate(order):
        out[i] += 0.2 * (n - 1 - pos) / (n - 1)
    return out


def solo_share(margin: float, spread: float) -> float:
    """A solo seat's expected reward when it leads its target by `margin` points (negative: behind)."""
    x = max(-50.0, min(50.0, margin / spread))
    return 1.0 / (1.0 + math.exp(-x))


__all__ = ["solo_share", "win_shares"]
