"""What each take does, as data (`Presentation.annotate`): the pebbles it leaves, and whether it leaves the
opponent lost."""

from __future__ import annotations

from tests.toygame.rules import State, winning_take


def annotate(s: State, seat: int | None, legal: list[dict]) -> list[dict]:
    best = winning_take(s.stones, s.options["max_take"], s.options["misere"])
    return [{"left": s.stones - a["count"], "wins": a["count"] == best} for a in legal]
