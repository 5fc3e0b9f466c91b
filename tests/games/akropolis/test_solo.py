"""The solo game against the Illustrious Architect (spec akropolis §1.10): setup, his choice of tile, the
human's payments, his score at each level with the variants, Athena solo, and the result.

Tiles used in the construction site: 1 "hbt", 3 "qhb", 7 "gqq", 8 "qbm" (no plaza); 2 "Mbq", 4 "Bhq",
5 "Bqq" (with a plaza).
"""

from __future__ import annotations

import random

import pytest

from cetate.games.akropolis.data import SMALL_TILES, TILES_BY_ID
from cetate.games.akropolis.rules import compute_result, score_architect
from cetate.games.akropolis.scoring import architect_score
from tests.games.akropolis.helpers import GAME, act, city_of, line, opts, scenario, types

HBT_WEST = {"type": "place", "q": -2, "r": 1, "rot": 0}  # the held tile on (-2,1), (-2,0), (-1,0)


def solo(site, *, human=1, architect=2, **kw):
    return scenario(1, site=site, stones={0: human}, architect={"stones": architect}, **kw)


def human_turn(s, site=0, place=None) -> list:
    ev = act(s, {"type": "take", "site": site})
    return ev + act(s, place or HBT_WEST)


# -- setup and turns ------------------------------------------------------------------------------------

def test_solo_setup():
    """§1.10: set up as for 2 players (2+ tiles, site of 4, 11 stacks of 3); the human has 1 stone and starts,
    the Architect has 2 stones and a starting tile of his own."""
    s = GAME.setup(1, 9)
    assert (len(s.site), len(s.stacks), {len(st) for st in s.stacks}) == (4, 11, {3})
    assert s.stones == [1] and s.arch_stones == 2 and s.arch_tiles == []
    assert (s.seat, s.chief, s.phase) == (0, 0, "take")
    assert score_architect(s)["colours"]["house"]["stars"] == 1  # his starting tile's House plaza
    assert score_architect(s)["quarries"]["count"] == 3


# -- the Architect's choice -----------------------------------------------------------------------------

def test_architect_takes_the_first_plaza_tile_he_can_pay_for():
    """§1.10: the lowest-position tile with a plaza if he can pay for it; he pays its position."""
    s = solo([1, 3, 2, 4])
    ev = human_turn(s)
    took = next(e for e in ev if e.type == "architect_took")
    assert took.data == {"tile": 2, "site": 1, "cost": 1}
    assert s.arch_tiles == [2] and s.arch_stones == 1 and s.site[:2] == [3, 4]
    assert (s.seat, s.phase, s.turn) == (0, "take", 12)  # his turn counted too
    assert types(ev)[-1] == "turn_started"


def test_architect_takes_position_zero_when_the_plaza_is_too_dear():
    """§1.10: if he cannot afford the first plaza tile he takes the tile at position 0, for free."""
    s = solo([1, 3, 7, 2], architect=1)
    human_turn(s)
    assert s.arch_tiles == [3] and s.arch_stones == 1


def test_architect_takes_a_free_plaza_tile():
    """§1.10: a plaza tile at position 0 costs nothing."""
    s = solo([1, 2, 3, 4], architect=0)
    human_turn(s)
    assert s.arch_tiles == [2] and s.arch_stones == 0


def test_architect_takes_position_zero_when_no_tile_has_a_plaza():
    """§1.10: with no plaza tile in the site he takes position 0."""
    s = solo([1, 3, 7, 8], architect=5)
    human_turn(s)
    assert s.arch_tiles == [3] and s.arch_stones == 5


def test_architect_spends_every_stone_on_a_plaza_tile():
    """§1.10: "if he can pay for it": a plaza tile costing exactly his stones is taken."""
    s = solo([1, 3, 7, 2], architect=2)
    human_turn(s)
    assert s.arch_tiles == [2] and s.arch_stones == 0  # position 2 after the human's take, cost 2


def test_human_payments_go_to_the_architect():
    """§1.10: stones the human pays for a tile go to the Architect, not to the supply."""
    s = solo([1, 3, 7, 8], human=2, architect=2)
    act(s, {"type": "take", "site": 2})
    assert s.stones == [0] and s.arch_stones == 4
    act(s, HBT_WEST)
    assert s.arch_tiles == [1]  # no plaza left in [1, 3, 8]: position 0


def test_solo_turns_alternate_and_refill():
    """§1.10 / §1.5: human and Architect alternate like two players; a refill follows when one tile is left."""
    s = solo([1, 3, 7, 8])
    stacks = len(s.stacks)
    human_turn(s)  # the human takes 1, the Architect 3: 7 and 8 are left
    assert s.site == [7, 8] and s.chief == 0
    refill = [8, *s.stacks[-1]]  # the leftover tile stays first, the new stack goes after it
    ev = act(s, {"type": "take", "site": 0})
    ev += act(s, {"type": "place", "q": 2, "r": -1, "rot": 0})  # one tile left: refill, then his turn
    kinds = types(ev)
    assert kinds.index("site_refilled_architect") < kinds.index("architect_took") < kinds.index("turn_started")
    assert len(s.stacks) == stacks - 1 and s.chief == 1 and len(refill) == 4
    plaza = [i for i, t in enumerate(refill) if any(c.isupper() for c in TILES_BY_ID[t].code)]
    pick = plaza[0] if plaza and plaza[0] <= 2 else 0  # he had 2 stones
    assert s.arch_tiles[-1] == refill[pick]
    assert s.site == [t for i, t in enumerate(refill) if i != pick]


def test_whole_solo_game_lasts_36_turns():
    """§1.2 / §1.10: 36 turns, 18 for the human and 18 for the Architect; the result names his level."""
    s = GAME.setup(1, 4, {"architect": "callicrates"})
    rnd = random.Random(4)
    human_turns = 0
    while not GAME.is_over(s):
        if s.phase == "take":
            human_turns += 1
        GAME.apply(s, GAME.random_action(s, rnd))
    assert s.turn == 36 and human_turns == 18 and len(s.arch_tiles) == 18
    assert len(s.cities[0].log) == 19 and len(s.site) == 1 and s.stacks == []
    res = GAME.result(s)
    assert res["architect"]["level"] == "callicrates" and "architect_won" in res


# -- the Architect's score --------------------------------------------------------------------------------

CODES = ["Hqqq", "Mbq", "hbt", "Bhq"]  # his start + three tiles: h 2, b 2, t 1; H 1★, M 2★, B 2★; 5 quarries


def arch(codes, level, **options):
    return architect_score(codes, level, opts(**options))


def total(parts) -> int:
    return sum(p["points"] for p in parts.values())


def test_architect_levels():
    """§1.10: districts x factor (1, or 2 for Callicrates) x his stars; Metagenes adds 2 points per quarry."""
    hip = arch(CODES, "hippodamos")
    assert hip["house"] == {"value": 2, "stars": 1, "points": 2, "districts": 2, "doubled": 0}
    assert hip["barracks"]["points"] == 4 and hip["temple"]["points"] == 0 and hip["market"]["points"] == 0
    assert hip["quarries"] == {"count": 5, "value": 0, "points": 0}
    assert total(hip) == 6
    met = arch(CODES, "metagenes")
    assert met["quarries"] == {"count": 5, "value": 2, "points": 10} and total(met) == 16
    cal = arch(CODES, "callicrates")
    assert cal["house"]["points"] == 4 and cal["barracks"]["points"] == 8 and total(cal) == 12


def test_architect_counts_no_placement_conditions():
    """§1.10: his districts have no conditions: adjacent markets and every temple count."""
    codes = ["Hqqq", "Mqq", "mqq", "qmb", "Tqq", "tqq"]
    parts = arch(codes, "hippodamos")
    assert parts["market"]["value"] == 2 and parts["temple"]["value"] == 1


def test_architect_variants():
    """§1.10 variants: houses doubled when his house value is 10+; temples only at Callicrates; barracks and
    gardens outright; markets doubled but at most 3 markets per Market plaza."""
    houses = ["Hqqq"] + ["qhh"] * 5  # 10 houses
    assert arch(houses, "hippodamos", variant_houses=True)["house"]["value"] == 20
    nine = [*houses[:-1], "hqq"]
    assert arch(nine, "hippodamos", variant_houses=True)["house"]["value"] == 9
    assert arch(nine, "callicrates", variant_houses=True)["house"]["value"] == 36  # 18, doubled
    temples = ["Hqqq", "Tqq", "tqq", "tqq", "tqq"]
    assert arch(temples, "hippodamos", variant_temples=True)["temple"]["value"] == 3
    assert arch(temples, "metagenes", variant_temples=True)["temple"]["value"] == 3
    assert arch(temples, "callicrates", variant_temples=True)["temple"]["value"] == 12
    bg = ["Hqqq", "Bqq", "bqq", "bqq", "Gqq", "gqq"]
    both = arch(bg, "hippodamos", variant_barracks=True, variant_gardens=True)
    assert both["barracks"]["value"] == 4 and both["garden"]["value"] == 2
    assert arch(bg, "hippodamos", variant_barracks=True)["garden"]["value"] == 1
    markets = ["Hqqq", "Mqq"] + ["mqq"] * 5
    one_plaza = arch(markets, "hippodamos", variant_markets=True)["market"]
    assert (one_plaza["value"], one_plaza["doubled"], one_plaza["points"]) == (8, 3, 16)
    assert arch(markets, "callicrates", variant_markets=True)["market"]["value"] == 16
    two_plazas = arch([*markets, "Mqq"], "hippodamos", variant_markets=True)["market"]
    assert (two_plazas["value"], two_plazas["doubled"], two_plazas["points"]) == (10, 5, 40)
    assert arch(markets, "hippodamos")["market"]["value"] == 5


def test_architect_dual_small_tile_counts_both_halves():
    """§1.10 Athena solo: a dual hex he holds counts one district of each half."""
    parts = arch(["Hqqq", "hm", "M"], "hippodamos")
    assert parts["house"]["districts"] == 1 and parts["market"]["districts"] == 1
    assert parts["market"]["stars"] == 2


# -- Athena solo ------------------------------------------------------------------------------------------

CARDS = ["quarry_mine", "parkland", "agora", "villa"]


@pytest.mark.parametrize(("first", "taken", "his"), [
    ([30, 11, 1, 12], 11, 30),  # a plaza first
    ([11, 1, 12, 2], 11, 1),  # then a dual hex
    ([11, 12, 13, 14], 11, 12),  # then a single district
    ([21, 22, 1, 11], 21, 22),
])
def test_architect_follows_a_completed_card(first, taken, his):
    """§1.10 Athena solo: when the human completes a card the Architect gets the same statue piece and a small
    tile from under it, plaza > dual hex > single district."""
    pool = [t for t in range(1, 31) if t not in first]
    under = [first, pool[0:4], pool[4:8], pool[8:12]]
    s = scenario(1, options={"athena": True, "athena_cards": CARDS}, under=under, site=[1], stones={0: 8})
    human_turn(s)
    ev = act(s, {"type": "athena", "card": "quarry_mine", "tile": taken})
    assert s.arch_cards == ["quarry_mine"] and s.arch_small == [his]
    assert sorted(s.under[0]) == sorted(set(first) - {taken, his})
    assert next(e for e in ev if e.type == "architect_card").data == {"card": "quarry_mine", "tile": his,
                                                                      "hex": SMALL_TILES[his], "pieces": 1}
    assert GAME.view(s, 0)["athena"]["cards"][0]["pieces_left"] == 0


def test_architect_statue_makes_his_stones_worth_five():
    """§1.10: with all four pieces his stones are worth 5 each."""
    s = scenario(1, options={"athena": True, "athena_cards": CARDS},
                 architect={"stones": 3, "completed": CARDS[:3]})
    assert score_architect(s)["stone_points"] == 3
    s = scenario(1, options={"athena": True, "athena_cards": CARDS}, architect={"stones": 3, "completed": CARDS})
    sc = score_architect(s)
    assert sc["statue"] and sc["stone_value"] == 5 and sc["stone_points"] == 15


# -- result -------------------------------------------------------------------------------------------------

def _final(human_stones, arch_stones, level="hippodamos", human_points=0):
    s = scenario(1, options={"architect": level}, stones={0: human_stones}, architect={"stones": arch_stones})
    if human_points:
        s.cities[0] = city_of({**{c: "h" for c in line((1, 1), 2, human_points)}, (0, 0): "H"})
    return s


def test_result_human_wins_with_a_higher_total():
    """§1.10: the human wins with a strictly higher score."""
    res = compute_result(_final(5, 3))
    assert res["winners"] == [0] and not res["architect_won"] and res["tie_break"] == "none"
    assert res["architect"]["total"] == 3 and res["architect"]["rank"] == 2 and res["scores"][0]["rank"] == 1


def test_result_architect_wins_with_a_higher_total():
    """§1.10: a higher Architect score beats the human; nobody is listed as winner."""
    res = compute_result(_final(2, 4))
    assert res["winners"] == [] and res["architect_won"] and res["scores"][0]["rank"] == 2
    assert res["ranking"] == [0]


def test_result_tie_on_total_goes_to_stones():
    """§1.10: on equal score the one with more stones wins (both ways)."""
    res = compute_result(_final(7, 1, level="metagenes"))  # he has 3 quarries: 6 + 1 = 7
    assert res["architect"]["total"] == res["scores"][0]["total"] == 7
    assert res["winners"] == [0] and not res["architect_won"] and res["tie_break"] == "stones"
    res = compute_result(_final(0, 1, level="metagenes", human_points=7))
    assert res["scores"][0]["total"] == 7
    assert res["winners"] == [] and res["architect_won"] and res["tie_break"] == "stones"


def test_result_full_tie_is_shared():
    """§1.7 F10: equal score and stones: the victory is shared."""
    res = compute_result(_final(3, 3))
    assert res["winners"] == [0] and res["architect_won"] and res["tie_break"] == "shared"
    assert res["scores"][0]["rank"] == res["architect"]["rank"] == 1
