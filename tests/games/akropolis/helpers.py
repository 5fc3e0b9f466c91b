"""Build explicit Akropolis cities and states for the engine tests.

Cities come two ways:

* `city_of({cell: hex})` writes a city straight into `City`'s fields from a compact description. A hex is a
  code (`"h"` house district on level 1, `"H"` house plaza, `"q"` quarry, `"hm"` an Athena dual hex), or a
  tuple `(code, level)`, `(code, level, piece)` or, for a dual hex, `(code, level, piece, rot)`. Every cell
  is its own piece unless a piece is given (city-tile pieces are negative numbers so that they never look
  like small tiles; a dual hex is a small tile, piece 101 and up). Such a city is a pattern for scoring and
  Athena predicates: it need not be buildable.
* `build(...)` plays real placements from the starting tile, checking each one, like a game would.

`scenario(...)` makes a whole game state from explicit parts (cities as real placements, stones, the front of
the construction site, Athena cards and small tiles) and loads it with `from_json`, so it is a valid state
that conserves every tile.
"""

from __future__ import annotations

from collections import Counter

from cetate.core.errors import IllegalAction
from cetate.games import get
from cetate.games.akropolis.city import City, D
from cetate.games.akropolis.data import SMALL_PIECE_BASE, SMALL_TILES, STARTING_TILE_CELLS, STARTING_TILE_ID
from cetate.games.akropolis.options import SCHEMA

GAME = get("akropolis")
Cell = tuple[int, int]
START_CELLS: tuple[Cell, ...] = tuple(c for c, _ in STARTING_TILE_CELLS)  # plaza (0,0), quarries N, SE, SW


def opts(**options) -> dict:
    """A complete, validated option dict (defaults filled in)."""
    return SCHEMA.validate(options)


# -- geometry ----------------------------------------------------------------------------------------

def nb(cell: Cell, d: int, k: int = 1) -> Cell:
    """The cell k steps from `cell` in direction d (0 N, 1 NE, 2 SE, 3 S, 4 SW, 5 NW)."""
    dq, dr = D[d % 6]
    return (cell[0] + k * dq, cell[1] + k * dr)


def ring(cell: Cell) -> list[Cell]:
    """The six neighbours of `cell`, clockwise from north."""
    return [nb(cell, d) for d in range(6)]


def line(cell: Cell, d: int, length: int) -> list[Cell]:
    return [nb(cell, d, k) for k in range(length)]


# -- cities --------------------------------------------------------------------------------------------

def city_of(cells: dict[Cell, object]) -> City:
    """A city written directly from {cell: code | (code, level[, piece[, rot]])} (see the module docstring)."""
    city = City()
    next_piece = -1
    next_small = 1
    for cell, spec in cells.items():
        parts = spec if isinstance(spec, tuple) else (spec,)
        code = parts[0]
        level = parts[1] if len(parts) > 1 else 1
        if len(parts) > 2:
            piece = parts[2]
        elif len(code) == 2:
            piece = SMALL_PIECE_BASE + next_small
            next_small += 1
        else:
            piece = next_piece
            next_piece -= 1
        city.h[cell] = level
        city.top[cell] = code
        city.pid[cell] = piece
        if len(code) == 2:
            city.drot[cell] = parts[3] if len(parts) > 3 else 0
    for cell in cells:
        for n in ring(cell):
            if n not in city.h:
                city.border.add(n)
    city.log = [(STARTING_TILE_ID, tuple(cells), 0)]  # only so that a view can be drawn from it
    return city


def build(*placements) -> tuple[City, int]:
    """A city grown from the starting tile by real placements, each checked legal first:
    `(tile, q, r, rot)` for a city tile, `("small", n, q, r, rot)` for Athena small tile n.
    Returns the city and the quarries the placements covered (the stones they earned)."""
    city = City.with_starting_tile()
    stones = 0
    for p in placements:
        if p[0] == "small":
            _, n, q, r, rot = p
            why = city.small_refusal((q, r))
            assert why is None, f"{p}: {why}"
            stones += city.place_small(n, SMALL_TILES[n], q, r, rot)
        else:
            tile, q, r, rot = p
            why = city.refusal(city.cells_of(q, r, rot))
            assert why is None, f"{p}: {why}"
            stones += city.place_tile(tile, q, r, rot)
    return city, stones


def placement_docs(placements) -> list[dict]:
    out: list[dict] = [{"start": True}]
    for p in placements:
        if p[0] == "small":
            out.append({"small": p[1], "q": p[2], "r": p[3], "rot": p[4]})
        else:
            out.append({"tile": p[0], "q": p[1], "r": p[2], "rot": p[3]})
    return out


def mapping(city: City, code: str, q: int, r: int, rot: int) -> frozenset:
    """The cell -> hex code mapping that a placement of a tile with these codes produces."""
    return frozenset(zip(city.cells_of(q, r, rot), code, strict=True))


# -- whole states ----------------------------------------------------------------------------------------

STACK_SIZE = {1: 3, 2: 3, 3: 4, 4: 5}


def scenario(
    players: int = 2,
    *,
    options: dict | None = None,
    seed: int = 1,
    cities: dict[int, list] | None = None,
    stones: dict[int, int] | None = None,
    site: list[int] | None = None,
    seat: int = 0,
    chief: int | None = None,
    phase: str = "take",
    held: int | None = None,
    completed: dict[int, list[str]] | None = None,
    under: list[list[int]] | None = None,
    architect: dict | None = None,
    turn: int = 10,
):
    """A valid state from explicit parts, loaded through `from_json`.

    `cities` gives real placements per seat (see `build`); `site` the tiles at the front of the construction
    site (the rest of the site and the stacks are filled from the tiles left, in setup order);
    `under` the small tiles under each Athena card; `architect` overrides fields of the solo Architect block.
    """
    doc = GAME.to_json(GAME.setup(players, seed, options))
    cities = cities or {}
    used = Counter()
    for i, placements in cities.items():
        doc["seats"][i]["city"] = placement_docs(placements)
        used.update(p[0] for p in placements if p[0] != "small")
    if held:
        used[held] += 1
    if architect:
        doc["architect"].update(architect)
        used.update(doc["architect"]["tiles"])
    pool = list(doc["site"]) + [t for st in doc["stacks"] for t in st]
    front = list(site or [])
    assert not set(front) & set(used), "a tile is both in the site and placed"
    rest = [t for t in pool if t not in used and t not in front]
    size = len(doc["site"])
    fill = max(0, size - len(front)) if phase != "place" else max(0, size - 1 - len(front))
    doc["site"] = front + rest[:fill]
    rest = rest[fill:]
    k = STACK_SIZE[players] if not (options or {}).get("long_game") else (3 if players == 2 else 4)
    doc["stacks"] = [rest[i:i + k] for i in range(0, len(rest), k)]
    for i, n in (stones or {}).items():
        doc["seats"][i]["stones"] = n
    for i, cards in (completed or {}).items():
        doc["seats"][i]["completed"] = list(cards)
    if under is not None:
        doc["athena"]["under"] = [list(u) for u in under]
    doc["seat"] = seat
    doc["chief"] = seat if chief is None else chief
    doc["phase"] = phase
    doc["held"] = held
    doc["turn"] = turn
    return GAME.from_json(doc)


def act(state, action: dict) -> list:
    """Apply `action` as the seat to move (the way the server does)."""
    return GAME.apply(state, action, seat=GAME.to_move(state))


def types(events: list) -> list[str]:
    return [e.type for e in events]


def snapshot(state) -> dict:
    """Everything a refused action must leave alone: the JSON state plus each city's visible cells (a
    city written by `city_of` has no real placement log)."""
    return {"json": GAME.to_json(state), "cities": [c.cells_doc() for c in state.cities],
            "borders": [sorted(c.border) for c in state.cities]}


def illegal_code(state, action: dict, seat: int | None = None) -> str:
    """The IllegalAction code of `action`, after checking that the refused action changed nothing."""
    before = snapshot(state)
    try:
        GAME.apply(state, action, seat=GAME.to_move(state) if seat is None else seat)
    except IllegalAction as exc:
        assert snapshot(state) == before, "an illegal action changed the state"
        return exc.code
    raise AssertionError(f"{action!r} was accepted")


def tiles_everywhere(s) -> Counter:
    """Every city tile of the state, wherever it is: site, stacks, held, cities, the Architect."""
    everywhere = Counter(s.site) + Counter(t for st in s.stacks for t in st)
    if s.held:
        everywhere[s.held] += 1
    for city in s.cities:
        everywhere.update(p for p, _, _ in city.log if 0 < p < SMALL_PIECE_BASE)
    everywhere.update(s.arch_tiles)
    return everywhere
