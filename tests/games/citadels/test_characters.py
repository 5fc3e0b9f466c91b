"""Scenario tests for the powers of the 8 base characters, income and building (spec citadels §1.5-§1.7, §3).

Every test builds an explicit mid-turn state with `scenario(...)`. Reveal-time effects (the Thief's robbery,
the King's crown, a silent assassinated character) are reached by ending the previous character's turn.
"""

from __future__ import annotations

from collections import Counter

import pytest

from cetate.core.events import Event
from tests.games.citadels.scenario import GAME, act, city, doc, hand, illegal_code, scenario, types


def seat_gold(state, seat: int) -> int:
    return doc(state)["seats"][seat]["gold"]






# -- Assassin (§1.5, §1.6 #1, §3 #5) ------------------------------------------------------------------

def test_assassin_names_a_character_and_the_event_is_public():
    s = scenario(owners={"assassin": 0, "merchant": 2}, calling="assassin")
    events = act(s, {"type": "assassinate", "character": "merchant"})
    assert events == [Event("assassinated", {"seat": 0, "character": "merchant"})]
    assert doc(s)["characters"]["killed"] == "merchant"
    assert doc(s)["turn"]["power_used"] is True


def test_assassin_may_use_his_power_before_his_action():
    # §1.5 4b: a power may be used at any moment of the turn
    s = scenario(owners={"assassin": 0}, calling="assassin", acted=False)
    act(s, {"type": "assassinate", "character": "king"})
    act(s, {"type": "take_gold"})
    assert seat_gold(s, 0) == 4


def test_assassin_cannot_name_himself():
    s = scenario(owners={"assassin": 0}, calling="assassin")
    assert illegal_code(s, {"type": "assassinate", "character": "assassin"}) == "bad_target"
    assert {"type": "assassinate", "character": "assassin"} not in GAME.legal_actions(s)


def test_assassinated_character_skips_its_whole_turn_and_stays_silent():
    # §1.5: the assassinated character does not answer; the next rank is called at once
    s = scenario(owners={"thief": 0, "magician": 1, "king": 2}, calling="thief", acted=True,
                 killed="magician", gold={1: 5}, hands={1: ["manor"]})
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 0, "character": "thief"}),
        Event("character_silent", {"character": "magician"}),
        Event("character_revealed", {"character": "king", "seat": 2}),
        Event("crown_moved", {"seat": 2, "previous": 0, "reason": "king"}),
    ]
    assert GAME.to_move(s) == 2
    assert doc(s)["characters"]["calling"] == "king"
    assert "magician" not in doc(s)["characters"]["revealed"]
    # the victim's seat gained nothing and lost nothing
    assert seat_gold(s, 1) == 5
    assert hand(s, 1) == ["manor"]


def test_assassinated_character_nobody_holds_is_also_silent_not_absent():
    # [derived] an absent victim must look exactly like a present one, or the call would leak who held it
    s = scenario(owners={"thief": 0, "king": 2}, calling="thief", acted=True, killed="magician")
    events = act(s, {"type": "end_turn"})
    assert events[1] == Event("character_silent", {"character": "magician"})
    assert "magician" not in doc(s)["characters"]["absent"]


def test_assassinated_king_takes_no_crown_when_called():
    s = scenario(owners={"magician": 1, "king": 2, "bishop": 3}, calling="magician", acted=True,
                 killed="king", crown=0)
    events = act(s, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "character_silent", "character_revealed"]
    assert events[2].data == {"character": "bishop", "seat": 3}
    assert doc(s)["crown"] == 0


def test_assassinated_kings_player_takes_the_crown_at_the_end_of_the_round():
    # §3 #5, §1.7: the King's player reveals at the end of the round and takes the crown as heir
    s = scenario(owners={"assassin": 0, "king": 1, "merchant": 2, "warlord": 3}, calling="warlord",
                 acted=True, killed="king", crown=0)
    events = act(s, {"type": "end_turn"})
    assert events[:4] == [
        Event("turn_ended", {"seat": 3, "character": "warlord"}),
        Event("king_heir", {"seat": 1, "character": "king"}),
        Event("crown_moved", {"seat": 1, "previous": 0, "reason": "heir"}),
        Event("round_ended", {"round": 2}),
    ]
    assert events[4].type == "round_started"
    assert events[4].data["round"] == 3
    assert events[4].data["crown"] == 1
    assert doc(s)["crown"] == 1
    assert doc(s)["phase"] == "draft"
    assert GAME.to_move(s) == 1  # the heir picks first in the next draft


def test_assassinated_king_heir_already_holding_the_crown_keeps_it_without_a_move():
    # §1.7: only a real change of holder moves the crown
    s = scenario(owners={"king": 1, "warlord": 3}, calling="warlord", acted=True, killed="king", crown=1)
    events = act(s, {"type": "end_turn"})
    assert Event("king_heir", {"seat": 1, "character": "king"}) in events
    assert "crown_moved" not in types(events)
    assert doc(s)["crown"] == 1


# -- Thief (§1.5 step 1, §1.6 #2, §3 #24) ------------------------------------------------------------

def test_thief_naming_takes_nothing_until_the_victim_is_revealed():
    s = scenario(owners={"thief": 0, "king": 2}, calling="thief", gold={0: 1, 2: 5})
    events = act(s, {"type": "steal", "character": "king"})
    assert events == [Event("thief_named", {"seat": 0, "character": "king"})]
    assert seat_gold(s, 0) == 1
    assert seat_gold(s, 2) == 5
    assert doc(s)["characters"]["robbed"] == "king"


def test_thief_takes_all_the_victims_gold_at_the_reveal():
    s = scenario(owners={"thief": 0, "magician": 1, "king": 2}, calling="magician", acted=True,
                 robbed="king", gold={0: 1, 1: 3, 2: 5})
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 1, "character": "magician"}),
        Event("character_revealed", {"character": "king", "seat": 2}),
        Event("robbed", {"seat": 2, "thief": 0, "amount": 5, "character": "king"}),
        Event("crown_moved", {"seat": 2, "previous": 0, "reason": "king"}),
    ]
    assert [seat_gold(s, i) for i in range(4)] == [6, 3, 0, 2]


def test_thief_victim_keeps_the_gold_and_income_earned_later_in_the_turn():
    # §3 #24: the Thief takes only what the victim holds at the reveal
    s = scenario(owners={"thief": 0, "magician": 1, "merchant": 2}, calling="magician", acted=True,
                 robbed="merchant", gold={0: 0, 2: 4}, cities={2: ["tavern", "market"]})
    act(s, {"type": "end_turn"})
    assert [seat_gold(s, 0), seat_gold(s, 2)] == [4, 0]
    act(s, {"type": "take_gold"})  # 2 gold + the Merchant's 1
    act(s, {"type": "collect_income"})  # 2 green districts
    assert [seat_gold(s, 0), seat_gold(s, 2)] == [4, 5]


def test_thief_robbing_a_character_nobody_holds_wastes_the_power():
    s = scenario(owners={"thief": 0, "magician": 1, "bishop": 3}, calling="magician", acted=True,
                 robbed="king", gold={0: 1, 3: 5})
    events = act(s, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "character_absent", "character_revealed"]
    assert [seat_gold(s, 0), seat_gold(s, 3)] == [1, 5]


def test_thief_cannot_name_the_assassin_himself_or_the_assassinated_character():
    s = scenario(owners={"assassin": 0, "thief": 1}, calling="thief", killed="bishop")
    for target in ("assassin", "thief", "bishop"):
        assert illegal_code(s, {"type": "steal", "character": target}) == "bad_target"
    offered = {a["character"] for a in GAME.legal_actions(s) if a["type"] == "steal"}
    assert offered == {"magician", "king", "merchant", "architect", "warlord"}


# -- Magician (§1.6 #3, §3 #4) -----------------------------------------------------------------------

def test_magician_swaps_his_whole_hand_with_another_player():
    s = scenario(owners={"magician": 1}, calling="magician",
                 hands={1: ["manor", "tavern"], 3: ["castle", "palace", "temple"]})
    events = act(s, {"type": "swap_hands", "target": 3})
    assert hand(s, 1) == ["castle", "palace", "temple"]
    assert hand(s, 3) == ["manor", "tavern"]
    assert events == [
        Event("hands_swapped", {"seat": 1, "target": 3, "gave": 2, "got": 3}),
        Event("hand_received", {"seat": 1}, {"cards": ["castle", "palace", "temple"]}, (1,)),
        Event("hand_received", {"seat": 3}, {"cards": ["manor", "tavern"]}, (3,)),
    ]
    assert doc(s)["turn"]["power_used"] is True


def test_magician_with_an_empty_hand_may_swap_and_simply_takes_the_other_hand():
    # §3 #4
    s = scenario(owners={"magician": 1}, calling="magician", hands={2: ["cathedral"]})
    assert {"type": "swap_hands", "target": 2} in GAME.legal_actions(s)
    act(s, {"type": "swap_hands", "target": 2})
    assert hand(s, 1) == ["cathedral"]
    assert hand(s, 2) == []


def test_magician_may_swap_with_a_player_whose_hand_is_empty():
    # §3 #4: he gets nothing
    s = scenario(owners={"magician": 1}, calling="magician", hands={1: ["manor"]})
    act(s, {"type": "swap_hands", "target": 0})
    assert hand(s, 1) == []
    assert hand(s, 0) == ["manor"]


def test_magician_cannot_swap_with_himself():
    s = scenario(owners={"magician": 1}, calling="magician", hands={1: ["manor"]})
    assert illegal_code(s, {"type": "swap_hands", "target": 1}) == "bad_target"


def test_magician_discards_to_the_deck_bottom_and_draws_as_many():
    # §1.6 Magician (b), §1.12: discards go to the bottom of the deck, then as many are drawn from the top
    s = scenario(owners={"magician": 1}, calling="magician", hands={1: ["manor", "tavern", "castle"]},
                 deck_top=["palace", "cathedral", "fortress"])
    assert act(s, {"type": "discard_and_draw"}) == []
    assert doc(s)["phase"] == "magician_discard"
    assert GAME.legal_actions(s) == [
        {"type": "discard", "card": "manor"}, {"type": "discard", "card": "castle"},
        {"type": "discard", "card": "tavern"}, {"type": "stop_discarding"},
    ]
    act(s, {"type": "discard", "card": "manor"})
    act(s, {"type": "discard", "card": "tavern"})
    assert hand(s, 1) == ["castle"]
    assert doc(s)["turn"]["set_aside"] == ["manor", "tavern"]
    events = act(s, {"type": "stop_discarding"})
    assert events == [Event("cards_exchanged", {"seat": 1, "count": 2, "drawn": 2},
                            {"discarded": ["manor", "tavern"], "cards": ["palace", "cathedral"]}, (1,))]
    assert hand(s, 1) == ["castle", "palace", "cathedral"]
    deck = doc(s)["deck"]
    assert deck[0] == "fortress"
    assert sorted(deck[-2:]) == ["manor", "tavern"]  # the two discards lie at the bottom
    assert doc(s)["phase"] == "turn"
    assert doc(s)["turn"]["set_aside"] == []
    assert doc(s)["turn"]["power_used"] is True


def test_magician_discards_go_under_the_deck_before_he_draws():
    # With one card left in the deck, the second card drawn is one of his own discards.
    rest = Counter(doc(scenario(owners={"magician": 1}, calling="magician",
                                hands={1: ["manor", "tavern"]}))["deck"])
    rest["watchtower"] -= 1  # seat 3 holds every other card: the deck is one watchtower
    others = sorted(rest.elements())
    s = scenario(owners={"magician": 1}, calling="magician", hands={1: ["manor", "tavern"], 3: others})
    assert doc(s)["deck"] == ["watchtower"]
    act(s, {"type": "discard_and_draw"})
    act(s, {"type": "discard", "card": "manor"})
    act(s, {"type": "discard", "card": "tavern"})
    act(s, {"type": "stop_discarding"})
    got = hand(s, 1)
    assert got[0] == "watchtower"
    assert len(got) == 2 and got[1] in ("manor", "tavern")
    assert doc(s)["deck"] == [({"manor", "tavern"} - {got[1]}).pop()]


def test_magician_may_stop_after_discarding_nothing_and_keeps_his_hand():
    s = scenario(owners={"magician": 1}, calling="magician", hands={1: ["manor"]})
    act(s, {"type": "discard_and_draw"})
    act(s, {"type": "stop_discarding"})
    assert hand(s, 1) == ["manor"]
    assert doc(s)["phase"] == "turn"


def test_magician_exchange_then_swap_is_refused_as_a_second_use_of_the_power():
    s = scenario(owners={"magician": 1}, calling="magician", hands={1: ["manor"], 2: ["castle"]})
    act(s, {"type": "discard_and_draw"})
    act(s, {"type": "stop_discarding"})
    assert illegal_code(s, {"type": "swap_hands", "target": 2}) == "power_used"


def test_magician_cannot_exchange_cards_with_an_empty_hand():
    s = scenario(owners={"magician": 1}, calling="magician")
    assert {"type": "discard_and_draw"} not in GAME.legal_actions(s)
    assert illegal_code(s, {"type": "discard_and_draw"}) == "empty_hand"


# -- King (§1.5 step 1, §1.6 #4, §1.7, §3 #6) ---------------------------------------------------------

def test_king_takes_the_crown_when_revealed():
    s = scenario(owners={"magician": 1, "king": 2}, calling="magician", acted=True, crown=0)
    events = act(s, {"type": "end_turn"})
    assert events[-1] == Event("crown_moved", {"seat": 2, "previous": 0, "reason": "king"})
    assert doc(s)["crown"] == 2


def test_king_already_holding_the_crown_does_not_move_it():
    s = scenario(owners={"magician": 1, "king": 2}, calling="magician", acted=True, crown=2)
    events = act(s, {"type": "end_turn"})
    assert types(events) == ["turn_ended", "character_revealed"]
    assert doc(s)["crown"] == 2


def test_crown_stays_with_its_holder_when_nobody_is_king():
    # §3 #6
    s = scenario(owners={"assassin": 0, "bishop": 1, "merchant": 2, "warlord": 3}, calling="warlord",
                 acted=True, crown=2)
    events = act(s, {"type": "end_turn"})
    assert types(events)[:3] == ["turn_ended", "round_ended", "round_started"]
    assert "crown_moved" not in types(events)
    assert events[2].data["crown"] == 2
    assert doc(s)["crown"] == 2


def test_king_collects_one_gold_per_yellow_district():
    s = scenario(owners={"king": 0}, calling="king", gold={0: 0},
                 cities={0: ["manor", "castle", "temple", "tavern"]})
    events = act(s, {"type": "collect_income"})
    assert events == [Event("income", {"seat": 0, "amount": 2, "colour": "yellow", "character": "king"})]
    assert seat_gold(s, 0) == 2


# -- Bishop (§1.6 #5, §3 #3) -------------------------------------------------------------------------

def test_bishop_collects_one_gold_per_blue_district():
    s = scenario(owners={"bishop": 1}, calling="bishop", gold={1: 1},
                 cities={1: ["temple", "church", "cathedral", "manor"]})
    events = act(s, {"type": "collect_income"})
    assert events == [Event("income", {"seat": 1, "amount": 3, "colour": "blue", "character": "bishop"})]
    assert seat_gold(s, 1) == 4


def test_warlord_cannot_destroy_in_a_living_bishops_city():
    s = scenario(owners={"bishop": 1, "warlord": 3}, calling="warlord", acted=True, gold={3: 5},
                 cities={1: ["temple", "manor"], 2: ["tavern"]})
    assert illegal_code(s, {"type": "destroy", "target": 1, "card": "temple"}) == "bishop_protected"
    targets = {(a["target"], a["card"]) for a in GAME.legal_actions(s) if a["type"] == "destroy"}
    assert targets == {(2, "tavern")}


def test_warlord_may_destroy_in_an_assassinated_bishops_city():
    # §3 #3
    s = scenario(owners={"bishop": 1, "warlord": 3}, calling="warlord", acted=True, killed="bishop",
                 gold={3: 5}, cities={1: ["temple", "manor"]})
    act(s, {"type": "destroy", "target": 1, "card": "manor"})
    assert city(s, 1) == ["temple"]
    assert seat_gold(s, 3) == 3


def test_warlord_may_destroy_in_any_city_when_nobody_is_bishop():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 0}, cities={1: ["temple"]})
    act(s, {"type": "destroy", "target": 1, "card": "temple"})
    assert city(s, 1) == []


# -- Merchant (§1.5 step 3, §1.6 #6) -----------------------------------------------------------------

def test_merchant_gets_one_extra_gold_after_taking_gold():
    s = scenario(owners={"merchant": 2}, calling="merchant", gold={2: 0})
    events = act(s, {"type": "take_gold"})
    assert events == [
        Event("gold_taken", {"seat": 2, "amount": 2}),
        Event("bonus_gold", {"seat": 2, "amount": 1, "character": "merchant"}),
    ]
    assert seat_gold(s, 2) == 3


def test_merchant_gets_one_extra_gold_after_drawing_cards():
    s = scenario(owners={"merchant": 2}, calling="merchant", gold={2: 0}, deck_top=["palace", "temple"])
    act(s, {"type": "draw_cards"})
    assert seat_gold(s, 2) == 0  # not yet: the action ends when he keeps a card
    events = act(s, {"type": "keep", "card": "temple"})
    assert events[-1] == Event("bonus_gold", {"seat": 2, "amount": 1, "character": "merchant"})
    assert seat_gold(s, 2) == 1
    assert hand(s, 2) == ["temple"]
    assert doc(s)["deck"][-1] == "palace"  # the unkept card went to the bottom


def test_merchant_collects_one_gold_per_green_district_and_it_is_separate_from_the_bonus():
    s = scenario(owners={"merchant": 2}, calling="merchant", gold={2: 0},
                 cities={2: ["tavern", "market", "docks", "manor"]})
    act(s, {"type": "collect_income"})
    assert seat_gold(s, 2) == 3
    act(s, {"type": "take_gold"})
    assert seat_gold(s, 2) == 6


# -- Architect (§1.5 steps 3 and 4a, §1.6 #7) --------------------------------------------------------

def test_architect_draws_two_extra_cards_after_taking_gold():
    s = scenario(owners={"architect": 3}, calling="architect", gold={3: 0}, hands={3: ["manor"]},
                 deck_top=["palace", "temple", "tavern"])
    events = act(s, {"type": "take_gold"})
    assert events == [
        Event("gold_taken", {"seat": 3, "amount": 2}),
        Event("bonus_cards", {"seat": 3, "count": 2, "character": "architect"},
              {"cards": ["palace", "temple"]}, (3,)),
    ]
    assert hand(s, 3) == ["manor", "palace", "temple"]
    assert doc(s)["deck"][0] == "tavern"


def test_architect_draws_two_extra_cards_after_keeping_a_drawn_card():
    s = scenario(owners={"architect": 3}, calling="architect", deck_top=["palace", "temple", "tavern", "docks"])
    act(s, {"type": "draw_cards"})
    act(s, {"type": "keep", "card": "palace"})
    assert hand(s, 3) == ["palace", "tavern", "docks"]


def test_architect_builds_up_to_three_districts():
    s = scenario(owners={"architect": 3}, calling="architect", acted=True, gold={3: 10},
                 hands={3: ["temple", "tavern", "watchtower", "manor"]})
    for card in ("temple", "tavern", "watchtower"):
        act(s, {"type": "build", "card": card})
    assert city(s, 3) == ["temple", "tavern", "watchtower"]
    assert seat_gold(s, 3) == 7
    assert illegal_code(s, {"type": "build", "card": "manor"}) == "no_builds_left"
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "build"]


# -- Warlord (§1.6 #8, §3 #1 #2 #25, §1.12) -----------------------------------------------------------

def test_warlord_collects_one_gold_per_red_district():
    s = scenario(owners={"warlord": 3}, calling="warlord", gold={3: 0},
                 cities={3: ["watchtower", "prison", "fortress", "temple"]})
    events = act(s, {"type": "collect_income"})
    assert events == [Event("income", {"seat": 3, "amount": 3, "colour": "red", "character": "warlord"})]
    assert seat_gold(s, 3) == 3


def test_warlord_destroys_for_cost_minus_one_and_his_turn_ends():
    s = scenario(owners={"king": 0, "warlord": 3}, calling="warlord", acted=True, gold={3: 4},
                 cities={0: ["castle", "temple"]})
    events = act(s, {"type": "destroy", "target": 0, "card": "castle"})
    assert events[:3] == [
        Event("destroyed", {"seat": 3, "target": 0, "card": "castle", "price": 3}),
        Event("turn_ended", {"seat": 3, "character": "warlord"}),
        Event("round_ended", {"round": 2}),
    ]
    assert city(s, 0) == ["temple"]
    assert seat_gold(s, 3) == 1
    assert doc(s)["deck"][-1] == "castle"  # §1.12: destroyed districts go to the deck bottom
    assert doc(s)["phase"] == "draft"


def test_warlord_destroy_ends_his_turn_so_he_cannot_build_afterwards():
    # the Warlord is rank 8: once his turn ends the round is over and the next draft begins
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 2},
                 cities={1: ["watchtower"]}, hands={3: ["temple"]})
    act(s, {"type": "destroy", "target": 1, "card": "watchtower"})
    assert doc(s)["round"] == 3
    assert hand(s, 3) == ["temple"]


def test_warlord_destroys_a_cost_one_district_for_free():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 0}, cities={2: ["tavern"]})
    events = act(s, {"type": "destroy", "target": 2, "card": "tavern"})
    assert events[0].data["price"] == 0
    assert city(s, 2) == []


def test_warlord_may_destroy_his_own_district():
    # §3 #1
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 1},
                 cities={3: ["prison", "temple"]})
    act(s, {"type": "destroy", "target": 3, "card": "prison"})
    assert city(s, 3) == ["temple"]
    assert seat_gold(s, 3) == 0


def test_warlord_cannot_afford_the_destruction():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 3}, cities={0: ["palace"]})
    assert illegal_code(s, {"type": "destroy", "target": 0, "card": "palace"}) == "cannot_afford"


def test_warlord_must_act_before_destroying_by_default():
    # §1.6 #8, §1.12: he destroys at the end of his turn
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=False, gold={3: 5}, cities={0: ["manor"]})
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "destroy"]
    assert illegal_code(s, {"type": "destroy", "target": 0, "card": "manor"}) == "destroy_before_action"


def test_warlord_cannot_destroy_in_a_completed_city():
    # §3 #2
    full = ["manor", "castle", "palace", "temple", "church", "tavern", "market", "watchtower"]
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 9}, cities={0: full})
    assert illegal_code(s, {"type": "destroy", "target": 0, "card": "tavern"}) == "city_complete"
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "destroy"]


def test_warlord_may_destroy_in_a_seven_district_city():
    seven = ["manor", "castle", "palace", "temple", "church", "tavern", "market"]
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 9}, cities={0: seven})
    act(s, {"type": "destroy", "target": 0, "card": "tavern"})
    assert len(city(s, 0)) == 6


def test_short_game_completed_city_of_seven_is_protected():
    # §1.8, §3 #2: with the short game, 7 districts complete a city
    seven = ["manor", "castle", "palace", "temple", "church", "tavern", "market"]
    s = scenario(options={"completion_size": 7}, owners={"warlord": 3}, calling="warlord", acted=True,
                 gold={3: 9}, cities={0: seven})
    assert illegal_code(s, {"type": "destroy", "target": 0, "card": "tavern"}) == "city_complete"


def test_warlord_cannot_destroy_the_keep():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 9}, cities={0: ["keep", "manor"]})
    assert illegal_code(s, {"type": "destroy", "target": 0, "card": "keep"}) == "keep_immune"
    targets = {(a["target"], a["card"]) for a in GAME.legal_actions(s) if a["type"] == "destroy"}
    assert targets == {(0, "manor")}


def test_great_wall_raises_the_price_of_its_owners_other_districts_by_one():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 3},
                 cities={0: ["great_wall", "manor"]})
    events = act(s, {"type": "destroy", "target": 0, "card": "manor"})
    assert events[0].data["price"] == 3
    assert seat_gold(s, 3) == 0
    assert city(s, 0) == ["great_wall"]


def test_great_wall_makes_a_cost_one_district_cost_one():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 0},
                 cities={0: ["great_wall", "temple"]})
    assert illegal_code(s, {"type": "destroy", "target": 0, "card": "temple"}) == "cannot_afford"


def test_great_wall_does_not_raise_its_own_price():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 5}, cities={0: ["great_wall"]})
    events = act(s, {"type": "destroy", "target": 0, "card": "great_wall"})
    assert events[0].data["price"] == 5
    assert seat_gold(s, 3) == 0


def test_great_wall_does_not_protect_other_cities():
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 2},
                 cities={0: ["great_wall"], 1: ["manor"]})
    events = act(s, {"type": "destroy", "target": 1, "card": "manor"})
    assert events[0].data["price"] == 2


@pytest.mark.parametrize("card", ["university", "dragon_gate"])
def test_university_and_dragon_gate_cost_five_to_destroy(card):
    # §3 #25: they cost 6 (and score 8), so the Warlord pays 5
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 4}, cities={0: [card]})
    assert illegal_code(s, {"type": "destroy", "target": 0, "card": card}) == "cannot_afford"
    s = scenario(owners={"warlord": 3}, calling="warlord", acted=True, gold={3: 5}, cities={0: [card]})
    events = act(s, {"type": "destroy", "target": 0, "card": card})
    assert events[0] == Event("destroyed", {"seat": 3, "target": 0, "card": card, "price": 5})
    assert seat_gold(s, 3) == 0


def test_warlord_any_time_option_destroys_before_his_action_and_the_turn_continues():
    # §1.12, §1.13 #8: warlord_timing="any_time" (Czech rules)
    s = scenario(options={"warlord_timing": "any_time"}, owners={"warlord": 3}, calling="warlord",
                 acted=False, gold={3: 2}, cities={0: ["manor"]}, hands={3: ["temple"]})
    assert {"type": "destroy", "target": 0, "card": "manor"} in GAME.legal_actions(s)
    events = act(s, {"type": "destroy", "target": 0, "card": "manor"})
    assert events == [Event("destroyed", {"seat": 3, "target": 0, "card": "manor", "price": 2})]
    assert doc(s)["phase"] == "turn"
    assert doc(s)["characters"]["calling"] == "warlord"
    assert GAME.to_move(s) == 3
    act(s, {"type": "take_gold"})
    act(s, {"type": "build", "card": "temple"})
    assert city(s, 3) == ["temple"]
    assert seat_gold(s, 3) == 1
    assert illegal_code(s, {"type": "destroy", "target": 3, "card": "temple"}) == "power_used"
    events = act(s, {"type": "end_turn"})
    assert events[0] == Event("turn_ended", {"seat": 3, "character": "warlord"})


def test_warlord_any_time_option_destroy_after_action_does_not_end_the_turn():
    s = scenario(options={"warlord_timing": "any_time"}, owners={"warlord": 3}, calling="warlord",
                 acted=True, gold={3: 0}, cities={0: ["tavern"]})
    act(s, {"type": "destroy", "target": 0, "card": "tavern"})
    assert doc(s)["phase"] == "turn"
    assert GAME.legal_actions(s) == [{"type": "end_turn"}]


# -- income and building (§1.5 4a and 4c, §3 #23, §2.2 School of Magic) --------------------------------

def test_income_is_collected_all_at_once_and_only_once():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 0}, cities={0: ["manor"]},
                 hands={0: ["castle"]})
    act(s, {"type": "collect_income"})
    assert {"type": "collect_income"} not in GAME.legal_actions(s)
    assert illegal_code(s, {"type": "collect_income"}) == "income_taken"
    assert seat_gold(s, 0) == 1


def test_income_may_be_collected_after_building_and_counts_the_new_district():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 3}, cities={0: ["castle"]},
                 hands={0: ["manor"]})
    act(s, {"type": "build", "card": "manor"})
    assert seat_gold(s, 0) == 0
    events = act(s, {"type": "collect_income"})
    assert events[0].data["amount"] == 2
    assert seat_gold(s, 0) == 2


def test_income_may_be_collected_before_building_to_pay_for_it():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 2},
                 cities={0: ["castle"]}, hands={0: ["manor"]})
    assert {"type": "build", "card": "manor"} not in GAME.legal_actions(s)
    act(s, {"type": "collect_income"})
    act(s, {"type": "build", "card": "manor"})
    assert city(s, 0) == ["castle", "manor"]
    assert seat_gold(s, 0) == 0
    assert illegal_code(s, {"type": "collect_income"}) == "income_taken"  # not a second time after


def test_income_may_be_collected_before_the_action():
    s = scenario(owners={"warlord": 3}, calling="warlord", gold={3: 0}, cities={3: ["prison"]})
    act(s, {"type": "collect_income"})
    act(s, {"type": "take_gold"})
    assert seat_gold(s, 3) == 3


def test_character_without_income_colour_collects_nothing():
    s = scenario(owners={"architect": 3}, calling="architect", cities={3: ["manor", "school_of_magic"]})
    assert {"type": "collect_income"} not in GAME.legal_actions(s)
    assert illegal_code(s, {"type": "collect_income"}) == "no_income"


def test_no_income_without_a_district_of_the_colour():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["temple"]})
    assert {"type": "collect_income"} not in GAME.legal_actions(s)
    assert illegal_code(s, {"type": "collect_income"}) == "no_income"


@pytest.mark.parametrize(("character", "seat", "colour_district", "colour"), [
    ("king", 0, "manor", "yellow"),
    ("bishop", 1, "temple", "blue"),
    ("merchant", 2, "tavern", "green"),
    ("warlord", 3, "watchtower", "red"),
])
def test_school_of_magic_pays_income_to_every_income_character(character, seat, colour_district, colour):
    # §2.2: the School of Magic counts as any colour for income
    s = scenario(owners={character: seat}, calling=character, gold={seat: 0},
                 cities={seat: ["school_of_magic", colour_district, "fortress" if seat != 3 else "castle"]})
    events = act(s, {"type": "collect_income"})
    assert events == [Event("income", {"seat": seat, "amount": 2, "colour": colour, "character": character})]
    assert seat_gold(s, seat) == 2


def test_school_of_magic_alone_pays_one():
    s = scenario(owners={"bishop": 1}, calling="bishop", gold={1: 0}, cities={1: ["school_of_magic"]})
    act(s, {"type": "collect_income"})
    assert seat_gold(s, 1) == 1


def test_building_pays_the_cost_and_moves_the_card_from_hand_to_city():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 5}, hands={0: ["castle", "temple"]})
    events = act(s, {"type": "build", "card": "castle"})
    assert events == [Event("built", {"seat": 0, "card": "castle", "cost": 4})]
    assert hand(s, 0) == ["temple"]
    assert city(s, 0) == ["castle"]
    assert seat_gold(s, 0) == 1


def test_building_is_only_allowed_after_the_action():
    s = scenario(owners={"king": 0}, calling="king", acted=False, gold={0: 5}, hands={0: ["castle"]})
    assert not [a for a in GAME.legal_actions(s) if a["type"] == "build"]
    assert illegal_code(s, {"type": "build", "card": "castle"}) == "build_before_action"
    act(s, {"type": "take_gold"})
    act(s, {"type": "build", "card": "castle"})
    assert city(s, 0) == ["castle"]


def test_ordinary_characters_build_at_most_one_district():
    s = scenario(owners={"merchant": 2}, calling="merchant", acted=True, gold={2: 9},
                 hands={2: ["temple", "tavern"]})
    act(s, {"type": "build", "card": "temple"})
    assert illegal_code(s, {"type": "build", "card": "tavern"}) == "no_builds_left"


def test_a_city_may_not_hold_two_districts_of_the_same_name():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 9}, hands={0: ["manor"]},
                 cities={0: ["manor"]})
    assert {"type": "build", "card": "manor"} not in GAME.legal_actions(s)
    assert illegal_code(s, {"type": "build", "card": "manor"}) == "duplicate_district"


def test_another_player_may_build_a_district_of_a_name_in_a_different_city():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 3}, hands={0: ["manor"]},
                 cities={1: ["manor"]})
    act(s, {"type": "build", "card": "manor"})
    assert city(s, 0) == ["manor"]


def test_building_the_eighth_district_completes_the_city_and_fixes_the_end():
    # §1.8
    seven = ["manor", "castle", "palace", "temple", "church", "tavern", "market"]
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 1}, cities={0: seven},
                 hands={0: ["watchtower"]})
    events = act(s, {"type": "build", "card": "watchtower"})
    assert events[-1] == Event("city_completed", {"seat": 0, "first": True})
    assert doc(s)["first_complete"] == 0
    assert doc(s)["end_triggered"] is True
