"""The start of a round and the character draft (spec citadels §1.3, §1.4). See common.py for the module
layers and the check/exec pairs."""

from __future__ import annotations

from cetate.core.events import Event
from cetate.games.citadels.common import (
    A_DISCARD_CHARACTER,
    A_PICK,
    C_NEXT_CALL,
    R_KING,
    character_field,
    illegal,
    shuffle,
)
from cetate.games.citadels.data import FACE_UP_REMOVALS, FACE_UP_REMOVALS_RANK9
from cetate.games.citadels.state import State


def takes_initial_card(n: int, characters: int) -> bool:
    """spec §1.4: with 7 players and 8 characters, or 8 players, the last drafter is also handed the
    initial face-down card."""
    return n == 8 or (n == 7 and characters == 8)


def takes_initial(s: State) -> bool:
    return takes_initial_card(s.n, len(s.roster) - 1)  # roster[0] is None: ranks start at 1


def draft_steps(n: int, crown: int) -> list[tuple[int, str]]:
    """spec §1.4: who picks (or discards) in which order, starting from the crown holder."""
    order = [(crown + i) % n for i in range(n)]
    if n == 2:
        a, b = order
        return [(a, "pick"), (b, "pick"), (b, "discard"), (a, "pick"), (a, "discard"), (b, "pick")]
    if n == 3:
        return [(seat, "pick") for seat in order + order]
    return [(seat, "pick") for seat in order]


def start_round(s: State, ev: list) -> None:
    s.round += 1
    rng = s.rng
    s.owner = [-1] * len(s.roster)
    s.revealed = []
    s.absent = []
    s.killed = 0
    s.robbed = 0
    s.bewitched = 0
    s.calling = 0
    s.tax_pending = []
    s.log = []
    s.seen = [[] for _ in range(s.n)]
    ranks = list(range(1, len(s.roster)))
    shuffle(rng, ranks)
    # spec §1.3: one card face down at random, then N face up; rank 4 (King or Emperor) never face up
    first = ranks.pop()
    s.initial_face_down = first
    s.face_down = [first]
    s.log.append((-1, "initial_face_down", first))
    candidates = [r for r in ranks if r != R_KING]
    shuffle(rng, candidates)
    table = FACE_UP_REMOVALS_RANK9 if len(s.roster) == 10 else FACE_UP_REMOVALS
    s.face_up = sorted(candidates[:table[s.n]])
    face_up = s.face_up
    s.pool = sorted([r for r in ranks if r not in face_up])
    s.steps = draft_steps(s.n, s.crown)
    s.phase = "draft"
    s.actor = -1
    ev.append(round_started_event(s))
    offer(s)


def round_started_event(s: State) -> Event:
    return Event("round_started", {"round": s.round, "crown": s.crown, "face_up": [s.roster[r] for r in s.face_up]})


def offer(s: State) -> None:
    """Hand the pool to the next drafter and remember what they saw (spec §1.4)."""
    seat, _kind = s.steps[0]
    if len(s.steps) == 1 and takes_initial(s) and s.initial_face_down in s.face_down:
        # spec §1.4, 7 players (8 with a rank-9 character): the last drafter also takes the initial card
        s.face_down.remove(s.initial_face_down)
        s.pool = sorted([*s.pool, s.initial_face_down])
    s.seen[seat].append(tuple(s.pool))


def draft_moves(s: State) -> list:
    kind = A_PICK if s.steps[0][1] == "pick" else A_DISCARD_CHARACTER
    return [(kind, r) for r in s.pool]


def _offered(s: State, action: dict) -> int:
    rank = character_field(s, action)
    if rank not in s.pool:
        raise illegal("character_unavailable", f"{action['character']!r} is not among the characters offered")
    return rank


def check_pick(s: State, seat: int, action: dict) -> tuple:
    if s.steps[0][1] != "pick":
        raise illegal("wrong_step", "now you must place a character face down, not pick one")
    return (A_PICK, _offered(s, action))


def exec_pick(s: State, seat: int, move: tuple, ev: list) -> int | None:
    rank = move[1]
    s.pool.remove(rank)
    s.owner[rank] = seat
    s.log.append((seat, "pick", rank))
    ev.append(("character_chosen", {"seat": seat}, {"character": s.roster[rank]}, (seat,)))
    return _after_draft_step(s, ev)


def check_discard_character(s: State, seat: int, action: dict) -> tuple:
    if s.steps[0][1] != "discard":
        raise illegal("wrong_step", "now you must pick a character, not place one face down")
    return (A_DISCARD_CHARACTER, _offered(s, action))


def exec_discard_character(s: State, seat: int, move: tuple, ev: list) -> int | None:
    rank = move[1]
    s.pool.remove(rank)
    s.face_down.append(rank)
    s.log.append((seat, "discard", rank))
    ev.append(("character_discarded", {"seat": seat}, {"character": s.roster[rank]}, (seat,)))
    return _after_draft_step(s, ev)


def _after_draft_step(s: State, ev: list) -> int | None:
    s.steps.pop(0)
    if s.steps:
        offer(s)
        return None
    for r in s.pool:  # the one card left after the draft goes face down, unseen
        s.face_down.append(r)
        s.log.append((-1, "face_down", r))
    s.pool = []
    s.steps = []
    ev.append(("draft_ended", {}))
    s.calling = 0
    return C_NEXT_CALL  # spec §1.5: the characters are called
