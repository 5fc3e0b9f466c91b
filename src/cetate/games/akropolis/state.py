"""Akropolis game state and its JSON form (see docs/formats.md).

Cities are written as their placement logs; `from_json` rebuilds each city by replaying its placements, so a
save whose cities break the placement rules, or whose tiles are not conserved, is refused.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from cetate.core.errors import InvalidOptions, InvalidState
from cetate.core.jsondoc import DocReader
from cetate.core.rng import Rng
from cetate.games.akropolis.city import City
from cetate.games.akropolis.data import (
    ATHENA_CARDS,
    SMALL_PIECE_BASE,
    SMALL_TILES,
    STARTING_TILE_ID,
    TILES_BY_ID,
    tiles_for_players,
)
from cetate.games.akropolis.options import SCHEMA, check_for_players

PHASES = ("take", "place", "athena", "small", "over")


class State:
    __slots__ = (
        "arch_cards",
        "arch_small",
        "arch_stones",
        "arch_tiles",
        "cards",
        "chief",
        "cities",
        "completed",
        "eligible",
        "held",
        "n",
        "options",
        "phase",
        "result",
        "rng",
        "round",
        "seat",
        "site",
        "small_held",
        "stacks",
        "stones",
        "turn",
        "under",
    )

    def clone(self) -> State:
        s = State.__new__(State)
        s.n = self.n
        s.options = self.options  # never mutated after setup
        s.rng = Rng(self.rng.state)
        s.site = self.site.copy()
        s.stacks = [st.copy() for st in self.stacks]
        s.cities = [c.clone() for c in self.cities]
        s.stones = self.stones.copy()
        s.seat = self.seat
        s.chief = self.chief
        s.phase = self.phase
        s.held = self.held
        s.turn = self.turn
        s.round = self.round
        s.cards = self.cards  # the shown cards never change
        s.under = [u.copy() for u in self.under]
        s.completed = [c.copy() for c in self.completed]
        s.eligible = None if self.eligible is None else self.eligible.copy()
        s.small_held = self.small_held
        s.arch_tiles = self.arch_tiles.copy()
        s.arch_small = self.arch_small.copy()
        s.arch_stones = self.arch_stones
        s.arch_cards = self.arch_cards.copy()
        s.result = self.result
        return s

    @property
    def solo(self) -> bool:
        return self.n == 1


def total_turns(players: int, options: dict) -> int:
    """Tiles taken in a whole game: every tile of the sets in play but the last one (§1.2, §1.6)."""
    if options["long_game"]:
        return 60
    return {1: 36, 2: 36, 3: 48, 4: 60}[players]


def to_json(s: State, engine_version: str) -> dict:
    return {
        "game": "akropolis",
        "engine_version": engine_version,
        "players": s.n,
        "options": dict(s.options),
        "rng": s.rng.state,
        "phase": s.phase,
        "seat": s.seat,
        "chief": s.chief,
        "turn": s.turn,
        "round": s.round,
        "site": list(s.site),
        "stacks": [list(st) for st in s.stacks],
        "held": s.held or None,
        "seats": [
            {"stones": s.stones[i], "completed": list(s.completed[i]),
             "city": [_placement_doc(p) for p in s.cities[i].log]}
            for i in range(s.n)
        ],
        "athena": {"cards": list(s.cards), "under": [list(u) for u in s.under],
                   "eligible": None if s.eligible is None else list(s.eligible),
                   "small_held": None if s.small_held is None else list(s.small_held)},
        "architect": None if s.n != 1 else {"tiles": list(s.arch_tiles), "small": list(s.arch_small),
                                            "stones": s.arch_stones, "completed": list(s.arch_cards)},
        "result": s.result,
    }


def _placement_doc(p: tuple) -> dict:
    piece, cells, rot = p
    if piece >= SMALL_PIECE_BASE:
        return {"small": piece - SMALL_PIECE_BASE, "q": cells[0][0], "r": cells[0][1], "rot": rot}
    if piece == STARTING_TILE_ID:
        return {"start": True}
    return {"tile": piece, "q": cells[0][0], "r": cells[0][1], "rot": rot}


class _Reader(DocReader):
    """Typed accessors (cetate.core.jsondoc) plus city tile lists."""

    def tiles(self, items: Any, field: str) -> list[int]:
        if not isinstance(items, list) or not all(isinstance(t, int) and not isinstance(t, bool)
                                                  and t in TILES_BY_ID for t in items):
            raise self.fail(field, "must be a list of city tile numbers 1-61")
        return list(items)


def from_json(doc: Any) -> State:
    r = _Reader()
    if not isinstance(doc, dict):
        raise InvalidState("bad_state", "a state must be a JSON object")
    if doc.get("game") != "akropolis":
        raise InvalidState("wrong_game", f"this state is for game {doc.get('game')!r}, not 'akropolis'")
    s = State.__new__(State)
    n = r.int_(doc, "players", "players", 1, 4)
    s.n = n
    try:
        s.options = SCHEMA.validate(r.get(doc, "options", "options"))
        check_for_players(s.options, n)
    except InvalidOptions as exc:
        raise InvalidState("bad_state", f"state field 'options': {exc.message}", field="options") from exc
    s.rng = Rng(r.int_(doc, "rng", "rng", 0, (1 << 64) - 1))
    phase = r.get(doc, "phase", "phase")
    if phase not in PHASES:
        raise r.fail("phase", f"must be one of {', '.join(PHASES)}, not {phase!r}")
    s.phase = phase
    s.seat = r.int_(doc, "seat", "seat", 0, n - 1)
    s.chief = r.int_(doc, "chief", "chief", 0, max(n - 1, 1))
    s.turn = r.int_(doc, "turn", "turn", 0, total_turns(n, s.options))
    s.round = r.int_(doc, "round", "round", 1)
    s.site = r.tiles(r.get(doc, "site", "site"), "site")
    s.stacks = [r.tiles(st, f"stacks[{i}]") for i, st in enumerate(r.list_(doc, "stacks", "stacks"))]
    if not all(s.stacks):
        raise r.fail("stacks", "must not hold an empty stack")
    # §1.5: the site holds N+2 tiles after a refill and never fewer than 2 when a tile must be taken (a
    # take with an empty site would leave the player to move without any legal action)
    low, high = {"take": (2, max(n, 2) + 2), "over": (1, 1)}.get(phase, (1, max(n, 2) + 1))
    if not low <= len(s.site) <= high:
        raise r.fail("site", f"must hold {low} to {high} tiles in phase {phase!r}, not {len(s.site)}")
    held = r.int_(doc, "held", "held", 1, 61, null=True)
    s.held = held or 0
    if (phase == "place") != bool(s.held):
        raise r.fail("held", "must name the tile being placed exactly in phase 'place'")
    seats = r.list_(doc, "seats", "seats")
    if len(seats) != n:
        raise r.fail("seats", f"must list {n} seats, not {len(seats)}")
    s.stones, s.completed, s.cities = [], [], []
    athena = r.get(doc, "athena", "athena")
    cards = r.list_(athena, "cards", "athena.cards")
    if cards and (len(cards) != 4 or len(set(cards)) != 4 or not all(c in ATHENA_CARDS for c in cards)):
        raise r.fail("athena.cards", "must name 4 different construction cards, or be empty")
    if bool(cards) != s.options["athena"]:
        raise r.fail("athena.cards", "must hold 4 cards exactly when the option athena is true")
    s.cards = tuple(cards)
    under = r.list_(athena, "under", "athena.under")
    if len(under) != len(cards) or not all(isinstance(u, list) and all(isinstance(t, int) and t in SMALL_TILES
                                                                        for t in u) for u in under):
        raise r.fail("athena.under", "must list the small tiles (1-30) under each card")
    s.under = [list(u) for u in under]
    eligible = r.get(athena, "eligible", "athena.eligible")
    if eligible is not None and (not isinstance(eligible, list) or not all(c in cards for c in eligible)):
        raise r.fail("athena.eligible", "must be null or a list of shown cards")
    s.eligible = None if eligible is None else list(eligible)
    if eligible is not None and s.options["athena_recheck"] != "city_tile_only":
        raise r.fail("athena.eligible", "is only used with the option athena_recheck = city_tile_only")
    held_small = r.get(athena, "small_held", "athena.small_held")
    if held_small is not None:
        if (not isinstance(held_small, list) or len(held_small) != 2 or held_small[0] not in cards
                or held_small[1] not in SMALL_TILES):
            raise r.fail("athena.small_held", "must be null or [card, small tile]")
        held_small = (held_small[0], held_small[1])
    if (phase == "small") != (held_small is not None):
        raise r.fail("athena.small_held", "must be set exactly in phase 'small'")
    s.small_held = held_small
    used_small: list[int] = [t for u in s.under for t in u] + ([held_small[1]] if held_small else [])
    placed_tiles: list[int] = []
    for i, seat in enumerate(seats):
        p = f"seats[{i}]"
        s.stones.append(r.int_(seat, "stones", f"{p}.stones", 0))
        done = r.list_(seat, "completed", f"{p}.completed")
        if not all(c in cards for c in done) or len(set(done)) != len(done):
            raise r.fail(f"{p}.completed", "must list distinct shown cards")
        s.completed.append(list(done))
        city, tiles, smalls = _rebuild_city(r, r.list_(seat, "city", f"{p}.city"), f"{p}.city")
        s.cities.append(city)
        placed_tiles += tiles
        used_small += smalls
    arch = r.get(doc, "architect", "architect")
    s.arch_tiles, s.arch_small, s.arch_stones, s.arch_cards = [], [], 0, []
    if n == 1:
        s.arch_tiles = r.tiles(r.get(arch, "tiles", "architect.tiles"), "architect.tiles")
        small = r.list_(arch, "small", "architect.small")
        if not all(isinstance(t, int) and t in SMALL_TILES for t in small):
            raise r.fail("architect.small", "must list small tiles 1-30")
        s.arch_small = list(small)
        used_small += s.arch_small
        s.arch_stones = r.int_(arch, "stones", "architect.stones", 0)
        done = r.list_(arch, "completed", "architect.completed")
        if not all(c in cards for c in done) or len(set(done)) != len(done):
            raise r.fail("architect.completed", "must list distinct shown cards")
        s.arch_cards = list(done)
        placed_tiles += s.arch_tiles
    elif arch is not None:
        raise r.fail("architect", "must be null unless the game is solo")
    # every tile of the sets in play is somewhere exactly once
    everything = placed_tiles + s.site + [t for st in s.stacks for t in st] + ([s.held] if s.held else [])
    expected = [t.id for t in tiles_for_players(n if not s.options["long_game"] else 4)]
    if Counter(everything) != Counter(expected):
        raise r.fail("site", "together with the stacks, the held tile and the cities must hold every tile in "
                             "play exactly once")
    if len(used_small) != len(set(used_small)):
        raise r.fail("athena.under", "a small tile appears twice")
    s.result = doc.get("result")
    if (phase == "over") != (s.result is not None):
        raise r.fail("result", "must be set exactly when the game is over")
    return s


def _rebuild_city(r: _Reader, placements: list, field: str) -> tuple[City, list[int], list[int]]:
    if not placements or placements[0] != {"start": True}:
        raise r.fail(field, "must begin with the starting tile {\"start\": true}")
    city = City.with_starting_tile()
    tiles, smalls = [], []
    for i, p in enumerate(placements[1:], start=1):
        f = f"{field}[{i}]"
        q = r.int_(p, "q", f + ".q", -200, 200)
        rr = r.int_(p, "r", f + ".r", -200, 200)
        rot = r.int_(p, "rot", f + ".rot", 0, 5)
        if "tile" in p:
            tile = r.int_(p, "tile", f + ".tile", 1, 61)
            why = city.refusal(city.cells_of(q, rr, rot))
            if why is not None:
                raise r.fail(f, f"breaks the placement rules ({why})")
            city.place_tile(tile, q, rr, rot)
            tiles.append(tile)
        elif "small" in p:
            small = r.int_(p, "small", f + ".small", 1, 30)
            if rot and len(SMALL_TILES[small]) == 1:  # as `place_small` refuses it: only dual hexes turn
                raise r.fail(f + ".rot", "must be 0 for a one-district small tile")
            why = city.small_refusal((q, rr))
            if why is not None:
                raise r.fail(f, f"breaks the placement rules ({why})")
            city.place_small(small, SMALL_TILES[small], q, rr, rot)
            smalls.append(small)
        else:
            raise r.fail(f, "must hold a 'tile' or a 'small' placement")
    return city, tiles, smalls
