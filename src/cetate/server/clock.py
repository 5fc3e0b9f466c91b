"""Optional turn clocks: every human seat has `initial_s` seconds, plus `increment_s` after each of its moves.

The clock of the seat to move runs while it is that seat's turn (a turn may hold several decisions, each
one a move that earns the increment). When it reaches zero, a bot plays that decision for the late seat
(the game's heuristic bot if it has one, else `random`); the action is stored with `timeout=True` and the
seat's clock restarts from the increment. Bot seats have no clock.

Remaining times live in memory; after a restart they are rebuilt from the stored actions' timestamps
(the time a move took is the gap since the previous action), and the time the server was down is not
charged to anyone.

Turn-based tables have a clock of another kind: `{per_move_s}`, from 1 hour to 14 days for each decision of
a person (`check_clock`; no `TurnClock` then). Its deadlines live in the database and a sweep plays for a
late seat (`cetate.server.turns`, docs/turn-based.md).
"""

from __future__ import annotations

import time
from datetime import datetime

from cetate.core.errors import CetateError

MAX_SECONDS = 7 * 24 * 3600.0
PER_MOVE_MIN_S = 3600  # a turn-based table's time per move: 1 hour ...
PER_MOVE_MAX_S = 14 * 24 * 3600  # ... to 14 days


class BadClock(CetateError):
    pass


def check_clock(raw: dict | None) -> dict | None:
    """Validate `{initial_s, increment_s}`; returns the normalised config or None."""
    if raw is None:
        return None
    if "per_move_s" in raw:
        return {"per_move_s": check_per_move(raw["per_move_s"])}
    initial = raw.get("initial_s")
    increment = raw.get("increment_s", 0)
    for name, value, low in (("initial_s", initial, 0.0), ("increment_s", increment, 0.0)):
        if isinstance(value, bool) or not isinstance(value, int | float):
            raise BadClock("bad_clock", f"clock.{name} must be a number of seconds", field=f"clock.{name}")
        if not low <= value <= MAX_SECONDS or (name == "initial_s" and value <= 0):
            allowed = "above 0" if name == "initial_s" else "0 or more"
            raise BadClock("bad_clock", f"clock.{name} must be {allowed} and at most {int(MAX_SECONDS)}, "
                                        f"not {value!r}", field=f"clock.{name}")
    return {"initial_s": float(initial), "increment_s": float(increment)}


def check_per_move(value) -> int:
    """A turn-based table's time per move, in whole seconds from `PER_MOVE_MIN_S` to `PER_MOVE_MAX_S`."""
    if isinstance(value, bool) or not isinstance(value, int | float) or value != int(value):
        raise BadClock("bad_clock", "per_move_s must be a whole number of seconds", field="per_move_s")
    if not PER_MOVE_MIN_S <= value <= PER_MOVE_MAX_S:
        raise BadClock("bad_clock", f"per_move_s must be from {PER_MOVE_MIN_S} (1 hour) to {PER_MOVE_MAX_S} "
                                    f"(14 days), not {value!r}", field="per_move_s")
    return int(value)


def per_move(config: dict | None) -> int | None:
    """The seconds per move of a turn-based table's clock config, or None (no clock, or a real-time one)."""
    if isinstance(config, dict) and isinstance(config.get("per_move_s"), int | float):
        return int(config["per_move_s"])
    return None


def real_time(config: dict | None) -> bool:
    """Whether a clock config is the real-time kind (`TurnClock`)."""
    return isinstance(config, dict) and "initial_s" in config


class TurnClock:
    def __init__(self, initial_s: float, increment_s: float, players: int) -> None:
        self.initial_s = initial_s
        self.increment_s = increment_s
        self.remaining = [float(initial_s)] * players
        self.running: int | None = None
        self._since = 0.0  # time.monotonic() when the running clock last started

    @classmethod
    def from_config(cls, config: dict, players: int) -> TurnClock:
        return cls(config["initial_s"], config["increment_s"], players)

    def left(self, seat: int, now: float | None = None) -> float:
        value = self.remaining[seat]
        if seat == self.running:
            value -= (time.monotonic() if now is None else now) - self._since
        return max(0.0, value)

    def start(self, seat: int, now: float | None = None) -> None:
        self.stop(now)
        self.running = seat
        self._since = time.monotonic() if now is None else now

    def stop(self, now: float | None = None) -> int | None:
        """Stop the running clock (charging the time used); returns the seat it ran for."""
        seat = self.running
        if seat is not None:
            self.remaining[seat] = self.left(seat, now)
            self.running = None
        return seat

    def moved(self, seat: int, timeout: bool = False) -> None:
        """`seat` made a move (charged already by `stop`): add the increment."""
        if timeout:
            self.remaining[seat] = 0.0
        self.remaining[seat] = min(MAX_SECONDS, self.remaining[seat] + self.increment_s)

    def deadline(self) -> float | None:
        """The monotonic time at which the running clock reaches zero."""
        if self.running is None:
            return None
        return self._since + self.remaining[self.running]

    def rebuild(self, actions: list[dict], clocked: set[int]) -> None:
        """Replay the stored actions' timing: each move of a clocked seat costs the gap since the previous
        action (the first action costs nothing)."""
        previous: datetime | None = None
        for entry in actions:
            at = _parse(entry.get("created_at"))
            seat = entry["seat"]
            if seat in clocked and 0 <= seat < len(self.remaining):
                used = (at - previous).total_seconds() if at is not None and previous is not None else 0.0
                self.remaining[seat] = max(0.0, self.remaining[seat] - max(0.0, used))
                self.moved(seat, timeout=bool(entry.get("timeout")))
            if at is not None:
                previous = at

    def to_json(self, now: float | None = None) -> dict:
        return {
            "initial_s": self.initial_s,
            "increment_s": self.increment_s,
            "remaining_s": [round(self.left(i, now), 3) for i in range(len(self.remaining))],
            "running": self.running,
        }


def _parse(value) -> datetime | None:
    if isinstance(value, datetime):
        return value
    if isinstance(value, str):
        try:
            return datetime.fromisoformat(value)
        except ValueError:
            return None
    return None
