"""Gates of the Citadel state and its JSON form.

Decks are lists with the top card first. `gates[g]` is None (not played yet), 0 or 1 (the holder) or
"neutral" (a tied duel, R23). The card set is not stored, only its digest: a state saved with another card
list is refused on load.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cetate.core.errors import InvalidOptions, InvalidState
from cetate.core.rng import Rng
from cetate.games.gates.data import cards
from cetate.games.gates.options import SCHEMA

PHASES = ("shuffle", "draft", "start", "action", "extra", "poet", "siege", "over")
NEUTRAL = "neutral"


class State:
    __slots__ = (
        "action_grave", "attacker", "battle", "current", "drafted", "gates", "hands", "history", "known", "last_second",
        "main_grave", "mains", "options", "order", "p0", "pair_index", "pairs", "phase", "pile", "plays",
        "prelim", "reserves", "result", "rng", "round", "scores", "stolen", "turn",
    )

    def clone(self) -> State:
        """A copy for search (no copy.deepcopy): every list the rules change is copied, the rest shared (the
        options, the pairs, the duel summaries in `history` and the result are never changed in place)."""
        s = State.__new__(State)
        s.options = self.options
        s.rng = Rng(self.rng.state)
        s.phase = self.phase
        s.p0 = self.p0
        s.pairs = self.pairs  # never mutated once dealt
        s.pair_index = self.pair_index
        s.drafted = [self.drafted[0].copy(), self.drafted[1].copy()]
        s.mains = [self.mains[0].copy(), self.mains[1].copy()]
        s.hands = [self.hands[0].copy(), self.hands[1].copy()]
        s.reserves = [self.reserves[0].copy(), self.reserves[1].copy()]
        s.main_grave = self.main_grave.copy()
        s.action_grave = self.action_grave.copy()
        s.gates = self.gates.copy()
        s.scores = self.scores.copy()
        s.round = self.round
        s.current = self.current
        s.prelim = self.prelim
        s.order = self.order
        s.turn = self.turn
        s.last_second = self.last_second
        s.plays = [self.plays[0].copy(), self.plays[1].copy()]
        s.stolen = [self.stolen[0].copy(), self.stolen[1].copy()]
        s.battle = self.battle
        s.pile = self.pile.copy()
        s.attacker = self.attacker
        s.history = self.history.copy()
        s.known = [self.known[0].copy(), self.known[1].copy()]
        s.result = self.result
        return s


def to_json(s: State, engine_version: str) -> dict:
    return {
        "game": "gates",
        "engine_version": engine_version,
        "cards_digest": cards().digest,
        "players": 2,
        "options": dict(s.options),
        "rng": s.rng.state,
        "phase": s.phase,
        "p0": s.p0,
        "pairs": [list(p) for p in s.pairs],
        "pair_index": s.pair_index,
        "drafted": [list(d) for d in s.drafted],
        "mains": [list(m) for m in s.mains],
        "hands": [list(h) for h in s.hands],
        "reserves": [list(r) for r in s.reserves],
        "main_graveyard": list(s.main_grave),
        "action_graveyard": list(s.action_grave),
        "gates": list(s.gates),
        "scores": list(s.scores),
        "round": s.round,
        "current": None if s.current is None else list(s.current),
        "prelim": None if s.prelim is None else list(s.prelim),
        "order": None if s.order is None else list(s.order),
        "turn": s.turn,
        "last_second": s.last_second,
        "plays": [list(p) for p in s.plays],
        "stolen": [list(p) for p in s.stolen],
        "battle": s.battle,
        "pile": list(s.pile),
        "attacker": s.attacker,
        "history": list(s.history),
        "known": [list(k) for k in s.known],
        "result": s.result,
    }


def _fail(field: str, why: str) -> InvalidState:
    return InvalidState("bad_state", f"state field {field!r} {why}", field=field)


def from_json(doc: Any) -> State:
    cs = cards()
    if not isinstance(doc, dict):
        raise InvalidState("bad_state", "a state must be a JSON object")
    if doc.get("game") != "gates":
        raise InvalidState("wrong_game", f"this state is for game {doc.get('game')!r}, not 'gates'")
    if doc.get("cards_digest") != cs.digest:
        raise InvalidState("wrong_cards", "this state was saved with a different card list "
                                          f"({doc.get('cards_digest')!r}, loaded {cs.digest!r})")

    def get(key: str) -> Any:
        if key not in doc:
            raise _fail(key, "is missing")
        return doc[key]

    def int_(key: str, lo: int, hi: int, null: bool = False) -> int | None:
        v = get(key)
        if v is None and null:
            return None
        if not isinstance(v, int) or isinstance(v, bool) or not lo <= v <= hi:
            raise _fail(key, f"must be an integer from {lo} to {hi}, not {v!r}")
        return v

    def ids(value: Any, field: str, pool: dict) -> list[str]:
        if not isinstance(value, list) or not all(isinstance(c, str) and c in pool for c in value):
            raise _fail(field, "must be a list of card ids")
        return list(value)

    def pair(key: str, pool: dict) -> list[list[str]]:
        v = get(key)
        if not isinstance(v, list) or len(v) != 2:
            raise _fail(key, "must hold one list per player")
        return [ids(v[0], f"{key}[0]", pool), ids(v[1], f"{key}[1]", pool)]

    s = State.__new__(State)
    try:
        s.options = SCHEMA.validate(get("options"))
    except InvalidOptions as exc:
        raise _fail("options", exc.message) from exc
    s.rng = Rng(int_("rng", 0, (1 << 64) - 1))
    phase = get("phase")
    if phase not in PHASES:
        raise _fail("phase", f"must be one of {', '.join(PHASES)}")
    s.phase = phase
    s.p0 = int_("p0", 0, 1)
    pairs = get("pairs")
    if not isinstance(pairs, list) or len(pairs) not in (0, 6):
        raise _fail("pairs", "must list 6 pairs (or none before the shuffle)")
    s.pairs = [ids(p, f"pairs[{i}]", cs.main) for i, p in enumerate(pairs)]
    if any(len(p) != 2 for p in s.pairs):
        raise _fail("pairs", "each pair holds 2 main cards")
    s.pair_index = int_("pair_index", 0, 6)
    s.drafted = pair("drafted", cs.main)
    s.mains = pair("mains", cs.main)
    s.hands = pair("hands", cs.action)
    s.reserves = pair("reserves", cs.action)
    s.main_grave = ids(get("main_graveyard"), "main_graveyard", cs.main)
    s.action_grave = ids(get("action_graveyard"), "action_graveyard", cs.action)
    gates = get("gates")
    if not isinstance(gates, list) or len(gates) != 4 or not all(g in (None, 0, 1, NEUTRAL) or g is None
                                                                for g in gates):
        raise _fail("gates", "must list 4 gates, each null, 0, 1 or \"neutral\"")
    if any(isinstance(g, bool) for g in gates):
        raise _fail("gates", "must list 4 gates, each null, 0, 1 or \"neutral\"")
    s.gates = list(gates)
    scores = get("scores")
    if not isinstance(scores, list) or len(scores) != 2 or not all(isinstance(x, int) and x >= 0 for x in scores):
        raise _fail("scores", "must be two non-negative integers")
    s.scores = list(scores)
    s.round = int_("round", 0, 6)
    current = get("current")
    s.current = None if current is None else tuple(ids(current, "current", cs.main))
    if s.current is not None and len(s.current) != 2:
        raise _fail("current", "must name the two main cards in play")
    prelim = get("prelim")
    if prelim is not None and (not isinstance(prelim, list) or len(prelim) != 2
                               or not all(isinstance(x, int) for x in prelim)):
        raise _fail("prelim", "must be null or two integers")
    s.prelim = None if prelim is None else list(prelim)
    order = get("order")
    if order is not None and order not in ([0, 1], [1, 0]):
        raise _fail("order", "must be null, [0, 1] or [1, 0]")
    s.order = None if order is None else tuple(order)
    s.turn = int_("turn", 0, 2)
    s.last_second = int_("last_second", 0, 1, null=True)
    s.plays = pair("plays", cs.action)
    s.stolen = pair("stolen", cs.action)
    s.battle = int_("battle", 0, 1, null=True)
    s.pile = ids(get("pile"), "pile", cs.action)
    s.attacker = int_("attacker", 0, 1, null=True)
    history = get("history")
    if not isinstance(history, list):
        raise _fail("history", "must be a list")
    s.history = list(history)
    known = get("known")
    if (not isinstance(known, list) or len(known) != 2
            or not all(isinstance(k, list) and all(c in s.hands[p] for c in k) for p, k in enumerate(known))):
        raise _fail("known", "must list, for each player, hand cards that both players know")
    s.known = [list(known[0]), list(known[1])]
    s.result = get("result")
    if (phase == "over") != (s.result is not None):
        raise _fail("result", "must be set exactly when the match is over")
    if phase in ("action", "extra", "poet", "siege") and (s.current is None or s.order is None):
        raise _fail("current", "must be set during a duel")
    if phase == "siege" and s.attacker is None:
        raise _fail("attacker", "must be set during a siege")
    # consistency the rules rely on (a corrupt document must not load into a state that crashes them)
    if phase == "draft" and (len(s.pairs) != 6 or s.pair_index > 5):
        raise _fail("pair_index", "must point at one of the six pairs during the draft")
    if phase in ("action", "extra", "poet", "siege"):
        if s.prelim is None:
            raise _fail("prelim", "must be set during a duel")
        if s.round < 1 or any(len(m) != 6 - s.round for m in s.mains):
            raise _fail("round", "must be the duel being played, with 6 - round cards left in each main deck")
        if phase != "siege" and s.turn > 1:
            raise _fail("turn", "must be 0 or 1 while a player attaches cards")
        if phase == "siege" and (not s.history or not isinstance(s.history[-1], dict)):
            raise _fail("history", "must end with the summary of the siege duel")
    # conservation: every card is in exactly one place
    if phase not in ("shuffle", "draft"):
        mains = (s.drafted[0] + s.drafted[1]) if phase == "start" else (
            s.mains[0] + s.mains[1] + s.main_grave + list(s.current or ()))
        if Counter(mains) != Counter(list(cs.main)):
            raise _fail("mains", "together with the graveyard and the cards in play must hold every main card once")
    if phase not in ("shuffle", "draft", "start"):
        actions = (s.hands[0] + s.hands[1] + s.reserves[0] + s.reserves[1] + s.action_grave + s.plays[0]
                   + s.plays[1] + s.stolen[0] + s.stolen[1] + s.pile)
        if Counter(actions) != Counter(list(cs.action)):
            raise _fail("hands", "together with reserves, graveyard and cards in play must hold every action "
                                 "card once")
    return s
