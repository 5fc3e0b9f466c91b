"""Scenario tests for the 14 Dark City purple districts (spec citadels §2.3) and every numbered interaction
of §2.5, with the deck options of §1.11, the end of the game (§1.8, §3 #21) and the scoring extras (§1.9).

Each test builds an explicit state with `scenario(...)` and asserts exact outcomes. The Dark City districts
a test places must be in the game's deck, so the options always name them (`dark_city_districts`).
"""

from __future__ import annotations

import json
from collections import Counter

import pytest

from cetate.core.errors import IllegalAction, InvalidOptions, InvalidState
from cetate.games.citadels.data import (
    BASE_PURPLES,
    DARK_CITY_DISTRICTS,
    DISTRICT_IDS,
    DISTRICT_INDEX,
    DISTRICTS,
)
from cetate.games.citadels.rules import (
    build_cost,
    completion_size,
    compute_result,
    destroy_price,
    exchange_cost,
    is_complete,
    score_seat,
)
from tests.games.citadels.scenario import GAME, scenario, snapshot, types

CLASSIC = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]
DARK = {"witch": 1, "tax_collector": 2, "wizard": 3, "emperor": 4, "abbot": 5, "alchemist": 6,
        "navigator": 7, "diplomat": 8}


def roster(*dark: str) -> list[str]:
    """The classic characters with the named Dark City ones in their ranks (artist/queen added as rank 9)."""
    out = CLASSIC[:]
    for cid in dark:
        if cid in ("artist", "queen"):
            out.append(cid)
        else:
            out[DARK[cid] - 1] = cid
    return out


def dc(*districts: str, **options) -> dict:
    """Options with these Dark City districts in the deck (up to 3 are simply added)."""
    return {"dark_city_districts": list(districts), **options}


def ids(cards: list[int]) -> list[str]:
    return [DISTRICT_IDS[c] for c in cards]


def idx(name: str) -> int:
    return DISTRICT_INDEX[name]



def first(events, etype: str):
    return next(e for e in events if e.type == etype)


def acts_of(s, atype: str) -> list[dict]:
    return [a for a in GAME.legal_actions(s) if a["type"] == atype]


def illegal(s, action: dict, code: str) -> None:
    before = snapshot(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, action)
    assert exc.value.code == code
    assert snapshot(s) == before  # an illegal action changes nothing


def valid(s) -> None:
    """The state still loads: cards and (capped) gold are conserved."""
    assert GAME.from_json(GAME.to_json(s)) == s


SEVEN = ["manor", "castle", "temple", "church", "tavern", "market", "watchtower"]  # 14 points
EIGHT = [*SEVEN, "prison"]  # 16 points


# -- Lighthouse (spec §2.3, §2.5 #20) -------------------------------------------------------------------

def test_lighthouse_build_lets_the_owner_take_any_deck_card_then_the_deck_is_shuffled():
    s = scenario(owners={"king": 0}, calling="king", acted=True, hands={0: ["lighthouse"]}, gold={0: 3},
                 options=dc("lighthouse"))
    ev = GAME.apply(s, {"type": "build", "card": "lighthouse"})
    assert types(ev) == ["built"]
    assert first(ev, "built").data == {"seat": 0, "card": "lighthouse", "cost": 3}
    assert s.phase == "lighthouse" and GAME.to_move(s) == 0
    assert GAME.legal_actions(s) == [{"type": "lighthouse_take", "card": DISTRICT_IDS[c]} for c in sorted(set(s.deck))]
    # the owner looks through the deck (its contents, never its order); nobody else does
    assert [c["id"] for c in GAME.view(s, 0)["you"]["deck_cards"]] == ids(sorted(s.deck))
    assert "deck_cards" not in GAME.view(s, 1)["you"]
    assert "you" not in GAME.view(s, None)
    illegal(s, {"type": "end_turn"}, "wrong_phase")
    illegal(s, {"type": "lighthouse_take", "card": "lighthouse"}, "card_not_in_deck")
    plain = s.deck[:]
    plain.remove(idx("fortress"))
    rng = s.rng.state
    ev = GAME.apply(s, {"type": "lighthouse_take", "card": "fortress"})
    assert ids(s.hands[0]) == ["fortress"]
    assert Counter(s.deck) == Counter(plain)
    assert s.deck != plain and s.rng.state != rng  # shuffled afterwards
    e = first(ev, "lighthouse_used")
    assert e.data == {"seat": 0} and e.secret == {"card": "fortress"} and e.seats == (0,)
    assert "card" not in e.view(1) and e.view(0)["card"] == "fortress"
    assert s.phase == "turn" and GAME.to_move(s) == 0 and s.builds_left == 0
    assert {"type": "end_turn"} in GAME.legal_actions(s)
    valid(s)


def test_lighthouse_built_by_the_wizard_also_triggers():
    s = scenario(owners={"wizard": 0}, calling="wizard", acted=True, hands={1: ["lighthouse", "manor"]},
                 gold={0: 3}, options=dc("lighthouse", characters=roster("wizard")))
    GAME.apply(s, {"type": "wizard", "target": 1})
    ev = GAME.apply(s, {"type": "wizard_build", "card": "lighthouse"})
    assert first(ev, "built").data == {"seat": 0, "card": "lighthouse", "cost": 3, "from": 1}
    assert s.phase == "lighthouse" and GAME.to_move(s) == 0
    GAME.apply(s, {"type": "lighthouse_take", "card": "palace"})
    assert ids(s.hands[0]) == ["palace"] and ids(s.hands[1]) == ["manor"]
    assert s.phase == "turn" and s.builds_left == 1  # the Wizard's build is outside the build limit
    valid(s)


def diplomat_takes_lighthouse(**options):
    s = scenario(owners={"diplomat": 0}, calling="diplomat", acted=True, cities={0: ["manor"], 1: ["lighthouse"]},
                 gold={0: 0}, options=dc("lighthouse", characters=roster("diplomat"), **options))
    ev = GAME.apply(s, {"type": "exchange", "give": "manor", "target": 1, "take": "lighthouse"})
    assert first(ev, "exchanged").data == {"seat": 0, "target": 1, "give": "manor", "take": "lighthouse", "paid": 0}
    assert ids(s.cities[0]) == ["lighthouse"] and ids(s.cities[1]) == ["manor"]
    return s, ev


def test_lighthouse_received_by_a_diplomat_exchange_does_not_trigger():
    s, ev = diplomat_takes_lighthouse()
    assert "lighthouse_used" not in types(ev)
    assert types(ev)[1:3] == ["turn_ended", "round_ended"]  # his turn ended (rank 8 is last)
    assert s.phase == "draft" and s.round == 3


def test_lighthouse_on_exchange_option_triggers_then_the_diplomats_turn_ends():
    s, ev = diplomat_takes_lighthouse(lighthouse_on_exchange=True)
    assert "turn_ended" not in types(ev)
    assert s.phase == "lighthouse" and GAME.to_move(s) == 0 and s.resume == "end_turn"
    valid(s)
    ev = GAME.apply(s, {"type": "lighthouse_take", "card": "cathedral"})
    assert ids(s.hands[0]) == ["cathedral"]
    assert types(ev)[:3] == ["lighthouse_used", "turn_ended", "round_ended"]
    assert s.phase == "draft"


def test_lighthouse_on_an_empty_deck_has_nothing_to_take():
    s = scenario(owners={"king": 0}, calling="king", acted=True, hands={0: ["lighthouse"]}, gold={0: 3},
                 options=dc("lighthouse"))
    s.hands[1], s.deck = s.deck, []
    valid(s)
    GAME.apply(s, {"type": "build", "card": "lighthouse"})
    assert s.phase == "turn" and ids(s.cities[0]) == ["lighthouse"]


# -- Armory (spec §2.3, §2.5 #4, #6, #22; §1.8) ---------------------------------------------------------

def test_armory_destroys_itself_and_another_players_district_for_free():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["armory", "manor"], 1: ["castle", "keep"]},
                 gold={0: 0}, options=dc("armory"))
    assert acts_of(s, "armory") == [{"type": "armory", "target": 1, "card": "castle"},
                                    {"type": "armory", "target": 1, "card": "keep"}]  # never its own city
    illegal(s, {"type": "armory", "target": 0, "card": "manor"}, "bad_target")
    illegal(s, {"type": "armory", "target": 2, "card": "castle"}, "card_not_in_city")
    size = len(s.deck)
    ev = GAME.apply(s, {"type": "armory", "target": 1, "card": "castle"})
    assert first(ev, "armory_used").data == {"seat": 0, "target": 1, "card": "castle"}
    assert ids(s.cities[0]) == ["manor"] and ids(s.cities[1]) == ["keep"]
    assert s.gold[0] == 0  # free
    assert ids(s.deck[:2]) == ["armory", "castle"] and len(s.deck) == size + 2  # both to the deck bottom
    assert acts_of(s, "armory") == []
    illegal(s, {"type": "armory", "target": 1, "card": "keep"}, "no_district")
    assert s.phase == "turn" and GAME.to_move(s) == 0  # the turn goes on
    valid(s)


def test_armory_may_be_used_before_the_action():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["armory"], 1: ["castle"]}, options=dc("armory"))
    GAME.apply(s, {"type": "armory", "target": 1, "card": "castle"})
    assert s.cities[1] == [] and not s.acted


def test_armory_destroys_the_keep_in_a_living_bishops_completed_city_and_the_game_still_ends():
    city1 = ["keep", *SEVEN]  # 8 districts: complete, first to complete
    s = scenario(owners={"warlord": 0, "bishop": 1}, calling="warlord", acted=True, revealed=["bishop", "warlord"],
                 cities={0: ["armory"], 1: city1}, gold={0: 9}, options=dc("armory"),
                 extra={"first_complete": 1, "end_triggered": True})
    assert is_complete(s, 1)
    assert [a for a in acts_of(s, "destroy") if a["target"] == 1] == []  # the Warlord cannot
    armory = acts_of(s, "armory")
    assert {"type": "armory", "target": 1, "card": "keep"} in armory and len(armory) == 8
    GAME.apply(s, {"type": "armory", "target": 1, "card": "keep"})
    assert ids(s.cities[1]) == SEVEN and not is_complete(s, 1)
    assert s.end_triggered and s.first_complete == 1  # the end stays triggered
    assert s.gold[0] == 9
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "game_over" in types(ev)
    sc = s.result["scores"][1]
    assert (sc["districts"], sc["first_complete"], sc["complete"], sc["total"]) == (14, 4, 0, 18)


def test_armory_shrunk_first_completer_loses_the_bonus_with_first_bonus_requires_complete():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={0: ["armory"], 1: EIGHT},
                 options=dc("armory", first_bonus_requires_complete=True),
                 extra={"first_complete": 1, "end_triggered": True})
    GAME.apply(s, {"type": "armory", "target": 1, "card": "prison"})
    GAME.apply(s, {"type": "end_turn"})
    sc = s.result["scores"][1]
    assert (sc["first_complete"], sc["complete"], sc["total"]) == (0, 0, 14)


def test_armory_does_not_trigger_the_graveyard():
    s = scenario(owners={"king": 0}, calling="king", acted=True,
                 cities={0: ["armory"], 1: ["castle"], 2: ["graveyard"]}, gold={2: 5}, options=dc("armory"))
    ev = GAME.apply(s, {"type": "armory", "target": 1, "card": "castle"})
    assert "graveyard_offer" not in types(ev)
    assert s.phase == "turn" and s.graveyard is None
    assert s.hands[2] == [] and s.gold[2] == 5
    assert ids(s.deck[:2]) == ["armory", "castle"]


def test_armory_on_a_beautified_district_returns_its_gold_to_the_bank():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["armory"], 1: ["castle", "manor"]},
                 beautified={1: ["castle"]}, options=dc("armory", bank_limit=30))
    bank = s.bank
    GAME.apply(s, {"type": "armory", "target": 1, "card": "castle"})
    assert s.beautified[1] == [] and s.bank == bank + 1
    assert s.bank + sum(s.gold) + sum(len(b) for b in s.beautified) == 30
    valid(s)


def test_armory_of_a_beautified_armory_returns_that_gold_too():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["armory"], 1: ["castle"]},
                 beautified={0: ["armory"]}, options=dc("armory", bank_limit=30))
    bank = s.bank
    GAME.apply(s, {"type": "armory", "target": 1, "card": "castle"})
    assert s.beautified[0] == [] and s.bank == bank + 1
    valid(s)


def test_armory_is_not_available_to_a_bewitched_players_action_only_turn():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["armory"], 1: ["castle"]}, options=dc("armory"),
                 dark_city={"mode": "action_only"})
    assert GAME.legal_actions(s) == [{"type": "take_gold"}, {"type": "draw_cards"}]
    illegal(s, {"type": "armory", "target": 1, "card": "castle"}, "action_only")


# -- Museum (spec §2.3, §2.5 #21) -------------------------------------------------------------------------

def test_museum_stores_one_card_per_turn():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["museum"]}, hands={0: ["manor", "castle"]},
                 options=dc("museum"))
    assert acts_of(s, "museum") == [{"type": "museum", "card": "manor"}, {"type": "museum", "card": "castle"}]
    ev = GAME.apply(s, {"type": "museum", "card": "castle"})  # before the action too
    e = first(ev, "museum_stored")
    assert e.data == {"seat": 0, "count": 1} and e.secret == {"card": "castle"} and e.seats == (0,)
    assert ids(s.hands[0]) == ["manor"] and ids(s.museum[0]) == ["castle"]
    assert acts_of(s, "museum") == []
    illegal(s, {"type": "museum", "card": "manor"}, "district_used")
    valid(s)


def test_museum_needs_the_district_and_the_card():
    s = scenario(owners={"king": 0}, calling="king", hands={0: ["manor"]}, options=dc("museum"))
    illegal(s, {"type": "museum", "card": "manor"}, "no_district")
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["museum"]}, hands={0: ["manor"]},
                 options=dc("museum"))
    illegal(s, {"type": "museum", "card": "castle"}, "card_not_in_hand")


def test_museum_is_available_again_on_the_next_turn():
    s = scenario(2, owners={"king": 0, "warlord": 0}, calling="king", acted=True, cities={0: ["museum"]},
                 hands={0: ["manor", "castle"]}, museum={0: ["palace"]}, options=dc("museum"))
    GAME.apply(s, {"type": "museum", "card": "manor"})
    GAME.apply(s, {"type": "end_turn"})
    assert s.roster[s.calling] == "warlord" and not s.museum_used
    GAME.apply(s, {"type": "museum", "card": "castle"})
    assert ids(s.museum[0]) == ["palace", "manor", "castle"] and s.hands[0] == []


def test_museum_cards_score_one_point_each():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["museum", "manor"]},
                 museum={0: ["palace", "temple", "keep"]}, options=dc("museum"))
    sc = score_seat(s, 0)
    assert sc["districts"] == 4 + 3 and sc["extras"] == {"museum": 3} and sc["total"] == 10


def test_museum_cards_are_hidden_from_other_seats():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["museum"]}, museum={0: ["cathedral", "palace"]},
                 options=dc("museum"))
    mine = GAME.view(s, 0)
    assert mine["you"]["museum"] == ["palace", "cathedral"]
    assert mine["players"][0]["city"] == [{"id": "museum", "colour": "purple", "cost": 4, "score": 4, "stored": 2}]
    for seat in (1, 2, 3, None):
        v = GAME.view(s, seat)
        assert v["players"][0]["city"][0]["stored"] == 2
        text = json.dumps(v)
        assert "cathedral" not in text and "palace" not in text
        if seat is not None:
            assert v["you"]["museum"] == []


def test_museum_destroyed_by_the_warlord_discards_its_cards():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={1: ["museum", "manor"]},
                 museum={1: ["palace", "temple"]}, gold={0: 3}, options=dc("museum"))
    size = len(s.deck)
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "museum"})
    assert first(ev, "museum_lost").data == {"seat": 1, "count": 2}
    assert s.museum[1] == [] and ids(s.cities[1]) == ["manor"]
    assert Counter(ids(s.deck[:3])) == Counter(["museum", "palace", "temple"]) and len(s.deck) == size + 3
    assert s.phase == "draft"  # the Warlord's turn ended
    valid(s)


def test_museum_saved_by_the_graveyard_still_loses_its_cards():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True,
                 cities={1: ["museum", "graveyard"]}, museum={1: ["palace"]}, gold={0: 3, 1: 1}, options=dc("museum"))
    GAME.apply(s, {"type": "destroy", "target": 1, "card": "museum"})
    assert s.phase == "graveyard" and s.museum[1] == []
    GAME.apply(s, {"type": "graveyard_take"})
    assert ids(s.hands[1]) == ["museum"] and s.museum[1] == [] and s.deck[0] == idx("palace")
    valid(s)


def test_museum_destroyed_by_the_armory_discards_its_cards():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["armory"], 1: ["museum"]},
                 museum={1: ["palace"]}, options=dc("museum", "armory"))
    ev = GAME.apply(s, {"type": "armory", "target": 1, "card": "museum"})
    assert first(ev, "museum_lost").data == {"seat": 1, "count": 1}
    assert s.museum[1] == [] and Counter(ids(s.deck[:3])) == Counter(["armory", "museum", "palace"])
    valid(s)


def test_museum_taken_by_the_diplomat_keeps_its_cards():
    s = scenario(owners={"diplomat": 0}, calling="diplomat", acted=True, cities={0: ["castle"], 1: ["museum"]},
                 museum={1: ["palace", "temple"]}, gold={0: 0}, options=dc("museum", characters=roster("diplomat")))
    GAME.apply(s, {"type": "exchange", "give": "castle", "target": 1, "take": "museum"})
    assert ids(s.museum[0]) == ["palace", "temple"] and s.museum[1] == []
    assert score_seat(s, 0)["extras"] == {"museum": 2}
    valid(s)


# -- Imperial Treasury, Map Room, Wishing Well (spec §2.3, §1.9 #5, §2.5 #23) ----------------------------

def test_imperial_treasury_counts_the_purse_not_gold_on_beautified_districts():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["imperial_treasury", "manor"]}, gold={0: 5},
                 beautified={0: ["manor", "imperial_treasury"]}, options=dc("imperial_treasury", bank_limit=40))
    sc = score_seat(s, 0)
    assert sc["districts"] == 4 + 3 + 2 and sc["extras"] == {"imperial_treasury": 5} and sc["total"] == 14
    s.gold[0] = 0
    assert score_seat(s, 0)["extras"] == {"imperial_treasury": 0}


def test_map_room_counts_the_cards_in_hand():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["map_room"]}, hands={0: ["manor", "manor", "keep"]},
                 options=dc("map_room"))
    sc = score_seat(s, 0)
    assert sc["extras"] == {"map_room": 3} and sc["total"] == 5 + 3


def test_wishing_well_counts_the_other_purple_districts():
    s = scenario(owners={"king": 0}, calling="king",
                 cities={0: ["wishing_well", "keep", "school_of_magic", "haunted_city", "manor"]},
                 options=dc("wishing_well"))
    sc = score_seat(s, 0)
    assert sc["extras"] == {"wishing_well": 3} and sc["districts"] == 5 + 3 + 6 + 2 + 3
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["wishing_well", "manor"]},
                 options=dc("wishing_well"))
    assert score_seat(s, 0)["extras"] == {"wishing_well": 0}


def test_wishing_well_counts_a_quarry_duplicate():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["wishing_well", "quarry", "keep", "keep"]},
                 options=dc("wishing_well", "quarry"))
    assert score_seat(s, 0)["extras"] == {"wishing_well": 3}


def test_scoring_extras_reach_the_result():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True,
                 cities={0: ["imperial_treasury", "map_room", "museum"], 1: ["wishing_well", "keep"]},
                 hands={0: ["manor", "castle"]}, museum={0: ["temple"]}, gold={0: 7, 1: 0},
                 options=dc("imperial_treasury", "map_room", "museum", "wishing_well"),
                 extra={"end_triggered": True, "first_complete": 2})
    ev = GAME.apply(s, {"type": "end_turn"})
    over = first(ev, "game_over")
    scores = s.result["scores"]
    assert scores[0]["extras"] == {"imperial_treasury": 7, "map_room": 2, "museum": 1}
    assert scores[0]["districts"] == 4 + 5 + 4 and scores[0]["total"] == 13 + 10
    assert scores[1]["extras"] == {"wishing_well": 1} and scores[1]["total"] == 5 + 3 + 1
    assert scores[2]["extras"] == {} and scores[2]["total"] == 4  # first, with an empty city (hand-made)
    assert over.data["totals"] == [23, 9, 4, 0]
    assert s.result["winners"] == [0]


def test_extras_do_not_count_as_district_values_for_the_tie_break():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["map_room"], 1: ["palace", "temple"]},
                 hands={0: ["manor"]}, options=dc("map_room"))
    res = compute_result(s)
    assert [sc["total"] for sc in res["scores"][:2]] == [6, 6]
    assert res["winners"] == [1] and res["tie_break"] == "districts"


# -- Quarry (spec §2.3, §2.5 #18) -------------------------------------------------------------------------

def test_quarry_allows_one_duplicate_at_a_time():
    s = scenario(2, owners={"king": 0, "warlord": 0}, calling="king", acted=True,
                 cities={0: ["quarry", "manor", "castle"]}, hands={0: ["manor", "castle"]}, gold={0: 9},
                 options=dc("quarry"))
    assert acts_of(s, "build") == [{"type": "build", "card": "manor"}, {"type": "build", "card": "castle"}]
    GAME.apply(s, {"type": "build", "card": "manor"})
    assert ids(s.cities[0]) == ["quarry", "manor", "castle", "manor"]
    GAME.apply(s, {"type": "end_turn"})
    GAME.apply(s, {"type": "take_gold"})  # the Warlord's turn, same player
    assert acts_of(s, "build") == []
    illegal(s, {"type": "build", "card": "castle"}, "duplicate_district")


def test_quarry_allows_a_new_duplicate_once_the_first_is_destroyed():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True,
                 cities={0: ["quarry", "manor", "manor", "castle"]}, hands={0: ["castle"]}, gold={0: 9},
                 options=dc("quarry", warlord_timing="any_time"))
    illegal(s, {"type": "build", "card": "castle"}, "duplicate_district")
    GAME.apply(s, {"type": "destroy", "target": 0, "card": "manor"})
    GAME.apply(s, {"type": "build", "card": "castle"})
    assert ids(s.cities[0]) == ["quarry", "manor", "castle", "castle"]


def test_without_quarry_no_duplicate():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["manor"]}, hands={0: ["manor"]},
                 options=dc("quarry"))
    illegal(s, {"type": "build", "card": "manor"}, "duplicate_district")


def wizard_quarry_state(**options):
    return scenario(owners={"wizard": 0}, calling="wizard", acted=True, cities={0: ["quarry", "manor", "temple"]},
                    hands={0: ["temple"], 1: ["manor"]}, gold={0: 9},
                    options=dc("quarry", characters=roster("wizard"), **options))


def test_quarry_duplicate_then_wizard_duplicate():
    # spec §2.5 #18: the Quarry's one-duplicate limit applies only to Quarry builds
    s = wizard_quarry_state()
    GAME.apply(s, {"type": "build", "card": "temple"})
    GAME.apply(s, {"type": "wizard", "target": 1})
    GAME.apply(s, {"type": "wizard_build", "card": "manor"})
    assert Counter(ids(s.cities[0])) == Counter({"quarry": 1, "manor": 2, "temple": 2})


def test_wizard_duplicate_then_quarry_duplicate():
    # the same two duplicates built in the other order: the Wizard's does not use up the Quarry's allowance
    s = wizard_quarry_state()
    GAME.apply(s, {"type": "wizard", "target": 1})
    GAME.apply(s, {"type": "wizard_build", "card": "manor"})
    assert {"type": "build", "card": "temple"} in GAME.legal_actions(s)
    GAME.apply(s, {"type": "build", "card": "temple"})
    assert Counter(ids(s.cities[0])) == Counter({"quarry": 1, "manor": 2, "temple": 2})
    valid(s)


def test_wizard_duplicate_does_not_use_up_the_quarry_in_a_later_turn():
    s = scenario(2, owners={"wizard": 0, "king": 0}, calling="wizard", acted=True,
                 cities={0: ["quarry", "manor"]}, hands={0: ["temple"], 1: ["manor"]}, gold={0: 9},
                 options=dc("quarry", characters=roster("wizard")))
    GAME.apply(s, {"type": "wizard", "target": 1})
    GAME.apply(s, {"type": "wizard_build", "card": "manor"})
    GAME.apply(s, {"type": "build", "card": "temple"})
    GAME.apply(s, {"type": "end_turn"})
    s = GAME.from_json(GAME.to_json(s))  # what the Quarry needs survives a save
    assert s.roster[s.calling] == "king"
    GAME.apply(s, {"type": "take_gold"})
    s.hands[0].append(s.deck.pop(s.deck.index(idx("temple"))))
    GAME.apply(s, {"type": "build", "card": "temple"})  # the Quarry's one duplicate
    assert Counter(ids(s.cities[0])) == Counter({"quarry": 1, "manor": 2, "temple": 2})


def test_wizard_duplicate_is_recorded_and_forgotten_when_destroyed():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True,
                 cities={0: ["quarry", "manor", "manor", "temple"]}, hands={0: ["temple"]}, gold={0: 9},
                 options=dc("quarry", warlord_timing="any_time"), dark_city={"wizard_copies": [["manor"], [], [], []]})
    assert ids(s.wizard_copies[0]) == ["manor"]
    assert GAME.to_json(s)["dark_city"]["wizard_copies"] == [["manor"], [], [], []]
    assert {"type": "build", "card": "temple"} in GAME.legal_actions(s)  # the Quarry's duplicate is still free
    GAME.apply(s, {"type": "destroy", "target": 0, "card": "manor"})
    assert s.wizard_copies[0] == [] and "wizard_copies" not in GAME.to_json(s)["dark_city"]
    GAME.apply(s, {"type": "build", "card": "temple"})
    assert ids(s.cities[0]) == ["quarry", "manor", "temple", "temple"]
    valid(s)


def test_wizard_copies_must_be_extra_copies_in_the_city():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["quarry", "manor"]}, options=dc("quarry"))
    doc = GAME.to_json(s)
    doc["dark_city"]["wizard_copies"] = [["manor"], [], [], []]
    with pytest.raises(InvalidState) as exc:
        GAME.from_json(doc)
    assert exc.value.code == "bad_state" and exc.value.params["field"] == "dark_city.wizard_copies[0]"


# -- Poor House (spec §2.3, §2.5 #23) ---------------------------------------------------------------------

def test_poor_house_gives_one_gold_when_the_purse_is_empty_at_the_end_of_the_turn():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["poor_house"]}, hands={0: ["manor"]},
                 gold={0: 3}, options=dc("poor_house"))
    GAME.apply(s, {"type": "build", "card": "manor"})
    assert s.gold[0] == 0
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "poor_house").data == {"seat": 0, "amount": 1}
    assert types(ev).index("poor_house") < types(ev).index("turn_ended")
    assert s.gold[0] == 1


def test_poor_house_gives_nothing_to_a_player_with_gold():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["poor_house"]}, gold={0: 1},
                 options=dc("poor_house"))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "poor_house" not in types(ev) and s.gold[0] == 1


def test_poor_house_ignores_gold_on_beautified_districts():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["poor_house", "manor"]},
                 beautified={0: ["manor", "poor_house"]}, gold={0: 0}, options=dc("poor_house", bank_limit=30))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "poor_house").data == {"seat": 0, "amount": 1}
    assert s.gold[0] == 1 and s.bank + sum(s.gold) + 2 == 30


def test_poor_house_with_an_empty_bank_pays_nothing():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["poor_house"]},
                 gold={0: 0, 1: 4, 2: 3, 3: 3}, options=dc("poor_house", bank_limit=10))
    assert s.bank == 0
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "poor_house").data == {"seat": 0, "amount": 0} and s.gold[0] == 0


# -- Bell Tower (spec §2.3, §1.8, §2.5 #9-12, §3 #21) -----------------------------------------------------

def bell_tower_state(city0=(), hand0=("bell_tower",), **kw):
    options = dc("bell_tower", **kw.pop("options", {}))
    owners = kw.pop("owners", {"architect": 0})
    calling = kw.pop("calling", "architect")
    return scenario(owners=owners, calling=calling, acted=True, cities={0: list(city0), **kw.pop("cities", {})},
                    hands={0: list(hand0)}, gold={0: 20}, options=options, **kw)


def test_bell_tower_build_offers_an_optional_announcement():
    s = bell_tower_state()
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    assert s.phase == "bell_tower" and GAME.to_move(s) == 0
    assert GAME.legal_actions(s) == [{"type": "announce_bell_tower"}, {"type": "decline_bell_tower"}]
    illegal(s, {"type": "end_turn"}, "wrong_phase")
    valid(s)
    ev = GAME.apply(s, {"type": "decline_bell_tower"})
    assert ev == [] and s.phase == "turn" and not s.bell_tower
    assert completion_size(s) == 8 and GAME.view(s, 1)["completion_size"] == 8


def test_bell_tower_announcement_sets_the_completion_size_to_seven():
    s = bell_tower_state(city0=["manor"])
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    ev = GAME.apply(s, {"type": "announce_bell_tower"})
    assert types(ev) == ["bell_tower_announced"]
    assert first(ev, "bell_tower_announced").data == {"seat": 0, "size": 7}
    assert s.bell_tower and completion_size(s) == 7 and not s.end_triggered
    v = GAME.view(s, 2)
    assert v["completion_size"] == 7 and v["bell_tower_announced"]
    assert s.phase == "turn" and GAME.to_move(s) == 0


def test_bell_tower_as_the_seventh_district_ends_the_game_when_announced():
    s = bell_tower_state(city0=SEVEN[:6])
    ev = GAME.apply(s, {"type": "build", "card": "bell_tower"})
    assert "city_completed" not in types(ev) and not s.end_triggered  # 7 of 8 before the announcement
    ev = GAME.apply(s, {"type": "announce_bell_tower"})
    assert types(ev) == ["bell_tower_announced", "city_completed"]
    assert first(ev, "city_completed").data == {"seat": 0, "first": True}
    assert s.end_triggered and s.first_complete == 0 and s.also_first == []
    ev = GAME.apply(s, {"type": "end_turn"})  # the Architect; the Warlord is not in play: the game ends
    assert "game_over" in types(ev)
    sc = s.result["scores"][0]
    assert (sc["districts"], sc["first_complete"], sc["complete"]) == (13 + 5, 4, 0)


def test_bell_tower_declined_as_the_seventh_district_does_not_end_the_game():
    s = bell_tower_state(city0=SEVEN[:6])
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    GAME.apply(s, {"type": "decline_bell_tower"})
    assert not s.end_triggered
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "game_over" not in types(ev) and s.phase == "draft"


def seven_cities_at_announcement(**options):
    s = bell_tower_state(city0=["manor"], cities={1: SEVEN, 2: ["keep", *SEVEN[1:]], 3: SEVEN[:6]},
                         options=options)
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    ev = GAME.apply(s, {"type": "announce_bell_tower"})
    return s, ev


def test_bell_tower_cities_already_at_seven_all_count_as_first():
    s, ev = seven_cities_at_announcement()
    assert [e.data for e in ev if e.type == "city_completed"] == [{"seat": 1, "first": True},
                                                                  {"seat": 2, "first": True}]
    assert s.end_triggered and s.first_complete == 1 and s.also_first == [2]
    assert GAME.view(s, None)["also_first"] == [2]
    GAME.apply(s, {"type": "end_turn"})
    scores = s.result["scores"]
    assert [(sc["first_complete"], sc["complete"]) for sc in scores] == [(0, 0), (4, 0), (4, 0), (0, 0)]
    valid(s)


def test_bell_tower_first_none_option_gives_the_cities_at_seven_only_the_complete_bonus():
    s, _ = seven_cities_at_announcement(bell_tower_first="none")
    assert s.end_triggered and s.first_complete == -1 and s.also_first == []
    GAME.apply(s, {"type": "end_turn"})
    scores = s.result["scores"]
    assert [(sc["first_complete"], sc["complete"]) for sc in scores] == [(0, 0), (0, 2), (0, 2), (0, 0)]


def test_bell_tower_first_none_option_no_later_city_becomes_first():
    # spec §2.5 #11: the end is triggered at the announcement; a city completed afterwards is not first
    s = bell_tower_state(city0=SEVEN[:5], hand0=["bell_tower", "prison"], cities={1: SEVEN, 2: ["keep", *SEVEN[1:]]},
                         options={"bell_tower_first": "none"})
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    GAME.apply(s, {"type": "announce_bell_tower"})
    ev = GAME.apply(s, {"type": "build", "card": "prison"})  # the Architect's 7th district
    assert first(ev, "city_completed").data == {"seat": 0, "first": False}
    assert s.first_complete == -1
    GAME.apply(s, {"type": "end_turn"})
    assert [sc["first_complete"] + sc["complete"] for sc in s.result["scores"]] == [2, 2, 2, 0]


def test_bell_tower_first_none_option_a_single_city_at_seven_is_first():
    # the option only concerns several cities completed at once; the Bell Tower as 7th district is first
    s = bell_tower_state(city0=SEVEN[:6], options={"bell_tower_first": "none"})
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    ev = GAME.apply(s, {"type": "announce_bell_tower"})
    assert first(ev, "city_completed").data == {"seat": 0, "first": True}
    assert s.first_complete == 0


def test_bell_tower_later_city_of_seven_is_complete_not_first():
    s = bell_tower_state(city0=SEVEN[:6], hand0=["bell_tower"], cities={1: SEVEN[:6]},
                         owners={"architect": 0, "warlord": 1}, options={"characters": CLASSIC})
    s.hands[1].append(s.deck.pop(s.deck.index(idx("prison"))))
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    GAME.apply(s, {"type": "announce_bell_tower"})
    GAME.apply(s, {"type": "end_turn"})
    assert s.roster[s.calling] == "warlord"
    GAME.apply(s, {"type": "take_gold"})
    ev = GAME.apply(s, {"type": "build", "card": "prison"})
    assert first(ev, "city_completed").data == {"seat": 1, "first": False}
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "game_over" in types(ev)
    scores = s.result["scores"]
    assert [(sc["first_complete"], sc["complete"]) for sc in scores[:2]] == [(4, 0), (0, 2)]


def warlord_vs_bell_tower(**options):
    """Seat 1 owns the announced Bell Tower (5 districts); seat 2 completed 7 first; seat 3 also has 7."""
    return scenario(owners={"warlord": 0}, calling="warlord", acted=True,
                    cities={1: ["bell_tower", *SEVEN[:4]], 2: SEVEN, 3: ["keep", *SEVEN[1:]]}, gold={0: 9},
                    options=dc("bell_tower", **options), dark_city={"bell_tower": True},
                    extra={"end_triggered": True, "first_complete": 2})


def test_bell_tower_completed_cities_of_seven_are_protected_from_the_warlord():
    s = warlord_vs_bell_tower()
    assert is_complete(s, 2) and is_complete(s, 3) and not is_complete(s, 1)
    assert {a["target"] for a in acts_of(s, "destroy")} == {1}
    illegal(s, {"type": "destroy", "target": 2, "card": "manor"}, "city_complete")
    assert [d["blocked"] for d in GAME.view(s, 0)["you"]["destroy_prices"] if d["target"] == 2] == \
        ["city_complete"] * 7


def test_bell_tower_destroyed_restores_eight_but_the_end_stays_triggered():
    s = warlord_vs_bell_tower()
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "bell_tower"})
    assert first(ev, "destroyed").data == {"seat": 0, "target": 1, "card": "bell_tower", "price": 4}
    assert first(ev, "bell_tower_lapsed").data == {"seat": 1}
    assert "game_over" in types(ev)  # the end stayed triggered: the round (and the game) is over
    assert not s.bell_tower and completion_size(s) == 8
    scores = s.result["scores"]
    # the +4 stays with the first completer; the +2 follows the size at the end (8)
    assert [(sc["first_complete"], sc["complete"]) for sc in scores] == [(0, 0), (0, 0), (4, 0), (0, 0)]


def test_bell_tower_standing_at_the_end_gives_plus_two_to_other_cities_of_seven():
    s = warlord_vs_bell_tower()
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "game_over" in types(ev)
    scores = s.result["scores"]
    assert [(sc["first_complete"], sc["complete"]) for sc in scores] == [(0, 0), (0, 0), (4, 0), (0, 2)]


def test_bell_tower_destroyed_reopens_cities_of_seven_to_the_warlord():
    s = warlord_vs_bell_tower(warlord_timing="any_time")
    GAME.apply(s, {"type": "destroy", "target": 1, "card": "bell_tower"})
    assert s.end_triggered and not is_complete(s, 2)
    assert s.phase == "turn" and s.power_used
    s.power_used = False  # another destruction to check what is allowed now
    assert {a["target"] for a in acts_of(s, "destroy")} == {1, 2, 3}


def test_bell_tower_destroyed_by_the_armory_lapses():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["armory"], 1: ["bell_tower", *SEVEN[:6]]},
                 options=dc("bell_tower", "armory"), dark_city={"bell_tower": True},
                 extra={"end_triggered": True, "first_complete": 1})
    ev = GAME.apply(s, {"type": "armory", "target": 1, "card": "bell_tower"})
    assert "bell_tower_lapsed" in types(ev)
    assert not s.bell_tower and completion_size(s) == 8 and s.end_triggered


def test_bell_tower_declined_and_destroyed_changes_nothing():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={1: ["bell_tower"]}, gold={0: 9},
                 options=dc("bell_tower"))
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "bell_tower"})
    assert "bell_tower_lapsed" not in types(ev) and completion_size(s) == 8


@pytest.mark.parametrize(("size", "rule", "expected"), [
    (8, "minus_one", 7), (8, "seven", 7), (7, "minus_one", 6), (7, "seven", 7), (10, "minus_one", 9)])
def test_bell_tower_size_option_and_the_short_game(size, rule, expected):
    s = bell_tower_state(options={"completion_size": size, "bell_tower_size": rule})
    assert completion_size(s) == size
    GAME.apply(s, {"type": "build", "card": "bell_tower"})
    ev = GAME.apply(s, {"type": "announce_bell_tower"})
    assert first(ev, "bell_tower_announced").data["size"] == expected
    assert completion_size(s) == expected


def test_bell_tower_built_by_the_wizard_offers_the_announcement():
    s = scenario(owners={"wizard": 0}, calling="wizard", acted=True, hands={1: ["bell_tower"]}, gold={0: 5},
                 options=dc("bell_tower", characters=roster("wizard")))
    GAME.apply(s, {"type": "wizard", "target": 1})
    GAME.apply(s, {"type": "wizard_build", "card": "bell_tower"})
    assert s.phase == "bell_tower" and GAME.to_move(s) == 0
    GAME.apply(s, {"type": "announce_bell_tower"})
    assert s.bell_tower and s.phase == "turn"


# -- Factory (spec §2.3, §2.5 #17) -----------------------------------------------------------------------

def test_factory_makes_other_purples_one_cheaper_to_build():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["factory"]},
                 hands={0: ["laboratory", "manor", "keep"]}, gold={0: 4}, options=dc("factory"))
    assert [build_cost(s, 0, idx(c)) for c in ("laboratory", "manor", "keep", "factory")] == [4, 3, 2, 6]
    assert acts_of(s, "build") == [{"type": "build", "card": c} for c in ("manor", "keep", "laboratory")]
    ev = GAME.apply(s, {"type": "build", "card": "laboratory"})
    assert first(ev, "built").data == {"seat": 0, "card": "laboratory", "cost": 4}
    assert s.gold[0] == 0


def test_factory_does_not_lower_its_own_cost_nor_other_cities_costs():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={1: ["factory"]}, hands={0: ["keep"]},
                 gold={0: 2}, options=dc("factory"))
    assert build_cost(s, 0, idx("keep")) == 3
    illegal(s, {"type": "build", "card": "keep"}, "cannot_afford")


def test_factory_does_not_change_the_warlords_price():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={1: ["factory", "laboratory"]},
                 gold={0: 4}, options=dc("factory"))
    assert destroy_price(s, 1, idx("laboratory")) == 4 and destroy_price(s, 1, idx("factory")) == 5
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "laboratory"})
    assert first(ev, "destroyed").data["price"] == 4 and s.gold[0] == 0


def test_factory_applies_to_wizard_builds_and_the_alchemist_refunds_what_was_paid():
    s = scenario(owners={"wizard": 0}, calling="wizard", acted=True, cities={0: ["factory"]},
                 hands={1: ["library"]}, gold={0: 5}, options=dc("factory", characters=roster("wizard")))
    GAME.apply(s, {"type": "wizard", "target": 1})
    assert GAME.legal_actions(s) == [{"type": "wizard_take", "card": "library"},
                                     {"type": "wizard_build", "card": "library"}]
    ev = GAME.apply(s, {"type": "wizard_build", "card": "library"})
    assert first(ev, "built").data["cost"] == 5 and s.gold[0] == 0
    s = scenario(owners={"alchemist": 0}, calling="alchemist", acted=True, cities={0: ["factory"]},
                 hands={0: ["library"]}, gold={0: 5}, options=dc("factory", characters=roster("alchemist")))
    GAME.apply(s, {"type": "build", "card": "library"})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "alchemist_refund").data == {"seat": 0, "amount": 5}
    assert s.gold[0] == 5


def test_factory_does_not_change_the_diplomats_difference():
    s = scenario(owners={"diplomat": 0}, calling="diplomat", acted=True, cities={0: ["factory", "manor"],
                                                                                 1: ["laboratory"]},
                 gold={0: 2}, options=dc("factory", characters=roster("diplomat")))
    assert exchange_cost(s, 0, idx("manor"), 1, idx("laboratory")) == 2
    ev = GAME.apply(s, {"type": "exchange", "give": "manor", "target": 1, "take": "laboratory"})
    assert first(ev, "exchanged").data["paid"] == 2 and s.gold == [0, 4, 2, 2]


# -- Park (spec §2.3) ------------------------------------------------------------------------------------

def test_park_draws_two_when_the_hand_is_empty_at_the_end_of_the_turn():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["park"]}, hands={0: ["manor"]},
                 gold={0: 3}, deck_top=["palace", "cathedral", "fortress"], options=dc("park"))
    GAME.apply(s, {"type": "build", "card": "manor"})
    ev = GAME.apply(s, {"type": "end_turn"})
    e = first(ev, "park")
    assert e.data == {"seat": 0, "count": 2} and e.secret == {"cards": ["palace", "cathedral"]} and e.seats == (0,)
    assert ids(s.hands[0]) == ["palace", "cathedral"] and s.deck[-1] == idx("fortress")


def test_park_does_nothing_with_cards_in_hand():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["park"]}, hands={0: ["manor"]},
                 options=dc("park"))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "park" not in types(ev) and ids(s.hands[0]) == ["manor"]


# -- Hospital (spec §2.3, §2.5 #13, §6 #8) ---------------------------------------------------------------

def hospital_state(victim="merchant", city=("hospital", "tavern"), **kw):
    """The Thief (seat 1) ends his turn; the next character held is the assassinated victim (seat 0)."""
    options = dc("hospital", **kw.pop("options", {}))
    return scenario(owners={"thief": 1, victim: 0, **kw.pop("owners", {})}, calling="thief", acted=True,
                    killed=victim, revealed=["thief"], cities={0: list(city), **kw.pop("cities", {})},
                    options=options, **kw)


def test_hospital_assassinated_owner_still_takes_the_action_and_nothing_else():
    s = hospital_state(hands={0: ["temple"]}, gold={0: 5})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "character_revealed").data == {"character": "merchant", "seat": 0, "hospital": True}
    assert "character_silent" not in types(ev)
    assert s.phase == "turn" and GAME.to_move(s) == 0 and s.mode == "action_only"
    assert GAME.legal_actions(s) == [{"type": "take_gold"}, {"type": "draw_cards"}]
    illegal(s, {"type": "collect_income"}, "action_only")
    illegal(s, {"type": "build", "card": "temple"}, "build_before_action")
    ev = GAME.apply(s, {"type": "take_gold"})
    assert s.gold[0] == 7  # no Merchant +1, no income
    assert "bonus_gold" not in types(ev) and "turn_ended" in types(ev)
    assert first(ev, "turn_ended").data == {"seat": 0, "character": "merchant"}
    assert ids(s.cities[0]) == ["hospital", "tavern"]


@pytest.mark.parametrize("victim", ["architect", "navigator"])
def test_hospital_gives_no_after_action_bonus(victim):
    s = hospital_state(victim=victim, city=("hospital",), gold={0: 0},
                       options={"characters": roster("navigator") if victim == "navigator" else CLASSIC})
    GAME.apply(s, {"type": "end_turn"})
    assert s.mode == "action_only" and s.builds_left == 0
    ev = GAME.apply(s, {"type": "take_gold"})
    assert "bonus_cards" not in types(ev) and s.phase != "navigator"
    assert s.gold[0] == 2 and s.hands[0] == []


def test_hospital_owner_drawing_cards_keeps_one_and_the_turn_ends():
    s = hospital_state(deck_top=["palace", "cathedral"])
    GAME.apply(s, {"type": "end_turn"})
    GAME.apply(s, {"type": "draw_cards"})
    assert s.phase == "keep"
    ev = GAME.apply(s, {"type": "keep", "card": "cathedral"})
    assert ids(s.hands[0]) == ["cathedral"] and "turn_ended" in types(ev)


def test_without_hospital_the_assassinated_player_stays_silent():
    s = hospital_state(city=("tavern",))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "character_silent").data == {"character": "merchant"}
    assert s.phase == "draft"


def test_hospital_owner_gets_no_district_powers_by_default():
    s = hospital_state(city=("hospital", "museum", "poor_house"), hands={0: ["manor"]}, gold={0: 0},
                       options={"dark_city_districts": ["hospital", "museum", "poor_house"]})
    GAME.apply(s, {"type": "end_turn"})
    illegal(s, {"type": "museum", "card": "manor"}, "action_only")
    ev = GAME.apply(s, {"type": "draw_cards"})
    ev += GAME.apply(s, {"type": "keep", "card": ids(s.drawn)[0]})
    assert "poor_house" not in types(ev) and s.gold[0] == 0


def test_hospital_districts_option_allows_district_powers_and_end_of_turn_effects():
    s = hospital_state(city=("hospital", "museum", "poor_house"), hands={0: ["manor"]}, gold={0: 0},
                       options={"dark_city_districts": ["hospital", "museum", "poor_house"],
                                "hospital_districts": True})
    GAME.apply(s, {"type": "end_turn"})
    assert GAME.legal_actions(s) == [{"type": "take_gold"}, {"type": "draw_cards"},
                                     {"type": "museum", "card": "manor"}]
    GAME.apply(s, {"type": "museum", "card": "manor"})
    assert ids(s.museum[0]) == ["manor"]
    illegal(s, {"type": "collect_income"}, "action_only")  # still no character power
    ev = GAME.apply(s, {"type": "draw_cards"})
    ev += GAME.apply(s, {"type": "keep", "card": ids(s.drawn)[0]})
    assert first(ev, "poor_house").data == {"seat": 0, "amount": 1}


def test_hospital_assassinated_king_takes_the_action_and_the_crown_at_the_end_of_the_round():
    s = hospital_state(victim="king", city=("hospital", "throne_room"), crown=2,
                       options={"dark_city_districts": ["hospital", "throne_room"]})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "character_revealed").data["hospital"] is True
    assert "crown_moved" not in types(ev) and s.crown == 2  # not at the reveal
    ev = GAME.apply(s, {"type": "take_gold"})
    assert first(ev, "king_heir").data == {"seat": 0, "character": "king"}
    assert first(ev, "crown_moved").data == {"seat": 0, "previous": 2, "reason": "heir"}
    assert first(ev, "throne_room").data == {"seat": 0, "amount": 1}
    assert s.crown == 0 and s.gold[0] == 2 + 2 + 1


# -- Throne Room (spec §2.3, §1.7, §2.5 #15) -------------------------------------------------------------

def test_throne_room_pays_when_a_king_of_another_player_takes_the_crown():
    s = scenario(owners={"magician": 3, "king": 0}, calling="magician", acted=True, crown=1,
                 cities={2: ["throne_room"]}, gold={2: 0}, options=dc("throne_room"))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "crown_moved").data == {"seat": 0, "previous": 1, "reason": "king"}
    assert first(ev, "throne_room").data == {"seat": 2, "amount": 1}
    assert s.crown == 0 and s.gold[2] == 1


def test_throne_room_pays_nothing_when_the_kings_player_already_has_the_crown():
    s = scenario(owners={"magician": 3, "king": 0}, calling="magician", acted=True, crown=0,
                 cities={0: ["throne_room"]}, gold={0: 0}, options=dc("throne_room"))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "crown_moved" not in types(ev) and "throne_room" not in types(ev)
    assert s.gold[0] == 0


def test_throne_room_pays_on_the_assassinated_kings_heir():
    s = scenario(owners={"warlord": 3, "king": 0}, calling="warlord", acted=True, crown=1, killed="king",
                 revealed=["warlord"], cities={3: ["throne_room"]}, gold={3: 0}, options=dc("throne_room"))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert types(ev)[:4] == ["turn_ended", "king_heir", "crown_moved", "throne_room"]
    assert s.crown == 0 and s.gold[3] == 1


def test_throne_room_pays_on_each_emperor_move():
    s = scenario(owners={"thief": 1, "emperor": 0}, calling="thief", acted=True, crown=1,
                 cities={0: ["throne_room"]}, gold={0: 0, 2: 0}, options=dc("throne_room", characters=roster("emperor")))
    GAME.apply(s, {"type": "end_turn"})
    assert s.phase == "emperor_crown"
    assert GAME.legal_actions(s) == [{"type": "crown", "target": 2}, {"type": "crown", "target": 3}]
    ev = GAME.apply(s, {"type": "crown", "target": 2})
    assert first(ev, "crown_moved").data == {"seat": 2, "previous": 1, "reason": "emperor"}
    assert first(ev, "throne_room").data == {"seat": 0, "amount": 1}
    assert s.gold[0] == 1 and s.crown == 2 and s.phase == "turn"  # seat 2 has nothing to give
    assert first(ev, "tribute_none").data == {"seat": 2}


def test_throne_room_pays_on_an_assassinated_emperors_move():
    s = scenario(owners={"warlord": 3, "emperor": 0}, calling="warlord", acted=True, crown=1, killed="emperor",
                 revealed=["warlord"], cities={2: ["throne_room"]}, gold={2: 0},
                 options=dc("throne_room", characters=roster("emperor")))
    GAME.apply(s, {"type": "end_turn"})
    assert s.phase == "emperor_heir" and GAME.to_move(s) == 0
    ev = GAME.apply(s, {"type": "crown", "target": 3})
    assert first(ev, "throne_room").data == {"seat": 2, "amount": 1}
    assert s.crown == 3 and s.gold[2] == 1 and s.phase == "draft"


def test_throne_room_with_an_empty_bank_pays_nothing():
    s = scenario(owners={"magician": 3, "king": 0}, calling="magician", acted=True, crown=1,
                 cities={2: ["throne_room"]}, gold={0: 2, 1: 2, 2: 0, 3: 6}, options=dc("throne_room", bank_limit=10))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "throne_room").data == {"seat": 2, "amount": 0} and s.gold[2] == 0


# -- Ball Room (spec §2.3, §2.5 #16) ---------------------------------------------------------------------

def test_ball_room_other_revealed_players_must_thank_the_crown_holder():
    s = scenario(owners={"assassin": 0, "thief": 1, "king": 2}, calling="assassin", acted=True, crown=0,
                 cities={0: ["ball_room"]}, options=dc("ball_room"))
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "character_revealed").data == {"character": "thief", "seat": 1}
    assert s.phase == "ball_room" and GAME.to_move(s) == 1
    assert GAME.legal_actions(s) == [{"type": "thank"}]
    assert GAME.view(s, 1)["you"]["legal_actions"] == [{"type": "thank"}]
    illegal(s, {"type": "take_gold"}, "wrong_phase")
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "thank"}, 0)
    assert exc.value.code == "not_your_turn"
    valid(s)
    ev = GAME.apply(s, {"type": "thank"}, 1)
    assert first(ev, "thanked").data == {"seat": 1, "crown": 0}
    assert s.phase == "turn" and GAME.to_move(s) == 1
    GAME.apply(s, {"type": "take_gold"})
    ev = GAME.apply(s, {"type": "end_turn"})
    # the King thanks too, then takes the crown: from then on the crown holder has no Ball Room
    assert s.phase == "ball_room" and GAME.to_move(s) == 2 and "crown_moved" not in types(ev)
    ev = GAME.apply(s, {"type": "thank"})
    assert types(ev) == ["thanked", "crown_moved"] and s.crown == 2 and s.phase == "turn"


def test_ball_room_crown_holders_own_character_does_not_thank():
    s = scenario(owners={"assassin": 1, "thief": 0}, calling="assassin", acted=True, crown=0,
                 cities={0: ["ball_room"]}, options=dc("ball_room"))
    GAME.apply(s, {"type": "end_turn"})
    assert s.phase == "turn" and GAME.to_move(s) == 0


def test_ball_room_outside_the_crown_holders_city_asks_nothing():
    s = scenario(owners={"assassin": 0, "thief": 1}, calling="assassin", acted=True, crown=0,
                 cities={1: ["ball_room"]}, options=dc("ball_room"))
    GAME.apply(s, {"type": "end_turn"})
    assert s.phase == "turn" and GAME.to_move(s) == 1


def test_ball_room_bewitched_player_thanks_and_the_witch_resumes_without_thanking():
    # spec §2.5 #16: the thanks belong to the bewitched player's part of the turn
    s = scenario(owners={"witch": 1, "thief": 3, "merchant": 2}, calling="thief", acted=True, crown=0,
                 revealed=["witch", "thief"], cities={0: ["ball_room"]}, gold={1: 0, 2: 0},
                 options=dc("ball_room", characters=roster("witch")), dark_city={"bewitched": "merchant"})
    GAME.apply(s, {"type": "end_turn"})
    assert s.phase == "ball_room" and GAME.to_move(s) == 2
    GAME.apply(s, {"type": "thank"})
    assert s.phase == "turn" and s.mode == "action_only" and GAME.to_move(s) == 2
    ev = GAME.apply(s, {"type": "take_gold"})
    assert "witch_resumes" in types(ev) and "thanked" not in types(ev)
    assert s.phase == "turn" and GAME.to_move(s) == 1 and s.mode == "witch"
    assert s.gold[:3] == [2, 1, 2]  # the Witch has the Merchant's +1


def test_ball_room_thief_takes_the_gold_after_the_thanks():
    s = scenario(owners={"assassin": 0, "thief": 3, "magician": 1}, calling="thief", acted=True, crown=0,
                 robbed="magician", revealed=["assassin", "thief"], cities={0: ["ball_room"]}, gold={1: 5, 3: 0},
                 options=dc("ball_room"))
    GAME.apply(s, {"type": "end_turn"})
    assert s.phase == "ball_room" and s.gold[1] == 5
    ev = GAME.apply(s, {"type": "thank"})
    assert first(ev, "robbed").data == {"seat": 1, "thief": 3, "amount": 5, "character": "magician"}
    assert s.gold == [2, 0, 2, 5]


# -- Great Wall with the Warlord and the Diplomat (spec §2.5 #1, #2) ------------------------------------

def test_great_wall_and_beautified_district_prices_stack():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True,
                 cities={1: ["great_wall", "castle", "manor"]}, beautified={1: ["castle", "great_wall"]},
                 gold={0: 5}, options={"characters": roster("artist")})
    prices = {c: destroy_price(s, 1, idx(c)) for c in ("great_wall", "castle", "manor")}
    assert prices == {"great_wall": 6, "castle": 5, "manor": 3}
    assert acts_of(s, "destroy") == [{"type": "destroy", "target": 1, "card": "manor"},
                                     {"type": "destroy", "target": 1, "card": "castle"}]
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "castle"})
    assert first(ev, "destroyed").data["price"] == 5 and s.gold[0] == 0
    assert s.beautified[1] == [idx("great_wall")]


def diplomat_state(city0, city1, gold0=9, **options):
    return scenario(owners={"diplomat": 0}, calling="diplomat", acted=True, cities={0: city0, 1: city1},
                    gold={0: gold0}, options={"characters": roster("diplomat"), **options})


def test_great_wall_raises_the_diplomats_price_for_its_owners_other_districts():
    s = diplomat_state(["manor"], ["great_wall", "castle"])
    assert exchange_cost(s, 0, idx("manor"), 1, idx("castle")) == 4 + 1 - 3
    assert exchange_cost(s, 0, idx("manor"), 1, idx("great_wall")) == 6 - 3  # not the Wall itself
    ev = GAME.apply(s, {"type": "exchange", "give": "manor", "target": 1, "take": "castle"})
    assert first(ev, "exchanged").data["paid"] == 2
    assert s.gold[:2] == [7, 4]


def test_great_wall_of_the_diplomat_does_not_change_what_he_gives():
    s = diplomat_state(["great_wall", "manor"], ["castle"])
    assert exchange_cost(s, 0, idx("manor"), 1, idx("castle")) == 1


def test_great_wall_ignore_option_for_the_diplomat():
    s = diplomat_state(["manor"], ["great_wall", "castle"], diplomat_great_wall="ignore")
    assert exchange_cost(s, 0, idx("manor"), 1, idx("castle")) == 1


def test_great_wall_price_for_the_diplomat_must_be_affordable():
    s = diplomat_state(["manor"], ["great_wall", "castle"], gold0=1)
    assert {"type": "exchange", "give": "manor", "target": 1, "take": "castle"} not in GAME.legal_actions(s)
    illegal(s, {"type": "exchange", "give": "manor", "target": 1, "take": "castle"}, "cannot_afford")


# -- Keep vs Diplomat and Armory (spec §2.5 #3-5) ------------------------------------------------------

def test_keep_cannot_be_taken_by_the_diplomat_but_may_be_given():
    s = diplomat_state(["keep"], ["manor"])
    assert acts_of(s, "exchange") == [{"type": "exchange", "give": "keep", "target": 1, "take": "manor"}]
    s = diplomat_state(["manor"], ["keep"])
    assert acts_of(s, "exchange") == []
    illegal(s, {"type": "exchange", "give": "manor", "target": 1, "take": "keep"}, "keep_immune")
    s = diplomat_state(["keep"], ["manor"], diplomat_gives_keep=False)
    illegal(s, {"type": "exchange", "give": "keep", "target": 1, "take": "manor"}, "keep_immune")


# -- Graveyard only on the Warlord (spec §2.5 #6-8) ----------------------------------------------------

def test_graveyard_saves_itself_with_the_option():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={1: ["graveyard"]}, gold={0: 4, 1: 1},
                 options={"graveyard_saves_itself": True})
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "graveyard"})
    assert first(ev, "graveyard_offer").data == {"seat": 1, "card": "graveyard"}
    GAME.apply(s, {"type": "graveyard_take"})
    assert ids(s.hands[1]) == ["graveyard"] and s.gold[1] == 0 and s.cities[1] == []


def test_graveyard_does_not_save_itself_by_default():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={1: ["graveyard"]}, gold={0: 4, 1: 1})
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "graveyard"})
    assert "graveyard_offer" not in types(ev) and s.deck[0] == idx("graveyard")


def test_graveyard_may_take_a_destroyed_dark_city_district():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={1: ["graveyard"], 2: ["armory"]},
                 gold={0: 2, 1: 1}, options=dc("armory"))
    GAME.apply(s, {"type": "destroy", "target": 2, "card": "armory"})
    GAME.apply(s, {"type": "graveyard_take"})
    assert ids(s.hands[1]) == ["armory"]


# -- Library and Observatory (spec §2.5 #19) ------------------------------------------------------------

def test_library_and_observatory_draw_three_and_keep_two():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["library", "observatory"]},
                 deck_top=["palace", "cathedral", "fortress", "manor"])
    ev = GAME.apply(s, {"type": "draw_cards"})
    assert first(ev, "cards_drawn").data == {"seat": 0, "count": 3}
    assert s.phase == "keep" and s.keep == 2
    GAME.apply(s, {"type": "keep", "card": "palace"})
    ev = GAME.apply(s, {"type": "keep", "card": "fortress"})
    assert first(ev, "cards_returned").data == {"seat": 0, "count": 1, "to": "deck_bottom"}
    assert ids(s.hands[0]) == ["palace", "fortress"] and s.deck[0] == idx("cathedral")
    assert s.deck[-1] == idx("manor") and s.phase == "turn"


# -- the Artist's gold (spec §2.5 #23-25) ---------------------------------------------------------------

def test_artist_gold_is_not_taken_by_the_thief():
    s = scenario(owners={"magician": 3, "king": 0, "thief": 2}, calling="magician", acted=True, robbed="king",
                 revealed=["thief", "magician"], cities={0: ["manor", "castle"]}, beautified={0: ["manor", "castle"]},
                 gold={0: 3, 2: 0}, options={"characters": roster("artist"), "bank_limit": 30})
    ev = GAME.apply(s, {"type": "end_turn"})
    assert first(ev, "robbed").data == {"seat": 0, "thief": 2, "amount": 3, "character": "king"}
    assert s.gold[0] == 0 and s.gold[2] == 3 and ids(s.beautified[0]) == ["manor", "castle"]
    valid(s)


def test_artist_gold_does_not_make_the_richest_player_for_the_abbot():
    s = scenario(owners={"abbot": 0}, calling="abbot", cities={1: ["manor", "castle"]},
                 beautified={1: ["manor", "castle"]}, gold={0: 0, 1: 3, 2: 4, 3: 1},
                 options={"characters": roster("abbot", "artist")})
    ev = GAME.apply(s, {"type": "abbot_collect"})
    assert first(ev, "abbot_paid").data == {"seat": 0, "payer": 2, "amount": 1}
    s = scenario(owners={"abbot": 0}, calling="abbot", cities={1: ["manor", "castle"]},
                 beautified={1: ["manor", "castle"]}, gold={0: 0, 1: 4, 2: 4, 3: 1},
                 options={"characters": roster("abbot", "artist")})
    assert acts_of(s, "abbot_collect") == []  # a tie in the purses: nobody pays


def test_artist_beautified_district_destroyed_by_the_warlord_returns_the_gold_to_the_bank():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={1: ["manor"]},
                 beautified={1: ["manor"]}, gold={0: 3}, options={"characters": roster("artist"), "bank_limit": 30})
    bank = s.bank
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "manor"})
    assert first(ev, "destroyed").data["price"] == 3
    assert s.bank == bank + 3 + 1 and s.beautified[1] == []
    valid(s)


def test_artist_gold_stays_on_a_district_the_diplomat_takes():
    s = scenario(owners={"diplomat": 0}, calling="diplomat", acted=True, cities={0: ["manor"], 1: ["castle"]},
                 beautified={1: ["castle"]}, gold={0: 2}, options={"characters": roster("diplomat", "artist")})
    assert exchange_cost(s, 0, idx("manor"), 1, idx("castle")) == 2
    GAME.apply(s, {"type": "exchange", "give": "manor", "target": 1, "take": "castle"})
    assert ids(s.beautified[0]) == ["castle"] and s.beautified[1] == []
    assert score_seat(s, 0)["districts"] == 5 and s.gold[:2] == [0, 4]
    valid(s)


def test_artist_beautifies_two_districts_and_the_score_rises():
    s = scenario(owners={"artist": 0}, calling="artist", cities={0: ["manor", "castle", "imperial_treasury"]},
                 gold={0: 5}, options=dc("imperial_treasury", characters=roster("artist"), bank_limit=30))
    GAME.apply(s, {"type": "beautify", "card": "manor"})
    GAME.apply(s, {"type": "beautify", "card": "imperial_treasury"})
    assert acts_of(s, "beautify") == []
    sc = score_seat(s, 0)
    assert sc["districts"] == 3 + 4 + 4 + 2 and sc["extras"] == {"imperial_treasury": 3}
    assert s.bank + sum(s.gold) + sum(len(b) for b in s.beautified) == 30


# -- deck options (spec §1.11, §2.3) ---------------------------------------------------------------------

def composition(players=4, seed=1, **options) -> Counter:
    s = GAME.setup(players, seed, options)
    held = Counter(s.deck)
    for h in s.hands:
        held += Counter(h)
    assert held == Counter(s.composition)
    return Counter(ids(list(s.composition)))


def dark_in(comp: Counter) -> list[str]:
    return sorted(c for c in comp if c in DARK_CITY_DISTRICTS)


def base_purples_in(comp: Counter) -> int:
    return sum(n for c, n in comp.items() if idx(c) in BASE_PURPLES)


def test_without_dark_city_districts_the_deck_is_the_classic_66():
    comp = composition()
    assert sum(comp.values()) == 66 and dark_in(comp) == [] and base_purples_in(comp) == 12


@pytest.mark.parametrize("names", [["lighthouse"], ["armory", "museum"], ["ball_room", "park", "quarry"]])
def test_up_to_three_explicit_dark_city_districts_are_added(names):
    comp = composition(dark_city_districts=names)
    assert sum(comp.values()) == 66 + len(names)
    assert dark_in(comp) == sorted(names) and base_purples_in(comp) == 12


def test_more_than_three_dark_city_districts_replace_base_purples():
    names = ["lighthouse", "armory", "museum", "factory", "park"]
    for seed in range(5):
        comp = composition(seed=seed, dark_city_districts=names)
        assert sum(comp.values()) == 69 and dark_in(comp) == sorted(names)
        assert base_purples_in(comp) == 12 - 2
        assert all(n == DISTRICTS[idx(c)].copies for c, n in comp.items() if idx(c) not in BASE_PURPLES)


@pytest.mark.parametrize("k", [1, 3, 5, 13])
def test_random_dark_city_districts(k):
    seen = set()
    for seed in range(6):
        comp = composition(seed=seed, random_dark_city_districts=k)
        assert sum(comp.values()) == 66 + min(3, k)
        assert len(dark_in(comp)) == k and "ball_room" not in comp
        assert base_purples_in(comp) == 12 - max(0, k - 3)
        seen.add(tuple(dark_in(comp)))
    if k < 13:
        assert len(seen) > 1  # drawn from the seed


def test_random_dark_city_districts_may_include_the_ball_room_with_the_option():
    comp = composition(random_dark_city_districts=14, ball_room=True)
    assert dark_in(comp) == sorted(DARK_CITY_DISTRICTS) and sum(comp.values()) == 69
    assert base_purples_in(comp) == 1
    with pytest.raises(InvalidOptions) as exc:
        GAME.setup(4, 1, {"random_dark_city_districts": 14})
    assert exc.value.code == "bad_districts"


def test_explicit_and_random_dark_city_districts_add_up():
    comp = composition(dark_city_districts=["ball_room", "museum"], random_dark_city_districts=3)
    dark = dark_in(comp)
    assert len(dark) == 5 and {"ball_room", "museum"} <= set(dark)
    assert sum(comp.values()) == 69 and base_purples_in(comp) == 10
    with pytest.raises(InvalidOptions) as exc:
        GAME.setup(4, 1, {"dark_city_districts": ["museum"], "random_dark_city_districts": 14})
    assert exc.value.code == "bad_districts"


def test_too_many_dark_city_districts_for_the_base_purples_are_refused():
    # the original 65 has 11 base purples; the Diplomat removes the Graveyard: 10 left to replace, not 11
    options = {"deck": "original65", "characters": roster("diplomat"), "random_dark_city_districts": 14,
               "ball_room": True}
    with pytest.raises(InvalidOptions) as exc:
        GAME.setup(4, 1, options)
    assert exc.value.code == "bad_districts"
    comp = composition(**{**options, "random_dark_city_districts": 13})
    assert sum(comp.values()) == 64 + 3 and base_purples_in(comp) == 0
    comp = composition(deck="original65", random_dark_city_districts=14, ball_room=True)
    assert sum(comp.values()) == 65 + 3 and base_purples_in(comp) == 0


def test_the_diplomat_removes_the_graveyard():
    chars = roster("diplomat")
    comp = composition(characters=chars)
    assert sum(comp.values()) == 65 and "graveyard" not in comp
    comp = composition(characters=chars, random_dark_city_districts=5)
    assert sum(comp.values()) == 65 + 3 and "graveyard" not in comp and base_purples_in(comp) == 11 - 2
    comp = composition(characters=roster("wizard"))
    assert sum(comp.values()) == 66 and comp["graveyard"] == 1


def test_the_diplomat_preset_removes_the_graveyard_whenever_it_is_drawn():
    for seed in range(12):
        s = GAME.setup(5, seed, {"character_preset": "replace_two"})
        assert (idx("graveyard") in s.composition) == ("diplomat" not in s.roster)


def test_dark_city_deck_survives_a_json_round_trip():
    s = GAME.setup(5, 3, {"random_dark_city_districts": 6, "ball_room": True, "characters": roster("diplomat")})
    t = GAME.from_json(GAME.to_json(s))
    assert t == s and t.composition == s.composition


# -- the short game (spec §1.8, §1.11) -------------------------------------------------------------------

def test_short_game_completes_at_seven():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: SEVEN[:6], 1: SEVEN},
                 hands={0: ["prison"]}, gold={0: 2}, options={"completion_size": 7})
    assert is_complete(s, 1) and not is_complete(s, 0)
    ev = GAME.apply(s, {"type": "build", "card": "prison"})
    assert first(ev, "city_completed").data == {"seat": 0, "first": True}
    assert s.end_triggered and s.first_complete == 0
    scores = compute_result(s)["scores"]
    assert [(sc["first_complete"], sc["complete"]) for sc in scores[:2]] == [(4, 0), (0, 2)]
