"""The Citadels state: every field that changes during a game, plus its JSON form (docs/formats.md).

Cards are district indexes (see data.py), characters are ranks 1-9 (`roster[rank]` is the character's
id). The deck is a list whose *end* is the top. Hot paths (`clone`) copy fields by hand.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cetate.core.errors import InvalidOptions, InvalidState
from cetate.core.jsondoc import DocReader
from cetate.core.rng import Rng
from cetate.games.citadels.data import (
    CHARACTER_INDEX,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    DISTRICTS,
    GREAT_WALL,
    MUSEUM,
    PURPLE,
    base_deck,
)
from cetate.games.citadels.options import SCHEMA

PHASES = ("draft", "turn", "keep", "magician_discard", "graveyard", "navigator", "wizard", "emperor_crown",
          "emperor_tribute", "emperor_heir", "lighthouse", "bell_tower", "ball_room", "over")
MODES = ("normal", "action_only", "witch")
STEP_KINDS = ("pick", "discard")
LOG_KINDS = ("pick", "discard", "initial_face_down", "face_down")

_FIELDS = (
    "n", "options", "rng", "round", "phase", "crown", "deck", "discard_pile", "bank", "gold", "hands", "cities",
    "haunted_round", "roster", "face_up", "face_down", "initial_face_down", "pool", "steps", "log", "seen",
    "owner", "calling", "killed", "robbed", "revealed", "absent", "acted", "builds_left", "power_used",
    "income_taken", "laboratory_used", "smithy_used", "drawn", "keep", "set_aside", "graveyard",
    "first_complete", "end_triggered", "result", "known",
    # Dark City
    "codes", "composition", "actor", "mode", "bewitched", "spent_building", "built_count", "tax_pending",
    "beautified", "beautify_count", "museum", "bell_tower", "also_first", "target", "wizard_dups",
    "museum_used", "resume", "wizard_copies",
)


class State:
    # `memo`: the action (random_action) or the tuple of actions (legal_actions) last handed out for this
    # state, and `memo_moves` their moves (actions.py); not part of the state's value (equality, JSON), never
    # copied by `clone`; None once the state changes
    __slots__ = (*_FIELDS, "memo", "memo_moves")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, State):
            return NotImplemented
        return all(getattr(self, f) == getattr(other, f) for f in _FIELDS)

    def __repr__(self) -> str:
        return f"<citadels State round={self.round} phase={self.phase} players={self.n}>"

    def clone(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.options = self.options  # never mutated after setup
        s.rng = Rng(self.rng.state)
        s.round = self.round
        s.phase = self.phase
        s.crown = self.crown
        s.deck = self.deck[:]
        s.discard_pile = self.discard_pile[:]
        s.bank = self.bank
        s.gold = self.gold[:]
        s.hands = [h[:] for h in self.hands]
        s.cities = [c[:] for c in self.cities]
        s.haunted_round = self.haunted_round[:]
        s.roster = self.roster
        s.face_up = self.face_up[:]
        s.face_down = self.face_down[:]
        s.initial_face_down = self.initial_face_down
        s.pool = self.pool[:]
        s.steps = self.steps[:]  # items are tuples
        s.log = self.log[:]  # items are tuples
        s.seen = [[p for p in ps] for ps in self.seen]  # pools are tuples
        s.owner = self.owner[:]
        s.calling = self.calling
        s.killed = self.killed
        s.robbed = self.robbed
        s.revealed = self.revealed[:]
        s.absent = self.absent[:]
        s.acted = self.acted
        s.builds_left = self.builds_left
        s.power_used = self.power_used
        s.income_taken = self.income_taken
        s.laboratory_used = self.laboratory_used
        s.smithy_used = self.smithy_used
        s.drawn = self.drawn[:]
        s.keep = self.keep
        s.set_aside = self.set_aside[:]
        s.graveyard = self.graveyard
        s.first_complete = self.first_complete
        s.end_triggered = self.end_triggered
        s.result = self.result
        s.known = {k: v[:] for k, v in self.known.items()} if self.known else {}
        s.codes = self.codes
        s.composition = self.composition
        s.actor = self.actor
        s.mode = self.mode
        s.bewitched = self.bewitched
        s.spent_building = self.spent_building
        s.built_count = self.built_count
        s.tax_pending = self.tax_pending[:]
        s.beautified = [b[:] for b in self.beautified]
        s.beautify_count = self.beautify_count
        s.museum = [m[:] for m in self.museum]
        s.bell_tower = self.bell_tower
        s.also_first = self.also_first[:]
        s.target = self.target
        s.wizard_dups = self.wizard_dups
        s.museum_used = self.museum_used
        s.resume = self.resume
        s.wizard_copies = [w[:] for w in self.wizard_copies]
        s.memo = None
        return s


def deck_for(options: dict) -> list[int]:
    """The classic deck of these options, before Dark City additions (see rules.setup)."""
    deck = base_deck()
    if options["deck"] == "original65":
        deck.remove(GREAT_WALL)  # spec §2.4: the 65-card original most likely lacks the Great Wall
    return deck


# -- JSON ----------------------------------------------------------------------------------------

def _names(cards: list[int]) -> list[str]:
    return [DISTRICT_IDS[c] for c in cards]


def to_json(s: State, engine_version: str) -> dict:
    roster = s.roster

    def ch(rank: int) -> str | None:
        return roster[rank] if rank else None

    doc = {
        "game": "citadels",
        "engine_version": engine_version,
        "players": s.n,
        "options": dict(s.options),
        "rng": s.rng.state,
        "round": s.round,
        "phase": s.phase,
        "crown": s.crown,
        "deck": _names(s.deck[::-1]),
        "discard_pile": _names(s.discard_pile),
        "bank": s.bank,
        "seats": [
            {"gold": s.gold[i], "hand": _names(s.hands[i]), "city": _names(s.cities[i]),
             "haunted_round": s.haunted_round[i]}
            for i in range(s.n)
        ],
        "characters": {
            "roster": [r for r in roster[1:] if r],
            "face_up": [ch(r) for r in s.face_up],
            "face_down": [ch(r) for r in s.face_down],
            "initial_face_down": ch(s.initial_face_down),
            "pool": [ch(r) for r in s.pool],
            "steps": [[seat, kind] for seat, kind in s.steps],
            "log": [[seat, kind, ch(rank)] for seat, kind, rank in s.log],
            "seen": [[[ch(r) for r in pool] for pool in pools] for pools in s.seen],
            "owners": {roster[r]: s.owner[r] for r in range(1, len(roster)) if roster[r] and s.owner[r] >= 0},
            "calling": ch(s.calling),
            "killed": ch(s.killed),
            "robbed": ch(s.robbed),
            "revealed": [ch(r) for r in s.revealed],
            "absent": [ch(r) for r in s.absent],
        },
        "turn": {
            "acted": s.acted,
            "builds_left": s.builds_left,
            "power_used": s.power_used,
            "income_taken": s.income_taken,
            "laboratory_used": s.laboratory_used,
            "smithy_used": s.smithy_used,
            "drawn": _names(s.drawn),
            "keep": s.keep,
            "set_aside": _names(s.set_aside),
        },
        "graveyard": None if s.graveyard is None else {
            "card": DISTRICT_IDS[s.graveyard[0]], "warlord": s.graveyard[1], "owner": s.graveyard[2]},
        "first_complete": None if s.first_complete < 0 else s.first_complete,
        "end_triggered": s.end_triggered,
        "known_cards": [{"observer": o, "holder": h, "cards": _names(cards)}
                        for (o, h), cards in sorted(s.known.items())],
        "deck_composition": _names(sorted(s.composition)),
        "dark_city": {
            "actor": s.actor,
            "mode": s.mode,
            "bewitched": ch(s.bewitched),
            "spent_building": s.spent_building,
            "built_count": s.built_count,
            "tax_pending": list(s.tax_pending),
            "beautified": [_names(b) for b in s.beautified],
            "beautify_count": s.beautify_count,
            "museum": [_names(m) for m in s.museum],
            "bell_tower": s.bell_tower,
            "also_first": list(s.also_first),
            "target": s.target,
            "wizard_dups": s.wizard_dups,
            "museum_used": s.museum_used,
            "resume": s.resume,
        },
        "result": s.result,
    }
    if any(s.wizard_copies):  # optional: written only while a Wizard-built duplicate stands
        doc["dark_city"]["wizard_copies"] = [_names(w) for w in s.wizard_copies]
    return doc


class _Reader(DocReader):
    """Typed accessors (cetate.core.jsondoc) that turn any problem in a document into a clear InvalidState."""

    def __init__(self, doc: Any) -> None:
        if not isinstance(doc, dict):
            raise InvalidState("bad_state", "a Citadels state must be a JSON object")
        self.doc = doc

    def cards(self, obj: dict, key: str, path: str) -> list[int]:
        out = []
        for i, name in enumerate(self.list_(obj, key, path)):
            if not isinstance(name, str) or name not in DISTRICT_INDEX:
                raise self.fail(f"{path}[{i}]", f"is not a district id: {name!r}")
            out.append(DISTRICT_INDEX[name])
        return out


def from_json(doc: Any) -> State:
    r = _Reader(doc)
    if doc.get("game") != "citadels":
        raise InvalidState("wrong_game", f"this state is for game {doc.get('game')!r}, not 'citadels'")
    s = State.__new__(State)
    s.memo = None
    n = r.int_(doc, "players", "players", 2, 8)
    s.n = n
    try:
        s.options = SCHEMA.validate(r.get(doc, "options", "options"))
    except InvalidOptions as exc:
        raise InvalidState("bad_state", f"state field 'options': {exc.message}", field="options") from exc
    s.rng = Rng(r.int_(doc, "rng", "rng", 0, (1 << 64) - 1))
    s.round = r.int_(doc, "round", "round", 0)
    phase = r.get(doc, "phase", "phase")
    if phase not in PHASES:
        raise r.fail("phase", f"must be one of {', '.join(PHASES)}, not {phase!r}")
    s.phase = phase
    s.crown = r.int_(doc, "crown", "crown", 0, n - 1)
    s.deck = r.cards(doc, "deck", "deck")[::-1]
    s.discard_pile = r.cards(doc, "discard_pile", "discard_pile")
    s.bank = r.int_(doc, "bank", "bank", 0, null=True)
    if (s.bank is None) != (s.options["bank_limit"] is None):
        raise r.fail("bank", "must be null exactly when the option bank_limit is null")
    seats = r.list_(doc, "seats", "seats")
    if len(seats) != n:
        raise r.fail("seats", f"must list {n} seats, not {len(seats)}")
    s.gold, s.hands, s.cities, s.haunted_round = [], [], [], []
    for i, seat in enumerate(seats):
        p = f"seats[{i}]"
        s.gold.append(r.int_(seat, "gold", f"{p}.gold", 0))
        s.hands.append(r.cards(seat, "hand", f"{p}.hand"))
        s.cities.append(r.cards(seat, "city", f"{p}.city"))
        s.haunted_round.append(r.int_(seat, "haunted_round", f"{p}.haunted_round", -1))

    chars = r.get(doc, "characters", "characters")
    roster_ids = r.list_(chars, "roster", "characters.roster")
    by_rank: dict[int, str] = {}
    for i, cid in enumerate(roster_ids):
        if not isinstance(cid, str) or cid not in CHARACTER_INDEX:
            raise r.fail(f"characters.roster[{i}]", f"is not a character id: {cid!r}")
        rk = CHARACTER_INDEX[cid].rank
        if rk in by_rank or (i + 1) != rk:
            raise r.fail("characters.roster", "must list one character per rank, in rank order 1-8 (and 9)")
        by_rank[rk] = cid
    if sorted(by_rank)[:8] != list(range(1, 9)):
        raise r.fail("characters.roster", "must list one character for each rank 1-8")
    roster = (None, *roster_ids)
    s.roster = roster
    s.codes = tuple(CHARACTER_INDEX[c].code if c else 0 for c in roster)
    rank_of = {cid: rank for rank, cid in enumerate(roster) if cid}

    def rank(v: Any, path: str, null: bool = False) -> int:
        if v is None and null:
            return 0
        if not isinstance(v, str) or v not in rank_of:
            raise r.fail(path, f"is not a character of this game: {v!r}")
        return rank_of[v]

    def ranks(key: str) -> list[int]:
        return [rank(v, f"characters.{key}[{i}]") for i, v in enumerate(r.list_(chars, key, f"characters.{key}"))]

    s.face_up = ranks("face_up")
    s.face_down = ranks("face_down")
    s.initial_face_down = rank(r.get(chars, "initial_face_down", "characters.initial_face_down"),
                               "characters.initial_face_down", null=True)
    s.pool = ranks("pool")
    s.steps = []
    for i, item in enumerate(r.list_(chars, "steps", "characters.steps")):
        if (not isinstance(item, list) or len(item) != 2 or not isinstance(item[0], int)
                or not 0 <= item[0] < n or item[1] not in STEP_KINDS):
            raise r.fail(f"characters.steps[{i}]", "must be [seat, 'pick' | 'discard']")
        s.steps.append((item[0], item[1]))
    s.log = []
    for i, item in enumerate(r.list_(chars, "log", "characters.log")):
        if (not isinstance(item, list) or len(item) != 3 or not isinstance(item[0], int)
                or not -1 <= item[0] < n or item[1] not in LOG_KINDS):
            raise r.fail(f"characters.log[{i}]", "must be [seat or -1, kind, character]")
        s.log.append((item[0], item[1], rank(item[2], f"characters.log[{i}]")))
    seen = r.list_(chars, "seen", "characters.seen")
    if len(seen) != n or not all(isinstance(ps, list) for ps in seen):
        raise r.fail("characters.seen", f"must hold one list of pools per seat ({n})")
    s.seen = [[tuple(rank(v, f"characters.seen[{i}]") for v in pool) if isinstance(pool, list)
               else () for pool in ps] for i, ps in enumerate(seen)]
    s.owner = [-1] * len(roster)
    owners = r.get(chars, "owners", "characters.owners")
    if not isinstance(owners, dict):
        raise r.fail("characters.owners", "must be an object {character: seat}")
    for cid, seat in owners.items():
        if not isinstance(seat, int) or not 0 <= seat < n:
            raise r.fail(f"characters.owners.{cid}", f"must be a seat from 0 to {n - 1}")
        s.owner[rank(cid, f"characters.owners.{cid}")] = seat
    s.calling = rank(r.get(chars, "calling", "characters.calling"), "characters.calling", null=True)
    s.killed = rank(r.get(chars, "killed", "characters.killed"), "characters.killed", null=True)
    s.robbed = rank(r.get(chars, "robbed", "characters.robbed"), "characters.robbed", null=True)
    s.revealed = ranks("revealed")
    s.absent = ranks("absent")

    turn = r.get(doc, "turn", "turn")
    s.acted = r.bool_(turn, "acted", "turn.acted")
    s.builds_left = r.int_(turn, "builds_left", "turn.builds_left", 0, 10)
    s.power_used = r.bool_(turn, "power_used", "turn.power_used")
    s.income_taken = r.bool_(turn, "income_taken", "turn.income_taken")
    s.laboratory_used = r.bool_(turn, "laboratory_used", "turn.laboratory_used")
    s.smithy_used = r.bool_(turn, "smithy_used", "turn.smithy_used")
    s.drawn = r.cards(turn, "drawn", "turn.drawn")
    s.keep = r.int_(turn, "keep", "turn.keep", 0, 10)
    s.set_aside = r.cards(turn, "set_aside", "turn.set_aside")
    g = r.get(doc, "graveyard", "graveyard")
    if g is None:
        s.graveyard = None
    else:
        card = r.get(g, "card", "graveyard.card")
        if not isinstance(card, str) or card not in DISTRICT_INDEX:
            raise r.fail("graveyard.card", f"is not a district id: {card!r}")
        s.graveyard = (DISTRICT_INDEX[card], r.int_(g, "warlord", "graveyard.warlord", 0, n - 1),
                       r.int_(g, "owner", "graveyard.owner", 0, n - 1))
    fc = r.int_(doc, "first_complete", "first_complete", 0, n - 1, null=True)
    s.first_complete = -1 if fc is None else fc
    s.end_triggered = r.bool_(doc, "end_triggered", "end_triggered")
    result = r.get(doc, "result", "result")
    if result is not None and not isinstance(result, dict):
        raise r.fail("result", "must be null or an object")
    s.result = result
    s.known = {}
    for i, item in enumerate(r.list_(doc, "known_cards", "known_cards")):
        p = f"known_cards[{i}]"
        o = r.int_(item, "observer", f"{p}.observer", 0, n - 1)
        h = r.int_(item, "holder", f"{p}.holder", 0, n - 1)
        cards = r.cards(item, "cards", f"{p}.cards")
        if o == h or Counter(cards) - Counter(s.hands[h]):
            raise r.fail(p, "must list cards that are in the holder's hand, for another seat")
        s.known[(o, h)] = cards

    s.composition = tuple(sorted(r.cards(doc, "deck_composition", "deck_composition")))
    dc = r.get(doc, "dark_city", "dark_city")
    s.actor = r.int_(dc, "actor", "dark_city.actor", -1, n - 1)
    s.mode = r.get(dc, "mode", "dark_city.mode")
    if s.mode not in MODES:
        raise r.fail("dark_city.mode", f"must be one of {', '.join(MODES)}")
    s.bewitched = rank(r.get(dc, "bewitched", "dark_city.bewitched"), "dark_city.bewitched", null=True)
    s.spent_building = r.int_(dc, "spent_building", "dark_city.spent_building", 0)
    s.built_count = r.int_(dc, "built_count", "dark_city.built_count", 0)
    s.tax_pending = [r.int_({"v": v}, "v", f"dark_city.tax_pending[{i}]", 0, n - 1)
                     for i, v in enumerate(r.list_(dc, "tax_pending", "dark_city.tax_pending"))]
    beautified = r.list_(dc, "beautified", "dark_city.beautified")
    museum = r.list_(dc, "museum", "dark_city.museum")
    if len(beautified) != n or len(museum) != n:
        raise r.fail("dark_city", f"beautified and museum must hold one list per seat ({n})")
    s.beautified = [r.cards({"v": b}, "v", f"dark_city.beautified[{i}]") for i, b in enumerate(beautified)]
    s.museum = [r.cards({"v": m}, "v", f"dark_city.museum[{i}]") for i, m in enumerate(museum)]
    for i in range(n):
        if Counter(s.beautified[i]) - Counter(s.cities[i]):
            raise r.fail(f"dark_city.beautified[{i}]", "must list districts of that seat's city")
        if s.museum[i] and MUSEUM not in s.cities[i]:
            raise r.fail(f"dark_city.museum[{i}]", "must be empty without a Museum in the city")
    s.beautify_count = r.int_(dc, "beautify_count", "dark_city.beautify_count", 0, 2)
    s.bell_tower = r.bool_(dc, "bell_tower", "dark_city.bell_tower")
    s.also_first = [r.int_({"v": v}, "v", f"dark_city.also_first[{i}]", 0, n - 1)
                    for i, v in enumerate(r.list_(dc, "also_first", "dark_city.also_first"))]
    s.target = r.int_(dc, "target", "dark_city.target", -1, n - 1)
    s.wizard_dups = r.bool_(dc, "wizard_dups", "dark_city.wizard_dups")
    s.museum_used = r.bool_(dc, "museum_used", "dark_city.museum_used")
    s.resume = r.get(dc, "resume", "dark_city.resume")
    if s.resume not in ("turn", "end_turn"):
        raise r.fail("dark_city.resume", "must be 'turn' or 'end_turn'")
    # duplicates built with the Wizard's allowance, which the Quarry's limit ignores (spec §2.5 #18)
    copies = dc.get("wizard_copies", [[]] * n)
    if not isinstance(copies, list) or len(copies) != n:
        raise r.fail("dark_city.wizard_copies", f"must hold one list per seat ({n})")
    s.wizard_copies = [r.cards({"v": w}, "v", f"dark_city.wizard_copies[{i}]") for i, w in enumerate(copies)]
    for i, w in enumerate(s.wizard_copies):
        if any(count >= s.cities[i].count(c) for c, count in Counter(w).items()):
            raise r.fail(f"dark_city.wizard_copies[{i}]", "must list extra copies of districts in that city")

    # Cross-checks: a corrupt save must not load into something that crashes later.
    _check_composition(s)
    expected = Counter(s.composition)
    held = Counter(s.deck) + Counter(s.discard_pile) + Counter(s.drawn) + Counter(s.set_aside)
    for i in range(n):
        held += Counter(s.hands[i]) + Counter(s.cities[i]) + Counter(s.museum[i])
    if s.graveyard is not None:
        held[s.graveyard[0]] += 1
    if held != expected:
        extra = sorted(DISTRICT_IDS[c] for c in (held - expected).elements())
        lacking = sorted(DISTRICT_IDS[c] for c in (expected - held).elements())
        raise InvalidState("bad_state", "the district cards do not add up to the deck of this game"
                           f" (extra: {extra or 'none'}; missing: {lacking or 'none'})", field="deck")
    if s.bank is not None and s.bank + sum(s.gold) + sum(map(len, s.beautified)) != s.options["bank_limit"]:
        raise r.fail("bank", "plus the players' gold must equal the option bank_limit (gold is conserved)")
    if s.phase in ("turn", "keep", "magician_discard", "navigator", "wizard") and (
            not s.calling or s.owner[s.calling] < 0 or s.actor < 0):
        raise r.fail("characters.calling", "must name a character held by a player during a turn")
    if s.phase in ("wizard", "emperor_tribute") and s.target < 0:
        raise r.fail("dark_city.target", f"must name a seat in the {s.phase} phase")
    if s.phase == "draft" and not s.steps:
        raise r.fail("characters.steps", "must not be empty during the draft")
    if s.phase == "draft" and not s.pool:
        raise r.fail("characters.pool", "must offer characters during the draft")
    if s.phase == "graveyard" and s.graveyard is None:
        raise r.fail("graveyard", "must be set in the graveyard phase")
    if s.phase == "keep" and not s.drawn:
        raise r.fail("turn.drawn", "must hold the drawn cards in the keep phase")
    return s


def _check_composition(s: State) -> None:
    """The deck of a game is the options' classic deck, less at most one card per Dark City purple
    added beyond three and the Graveyard when the Diplomat plays, plus Dark City purples (spec §1.11)."""
    have = Counter(s.composition)
    classic = Counter(deck_for(s.options))
    extra = sorted(DISTRICT_IDS[c] for c in (have - classic).elements() if DISTRICTS[c].set != "dark_city")
    dark = [c for c in have.elements() if DISTRICTS[c].set == "dark_city"]
    missing = classic - have
    if any(DISTRICTS[c].colour != PURPLE for c in missing):
        extra_text = sorted(DISTRICT_IDS[c] for c in missing.elements() if DISTRICTS[c].colour != PURPLE)
        raise InvalidState("bad_state", f"the deck composition lacks classic cards: {extra_text}",
                           field="deck_composition")
    allowed_missing = max(0, len(dark) - 3) + (1 if "diplomat" in s.roster else 0)
    if extra or len(set(dark)) != len(dark) or sum(missing.values()) > allowed_missing:
        raise InvalidState("bad_state", "the deck composition does not fit the options"
                           f" (extra: {extra or 'none'}; Dark City: {sorted(DISTRICT_IDS[c] for c in dark)})",
                           field="deck_composition")


def district_table() -> list[dict]:
    return [d._asdict() for d in DISTRICTS]
