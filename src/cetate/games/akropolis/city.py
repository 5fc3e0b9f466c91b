"""One player's city: stacks of hexes on an unbounded axial grid, placement legality and enumeration
(spec akropolis §1.4, §3.1-§3.2).

A city keeps, for every built cell, only what the rules look at: the stack height, the visible hex (its
code: `h` house district, `H` house plaza, `q` quarry...; two letters for an Athena dual hex) and the piece
whose hex is visible there (the "two different tiles" rule, §1.4). `border` is the set of empty cells that
share an edge with the city, kept up to date on every placement. `log` lists the placements in order, so a
city can be written out and rebuilt (and every rebuilt placement is checked again).
"""

from __future__ import annotations

from cetate.games.akropolis.data import CODES, SMALL_PIECE_BASE, STARTING_TILE_CELLS, STARTING_TILE_ID
from cetate.games.akropolis.hexes import DIRECTIONS

Cell = tuple[int, int]

# (dq, dr) clockwise from north (§3.1, hexes.py); a city tile anchored at a with rotation r covers a, a + D[r]
# and a + D[r + 1] (§3.2).
D: tuple[Cell, ...] = DIRECTIONS
TRIANGLE: tuple[tuple[Cell, Cell], ...] = tuple((D[r], D[(r + 1) % 6]) for r in range(6))

# Reasons a placement is refused (error codes, explained in the message catalogs).
UNEVEN = "uneven"  # the cells are not all at the same height (§1.4 common clause)
NOT_TOUCHING = "not_touching"  # a ground placement that shares no edge with the city
SINGLE_SUPPORT = "single_support"  # an upper city tile resting on hexes of one tile only
ON_SMALL_TILE = "on_small_tile"  # a small tile put on top of another small tile


def tile_codes(piece: int) -> str:
    """The hex codes of a piece in its clockwise order: city tiles 1-61 ("Mbq"), small tiles ("h", "hm")."""
    from cetate.games.akropolis.data import SMALL_TILES

    if piece >= SMALL_PIECE_BASE:
        return SMALL_TILES[piece - SMALL_PIECE_BASE]
    return CODES[piece]


def side_code(code: str, rot: int, d: int) -> str:
    """What a visible hex shows on its side d: the hex itself, or for a dual hex the half owning that side
    (the first letter's half owns sides rot, rot+1, rot+2; §1.9 side model)."""
    if len(code) == 1:
        return code
    return code[0] if (d - rot) % 6 < 3 else code[1]


class City:
    __slots__ = ("border", "drot", "h", "log", "pid", "top")

    def __init__(self) -> None:
        self.h: dict[Cell, int] = {}
        self.top: dict[Cell, str] = {}
        self.pid: dict[Cell, int] = {}
        self.drot: dict[Cell, int] = {}
        self.border: set[Cell] = set()
        self.log: list[tuple[int, tuple[Cell, ...], int]] = []

    @classmethod
    def with_starting_tile(cls) -> City:
        city = cls()
        cells = tuple(c for c, _ in STARTING_TILE_CELLS)
        for c, hx in STARTING_TILE_CELLS:
            city._put(c, hx.code, STARTING_TILE_ID)
        city.log.append((STARTING_TILE_ID, cells, 0))
        return city

    @classmethod
    def from_cells(cls, cells: list[dict]) -> City:
        """A city rebuilt from the visible cells of a view (`cells_doc`): heights, visible hexes, pieces and
        dual rotations, which is all that legality, scoring and the cards read (not the placement log)."""
        city = cls()
        h, top, pid, drot = city.h, city.top, city.pid, city.drot
        for c in cells:
            cell = (c["q"], c["r"])
            h[cell] = c["level"]
            top[cell] = c["hex"]
            pid[cell] = c["piece"]
            if len(c["hex"]) == 2:
                drot[cell] = c.get("rot", 0) % 6
        border = city.border
        for q, r in h:
            for dq, dr in D:
                n = (q + dq, r + dr)
                if n not in h:
                    border.add(n)
        return city

    def clone(self) -> City:
        c = City.__new__(City)
        c.h = self.h.copy()
        c.top = self.top.copy()
        c.pid = self.pid.copy()
        c.drot = self.drot.copy()
        c.border = self.border.copy()
        c.log = self.log.copy()
        return c

    # -- reading ------------------------------------------------------------------------------------
    def side(self, cell: Cell, d: int) -> str | None:
        """The code visible on side d of cell (None if the cell is empty)."""
        code = self.top.get(cell)
        if code is None or len(code) == 1:
            return code
        return code[0] if (d - self.drot[cell]) % 6 < 3 else code[1]

    @staticmethod
    def cells_of(q: int, r: int, rot: int) -> tuple[Cell, Cell, Cell]:
        """The cells a city tile anchored at (q, r) with rotation rot covers: A's, B's and C's (§3.2)."""
        a, b = TRIANGLE[rot % 6]
        return ((q, r), (q + a[0], r + a[1]), (q + b[0], r + b[1]))

    def landing_level(self, cell: Cell) -> int:
        """The level a new hex reaches on `cell`: one above its stack (§1.1; a legal tile lies flat, so its
        anchor's level is the tile's)."""
        return self.h.get(cell, 0) + 1

    def covered_quarries(self, cells: tuple[Cell, ...]) -> int:
        """The visible quarries a piece on these cells covers: one stone each (§1.3 step 3)."""
        top = self.top
        return sum(1 for c in cells if top.get(c) == "q")

    # -- legality (§1.4) ----------------------------------------------------------------------------
    def refusal(self, cells: tuple[Cell, Cell, Cell]) -> str | None:
        """Why a city tile may not cover these three cells, or None when it may."""
        h = self.h
        c0, c1, c2 = cells
        k = h.get(c0, 0)
        if h.get(c1, 0) != k or h.get(c2, 0) != k:
            return UNEVEN
        if k == 0:
            border = self.border
            if c0 in border or c1 in border or c2 in border:
                return None
            return NOT_TOUCHING
        pid = self.pid
        p = pid[c0]
        if pid[c1] == p and pid[c2] == p:
            return SINGLE_SUPPORT
        return None

    def small_refusal(self, cell: Cell) -> str | None:
        """Why an Athena small tile may not go on this cell, or None (§1.4, small tile clause)."""
        if cell not in self.h:
            return None if cell in self.border else NOT_TOUCHING
        if self.pid[cell] >= SMALL_PIECE_BASE:
            return ON_SMALL_TILE
        return None

    # -- enumeration (§3.2) -------------------------------------------------------------------------
    def anchors(self) -> set[Cell]:
        """Every anchor a city tile can have: the empty cells at distance 1 or 2 and the built cells. Any other
        anchor is refused as NOT_TOUCHING for every rotation (all its cells are empty and away from the city)."""
        return self.ground_anchors() | self.h.keys()

    def small_cells(self) -> set[Cell]:
        """Every cell a small tile might go on: the border and the built cells. Any other is NOT_TOUCHING."""
        return self.border | self.h.keys()

    def ground_anchors(self) -> set[Cell]:
        """Empty cells at distance 1 or 2 from the city: every anchor a ground placement can have."""
        h = self.h
        out = set(self.border)
        for q, r in self.border:
            for dq, dr in D:
                n = (q + dq, r + dr)
                if n not in h:
                    out.add(n)
        return out

    def placements(self, codes: str) -> list[tuple[int, int, int]]:
        """Every legal (q, r, rot) for a city tile, one per resulting city.

        No two (anchor, rotation) pairs give the same city, so nothing needs removing: the anchor and its
        rotation fix the triangle and which cell gets A; B and C follow clockwise, so even when two hexes of
        the tile are alike (`qqH`, `qhh`) another pair would need a mirrored tile. The tests check this
        against the cell -> code mappings."""
        out: list[tuple[int, int, int]] = []
        refusal = self.refusal
        cells_of = self.cells_of
        for anchors in (self.ground_anchors(), self.h):
            for q, r in anchors:
                for rot in range(6):
                    if refusal(cells_of(q, r, rot)) is None:
                        out.append((q, r, rot))
        out.sort()  # a fixed order, whatever the history of the sets (replays, clones, JSON round trips)
        return out

    def small_placements(self, code: str) -> list[tuple[int, int, int]]:
        """Every legal (q, r, rot) for a small tile; rot only matters for a dual hex (0-5), else it is 0."""
        rots = range(6) if len(code) == 2 else (0,)
        out = []
        small = SMALL_PIECE_BASE
        for cell in self.border:
            out.extend((cell[0], cell[1], rot) for rot in rots)
        for cell, p in self.pid.items():
            if p < small:
                out.extend((cell[0], cell[1], rot) for rot in rots)
        out.sort()
        return out

    # -- building ------------------------------------------------------------------------------------
    def _put(self, cell: Cell, code: str, piece: int, rot: int = 0) -> None:
        h = self.h
        was_empty = cell not in h
        h[cell] = h.get(cell, 0) + 1
        self.top[cell] = code
        self.pid[cell] = piece
        if len(code) == 2:
            self.drot[cell] = rot % 6
        else:
            self.drot.pop(cell, None)
        if was_empty:
            border = self.border
            border.discard(cell)
            q, r = cell
            for dq, dr in D:
                n = (q + dq, r + dr)
                if n not in h:
                    border.add(n)

    def place_tile(self, piece: int, q: int, r: int, rot: int) -> int:
        """Put city tile `piece` (already checked legal) on the city; returns the quarries it covered."""
        cells = self.cells_of(q, r, rot)
        covered = self.covered_quarries(cells)
        for cell, code in zip(cells, CODES[piece], strict=True):
            self._put(cell, code, piece)
        self.log.append((piece, cells, rot % 6))
        return covered

    def place_small(self, small_id: int, code: str, q: int, r: int, rot: int) -> int:
        """Put a small tile (already checked legal); returns 1 if it covered a quarry, else 0."""
        cell = (q, r)
        covered = self.covered_quarries((cell,))
        self._put(cell, code, SMALL_PIECE_BASE + small_id, rot if len(code) == 2 else 0)
        self.log.append((SMALL_PIECE_BASE + small_id, (cell,), rot % 6 if len(code) == 2 else 0))
        return covered

    # -- output ---------------------------------------------------------------------------------------
    def cells_doc(self) -> list[dict]:
        """The visible city, sorted by cell: q, r, level, hex code, dual rotation and piece."""
        out = []
        for (q, r), code in sorted(self.top.items()):
            cell = {"q": q, "r": r, "level": self.h[(q, r)], "hex": code, "piece": self.pid[(q, r)]}
            if len(code) == 2:
                cell["rot"] = self.drot[(q, r)]
            out.append(cell)
        return out
