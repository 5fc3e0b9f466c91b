"""What search bots ask of Citadels beyond the rules (protocol `Search`): a cheap rule-of-thumb move for
playouts and an evaluation of a state that is not over."""

from __future__ import annotations

from cetate.core.search import win_shares
from cetate.games.citadels.actions import action_of, legal_moves, to_move
from cetate.games.citadels.common import (
    A_BUILD,
    A_COLLECT_INCOME,
    A_DRAW_CARDS,
    A_END_TURN,
    A_KEEP,
    A_TAKE_GOLD,
    completion_size,
)
from cetate.games.citadels.data import COST, DISTRICT_IDS
from cetate.games.citadels.endgame import score_seat
from cetate.games.citadels.state import State


def evaluate(s: State) -> list[float]:
    """Each seat's expected share of the win at a state that is not over (protocol `evaluate`, for search
    bots with a cut-off): its score so far plus what its gold and hand may still build, with a bonus for
    the seats close to completing their city (whoever ends the game gets the first-complete bonus)."""
    need = completion_size(s)
    values = []
    for i in range(s.n):
        city = len(s.cities[i])
        v = score_seat(s, i)["total"] + 0.5 * min(s.gold[i], 8) + 0.4 * min(len(s.hands[i]), 5)
        v += 1.5 * max(0, city - need + 3)  # the last few districts bring the end (and its bonuses) nearer
        values.append(v)
    return win_shares(values, 3.0)


def _dearest(moves: list[tuple]) -> tuple:
    return max(moves, key=lambda m: (COST[m[1]], DISTRICT_IDS[m[1]]))


def _chosen(s: State, move: tuple) -> dict:
    action = action_of(s, move)
    s.memo = action
    s.memo_moves = move
    return action


def playout_action(s: State, rnd) -> dict:
    """A cheap, sensible move for search playouts (protocol `playout_action`): build the dearest district
    it can, collect income, take gold when the hand already holds something to build (else draw), keep the
    dearest drawn card, and end the turn only when nothing else is left; other choices (the draft, powers,
    targets) are uniform. Much stronger than uniform play, and far cheaper than a bot reading a view."""
    legal = legal_moves(s)
    if len(legal) == 1:
        return _chosen(s, legal[0])
    by_kind: dict[int, list[tuple]] = {}
    for m in legal:
        by_kind.setdefault(m[0], []).append(m)
    builds = by_kind.get(A_BUILD)
    if builds:
        return _chosen(s, _dearest(builds))
    if A_COLLECT_INCOME in by_kind:
        return _chosen(s, by_kind[A_COLLECT_INCOME][0])
    if A_TAKE_GOLD in by_kind and A_DRAW_CARDS in by_kind:
        seat = to_move(s)
        hand = s.hands[seat] if seat is not None else []
        return _chosen(s, by_kind[A_TAKE_GOLD][0] if len(hand) >= 2 else by_kind[A_DRAW_CARDS][0])
    keeps = by_kind.get(A_KEEP)
    if keeps:
        return _chosen(s, _dearest(keeps))
    others = [m for m in legal if m[0] != A_END_TURN] or legal
    return _chosen(s, others[rnd.randrange(len(others))])
