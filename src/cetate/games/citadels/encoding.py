"""Citadels for learning code: numbered actions and an observation of one seat's view
(`cetate.core.encoding`; the layout is documented in docs/rl.md).

Seats are absolute here (a `target` field names seat 0-7, as in the actions themselves), so the
observation says which seat is "me" and lists every seat's public side in seat order.
"""

from __future__ import annotations

from cetate.core.encoding import ActionCodec, Encoder, Features, positions
from cetate.games.citadels.data import CHARACTER_IDS, DISTRICT_IDS
from cetate.games.citadels.state import MODES, PHASES

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
    def __init__(self, game, players: int, options: dict | None = None) -> None:
        super().__init__(game, players, options)
        self.codec = ActionCodec(FAMILIES)
        self._card = positions(DISTRICT_IDS)
        self._char = positions(CHARACTER_IDS)
        self._phase = positions(PHASES)
        self._mode = positions(MODES)
        self._seat = positions(SEATS)

    def _ids(self, cards) -> list:
        return [c.get("id") if isinstance(c, dict) else c for c in cards or []]

    def observe(self, view: dict) -> list[float]:
        f = Features()
        me = view.get("seat") if "seat" in view else (view.get("you") or {}).get("seat")
        f.one_hot(view.get("phase"), self._phase)
        f.scaled(view.get("round"), 40)
        f.one_hot(me, self._seat)
        f.flag(view.get("to_move") == me and me is not None)
        f.one_hot(view.get("to_move"), self._seat)
        f.one_hot(view.get("crown"), self._seat)
        f.scaled(view.get("deck_size"), 70)
        f.scaled(view.get("discard_pile_size"), 70)
        bank = view.get("bank")
        f.flag(bank is not None)
        f.scaled(bank, 30)
        f.scaled(view.get("completion_size"), 8)
        f.flag(view.get("bell_tower_announced"))
        f.flag(view.get("end_triggered"))
        f.one_hot(view.get("first_complete"), self._seat)
        # every seat's public side, in seat order
        seats = {p.get("seat"): p for p in view.get("players") or []}
        for seat in SEATS:
            p = seats.get(seat)
            f.flag(p is not None)
            p = p or {}
            f.scaled(p.get("gold"), 20)
            f.scaled(p.get("hand_size"), 15)
            f.flag(p.get("complete"))
            city = p.get("city") or []
            f.scaled(len(city), 12)
            f.scaled(sum(c.get("score") or 0 for c in city), 50)
            f.counts(self._ids(city), self._card, 2)
            f.counts(p.get("characters") or [], self._char)
        # the characters
        ch = view.get("characters") or {}
        f.counts(ch.get("roster") or [], self._char)
        f.counts(ch.get("face_up") or [], self._char)
        f.scaled(ch.get("face_down_count"), 4)
        f.counts(ch.get("absent") or [], self._char)
        for key in ("killed", "robbed", "bewitched", "calling"):
            f.one_hot(ch.get(key), self._char)
        f.one_hot(ch.get("bishop_protects"), self._seat)
        # the turn in progress
        turn = view.get("turn") or {}
        f.flag(bool(turn))
        f.one_hot(turn.get("seat"), self._seat)
        f.one_hot(turn.get("character"), self._char)
        f.one_hot(turn.get("mode"), self._mode)
        for key in TURN_FLAGS:
            f.flag(turn.get(key))
        f.scaled(turn.get("builds_left"), 3)
        f.scaled(turn.get("income_available"), 8)
        f.scaled(turn.get("beautified_this_turn"), 2)
        f.scaled(turn.get("drawn_count"), 4)
        f.scaled(turn.get("keep"), 3)
        f.scaled(turn.get("set_aside_count"), 10)
        f.one_hot(turn.get("target"), self._seat)
        grave = view.get("graveyard") or {}
        f.one_hot(grave.get("card"), self._card)
        # what only this seat knows
        you = view.get("you") or {}
        f.counts(self._ids(you.get("hand")), self._card, 3)
        f.counts(you.get("characters") or [], self._char)
        seen = you.get("draft_seen") or []
        f.counts(seen[-1] if seen else [], self._char)
        f.counts(you.get("known_face_down") or [], self._char)
        f.counts(you.get("offered") or [], self._char)
        f.flag(you.get("step") == "discard")
        f.counts(self._ids(you.get("drawn")), self._card, 2)
        f.counts(self._ids(you.get("set_aside")), self._card, 3)
        f.counts(self._ids(you.get("wizard_hand")), self._card, 3)
        f.counts(self._ids(you.get("deck_cards")), self._card, 3)
        f.counts(you.get("museum") or [], self._card, 3)
        known = you.get("known_hands") or {}
        for seat in SEATS:
            f.counts(known.get(str(seat)) or [], self._card, 3)
        return f.values


ENCODER = CitadelsEncoder  # named by the game's spec (encoder=lazy(...))
