"""The 18 Athena construction cards as predicates (spec akropolis §2.5, dual hexes §1.9, flag F7).

Each card is checked true on a crafted city and false on a near miss. Cities are hand-written with
`city_of`; a quarry ("q") is a built hex that is neither a district nor a plaza.
"""

from __future__ import annotations

import pytest

from cetate.games.akropolis.cards import PREDICATES, satisfied
from cetate.games.akropolis.data import ATHENA_CARDS
from tests.games.akropolis.helpers import city_of, line, nb, opts, ring

C = (0, 0)


def sat(card: str, cells: dict, stones: int = 0, **options) -> bool:
    return satisfied(card, city_of(cells), stones, opts(**options))


def around(centre_code, codes, centre=C) -> dict:
    """A centre hex and its six neighbours, clockwise from north (None leaves a neighbour empty)."""
    cells = {} if centre_code is None else {centre: centre_code}
    for cell, code in zip(ring(centre), codes, strict=True):
        if code is not None:
            cells[cell] = code
    return cells


def test_every_card_has_a_predicate():
    """§2.5: one predicate per card, 18 in all."""
    assert set(PREDICATES) == set(ATHENA_CARDS) and len(ATHENA_CARDS) == 18


def test_nothing_is_satisfied_by_the_starting_city():
    """§2.5: a bare starting tile completes no card (Quarry Mine needs 8 stones)."""
    from cetate.games.akropolis.city import City

    city = City.with_starting_tile()
    for card in ATHENA_CARDS:
        assert not satisfied(card, city, 7, opts()), card


# -- blue ---------------------------------------------------------------------------------------------

def test_housing():
    """§2.5 #1: a built centre whose six neighbours are all Houses."""
    assert sat("housing", around("q", "hhhhhh"))
    assert sat("housing", around(("t", 2), [("h", 3), "h", "h", ("h", 2), "h", "h"]))  # heights ignored
    assert not sat("housing", around("q", "hhhmhh"))  # one market
    assert not sat("housing", around("q", ["h", "h", "h", "H", "h", "h"]))  # a House plaza is no House
    assert not sat("housing", around("q", ["h", "h", "h", None, "h", "h"]))


def test_housing_centre_f7():
    """§1.11 F7: with card_centre="built" the centre must be a district or a quarry (the card legend); "lenient"
    accepts any built hex, but never an empty centre."""
    plaza_centre = around("H", "hhhhhh")
    assert not sat("housing", plaza_centre)
    assert sat("housing", plaza_centre, card_centre="lenient")
    hole = around(None, "hhhhhh")
    assert not sat("housing", hole) and not sat("housing", hole, card_centre="lenient")
    assert sat("housing", around(("tg", 1, 101, 0), "hhhhhh"))  # a dual hex is a district centre


def test_housing_with_a_dual_neighbour():
    """§1.9: a dual-hex neighbour counts only when its House half faces the centre."""
    cells = around("q", "hhhhhh")
    cells[nb(C, 0)] = ("hm", 1, 101, 0)  # sides 0-2 house, 3-5 market: faces the centre (side 3) with market
    assert not sat("housing", cells)
    cells[nb(C, 0)] = ("hm", 1, 101, 3)  # now side 3 is the house half
    assert sat("housing", cells)


def test_villa():
    """§2.5 #2: at least four Houses on level 2 or higher, anywhere."""
    far = {(0, 0): ("h", 2), (5, 0): ("h", 3), (0, 5): ("h", 2), (9, 9): ("h", 4)}
    assert sat("villa", far)
    assert not sat("villa", {**far, (9, 9): ("h", 1)})
    assert not sat("villa", {**far, (9, 9): ("H", 2)})  # a House plaza is no House district
    assert sat("villa", {**far, (9, 9): ("th", 2, 101, 0)})  # a dual hex's House half counts


def test_district_center():
    """§2.5 #3: a House plaza whose six neighbours are all built strictly higher than it."""
    assert sat("district_center", around("H", [("q", 2)] * 6))
    assert sat("district_center", around(("H", 2), [("q", 3), ("h", 4), ("q", 3), ("m", 3), ("q", 5), ("q", 3)]))
    assert not sat("district_center", around("H", [("q", 2)] * 5 + ["q"]))  # one neighbour at the same level
    assert not sat("district_center", around("H", [("q", 2)] * 5 + [None]))  # one neighbour empty
    assert not sat("district_center", around(("h", 1), [("q", 2)] * 6))  # a House district, not a plaza


# -- yellow -------------------------------------------------------------------------------------------

def test_city_market():
    """§2.5 #4: a centre with Markets on three alternating neighbours (either triple)."""
    assert sat("city_market", around("q", ["m", None, "m", None, "m", None]))
    assert sat("city_market", around(("h", 2), [None, "m", "q", ("m", 3), None, "m"]))
    assert not sat("city_market", around("q", ["m", None, "m", "m", None, None]))
    assert not sat("city_market", around("q", ["m", None, "m", None, "M", None]))  # a plaza is no market


def test_city_market_centre_f7():
    """§1.11 F7: the centre must be a built district or quarry by default; lenient accepts a plaza and even
    an empty centre."""
    plaza = around("H", ["m", None, "m", None, "m", None])
    assert not sat("city_market", plaza) and sat("city_market", plaza, card_centre="lenient")
    empty = around(None, ["m", None, "m", None, "m", None])
    assert not sat("city_market", empty) and sat("city_market", empty, card_centre="lenient")


def test_storehouses():
    """§2.5 #5: two Markets, not adjacent to each other, each with all six neighbours built."""
    cells = {**around("m", "qqqqqq"), **around("m", "qqqqqq", centre=(2, 0))}  # distance 2, share (1,0)
    assert sat("storehouses", cells)
    assert not sat("storehouses", {k: v for k, v in cells.items() if k != (3, -1)})  # (2,0) has an open side
    assert not sat("storehouses", {**cells, (2, 0): "M"})  # a Market plaza is no market
    touching = {**around("m", "qqqqqq"), **around("m", "qqqqqq", centre=(1, 0))}
    touching[(0, 0)] = "m"
    touching[(1, 0)] = "m"
    assert not sat("storehouses", touching)
    assert not sat("storehouses", around("m", "qqqqqq"))  # only one


def test_luxury_goods():
    """§2.5 #6: a Market plaza on level 3 or higher."""
    assert sat("luxury_goods", {C: ("M", 3)})
    assert not sat("luxury_goods", {C: ("M", 2)})
    assert not sat("luxury_goods", {C: ("m", 4)})


# -- red ----------------------------------------------------------------------------------------------

@pytest.mark.parametrize("d", range(3))
def test_rampart_straight(d):
    """§2.5 #7: three Barracks in a straight line, along each of the three axes, at any heights."""
    cells = dict(zip(line(C, d, 3), ["b", ("b", 3), ("b", 2)], strict=True))
    assert sat("rampart", cells)


def test_rampart_near_misses():
    """§2.5 #7: a bent line, a Barracks plaza in the line, or a gap is not a rampart."""
    assert not sat("rampart", {(0, 0): "b", (1, 0): "b", (1, 1): "b"})  # SE then S: bent
    assert not sat("rampart", {(0, 0): "b", (1, 0): "B", (2, 0): "b"})
    assert not sat("rampart", {(0, 0): "b", (1, 0): "q", (2, 0): "b", (3, 0): "b"})


def test_rampart_dual_hex_only_at_an_end():
    """§1.9 / §2.5: a dual hex can end a line through its Barracks half, never sit in its middle."""
    end = {(0, 0): "b", (1, 0): "b", (2, 0): ("bt", 1, 101, 3)}  # barracks half owns sides 3-5, NW faces the line
    assert sat("rampart", end)
    end[(2, 0)] = ("bt", 1, 101, 0)  # the temple half faces the line
    assert not sat("rampart", end)
    for rot in range(6):
        middle = {(0, 0): "b", (1, 0): ("bt", 1, 101, rot), (2, 0): "b"}
        assert not sat("rampart", middle), rot


def test_guard_tower():
    """§2.5 #8: at least two Barracks on level 2 or higher."""
    assert sat("guard_tower", {(0, 0): ("b", 2), (7, 7): ("b", 3)})
    assert not sat("guard_tower", {(0, 0): ("b", 2), (7, 7): ("b", 1)})
    assert not sat("guard_tower", {(0, 0): ("b", 2), (7, 7): ("B", 2)})


def test_fortress():
    """§2.5 #9: a Barracks plaza with Barracks on neighbours d and d+2 (a 120° V)."""
    assert sat("fortress", around("B", ["b", None, "b", None, None, None]))
    assert sat("fortress", around(("B", 2), [None, None, None, "b", None, ("b", 3)]))
    assert not sat("fortress", around("B", ["b", "b", None, None, None, None]))  # 60°
    assert not sat("fortress", around("B", ["b", None, None, "b", None, None]))  # straight
    assert not sat("fortress", around("b", ["b", None, "b", None, None, None]))  # apex not a plaza


# -- purple -------------------------------------------------------------------------------------------

def test_sanctuary():
    """§2.5 #10: three mutually adjacent Temples (a tile's triangle)."""
    assert sat("sanctuary", {(0, 0): "t", (0, -1): ("t", 2), (1, -1): "t"})
    assert sat("sanctuary", {(0, 0): "t", (1, 0): "t", (0, 1): "t"})  # a triangle pointing the other way
    assert not sat("sanctuary", {(0, 0): "t", (1, 0): "t", (2, 0): "t"})  # a line
    assert not sat("sanctuary", {(0, 0): "t", (0, -1): "T", (1, -1): "t"})


def test_pantheon():
    """§2.5 #11: a Temple with plazas of any colour on three alternating neighbours."""
    assert sat("pantheon", around("t", ["H", None, "G", None, "M", None]))
    assert sat("pantheon", around(("t", 2), [None, "T", None, "T", None, ("B", 3)]))
    assert not sat("pantheon", around("t", ["H", "G", None, "M", None, None]))
    assert not sat("pantheon", around("T", ["H", None, "G", None, "M", None]))  # centre must be a district
    assert not sat("pantheon", around("t", ["H", None, "g", None, "M", None]))  # a district, not a plaza


def test_pilgrims_stairs():
    """§2.5 #12: a Temple plaza at level L, then two cells straight on stepping strictly down (L > L1 > L2 > 0)."""
    assert sat("pilgrims_stairs", {(0, 0): ("T", 3), (1, 0): ("q", 2), (2, 0): ("h", 1)})
    assert sat("pilgrims_stairs", {(0, 0): ("T", 4), (0, 1): ("q", 3), (0, 2): ("h", 1)})
    assert not sat("pilgrims_stairs", {(0, 0): ("T", 3), (1, 0): ("q", 2), (2, 0): ("h", 2)})  # flat step
    assert not sat("pilgrims_stairs", {(0, 0): ("T", 3), (1, 0): ("q", 1), (2, 0): ("h", 2)})  # up again
    assert not sat("pilgrims_stairs", {(0, 0): ("T", 3), (1, 0): ("q", 2), (1, 1): ("h", 1)})  # bent
    assert not sat("pilgrims_stairs", {(0, 0): ("T", 3), (1, 0): ("q", 2)})  # one step only
    assert not sat("pilgrims_stairs", {(0, 0): ("t", 3), (1, 0): ("q", 2), (2, 0): ("h", 1)})  # not a plaza


# -- green --------------------------------------------------------------------------------------------

def test_oasis():
    """§2.5 #13: a Garden with all six neighbours built."""
    assert sat("oasis", around("g", ["q", ("q", 2), "h", "M", "q", "q"]))
    assert not sat("oasis", around("g", ["q", "q", "q", "q", "q", None]))
    assert not sat("oasis", around("G", "qqqqqq"))


def test_oasis_dual_half_surrounded_by_its_sides():
    """§1.9: a Garden half is surrounded when its own three sides touch built cells."""
    assert sat("oasis", around(("gt", 1, 101, 0), ["q", "q", "q", None, None, None]))
    assert not sat("oasis", around(("gt", 1, 101, 3), ["q", "q", "q", None, None, None]))


def test_hanging_gardens():
    """§2.5 #14: two adjacent Gardens on different levels."""
    assert sat("hanging_gardens", {(0, 0): "g", (1, 0): ("g", 2)})
    assert not sat("hanging_gardens", {(0, 0): "g", (1, 0): "g"})
    assert not sat("hanging_gardens", {(0, 0): "g", (2, 0): ("g", 2), (1, 0): "q"})
    assert not sat("hanging_gardens", {(0, 0): "g", (1, 0): ("G", 2)})


def test_parkland():
    """§2.5 #15: a Garden next to a Garden plaza."""
    assert sat("parkland", {(0, 0): "G", (0, 1): ("g", 3)})
    assert not sat("parkland", {(0, 0): "G", (0, 1): "G"})
    assert not sat("parkland", {(0, 0): "G", (0, 1): "q", (0, 2): "g"})


# -- grey ---------------------------------------------------------------------------------------------

def test_main_street():
    """§2.5 #16: five districts of five different colours in a straight line, any order and heights."""
    street = dict(zip(line(C, 3, 5), ["h", "m", ("b", 2), "t", "g"], strict=True))
    assert sat("main_street", street)
    assert sat("main_street", dict(zip(line(C, 1, 6), ["h", "g", "t", "m", "h", "b"], strict=True)))  # last 5
    assert not sat("main_street", dict(zip(line(C, 3, 5), ["h", "m", "b", "t", "h"], strict=True)))  # repeat
    assert not sat("main_street", dict(zip(line(C, 3, 5), ["h", "m", "B", "t", "g"], strict=True)))  # plaza
    assert not sat("main_street", dict(zip(line(C, 3, 5), ["h", "m", "q", "t", "g"], strict=True)))  # quarry
    bent = dict(zip(line(C, 3, 4), ["h", "m", "b", "t"], strict=True))
    bent[nb((0, 3), 2)] = "g"
    assert not sat("main_street", bent)


def test_main_street_dual_hex_at_an_end_only():
    """§1.9 / §2.5: a dual hex ends a street through the half facing the line, but breaks it in the middle."""
    cells = dict(zip(line(C, 3, 4), ["h", "m", "b", "t"], strict=True))
    cells[(0, 4)] = ("gh", 1, 101, 5)  # garden half owns sides 5, 0, 1: side 0 faces the line
    assert sat("main_street", cells)
    cells[(0, 4)] = ("gh", 1, 101, 2)  # garden half owns sides 2, 3, 4: side 0 shows the house half
    assert not sat("main_street", cells)
    for rot in range(6):
        middle = dict(zip(line(C, 3, 5), ["h", "m", ("bg", 1, 101, rot), "t", "g"], strict=True))
        assert not sat("main_street", middle), rot


def test_quarry_mine():
    """§2.5 #17: at least 8 stones at check time."""
    assert sat("quarry_mine", {}, stones=8)
    assert sat("quarry_mine", {}, stones=12)
    assert not sat("quarry_mine", {}, stones=7)


def test_agora():
    """§2.5 #18: a visible plaza of each of the five colours."""
    five = {(0, 0): "H", (2, 0): ("M", 2), (4, 0): "B", (6, 0): "T", (8, 0): "G"}
    assert sat("agora", five)
    assert not sat("agora", {**five, (8, 0): "g"})
    assert not sat("agora", {**five, (8, 0): "H"})
