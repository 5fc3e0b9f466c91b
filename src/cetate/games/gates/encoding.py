"""Gates of the Citadel for learning code: 68 numbered actions and an observation of one seat's view
(`cetate.core.encoding`; the layout is documented in docs/rl.md).

Everything is seen from the observing seat ("me", then "the opponent"), so one policy can play both seats.
"""

from __future__ import annotations

from cetate.core.encoding import ActionCodec, Encoder, Features, positions
from cetate.games.gates.data import cards
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

    def observe(self, view: dict) -> list[float]:
        me = view.get("seat")
        me = 0 if me not in (0, 1) else me
        them = 1 - me
        f = Features()
        f.one_hot(view.get("phase"), self._phase)
        f.scaled(view.get("round"), 6)
        f.flag(view.get("to_move") == me)
        f.flag(view.get("first_chooser") == me)
        f.scaled(view.get("pair_index"), 6)
        # where each main card is
        place = {}
        pairs = view.get("pairs") or []
        for pair in pairs[view.get("pair_index") or 0:]:
            for c in pair:
                place[c] = "pair"
        drafted = view.get("drafted") or [[], []]
        for c in drafted[me]:
            place[c] = "mine"
        for c in drafted[them]:
            place[c] = "theirs"
        current = view.get("current") or [None, None]
        if current[me] is not None:
            place[current[me]] = "my_current"
        if current[them] is not None:
            place[current[them]] = "their_current"
        for c in view.get("main_graveyard") or []:
            place[c] = "graveyard"
        for c in self.mains:
            f.one_hot(place.get(c), self._main_place)
        # where each action card is, as far as this seat knows (the rest: unseen)
        aplace = {}
        for c in view.get("action_graveyard") or []:
            aplace[c] = "graveyard"
        stolen = view.get("stolen") or [[], []]
        for c in stolen[me] if isinstance(stolen[me], list) else []:
            aplace[c] = "i_stole"
        for c in stolen[them] if isinstance(stolen[them], list) else []:
            aplace[c] = "they_stole"
        plays = view.get("plays") or [[], []]
        for step, c in enumerate(plays[me][:2]):
            aplace[c] = ("my_step1", "my_step2")[step]
        for step, c in enumerate(plays[them][:2]):
            aplace[c] = ("their_step1", "their_step2")[step]
        hands = view.get("hands") or [[], []]
        for c in hands[me] if isinstance(hands[me], list) else []:
            aplace[c] = "my_hand"
        known = view.get("known_hands") or [[], []]
        for c in known[them]:
            aplace[c] = "their_known_hand"
        for c in self.actions:
            f.one_hot(aplace.get(c), self._action_place)
        # gates, scores, sizes, the duel in progress
        for holder in (view.get("gates") or [None] * 4)[:4]:
            f.one_hot("unplayed" if holder is None else "mine" if holder == me else
                      "theirs" if holder == them else holder, self._gate)
        scores = view.get("scores") or [0, 0]
        f.scaled(scores[me], 40)
        f.scaled(scores[them], 40)
        f.scaled(scores[me] - scores[them], 20)
        f.scaled(scores[them] - scores[me], 20)
        for seat in (me, them):
            h = hands[seat]
            f.scaled(len(h) if isinstance(h, list) else h, 8)
        reserves = view.get("reserves") or [0, 0]
        f.scaled(reserves[me], 8)
        f.scaled(reserves[them], 8)
        prelim = view.get("prelim")
        f.scaled(prelim[me] if prelim else 0, 25)
        f.scaled(prelim[them] if prelim else 0, 25)
        order = view.get("order")
        f.flag(bool(order) and order[0] == me)
        f.flag(view.get("actor") == me)
        f.flag(view.get("battle") is not None)
        f.flag(view.get("attacker") == me)
        f.flag(view.get("attacker") == them)
        targets = set(view.get("targets") or [])
        for g in range(4):
            f.flag(g in targets)
        return f.values


ENCODER = GatesEncoder  # named by the game's spec (encoder=lazy(...))
