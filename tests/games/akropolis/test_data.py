"""Akropolis component data and hex geometry (spec akropolis §1.1, §2.1-§2.3, §3.1-§3.2)."""

from __future__ import annotations

import math
from collections import Counter

import pytest

from cetate.games.akropolis import data, hexes
from cetate.games.akropolis.data import (
    BARRACKS,
    CITY_TILES,
    COMPOSITION,
    DISTRICT_KINDS,
    GARDEN,
    HOUSE,
    MARKET,
    QUARRY,
    STARTING_TILE,
    STARTING_TILE_CELLS,
    TEMPLE,
    Hex,
    Tile,
    check_tiles,
    composition_of,
    tiles_for_players,
)
from cetate.games.akropolis.hexes import DIRECTIONS, adjacent, rotate, starting_tile_cells, sub, tile_cells

# ---------------------------------------------------------------- tiles


def test_sixty_one_tiles_with_unique_ids():
    assert len(CITY_TILES) == 61
    assert sorted(t.id for t in CITY_TILES) == list(range(1, 62))
    assert sorted(t.bga for t in CITY_TILES) == list(range(1, 62))
    assert STARTING_TILE.id not in data.TILES_BY_ID


def test_set_sizes():
    assert Counter(t.set for t in CITY_TILES) == {"2+": 37, "3+": 12, "4": 12}
    # the spec's numbering is grouped by set: 01-37 = 2+, 38-49 = 3+, 50-61 = 4
    for t in CITY_TILES:
        assert t.set == ("2+" if t.id <= 37 else "3+" if t.id <= 49 else "4")
    assert [len(tiles_for_players(n)) for n in (1, 2, 3, 4)] == [37, 37, 49, 61]


def test_kinds_and_plaza_stars():
    assert data.KINDS == (HOUSE, BARRACKS, TEMPLE, MARKET, GARDEN, QUARRY)
    assert data.PLAZA_STARS == {HOUSE: 1, MARKET: 2, BARRACKS: 2, TEMPLE: 2, GARDEN: 3}
    for t in CITY_TILES:
        for h in t.hexes:
            assert h.stars == (data.PLAZA_STARS[h.kind] if h.plaza else 0)
            assert not (h.plaza and h.kind == QUARRY)


@pytest.mark.parametrize(
    ("tile_id", "code", "tile_set", "bga"),
    [
        (1, "hbt", "2+", 16),
        (4, "Bhq", "2+", 14),
        (48, "Bqh", "3+", 19),
        (53, "Gmh", "4", 56),
        (61, "qhm", "4", 38),
    ],
)
def test_some_rows_of_the_table(tile_id, code, tile_set, bga):
    tile = data.TILES_BY_ID[tile_id]
    assert (tile.code, tile.set, tile.bga) == (code, tile_set, bga)


def test_hexes_in_clockwise_order_as_in_the_table():
    tile = data.TILES_BY_ID[6]  # Barracks plaza 2★ | House | Temple
    assert tile.hexes == (Hex(BARRACKS, True, 2), Hex(HOUSE), Hex(TEMPLE))
    tile = data.TILES_BY_ID[11]  # Garden plaza 3★ | Quarry | House
    assert tile.hexes == (Hex(GARDEN, True, 3), Hex(QUARRY), Hex(HOUSE))


def test_composition_matches_section_2_3():
    check_tiles()
    for tile_set, want in COMPOSITION.items():
        assert composition_of([t for t in CITY_TILES if t.set == tile_set]) == want
    for players, want in data.CUMULATIVE_COMPOSITION.items():
        assert composition_of(tiles_for_players(players)) == want
    total = composition_of(CITY_TILES)
    assert total.quarries == len(CITY_TILES)
    assert total.plazas == {HOUSE: 7, MARKET: 6, BARRACKS: 6, TEMPLE: 6, GARDEN: 5}
    assert total.districts == {HOUSE: 36, MARKET: 20, BARRACKS: 16, TEMPLE: 12, GARDEN: 8}


def _replace(tile_id: int, code: str) -> list[Tile]:
    return [
        t._replace(hexes=tuple(data.hex_from_code(c) for c in code)) if t.id == tile_id else t
        for t in CITY_TILES
    ]


@pytest.mark.parametrize(
    ("tiles", "message"),
    [
        (_replace(1, "hbm"), "set 2+: 7 temple districts, expected 8"),  # a temple turned market
        (_replace(44, "Hqq"), "set 3+: 2 house plazas, expected 1"),  # a district turned plaza
        (_replace(50, "bhq"), "set 4: 11 quarries, expected 12"),
        (CITY_TILES[:-1], "set 4: 11 tiles, expected 12"),
        ([*CITY_TILES, CITY_TILES[0]], "duplicate tile ids: [1]"),
        ([t._replace(set="3+") if t.id == 1 else t for t in CITY_TILES], "set 2+: 36 tiles, expected 37"),
        (
            [t._replace(hexes=(Hex(HOUSE, True, 2), *t.hexes[1:])) if t.id == 28 else t for t in CITY_TILES],
            "tile 28: house plaza with 2 stars",
        ),
        (_replace(28, "HMq"), "more than one plaza"),
    ],
)
def test_check_tiles_fails_on_corrupted_copies(tiles, message):
    with pytest.raises(ValueError, match="disagree with the composition") as err:
        check_tiles(tiles)
    assert message in str(err.value)


def test_composition_cannot_see_mirror_images():
    # swapping B and C keeps the counts: the composition cannot see a mirror image, the table must
    mirrored = [t._replace(hexes=(t.hexes[0], t.hexes[2], t.hexes[1])) for t in CITY_TILES]
    check_tiles(mirrored)
    assert [t.code for t in mirrored] != [t.code for t in CITY_TILES]


def test_chirality_of_the_set():
    def canon(code: str) -> str:
        return min(code[i:] + code[:i] for i in range(3))

    assert sum(len(set(t.code)) == 3 for t in CITY_TILES) == 43
    shapes = {canon(t.code) for t in CITY_TILES}
    pairs = {
        frozenset((s, canon(s[::-1]))) for s in shapes if canon(s[::-1]) != s and canon(s[::-1]) in shapes
    }
    assert len(pairs) == 8
    assert frozenset(("Bhq", "Bqh")) in pairs
    assert frozenset(("hmq", "hqm")) in pairs


def test_starting_tile():
    assert STARTING_TILE.id == 0
    assert STARTING_TILE.code == "Hqqq"
    assert STARTING_TILE_CELLS[0] == ((0, 0), Hex(HOUSE, True, 1))
    assert [cell for cell, _ in STARTING_TILE_CELLS] == [(0, 0), (0, -1), (1, 0), (-1, 1)]
    assert all(h.kind == QUARRY and not h.plaza for _, h in STARTING_TILE_CELLS[1:])
    assert starting_tile_cells() == tuple(cell for cell, _ in STARTING_TILE_CELLS)
    # the quarries sit on three alternating sides: no two of them touch
    quarries = [cell for cell, _ in STARTING_TILE_CELLS[1:]]
    assert all(not adjacent(a, b) for a in quarries for b in quarries if a != b)
    # the Y shape has two orientations: turning it by 120° gives it back
    assert set(starting_tile_cells(0, 0, 2)) == set(starting_tile_cells())
    assert set(starting_tile_cells(0, 0, 1)) != set(starting_tile_cells())


def test_district_kinds_order():
    assert set(DISTRICT_KINDS) == {HOUSE, BARRACKS, TEMPLE, MARKET, GARDEN}


# ---------------------------------------------------------------- geometry


def test_directions_clockwise_from_north():
    assert DIRECTIONS == ((0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))
    for d in range(6):
        assert rotate(DIRECTIONS[d]) == DIRECTIONS[(d + 1) % 6]
        assert rotate(DIRECTIONS[d], -1) == DIRECTIONS[(d - 1) % 6]
        assert hexes.distance((0, 0), DIRECTIONS[d]) == 1


@pytest.mark.parametrize("offset", [(0, 0), (1, 0), (2, -1), (-3, 5), (4, 4)])
def test_rotating_six_times_is_the_identity(offset):
    turned = offset
    seen = []
    for _ in range(6):
        turned = rotate(turned)
        seen.append(turned)
        assert hexes.distance((0, 0), turned) == hexes.distance((0, 0), offset)
    assert turned == offset
    assert rotate(offset, 6) == offset
    if offset != (0, 0):
        assert len(set(seen)) == 6


ANCHORS = [(0, 0), (3, -2), (-1, 4)]


@pytest.mark.parametrize("anchor", ANCHORS)
@pytest.mark.parametrize("rot", range(6))
def test_tile_cells_form_a_triangle(anchor, rot):
    cells = tile_cells(*anchor, rot)
    assert len(set(cells)) == 3
    assert cells[0] == anchor  # hex A on the anchor
    assert all(adjacent(a, b) for a in cells for b in cells if a != b)


@pytest.mark.parametrize("anchor", ANCHORS)
def test_six_rotations_are_six_distinct_placements(anchor):
    placements = {frozenset(tile_cells(*anchor, rot)) for rot in range(6)}
    assert len(placements) == 6
    # and they are the six triangles around the anchor
    assert {c for p in placements for c in p} == {anchor, *hexes.neighbours(anchor)}


@pytest.mark.parametrize("rot", range(6))
def test_rotation_wraps_and_turns_the_whole_tile(rot):
    assert tile_cells(2, -1, rot + 6) == tile_cells(2, -1, rot)
    _, b, c = tile_cells(0, 0, rot)
    _, b1, c1 = tile_cells(0, 0, rot + 1)
    assert (b1, c1) == (rotate(b), rotate(c))


def _screen(cell):
    """Flat-top pixel centre, y pointing down the screen."""
    q, r = cell
    return 1.5 * q, math.sqrt(3) * (r + q / 2)


@pytest.mark.parametrize("anchor", ANCHORS)
@pytest.mark.parametrize("rot", range(6))
def test_clockwise_order_is_kept(anchor, rot):
    a, b, c = tile_cells(*anchor, rot)
    # C is B turned 60° clockwise about A ...
    assert sub(c, a) == rotate(sub(b, a))
    # ... and A -> B -> C runs clockwise on the screen (positive signed area with y down): never mirrored
    (ax, ay), (bx, by), (cx, cy) = map(_screen, (a, b, c))
    assert (bx - ax) * (cy - ay) - (cx - ax) * (by - ay) > 0


def test_place_maps_hexes_and_distinguishes_mirror_images():
    bhq, bqh = data.TILES_BY_ID[4], data.TILES_BY_ID[48]
    assert (bhq.code, bqh.code) == ("Bhq", "Bqh")
    placed = hexes.place(bhq.hexes, 0, 0, 0)
    assert placed == {(0, 0): bhq.hexes[0], (0, -1): Hex(HOUSE), (1, -1): Hex(QUARRY)}
    # no rotation of Bqh anywhere produces the same city as Bhq at rotation 0
    target = {cell: h for cell, h in placed.items()}
    for anchor in [(0, 0), (0, -1), (1, -1)]:
        for rot in range(6):
            assert hexes.place(bqh.hexes, *anchor, rot) != target
    with pytest.raises(ValueError):
        hexes.place(bhq.hexes[:2], 0, 0, 0)
