"""Actions in and out of the Citadels engine: the legal moves of each phase, their dict form on the wire, and
`apply`, which dispatches an action to its check and its effect and then runs the phase machine (flow.py).

Legality is computed once. `legal_actions` and `random_action` remember, on the state (`State.memo`), the
action objects they handed out with their moves; `apply` trusts such an object (the very object, listed for
this state since its last change) and plays its move without checking it again. Any other object, such as an
action that came from a player, is read and checked in full, with a clear refusal (IllegalAction) and the state
untouched when it is not legal. See common.py for moves, kinds and the module layers.
"""

from __future__ import annotations

from random import Random as _Random

from cetate.core.events import Event, Events
from cetate.games.citadels import districts, draft, powers, turn
from cetate.games.citadels.common import (
    A_ANNOUNCE_BELL_TOWER,
    A_ARMORY,
    A_ASSASSINATE,
    A_BEAUTIFY,
    A_BEWITCH,
    A_BUILD,
    A_CROWN,
    A_DECLINE_BELL_TOWER,
    A_DESTROY,
    A_DISCARD,
    A_DISCARD_CHARACTER,
    A_EXCHANGE,
    A_GRAVEYARD_DECLINE,
    A_GRAVEYARD_TAKE,
    A_KEEP,
    A_LABORATORY,
    A_LIGHTHOUSE_TAKE,
    A_MUSEUM,
    A_NAVIGATOR_CARDS,
    A_NAVIGATOR_GOLD,
    A_PICK,
    A_STEAL,
    A_STOP_DISCARDING,
    A_SWAP_HANDS,
    A_THANK,
    A_TRIBUTE_CARD,
    A_WIZARD,
    A_WIZARD_BUILD,
    A_WIZARD_TAKE,
    ACTION_TYPES,
    C_AFTER_ACTION,
    C_AFTER_REVEAL,
    C_END_TURN,
    C_NEXT_CALL,
    C_RESUME,
    illegal,
)
from cetate.games.citadels.data import DISTRICT_IDS
from cetate.games.citadels.flow import after_action, after_reveal, end_turn, finish_round, next_call, resume
from cetate.games.citadels.state import State
from cetate.games.citadels.turn import turn_moves


def to_move(s: State) -> int | None:
    phase = s.phase
    if phase == "turn":
        return s.actor
    if phase == "draft":
        return s.steps[0][0]
    if phase == "over":
        return None
    if phase == "graveyard":
        return s.graveyard[2]
    if phase == "emperor_tribute":
        return s.target
    return s.actor


# -- the legal moves of each phase ------------------------------------------------------------------

_PHASE_MOVES = {
    "turn": turn.turn_moves,
    "draft": draft.draft_moves,
    "keep": turn.keep_moves,
    "magician_discard": powers.magician_discard_moves,
    "graveyard": districts.graveyard_moves,
    "navigator": powers.navigator_moves,
    "wizard": powers.wizard_moves,
    "emperor_crown": powers.crown_moves,
    "emperor_heir": powers.crown_moves,
    "emperor_tribute": powers.tribute_moves,
    "lighthouse": districts.lighthouse_moves,
    "bell_tower": districts.bell_tower_moves,
    "ball_room": districts.ball_room_moves,
}


def legal_moves(s: State) -> list[tuple]:
    """Every legal move of the seat to move, in the order `legal_actions` lists them."""
    moves = _PHASE_MOVES.get(s.phase)
    return moves(s) if moves is not None else []


# -- moves and their dict form ------------------------------------------------------------------------

_CHARACTER, _CARD, _TARGET, _TARGET_CARD, _EXCHANGE, _PLAIN = range(6)
_SHAPE = [_PLAIN] * len(ACTION_TYPES)
for _k in (A_PICK, A_DISCARD_CHARACTER, A_ASSASSINATE, A_STEAL, A_BEWITCH):
    _SHAPE[_k] = _CHARACTER
for _k in (A_KEEP, A_BUILD, A_DISCARD, A_LABORATORY, A_WIZARD_TAKE, A_WIZARD_BUILD, A_TRIBUTE_CARD, A_BEAUTIFY,
           A_MUSEUM, A_LIGHTHOUSE_TAKE):
    _SHAPE[_k] = _CARD
for _k in (A_SWAP_HANDS, A_WIZARD, A_CROWN):
    _SHAPE[_k] = _TARGET
for _k in (A_DESTROY, A_ARMORY):
    _SHAPE[_k] = _TARGET_CARD
_SHAPE[A_EXCHANGE] = _EXCHANGE
_SHAPE = tuple(_SHAPE)


def action_of(s: State, move: tuple) -> dict:
    """The wire form of a move (a new dict each time: callers may keep or change it)."""
    kind = move[0]
    shape = _SHAPE[kind]
    if shape == _CARD:
        return {"type": ACTION_TYPES[kind], "card": DISTRICT_IDS[move[1]]}
    if shape == _CHARACTER:
        return {"type": ACTION_TYPES[kind], "character": s.roster[move[1]]}
    if shape == _PLAIN:
        return {"type": ACTION_TYPES[kind]}
    if shape == _TARGET:
        return {"type": ACTION_TYPES[kind], "target": move[1]}
    if shape == _TARGET_CARD:
        return {"type": ACTION_TYPES[kind], "target": move[1], "card": DISTRICT_IDS[move[2]]}
    return {"type": ACTION_TYPES[kind], "give": DISTRICT_IDS[move[1]], "target": move[2],
            "take": DISTRICT_IDS[move[3]]}


def legal_actions(s: State) -> list[dict]:
    moves = legal_moves(s)
    roster = s.roster
    ids = DISTRICT_IDS
    out = []
    append = out.append
    for m in moves:
        shape = _SHAPE[m[0]]
        if shape == _CARD:
            append({"type": ACTION_TYPES[m[0]], "card": ids[m[1]]})
        elif shape == _CHARACTER:
            append({"type": ACTION_TYPES[m[0]], "character": roster[m[1]]})
        else:
            append(action_of(s, m))
    s.memo = tuple(out)
    s.memo_moves = moves
    return out


class Action(dict):
    """An action handed out by `random_action`: a dict like any other, but shared (built once per move and
    reused), so it refuses changes; `dict(action)` is a copy to change."""

    __slots__ = ()

    def _frozen(self, *args, **kwargs):
        raise TypeError("an action handed out by random_action is shared: copy it (dict(action)) to change it")

    __setitem__ = __delitem__ = clear = pop = popitem = setdefault = update = __ior__ = _frozen  # type: ignore

    def __copy__(self) -> dict:
        return dict(self)

    def __deepcopy__(self, memo: dict) -> dict:
        return dict(self)

    def __reduce__(self):
        return (dict, (dict(self),))


_ACTIONS: dict = {}  # (kind, *arguments) or (kind, character id) -> Action; at most a few thousand


def _shared(s: State, move: tuple) -> Action:
    key = (move[0], s.roster[move[1]]) if _SHAPE[move[0]] == _CHARACTER else move
    action = _ACTIONS.get(key)
    if action is None:
        action = _ACTIONS[key] = Action(action_of(s, move))
    return action


def random_action(s: State, rnd) -> dict:
    """A legal action drawn uniformly, as the protocol's default draws it from `legal_actions` (the same
    draw from `rnd`, so the same games), without building the actions not drawn. The action is shared
    between states (an `Action`, which refuses changes)."""
    phase = s.phase
    if phase == "turn":
        moves = turn_moves(s)
    elif phase == "draft":
        moves = s.pool
    else:
        moves = legal_moves(s)
    n = len(moves)
    if rnd.__class__ is _Random and n:
        # `rnd.randrange(n)` for n > 0 written out (random.Random._randbelow_with_getrandbits): the same draw
        getrandbits = rnd.getrandbits
        k = n.bit_length()
        i = getrandbits(k)
        while i >= n:
            i = getrandbits(k)
    else:
        i = rnd.randrange(n)  # the error `rnd.choice([])` would give when there is nothing to draw from
    if phase == "draft":
        kind = A_PICK if s.steps[0][1] == "pick" else A_DISCARD_CHARACTER
        rank = moves[i]
        move = (kind, rank)
        action = _ACTIONS.get((kind, s.roster[rank])) or _shared(s, move)
        s.memo = action
        s.memo_moves = move
        return action
    move = moves[i]
    action = _ACTIONS.get(move) or _shared(s, move)
    s.memo = action
    s.memo_moves = move
    return action


# -- apply ----------------------------------------------------------------------------------------

def _plain(kind: int):
    move = (kind,)

    def check(s: State, seat: int, action: dict) -> tuple:
        return move
    return check


_TURN = ("turn",)
# type: (phases where it is legal, check, effect)
_TABLE: dict[str, tuple[tuple[str, ...], object, object]] = {
    "pick": (("draft",), draft.check_pick, draft.exec_pick),
    "discard_character": (("draft",), draft.check_discard_character, draft.exec_discard_character),
    "take_gold": (_TURN, turn.check_take_gold, turn.exec_take_gold),
    "draw_cards": (_TURN, turn.check_draw_cards, turn.exec_draw_cards),
    "keep": (("keep",), turn.check_keep, turn.exec_keep),
    "collect_income": (_TURN, turn.check_collect_income, turn.exec_collect_income),
    "build": (_TURN, turn.check_build, turn.exec_build),
    "assassinate": (_TURN, powers.check_assassinate, powers.exec_assassinate),
    "steal": (_TURN, powers.check_steal, powers.exec_steal),
    "swap_hands": (_TURN, powers.check_swap_hands, powers.exec_swap_hands),
    "discard_and_draw": (_TURN, powers.check_discard_and_draw, powers.exec_discard_and_draw),
    "discard": (("magician_discard",), powers.check_discard, powers.exec_discard),
    "stop_discarding": (("magician_discard",), _plain(A_STOP_DISCARDING), powers.exec_stop_discarding),
    "laboratory": (_TURN, districts.check_laboratory, districts.exec_laboratory),
    "smithy": (_TURN, districts.check_smithy, districts.exec_smithy),
    "destroy": (_TURN, powers.check_destroy, powers.exec_destroy),
    "graveyard_take": (("graveyard",), _plain(A_GRAVEYARD_TAKE), districts.exec_graveyard_take),
    "graveyard_decline": (("graveyard",), _plain(A_GRAVEYARD_DECLINE), districts.exec_graveyard_decline),
    "end_turn": (_TURN, turn.check_end_turn, turn.exec_end_turn),
    # Dark City
    "bewitch": (_TURN, powers.check_bewitch, powers.exec_bewitch),
    "wizard": (_TURN, powers.check_wizard, powers.exec_wizard),
    "wizard_take": (("wizard",), powers.check_wizard_take, powers.exec_wizard_take),
    "wizard_build": (("wizard",), powers.check_wizard_build, powers.exec_wizard_build),
    "crown": (("emperor_crown", "emperor_heir"), powers.check_crown, powers.exec_crown),
    "tribute_gold": (("emperor_tribute",), powers.check_tribute_gold, powers.exec_tribute_gold),
    "tribute_card": (("emperor_tribute",), powers.check_tribute_card, powers.exec_tribute_card),
    "abbot_collect": (_TURN, powers.check_abbot_collect, powers.exec_abbot_collect),
    "navigator_gold": (("navigator",), _plain(A_NAVIGATOR_GOLD), powers.exec_navigator),
    "navigator_cards": (("navigator",), _plain(A_NAVIGATOR_CARDS), powers.exec_navigator),
    "exchange": (_TURN, powers.check_exchange, powers.exec_exchange),
    "beautify": (_TURN, powers.check_beautify, powers.exec_beautify),
    "museum": (_TURN, districts.check_museum, districts.exec_museum),
    "armory": (_TURN, districts.check_armory, districts.exec_armory),
    "lighthouse_take": (("lighthouse",), districts.check_lighthouse_take, districts.exec_lighthouse_take),
    "announce_bell_tower": (("bell_tower",), _plain(A_ANNOUNCE_BELL_TOWER), districts.exec_announce_bell_tower),
    "decline_bell_tower": (("bell_tower",), _plain(A_DECLINE_BELL_TOWER), districts.exec_decline_bell_tower),
    "thank": (("ball_room",), _plain(A_THANK), districts.exec_thank),
}
assert tuple(_TABLE) == ACTION_TYPES
_EXEC = tuple(entry[2] for entry in _TABLE.values())  # by kind


def apply(s: State, action: object, seat: int | None = None) -> list[Event]:
    memo = s.memo
    if memo is action and memo is not None:  # the very object handed out for this state: no second check
        move = s.memo_moves
    elif memo.__class__ is tuple and action in memo:  # identity first, in C
        i = memo.index(action)
        move = s.memo_moves[i] if memo[i] is action else None  # an equal object that is not it is read
    else:
        move = None
    if move is not None:
        phase = s.phase
        if phase == "turn":
            mover = s.actor
        elif phase == "draft":
            mover = s.steps[0][0]
        elif phase == "graveyard":
            mover = s.graveyard[2]
        elif phase == "emperor_tribute":
            mover = s.target
        else:
            mover = s.actor
        if seat is not None and seat != mover:
            raise illegal("not_your_turn", "it is not this seat's turn", seat=seat)
        execute = _EXEC[move[0]]
    else:
        if not isinstance(action, dict) or not isinstance(action.get("type"), str):
            raise illegal("malformed_action", "an action must be an object with a string field 'type'")
        if s.phase == "over":
            raise illegal("game_over", "the game is over")
        mover = to_move(s)
        if seat is not None and seat != mover:
            raise illegal("not_your_turn", "it is not this seat's turn", seat=seat)
        entry = _TABLE.get(action["type"])
        if entry is None:
            raise illegal("unknown_action", f"unknown action type {action['type']!r}")
        phases, check, execute = entry
        if s.phase not in phases:
            raise illegal("wrong_phase", f"{action['type']!r} is not possible in the {s.phase} phase",
                          phase=s.phase)
        move = check(s, mover, action)  # every check first: a refusal leaves the state as it was
    s.memo = None
    ev = Events()
    then = execute(s, mover, move, ev)
    if then is not None:  # what the phase machine does next (common.py, C_...)
        if then == C_END_TURN:
            end_turn(s, ev)
        elif then == C_AFTER_ACTION:
            after_action(s, mover, ev)
        elif then == C_NEXT_CALL:
            next_call(s, ev)
        elif then == C_RESUME:
            resume(s, ev)
        elif then == C_AFTER_REVEAL:
            after_reveal(s, ev)
        else:
            finish_round(s, ev)
    return ev
