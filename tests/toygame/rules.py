"""Pebbles, the toy fourth game: two players take 1 to `max_take` pebbles in turn from one pile; whoever takes
the last pebble wins (or, in the misère game, loses). The first player is drawn from the seed. Everything is
public, so `determinize` is a copy.

The whole engine lives here: state, rules, view and documents. It imports only `cetate.core`.
"""

from __future__ import annotations

from typing import Any

from cetate.core.errors import IllegalAction, InvalidOptions, InvalidState
from cetate.core.events import Event
from cetate.core.rng import Rng
from tests.toygame.options import SCHEMA

PLAYERS = 2


class State:
    __slots__ = ("first", "options", "result", "stones", "taken", "turn")

    def __init__(self, stones: int, turn: int, options: dict) -> None:
        self.stones = stones
        self.turn = turn
        self.first = turn
        self.taken = [0, 0]
        self.options = options
        self.result: dict | None = None

    @property
    def n(self) -> int:
        return PLAYERS

    def clone(self) -> State:
        c = State.__new__(State)
        c.stones, c.turn, c.first, c.taken = self.stones, self.turn, self.first, list(self.taken)
        c.options, c.result = self.options, self.result
        return c

    def __eq__(self, other: object) -> bool:
        return isinstance(other, State) and to_json(self) == to_json(other)


# -- rules ---------------------------------------------------------------------------------------------------

def setup(players: int, seed: int | str = 0, options: dict | None = None) -> State:
    if players != PLAYERS or isinstance(players, bool):
        raise InvalidOptions("bad_players", f"Pebbles is for 2 players, not {players!r}")
    opts = SCHEMA.validate(options)
    return State(opts["stones"], Rng.from_seed(seed).below(PLAYERS), opts)


def start_events(s: State) -> list[Event]:
    return [Event("pebbles_started", {"stones": s.stones, "first": s.first})]


def to_move(s: State) -> int | None:
    return None if s.result is not None else s.turn


def legal_actions(s: State) -> list[dict]:
    if s.result is not None:
        return []
    return [{"type": "take", "count": k} for k in range(1, min(s.options["max_take"], s.stones) + 1)]


def apply(s: State, action: Any, seat: int | None = None) -> list[Event]:
    if s.result is not None:
        raise IllegalAction("game_over", "the game is over")
    if seat is not None and seat != s.turn:
        raise IllegalAction("not_your_turn", "it is not this seat's turn")
    if not isinstance(action, dict) or action.get("type") != "take":
        raise IllegalAction("unknown_action", "the only action is 'take'")
    count = action.get("count")
    if not isinstance(count, int) or isinstance(count, bool) or not 1 <= count <= s.options["max_take"]:
        raise IllegalAction("bad_count", f"take 1 to {s.options['max_take']} pebbles", field="count")
    if count > s.stones:
        raise IllegalAction("too_many", f"only {s.stones} pebbles are left", field="count")
    mover = s.turn
    s.stones -= count
    s.taken[mover] += count
    events = [Event("took", {"seat": mover, "count": count, "left": s.stones})]
    if s.stones == 0:
        winner = 1 - mover if s.options["misere"] else mover
        s.result = {"winners": [winner], "ranking": [winner, 1 - winner],
                    "scores": [{"seat": p, "taken": s.taken[p], "total": int(p == winner),
                                "rank": 1 if p == winner else 2} for p in range(PLAYERS)]}
        events.append(Event("pebbles_over", {"winner": winner}))
    else:
        s.turn = 1 - mover
    return events


def winning_take(stones: int, max_take: int, misere: bool) -> int | None:
    """The take that leaves the opponent lost, or None where every take loses."""
    target = (stones - 1) % (max_take + 1) if misere else stones % (max_take + 1)
    return target if 1 <= target <= min(max_take, stones) else None


def evaluate(s: State) -> list[float]:
    """The mover's share of the win: high when a winning take exists (for the search's cut-offs)."""
    good = winning_take(s.stones, s.options["max_take"], s.options["misere"]) is not None
    share = 0.9 if good else 0.1
    return [share, 1 - share] if s.turn == 0 else [1 - share, share]


# -- what each seat sees -------------------------------------------------------------------------------------

def refusals(s: State, seat: int | None) -> list[dict]:
    """The takes the seat to move may not make now because the pile is too small (the view's `refusals`, with
    the engine's own code for them: `too_many`)."""
    if s.result is not None or seat is None or seat != s.turn:
        return []
    return [{"code": "too_many", "target": {"type": "take", "count": k}, "left": s.stones}
            for k in range(s.stones + 1, s.options["max_take"] + 1)]


def view(s: State, seat: int | None) -> dict:
    return {"stones": s.stones, "max_take": s.options["max_take"], "misere": s.options["misere"],
            "to_move": to_move(s), "first": s.first, "taken": list(s.taken), "seat": seat,
            "refusals": refusals(s, seat), "result": None if s.result is None else to_json(s)["result"]}


def determinize(s: State, seat: int, rng: Rng) -> State:
    return s.clone()  # nothing is hidden


# -- documents -----------------------------------------------------------------------------------------------

def to_json(s: State) -> dict:
    import copy

    return {"game": "pebbles", "stones": s.stones, "turn": s.turn, "first": s.first, "taken": list(s.taken),
            "options": dict(s.options), "result": copy.deepcopy(s.result)}


def from_json(doc: Any) -> State:
    if not isinstance(doc, dict) or doc.get("game") != "pebbles":
        raise InvalidState("bad_state", "not a Pebbles state")
    try:
        s = State(int(doc["stones"]), int(doc["turn"]), SCHEMA.validate(doc["options"]))
        s.first = int(doc["first"])
        s.taken = [int(t) for t in doc["taken"]]
        s.result = doc["result"]
    except (KeyError, TypeError, ValueError) as exc:
        raise InvalidState("bad_state", f"a Pebbles state needs {exc}") from None
    return s
