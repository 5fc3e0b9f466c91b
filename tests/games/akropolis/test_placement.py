"""Placement legality and enumeration (spec akropolis §1.3, §1.4, §3.2).

Cities are grown from the starting tile (plaza (0,0), quarries (0,-1), (1,0), (-1,1)) by real placements, or
written by hand with `city_of` where only the rule's clause matters.
"""

from __future__ import annotations

import random

import pytest

from cetate.core.errors import IllegalAction
from cetate.games.akropolis.city import (
    NOT_TOUCHING,
    ON_SMALL_TILE,
    SINGLE_SUPPORT,
    UNEVEN,
    City,
    D,
)
from cetate.games.akropolis.data import CITY_TILES, SMALL_PIECE_BASE, SMALL_TILES, TILES_BY_ID
from tests.games.akropolis.helpers import (
    GAME,
    START_CELLS,
    act,
    build,
    city_of,
    illegal_code,
    mapping,
    ring,
    scenario,
    types,
)

# tile 5 "Bqq" on the ground with its quarries at (2,0) and (2,-1), next to the start's quarry (1,0)
BQQ_EAST = (5, 3, -1, 4)
# tile 5 "Bqq" on the ground on (1,-1) B, (2,-2) q, (2,-1) q
BQQ_NORTH = (5, 1, -1, 1)
# tile 22 "Mqq" on the ground on (-1,0) M, (-2,0) q, (-1,-1) q
MQQ_WEST = (22, -1, 0, 5)


# -- the common clause: equal heights ---------------------------------------------------------------

def test_every_triangle_touching_the_starting_tile_alone_is_uneven():
    """§1.4 common clause: a triangle with some cells built and some empty is refused ("uneven"); with only
    the starting tile built, every triangle that touches it mixes heights, and none lies on it alone."""
    city = City.with_starting_tile()
    seen = set()
    for q in range(-3, 4):
        for r in range(-3, 4):
            for rot in range(6):
                cells = city.cells_of(q, r, rot)
                built = sum(c in city.h for c in cells)
                if built:
                    seen.add(frozenset(cells))
                    assert built < 3  # the plaza's three quarries are pairwise apart: no triangle of start hexes
                    assert city.refusal(cells) == UNEVEN
    assert len(seen) == 18  # 4 cells x 6 triangles, less those counted twice
    assert all(city.h.get(c0, 0) == 0 for c0, *_ in (city.cells_of(*p) for p in city.placements("hbt")))


def test_mixed_levels_one_and_two_are_uneven():
    """§1.4 common clause: three built cells at levels 2, 1, 1 are refused (no tilting), and so are level 2 +
    level 1 + empty (no overhang)."""
    city, _ = build(BQQ_NORTH, (1, 0, 0, 0))  # level 2 on (0,0), (0,-1), (1,-1)
    cells = city.cells_of(1, -1, 1)  # (1,-1) level 2, (2,-2) and (2,-1) level 1 (tile 5's quarries)
    assert [city.h[c] for c in cells] == [2, 1, 1]
    assert city.refusal(cells) == UNEVEN
    cells = city.cells_of(1, -1, 3)  # (1,-1) level 2, (1,0) level 1, (0,0) level 2
    assert [city.h.get(c, 0) for c in cells] == [2, 1, 2]
    assert city.refusal(cells) == UNEVEN
    cells = city.cells_of(0, -1, 5)  # (0,-1) level 2, (-1,-1) empty, (0,-2) empty
    assert city.refusal(cells) == UNEVEN


def test_uneven_through_rules_apply_names_the_heights():
    """§1.4: `apply` refuses an uneven placement with code "uneven" and changes nothing."""
    s = scenario(2, phase="place", held=1)
    assert illegal_code(s, {"type": "place", "q": 0, "r": 0, "rot": 0}) == UNEVEN
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "place", "q": 0, "r": 0, "rot": 0}, seat=0)
    assert exc.value.params["heights"] == [1, 1, 0]
    assert exc.value.params["cells"] == [[0, 0], [0, -1], [1, -1]]
    assert illegal_code(s, {"type": "place", "q": 3, "r": -3, "rot": 0}) == NOT_TOUCHING
    assert illegal_code(s, {"type": "place", "q": 2, "r": -1, "rot": 6}) == "malformed_action"
    assert illegal_code(s, {"type": "place", "q": "2", "r": -1, "rot": 0}) == "malformed_action"


# -- ground placements ------------------------------------------------------------------------------

def test_ground_tile_must_share_an_edge_with_the_city():
    """§1.4 ground clause: at least one of the three cells is edge-adjacent to a built cell."""
    city = City.with_starting_tile()
    assert city.refusal(city.cells_of(3, -3, 0)) == NOT_TOUCHING  # (3,-3), (3,-4), (4,-4): two steps away
    assert city.refusal(city.cells_of(2, -1, 0)) is None  # (2,-1) touches the quarry (1,0)
    # one cell touching is enough: of (2,-1), (3,-2), (3,-1) only (2,-1) has a built neighbour
    cells = city.cells_of(2, -1, 1)
    assert cells == ((2, -1), (3, -2), (3, -1))
    assert [any(n in city.h for n in ring(c)) for c in cells] == [True, False, False]
    assert city.refusal(cells) is None


def test_ground_tile_may_touch_any_level_and_need_not_touch_the_last_tile():
    """§1.4: a ground tile touching only a level-2 stack is fine, and it need not touch the last tile placed."""
    city, _ = build(BQQ_EAST, (1, 1, 0, 1))  # last tile on level 2 at (1,0), (2,-1), (2,0)
    cells = city.cells_of(-2, 0, 0)  # (-2,0), (-2,-1), (-1,-1): touches only the start tile's hexes
    assert all(c not in city.h for c in cells)
    assert city.refusal(cells) is None
    # touching nothing but level-2 hexes
    cells = city.cells_of(1, 1, 2)  # (1,1), (2,1), (1,2)
    assert {city.h[n] for c in cells for n in ring(c) if n in city.h} == {2}
    assert city.refusal(cells) is None


def test_ground_tile_may_close_a_hole():
    """§1.4: holes and lakes may be created freely on the ground."""
    # (1,-1) lies between the start's (0,-1), (0,0) and (1,0) already; two ground tiles close it in
    city, _ = build((7, 0, -2, 1), (26, 2, -2, 2))
    assert (1, -1) not in city.h
    assert all(n in city.h for n in ring((1, -1)))


# -- upper placements -------------------------------------------------------------------------------

def test_upper_tile_exactly_on_one_tile_is_single_support():
    """§1.4 upper clause: the three supporting hexes must come from at least two different tiles."""
    city, _ = build(BQQ_NORTH)
    assert city.refusal(city.cells_of(1, -1, 1)) == SINGLE_SUPPORT  # right on top of the Bqq tile
    # the same three cells in another cyclic order are the same support
    assert city.refusal(city.cells_of(2, -2, 3)) == SINGLE_SUPPORT
    assert set(city.cells_of(2, -2, 3)) == set(city.cells_of(1, -1, 1))


def test_upper_tile_on_two_start_hexes_and_one_other_tile_is_legal():
    """§1.4: plaza + quarry of the starting tile + one hex of another tile rest on two tiles: legal."""
    city, _ = build(BQQ_NORTH)
    cells = city.cells_of(0, 0, 0)  # (0,0) plaza, (0,-1) quarry, (1,-1) the B plaza of tile 5
    assert [city.pid[c] for c in cells] == [0, 0, 5]
    assert city.refusal(cells) is None


def test_starting_tile_alone_is_one_tile():
    """§1.4: three hexes that all belong to the starting tile support nothing (the starting tile is one tile).
    The real starting tile has no three mutually adjacent hexes, so the clause is checked on a hand-written
    city whose three touching hexes carry the starting tile's piece id 0."""
    city = city_of({(0, 0): ("H", 1, 0), (0, -1): ("q", 1, 0), (1, -1): ("q", 1, 0)})
    assert city.refusal(((0, 0), (0, -1), (1, -1))) == SINGLE_SUPPORT
    city.pid[(1, -1)] = 7
    assert city.refusal(((0, 0), (0, -1), (1, -1))) is None


def test_no_adjacency_needed_on_the_upper_level():
    """§1.4: an upper tile need not touch any hex of its new level."""
    city, _ = build(BQQ_EAST, MQQ_WEST, (1, 1, 0, 1))  # level 2 on (1,0), (2,-1), (2,0)
    cells = ((-1, -1), (0, -1), (-1, 0))  # tile 22, the start tile, tile 22: two tiles, all on level 1
    assert not any(city.h.get(n, 0) >= 2 for c in cells for n in ring(c))
    assert city.refusal(cells) is None
    first, _ = build(BQQ_NORTH)
    assert first.refusal(first.cells_of(0, 0, 0)) is None  # the very first level-2 tile touches nothing on level 2


def test_upper_placement_gives_level_and_replaces_the_visible_hexes():
    """§1.4: the new hexes lie at level k+1; covered hexes vanish from the visible city."""
    city, stones = build(BQQ_EAST, (1, 1, 0, 1))
    assert stones == 3  # the start's quarry (1,0) and tile 5's two quarries
    assert {c: (city.h[c], city.top[c], city.pid[c]) for c in city.cells_of(1, 0, 1)} == {
        (1, 0): (2, "h", 1), (2, -1): (2, "b", 1), (2, 0): (2, "t", 1)}


# -- chirality ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("rot", range(6))
def test_hexes_land_clockwise(rot):
    """§3.2: hex A on the anchor, B on anchor + D[rot], C on anchor + D[rot + 1]."""
    city = City()
    q, r = 2, -1
    cells = city.cells_of(q, r, rot)
    assert cells == ((q, r), (q + D[rot][0], r + D[rot][1]), (q + D[(rot + 1) % 6][0], r + D[(rot + 1) % 6][1]))
    city.place_tile(4, q, r, rot)  # Bhq
    assert [city.top[c] for c in cells] == ["B", "h", "q"]
    start = City.with_starting_tile()
    if start.refusal(cells) is None:
        start.place_tile(48, q, r, rot)  # Bqh, the mirror image
        assert [start.top[c] for c in cells] == ["B", "q", "h"]


def test_a_mirror_tile_never_gives_the_same_city():
    """§2.2: tiles are never flipped, so "Bhq" (tile 4) and its mirror "Bqh" (tile 48) reach disjoint sets of
    cell -> hex mappings, although both cover the same triangles."""
    city = City.with_starting_tile()
    a = {mapping(city, "Bhq", *p) for p in city.placements("Bhq")}
    b = {mapping(city, "Bqh", *p) for p in city.placements("Bqh")}
    assert len(a) == len(b) == len(city.placements("Bhq"))
    assert not a & b
    assert {frozenset(c for c, _ in m) for m in a} == {frozenset(c for c, _ in m) for m in b}
    # a concrete pair: same anchor and rotation, houses and quarries swap places
    one, _ = build((4, 2, -1, 0))
    two, _ = build((48, 2, -1, 0))
    assert one.top[(2, -2)] == "h" and one.top[(3, -2)] == "q"
    assert two.top[(2, -2)] == "q" and two.top[(3, -2)] == "h"


# -- small tiles (Athena) -----------------------------------------------------------------------------

def test_small_tile_on_the_ground_must_touch():
    """§1.4 small tile clause: on the ground the cell must be edge-adjacent to the city."""
    city = City.with_starting_tile()
    assert city.small_refusal((1, -1)) is None
    assert city.small_refusal((3, -3)) == NOT_TOUCHING
    assert city.small_refusal((2, -2)) == NOT_TOUCHING  # two steps from the city


def test_small_tile_goes_on_any_single_hex_but_not_on_a_small_tile():
    """§1.4: on a higher level a small tile may sit on any one visible hex (the two-tiles rule is waived),
    but never on another small tile."""
    city = City.with_starting_tile()
    for cell in START_CELLS:
        assert city.small_refusal(cell) is None  # on the plaza or on a quarry of one single tile
    city.place_small(11, "h", 0, 0, 0)
    assert (city.h[(0, 0)], city.top[(0, 0)], city.pid[(0, 0)]) == (2, "h", SMALL_PIECE_BASE + 11)
    assert city.small_refusal((0, 0)) == ON_SMALL_TILE
    city.place_small(1, "mg", 1, -1, 2)  # a dual hex on the ground
    assert city.small_refusal((1, -1)) == ON_SMALL_TILE
    placements = city.small_placements("h")
    assert (0, 0, 0) not in placements and (1, -1, 0) not in placements
    assert (0, -1, 0) in placements and (2, -2, 0) in placements


def test_small_placements_match_small_refusal():
    """§1.4 / §3.2: every listed small placement is legal, every legal cell is listed, a dual hex gets all six
    rotations and a one-district small tile only rotation 0."""
    city, _ = build(BQQ_NORTH, MQQ_WEST, (1, 0, 0, 0), ("small", 11, 1, 0, 0), ("small", 3, -2, 1, 4))
    window = [(q, r) for q in range(-4, 7) for r in range(-5, 5)]
    legal = {c for c in window if city.small_refusal(c) is None}
    for code, rots in (("h", [0]), ("hm", list(range(6)))):
        listed = city.small_placements(code)
        assert len(listed) == len(set(listed))
        assert listed == sorted((q, r, rot) for q, r in legal for rot in rots)


def test_small_tiles_count_as_separate_tiles_for_the_support_rule():
    """§1.4: a city tile may cover small tiles, and each small tile is its own tile: two hexes of one tile plus
    a small tile, or three small tiles, support a city tile."""
    base, _ = build(BQQ_NORTH, ("small", 12, 1, -2, 0))  # h small tile on the ground at (1,-2)
    cells = ((1, -2), (2, -2), (1, -1))  # the small tile + two hexes of tile 5
    assert base.cells_of(1, -2, 2) == cells
    assert base.refusal(cells) is None
    covered = base.clone()
    covered.place_tile(1, 1, -2, 2)
    assert [covered.top[c] for c in cells] == ["h", "b", "t"] and {covered.h[c] for c in cells} == {2}
    assert covered.pid[(1, -2)] == 1  # the small tile is gone from view
    assert covered.small_refusal((1, -2)) is None  # a small tile may go on that city tile again
    # three small tiles on the ground
    smalls, _ = build(("small", 11, 1, -1, 0), ("small", 12, 2, -2, 0), ("small", 13, 2, -1, 0))
    assert smalls.refusal(smalls.cells_of(1, -1, 1)) is None
    # a triangle of two hexes of tile 5 plus the same tile's third hex is single support
    assert base.refusal(base.cells_of(1, -1, 1)) == SINGLE_SUPPORT


def test_small_tile_on_a_quarry_gives_one_stone_through_apply():
    """§1.4 / §1.3 step 3: a small tile covering a quarry earns 1 stone; on a district it earns none."""
    s = scenario(2, options={"athena": True, "athena_cards": ["quarry_mine", "agora", "villa", "rampart"]},
                 stones={0: 8}, site=[1], under=[[11, 12, 13, 14], [15, 16, 17, 18], [19, 20, 21, 22],
                                                  [23, 24, 25, 26]])
    act(s, {"type": "take", "site": 0})
    act(s, {"type": "place", "q": 2, "r": -1, "rot": 0})  # hbt on the ground, no quarry covered
    assert s.stones[0] == 8 and s.phase == "athena"
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 11})
    before = s.stones[0]
    ev = act(s, {"type": "place_small", "q": 0, "r": -1, "rot": 0})  # onto the start's quarry
    assert s.stones[0] == before + 1
    placed = next(e for e in ev if e.type == "small_placed")
    assert placed.data["stones"] == 1 and placed.data["level"] == 2
    assert s.cities[0].top[(0, -1)] == "h"


def test_small_tile_refusals_through_apply():
    """§1.4: `place_small` refuses a far ground cell, a cell on a small tile, and a rotation on a one-district
    small tile, leaving the state unchanged."""
    s = scenario(2, options={"athena": True, "athena_cards": ["quarry_mine", "agora", "villa", "rampart"]},
                 cities={0: [("small", 30, 1, -1, 0)]}, stones={0: 8}, site=[1],
                 under=[[11, 12, 13, 14], [15, 16, 17, 18], [19, 20, 21, 22], [23, 24, 25, 26]])
    act(s, {"type": "take", "site": 0})
    act(s, {"type": "place", "q": -2, "r": 1, "rot": 0})
    act(s, {"type": "athena", "card": "quarry_mine", "tile": 12})
    assert s.phase == "small"
    assert illegal_code(s, {"type": "place_small", "q": 5, "r": 5, "rot": 0}) == NOT_TOUCHING
    assert illegal_code(s, {"type": "place_small", "q": 1, "r": -1, "rot": 0}) == ON_SMALL_TILE
    assert illegal_code(s, {"type": "place_small", "q": 0, "r": 0, "rot": 1}) == "malformed_action"
    assert illegal_code(s, {"type": "place", "q": 0, "r": 0, "rot": 0}) == "wrong_action"


# -- quarries covered give stones ---------------------------------------------------------------------

def test_covering_quarries_gives_stones_through_apply():
    """§1.3 step 3: +1 stone per quarry the new tile covers (here three: the start's (1,0) and tile 5's two)."""
    s = scenario(2, cities={0: [BQQ_EAST]}, stones={0: 0}, phase="place", held=1)
    ev = act(s, {"type": "place", "q": 1, "r": 0, "rot": 1})
    assert s.stones[0] == 3
    placed = next(e for e in ev if e.type == "tile_placed")
    assert placed.data["stones"] == 3 and placed.data["level"] == 2
    assert types(ev)[-1] == "turn_started" and s.seat == 1


def test_covering_districts_and_plazas_gives_no_stones():
    """§1.3 step 3: only quarries pay; covering the plaza and a district earns nothing."""
    s = scenario(2, cities={0: [BQQ_NORTH]}, stones={0: 0}, phase="place", held=2)
    act(s, {"type": "place", "q": 0, "r": 0, "rot": 1})  # (0,0) plaza, (1,-1) B plaza, (1,0) quarry
    assert s.stones[0] == 1
    assert s.cities[0].top[(0, 0)] == "M"  # tile 2 "Mbq": the plaza of the start tile is covered


def test_finite_stone_supply_caps_the_gain():
    """§1.11 F9: with a finite supply nobody gains stones beyond what is left in it."""
    s = scenario(2, options={"stone_supply": 3}, cities={0: [BQQ_EAST]}, stones={0: 0, 1: 2}, phase="place",
                 held=1)
    act(s, {"type": "place", "q": 1, "r": 0, "rot": 1})
    assert s.stones == [1, 2]  # the supply held 3 - 2 = 1 stone
    s = scenario(2, options={"stone_supply": 2}, cities={0: [BQQ_EAST]}, stones={0: 0, 1: 2}, phase="place",
                 held=1)
    act(s, {"type": "place", "q": 1, "r": 0, "rot": 1})
    assert s.stones == [0, 2]
    s = scenario(2, cities={0: [BQQ_EAST]}, stones={0: 0, 1: 2}, phase="place", held=1)  # unlimited (default)
    act(s, {"type": "place", "q": 1, "r": 0, "rot": 1})
    assert s.stones == [3, 2]


# -- enumeration ----------------------------------------------------------------------------------------

def brute_force(city: City, code: str) -> dict[frozenset, list[tuple[int, int, int]]]:
    """Every legal (q, r, rot) in a window around the city, grouped by the city it produces."""
    qs = [q for q, _ in city.h]
    rs = [r for _, r in city.h]
    out: dict[frozenset, list] = {}
    for q in range(min(qs) - 3, max(qs) + 4):
        for r in range(min(rs) - 3, max(rs) + 4):
            for rot in range(6):
                if city.refusal(city.cells_of(q, r, rot)) is None:
                    out.setdefault(mapping(city, code, q, r, rot), []).append((q, r, rot))
    return out


def sample_cities() -> list[City]:
    cities = [City.with_starting_tile(), build(BQQ_NORTH, MQQ_WEST, (1, 0, 0, 0))[0],
              build(BQQ_NORTH, ("small", 12, 1, -2, 0), ("small", 1, -1, 0, 3))[0]]
    for seed in (3, 11):  # cities from random games, stopped at different points
        s = GAME.setup(2, seed)
        rnd = random.Random(seed)
        while s.turn < 20 + seed:
            GAME.apply(s, GAME.random_action(s, rnd))
        cities.extend(s.cities)
    return cities


CODES = sorted({t.code for t in CITY_TILES})


def test_placements_are_exactly_the_legal_placements():
    """§3.2: `placements` lists every legal placement, only legal ones, without two giving the same city,
    sorted; checked against brute force over a window for every distinct tile code."""
    for city in sample_cities():
        for code in CODES:
            listed = city.placements(code)
            assert listed == sorted(listed)
            assert len(set(listed)) == len(listed)
            maps = [mapping(city, code, *p) for p in listed]
            assert len(set(maps)) == len(maps), f"two placements of {code} give the same city"
            assert all(city.refusal(city.cells_of(*p)) is None for p in listed)
            assert set(maps) == set(brute_force(city, code)), code


@pytest.mark.parametrize("code", ["qhh", "Hqq", "hqq", "Bqq"])
def test_tiles_with_two_alike_hexes_have_no_duplicate_cities(code):
    """§3.2: for tiles with two equal hexes (ANU lists both strings) there is one action per resulting city;
    because the three hexes sit clockwise, the three cyclic assignments of a triangle are still three cities."""
    for city in sample_cities()[:3]:
        listed = city.placements(code)
        maps = {mapping(city, code, *p) for p in listed}
        assert len(maps) == len(listed) == len(brute_force(city, code))
        triangles = {frozenset(c for c, _ in m) for m in maps}
        assert len(maps) == 3 * len(triangles)


def test_legal_actions_in_place_phase_follow_placements():
    """§1.4 / §3.2: the place phase offers exactly `placements` of the held tile, and each one applies."""
    s = scenario(2, cities={0: [BQQ_NORTH]}, phase="place", held=19)  # qhh
    acts = GAME.legal_actions(s)
    assert [(a["q"], a["r"], a["rot"]) for a in acts] == s.cities[0].placements(TILES_BY_ID[19].code)
    for a in acts[:: max(1, len(acts) // 25)]:
        c = GAME.clone(s)
        GAME.apply(c, a)
        assert c.cities[0].top[(a["q"], a["r"])] == "q"


def test_small_tile_ids_and_codes():
    """§2.6: small tiles 1-10 are dual hexes, 11-20 single districts, 21-30 single plazas."""
    assert all(len(SMALL_TILES[i]) == 2 for i in range(1, 11))
    assert all(len(SMALL_TILES[i]) == 1 and SMALL_TILES[i].islower() for i in range(11, 21))
    assert all(len(SMALL_TILES[i]) == 1 and SMALL_TILES[i].isupper() for i in range(21, 31))
