"""One player's city: stacks of hexes on an unbounded axial grid, placement legality and enumeration
(spec akropolis §1.4, §3.1-§3.2).

A city keeps, for every built cell, only what the rules look at: the stack height, the visible hex (its
code: `h` house district, `H` house plaza, `q` quarry...; two letters for an Athena dual hex) and the piece
whose hex is visible there (the "two different tiles" rule, §1.4). `border` is the set of empty cells that
share an edge with the city, kept up to date on every placement. `log` lists the placements in order, so a
city can be written out and rebuilt (and every rebuilt placement is checked again).

Caches for speed (issue 31), all private and derived from the above, so a clone may share them:
* `_near`: every cell within distance 2 of a built cell (the anchors a city tile can have, §3.2), in a fixed
  order that depends only on the order in which cells were built (`h`'s order): for each built cell, the
  cells of `NEAR` around it not listed yet. It only grows, and is extended on demand (`near_cells`).
* `_legal`: the sorted legal (q, r, rot) of a city tile (legality never depends on the tile's hexes, §1.4),
  valid for the first `_legal_at` entries of `log`; placements logged since are applied by re-testing only
  the anchors within distance 2 of the cells they changed (`placements`).
* `_chi`: the Euler characteristic of the built cells (cells - shared edges + corners where three meet),
  kept up to date on every new cell; with `_linked` (a city grown only by rule-checked placements from its
  starting tile, hence in one piece) `chi == 1` means the city has no hole (`scoring.lakes`).
A list or set held in a cache is never changed in place once a clone may share it: it is replaced.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from itertools import islice

from cetate.games.akropolis.data import CODES, SMALL_PIECE_BASE, STARTING_TILE_CELLS, STARTING_TILE_ID
from cetate.games.akropolis.hexes import DIRECTIONS

Cell = tuple[int, int]

# (dq, dr) clockwise from north (§3.1, hexes.py); a city tile anchored at a with rotation r covers a, a + D[r]
# and a + D[r + 1] (§3.2).
D: tuple[Cell, ...] = DIRECTIONS
TRIANGLE: tuple[tuple[Cell, Cell], ...] = tuple((D[r], D[(r + 1) % 6]) for r in range(6))
# the cell itself, its six neighbours and the twelve cells two steps away: the order in which `_near` grows
NEAR: tuple[Cell, ...] = ((0, 0), *D, *sorted((dq, dr) for dq in range(-2, 3) for dr in range(-2, 3)
                                                if (abs(dq) + abs(dr) + abs(dq + dr)) // 2 == 2))
# `NEAR` less the cells within distance 2 of the neighbour in direction d (in `NEAR`'s order)
AWAY: tuple[tuple[Cell, ...], ...] = tuple(
    tuple((q, r) for q, r in NEAR if (abs(q - dq) + abs(r - dr) + abs(q - dq + r - dr)) // 2 > 2) for dq, dr in D)
_STEPS = tuple((dq, dr, away) for (dq, dr), away in zip(D, AWAY, strict=True))
FULL_AFTER = 4  # placements logged since `_legal` was listed beyond which it is listed again from scratch
# a cell c lies in the triangles labelled (c - offset, t) (see `City.placements`)
_LABELS: tuple[tuple[int, int, int], ...] = ((0, 0, 0), (*D[0], 0), (*D[1], 0), (0, 0, 1), (*D[1], 1), (*D[2], 1))


def _spread(tri: tuple[int, int, int]) -> tuple[tuple[int, int, int], ...]:
    """The three placements (q, r, rot) that cover the triangle labelled `tri` (see `City.placements`)."""
    q, r, t = tri
    (aq, ar), (bq, br) = TRIANGLE[t]
    return ((q, r, t), (q + aq, r + ar, t + 2), (q + bq, r + br, t + 4))

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
    __slots__ = ("_chi", "_legal", "_legal_at", "_linked", "_near", "_near_n", "_near_set", "_near_shared",
                 "_tris", "border", "drot", "h", "log", "pid", "top")

    def __init__(self) -> None:
        self.h: dict[Cell, int] = {}
        self.top: dict[Cell, str] = {}
        self.pid: dict[Cell, int] = {}
        self.drot: dict[Cell, int] = {}
        self.border: set[Cell] = set()
        self.log: list[tuple[int, tuple[Cell, ...], int]] = []
        self._near: list[Cell] = []
        self._near_set: set[Cell] = set()
        self._near_n = 0  # cells of `h` (in its order) whose surroundings `_near` holds
        self._near_shared = False
        self._legal: list[tuple[int, int, int]] | None = None
        self._legal_at = 0
        self._tris: set[tuple[int, int, int]] = set()
        self._chi: int | None = None  # unknown for a city whose dicts were filled by hand
        self._linked = False

    @classmethod
    def with_starting_tile(cls) -> City:
        city = cls()
        cells = tuple(c for c, _ in STARTING_TILE_CELLS)
        city._chi = 0
        for c, hx in STARTING_TILE_CELLS:
            city._put(c, hx.code, STARTING_TILE_ID)
        city.log.append((STARTING_TILE_ID, cells, 0))
        city._linked = True  # from here on, only rule-checked placements (`place_tile`, `place_small`)
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
        edges = corners = 0
        for q, r in h:
            for dq, dr in D:
                n = (q + dq, r + dr)
                if n not in h:
                    border.add(n)
            up, right, down = (q + 1, r - 1) in h, (q + 1, r) in h, (q, r + 1) in h
            edges += up + right + down
            corners += (up and right) + (right and down)  # the corners between D[1]/D[2] and D[2]/D[3]
        city._chi = len(h) - edges + corners
        if h:  # in one piece? (a city built by the rules always is)
            first = next(iter(h))
            seen, todo = {first}, [first]
            while todo:
                q, r = todo.pop()
                for dq, dr in D:
                    n = (q + dq, r + dr)
                    if n in h and n not in seen:
                        seen.add(n)
                        todo.append(n)
            city._linked = len(seen) == len(h)
        return city

    def clone(self) -> City:
        c = City.__new__(City)
        c.h = self.h.copy()
        c.top = self.top.copy()
        c.pid = self.pid.copy()
        c.drot = self.drot.copy()
        c.border = self.border.copy()
        c.log = self.log.copy()
        c._near = self._near
        c._near_set = self._near_set
        c._near_n = self._near_n
        c._near_shared = self._near_shared = True
        c._legal = self._legal  # replaced, never changed in place
        c._legal_at = self._legal_at
        c._tris = self._tris
        c._chi = self._chi
        c._linked = self._linked
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
    def near_cells(self) -> list[Cell]:
        """Every cell within distance 2 of the city, built ones included: every anchor a city tile can have
        (any other is refused as NOT_TOUCHING for every rotation: all its cells are empty and away from the
        city). In the order described in the module doc; the list is the cache itself: do not change it."""
        h = self.h
        done = self._near_n
        if done == len(h):
            return self._near
        if self._near_shared:
            near, seen = self._near.copy(), self._near_set.copy()
            self._near, self._near_set, self._near_shared = near, seen, False
        else:
            near, seen = self._near, self._near_set
        add, append = seen.add, near.append
        new = list(islice(h, done, None))
        pending = set(new)
        for x in new:
            pending.discard(x)
            q, r = x
            around = NEAR
            for dq, dr, away in _STEPS:  # a built neighbour already done: the cells near both are listed
                y = (q + dq, r + dr)
                if y in h and y not in pending:
                    around = away
                    break
            for dq, dr in around:
                c = (q + dq, r + dr)
                if c not in seen:
                    add(c)
                    append(c)
        self._near_n = len(h)
        return near

    def anchors(self) -> set[Cell]:
        """Every anchor a city tile can have: the empty cells at distance 1 or 2 and the built cells. Any other
        anchor is refused as NOT_TOUCHING for every rotation (all its cells are empty and away from the city)."""
        return set(self.near_cells())

    def small_cells(self) -> set[Cell]:
        """Every cell a small tile might go on: the border and the built cells. Any other is NOT_TOUCHING."""
        return self.border | self.h.keys()

    def ground_anchors(self) -> set[Cell]:
        """Empty cells at distance 1 or 2 from the city: every anchor a ground placement can have."""
        h = self.h
        return {c for c in self.near_cells() if c not in h}

    def fits(self, q: int, r: int, t: int) -> bool:
        """Whether a city tile may be anchored at (q, r) with rotation t: `refusal(cells_of(q, r, t)) is
        None`, without building the cells. The triangle labelled (q, r, t) in `placements` (t = 0 or 1)."""
        h = self.h
        (aq, ar), (bq, br) = TRIANGLE[t]
        c0, c1, c2 = (q, r), (q + aq, r + ar), (q + bq, r + br)
        k = h.get(c0, 0)
        if h.get(c1, 0) != k or h.get(c2, 0) != k:
            return False
        if k == 0:
            border = self.border
            return c0 in border or c1 in border or c2 in border
        pid = self.pid
        p = pid[c0]
        return pid[c1] != p or pid[c2] != p

    def placements(self, codes: str = "") -> list[tuple[int, int, int]]:
        """Every legal (q, r, rot) for a city tile, one per resulting city, sorted (a fixed order, whatever
        the history of the city: replays, clones, JSON round trips).

        No two (anchor, rotation) pairs give the same city, so nothing needs removing: the anchor and its
        rotation fix the triangle and which cell gets A; B and C follow clockwise, so even when two hexes of
        the tile are alike (`qqH`, `qhh`) another pair would need a mirrored tile. The tests check this
        against the cell -> code mappings.

        Legality does not depend on the tile (§1.4) and `refusal` treats the three cells alike, so it is a
        property of the triangle of cells: the placements (a, t), (a + D[t], t + 2) and (a + D[t + 1], t + 4)
        cover the same triangle, labelled (a, t) with t = 0 or 1. The legal triangles and the sorted
        placements are kept between calls and brought up to date with the placements logged since."""
        legal = self._legal
        log = self.log
        if legal is not None and self._legal_at == len(log):
            return legal.copy()
        if legal is None or len(log) - self._legal_at > FULL_AFTER:
            ok = self.fits
            tris = {(q, r, t) for q, r in self.near_cells() for t in (0, 1) if ok(q, r, t)}
            legal = sorted(p for tri in tris for p in _spread(tri))
        else:
            tris, legal = self._update_legal(log[self._legal_at:])
        self._tris, self._legal, self._legal_at = tris, legal, len(log)
        return legal.copy()

    def _update_legal(self, entries) -> tuple[set, list[tuple[int, int, int]]]:
        """The legal triangles and placements (new objects: the old ones may be shared by clones) after the
        logged placements `entries`. A triangle whose legality changed has a cell that was built on, or an
        empty cell that joined the border (next to one built on)."""
        h = self.h
        changed = {c for _, cells, _ in entries for c in cells}
        dirty = set(changed)
        for q, r in changed:
            for dq, dr in D:
                n = (q + dq, r + dr)
                if n not in h:
                    dirty.add(n)
        labels = {(q - dq, r - dr, t) for q, r in dirty for dq, dr, t in _LABELS}
        ok = self.fits
        old = self._tris
        tris = None
        legal = None
        for tri in labels:
            now = ok(*tri)
            if now != (tri in old):
                if tris is None:
                    tris, legal = set(old), self._legal.copy()
                if now:
                    tris.add(tri)
                    for p in _spread(tri):
                        insort(legal, p)
                else:
                    tris.discard(tri)
                    for p in _spread(tri):
                        del legal[bisect_left(legal, p)]
        if tris is None:
            return old, self._legal
        return tris, legal

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
        if cell in h:
            h[cell] += 1
            self.top[cell] = code
            self.pid[cell] = piece
            if len(code) == 2:
                self.drot[cell] = rot % 6
            else:
                self.drot.pop(cell, None)
            return
        h[cell] = 1
        self.top[cell] = code
        self.pid[cell] = piece
        if len(code) == 2:
            self.drot[cell] = rot % 6
        self._grow(cell)

    def _grow(self, cell: Cell) -> None:
        """`cell` was just built on the ground: the border and the Euler characteristic follow."""
        h = self.h
        border = self.border
        border.discard(cell)
        q, r = cell
        c0, c1, c2, c3, c4, c5 = n = ((q, r - 1), (q + 1, r - 1), (q + 1, r), (q, r + 1), (q - 1, r + 1), (q - 1, r))
        b0, b1, b2, b3, b4, b5 = b = (c0 in h, c1 in h, c2 in h, c3 in h, c4 in h, c5 in h)
        for c, built in zip(n, b, strict=True):
            if not built:
                border.add(c)
        if self._chi is not None:  # one cell more, its shared edges less, its corners with two more
            self._chi += 1 - (b0 + b1 + b2 + b3 + b4 + b5) + ((b0 and b1) + (b1 and b2) + (b2 and b3)
                                                              + (b3 and b4) + (b4 and b5) + (b5 and b0))

    def place_tile(self, piece: int, q: int, r: int, rot: int) -> int:
        """Put city tile `piece` (already checked legal) on the city; returns the quarries it covered."""
        rot %= 6
        (aq, ar), (bq, br) = TRIANGLE[rot]
        cells = ((q, r), (q + aq, r + ar), (q + bq, r + br))
        h, top, pid, drot = self.h, self.top, self.pid, self.drot
        covered = 0
        for cell, code in zip(cells, CODES[piece], strict=True):  # city tiles have no dual hexes
            old = top.get(cell)
            if old is None:
                h[cell] = 1
                top[cell] = code
                pid[cell] = piece
                self._grow(cell)
            else:
                if old == "q":
                    covered += 1
                elif drot and len(old) == 2:
                    del drot[cell]
                h[cell] += 1
                top[cell] = code
                pid[cell] = piece
        self.log.append((piece, cells, rot))
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
