"""Scoring (spec akropolis §1.7, §1.8, §1.9 dual hexes, §1.11 flags F1-F4, F9, §3.4), on hand-written cities.

`score(city, **options)` returns score_city's table {colour: {value, stars, points, districts, doubled}}.
A quarry ("q") scores nothing, so cities are padded with quarries where a cell only needs to be built.
"""

from __future__ import annotations

import pytest

from cetate.games.akropolis.rules import compute_result, score_seat
from cetate.games.akropolis.scoring import lakes, outside, score_city
from tests.games.akropolis.helpers import GAME, city_of, line, opts, ring, scenario

VARIANTS = ("variant_houses", "variant_markets", "variant_barracks", "variant_temples", "variant_gardens")


def score(city, **options) -> dict:
    return score_city(city, opts(**options))


def points(city, colour: str, **options) -> int:
    return score(city, **options)[colour]["points"]


def disc(centre, radius: int) -> list:
    q0, r0 = centre
    return [(q0 + dq, r0 + dr) for dq in range(-radius, radius + 1) for dr in range(-radius, radius + 1)
            if abs(dq) + abs(dr) + abs(dq + dr) <= 2 * radius]


def holed(radius: int = 3, holes=((0, 0),), **cells) -> dict:
    """A disc of quarries around (0,0) with empty `holes`; `cells` overrides single cells ("q0_m1" = (0,-1))."""
    out = {c: "q" for c in disc((0, 0), radius) if c not in holes}
    for key, value in cells.items():
        out[_cell(key)] = value
    return out


def _cell(key: str):
    q, r = key[1:].split("_")
    return (int(q.replace("m", "-")), int(r.replace("m", "-")))


# -- houses (§1.7, F1, houses variant) ----------------------------------------------------------------

def test_spec_example_five_houses_on_level_one_and_two_on_level_two_score_nine():
    """§1.7 houses: the largest connected group scores the sum of its levels: 5 x 1 + 2 x 2 = 9, times the
    House stars (1 per House plaza). A smaller separate group scores nothing."""
    cells = {c: "h" for c in line((0, 0), 2, 5)}  # (0,0) .. (4,0) on level 1
    cells.update({c: ("h", 2) for c in line((5, 0), 2, 2)})  # (5,0), (6,0) on level 2
    cells.update({(0, 3): "h", (1, 3): "h"})  # a separate group of two
    cells[(3, 3)] = "H"
    city = city_of(cells)
    assert score(city)["house"] == {"value": 9, "stars": 1, "points": 9, "districts": 7, "doubled": 0}
    cells[(6, 3)] = "H"
    assert points(city_of(cells), "house") == 18


def test_house_groups_join_at_any_level():
    """§1.7: adjacency is plan-view; a level-3 house joins a level-1 neighbour."""
    city = city_of({(0, 0): ("h", 3), (1, 0): "h", (2, 0): ("h", 2), (5, 5): "H"})
    assert score(city)["house"]["value"] == 6 and score(city)["house"]["districts"] == 3


def test_house_tie_f1():
    """§1.11 F1: most hexes wins, a tie in size goes to the higher value (default); with house_tie="value"
    the highest value wins whatever its size."""
    same_size = city_of({(0, 0): "h", (1, 0): "h", (2, 0): "h",  # 3 hexes, value 3
                         (0, 3): "h", (1, 3): ("h", 2), (2, 3): ("h", 2),  # 3 hexes, value 5
                         (5, 5): "H"})
    assert score(same_size)["house"]["value"] == 5
    assert score(same_size, house_tie="value")["house"]["value"] == 5
    big_low = city_of({(0, 0): "h", (1, 0): "h", (2, 0): "h", (3, 0): "h",  # 4 hexes, value 4
                       (0, 3): ("h", 3), (1, 3): ("h", 3),  # 2 hexes, value 6
                       (5, 5): "H"})
    assert (score(big_low)["house"]["value"], score(big_low)["house"]["districts"]) == (4, 4)
    assert (score(big_low, house_tie="value")["house"]["value"],
            score(big_low, house_tie="value")["house"]["districts"]) == (6, 2)


def test_houses_variant_doubles_a_group_of_value_ten():
    """§1.8 houses: the scoring group's value is doubled when it is 10 or more, then times the stars."""
    ten = {c: "h" for c in line((0, 0), 2, 10)}
    ten[(0, 2)] = "H"
    ten[(4, 2)] = "H"
    city = city_of(ten)
    assert score(city)["house"]["points"] == 20
    assert score(city, variant_houses=True)["house"] == {"value": 20, "stars": 2, "points": 40, "districts": 10,
                                                          "doubled": 10}
    nine = dict(ten)
    del nine[(9, 0)]
    assert score(city_of(nine), variant_houses=True)["house"]["points"] == 18


# -- markets (§1.7, markets variant) ----------------------------------------------------------------

def test_markets_alone_score_adjacent_markets_both_fail():
    """§1.7 markets: a market scores only with no other market adjacent; two adjacent markets both fail."""
    city = city_of({(0, 0): ("m", 2), (1, 0): "q",  # alone: 2
                    (3, 0): "m", (4, 0): ("m", 3),  # adjacent: both fail
                    (0, 4): "M"})
    assert score(city)["market"] == {"value": 2, "stars": 2, "points": 4, "districts": 1, "doubled": 0}


def test_market_next_to_a_market_plaza_is_not_next_to_a_market():
    """§1.7: a Market plaza is no market district: a market beside it still scores, and is doubled only with
    the markets variant (§1.8)."""
    city = city_of({(0, 0): "m", (1, 0): "M", (4, 0): ("m", 2), (8, 0): "q"})
    assert score(city)["market"] == {"value": 3, "stars": 2, "points": 6, "districts": 2, "doubled": 0}
    assert score(city, variant_markets=True)["market"] == {"value": 4, "stars": 2, "points": 8, "districts": 2,
                                                           "doubled": 1}


def test_markets_variant_needs_the_market_to_score_first():
    """§1.8: a market next to a Market plaza but also next to a market is not doubled: it does not score."""
    city = city_of({(0, 0): "m", (1, 0): "M", (0, 1): "m"})
    assert score(city, variant_markets=True)["market"]["value"] == 0


# -- barracks (§1.7, F2, F3, barracks variant, §3.4) ----------------------------------------------------

def test_barracks_on_the_outer_edge_score_next_to_a_hole_only_do_not():
    """§1.7 / §3.4 / F2: a barracks scores when an empty neighbour is connected to the outside; one whose only
    empty neighbour is an enclosed hole does not (default), but does with barracks_edge="any_empty"."""
    cells = holed(3, q0_m1="b", q0_m3="b", q2_m2="B")  # (0,-1) touches only the hole, (0,-3) the outside
    city = city_of(cells)
    assert (0, 0) not in city.h and (0, 0) not in outside(city)
    assert all(n in city.h for n in ring((0, -1)) if n != (0, 0))
    assert score(city)["barracks"] == {"value": 1, "stars": 2, "points": 2, "districts": 1, "doubled": 0}
    assert score(city, barracks_edge="any_empty")["barracks"]["points"] == 4


def test_barracks_fully_surrounded_do_not_score():
    """§1.7: a barracks with no empty neighbour is not on the edge."""
    city = city_of({**{c: "q" for c in ring((0, 0))}, (0, 0): ("b", 2), (0, 3): "B"})
    assert score(city)["barracks"]["value"] == 0
    assert score(city, barracks_edge="any_empty")["barracks"]["value"] == 0


def test_barracks_variant_three_empty_neighbours():
    """§1.8 barracks: a scoring barracks with 3 or more empty neighbours counts double; 2 is not enough."""
    three = city_of({(0, 0): "b", (0, -1): "B", (1, -1): "q", (-1, 0): "q"})  # empty: S, SE, SW
    assert score(three, variant_barracks=True)["barracks"] == {"value": 2, "stars": 2, "points": 4,
                                                               "districts": 1, "doubled": 1}
    assert score(three)["barracks"]["value"] == 1
    two = city_of({(0, 0): "b", (0, -1): "B", (1, -1): "q", (-1, 0): "q", (-1, 1): "q"})
    assert score(two, variant_barracks=True)["barracks"]["value"] == 1


def test_barracks_variant_count_f3():
    """§1.11 F3: the variant counts empty neighbours connected to the outside (default) or every empty
    neighbour. Here the barracks at (0,0) has two outside neighbours and one enclosed hole (0,-1)."""
    hole = (0, -1)
    cells = {n: "q" for n in ring(hole) if n != (0, 0)}
    cells.update({(0, 0): "b", (-1, 1): "q", (-1, -1): "B"})
    city = city_of(cells)
    assert hole not in outside(city) and (1, 0) in outside(city) and (0, 1) in outside(city)
    assert [n for n in ring((0, 0)) if n not in city.h] == [hole, (1, 0), (0, 1)]
    assert score(city, variant_barracks=True)["barracks"]["value"] == 1
    assert score(city, variant_barracks=True, barracks_variant_count="any_empty")["barracks"]["value"] == 2
    # F2 and F3 are separate: counting every empty neighbour does not change who is on the edge
    assert score(city, barracks_variant_count="any_empty")["barracks"]["value"] == 1


def test_multi_hex_hole_is_not_outside():
    """§3.4: a hole of several cells enclosed by the city is a lake, not outside."""
    holes = ((0, 0), (1, 0), (1, -1))
    city = city_of(holed(3, holes=holes))
    out = outside(city)
    assert not set(holes) & out
    assert city.border - set(holes) <= out  # every other empty cell next to the city is outside


def _lakes_by_flood_fill(city) -> set:
    h = city.h
    out = outside(city)
    qs, rs = [q for q, _ in h], [r for _, r in h]
    return {(q, r) for q in range(min(qs), max(qs) + 1) for r in range(min(rs), max(rs) + 1)
            if (q, r) not in h and (q, r) not in out}


def test_lakes_agree_with_the_flood_fill_on_crafted_cities():
    """§3.4: `lakes` (Euler-characteristic shortcut when the city has no hole) gives the enclosed cells the
    flood fill gives, for one hole, a hole of three cells, two holes, none, and a city in two parts."""
    two_holes = holed(4, holes=((0, 0), (2, -2)))
    apart = {**holed(3), (6, 0): "m", (7, 0): "M"}  # a crafted city in two parts, one of them holed
    for cells in (holed(3), holed(3, holes=((0, 0), (1, 0), (1, -1))), two_holes, apart,
                  {c: "q" for c in ring((0, 0))} | {(0, 0): "h"}, {(0, 0): "h"}):
        city = city_of(cells)
        assert lakes(city) == _lakes_by_flood_fill(city)
    assert lakes(city_of(two_holes)) == {(0, 0), (2, -2)}
    assert lakes(city_of(apart)) == {(0, 0)}
    assert lakes(city_of({(0, 0): "h"})) == set()


def test_lakes_agree_with_the_flood_fill_in_random_games():
    import random

    checked = holes = 0
    for seed in range(6):
        rnd = random.Random(seed)
        state = GAME.setup(2, seed, {"athena": seed % 2 == 0})
        while GAME.to_move(state) is not None:
            GAME.apply(state, GAME.random_action(state, rnd))
            for city in state.cities:
                expected = _lakes_by_flood_fill(city)
                assert lakes(city) == expected
                checked += 1
                holes += bool(expected)
    assert checked > 100 and holes  # random cities have holes often enough to test both paths


# -- temples (§1.7, temples variant) -------------------------------------------------------------------

def test_temple_surrounded_at_any_neighbour_levels():
    """§1.7 temples: all six neighbours built, their levels do not matter (higher or lower than the temple)."""
    levels = [1, 2, 3, 1, 2, 1]
    cells = {c: ("q", lv) for c, lv in zip(ring((0, 0)), levels, strict=True)}
    cells[(0, 0)] = ("t", 2)
    cells[(0, -1)] = ("T", 1)
    city = city_of(cells)
    assert score(city)["temple"] == {"value": 2, "stars": 2, "points": 4, "districts": 1, "doubled": 0}
    assert score(city, variant_temples=True)["temple"] == {"value": 4, "stars": 2, "points": 8, "districts": 1,
                                                           "doubled": 1}
    cells[(0, 0)] = ("t", 1)
    assert score(city_of(cells), variant_temples=True)["temple"]["value"] == 1  # level 1: not doubled


def test_temple_next_to_a_hole_or_the_outside_does_not_score():
    """§1.7 / §3.5: a temple next to an enclosed hole is not surrounded; nor is one on the edge."""
    city = city_of(holed(3, q0_m1="t", q0_m3="t", q2_m2="T"))
    assert score(city)["temple"]["value"] == 0
    city = city_of(holed(3, q0_m2="t", q2_m2="T"))  # (0,-2): surrounded, one ring away from the hole
    assert score(city)["temple"]["value"] == 1


# -- gardens (§1.7, gardens variant, F4) ----------------------------------------------------------------

def test_gardens_always_score():
    """§1.7 gardens: no condition; each garden counts its level."""
    city = city_of({(0, 0): "g", (1, 0): ("g", 3), (5, 0): "G"})
    assert score(city)["garden"] == {"value": 4, "stars": 3, "points": 12, "districts": 2, "doubled": 0}


def test_gardens_variant_single_hex_lake():
    """§1.8 gardens: a garden next to a lake counts double; a one-hex lake is a lake under both F4 readings;
    a garden next to the outside only is not doubled."""
    city = city_of(holed(3, q0_m1="g", q0_m3="g", q2_m2="G"))
    assert score(city, variant_gardens=True)["garden"] == {"value": 3, "stars": 3, "points": 9, "districts": 2,
                                                           "doubled": 1}
    assert score(city, variant_gardens=True, lake="single_hex")["garden"]["value"] == 3
    assert score(city)["garden"]["value"] == 2


def test_gardens_variant_multi_hex_lake_f4():
    """§1.8 / §1.11 F4: a lake of two hexes counts by default (enclosed_region) but not with lake="single_hex"."""
    city = city_of(holed(3, holes=((0, 0), (1, 0)), q0_m1="g", q3_m3="G"))
    assert (0, -1) in city.h and (0, 0) not in city.h and (1, 0) not in city.h
    assert score(city, variant_gardens=True)["garden"]["value"] == 2
    assert score(city, variant_gardens=True, lake="single_hex")["garden"]["value"] == 1


# -- plazas and stars -------------------------------------------------------------------------------

def test_no_plaza_scores_nothing():
    """§1.7: a colour without a visible plaza scores 0 however many districts it has."""
    cells = {c: "h" for c in line((0, 0), 2, 6)}
    cells.update({(0, 2): "m", (0, 4): "g", (2, 4): ("g", 2)})
    sc = score(city_of(cells))
    assert sc["house"] == {"value": 6, "stars": 0, "points": 0, "districts": 6, "doubled": 0}
    assert sc["garden"]["value"] == 3 and sc["garden"]["points"] == 0
    assert sum(c["points"] for c in sc.values()) == 0


def test_plaza_stars_per_colour_anywhere_at_any_level():
    """§1.1 / §1.7: House 1, Market 2, Barracks 2, Temple 2, Garden 3 stars per visible plaza, wherever it is
    and at any level; plazas of one colour add up."""
    city = city_of({(0, 0): "H", (2, 0): ("H", 3), (4, 0): "M", (6, 0): "B", (8, 0): ("T", 2), (10, 0): "G",
                    (12, 0): "G"})
    sc = score(city)
    assert {k: v["stars"] for k, v in sc.items()} == {"house": 2, "market": 2, "barracks": 2, "temple": 2,
                                                      "garden": 6}


def test_covered_plaza_loses_its_stars():
    """§1.4: a covered plaza vanishes from scoring (built from real placements)."""
    from tests.games.akropolis.helpers import build

    city, _ = build((5, 1, -1, 1), (2, 0, 0, 1))  # tile 2 Mbq covers the start's House plaza
    assert score(city)["house"]["stars"] == 0
    assert score(city)["market"]["stars"] == 2


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_off_changes_nothing_on_a_plain_city(variant):
    """§1.8: a variant only doubles districts that meet its own condition; on a city where nothing meets a
    variant condition, switching it on changes nothing."""
    city = city_of({(0, 0): "h", (1, 0): "h", (0, 2): "H", (3, 0): "m", (5, 0): "M", (7, 0): "b", (7, 1): "B",
                    (9, 0): "g", (9, 1): "G", (11, 0): "t", (11, 1): "T"})
    # the barracks (7,0) has 5 empty neighbours, so only the barracks variant can change anything
    plain = score(city)
    on = score(city, **{variant: True})
    if variant == "variant_barracks":
        assert on["barracks"]["value"] == 2 * plain["barracks"]["value"]
        assert {k: v for k, v in on.items() if k != "barracks"} == {k: v for k, v in plain.items() if k != "barracks"}
    else:
        assert on == plain


def test_all_variants_together():
    """§1.8: any subset of variants may be on; each applies to its own colour."""
    cells = holed(3, q0_m1="g", q2_m2="G", q1_m2="t", qm2_0=("t", 1), qm1_m1="T")
    cells.update({(5, 0): "m", (6, 0): "M", (0, 5): "b", (0, 4): "B"})
    cells[(1, -2)] = ("t", 2)  # a surrounded temple on level 2
    city = city_of(cells)
    all_on = score(city, **{v: True for v in VARIANTS})
    assert all_on["garden"]["value"] == 2  # next to the hole (0,0)
    assert all_on["temple"]["value"] == 2 * 2 + 1  # (1,-2) level 2 doubled, (-2,0) level 1 not
    assert all_on["market"]["value"] == 2
    assert all_on["barracks"]["value"] == 2  # (0,5) on the tip: 5 empty neighbours


# -- dual hexes (§1.9, F6) ---------------------------------------------------------------------------

def test_dual_hex_halves_join_only_through_their_sides():
    """§1.9 side model: a dual "hm" hex at rot 0 shows its house half on N, NE, SE and its market half on
    S, SW, NW; each half is a district worth the hex's level."""
    city = city_of({(0, 0): ("hm", 2, 101, 0), (0, -1): "h", (0, -2): "h",  # N of the dual: joins the house half
                    (0, 1): "h",  # S of the dual: faces the market half, alone
                    (1, -1): "m",  # NE: faces the house half, so no market next to it
                    (5, 5): "H", (5, 7): "M"})
    sc = score(city)
    assert sc["house"] == {"value": 4, "stars": 1, "points": 4, "districts": 3, "doubled": 0}
    assert sc["market"] == {"value": 3, "stars": 2, "points": 6, "districts": 2, "doubled": 0}


def test_dual_hex_market_half_next_to_a_market_fails_both():
    """§1.9: a market facing the dual hex's market half is adjacent to it: both fail."""
    city = city_of({(0, 0): ("hm", 1, 101, 0), (-1, 0): "m", (5, 5): "M"})
    assert score(city)["market"]["value"] == 0
    turned = city_of({(0, 0): ("hm", 1, 101, 3), (-1, 0): "m", (5, 5): "M"})  # now NW shows the house half
    assert score(turned)["market"]["value"] == 2


def test_dual_hex_temple_half_surrounded_by_its_own_sides():
    """§1.9: a temple half is surrounded when its own three sides touch built cells; the garden half always
    scores; the barracks half is on the edge only through its own sides."""
    cells = {(0, 0): ("tg", 1, 101, 0), (0, -1): "q", (1, -1): "q", (1, 0): "q", (3, 3): "T", (5, 5): "G"}
    sc = score(city_of(cells))
    assert sc["temple"]["value"] == 1 and sc["garden"]["value"] == 1
    cells[(0, 0)] = ("tg", 1, 101, 3)  # the temple half now faces the empty S, SW, NW
    assert score(city_of(cells))["temple"]["value"] == 0
    b = {(0, 0): ("bt", 1, 101, 0), (0, -1): "q", (1, -1): "q", (1, 0): "q", (3, 3): "B"}
    assert score(city_of(b))["barracks"]["value"] == 0  # its sides face only built cells
    b[(0, 0)] = ("bt", 1, 101, 3)
    assert score(city_of(b))["barracks"]["value"] == 1


def test_two_halves_of_one_hex_are_not_adjacent():
    """§1.9: the two halves of one dual hex do not touch each other (here two house groups stay apart)."""
    city = city_of({(0, 0): ("hb", 1, 101, 0), (0, 1): "h", (3, 3): "H"})  # S faces the barracks half
    assert score(city)["house"]["value"] == 1


# -- totals, statue, result (§1.7, §1.9, F10) -------------------------------------------------------------

def test_score_seat_adds_stones_and_the_statue_multiplies_them():
    """§1.7: total = colours + stones; with all 4 Athena cards completed each stone is worth
    `statue_stone_value` (5 by default)."""
    cards = ["quarry_mine", "agora", "villa", "rampart"]
    s = scenario(2, options={"athena": True, "athena_cards": cards}, stones={0: 3}, completed={0: cards[:3]})
    assert score_seat(s, 0)["total"] == 3 and not score_seat(s, 0)["statue"]
    s = scenario(2, options={"athena": True, "athena_cards": cards}, stones={0: 3}, completed={0: cards})
    sc = score_seat(s, 0)
    assert (sc["statue"], sc["stone_value"], sc["stone_points"], sc["total"]) == (True, 5, 15, 15)
    s = scenario(2, options={"athena": True, "athena_cards": cards, "statue_stone_value": 3}, stones={0: 3},
                 completed={0: cards})
    assert score_seat(s, 0)["total"] == 9


def _three_seats(stones, houses=None):
    s = GAME.setup(3, 1)
    s.stones = list(stones)
    for seat, n in (houses or {}).items():
        s.cities[seat] = city_of({**{c: "h" for c in line((1, 1), 2, n)}, (0, 0): "H"})
    return s


def test_result_highest_total_wins():
    """§1.7: highest total wins; ranks follow the totals."""
    res = compute_result(_three_seats([1, 5, 2], houses={2: 3}))
    assert [sc["total"] for sc in res["scores"]] == [1, 5, 5]
    assert res["winners"] == [1] and res["tie_break"] == "stones"
    assert [sc["rank"] for sc in res["scores"]] == [3, 1, 2]
    res = compute_result(_three_seats([1, 2, 3]))
    assert res["winners"] == [2] and res["tie_break"] == "none" and res["ranking"] == [2, 1, 0]


def test_result_tie_on_total_and_stones_is_shared():
    """§1.7 / F10: tied totals with equal stones share the victory and the rank."""
    res = compute_result(_three_seats([4, 4, 1], houses={2: 3}))
    assert [sc["total"] for sc in res["scores"]] == [4, 4, 4]
    assert res["winners"] == [0, 1] and res["tie_break"] == "shared"
    assert [sc["rank"] for sc in res["scores"]] == [1, 1, 3]
