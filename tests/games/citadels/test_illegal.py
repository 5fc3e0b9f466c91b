"""Illegal actions raise IllegalAction with a stable code and leave the state exactly as it was.

Spec citadels §1.5 (turn structure), §1.6 (powers), §3 (rulings); the engine's contract (rules.py docstring):
`apply` validates an action completely before it changes anything.
"""

from __future__ import annotations

import pytest

from cetate.core.errors import IllegalAction
from tests.games.citadels.scenario import GAME, scenario

FULL_CITY = ["manor", "castle", "palace", "temple", "church", "tavern", "market", "watchtower"]


def assert_illegal(state, action, code: str, seat: int | None = None) -> IllegalAction:
    """`action` is refused with `code`, and the state (and a clone of it) is left unchanged."""
    before = GAME.to_json(state)
    twin = GAME.clone(state)
    with pytest.raises(IllegalAction) as info:
        GAME.apply(state, action, seat=seat)
    assert info.value.code == code, info.value
    assert GAME.to_json(state) == before
    assert state == twin
    return info.value


def king_turn(**kw):
    base = {"owners": {"assassin": 1, "king": 0, "warlord": 3}, "calling": "king"}
    base.update(kw)
    return scenario(**base)


# -- wrong seat ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seat", [1, 2, 3])
def test_a_seat_that_is_not_to_move_is_refused(seat):
    s = king_turn()
    assert GAME.to_move(s) == 0
    assert_illegal(s, {"type": "take_gold"}, "not_your_turn", seat=seat)


def test_a_seat_out_of_range_is_not_to_move():
    s = king_turn()
    assert_illegal(s, {"type": "take_gold"}, "not_your_turn", seat=7)


def test_the_right_seat_is_accepted():
    s = king_turn()
    GAME.apply(s, {"type": "take_gold"}, seat=0)
    assert GAME.to_json(s)["seats"][0]["gold"] == 4


def test_wrong_seat_in_the_keep_phase():
    s = king_turn(deck_top=["manor", "temple"])
    GAME.apply(s, {"type": "draw_cards"}, seat=0)
    assert_illegal(s, {"type": "keep", "card": "manor"}, "not_your_turn", seat=2)


def test_wrong_seat_in_the_draft():
    s = GAME.setup(4, 7, {"starting_seat": 2})
    assert GAME.to_move(s) == 2
    pick = GAME.legal_actions(s)[0]
    assert_illegal(s, pick, "not_your_turn", seat=0)


# -- building ------------------------------------------------------------------------------------------

def test_unaffordable_build():
    s = king_turn(acted=True, gold={0: 3}, hands={0: ["castle"]})
    err = assert_illegal(s, {"type": "build", "card": "castle"}, "cannot_afford")
    assert err.params == {"card": "castle"}


def test_duplicate_build():
    s = king_turn(acted=True, gold={0: 9}, hands={0: ["castle"]}, cities={0: ["castle"]})
    assert_illegal(s, {"type": "build", "card": "castle"}, "duplicate_district")


def test_build_before_the_action():
    s = king_turn(acted=False, gold={0: 9}, hands={0: ["castle"]})
    assert_illegal(s, {"type": "build", "card": "castle"}, "build_before_action")


def test_build_of_a_card_not_in_hand():
    s = king_turn(acted=True, gold={0: 9}, hands={0: ["castle"]}, cities={1: ["palace"]})
    assert_illegal(s, {"type": "build", "card": "palace"}, "card_not_in_hand")


def test_build_beyond_the_build_limit():
    s = king_turn(acted=True, gold={0: 9}, hands={0: ["castle", "temple"]})
    GAME.apply(s, {"type": "build", "card": "temple"})
    assert_illegal(s, {"type": "build", "card": "castle"}, "no_builds_left")


# -- Warlord ---------------------------------------------------------------------------------------------

def warlord_turn(**kw):
    base = {"owners": {"bishop": 1, "warlord": 3}, "calling": "warlord", "acted": True, "gold": {3: 9}}
    base.update(kw)
    return scenario(**base)


def test_warlord_on_a_completed_city():
    s = warlord_turn(cities={0: FULL_CITY})
    assert_illegal(s, {"type": "destroy", "target": 0, "card": "manor"}, "city_complete")


def test_warlord_on_his_own_completed_city():
    s = warlord_turn(cities={3: FULL_CITY})
    assert_illegal(s, {"type": "destroy", "target": 3, "card": "tavern"}, "city_complete")


def test_warlord_on_a_keep():
    s = warlord_turn(cities={0: ["keep"]})
    assert_illegal(s, {"type": "destroy", "target": 0, "card": "keep"}, "keep_immune")


def test_warlord_on_a_protected_bishop_city():
    s = warlord_turn(cities={1: ["temple"]})
    assert_illegal(s, {"type": "destroy", "target": 1, "card": "temple"}, "bishop_protected")


def test_warlord_on_a_district_that_is_not_in_the_city():
    s = warlord_turn(cities={0: ["manor"], 2: ["castle"]})
    assert_illegal(s, {"type": "destroy", "target": 0, "card": "castle"}, "card_not_in_city")


def test_warlord_who_cannot_pay_the_price():
    s = warlord_turn(gold={3: 1}, cities={0: ["manor"]})
    err = assert_illegal(s, {"type": "destroy", "target": 0, "card": "manor"}, "cannot_afford")
    assert err.params == {"price": 2}


def test_warlord_destroy_before_his_action():
    s = warlord_turn(acted=False, cities={0: ["manor"]})
    assert_illegal(s, {"type": "destroy", "target": 0, "card": "manor"}, "destroy_before_action")


def test_warlord_second_destroy_with_the_any_time_option():
    s = warlord_turn(options={"warlord_timing": "any_time"}, cities={0: ["manor", "temple"]})
    GAME.apply(s, {"type": "destroy", "target": 0, "card": "manor"})
    assert_illegal(s, {"type": "destroy", "target": 0, "card": "temple"}, "power_used")


def test_another_character_cannot_destroy():
    s = king_turn(acted=True, cities={2: ["manor"]})
    assert_illegal(s, {"type": "destroy", "target": 2, "card": "manor"}, "not_your_power")


# -- Thief, Assassin, Magician ------------------------------------------------------------------------

def thief_turn(**kw):
    base = {"owners": {"assassin": 0, "thief": 1, "king": 2}, "calling": "thief"}
    base.update(kw)
    return scenario(**base)


def test_thief_naming_the_assassin():
    assert_illegal(thief_turn(), {"type": "steal", "character": "assassin"}, "bad_target")


def test_thief_naming_himself():
    assert_illegal(thief_turn(), {"type": "steal", "character": "thief"}, "bad_target")


def test_thief_naming_the_assassinated_character():
    assert_illegal(thief_turn(killed="king"), {"type": "steal", "character": "king"}, "bad_target")


def test_thief_second_steal():
    s = thief_turn()
    GAME.apply(s, {"type": "steal", "character": "king"})
    assert_illegal(s, {"type": "steal", "character": "merchant"}, "power_used")


def test_assassin_second_assassination():
    s = scenario(owners={"assassin": 0}, calling="assassin")
    GAME.apply(s, {"type": "assassinate", "character": "king"})
    assert_illegal(s, {"type": "assassinate", "character": "bishop"}, "power_used")


def test_assassin_naming_himself():
    s = scenario(owners={"assassin": 0}, calling="assassin")
    assert_illegal(s, {"type": "assassinate", "character": "assassin"}, "bad_target")


def test_magician_second_swap():
    s = scenario(owners={"magician": 2}, calling="magician", hands={0: ["manor"], 1: ["castle"]})
    GAME.apply(s, {"type": "swap_hands", "target": 0})
    assert_illegal(s, {"type": "swap_hands", "target": 1}, "power_used")
    assert_illegal(s, {"type": "discard_and_draw"}, "power_used")


def test_magician_swapping_with_himself():
    s = scenario(owners={"magician": 2}, calling="magician", hands={2: ["manor"]})
    assert_illegal(s, {"type": "swap_hands", "target": 2}, "bad_target")


def test_magician_discarding_a_card_he_does_not_hold():
    s = scenario(owners={"magician": 2}, calling="magician", hands={2: ["manor"], 0: ["castle"]})
    GAME.apply(s, {"type": "discard_and_draw"})
    assert_illegal(s, {"type": "discard", "card": "castle"}, "card_not_in_hand")


@pytest.mark.parametrize(("action", "code"), [
    ({"type": "assassinate", "character": "bishop"}, "not_your_power"),
    ({"type": "steal", "character": "bishop"}, "not_your_power"),
    ({"type": "swap_hands", "target": 1}, "not_your_power"),
    ({"type": "discard_and_draw"}, "not_your_power"),
])
def test_powers_of_other_characters(action, code):
    s = king_turn(hands={0: ["manor"]})
    assert_illegal(s, action, code)


# -- the action ------------------------------------------------------------------------------------------

def test_second_take_gold():
    s = king_turn()
    GAME.apply(s, {"type": "take_gold"})
    assert_illegal(s, {"type": "take_gold"}, "already_acted")


def test_draw_cards_after_take_gold():
    s = king_turn()
    GAME.apply(s, {"type": "take_gold"})
    assert_illegal(s, {"type": "draw_cards"}, "already_acted")


def test_second_draw_cards():
    s = king_turn(deck_top=["manor", "temple"])
    GAME.apply(s, {"type": "draw_cards"})
    GAME.apply(s, {"type": "keep", "card": "temple"})
    assert_illegal(s, {"type": "draw_cards"}, "already_acted")
    assert_illegal(s, {"type": "take_gold"}, "already_acted")


def test_keeping_a_card_that_was_not_drawn():
    s = king_turn(deck_top=["manor", "temple"])
    GAME.apply(s, {"type": "draw_cards"})
    assert_illegal(s, {"type": "keep", "card": "palace"}, "card_not_drawn")


def test_ending_the_turn_before_the_action():
    assert_illegal(king_turn(), {"type": "end_turn"}, "action_required")


def test_second_income():
    s = king_turn(cities={0: ["manor"]})
    GAME.apply(s, {"type": "collect_income"})
    assert_illegal(s, {"type": "collect_income"}, "income_taken")


def test_income_without_districts_of_the_colour():
    assert_illegal(king_turn(cities={0: ["temple"]}), {"type": "collect_income"}, "no_income")


# -- malformed actions --------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [None, "take_gold", 3, ["take_gold"], ("type", "take_gold")])
def test_an_action_that_is_not_an_object(action):
    assert_illegal(king_turn(), action, "malformed_action")


@pytest.mark.parametrize("action", [{}, {"card": "manor"}, {"type": None}, {"type": 3}, {"type": ["build"]}])
def test_an_action_without_a_string_type(action):
    assert_illegal(king_turn(), action, "malformed_action")


@pytest.mark.parametrize("atype", ["fly", "TAKE_GOLD", "", "build_district"])
def test_an_unknown_action_type(atype):
    assert_illegal(king_turn(), {"type": atype}, "unknown_action")


@pytest.mark.parametrize("action", [
    {"type": "build"},
    {"type": "build", "card": None},
    {"type": "build", "card": 0},
    {"type": "build", "card": ["manor"]},
    {"type": "build", "card": "Manor"},
    {"type": "build", "card": "castel"},
    {"type": "build", "card": "quarry_of_wonders"},  # no such district
])
def test_build_with_a_bad_card_field(action):
    s = king_turn(acted=True, gold={0: 9}, hands={0: ["manor"]})
    err = assert_illegal(s, action, "malformed_action")
    assert err.params == {"field": "card"}


@pytest.mark.parametrize("action", [
    {"type": "steal"},
    {"type": "steal", "character": 4},
    {"type": "steal", "character": "King"},
    {"type": "steal", "character": "witch"},  # a Dark City character, not in this game
    {"type": "steal", "character": "queen"},
])
def test_steal_with_a_bad_character_field(action):
    err = assert_illegal(thief_turn(), action, "malformed_action")
    assert err.params == {"field": "character"}


@pytest.mark.parametrize("target", [-1, 4, 99, "1", 1.0, True, None])
def test_swap_with_a_bad_target_seat(target):
    s = scenario(owners={"magician": 2}, calling="magician", hands={0: ["manor"]})
    err = assert_illegal(s, {"type": "swap_hands", "target": target}, "malformed_action")
    assert err.params == {"field": "target"}


@pytest.mark.parametrize("action", [
    {"type": "destroy", "target": 4, "card": "manor"},
    {"type": "destroy", "target": "0", "card": "manor"},
    {"type": "destroy", "target": False, "card": "manor"},
    {"type": "destroy", "target": 0, "card": "mansion"},
    {"type": "destroy", "target": 0},
])
def test_destroy_with_bad_fields(action):
    assert_illegal(warlord_turn(cities={0: ["manor"]}), action, "malformed_action")


# -- wrong phase ---------------------------------------------------------------------------------------

@pytest.mark.parametrize("action", [
    {"type": "pick", "character": "king"},
    {"type": "discard_character", "character": "king"},
    {"type": "keep", "card": "manor"},
    {"type": "discard", "card": "manor"},
    {"type": "stop_discarding"},
    {"type": "graveyard_take"},
    {"type": "graveyard_decline"},
])
def test_actions_of_other_phases_during_a_turn(action):
    s = king_turn(hands={0: ["manor"]})
    err = assert_illegal(s, action, "wrong_phase")
    assert err.params == {"phase": "turn"}


@pytest.mark.parametrize("action", [
    {"type": "take_gold"},
    {"type": "draw_cards"},
    {"type": "build", "card": "manor"},
    {"type": "end_turn"},
    {"type": "collect_income"},
])
def test_turn_actions_during_the_draft(action):
    s = GAME.setup(4, 3, {"starting_seat": 0})
    err = assert_illegal(s, action, "wrong_phase")
    assert err.params == {"phase": "draft"}


@pytest.mark.parametrize("action", [
    {"type": "take_gold"},
    {"type": "end_turn"},
    {"type": "build", "card": "manor"},
    {"type": "draw_cards"},
])
def test_turn_actions_while_keeping_a_drawn_card(action):
    s = king_turn(acted=False, gold={0: 9}, hands={0: ["manor"]}, deck_top=["castle", "temple"])
    GAME.apply(s, {"type": "draw_cards"})
    assert_illegal(s, action, "wrong_phase")


@pytest.mark.parametrize("action", [
    {"type": "end_turn"},
    {"type": "take_gold"},
    {"type": "swap_hands", "target": 0},
    {"type": "keep", "card": "manor"},
])
def test_other_actions_during_the_magicians_discards(action):
    s = scenario(owners={"magician": 2}, calling="magician", acted=True, hands={2: ["manor", "castle"]})
    GAME.apply(s, {"type": "discard_and_draw"})
    assert_illegal(s, action, "wrong_phase")


def test_pick_of_a_character_not_offered():
    s = GAME.setup(4, 5, {"starting_seat": 1})
    doc = GAME.to_json(s)
    gone = doc["characters"]["face_up"][0]
    assert_illegal(s, {"type": "pick", "character": gone}, "character_unavailable")


def test_discard_character_when_a_pick_is_due():
    s = GAME.setup(4, 5, {"starting_seat": 1})
    offered = GAME.legal_actions(s)[0]["character"]
    assert_illegal(s, {"type": "discard_character", "character": offered}, "wrong_step")


# -- after the game is over -----------------------------------------------------------------------------

def finished_game():
    s = scenario(owners={"king": 0, "warlord": 3}, calling="warlord", acted=True,
                 extra={"end_triggered": True, "first_complete": 0}, cities={0: FULL_CITY})
    events = GAME.apply(s, {"type": "end_turn"})
    assert events[-1].type == "game_over"
    assert GAME.to_move(s) is None
    assert GAME.legal_actions(s) == []
    return s


@pytest.mark.parametrize("action", [
    {"type": "take_gold"},
    {"type": "end_turn"},
    {"type": "pick", "character": "king"},
    {"type": "build", "card": "manor"},
    {"type": "fly"},
])
def test_any_action_after_the_game_is_over(action):
    assert_illegal(finished_game(), action, "game_over")


def test_any_seat_after_the_game_is_over():
    assert_illegal(finished_game(), {"type": "take_gold"}, "game_over", seat=2)
