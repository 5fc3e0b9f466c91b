"""Scenario tests for every base purple district (spec §2.2, §2.5, §3) and the discard_mode option (§1.12)."""

from __future__ import annotations

import pytest

from cetate.core.errors import IllegalAction
from cetate.games.citadels.data import DISTRICT_IDS, DISTRICT_INDEX
from cetate.games.citadels.rules import compute_result, destroy_price, score_seat
from tests.games.citadels.scenario import GAME, scenario, snapshot, types


def ids(cards: list[int]) -> list[str]:
    return [DISTRICT_IDS[c] for c in cards]



def first(events, etype: str):
    return next(e for e in events if e.type == etype)


def deck_top(s, k: int) -> list[str]:
    """The k top cards of the deck, top first (the deck list's end is the top)."""
    return ids(s.deck[::-1][:k])


def illegal(s, action: dict, code: str) -> None:
    before = snapshot(s)
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, action)
    assert exc.value.code == code
    assert snapshot(s) == before  # an illegal action changes nothing


def warlord_state(players=4, **kw):
    """The Warlord (seat 0) after his action, about to destroy (end of turn, spec §1.6 Warlord)."""
    owners = kw.pop("owners", {"warlord": 0})
    return scenario(players, owners=owners, calling="warlord", acted=True, **kw)


def city_state(cities: dict, **kw):
    """A state only used for scoring: the King (seat 0) is being called."""
    return scenario(owners={"king": 0}, calling="king", cities=cities, **kw)


def destroy_actions(s) -> list[tuple[int, str]]:
    return [(a["target"], a["card"]) for a in GAME.legal_actions(s) if a["type"] == "destroy"]


# -- Haunted City (spec §2.2, §1.9 #2) -----------------------------------------------------------------

FOUR_NO_RED = ["keep", "manor", "temple", "tavern"]  # purple, yellow, blue, green: red is missing


def test_haunted_city_counts_as_the_missing_colour():
    s = city_state({0: ["haunted_city", *FOUR_NO_RED]}, round=3)
    s.haunted_round[0] = 2  # built in an earlier round
    sc = score_seat(s, 0)
    assert sc["districts"] == 2 + 3 + 3 + 1 + 1
    assert sc["all_colours"] == 3
    assert sc["total"] == 13


def test_haunted_city_built_in_the_final_round_is_only_purple():
    s = city_state({0: ["haunted_city", *FOUR_NO_RED]}, round=3)
    s.haunted_round[0] = 3  # the final round: no colour change (spec §2.2)
    sc = score_seat(s, 0)
    assert sc["all_colours"] == 0
    assert sc["total"] == 10


def test_haunted_city_built_in_the_final_round_still_is_purple():
    # it is itself purple, so with the four other colours the bonus stands
    s = city_state({0: ["haunted_city", "manor", "temple", "tavern", "watchtower"]}, round=3)
    s.haunted_round[0] = 3
    assert score_seat(s, 0)["all_colours"] == 3


def test_haunted_city_cannot_fill_two_missing_colours():
    s = city_state({0: ["haunted_city", "keep", "manor", "temple"]}, round=3)  # no green, no red
    s.haunted_round[0] = 1
    assert score_seat(s, 0)["all_colours"] == 0


def test_haunted_city_gives_no_income():
    # spec §2.2: it has no effect on income
    s = scenario(owners={"warlord": 0}, calling="warlord", cities={0: ["haunted_city", "watchtower"]})
    GAME.apply(s, {"type": "take_gold"})
    ev = GAME.apply(s, {"type": "collect_income"})
    assert first(ev, "income").data["amount"] == 1


def test_building_haunted_city_records_the_round_and_the_final_round_denies_the_bonus():
    seven = ["keep", "manor", "temple", "tavern", "castle", "church", "market"]  # no red
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={0: seven},
                 hands={0: ["haunted_city"]}, gold={0: 5}, round=4)
    GAME.apply(s, {"type": "build", "card": "haunted_city"})
    assert s.haunted_round[0] == 4
    assert GAME.to_json(s)["seats"][0]["haunted_round"] == 4
    assert s.end_triggered
    ev = GAME.apply(s, {"type": "end_turn"})
    assert "game_over" in types(ev)
    sc = s.result["scores"][0]
    assert sc["all_colours"] == 0  # built in the final round (round 4)
    assert sc["districts"] == 2 + 3 + 3 + 1 + 1 + 4 + 2 + 2
    assert sc["first_complete"] == 4
    assert sc["total"] == 18 + 4


def test_haunted_city_built_earlier_gives_the_bonus_at_the_end():
    seven = ["haunted_city", "keep", "manor", "temple", "tavern", "castle", "church"]
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={0: seven},
                 hands={0: ["market"]}, gold={0: 5}, round=4)
    s.haunted_round[0] = 3
    GAME.apply(s, {"type": "build", "card": "market"})
    GAME.apply(s, {"type": "end_turn"})
    sc = s.result["scores"][0]
    assert sc["all_colours"] == 3
    assert sc["total"] == 18 + 3 + 4


def test_destroying_haunted_city_clears_its_round():
    s = warlord_state(cities={1: ["haunted_city", "manor"]}, gold={0: 3})
    s.haunted_round[1] = 2
    GAME.apply(s, {"type": "destroy", "target": 1, "card": "haunted_city"})
    assert s.cities[1] == [DISTRICT_INDEX["manor"]]
    assert s.haunted_round[1] == -1


# -- Keep (spec §2.2, §2.5 #3) -------------------------------------------------------------------------

def test_keep_cannot_be_destroyed_by_the_warlord():
    s = warlord_state(cities={1: ["keep", "manor"]}, gold={0: 10})
    assert destroy_actions(s) == [(1, "manor")]
    illegal(s, {"type": "destroy", "target": 1, "card": "keep"}, "keep_immune")


def test_keep_in_the_warlords_own_city_is_also_immune():
    s = warlord_state(cities={0: ["keep", "watchtower"]}, gold={0: 10})
    assert destroy_actions(s) == [(0, "watchtower")]  # spec §3 #1: own districts are allowed, not the Keep
    illegal(s, {"type": "destroy", "target": 0, "card": "keep"}, "keep_immune")


def test_keep_scores_its_cost():
    s = city_state({0: ["keep"]})
    assert score_seat(s, 0)["districts"] == 3


# -- Laboratory (spec §2.2) ----------------------------------------------------------------------------

def test_laboratory_discards_to_the_deck_bottom_for_one_gold():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["laboratory"]},
                 hands={0: ["manor", "castle"]}, gold={0: 1})
    size = len(s.deck)
    assert {"type": "laboratory", "card": "castle"} in GAME.legal_actions(s)
    ev = GAME.apply(s, {"type": "laboratory", "card": "castle"})
    assert ids(s.hands[0]) == ["manor"]
    assert s.gold[0] == 2
    assert len(s.deck) == size + 1
    assert s.deck[0] == DISTRICT_INDEX["castle"]  # index 0 is the bottom
    assert s.discard_pile == []
    e = first(ev, "laboratory_used")
    assert e.data == {"seat": 0, "amount": 1}
    assert e.secret == {"card": "castle"} and e.seats == (0,)
    assert not any(a["type"] == "laboratory" for a in GAME.legal_actions(s))


def test_laboratory_once_per_turn():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["laboratory"]},
                 hands={0: ["manor", "castle"]})
    GAME.apply(s, {"type": "laboratory", "card": "manor"})
    illegal(s, {"type": "laboratory", "card": "castle"}, "district_used")


def test_laboratory_usable_before_the_action():
    s = scenario(owners={"king": 0}, calling="king", acted=False, cities={0: ["laboratory"]},
                 hands={0: ["manor"]}, gold={0: 0})
    GAME.apply(s, {"type": "laboratory", "card": "manor"})
    assert s.gold[0] == 1 and not s.acted


def test_laboratory_needs_the_district_and_the_card():
    s = scenario(owners={"king": 0}, calling="king", acted=True, hands={0: ["manor"]})
    assert not any(a["type"] == "laboratory" for a in GAME.legal_actions(s))
    illegal(s, {"type": "laboratory", "card": "manor"}, "no_district")
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["laboratory"]}, hands={0: ["manor"]})
    illegal(s, {"type": "laboratory", "card": "castle"}, "card_not_in_hand")


def test_laboratory_is_available_again_to_the_next_character_of_the_same_player():
    # 2 players: seat 0 plays the King and then the Warlord; each turn may use the Laboratory once
    s = scenario(2, owners={"king": 0, "warlord": 0}, calling="king", acted=True,
                 cities={0: ["laboratory"]}, hands={0: ["manor", "castle"]}, gold={0: 0})
    GAME.apply(s, {"type": "laboratory", "card": "manor"})
    GAME.apply(s, {"type": "end_turn"})
    assert s.roster[s.calling] == "warlord" and GAME.to_move(s) == 0
    GAME.apply(s, {"type": "take_gold"})
    GAME.apply(s, {"type": "laboratory", "card": "castle"})
    assert s.gold[0] == 1 + 2 + 1
    assert s.hands[0] == []


# -- Smithy (spec §2.2) --------------------------------------------------------------------------------

def test_smithy_pays_two_and_draws_three_from_the_top():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["smithy"]},
                 deck_top=["palace", "cathedral", "fortress", "town_hall"], gold={0: 3})
    size = len(s.deck)
    ev = GAME.apply(s, {"type": "smithy"})
    assert ids(s.hands[0]) == ["palace", "cathedral", "fortress"]
    assert s.gold[0] == 1
    assert len(s.deck) == size - 3
    assert deck_top(s, 1) == ["town_hall"]
    e = first(ev, "smithy_used")
    assert e.data == {"seat": 0, "paid": 2, "count": 3}
    assert e.secret == {"cards": ["palace", "cathedral", "fortress"]} and e.seats == (0,)
    illegal(s, {"type": "smithy"}, "district_used")


def test_smithy_needs_two_gold():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["smithy"]}, gold={0: 1})
    assert {"type": "smithy"} not in GAME.legal_actions(s)
    illegal(s, {"type": "smithy"}, "cannot_afford")


def test_smithy_needs_the_district():
    s = scenario(owners={"king": 0}, calling="king", acted=True, gold={0: 5})
    illegal(s, {"type": "smithy"}, "no_district")


def test_smithy_pays_into_a_capped_bank():
    s = scenario(owners={"king": 0}, calling="king", acted=True, cities={0: ["smithy"]}, gold={0: 4},
                 options={"bank_limit": 30})
    bank = s.bank
    GAME.apply(s, {"type": "smithy"})
    assert s.bank == bank + 2
    assert s.bank + sum(s.gold) == 30


# -- Observatory, Library, both (spec §1.5 step 2, §2.2, §2.5 #19) -----------------------------------

TOP3 = ["palace", "cathedral", "fortress"]


def test_observatory_draws_three_keeps_one_and_two_go_to_the_bottom():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["observatory"]}, deck_top=TOP3)
    size = len(s.deck)
    ev = GAME.apply(s, {"type": "draw_cards"})
    assert first(ev, "cards_drawn").data == {"seat": 0, "count": 3}
    assert s.phase == "keep" and s.keep == 1
    assert sorted(ids(s.drawn)) == sorted(TOP3)
    assert GAME.legal_actions(s) == [{"type": "keep", "card": c} for c in ["palace", "cathedral", "fortress"]]
    assert sorted(c["id"] for c in GAME.view(s, 0)["you"]["drawn"]) == sorted(TOP3)
    assert "drawn" not in GAME.view(s, 1)["you"]
    ev = GAME.apply(s, {"type": "keep", "card": "cathedral"})
    assert s.phase == "turn" and s.acted
    assert ids(s.hands[0]) == ["cathedral"]
    assert sorted(ids(s.deck[:2])) == ["fortress", "palace"]  # the two others at the bottom
    assert len(s.deck) == size - 1
    assert first(ev, "cards_returned").data == {"seat": 0, "count": 2, "to": "deck_bottom"}


def test_library_keeps_both_drawn_cards():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["library"]}, deck_top=TOP3)
    ev = GAME.apply(s, {"type": "draw_cards"})
    assert s.phase == "turn" and s.acted
    assert ids(s.hands[0]) == ["palace", "cathedral"]
    assert first(ev, "cards_kept").data == {"seat": 0, "count": 2}
    assert deck_top(s, 1) == ["fortress"]


def test_library_and_observatory_draw_three_keep_two():
    s = scenario(owners={"king": 0}, calling="king", cities={0: ["library", "observatory"]}, deck_top=TOP3)
    size = len(s.deck)
    GAME.apply(s, {"type": "draw_cards"})
    assert s.phase == "keep" and s.keep == 2 and len(s.drawn) == 3
    GAME.apply(s, {"type": "keep", "card": "fortress"})
    assert s.phase == "keep" and s.keep == 1
    illegal(s, {"type": "keep", "card": "fortress"}, "card_not_drawn")
    GAME.apply(s, {"type": "keep", "card": "palace"})
    assert s.phase == "turn"
    assert ids(s.hands[0]) == ["fortress", "palace"]
    assert ids(s.deck[:1]) == ["cathedral"]
    assert len(s.deck) == size - 2


def test_without_purples_draw_two_keep_one():
    s = scenario(owners={"king": 0}, calling="king", deck_top=TOP3)
    GAME.apply(s, {"type": "draw_cards"})
    assert s.phase == "keep" and sorted(ids(s.drawn)) == ["cathedral", "palace"]
    GAME.apply(s, {"type": "keep", "card": "palace"})
    assert ids(s.hands[0]) == ["palace"] and ids(s.deck[:1]) == ["cathedral"]
    assert deck_top(s, 1) == ["fortress"]


# -- Graveyard (spec §2.2, §2.5 #6-8) ------------------------------------------------------------------

def test_graveyard_owner_may_take_the_destroyed_card():
    s = warlord_state(cities={1: ["graveyard"], 2: ["castle"]}, gold={0: 3, 1: 1})
    ev = GAME.apply(s, {"type": "destroy", "target": 2, "card": "castle"})
    assert types(ev) == ["destroyed", "graveyard_offer"]
    assert first(ev, "graveyard_offer").data == {"seat": 1, "card": "castle"}
    assert s.phase == "graveyard" and GAME.to_move(s) == 1
    assert GAME.legal_actions(s) == [{"type": "graveyard_take"}, {"type": "graveyard_decline"}]
    assert GAME.view(s, None)["graveyard"] == {"card": "castle", "warlord": 0, "owner": 1}
    assert s.gold[0] == 0 and s.cities[2] == []
    with pytest.raises(IllegalAction) as exc:
        GAME.apply(s, {"type": "graveyard_take"}, seat=0)
    assert exc.value.code == "not_your_turn"
    size = len(s.deck)
    ev = GAME.apply(s, {"type": "graveyard_take"}, seat=1)
    assert s.gold[1] == 0
    assert ids(s.hands[1]) == ["castle"]
    assert len(s.deck) == size  # not discarded
    assert s.graveyard is None
    # after the Graveyard the Warlord's turn ends (rank 8 is last: the round ends)
    assert types(ev)[:3] == ["graveyard_taken", "turn_ended", "round_ended"]
    assert first(ev, "turn_ended").data == {"seat": 0, "character": "warlord"}
    assert s.phase == "draft" and s.round == 3


def test_graveyard_decline_discards_and_ends_the_warlords_turn():
    s = warlord_state(owners={"warlord": 0, "king": 3}, revealed=["king", "warlord"],
                      cities={1: ["graveyard"], 2: ["castle"]}, gold={0: 3, 1: 4})
    GAME.apply(s, {"type": "destroy", "target": 2, "card": "castle"})
    ev = GAME.apply(s, {"type": "graveyard_decline"})
    assert types(ev)[:2] == ["graveyard_declined", "turn_ended"]
    assert s.gold[1] == 4
    assert s.hands[1] == []
    assert s.deck[0] == DISTRICT_INDEX["castle"]  # destroyed card to the deck bottom
    assert s.phase == "draft" and s.round == 3


def test_graveyard_saves_a_district_of_its_own_city():
    s = warlord_state(cities={1: ["graveyard", "manor"]}, gold={0: 2, 1: 1})
    GAME.apply(s, {"type": "destroy", "target": 1, "card": "manor"})
    assert s.phase == "graveyard"
    GAME.apply(s, {"type": "graveyard_take"})
    assert ids(s.hands[1]) == ["manor"] and ids(s.cities[1]) == ["graveyard"]


def test_graveyard_needs_one_gold():
    s = warlord_state(cities={1: ["graveyard"], 2: ["castle"]}, gold={0: 3, 1: 0})
    ev = GAME.apply(s, {"type": "destroy", "target": 2, "card": "castle"})
    assert "graveyard_offer" not in types(ev)
    assert s.deck[0] == DISTRICT_INDEX["castle"]
    assert s.phase == "draft"  # the Warlord's turn ended at once


def test_graveyard_not_offered_to_the_warlords_player():
    s = warlord_state(cities={0: ["graveyard"], 2: ["castle"]}, gold={0: 5})
    ev = GAME.apply(s, {"type": "destroy", "target": 2, "card": "castle"})
    assert "graveyard_offer" not in types(ev)
    assert s.hands[0] == [] and s.deck[0] == DISTRICT_INDEX["castle"]


def test_graveyard_not_offered_to_the_warlords_player_with_two_characters():
    # spec §2.5 #7: in 2-3 player games that is the Warlord's owner even while playing another character
    s = warlord_state(3, owners={"warlord": 0, "merchant": 0, "king": 1},
                      cities={0: ["graveyard"], 1: ["castle"]}, gold={0: 5})
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "castle"})
    assert "graveyard_offer" not in types(ev)


def test_graveyard_does_not_save_itself():
    s = warlord_state(cities={1: ["graveyard"]}, gold={0: 4, 1: 3})  # spec §2.5 #8
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "graveyard"})
    assert "graveyard_offer" not in types(ev)
    assert s.cities[1] == [] and s.deck[0] == DISTRICT_INDEX["graveyard"]


def test_graveyard_any_time_warlord_continues_his_turn():
    s = warlord_state(cities={1: ["graveyard"], 2: ["castle"]}, gold={0: 3, 1: 1},
                      options={"warlord_timing": "any_time"})
    GAME.apply(s, {"type": "destroy", "target": 2, "card": "castle"})
    ev = GAME.apply(s, {"type": "graveyard_decline"})
    assert types(ev) == ["graveyard_declined"]
    assert s.phase == "turn" and GAME.to_move(s) == 0 and s.power_used


def test_graveyard_offer_survives_a_json_round_trip():
    s = warlord_state(cities={1: ["graveyard"], 2: ["castle"]}, gold={0: 3, 1: 1})
    GAME.apply(s, {"type": "destroy", "target": 2, "card": "castle"})
    t = GAME.from_json(GAME.to_json(s))
    assert t == s
    GAME.apply(t, {"type": "graveyard_take"})
    assert ids(t.hands[1]) == ["castle"]


# -- Dragon Gate and University (spec §2.2, §3 #25) ---------------------------------------------------

@pytest.mark.parametrize("card", ["dragon_gate", "university"])
def test_six_cost_eight_points_five_to_destroy(card):
    s = scenario(owners={"king": 0}, calling="king", acted=True, hands={0: [card]}, gold={0: 6})
    ev = GAME.apply(s, {"type": "build", "card": card})
    assert first(ev, "built").data == {"seat": 0, "card": card, "cost": 6}
    assert s.gold[0] == 0
    assert score_seat(s, 0)["districts"] == 8
    assert destroy_price(s, 0, DISTRICT_INDEX[card]) == 5

    s = warlord_state(cities={1: [card]}, gold={0: 4})
    assert destroy_actions(s) == []
    s = warlord_state(cities={1: [card]}, gold={0: 5})
    assert destroy_actions(s) == [(1, card)]
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": card})
    assert first(ev, "destroyed").data["price"] == 5 and s.gold[0] == 0


def test_six_cost_cannot_be_built_with_five():
    s = scenario(owners={"king": 0}, calling="king", acted=True, hands={0: ["university"]}, gold={0: 5})
    illegal(s, {"type": "build", "card": "university"}, "cannot_afford")


# -- Great Wall (spec §2.2, §2.5 #1) -------------------------------------------------------------------

def test_great_wall_raises_the_price_of_the_owners_other_districts():
    s = warlord_state(cities={1: ["great_wall", "manor", "watchtower", "dragon_gate"], 2: ["manor"]})
    price = {(t, name): destroy_price(s, t, DISTRICT_INDEX[name])
             for t, name in [(1, "great_wall"), (1, "manor"), (1, "watchtower"), (1, "dragon_gate"), (2, "manor")]}
    assert price == {(1, "great_wall"): 5, (1, "manor"): 3, (1, "watchtower"): 1, (1, "dragon_gate"): 6,
                     (2, "manor"): 2}


def test_great_wall_prices_in_legal_actions_and_payment():
    s = warlord_state(cities={1: ["great_wall", "manor", "watchtower"], 2: ["manor"]}, gold={0: 2})
    assert destroy_actions(s) == [(1, "watchtower"), (2, "manor")]
    illegal(s, {"type": "destroy", "target": 1, "card": "manor"}, "cannot_afford")
    ev = GAME.apply(s, {"type": "destroy", "target": 1, "card": "watchtower"})
    assert first(ev, "destroyed").data["price"] == 1 and s.gold[0] == 1


def test_great_wall_gives_no_protection_to_other_cities():
    s = warlord_state(cities={0: ["great_wall"], 1: ["watchtower"]}, gold={0: 0})
    assert destroy_actions(s) == [(1, "watchtower")]  # a cost-1 district is free


# -- School of Magic (spec §2.2, §1.9 #2) -------------------------------------------------------------

@pytest.mark.parametrize(("character", "district"), [
    ("king", "manor"), ("bishop", "temple"), ("merchant", "tavern"), ("warlord", "watchtower")])
def test_school_of_magic_pays_every_income_character(character, district):
    s = scenario(owners={character: 0}, calling=character, acted=True,
                 cities={0: ["school_of_magic", district, "keep"]}, gold={0: 0})
    assert GAME.view(s, 0)["turn"]["income_available"] == 2
    ev = GAME.apply(s, {"type": "collect_income"})
    assert first(ev, "income").data["amount"] == 2
    assert s.gold[0] == 2


@pytest.mark.parametrize("character", ["assassin", "thief", "magician", "architect"])
def test_school_of_magic_gives_nothing_to_characters_without_income(character):
    s = scenario(owners={character: 0}, calling=character, acted=True, cities={0: ["school_of_magic"]})
    assert {"type": "collect_income"} not in GAME.legal_actions(s)
    illegal(s, {"type": "collect_income"}, "no_income")


def test_school_of_magic_alone_pays_one():
    s = scenario(owners={"bishop": 0}, calling="bishop", cities={0: ["school_of_magic"]}, gold={0: 0})
    assert {"type": "collect_income"} in GAME.legal_actions(s)
    GAME.apply(s, {"type": "collect_income"})
    assert s.gold[0] == 1


def test_school_of_magic_is_purple_for_the_five_colour_bonus():
    s = city_state({0: ["school_of_magic", "manor", "temple", "tavern", "watchtower"]})
    sc = score_seat(s, 0)
    assert sc["all_colours"] == 3 and sc["districts"] == 6 + 3 + 1 + 1 + 1
    s = city_state({0: ["school_of_magic", "keep", "manor", "temple", "tavern"]})  # no red
    assert score_seat(s, 0)["all_colours"] == 0


# -- discard_mode (spec §1.12, §1.13 #4) ----------------------------------------------------------------

def test_discard_pile_mode_sends_unkept_cards_to_the_pile():
    s = scenario(owners={"king": 0}, calling="king", deck_top=TOP3, options={"discard_mode": "discard_pile"})
    size = len(s.deck)
    GAME.apply(s, {"type": "draw_cards"})
    ev = GAME.apply(s, {"type": "keep", "card": "cathedral"})
    assert ids(s.discard_pile) == ["palace"]
    assert len(s.deck) == size - 2
    assert first(ev, "cards_returned").data["to"] == "discard_pile"
    assert GAME.view(s, 1)["discard_pile_size"] == 1


def test_discard_pile_mode_laboratory_and_destroyed_district():
    s = scenario(owners={"warlord": 0}, calling="warlord", acted=True, cities={0: ["laboratory"], 1: ["manor"]},
                 hands={0: ["castle"]}, gold={0: 5}, options={"discard_mode": "discard_pile"})
    size = len(s.deck)
    GAME.apply(s, {"type": "laboratory", "card": "castle"})
    GAME.apply(s, {"type": "destroy", "target": 1, "card": "manor"})
    assert ids(s.discard_pile) == ["castle", "manor"]
    assert len(s.deck) == size


def test_discard_pile_is_reshuffled_when_the_deck_runs_out():
    s = scenario(owners={"king": 0}, calling="king", options={"discard_mode": "discard_pile"})
    s.discard_pile = s.deck[:]
    s.deck = []
    total = len(s.discard_pile)
    ev = GAME.apply(s, {"type": "draw_cards"})
    assert first(ev, "deck_reshuffled").data == {"size": total}
    assert len(s.drawn) == 2
    GAME.apply(s, {"type": "keep", "card": ids(s.drawn)[0]})
    assert len(s.hands[0]) == 1
    assert len(s.discard_pile) == 1
    assert len(s.deck) == total - 2
    GAME.from_json(GAME.to_json(s))  # cards are conserved


def test_deck_bottom_mode_with_an_empty_deck_draws_nothing():
    # spec §1.12: draw whatever is available; the action still counts
    s = scenario(owners={"king": 0}, calling="king", deck_top=["manor"])
    s.hands[1], s.deck = s.deck[:-1], s.deck[-1:]  # one card left in the deck; the rest held by seat 1
    GAME.from_json(GAME.to_json(s))  # still a valid state
    ev = GAME.apply(s, {"type": "draw_cards"})
    assert "deck_reshuffled" not in types(ev)
    assert s.phase == "turn" and s.acted
    assert ids(s.hands[0]) == ["manor"] and s.deck == []
    t = s.clone()
    GAME.apply(t, {"type": "end_turn"})  # the turn can end: the action counted


def test_deck_bottom_mode_puts_cards_at_index_zero_and_draws_from_the_end():
    s = scenario(owners={"magician": 0}, calling="magician", acted=True, hands={0: ["manor", "castle"]},
                 deck_top=["palace", "temple"])
    GAME.apply(s, {"type": "discard_and_draw"})
    GAME.apply(s, {"type": "discard", "card": "manor"})
    GAME.apply(s, {"type": "stop_discarding"})
    assert ids(s.hands[0]) == ["castle", "palace"]
    assert s.deck[0] == DISTRICT_INDEX["manor"]
    assert deck_top(s, 1) == ["temple"]


def test_compute_result_counts_purple_scores():
    s = city_state({0: ["dragon_gate", "university", "great_wall", "keep"]})
    sc = compute_result(s)["scores"][0]
    assert sc["districts"] == 8 + 8 + 6 + 3 and sc["all_colours"] == 0
