"""Citadels for learning code: numbered actions and an observation of one seat's view
(`cetate.core.encoding`; the layout is documented in docs/rl.md).

Seats are absolute here (a `target` field names seat 0-7, as in the actions themselves), so the
observation says which seat is "me" and lists every seat's public side in seat order.
"""

from __future__ import annotations

from array import array

import numpy as np

from cetate.core.encoding import ActionCodec, Encoder, Features, positions
from cetate.games.citadels.data import CHARACTER_IDS, DISTRICT_IDS, SCORE
from cetate.games.citadels.rules import (
    bishop_protects,
    completion_size,
    income_amount,
    is_complete,
    to_move,
)
from cetate.games.citadels.state import MODES, PHASES
from cetate.games.citadels.view import TURN_PHASES, known_face_down
from cetate.games.citadels.view import _city as seat_city

MAX_SEATS = 8
SEATS = tuple(range(MAX_SEATS))
CARD = (("card", DISTRICT_IDS),)
CHARACTER = (("character", CHARACTER_IDS),)
TARGET = (("target", SEATS),)

FAMILIES = (
    ("pick", CHARACTER), ("discard_character", CHARACTER),
    ("take_gold", ()), ("draw_cards", ()), ("keep", CARD), ("collect_income", ()), ("build", CARD),
    ("assassinate", CHARACTER), ("steal", CHARACTER), ("swap_hands", TARGET), ("discard_and_draw", ()),
    ("discard", CARD), ("stop_discarding", ()), ("laboratory", CARD), ("smithy", ()),
    ("destroy", (*TARGET, *CARD)), ("graveyard_take", ()), ("graveyard_decline", ()), ("end_turn", ()),
    # Dark City
    ("bewitch", CHARACTER), ("wizard", TARGET), ("wizard_take", CARD), ("wizard_build", CARD),
    ("crown", TARGET), ("tribute_gold", ()), ("tribute_card", CARD), ("abbot_collect", ()),
    ("navigator_gold", ()), ("navigator_cards", ()),
    ("exchange", (("give", DISTRICT_IDS), *TARGET, ("take", DISTRICT_IDS))),
    ("beautify", CARD), ("museum", CARD), ("armory", (*TARGET, *CARD)), ("lighthouse_take", CARD),
    ("announce_bell_tower", ()), ("decline_bell_tower", ()), ("thank", ()),
)

TURN_FLAGS = ("acted", "power_used", "income_taken", "laboratory_used", "smithy_used", "museum_used")




class CitadelsEncoder(Encoder):
    version = 1
    factored = True  # learners choose an action one field at a time by default (docs/rl.md)

    def __init__(self, game, players: int, options: dict | None = None) -> None:
        super().__init__(game, players, options)
        self.codec = ActionCodec(FAMILIES)
        self._card = positions(DISTRICT_IDS)
        self._char = positions(CHARACTER_IDS)
        self._phase = positions(PHASES)
        self._mode = positions(MODES)
        self._seat = positions(SEATS)
        self._seat_width = 5 + len(self._card) + len(self._char)  # a seat's numbers after "present"
        self._turn_width = (len(SEATS) + len(self._char) + len(self._mode) + len(TURN_FLAGS) + 6
                            + len(SEATS))  # the turn's numbers after its flag
        self._layout()

    def _layout(self) -> None:
        """Where each block of `observe` begins, for `observe_state` (which writes the same numbers)."""
        n_card, n_char, n_seat, n_phase = len(self._card), len(self._char), len(SEATS), len(self._phase)
        at = n_phase
        self._at_round = at
        self._at_me = at + 1
        self._at_mover_is_me = at + 1 + n_seat
        self._at_mover = at + 2 + n_seat
        self._at_crown = self._at_mover + n_seat
        self._at_sizes = self._at_crown + n_seat
        self._at_first = self._at_sizes + 7
        self._at_seats = self._at_first + n_seat
        self._width = 1 + self._seat_width
        at = self._at_seats + n_seat * self._width
        self._at_roster, self._at_face_up = at, at + n_char
        self._at_face_down_count = at + 2 * n_char
        self._at_absent = self._at_face_down_count + 1
        self._at_killed = self._at_absent + n_char  # killed, robbed, bewitched, calling: n_char each
        self._at_protects = self._at_killed + 4 * n_char
        self._at_turn = self._at_protects + n_seat
        self._at_grave = self._at_turn + 1 + self._turn_width
        self._at_hand = self._at_grave + n_card
        self._at_mine = self._at_hand + n_card
        self._at_seen = self._at_mine + n_char
        self._at_known_down = self._at_seen + n_char
        self._at_offered = self._at_known_down + n_char
        self._at_discard_step = self._at_offered + n_char
        self._at_drawn = self._at_discard_step + 1
        self._at_set_aside = self._at_drawn + n_card
        self._at_wizard = self._at_set_aside + n_card
        self._at_deck = self._at_wizard + n_card
        self._at_museum = self._at_deck + n_card
        self._at_known = self._at_museum + n_card
        self._size = self._at_known + n_seat * n_card
        self._zeros = array("f", bytes(4 * self._size))
        self._ranks: dict[tuple, list] = {}  # a roster (rank -> character id) -> rank -> character position

    def view(self, s, seat: int) -> dict:
        """The fields of the seat's view (`view.py`) that the observation reads, made the way `view` makes
        them and with its own helpers (`known_face_down`, the city's cards): no notes, legal actions or
        prices for people, no option list or history. Tests check over random games of every variant that
        the numbers are those of the full view, and that they do not change when what the seat cannot see
        is redrawn."""
        roster, owner, phase = s.roster, s.owner, s.phase
        mover = to_move(s)
        doc: dict = {
            "round": s.round,
            "phase": phase,
            "to_move": mover,
            "players": [{"seat": i, "gold": s.gold[i], "hand_size": len(s.hands[i]), "city": seat_city(s, i),
                         "characters": [roster[r] for r in s.revealed if owner[r] == i],
                         "complete": is_complete(s, i)} for i in range(s.n)],
            "crown": s.crown,
            "deck_size": len(s.deck),
            "discard_pile_size": len(s.discard_pile),
            "bank": s.bank,
            "completion_size": completion_size(s),
            "bell_tower_announced": s.bell_tower,
            "first_complete": None if s.first_complete < 0 else s.first_complete,
            "end_triggered": s.end_triggered,
            "characters": {
                "roster": [r for r in roster[1:] if r],
                "face_up": [roster[r] for r in s.face_up],
                "face_down_count": len(s.face_down),
                "absent": [roster[r] for r in s.absent],
                "killed": roster[s.killed] if s.killed else None,
                "robbed": roster[s.robbed] if s.robbed else None,
                "bewitched": roster[s.bewitched] if s.bewitched else None,
                "calling": roster[s.calling] if s.calling else None,
                "bishop_protects": None,
            },
            "turn": None,
            "graveyard": None,
        }
        protected = bishop_protects(s)
        if protected >= 0 and 5 in s.revealed:
            doc["characters"]["bishop_protects"] = protected
        acting = False
        if phase in TURN_PHASES and s.actor >= 0:
            rank, active = s.calling, s.actor
            acting = active == seat
            doc["turn"] = {
                "seat": active, "character": roster[rank], "mode": s.mode, "acted": s.acted,
                "builds_left": s.builds_left, "power_used": s.power_used, "income_taken": s.income_taken,
                "income_available": income_amount(s, active, rank), "laboratory_used": s.laboratory_used,
                "smithy_used": s.smithy_used, "museum_used": s.museum_used,
                "beautified_this_turn": s.beautify_count, "drawn_count": len(s.drawn), "keep": s.keep,
                "set_aside_count": len(s.set_aside), "target": s.target if s.target >= 0 else None,
            }
        if s.graveyard is not None:
            doc["graveyard"] = {"card": DISTRICT_IDS[s.graveyard[0]]}
        seen = s.seen[seat]
        me: dict = {
            "seat": seat,
            "hand": [DISTRICT_IDS[c] for c in s.hands[seat]],
            "characters": [roster[r] for r in range(1, len(roster)) if roster[r] and owner[r] == seat],
            "draft_seen": [[roster[r] for r in seen[-1]]] if seen else [],
            "known_face_down": [roster[r] for r in known_face_down(s, seat)],
            "known_hands": {str(h): [DISTRICT_IDS[c] for c in cards] for (o, h), cards in s.known.items()
                            if o == seat},
            "museum": [DISTRICT_IDS[c] for c in s.museum[seat]],
        }
        if phase == "draft" and mover == seat:
            me["offered"] = [roster[r] for r in s.pool]
            me["step"] = s.steps[0][1]
        if acting:
            if phase == "keep":
                me["drawn"] = [DISTRICT_IDS[c] for c in s.drawn]
            elif phase == "magician_discard":
                me["set_aside"] = [DISTRICT_IDS[c] for c in s.set_aside]
            elif phase == "wizard":
                me["wizard_hand"] = [DISTRICT_IDS[c] for c in s.hands[s.target]]
            elif phase == "lighthouse":
                me["deck_cards"] = [DISTRICT_IDS[c] for c in s.deck]  # the contents (counted), never the order
        doc["you"] = me
        return doc

    def observe(self, view: dict) -> np.ndarray:
        """The layout of docs/rl.md, written block by block into a zeroed buffer (only the numbers that
        are not zero are touched)."""
        f = Features(1471)
        card, char, seat_pos = self._card, self._char, self._seat
        n_card = len(card)
        me = view.get("seat") if "seat" in view else (view.get("you") or {}).get("seat")
        to_move = view.get("to_move")
        f.one_hot(view.get("phase"), self._phase)
        bank = view.get("bank")
        f.extend([view.get("round", 0) / 40])
        f.one_hot(me, seat_pos)
        f.flag(to_move == me and me is not None)
        f.one_hot(to_move, seat_pos)
        f.one_hot(view.get("crown"), seat_pos)
        f.extend([(view.get("deck_size") or 0) / 70, (view.get("discard_pile_size") or 0) / 70,
                  0.0 if bank is None else 1.0, (bank or 0) / 30, (view.get("completion_size") or 0) / 8,
                  1.0 if view.get("bell_tower_announced") else 0.0, 1.0 if view.get("end_triggered") else 0.0])
        f.one_hot(view.get("first_complete"), seat_pos)
        # every seat's public side, in seat order (absent seats: zeros)
        width = 1 + self._seat_width
        base = f.skip(len(SEATS) * width)
        raw = f.raw()
        for p in view.get("players") or ():
            at = seat_pos.get(p.get("seat"))
            if at is None:
                continue
            at = base + at * width
            city = p.get("city") or ()
            raw[at] = 1.0
            raw[at + 1] = (p.get("gold") or 0) / 20
            raw[at + 2] = (p.get("hand_size") or 0) / 15
            raw[at + 3] = 1.0 if p.get("complete") else 0.0
            raw[at + 4] = len(city) / 12
            value = 0
            at += 6
            for c in city:
                value += c.get("score") or 0
                k = card.get(c.get("id"))
                if k is not None:
                    raw[at + k] += 0.5
            raw[at - 1] = value / 50
            at += n_card
            for c in p.get("characters") or ():
                k = char.get(c)
                if k is not None:
                    raw[at + k] += 1.0
        # the characters
        ch = view.get("characters") or {}
        f.counts(ch.get("roster") or (), char)
        f.counts(ch.get("face_up") or (), char)
        f.scaled(ch.get("face_down_count"), 4)
        f.counts(ch.get("absent") or (), char)
        for key in ("killed", "robbed", "bewitched", "calling"):
            f.one_hot(ch.get(key), char)
        f.one_hot(ch.get("bishop_protects"), seat_pos)
        # the turn in progress
        turn = view.get("turn")
        if turn:
            f.flag(True)
            f.one_hot(turn.get("seat"), seat_pos)
            f.one_hot(turn.get("character"), char)
            f.one_hot(turn.get("mode"), self._mode)
            f.extend([*(1.0 if turn.get(key) else 0.0 for key in TURN_FLAGS),
                      (turn.get("builds_left") or 0) / 3, (turn.get("income_available") or 0) / 8,
                      (turn.get("beautified_this_turn") or 0) / 2, (turn.get("drawn_count") or 0) / 4,
                      (turn.get("keep") or 0) / 3, (turn.get("set_aside_count") or 0) / 10])
            f.one_hot(turn.get("target"), seat_pos)
        else:
            f.skip(1 + self._turn_width)
        grave = view.get("graveyard") or {}
        f.one_hot(grave.get("card"), card)
        # what only this seat knows
        you = view.get("you") or {}
        self._cards(f, you.get("hand"), 1 / 3)
        f.counts(you.get("characters") or (), char)
        seen = you.get("draft_seen")
        f.counts(seen[-1] if seen else (), char)
        f.counts(you.get("known_face_down") or (), char)
        f.counts(you.get("offered") or (), char)
        f.flag(you.get("step") == "discard")
        self._cards(f, you.get("drawn"), 1 / 2)
        self._cards(f, you.get("set_aside"), 1 / 3)
        self._cards(f, you.get("wizard_hand"), 1 / 3)
        self._cards(f, you.get("deck_cards"), 1 / 3)
        f.counts(you.get("museum") or (), card, 3)
        base = f.skip(len(SEATS) * n_card)  # the cards I know in each seat's hand
        known = you.get("known_hands")
        if known:
            raw = f.raw()
            for seat, cards in known.items():
                at = seat_pos.get(int(seat)) if str(seat).isdigit() else None
                if at is None:
                    continue
                at = base + at * n_card
                for c in cards:
                    k = card.get(c)
                    if k is not None:
                        raw[at + k] += 1 / 3
        return f.array()

    def observe_state(self, s, seat: int) -> np.ndarray:
        """`observe(view(s, seat))` written straight from the state (issue 31): the fields `view` reads,
        read the same way and with the same rules helpers, without the view's dicts and lists: every number
        is gathered as positions (a 1, a count, a third of a count) or a scaled value, then written into the
        array at once. The numbers are exactly those of `observe` (tests/rl/test_env.py compares them over
        random games of every variant; a count becomes the float32 sum `Features.counts` makes)."""
        roster, owner, phase, revealed = s.roster, s.owner, s.phase, s.revealed
        key = tuple(roster)
        cpos = self._ranks.get(key)
        if cpos is None:
            char = self._char
            cpos = self._ranks[key] = [char.get(c) for c in roster]  # rank -> character position (or None)
        n_card, n_char = len(self._card), len(self._char)
        ones: list[int] = [self._phase[phase], self._at_me + seat]  # each adds 1
        thirds: list[int] = []  # each adds 1/3
        buf = self._zeros[:]  # a zeroed float32 buffer; scaled numbers are written at once, counts added last
        buf[self._at_round] = s.round / 40
        mover = to_move(s)
        if mover == seat:
            ones.append(self._at_mover_is_me)
        if mover is not None:
            ones.append(self._at_mover + mover)
        crown = s.crown
        if crown is not None and 0 <= crown < MAX_SEATS:
            ones.append(self._at_crown + crown)
        bank = s.bank
        at = self._at_sizes
        buf[at] = len(s.deck) / 70
        buf[at + 1] = len(s.discard_pile) / 70
        buf[at + 2] = 0.0 if bank is None else 1.0
        buf[at + 3] = (bank or 0) / 30
        buf[at + 4] = (completion_size(s) or 0) / 8
        buf[at + 5] = 1.0 if s.bell_tower else 0.0
        buf[at + 6] = 1.0 if s.end_triggered else 0.0
        if s.first_complete >= 0:
            ones.append(self._at_first + s.first_complete)
        # every seat's public side
        width = self._width
        for i in range(s.n):
            at = self._at_seats + i * width
            city = s.cities[i]
            ones.append(at)
            buf[at + 1] = (s.gold[i] or 0) / 20
            buf[at + 2] = len(s.hands[i]) / 15
            buf[at + 3] = 1.0 if is_complete(s, i) else 0.0
            buf[at + 4] = len(city) / 12
            # the view's city: each card's score, +1 for each beautified one (view._city)
            buf[at + 5] = (sum([SCORE[c] for c in city]) + len(s.beautified[i])) / 50
            for c in city:
                buf[at + 6 + c] += 0.5  # as `observe` adds them: each sum stored as float32
            at += 6 + n_card
            ones += [at + cpos[r] for r in revealed if owner[r] == i and cpos[r] is not None]
        # the characters
        ones += [self._at_roster + k for k in cpos[1:] if k is not None]
        ones += [self._at_face_up + cpos[r] for r in s.face_up if cpos[r] is not None]
        if s.face_down:
            buf[self._at_face_down_count] = len(s.face_down) / 4
        ones += [self._at_absent + cpos[r] for r in s.absent if cpos[r] is not None]
        for k, rank in enumerate((s.killed, s.robbed, s.bewitched, s.calling)):
            if rank and cpos[rank] is not None:
                ones.append(self._at_killed + k * n_char + cpos[rank])
        protected = bishop_protects(s)
        if protected >= 0 and 5 in revealed:
            ones.append(self._at_protects + protected)
        # the turn in progress
        acting = False
        if phase in TURN_PHASES and s.actor >= 0:
            rank, active = s.calling, s.actor
            acting = active == seat
            at = self._at_turn
            ones.append(at)
            at += 1
            ones.append(at + active)
            at += len(SEATS)
            if cpos[rank] is not None:
                ones.append(at + cpos[rank])
            at += n_char
            mode = self._mode.get(s.mode)
            if mode is not None:
                ones.append(at + mode)
            at += len(self._mode)
            for k, flag in enumerate((s.acted, s.power_used, s.income_taken, s.laboratory_used, s.smithy_used,
                                      s.museum_used)):
                if flag:
                    ones.append(at + k)
            at += len(TURN_FLAGS)
            buf[at] = (s.builds_left or 0) / 3
            buf[at + 1] = (income_amount(s, active, rank) or 0) / 8
            buf[at + 2] = (s.beautify_count or 0) / 2
            buf[at + 3] = len(s.drawn) / 4
            buf[at + 4] = (s.keep or 0) / 3
            buf[at + 5] = len(s.set_aside) / 10
            if s.target >= 0:
                ones.append(at + 6 + s.target)
        if s.graveyard is not None:
            ones.append(self._at_grave + s.graveyard[0])
        # what only this seat knows
        thirds += [self._at_hand + c for c in s.hands[seat]]
        ones += [self._at_mine + cpos[r] for r in range(1, len(roster))
                 if roster[r] and owner[r] == seat and cpos[r] is not None]
        seen = s.seen[seat]
        if seen:
            ones += [self._at_seen + cpos[r] for r in seen[-1] if cpos[r] is not None]
        ones += [self._at_known_down + cpos[r] for r in known_face_down(s, seat) if cpos[r] is not None]
        if phase == "draft" and mover == seat:
            ones += [self._at_offered + cpos[r] for r in s.pool if cpos[r] is not None]
            if s.steps[0][1] == "discard":
                ones.append(self._at_discard_step)
        drawn_halves: list[int] = []
        if acting:
            if phase == "keep":
                drawn_halves = [self._at_drawn + c for c in s.drawn]
            elif phase == "magician_discard":
                thirds += [self._at_set_aside + c for c in s.set_aside]
            elif phase == "wizard":
                thirds += [self._at_wizard + c for c in s.hands[s.target]]
            elif phase == "lighthouse":
                thirds += [self._at_deck + c for c in s.deck]  # the contents (counted), never the order
        thirds += [self._at_museum + c for c in s.museum[seat]]
        for (o, h), cards in s.known.items():
            if o == seat and 0 <= h < MAX_SEATS:
                at = self._at_known + h * n_card
                thirds += [at + c for c in cards]
        # the counts, added the way `Features` adds them (each sum stored as float32)
        for i in ones:
            buf[i] += 1.0
        third = 1 / 3
        for i in thirds:
            buf[i] += third
        for i in drawn_halves:
            buf[i] += 0.5
        out = np.frombuffer(buf, np.float32)
        np.minimum(out, np.float32(1.0), out=out)
        return np.maximum(out, np.float32(0.0), out=out)

    def _cards(self, f: Features, cards: list | None, step: float) -> None:
        """How many of each district card (dicts with an `id`, or ids), times `step`."""
        base = f.skip(len(self._card))
        if cards:
            raw, get = f.raw(), self._card.get
            for c in cards:
                k = get(c.get("id") if isinstance(c, dict) else c)
                if k is not None:
                    raw[base + k] += step


ENCODER = CitadelsEncoder  # named by the game's spec (encoder=lazy(...))
