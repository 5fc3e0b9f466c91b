"""Pebbles for learning code: the takes numbered 0..5 and a four-number observation."""

from __future__ import annotations

from cetate.core.encoding import ActionCodec, Encoder, Features


class PebblesEncoder(Encoder):
    codec = ActionCodec([("take", (("count", range(1, 7)),))])

    def observe(self, view: dict) -> list[float]:
        f = Features()
        f.scaled(view["stones"], 60)
        f.scaled(view["max_take"], 6)
        f.flag(view["misere"])
        f.flag(view["to_move"] is not None and view["to_move"] == view["seat"])
        return f.values


ENCODER = PebblesEncoder
