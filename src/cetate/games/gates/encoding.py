"""Gates of the Citadel for learning code: 68 numbered actions and an observation of one seat's view
(`cetate.core.encoding`; the layout is documented in docs/rl.md).

Everything is seen from the observing seat ("me", then "the opponent"), so one policy can play both seats.
"""

from __future__ import annotations

from array import array

import numpy as np

from cetate.core.encoding import ActionCodec, Encoder, Features, positions
from cetate.games.gates.data import cards
from cetate.games.gates.rules import advance, siege_targets, to_move
from cetate.games.gates.state import NEUTRAL, PHASES

MAIN_PLACES = ("pair", "mine", "theirs", "my_current", "their_current", "graveyard")
ACTION_PLACES = ("my_hand", "their_known_hand", "my_step1", "my_step2", "their_step1", "their_step2",
                 "i_stole", "they_stole", "graveyard")
GATE_STATES = ("unplayed", "mine", "theirs", NEUTRAL)


class GatesEncoder(Encoder):
    def __init__(self, game, players: int, options: dict | None = None) -> None:
        super().__init__(game, players, options)
        cs = cards()
        self.mains = sorted(cs.main)
        self.actions = sorted(cs.action)
        self.codec = ActionCodec([
            ("shuffle", ()),
            ("start", ()),
            ("choose", (("card", self.mains),)),
            ("attach", (("card", self.actions),)),
            ("skip", ()),
            ("poet", (("card", self.actions),)),
            ("siege", (("gate", range(4)),)),
            ("no_siege", ()),
        ])
        self._main_pos = positions(self.mains)
        self._action_pos = positions(self.actions)
        self._phase = positions(PHASES)
        self._main_place = positions(MAIN_PLACES)
        self._action_place = positions(ACTION_PLACES)
        self._gate = positions(GATE_STATES)
        # observe_state: where each block begins, and each card's first number in its block
        self._base_main = len(PHASES) + 4
        self._base_action = self._base_main + len(self.mains) * len(MAIN_PLACES)
        self._base_gate = self._base_action + len(self.actions) * len(ACTION_PLACES)
        self._base_tail = self._base_gate + 4 * len(GATE_STATES)
        self._size = self._base_tail + 19
        self._main_at = {c: self._base_main + k * len(MAIN_PLACES) for c, k in self._main_pos.items()}
        self._action_at = {c: self._base_action + k * len(ACTION_PLACES) for c, k in self._action_pos.items()}
        self._phase_at = {phase: k for k, phase in enumerate(PHASES)}
        self._zeros = array("f", bytes(4 * self._size))

    @staticmethod
    def _places(f: Features, where: dict, cards: dict, width: int) -> None:
        """One block of `width` per card (in `cards` order) with a 1 at its place number, if it has one."""
        base = f.skip(len(cards) * width)
        raw = f.raw()
        get = cards.get
        for card, place in where.items():
            k = get(card)
            if k is not None:
                raw[base + k * width + place] = 1.0

    def view(self, s, seat: int) -> dict:
        """The fields of the seat's view (`view.py`) that the observation reads, taken from the state the
        way `view` takes them: the seat's own hand only (the other's size), the other's cards known from
        the graveyard, reserve sizes. Tests check over random games that the numbers are those of the full
        view, and that they do not change when the hidden cards are redealt."""
        phase = s.phase
        return {
            "seat": seat,
            "phase": phase,
            "round": s.round,
            "to_move": to_move(s),
            "first_chooser": s.p0,
            "pairs": s.pairs,
            "pair_index": s.pair_index,
            "drafted": s.drafted,
            "current": s.current,
            "main_graveyard": s.main_grave,
            "action_graveyard": s.action_grave,
            "stolen": s.stolen,
            "plays": s.plays,
            "hands": [s.hands[p] if p == seat else len(s.hands[p]) for p in (0, 1)],
            "known_hands": s.known,
            "gates": s.gates,
            "scores": s.scores,
            "reserves": [len(r) for r in s.reserves],
            "prelim": s.prelim,
            "order": s.order,
            "actor": s.order[s.turn] if phase in ("action", "extra", "poet") else None,
            "battle": s.battle,
            "attacker": s.attacker,
            "targets": siege_targets(s, s.attacker) if phase == "siege" else [],
        }

    def observe(self, view: dict) -> np.ndarray:
        me = view.get("seat")
        me = 0 if me not in (0, 1) else me
        them = 1 - me
        f = Features(335)
        f.one_hot(view.get("phase"), self._phase)
        f.scaled(view.get("round"), 6)
        f.flag(view.get("to_move") == me)
        f.flag(view.get("first_chooser") == me)
        f.scaled(view.get("pair_index"), 6)
        # where each main card is (a later place overrides an earlier one, as in the lists below)
        P = self._main_place
        place: dict = {}
        pairs = view.get("pairs") or []
        for pair in pairs[view.get("pair_index") or 0:]:
            place.update(dict.fromkeys(pair, P["pair"]))
        drafted = view.get("drafted") or [[], []]
        place.update(dict.fromkeys(drafted[me], P["mine"]))
        place.update(dict.fromkeys(drafted[them], P["theirs"]))
        current = view.get("current") or [None, None]
        if current[me] is not None:
            place[current[me]] = P["my_current"]
        if current[them] is not None:
            place[current[them]] = P["their_current"]
        place.update(dict.fromkeys(view.get("main_graveyard") or [], P["graveyard"]))
        self._places(f, place, self._main_pos, len(P))
        # where each action card is, as far as this seat knows (the rest: unseen)
        P = self._action_place
        aplace = dict.fromkeys(view.get("action_graveyard") or [], P["graveyard"])
        stolen = view.get("stolen") or [[], []]
        if isinstance(stolen[me], list):
            aplace.update(dict.fromkeys(stolen[me], P["i_stole"]))
        if isinstance(stolen[them], list):
            aplace.update(dict.fromkeys(stolen[them], P["they_stole"]))
        plays = view.get("plays") or [[], []]
        for step, c in enumerate(plays[me][:2]):
            aplace[c] = P["my_step1"] + step
        for step, c in enumerate(plays[them][:2]):
            aplace[c] = P["their_step1"] + step
        hands = view.get("hands") or [[], []]
        if isinstance(hands[me], list):
            aplace.update(dict.fromkeys(hands[me], P["my_hand"]))
        known = view.get("known_hands") or [[], []]
        aplace.update(dict.fromkeys(known[them], P["their_known_hand"]))
        self._places(f, aplace, self._action_pos, len(P))
        # gates, scores, sizes, the duel in progress
        G = self._gate
        base = f.skip(4 * len(G))
        raw = f.raw()
        for g, holder in enumerate((view.get("gates") or [None] * 4)[:4]):
            k = G["unplayed"] if holder is None else G["mine"] if holder == me else \
                G["theirs"] if holder == them else G.get(holder)
            if k is not None:
                raw[base + g * len(G) + k] = 1.0
        scores = view.get("scores") or [0, 0]
        mine, theirs = hands[me], hands[them]
        reserves = view.get("reserves") or [0, 0]
        prelim = view.get("prelim") or (0, 0)
        order = view.get("order")
        attacker = view.get("attacker")
        targets = view.get("targets") or ()
        f.extend([
            scores[me] / 40, scores[them] / 40, (scores[me] - scores[them]) / 20, (scores[them] - scores[me]) / 20,
            (len(mine) if isinstance(mine, list) else mine) / 8, (len(theirs) if isinstance(theirs, list) else theirs) / 8,
            reserves[me] / 8, reserves[them] / 8, prelim[me] / 25, prelim[them] / 25,
            1.0 if order and order[0] == me else 0.0, 1.0 if view.get("actor") == me else 0.0,
            1.0 if view.get("battle") is not None else 0.0, 1.0 if attacker == me else 0.0,
            1.0 if attacker == them else 0.0,
            *(1.0 if g in targets else 0.0 for g in range(4)),
        ])
        return f.array()

    def advance(self, s, action: dict) -> None:
        """A listed legal action played without the journal (`rules.advance`): the same state as `apply`."""
        advance(s, action)

    def observe_state(self, s, seat: int) -> np.ndarray:
        """`observe(view(s, seat))` written straight from the state (issue 31): the same fields that `view`
        hands `observe` (the seat's own hand, the cards the other took from the graveyard, sizes), the same
        numbers (tests/rl/test_env.py compares them over random games), without the view dict or the
        `Features` buffer: a copy of a zeroed float32 buffer where each place is written once, handed to
        NumPy without another copy."""
        me = seat if seat in (0, 1) else 0
        them = 1 - me
        phase = s.phase
        buf = self._zeros[:]
        buf[self._phase_at[phase]] = 1.0
        at = len(PHASES)
        if s.round:
            buf[at] = s.round / 6
        if to_move(s) == me:
            buf[at + 1] = 1.0
        if s.p0 == me:
            buf[at + 2] = 1.0
        if s.pair_index:
            buf[at + 3] = s.pair_index / 6
        # where each main card is (MAIN_PLACES numbers). `observe` lets a later place override an earlier
        # one; only the drafted lists overlap the others (a drafted card stays listed once in play or in the
        # graveyard), so those are skipped there, and every other card is written once
        at = self._main_at
        for pair in s.pairs[s.pair_index:]:  # not drafted yet
            buf[at[pair[0]]] = buf[at[pair[1]]] = 1.0  # pair (0)
        current = s.current
        grave = s.main_grave
        gone = set(grave)
        if current is not None:
            gone.update(current)
            buf[at[current[me]] + 3] = 1.0  # my_current
            buf[at[current[them]] + 4] = 1.0  # their_current
        for c in grave:
            buf[at[c] + 5] = 1.0  # graveyard
        for c in s.drafted[me]:
            if c not in gone:
                buf[at[c] + 1] = 1.0  # mine
        for c in s.drafted[them]:
            if c not in gone:
                buf[at[c] + 2] = 1.0  # theirs
        # where each action card is, as far as this seat knows (ACTION_PLACES numbers): every action card is
        # in one place only (State.from_json checks it), so each is written once
        at = self._action_at
        for c in s.action_grave:
            buf[at[c] + 8] = 1.0  # graveyard
        for c in s.stolen[me]:
            buf[at[c] + 6] = 1.0  # i_stole
        for c in s.stolen[them]:
            buf[at[c] + 7] = 1.0  # they_stole
        plays = s.plays[me]
        if plays:
            buf[at[plays[0]] + 2] = 1.0  # my_step1
            if len(plays) > 1:
                buf[at[plays[1]] + 3] = 1.0
        plays = s.plays[them]
        if plays:
            buf[at[plays[0]] + 4] = 1.0  # their_step1
            if len(plays) > 1:
                buf[at[plays[1]] + 5] = 1.0
        hand = s.hands[me]
        for c in hand:
            buf[at[c]] = 1.0  # my_hand
        for c in s.known[them]:
            buf[at[c] + 1] = 1.0  # their_known_hand
        at = self._base_gate
        for holder in s.gates:
            buf[at + (0 if holder is None else 1 if holder == me else 2 if holder == them else 3)] = 1.0
            at += 4
        # the 19 numbers of the end, clipped to [0, 1] as `Features.array` clips them (zeros stay unwritten)
        at = self._base_tail
        scores, reserves, order, attacker, prelim = s.scores, s.reserves, s.order, s.attacker, s.prelim
        mine, theirs = scores[me], scores[them]
        if mine:
            buf[at] = mine / 40 if mine < 40 else 1.0
        if theirs:
            buf[at + 1] = theirs / 40 if theirs < 40 else 1.0
        gap = mine - theirs
        if gap > 0:
            buf[at + 2] = gap / 20 if gap < 20 else 1.0
        elif gap < 0:
            buf[at + 3] = -gap / 20 if gap > -20 else 1.0
        for k, n in enumerate((len(hand), len(s.hands[them]), len(reserves[me]), len(reserves[them])), at + 4):
            if n:
                buf[k] = n / 8 if n < 8 else 1.0
        if prelim:
            for k, n in ((at + 8, prelim[me]), (at + 9, prelim[them])):
                if n > 0:
                    buf[k] = n / 25 if n < 25 else 1.0
        if order:
            if order[0] == me:
                buf[at + 10] = 1.0
            if phase in ("action", "extra", "poet") and order[s.turn] == me:
                buf[at + 11] = 1.0
        if s.battle is not None:
            buf[at + 12] = 1.0
        if attacker is not None:
            buf[at + 13 if attacker == me else at + 14] = 1.0
            if phase == "siege":
                for g in siege_targets(s, attacker):
                    if 0 <= g < 4:
                        buf[at + 15 + g] = 1.0
        return np.frombuffer(buf, np.float32)


ENCODER = GatesEncoder  # named by the game's spec (encoder=lazy(...))
