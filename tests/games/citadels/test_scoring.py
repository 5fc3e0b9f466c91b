"""Scoring, the end of the game, tie-breaks, the round cap and a capped bank (spec §1.1 #2, §1.8-§1.10, §1.12)."""

from __future__ import annotations

import random

import pytest

from cetate.games.citadels.rules import compute_result, score_seat
from tests.games.citadels.scenario import GAME, scenario, types

# 16 points, four colours (no purple)
EIGHT = ["manor", "castle", "temple", "church", "tavern", "market", "watchtower", "prison"]
SEVEN = EIGHT[:7]  # 14 points, no purple
FIVE_COLOURS = ["keep", "manor", "temple", "tavern", "watchtower"]  # 3+3+1+1+1 = 9



def final(players=4, **kw):
    """A state mid-turn of the King (seat 0), used for compute_result."""
    return scenario(players, owners={"king": 0}, calling="king", acted=True, **kw)


# -- the four parts (spec §1.9) ------------------------------------------------------------------------

def test_district_scores_and_five_colours():
    s = final(cities={0: FIVE_COLOURS, 1: ["dragon_gate", "university", "palace"], 2: [], 3: ["keep", "manor"]})
    scores = compute_result(s)["scores"]
    assert scores[0] == {"seat": 0, "total": 12, "districts": 9, "all_colours": 3, "first_complete": 0,
                         "complete": 0, "extras": {}, "gold": 2, "rank": 2}
    assert scores[1]["districts"] == 21 and scores[1]["total"] == 21 and scores[1]["rank"] == 1
    assert scores[2]["total"] == 0 and scores[2]["rank"] == 4
    assert scores[3]["total"] == 6 and scores[3]["all_colours"] == 0


def test_first_complete_and_other_complete_cities():
    seven = ["palace", "harbor", "docks", "trading_post", "battlefield", "fortress", "watchtower"]
    s = final(cities={0: EIGHT, 1: [*EIGHT[:4], "harbor", "docks", "fortress", "battlefield"], 2: seven,
                      3: [*FIVE_COLOURS, "castle", "church", "market"]},
              extra={"first_complete": 1, "end_triggered": True})
    res = compute_result(s)
    by_seat = {sc["seat"]: (sc["districts"], sc["all_colours"], sc["first_complete"], sc["complete"], sc["total"])
               for sc in res["scores"]}
    assert by_seat == {
        0: (16, 0, 0, 2, 18),
        1: (3 + 4 + 1 + 2 + 4 + 3 + 5 + 3, 0, 4, 0, 29),
        2: (23, 0, 0, 0, 23),  # 7 districts: not complete
        3: (9 + 4 + 2 + 2, 3, 0, 2, 22),
    }
    assert res["winners"] == [1] and res["ranking"] == [1, 2, 3, 0] and res["tie_break"] == "none"
    assert not res["stalled"] and res["rounds"] == 2


def test_first_completer_keeps_four_even_if_the_city_is_smaller_at_the_end():
    # spec §3 #21 default: the +4 goes to the first to reach the size; +2 needs the city complete at the end
    s = final(cities={0: SEVEN, 1: SEVEN}, extra={"first_complete": 0, "end_triggered": True})
    scores = compute_result(s)["scores"]
    assert (scores[0]["first_complete"], scores[0]["complete"]) == (4, 0)
    assert (scores[1]["first_complete"], scores[1]["complete"]) == (0, 0)


def test_completion_size_seven():
    s = final(cities={0: SEVEN, 1: EIGHT, 2: SEVEN[:6]}, options={"completion_size": 7},
              extra={"first_complete": 1, "end_triggered": True})
    scores = compute_result(s)["scores"]
    assert [(sc["first_complete"], sc["complete"]) for sc in scores] == [(0, 2), (4, 0), (0, 0), (0, 0)]
    assert GAME.view(s, None)["players"][0]["complete"] is True
    assert GAME.view(s, None)["players"][2]["complete"] is False


def test_completion_size_seven_triggers_the_end_on_the_seventh_district():
    s = final(cities={0: SEVEN[:6]}, hands={0: ["prison"]}, gold={0: 2}, options={"completion_size": 7})
    ev = GAME.apply(s, {"type": "build", "card": "prison"})
    assert types(ev) == ["built", "city_completed"]
    assert ev[1].data == {"seat": 0, "first": True}
    assert s.first_complete == 0 and s.end_triggered


def test_scores_are_read_from_the_score_value():
    s = final(cities={0: ["university", "dragon_gate"]})
    assert score_seat(s, 0)["districts"] == 16


# -- the end of the game (spec §1.8) -------------------------------------------------------------------

def test_the_round_is_played_out_after_a_city_completes():
    s = scenario(owners={"king": 0, "bishop": 1, "warlord": 2}, calling="king", acted=True,
                 cities={0: SEVEN, 1: [*EIGHT[:4], "harbor", "docks", "fortress"]},
                 hands={0: ["prison"], 1: ["battlefield"]}, gold={0: 2, 1: 1}, round=5)
    ev = GAME.apply(s, {"type": "build", "card": "prison"})
    assert types(ev) == ["built", "city_completed"] and ev[1].data == {"seat": 0, "first": True}
    assert s.end_triggered and s.first_complete == 0
    assert s.phase == "turn" and GAME.to_move(s) == 0  # the game goes on
    ev = GAME.apply(s, {"type": "end_turn"})
    assert types(ev) == ["turn_ended", "character_revealed"]
    assert ev[1].data == {"character": "bishop", "seat": 1}
    GAME.apply(s, {"type": "take_gold"})
    ev = GAME.apply(s, {"type": "build", "card": "battlefield"})
    assert types(ev) == ["built", "city_completed"] and ev[1].data == {"seat": 1, "first": False}
    assert s.first_complete == 0
    ev = GAME.apply(s, {"type": "end_turn"})
    assert types(ev) == ["turn_ended", "character_absent", "character_absent", "character_revealed"]
    assert GAME.to_move(s) == 2 and s.roster[s.calling] == "warlord"
    GAME.apply(s, {"type": "take_gold"})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert types(ev) == ["turn_ended", "round_ended", "game_over"]
    assert s.phase == "over" and GAME.to_move(s) is None and s.round == 5
    res = GAME.result(s)
    assert [sc["total"] for sc in res["scores"]] == [16 + 4, 25 + 2, 0, 0]
    assert res["winners"] == [1] and res["rounds"] == 5 and res["stalled"] is False
    assert ev[2].data == {"winners": [1], "tie_break": "none", "totals": [20, 27, 0, 0], "stalled": False}
    assert GAME.legal_actions(s) == []


def test_no_new_round_after_the_end_is_triggered_even_by_an_early_character():
    s = scenario(owners={"assassin": 0, "merchant": 1}, calling="assassin", acted=True,
                 cities={0: SEVEN}, hands={0: ["prison"]}, gold={0: 2})
    GAME.apply(s, {"type": "build", "card": "prison"})
    GAME.apply(s, {"type": "end_turn"})
    assert s.phase == "turn" and s.roster[s.calling] == "merchant"  # the Merchant still plays
    GAME.apply(s, {"type": "take_gold"})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "round_started" not in types(ev) and s.phase == "over"


def test_cities_may_exceed_the_completion_size():
    s = scenario(owners={"architect": 0}, calling="architect", acted=True, cities={0: SEVEN},
                 hands={0: ["prison", "harbor", "fortress"]}, gold={0: 11})
    evs = []
    for card in ("prison", "harbor", "fortress"):
        evs += GAME.apply(s, {"type": "build", "card": card})
    assert types(evs).count("city_completed") == 1
    assert len(s.cities[0]) == 10 and s.builds_left == 0
    GAME.apply(s, {"type": "end_turn"})
    sc = GAME.result(s)["scores"][0]
    assert sc["districts"] == 14 + 2 + 4 + 5 and sc["first_complete"] == 4 and sc["total"] == 29


def test_two_player_city_grows_past_eight_with_the_second_character():
    s = scenario(2, owners={"king": 0, "warlord": 0, "bishop": 1}, calling="king", acted=True,
                 cities={0: SEVEN}, hands={0: ["prison", "fortress"]}, gold={0: 7})
    GAME.apply(s, {"type": "build", "card": "prison"})
    GAME.apply(s, {"type": "end_turn"})
    GAME.apply(s, {"type": "take_gold"})  # the Bishop (seat 1)
    GAME.apply(s, {"type": "end_turn"})
    assert s.roster[s.calling] == "warlord" and GAME.to_move(s) == 0
    GAME.apply(s, {"type": "take_gold"})
    ev = GAME.apply(s, {"type": "build", "card": "fortress"})
    assert types(ev) == ["built"]  # no second completion event
    GAME.apply(s, {"type": "end_turn"})
    assert len(s.cities[0]) == 9
    assert GAME.result(s)["scores"][0]["total"] == 14 + 2 + 5 + 4


# -- tie-breaks (spec §1.10) ---------------------------------------------------------------------------

def test_tie_break_none():
    res = compute_result(final(cities={0: ["palace"], 1: ["castle"]}))
    assert res["tie_break"] == "none" and res["winners"] == [0]
    assert [sc["rank"] for sc in res["scores"]] == [1, 2, 3, 3]


def test_tie_break_on_district_values():
    # seat 0: 9 district points + 3 bonus = 12; seat 1: 12 district points, no bonus
    s = final(cities={0: FIVE_COLOURS, 1: ["palace", "castle", "manor"]}, gold={0: 9, 1: 0})
    res = compute_result(s)
    assert [sc["total"] for sc in res["scores"]][:2] == [12, 12]
    assert res["winners"] == [1] and res["tie_break"] == "districts"
    assert res["ranking"][:2] == [1, 0]
    assert [sc["rank"] for sc in res["scores"]][:2] == [2, 1]


def test_tie_break_on_gold():
    s = final(cities={0: ["palace"], 1: ["cathedral"]}, gold={0: 1, 1: 3})
    res = compute_result(s)
    assert res["winners"] == [1] and res["tie_break"] == "gold"
    assert [sc["rank"] for sc in res["scores"]][:2] == [2, 1]


def test_tie_break_shared():
    s = final(cities={0: ["palace"], 1: ["cathedral"], 2: ["town_hall"]}, gold={0: 3, 1: 3, 2: 3, 3: 9})
    res = compute_result(s)
    assert res["winners"] == [0, 1, 2] and res["tie_break"] == "shared"
    assert [sc["rank"] for sc in res["scores"]] == [1, 1, 1, 4]


def test_tie_break_districts_among_the_top_total_only():
    # three seats at 12: two with 12 district points and equal gold, one with 9 (+3): shared between two
    s = final(cities={0: FIVE_COLOURS, 1: ["palace", "castle", "manor"], 2: ["cathedral", "castle", "manor"]},
              gold={0: 9, 1: 2, 2: 2})
    res = compute_result(s)
    assert res["winners"] == [1, 2] and res["tie_break"] == "shared"
    assert [sc["rank"] for sc in res["scores"]] == [3, 1, 1, 4]


def test_tie_break_gold_after_districts():
    s = final(cities={0: FIVE_COLOURS, 1: ["palace", "castle", "manor"], 2: ["cathedral", "castle", "manor"]},
              gold={0: 9, 1: 2, 2: 4})
    res = compute_result(s)
    assert res["winners"] == [2] and res["tie_break"] == "gold"
    assert res["ranking"] == [2, 1, 0, 3]


def test_tie_break_bonus_points_do_not_count_as_district_values():
    # equal totals: seat 0 has 16 + 2 (complete), seat 1 has 14 + 4 (first): districts decide for seat 0
    s = final(cities={0: EIGHT, 1: SEVEN}, extra={"first_complete": 1, "end_triggered": True})
    res = compute_result(s)
    assert [sc["total"] for sc in res["scores"]][:2] == [18, 18]
    assert res["winners"] == [0] and res["tie_break"] == "districts"


# -- the round cap (spec §1.8 stalled game, §1.12) ------------------------------------------------------

def test_round_cap_scores_a_stalled_game():
    s = scenario(owners={"warlord": 1}, calling="warlord", acted=True, cities={0: ["palace"], 1: ["castle"]},
                 round=3, options={"max_rounds": 3})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert types(ev) == ["turn_ended", "round_ended", "game_over"]
    assert ev[-1].data["stalled"] is True
    res = GAME.result(s)
    assert res["stalled"] is True and res["rounds"] == 3 and res["winners"] == [0]
    assert GAME.view(s, 0)["result"] == res


def test_round_cap_not_reached_starts_a_new_round():
    s = scenario(owners={"warlord": 1}, calling="warlord", acted=True, round=2, options={"max_rounds": 3})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert types(ev) == ["turn_ended", "round_ended", "round_started"]
    assert s.phase == "draft" and s.round == 3


def test_a_normal_end_in_the_capped_round_is_not_stalled():
    s = scenario(owners={"warlord": 1}, calling="warlord", acted=True, cities={1: SEVEN}, hands={1: ["prison"]},
                 round=3, options={"max_rounds": 3})
    GAME.apply(s, {"type": "build", "card": "prison"})
    GAME.apply(s, {"type": "end_turn"})
    assert GAME.result(s)["stalled"] is False


def test_max_rounds_one_from_setup():
    s = GAME.setup(3, 4, {"max_rounds": 1})
    while s.phase != "over":
        acts = GAME.legal_actions(s)
        act = next((a for a in acts if a["type"] in ("pick", "take_gold", "end_turn")), acts[0])
        GAME.apply(s, act)
    assert s.round == 1 and GAME.result(s)["stalled"] is True
    res = GAME.result(s)
    assert [sc["total"] for sc in res["scores"]] == [0, 0, 0]
    # all totals and district values are 0: gold decides (spec §1.10)
    richest = [i for i in range(3) if s.gold[i] == max(s.gold)]
    assert sorted(res["winners"]) == richest
    assert res["tie_break"] == ("gold" if len(richest) == 1 else "shared")


# -- bank limit (spec §1.1 #2, §1.12) ------------------------------------------------------------------

def test_capped_bank_at_setup_pays_what_it_holds():
    s = GAME.setup(4, 1, {"bank_limit": 5})
    assert s.gold == [2, 2, 1, 0] and s.bank == 0
    assert GAME.view(s, None)["bank"] == 0


def test_unlimited_bank_is_none():
    s = GAME.setup(4, 1)
    assert s.bank is None and s.gold == [2, 2, 2, 2]


def test_capped_bank_take_gold_income_and_merchant_bonus():
    s = scenario(owners={"merchant": 0}, calling="merchant", cities={0: ["tavern", "market"]},
                 gold={0: 0, 1: 7, 2: 7, 3: 7}, options={"bank_limit": 22})
    assert s.bank == 1
    ev = GAME.apply(s, {"type": "take_gold"})
    assert [(e.type, e.data["amount"]) for e in ev] == [("gold_taken", 1), ("bonus_gold", 0)]
    assert s.gold[0] == 1 and s.bank == 0
    ev = GAME.apply(s, {"type": "collect_income"})
    assert ev[0].data["amount"] == 0 and s.gold[0] == 1 and s.income_taken
    GAME.apply(s, {"type": "end_turn"})
    assert s.bank + sum(s.gold) == 22


def test_capped_bank_refills_from_building():
    s = scenario(owners={"king": 0}, calling="king", acted=True, hands={0: ["manor"]}, gold={0: 3},
                 cities={0: ["castle"]}, options={"bank_limit": 9})
    assert s.bank == 0
    GAME.apply(s, {"type": "build", "card": "manor"})
    assert s.bank == 3
    ev = GAME.apply(s, {"type": "collect_income"})
    assert ev[0].data["amount"] == 2 and s.bank == 1 and s.gold[0] == 2


@pytest.mark.parametrize("players", [2, 4, 7])
def test_capped_bank_conserves_gold_in_random_games(players):
    limit = 2 * players + 2  # a tight bank: it runs dry during play
    dry = 0
    for seed in range(3):
        s = GAME.setup(players, seed, {"bank_limit": limit, "max_rounds": 12})
        rnd = random.Random(seed)
        steps = 0
        end_round = None
        while s.phase != "over":
            assert s.bank >= 0 and min(s.gold) >= 0
            assert s.bank + sum(s.gold) == limit
            dry += s.bank == 0
            if s.end_triggered and end_round is None:
                end_round = s.round
            acts = GAME.legal_actions(s)
            builds = [a for a in acts if a["type"] == "build"]
            act = builds[0] if builds else rnd.choice(acts)
            GAME.apply(s, act)
            steps += 1
            assert steps < 5000
        assert s.bank + sum(s.gold) == limit
        res = GAME.result(s)
        assert sorted(res["ranking"]) == list(range(players))
        assert [sc["gold"] for sc in res["scores"]] == s.gold
        # spec §1.8: the game ends after the round in which the first city completed
        if s.end_triggered:
            assert end_round in (None, s.round) and not res["stalled"]
            assert len(s.cities[s.first_complete]) >= 8
        else:
            assert res["stalled"] and s.round == 12
    assert dry > 0
