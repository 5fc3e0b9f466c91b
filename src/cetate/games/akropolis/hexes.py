"""Akropolis hex-grid geometry (spec akropolis §3.1-§3.2).

Axial coordinates (q, r) on a flat-top layout, y pointing down the screen; cube form x = q, z = r,
y = -q - r. The six neighbour directions are listed clockwise starting north.

A placement of a city tile is (anchor (q, r), rotation rot): hex A lands on the anchor, B on
anchor + DIRECTIONS[rot], C on anchor + DIRECTIONS[(rot + 1) % 6]. Turning the tile only turns the
directions, so the clockwise order A -> B -> C is kept for every rotation: tiles are never mirrored.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar

Cell = tuple[int, int]
T = TypeVar("T")

# (dq, dr) clockwise from north (§3.1)
N, NE, SE, S, SW, NW = range(6)
DIRECTIONS: tuple[Cell, ...] = ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
DIRECTION_NAMES: tuple[str, ...] = ("N", "NE", "SE", "S", "SW", "NW")
ROTATIONS = 6


def add(a: Cell, b: Cell) -> Cell:
    return (a[0] + b[0], a[1] + b[1])


def sub(a: Cell, b: Cell) -> Cell:
    return (a[0] - b[0], a[1] - b[1])


def rotate(offset: Cell, steps: int = 1) -> Cell:
    """Turn an offset vector steps x 60° clockwise (negative steps turn anticlockwise).

    In cube form one step is (x, y, z) -> (-z, -x, -y), i.e. (q, r) -> (-r, q + r).
    """
    q, r = offset
    for _ in range(steps % ROTATIONS):
        q, r = -r, q + r
    return (q, r)


def neighbour(cell: Cell, d: int) -> Cell:
    return add(cell, DIRECTIONS[d % ROTATIONS])


def neighbours(cell: Cell) -> tuple[Cell, ...]:
    """The six neighbours of a cell, clockwise from north."""
    return tuple(add(cell, d) for d in DIRECTIONS)


def distance(a: Cell, b: Cell) -> int:
    dq, dr = a[0] - b[0], a[1] - b[1]
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def adjacent(a: Cell, b: Cell) -> bool:
    return distance(a, b) == 1


def tile_cells(q: int, r: int, rot: int) -> tuple[Cell, Cell, Cell]:
    """The cells of a city tile anchored at (q, r) with rotation rot (taken modulo 6).

    Item i is where the tile's hex i lands: (cell of A, cell of B, cell of C), A on the anchor.
    """
    rot %= ROTATIONS
    anchor = (q, r)
    return (anchor, add(anchor, DIRECTIONS[rot]), add(anchor, DIRECTIONS[(rot + 1) % ROTATIONS]))


def place(hexes: Sequence[T], q: int, r: int, rot: int) -> dict[Cell, T]:
    """Map each cell of a placement to the hex that lands on it (hexes in the tile's clockwise order)."""
    if len(hexes) != 3:
        raise ValueError(f"a city tile has 3 hexes, got {len(hexes)}")
    return dict(zip(tile_cells(q, r, rot), hexes, strict=True))


def starting_tile_cells(q: int = 0, r: int = 0, rot: int = 0) -> tuple[Cell, ...]:
    """The starting tile's cells (§2.1): the plaza at (q, r), quarries N, SE and SW of it at rot 0."""
    centre = (q, r)
    return (centre, *(add(centre, rotate(DIRECTIONS[d], rot)) for d in (N, SE, SW)))
