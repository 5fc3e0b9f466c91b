"""Scenario tests for the 10 Dark City characters (spec citadels §1.5-§1.7, §1.6 "further details",
§3 #7-#20, §6) and the setup of the character options (§1.1 #4, §1.3, §1.4, §1.11).

Every test builds an explicit state with `scenario(...)` (the Dark City characters must be listed in the
option `characters` so that the roster holds them). Reveal-time effects are reached by ending the previous
character's turn.
"""

from __future__ import annotations

import pytest

from cetate.core.errors import InvalidOptions
from cetate.core.events import Event
from cetate.games.citadels.data import CHARACTER_INDEX, DARK_CITY_CHARACTERS
from cetate.games.citadels.rules import score_seat
from tests.games.citadels.scenario import GAME, act, city, doc, hand, illegal_code, scenario, types

CLASSIC = ["assassin", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"]


def chars(*dark: str, **options) -> dict:
    """Options whose `characters` are the classic ones with these Dark City characters swapped in (a rank-9
    character is added), plus any other options."""
    out = list(CLASSIC)
    for cid in dark:
        rank = CHARACTER_INDEX[cid].rank
        if rank == 9:
            out.append(cid)
        else:
            out[rank - 1] = cid
    return {"characters": out, **options}




def golds(state) -> list[int]:
    return [seat["gold"] for seat in doc(state)["seats"]]





def legal(state, kind: str) -> list[dict]:
    return [a for a in GAME.legal_actions(state) if a["type"] == kind]



# == Witch (§1.5 step 3, §1.6 #1 and its details, §3 #7-#10) ===========================================

def test_witch_names_her_target_after_her_action_and_her_turn_ends_at_once():
    s = scenario(options=chars("witch"), owners={"witch": 0, "thief": 1, "merchant": 3}, calling="witch",
                 hands={0: ["tavern"]}, gold={0: 5}, turn={"builds_left": 0})
    assert GAME.legal_actions(s) == [{"type": "take_gold"}, {"type": "draw_cards"}]
    assert illegal_code(s, {"type": "bewitch", "character": "merchant"}) == "action_required"
    act(s, {"type": "take_gold"})
    assert golds(s)[0] == 7
    # after the action: name a target (any other character), nothing else; no build, no end of turn
    assert {a["character"] for a in legal(s, "bewitch")} == set(CLASSIC[1:])
    assert legal(s, "build") == [] and legal(s, "end_turn") == []
    assert illegal_code(s, {"type": "build", "card": "tavern"}) == "no_builds_left"
    assert illegal_code(s, {"type": "end_turn"}) == "action_required"
    assert illegal_code(s, {"type": "bewitch", "character": "witch"}) == "bad_target"
    events = act(s, {"type": "bewitch", "character": "merchant"})
    assert events == [
        Event("bewitched", {"seat": 0, "character": "merchant"}),
        Event("turn_ended", {"seat": 0, "character": "witch"}),
        Event("character_revealed", {"character": "thief", "seat": 1}),
    ]
    assert doc(s)["dark_city"]["bewitched"] == "merchant"
    assert hand(s, 0) == ["tavern"] and city(s, 0) == []
    assert GAME.to_move(s) == 1


def _bewitched_merchant():
    # the Bishop (seat 1) ends his turn; the Merchant (seat 2) was bewitched by the Witch (seat 0)
    return scenario(options=chars("witch"), owners={"witch": 0, "bishop": 1, "merchant": 2, "warlord": 3},
                    calling="bishop", acted=True, revealed=["witch", "bishop"],
                    cities={0: ["tavern", "market"], 2: ["harbor", "docks"]}, hands={0: ["watchtower"],
                    2: ["temple"]}, gold={0: 3, 2: 2}, dark_city={"bewitched": "merchant"})


def test_bewitched_player_reveals_and_takes_only_the_action():
    s = _bewitched_merchant()
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 1, "character": "bishop"}),
        Event("character_revealed", {"character": "merchant", "seat": 2}),
        Event("bewitched_turn", {"seat": 2, "character": "merchant"}),
    ]
    assert GAME.to_move(s) == 2
    assert GAME.legal_actions(s) == [{"type": "take_gold"}, {"type": "draw_cards"}]
    # §1.6 Witch details: the bewitched player may not use the character's power or income
    assert illegal_code(s, {"type": "collect_income"}) == "action_only"
    assert illegal_code(s, {"type": "build", "card": "temple"}) == "build_before_action"
    events = act(s, {"type": "take_gold"})
    assert events[:3] == [
        Event("gold_taken", {"seat": 2, "amount": 2}),
        Event("turn_ended", {"seat": 2, "character": "merchant"}),
        Event("witch_resumes", {"seat": 0, "character": "merchant"}),
    ]
    assert golds(s)[2] == 4  # no Merchant +1 for the bewitched player
    assert hand(s, 2) == ["temple"] and city(s, 2) == ["harbor", "docks"]


def test_witch_continues_as_the_merchant_with_her_own_city_and_purse():
    s = _bewitched_merchant()
    act(s, {"type": "end_turn"})
    events = act(s, {"type": "take_gold"})
    # the Merchant's +1 after the action goes to the Witch
    assert events[3:] == [Event("bonus_gold", {"seat": 0, "amount": 1, "character": "merchant"})]
    assert golds(s) == [4, 2, 4, 2]
    assert GAME.to_move(s) == 0
    view = GAME.view(s, 0)["turn"]
    assert view["seat"] == 0 and view["character"] == "merchant" and view["mode"] == "witch"
    assert view["income_available"] == 2  # her own green districts, not the Merchant player's
    assert {"type": "take_gold"} not in GAME.legal_actions(s)  # the action was the bewitched player's
    assert illegal_code(s, {"type": "take_gold"}) == "already_acted"
    events = act(s, {"type": "collect_income"})
    assert events == [Event("income", {"seat": 0, "amount": 2, "colour": "green", "character": "merchant"})]
    act(s, {"type": "build", "card": "watchtower"})
    assert city(s, 0) == ["tavern", "market", "watchtower"] and golds(s)[0] == 5
    assert illegal_code(s, {"type": "build", "card": "watchtower"}) in ("no_builds_left", "card_not_in_hand")
    events = act(s, {"type": "end_turn"})
    assert events[:3] == [
        Event("turn_ended", {"seat": 0, "character": "merchant"}),
        Event("character_absent", {"character": "architect"}),
        Event("character_revealed", {"character": "warlord", "seat": 3}),
    ]
    assert golds(s) == [5, 2, 4, 2]


def test_witch_continues_as_the_architect_two_cards_and_three_builds():
    s = scenario(options=chars("witch"), owners={"witch": 0, "merchant": 1, "architect": 2, "warlord": 3},
                 calling="merchant", acted=True, revealed=["witch", "merchant"],
                 hands={0: ["temple", "tavern", "watchtower"]}, gold={0: 10, 2: 0},
                 deck_top=["castle", "palace"], dark_city={"bewitched": "architect"})
    act(s, {"type": "end_turn"})
    assert GAME.to_move(s) == 2
    events = act(s, {"type": "take_gold"})
    assert events == [
        Event("gold_taken", {"seat": 2, "amount": 2}),
        Event("turn_ended", {"seat": 2, "character": "architect"}),
        Event("witch_resumes", {"seat": 0, "character": "architect"}),
        Event("bonus_cards", {"seat": 0, "count": 2, "character": "architect"}, {"cards": ["castle", "palace"]},
              (0,)),
    ]
    assert hand(s, 2) == [] and golds(s)[2] == 2  # no Architect cards for the bewitched player
    assert sorted(hand(s, 0)) == ["castle", "palace", "tavern", "temple", "watchtower"]
    assert doc(s)["turn"]["builds_left"] == 3
    for card in ("temple", "tavern", "watchtower"):
        act(s, {"type": "build", "card": card})
    assert city(s, 0) == ["temple", "tavern", "watchtower"] and golds(s)[0] == 7
    assert illegal_code(s, {"type": "build", "card": "castle"}) == "no_builds_left"


def test_bewitched_king_his_player_still_takes_the_crown_and_the_witch_gets_the_income():
    # §3 #7
    s = scenario(options=chars("witch"), owners={"witch": 0, "magician": 1, "king": 2, "bishop": 3},
                 calling="magician", acted=True, revealed=["witch", "magician"], crown=1,
                 cities={0: ["manor", "castle", "temple"], 2: ["palace"]}, dark_city={"bewitched": "king"})
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 1, "character": "magician"}),
        Event("character_revealed", {"character": "king", "seat": 2}),
        Event("crown_moved", {"seat": 2, "previous": 1, "reason": "king"}),
        Event("bewitched_turn", {"seat": 2, "character": "king"}),
    ]
    act(s, {"type": "take_gold"})
    assert GAME.to_move(s) == 0 and doc(s)["crown"] == 2
    events = act(s, {"type": "collect_income"})
    assert events == [Event("income", {"seat": 0, "amount": 2, "colour": "yellow", "character": "king"})]
    act(s, {"type": "end_turn"})
    assert doc(s)["crown"] == 2  # the Witch does not take the crown
    assert golds(s) == [4, 2, 4, 2]


def test_bewitched_character_not_in_play_the_witch_does_not_continue():
    # §3 #8: her turn was only her action
    s = scenario(options=chars("witch"), owners={"witch": 0, "bishop": 1, "architect": 2},
                 calling="bishop", acted=True, revealed=["witch", "bishop"], gold={0: 5},
                 hands={0: ["tavern"]}, dark_city={"bewitched": "merchant"})
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 1, "character": "bishop"}),
        Event("character_absent", {"character": "merchant"}),
        Event("bewitch_failed", {"seat": 0, "character": "merchant"}),
        Event("character_revealed", {"character": "architect", "seat": 2}),
    ]
    assert GAME.to_move(s) == 2
    assert golds(s)[0] == 5 and hand(s, 0) == ["tavern"] and city(s, 0) == []


def test_bewitched_king_not_in_play_the_crown_stays():
    s = scenario(options=chars("witch"), owners={"witch": 0, "magician": 1, "bishop": 3}, calling="magician",
                 acted=True, revealed=["witch", "magician"], crown=1, dark_city={"bewitched": "king"})
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 1, "character": "magician"}),
        Event("character_absent", {"character": "king"}),
        Event("bewitch_failed", {"seat": 0, "character": "king"}),
        Event("character_revealed", {"character": "bishop", "seat": 3}),
    ]
    assert doc(s)["crown"] == 1


def test_witch_continues_as_the_navigator_after_the_bewitched_player_draws():
    s = scenario(options=chars("witch", "navigator"), owners={"witch": 0, "merchant": 1, "navigator": 2},
                 calling="merchant", acted=True, revealed=["witch", "merchant"], hands={0: ["tavern"]},
                 gold={0: 4}, deck_top=["manor", "castle"], dark_city={"bewitched": "navigator"})
    act(s, {"type": "end_turn"})
    act(s, {"type": "draw_cards"})
    assert doc(s)["phase"] == "keep" and GAME.to_move(s) == 2
    events = act(s, {"type": "keep", "card": "castle"})
    assert types(events) == ["cards_kept", "cards_returned", "turn_ended", "witch_resumes"]
    assert hand(s, 2) == ["castle"]
    # the Witch gets the Navigator's choice and may not build
    assert doc(s)["phase"] == "navigator" and GAME.to_move(s) == 0
    act(s, {"type": "navigator_gold"})
    assert golds(s)[0] == 8 and golds(s)[2] == 2
    assert doc(s)["turn"]["builds_left"] == 0
    assert illegal_code(s, {"type": "build", "card": "tavern"}) == "no_builds_left"


def test_witch_continues_as_the_alchemist_and_is_refunded_and_taxed():
    s = scenario(options=chars("witch", "tax_collector", "alchemist"),
                 owners={"witch": 0, "tax_collector": 1, "bishop": 3, "alchemist": 2}, calling="bishop",
                 acted=True, revealed=["witch", "tax_collector", "bishop"], hands={0: ["castle"]},
                 gold={0: 4, 1: 0}, dark_city={"bewitched": "alchemist"})
    act(s, {"type": "end_turn"})
    act(s, {"type": "take_gold"})
    act(s, {"type": "build", "card": "castle"})
    assert golds(s)[0] == 0
    events = act(s, {"type": "end_turn"})
    assert events[:3] == [Event("alchemist_refund", {"seat": 0, "amount": 4}),
                          Event("tax_paid", {"seat": 0, "to": 1, "amount": 1}),
                          Event("turn_ended", {"seat": 0, "character": "alchemist"})]
    assert golds(s)[:3] == [3, 1, 4]


def test_thief_may_not_rob_the_witch_or_her_target():
    # §1.6 Thief, §3 #9
    s = scenario(options=chars("witch"), owners={"witch": 0, "thief": 1}, calling="thief",
                 revealed=["witch", "thief"], dark_city={"bewitched": "merchant"})
    assert illegal_code(s, {"type": "steal", "character": "witch"}) == "bad_target"
    assert illegal_code(s, {"type": "steal", "character": "merchant"}) == "bad_target"
    assert {a["character"] for a in legal(s, "steal")} == {"magician", "king", "bishop", "architect", "warlord"}


def test_witch_playing_the_thief_receives_the_stolen_gold():
    # §1.6 Witch: she uses all the powers of her target, so the robbery pays her
    s = scenario(options=chars("witch"), owners={"witch": 0, "thief": 1, "king": 2, "bishop": 3},
                 calling="witch", acted=True, gold={0: 1, 1: 3, 2: 6}, turn={"builds_left": 0})
    act(s, {"type": "bewitch", "character": "thief"})
    act(s, {"type": "take_gold"})  # the Thief's player: the action only
    assert GAME.to_move(s) == 0
    assert illegal_code(s, {"type": "steal", "character": "witch"}) == "bad_target"
    assert act(s, {"type": "steal", "character": "king"}) == [
        Event("thief_named", {"seat": 0, "character": "king"})]
    events = act(s, {"type": "end_turn"})
    assert events[:4] == [
        Event("turn_ended", {"seat": 0, "character": "thief"}),
        Event("character_absent", {"character": "magician"}),
        Event("character_revealed", {"character": "king", "seat": 2}),
        Event("robbed", {"seat": 2, "thief": 0, "amount": 6, "character": "king"}),
    ]
    assert golds(s) == [7, 5, 0, 2]


def test_bewitched_player_cannot_use_the_warlord_power_the_witch_can():
    s = scenario(options=chars("witch"), owners={"witch": 0, "architect": 1, "warlord": 2},
                 calling="architect", acted=True, revealed=["witch", "architect"], gold={0: 5, 2: 9},
                 cities={1: ["manor"], 2: ["prison"], 0: ["fortress"]}, dark_city={"bewitched": "warlord"})
    act(s, {"type": "end_turn"})
    assert GAME.to_move(s) == 2
    assert illegal_code(s, {"type": "destroy", "target": 1, "card": "manor"}) == "action_only"
    act(s, {"type": "take_gold"})
    assert GAME.to_move(s) == 0
    assert {"type": "collect_income"} in GAME.legal_actions(s)
    act(s, {"type": "collect_income"})  # the fortress in her own city, not the prison
    assert golds(s)[0] == 6
    events = act(s, {"type": "destroy", "target": 1, "card": "manor"})
    assert events[0] == Event("destroyed", {"seat": 0, "target": 1, "card": "manor", "price": 2})
    assert golds(s) == [4, 2, 11, 2] and city(s, 1) == []


@pytest.mark.parametrize("passive", [True, False])
def test_bewitched_bishop_protection_goes_to_the_witch(passive):
    # §3 #9 and option witch_passive_powers
    s = scenario(options=chars("witch", witch_passive_powers=passive),
                 owners={"witch": 0, "bishop": 1, "warlord": 2}, calling="warlord", acted=True,
                 revealed=["witch", "bishop", "warlord"], gold={2: 10},
                 cities={0: ["temple"], 1: ["church"], 3: ["manor"]}, dark_city={"bewitched": "bishop"})
    targets = {(a["target"], a["card"]) for a in legal(s, "destroy")}
    if passive:
        assert targets == {(1, "church"), (3, "manor")}
        assert illegal_code(s, {"type": "destroy", "target": 0, "card": "temple"}) == "bishop_protected"
        assert GAME.view(s, None)["characters"]["bishop_protects"] == 0
    else:
        assert targets == {(0, "temple"), (1, "church"), (3, "manor")}
    act(s, {"type": "destroy", "target": 1, "card": "church"})  # the Bishop's player is not protected
    assert city(s, 1) == [] and golds(s)[2] == 9


def test_bewitched_emperor_the_witch_moves_the_crown_and_gets_the_tribute():
    # §3 #10 (open), engine default
    s = scenario(options=chars("witch", "emperor"), owners={"witch": 0, "magician": 1, "emperor": 2,
                 "bishop": 3}, calling="magician", acted=True, revealed=["witch", "magician"], crown=3,
                 cities={0: ["manor"], 2: ["castle"]}, gold={0: 1, 2: 4}, hands={2: ["temple"]},
                 dark_city={"bewitched": "emperor"})
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 1, "character": "magician"}),
        Event("character_revealed", {"character": "emperor", "seat": 2}),
        Event("bewitched_turn", {"seat": 2, "character": "emperor"}),
    ]
    assert doc(s)["phase"] == "turn" and doc(s)["crown"] == 3  # the Emperor's player moves nothing
    events = act(s, {"type": "take_gold"})
    assert events == [
        Event("gold_taken", {"seat": 2, "amount": 2}),
        Event("turn_ended", {"seat": 2, "character": "emperor"}),
        Event("witch_resumes", {"seat": 0, "character": "emperor"}),
    ]
    assert doc(s)["phase"] == "emperor_crown" and GAME.to_move(s) == 0
    # neither herself nor the holder; the Emperor's own player may receive it
    assert GAME.legal_actions(s) == [{"type": "crown", "target": 1}, {"type": "crown", "target": 2}]
    assert act(s, {"type": "crown", "target": 2}) == [
        Event("crown_moved", {"seat": 2, "previous": 3, "reason": "emperor"})]
    assert GAME.to_move(s) == 2
    assert act(s, {"type": "tribute_gold"}) == [Event("tribute_paid", {"seat": 2, "to": 0, "gold": 1})]
    assert golds(s) == [2, 2, 5, 2] and doc(s)["crown"] == 2
    assert GAME.to_move(s) == 0
    act(s, {"type": "collect_income"})  # yellow income on her own city
    assert golds(s)[0] == 3


def test_witch_cannot_build_before_her_targets_turn_even_with_district_powers():
    # §1.6 Witch details [official: FFG-FAQ]
    s = scenario(options=chars("witch"), owners={"witch": 0}, calling="witch", cities={0: ["smithy"]},
                 hands={0: ["tavern"]}, gold={0: 5}, turn={"builds_left": 0})
    act(s, {"type": "draw_cards"})
    act(s, {"type": "keep", "card": GAME.legal_actions(s)[0]["card"]})
    act(s, {"type": "smithy"})
    assert legal(s, "build") == []
    assert illegal_code(s, {"type": "build", "card": "tavern"}) == "no_builds_left"


@pytest.mark.parametrize("passive", [True, False])
def test_bewitched_tax_collector_tax_goes_to_the_witch(passive):
    # §3 #9: passive powers (option witch_passive_powers)
    s = scenario(options=chars("witch", "tax_collector", witch_passive_powers=passive),
                 owners={"witch": 0, "tax_collector": 1, "magician": 2}, calling="magician", acted=True,
                 revealed=["witch", "tax_collector", "magician"], hands={2: ["tavern"]}, gold={0: 0, 1: 0, 2: 3},
                 dark_city={"bewitched": "tax_collector"})
    act(s, {"type": "build", "card": "tavern"})
    events = act(s, {"type": "end_turn"})
    if passive:
        assert events[0] == Event("tax_paid", {"seat": 2, "to": 0, "amount": 1})
        assert golds(s)[:3] == [1, 0, 1]
    else:
        assert "tax_paid" not in types(events)
        assert golds(s)[:3] == [0, 0, 2]


# == Tax Collector (§1.6 #2 and its details, §3 #11, §3 #12) ==========================================

def _tc(**kw):
    base = dict(options=chars("tax_collector"), owners={"tax_collector": 0, "magician": 1, "king": 2,
                "architect": 3}, revealed=["tax_collector", "magician"], calling="magician", acted=True)
    base.update(kw)
    return scenario(**base)


def test_tax_collector_a_builder_pays_one_gold_at_the_end_of_the_turn():
    s = _tc(hands={1: ["manor"]}, gold={0: 0, 1: 5})
    act(s, {"type": "build", "card": "manor"})
    assert golds(s)[:2] == [0, 2]  # nothing yet
    events = act(s, {"type": "end_turn"})
    assert events[:2] == [Event("tax_paid", {"seat": 1, "to": 0, "amount": 1}),
                          Event("turn_ended", {"seat": 1, "character": "magician"})]
    assert golds(s)[:2] == [1, 1]


def test_tax_collector_a_builder_without_gold_left_pays_nothing():
    s = _tc(hands={1: ["manor"]}, gold={0: 0, 1: 3})
    act(s, {"type": "build", "card": "manor"})
    events = act(s, {"type": "end_turn"})
    assert "tax_paid" not in types(events)
    assert golds(s)[:2] == [0, 0]


def test_tax_collector_a_player_who_does_not_build_pays_nothing():
    s = _tc(hands={1: ["manor"]}, gold={0: 0, 1: 5})
    events = act(s, {"type": "end_turn"})
    assert "tax_paid" not in types(events)
    assert golds(s)[:2] == [0, 5]


def test_tax_collector_one_gold_per_turn_however_many_builds():
    s = _tc(calling="architect", revealed=["tax_collector", "architect"], hands={3: ["manor", "tavern"]},
            gold={0: 0, 3: 10}, turn={"builds_left": 3})
    act(s, {"type": "build", "card": "manor"})
    act(s, {"type": "build", "card": "tavern"})
    events = act(s, {"type": "end_turn"})
    assert types(events).count("tax_paid") == 1
    assert golds(s)[0] == 1 and golds(s)[3] == 5


def test_tax_collector_never_taxes_himself():
    s = scenario(options=chars("tax_collector"), owners={"tax_collector": 0, "king": 2}, calling="tax_collector",
                 acted=True, hands={0: ["manor"]}, gold={0: 5})
    act(s, {"type": "build", "card": "manor"})
    events = act(s, {"type": "end_turn"})
    assert "tax_paid" not in types(events)
    assert golds(s)[0] == 2


def test_tax_collector_never_taxes_his_own_players_other_character():
    # 3 players: seat 0 holds the Tax Collector and the King; only "another player" pays
    s = scenario(3, options=chars("tax_collector"), owners={"tax_collector": 0, "king": 0, "bishop": 1,
                 "magician": 2}, calling="king", acted=True, revealed=["tax_collector", "magician", "king"],
                 hands={0: ["manor"]}, gold={0: 5})
    act(s, {"type": "build", "card": "manor"})
    events = act(s, {"type": "end_turn"})
    assert "tax_paid" not in types(events)
    assert golds(s)[0] == 2


def test_tax_collector_assassin_who_built_before_pays_on_the_reveal():
    s = scenario(options=chars("tax_collector"), owners={"assassin": 3, "tax_collector": 1, "magician": 2},
                 calling="assassin", acted=True, hands={3: ["tavern"]}, gold={1: 0, 3: 3})
    act(s, {"type": "build", "card": "tavern"})
    events = act(s, {"type": "end_turn"})
    assert events == [
        Event("turn_ended", {"seat": 3, "character": "assassin"}),
        Event("character_revealed", {"character": "tax_collector", "seat": 1}),
        Event("tax_paid", {"seat": 3, "to": 1, "amount": 1}),
    ]
    assert golds(s)[1] == 1 and golds(s)[3] == 1


def test_tax_collector_not_in_play_the_assassins_building_is_free():
    s = scenario(options=chars("tax_collector"), owners={"assassin": 3, "magician": 2}, calling="assassin",
                 acted=True, hands={3: ["tavern"]}, gold={3: 3})
    act(s, {"type": "build", "card": "tavern"})
    events = act(s, {"type": "end_turn"})
    assert "tax_paid" not in types(events)
    assert golds(s)[3] == 2 and doc(s)["dark_city"]["tax_pending"] == []


@pytest.mark.parametrize("paid", [False, True])
def test_assassinated_tax_collector(paid):
    # §3 #11 (open): not paid by default; option tax_when_assassinated
    s = scenario(options=chars("tax_collector", tax_when_assassinated=paid),
                 owners={"assassin": 3, "tax_collector": 1, "magician": 2}, calling="assassin", acted=True,
                 hands={3: ["tavern"], 2: ["manor"]}, gold={1: 0, 2: 5, 3: 3})
    act(s, {"type": "assassinate", "character": "tax_collector"})
    act(s, {"type": "build", "card": "tavern"})
    events = act(s, {"type": "end_turn"})
    assert events[1] == Event("character_silent", {"character": "tax_collector"})
    assert ("tax_paid" in types(events)) is paid
    assert GAME.to_move(s) == 2
    act(s, {"type": "take_gold"})
    act(s, {"type": "build", "card": "manor"})
    events = act(s, {"type": "end_turn"})
    assert ("tax_paid" in types(events)) is paid
    assert golds(s)[1:] == ([2, 3, 1] if paid else [0, 4, 2])


def test_tax_collector_wizard_builds_count():
    # §3 #12: the Wizard's build is a build
    s = scenario(options=chars("tax_collector", "wizard"), owners={"tax_collector": 0, "wizard": 1},
                 calling="wizard", acted=True, revealed=["tax_collector", "wizard"], hands={2: ["tavern"]},
                 gold={0: 0, 1: 3})
    act(s, {"type": "wizard", "target": 2})
    act(s, {"type": "wizard_build", "card": "tavern"})
    events = act(s, {"type": "end_turn"})
    assert events[0] == Event("tax_paid", {"seat": 1, "to": 0, "amount": 1})
    assert golds(s)[:2] == [1, 1]


# == Wizard (§1.6 #3 and its details, §6 #10) =========================================================

def _wizard(**kw):
    base = dict(options=chars("wizard"), owners={"wizard": 1, "king": 2}, calling="wizard", acted=True,
                cities={1: ["manor"]}, hands={1: ["tavern"], 2: ["manor", "temple", "temple"]}, gold={1: 5})
    base.update(kw)
    return scenario(**base)


def test_wizard_looks_at_a_hand_and_takes_a_card():
    s = _wizard()
    assert {a["target"] for a in legal(s, "wizard")} == {2}  # only players with cards
    events = act(s, {"type": "wizard", "target": 2})
    assert events == [Event("wizard_looks", {"seat": 1, "target": 2},
                            {"cards": ["manor", "temple", "temple"]}, (1,))]
    assert doc(s)["phase"] == "wizard" and GAME.to_move(s) == 1
    assert GAME.view(s, 1)["you"]["wizard_hand"][0]["id"] == "manor"
    events = act(s, {"type": "wizard_take", "card": "temple"})
    assert events == [Event("wizard_took", {"seat": 1, "target": 2}, {"card": "temple"}, (1, 2))]
    assert sorted(hand(s, 1)) == ["tavern", "temple"] and sorted(hand(s, 2)) == ["manor", "temple"]
    assert doc(s)["phase"] == "turn" and golds(s)[1] == 5
    # the power is used; the normal build is still there
    assert legal(s, "wizard") == []
    act(s, {"type": "build", "card": "temple"})
    assert city(s, 1) == ["manor", "temple"]


def test_wizard_builds_the_card_at_once_outside_the_build_limit_even_as_a_duplicate():
    s = _wizard()
    act(s, {"type": "wizard", "target": 2})
    assert {"type": "wizard_build", "card": "manor"} in GAME.legal_actions(s)
    events = act(s, {"type": "wizard_build", "card": "manor"})
    assert events == [Event("built", {"seat": 1, "card": "manor", "cost": 3, "from": 2})]
    assert city(s, 1) == ["manor", "manor"] and hand(s, 2) == ["temple", "temple"]
    assert golds(s)[1] == 2 and doc(s)["turn"]["builds_left"] == 1
    act(s, {"type": "build", "card": "tavern"})  # the normal build remains
    assert city(s, 1) == ["manor", "manor", "tavern"] and golds(s)[1] == 1


def test_wizard_builds_only_after_his_action():
    s = _wizard(acted=False)
    act(s, {"type": "wizard", "target": 2})
    assert legal(s, "wizard_build") == []
    assert illegal_code(s, {"type": "wizard_build", "card": "temple"}) == "build_before_action"
    act(s, {"type": "wizard_take", "card": "temple"})
    act(s, {"type": "take_gold"})
    assert golds(s)[1] == 7


def test_wizard_cannot_build_what_he_cannot_afford():
    s = _wizard(gold={1: 2})
    act(s, {"type": "wizard", "target": 2})
    assert legal(s, "wizard_build") == [{"type": "wizard_build", "card": "temple"}]
    assert illegal_code(s, {"type": "wizard_build", "card": "manor"}) == "cannot_afford"


@pytest.mark.parametrize("rule", ["taken_card", "any_build"])
def test_wizard_duplicates_option(rule):
    # §6 #10: only the card built at once (KO, default), or any build that turn (PY2)
    s = _wizard(options=chars("wizard", wizard_duplicates=rule))
    act(s, {"type": "wizard", "target": 2})
    act(s, {"type": "wizard_take", "card": "manor"})
    if rule == "taken_card":
        assert illegal_code(s, {"type": "build", "card": "manor"}) == "duplicate_district"
        assert {"type": "build", "card": "manor"} not in GAME.legal_actions(s)
    else:
        act(s, {"type": "build", "card": "manor"})
        assert city(s, 1) == ["manor", "manor"]


@pytest.mark.parametrize("rule", ["taken_card", "any_build"])
def test_wizard_any_build_allows_duplicates_for_the_whole_turn(rule):
    # §6 #10, PY2 "this turn you may build duplicates": even without using the power first
    s = scenario(options=chars("wizard", wizard_duplicates=rule), owners={"thief": 0, "wizard": 1},
                 calling="thief", acted=True, cities={1: ["manor"]}, hands={1: ["manor"]}, gold={1: 3})
    act(s, {"type": "end_turn"})
    assert GAME.to_move(s) == 1
    act(s, {"type": "take_gold"})
    if rule == "any_build":
        act(s, {"type": "build", "card": "manor"})
        assert city(s, 1) == ["manor", "manor"]
    else:
        assert illegal_code(s, {"type": "build", "card": "manor"}) == "duplicate_district"


# == Emperor (§1.5 step 1, §1.6 #4 and its details, §3 #14, §3 #15) ===================================

def _emperor(**kw):
    base = dict(options=chars("emperor"), owners={"magician": 1, "emperor": 2, "bishop": 3},
                calling="magician", acted=True, crown=1, cities={2: ["manor", "palace"]},
                hands={0: ["temple", "tavern"]}, gold={0: 3, 2: 1})
    base.update(kw)
    return scenario(**base)


def test_emperor_must_move_the_crown_at_the_start_of_his_turn():
    s = _emperor()
    events = act(s, {"type": "end_turn"})
    assert events == [Event("turn_ended", {"seat": 1, "character": "magician"}),
                      Event("character_revealed", {"character": "emperor", "seat": 2})]
    assert doc(s)["phase"] == "emperor_crown" and GAME.to_move(s) == 2
    # never himself, never the current holder
    assert GAME.legal_actions(s) == [{"type": "crown", "target": 0}, {"type": "crown", "target": 3}]
    assert illegal_code(s, {"type": "crown", "target": 2}) == "bad_target"
    assert illegal_code(s, {"type": "crown", "target": 1}) == "bad_target"
    assert illegal_code(s, {"type": "take_gold"}) == "wrong_phase"
    assert act(s, {"type": "crown", "target": 0}) == [
        Event("crown_moved", {"seat": 0, "previous": 1, "reason": "emperor"})]
    assert doc(s)["crown"] == 0
    # the receiver chooses: 1 gold or one card of its hand
    assert doc(s)["phase"] == "emperor_tribute" and GAME.to_move(s) == 0
    assert GAME.legal_actions(s) == [{"type": "tribute_gold"}, {"type": "tribute_card", "card": "temple"},
                                     {"type": "tribute_card", "card": "tavern"}]


def test_emperor_receiver_pays_one_gold():
    s = _emperor()
    act(s, {"type": "end_turn"})
    act(s, {"type": "crown", "target": 0})
    assert act(s, {"type": "tribute_gold"}) == [Event("tribute_paid", {"seat": 0, "to": 2, "gold": 1})]
    assert golds(s)[0] == 2 and golds(s)[2] == 2
    assert doc(s)["phase"] == "turn" and GAME.to_move(s) == 2 and doc(s)["turn"]["acted"] is False
    act(s, {"type": "take_gold"})
    act(s, {"type": "collect_income"})  # yellow income
    assert golds(s)[2] == 6


def test_emperor_receiver_pays_one_card_of_its_choice():
    s = _emperor()
    act(s, {"type": "end_turn"})
    act(s, {"type": "crown", "target": 0})
    events = act(s, {"type": "tribute_card", "card": "tavern"})
    assert events == [Event("tribute_paid", {"seat": 0, "to": 2, "cards": 1}, {"card": "tavern"}, (0, 2))]
    assert hand(s, 0) == ["temple"] and hand(s, 2) == ["tavern"]
    assert golds(s)[0] == 3 and golds(s)[2] == 1


def test_emperor_receiver_without_gold_gives_a_card():
    s = _emperor(gold={0: 0, 2: 1})
    act(s, {"type": "end_turn"})
    act(s, {"type": "crown", "target": 0})
    assert legal(s, "tribute_gold") == []
    assert illegal_code(s, {"type": "tribute_gold"}) == "cannot_afford"
    assert illegal_code(s, {"type": "tribute_card", "card": "manor"}) == "card_not_in_hand"


def test_emperor_receiver_with_nothing_pays_nothing():
    s = _emperor(gold={0: 0, 2: 1}, hands={})
    act(s, {"type": "end_turn"})
    events = act(s, {"type": "crown", "target": 0})
    assert events == [Event("crown_moved", {"seat": 0, "previous": 1, "reason": "emperor"}),
                      Event("tribute_none", {"seat": 0})]
    assert doc(s)["phase"] == "turn" and GAME.to_move(s) == 2
    assert golds(s)[2] == 1


@pytest.mark.parametrize("rule", ["crown_passes", "no_move"])
def test_assassinated_emperor_passes_the_crown_at_round_end_without_payment(rule):
    # §3 #15 (open): the 2016 behaviour by default; option emperor_assassinated
    s = scenario(options=chars("emperor", emperor_assassinated=rule),
                 owners={"assassin": 0, "emperor": 1, "warlord": 3}, calling="warlord", acted=True,
                 killed="emperor", revealed=["assassin", "warlord"], crown=0, hands={2: ["temple"]},
                 gold={2: 4})
    events = act(s, {"type": "end_turn"})
    assert events[:2] == [Event("turn_ended", {"seat": 3, "character": "warlord"}),
                          Event("king_heir", {"seat": 1, "character": "emperor"})]
    if rule == "no_move":
        assert events[2] == Event("round_ended", {"round": 2})
        assert doc(s)["crown"] == 0 and doc(s)["phase"] == "draft"
        return
    assert len(events) == 2
    assert doc(s)["phase"] == "emperor_heir" and GAME.to_move(s) == 1
    assert GAME.legal_actions(s) == [{"type": "crown", "target": 2}, {"type": "crown", "target": 3}]
    events = act(s, {"type": "crown", "target": 2})
    assert events[:2] == [Event("crown_moved", {"seat": 2, "previous": 0, "reason": "emperor"}),
                          Event("round_ended", {"round": 2})]
    assert events[2].type == "round_started" and events[2].data["crown"] == 2
    assert golds(s)[2] == 4 and hand(s, 2) == ["temple"] and golds(s)[1] == 2  # no tribute


@pytest.mark.parametrize(("players", "rank9"), [(4, None), (5, None), (4, "artist"), (5, "queen"),
                                                (6, "artist")])
def test_emperor_is_never_a_face_up_removal(players, rank9):
    opts = chars("emperor", *([rank9] if rank9 else []))
    ups = set()
    for seed in range(60):
        s = GAME.setup(players, seed, opts)
        face_up = GAME.view(s, None)["characters"]["face_up"]
        assert "emperor" not in face_up
        ups.update(face_up)
    assert ups == set(opts["characters"]) - {"emperor"}  # every other character does come up


# == Abbot (§1.6 #5) ===================================================================================

def _abbot(gold, **kw):
    kw.setdefault("acted", True)
    return scenario(options=chars("abbot"), owners={"abbot": 0, "merchant": 1}, calling="abbot",
                    gold=dict(enumerate(gold)), **kw)


def test_abbot_the_single_richest_player_pays_one_gold():
    s = _abbot([2, 5, 3, 1])
    assert legal(s, "abbot_collect") == [{"type": "abbot_collect"}]
    assert act(s, {"type": "abbot_collect"}) == [Event("abbot_paid", {"seat": 0, "payer": 1, "amount": 1})]
    assert golds(s) == [3, 4, 3, 1]
    assert illegal_code(s, {"type": "abbot_collect"}) == "power_used"


def test_abbot_may_collect_before_his_action():
    s = _abbot([2, 5, 3, 1], acted=False)
    act(s, {"type": "abbot_collect"})
    act(s, {"type": "take_gold"})
    assert golds(s) == [5, 4, 3, 1]


@pytest.mark.parametrize("gold", [[2, 5, 5, 1], [6, 5, 3, 1], [5, 5, 3, 1], [0, 0, 0, 0]])
def test_abbot_nobody_pays_when_tied_or_when_the_abbot_is_richest(gold):
    s = _abbot(gold)
    assert legal(s, "abbot_collect") == []
    assert illegal_code(s, {"type": "abbot_collect"}) == "no_payer"


def test_abbot_artist_gold_on_districts_does_not_count_as_wealth():
    # §2.5 #23
    s = _abbot([2, 4, 5, 1], cities={1: ["manor", "castle"]}, beautified={1: ["manor", "castle"]})
    act(s, {"type": "abbot_collect"})
    assert golds(s) == [3, 4, 4, 1]


def test_abbot_takes_blue_income():
    s = _abbot([2, 2, 2, 2], cities={0: ["temple", "church", "manor"]})
    assert act(s, {"type": "collect_income"}) == [
        Event("income", {"seat": 0, "amount": 2, "colour": "blue", "character": "abbot"})]
    assert golds(s)[0] == 4


# == Alchemist (§1.6 #6, §3 #13, §3 #18) ================================================================

def test_alchemist_gets_back_his_building_costs_at_the_end_of_the_turn():
    s = scenario(options=chars("alchemist"), owners={"alchemist": 1, "architect": 2}, calling="alchemist",
                 acted=True, hands={1: ["castle", "palace"]}, gold={1: 5})
    act(s, {"type": "build", "card": "castle"})
    assert golds(s)[1] == 1
    assert illegal_code(s, {"type": "build", "card": "palace"}) == "no_builds_left"
    events = act(s, {"type": "end_turn"})
    assert events[:2] == [Event("alchemist_refund", {"seat": 1, "amount": 4}),
                          Event("turn_ended", {"seat": 1, "character": "alchemist"})]
    assert golds(s)[1] == 5


def test_alchemist_cannot_build_on_credit():
    s = scenario(options=chars("alchemist"), owners={"alchemist": 1}, calling="alchemist", acted=True,
                 hands={1: ["castle"]}, gold={1: 3})
    assert illegal_code(s, {"type": "build", "card": "castle"}) == "cannot_afford"


def test_alchemist_refunds_building_only_not_the_smithy():
    s = scenario(options=chars("alchemist"), owners={"alchemist": 1}, calling="alchemist", acted=True,
                 hands={1: ["temple"]}, cities={1: ["smithy"]}, gold={1: 6})
    act(s, {"type": "smithy"})
    act(s, {"type": "build", "card": "temple"})
    assert golds(s)[1] == 3
    events = act(s, {"type": "end_turn"})
    assert events[0] == Event("alchemist_refund", {"seat": 1, "amount": 1})
    assert golds(s)[1] == 4


def test_alchemist_without_building_gets_nothing():
    s = scenario(options=chars("alchemist"), owners={"alchemist": 1}, calling="alchemist", acted=True,
                 gold={1: 6})
    events = act(s, {"type": "end_turn"})
    assert "alchemist_refund" not in types(events) and golds(s)[1] == 6


@pytest.mark.parametrize("order", [None, ["tax_collector", "alchemist", "poor_house", "park"]])
def test_alchemist_refund_and_tax_order(order):
    # §3 #13: refund first by default, so the Alchemist left with 0 gold still pays the tax; never refunded
    extra = {} if order is None else {"end_of_turn_order": order}
    s = scenario(options=chars("alchemist", "tax_collector", **extra), owners={"tax_collector": 0,
                 "alchemist": 1}, calling="alchemist", acted=True, revealed=["tax_collector", "alchemist"],
                 hands={1: ["castle"]}, gold={0: 0, 1: 4})
    act(s, {"type": "build", "card": "castle"})
    events = act(s, {"type": "end_turn"})
    if order is None:
        assert events[:3] == [Event("alchemist_refund", {"seat": 1, "amount": 4}),
                              Event("tax_paid", {"seat": 1, "to": 0, "amount": 1}),
                              Event("turn_ended", {"seat": 1, "character": "alchemist"})]
        assert golds(s)[:2] == [1, 3]
    else:
        assert events[:2] == [Event("alchemist_refund", {"seat": 1, "amount": 4}),
                              Event("turn_ended", {"seat": 1, "character": "alchemist"})]
        assert golds(s)[:2] == [0, 4]


# == Navigator (§1.6 #7, §3 #17) ========================================================================

def test_navigator_takes_four_more_gold_after_his_action_and_cannot_build():
    s = scenario(options=chars("navigator"), owners={"navigator": 2}, calling="navigator",
                 hands={2: ["tavern"]}, gold={2: 2}, turn={"builds_left": 0})
    act(s, {"type": "take_gold"})
    assert doc(s)["phase"] == "navigator" and GAME.to_move(s) == 2
    assert GAME.legal_actions(s) == [{"type": "navigator_gold"}, {"type": "navigator_cards"}]
    assert act(s, {"type": "navigator_gold"}) == [
        Event("bonus_gold", {"seat": 2, "amount": 4, "character": "navigator"})]
    assert golds(s)[2] == 8
    assert legal(s, "build") == []
    assert illegal_code(s, {"type": "build", "card": "tavern"}) == "no_builds_left"


def test_navigator_takes_four_more_cards():
    s = scenario(options=chars("navigator"), owners={"navigator": 2}, calling="navigator", gold={2: 2},
                 deck_top=["manor", "castle", "temple", "tavern"], turn={"builds_left": 0})
    act(s, {"type": "take_gold"})
    events = act(s, {"type": "navigator_cards"})
    assert events == [Event("bonus_cards", {"seat": 2, "count": 4, "character": "navigator"},
                            {"cards": ["manor", "castle", "temple", "tavern"]}, (2,))]
    assert hand(s, 2) == ["manor", "castle", "temple", "tavern"] and golds(s)[2] == 4


def test_navigator_builds_from_the_turn_state_are_zero_and_district_powers_work():
    # reached through the call: the build limit of the Navigator is 0 (§1.5 4a); the Smithy works (§3 #17)
    s = scenario(options=chars("navigator"), owners={"merchant": 1, "navigator": 2}, calling="merchant",
                 acted=True, cities={2: ["smithy"]}, hands={2: ["tavern"]}, gold={2: 4})
    act(s, {"type": "end_turn"})
    assert doc(s)["turn"]["builds_left"] == 0
    act(s, {"type": "draw_cards"})
    act(s, {"type": "keep", "card": GAME.legal_actions(s)[0]["card"]})
    act(s, {"type": "navigator_gold"})
    act(s, {"type": "smithy"})
    assert golds(s)[2] == 6 and len(hand(s, 2)) == 5
    assert legal(s, "build") == []


# == Diplomat (§1.6 #8, §2.5 #2-#5, #25, §3 #20) ========================================================

def _diplomat(cities, gold=None, options=None, **kw):
    kw.setdefault("acted", True)
    return scenario(options=options or chars("diplomat"), owners={"diplomat": 3, **kw.pop("owners", {})},
                    calling="diplomat", cities=cities, gold=gold or {3: 5}, **kw)


def test_diplomat_exchanges_at_the_end_of_his_turn_paying_the_difference():
    s = _diplomat({3: ["temple"], 1: ["castle"]}, gold={1: 0, 3: 5})
    events = act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"})
    assert events[:2] == [
        Event("exchanged", {"seat": 3, "target": 1, "give": "temple", "take": "castle", "paid": 3}),
        Event("turn_ended", {"seat": 3, "character": "diplomat"}),  # the exchange ends his turn
    ]
    assert city(s, 3) == ["castle"] and city(s, 1) == ["temple"]
    assert golds(s)[1] == 3 and golds(s)[3] == 2


def test_diplomat_taking_a_cheaper_district_pays_nothing():
    s = _diplomat({3: ["castle"], 1: ["temple"]}, gold={1: 0, 3: 0})
    events = act(s, {"type": "exchange", "give": "castle", "target": 1, "take": "temple"})
    assert events[0].data["paid"] == 0
    assert golds(s)[1] == 0 and golds(s)[3] == 0


def test_diplomat_exchanges_only_after_his_action_and_must_afford_it():
    s = _diplomat({3: ["temple"], 1: ["castle"]}, acted=False, gold={3: 2})
    assert illegal_code(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"}) == \
        "exchange_before_action"
    act(s, {"type": "take_gold"})  # now 4 gold: the difference is 3
    s2 = _diplomat({3: ["temple"], 1: ["castle"]}, gold={3: 2})
    assert illegal_code(s2, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"}) == \
        "cannot_afford"
    assert legal(s2, "exchange") == []
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"})
    assert golds(s)[3] == 1


def test_diplomat_cannot_take_the_keep():
    s = _diplomat({3: ["temple"], 1: ["keep", "manor"]})
    assert illegal_code(s, {"type": "exchange", "give": "temple", "target": 1, "take": "keep"}) == "keep_immune"
    assert {(a["target"], a["take"]) for a in legal(s, "exchange")} == {(1, "manor")}


@pytest.mark.parametrize("gives_keep", [True, False])
def test_diplomat_giving_his_own_keep(gives_keep):
    # §2.5 #5 (open): allowed by default; option diplomat_gives_keep
    s = _diplomat({3: ["keep"], 1: ["manor"]}, options=chars("diplomat", diplomat_gives_keep=gives_keep))
    action = {"type": "exchange", "give": "keep", "target": 1, "take": "manor"}
    if gives_keep:
        act(s, action)
        assert city(s, 3) == ["manor"] and city(s, 1) == ["keep"] and golds(s)[3] == 5
    else:
        assert illegal_code(s, action) == "keep_immune"


def test_diplomat_cannot_take_from_the_living_bishop():
    s = _diplomat({3: ["temple"], 1: ["church"], 2: ["market"]}, owners={"bishop": 1},
                  revealed=["bishop", "diplomat"])
    assert illegal_code(s, {"type": "exchange", "give": "temple", "target": 1, "take": "church"}) == \
        "bishop_protected"
    assert {a["target"] for a in legal(s, "exchange")} == {2}


def test_diplomat_may_take_from_an_assassinated_bishop():
    s = _diplomat({3: ["temple"], 1: ["church"]}, owners={"bishop": 1}, killed="bishop")
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "church"})
    assert city(s, 3) == ["church"] and golds(s)[3] == 4


def test_diplomat_the_great_wall_adds_one_to_the_taken_district():
    # §2.5 #2: the taken district (other than the Wall itself) counts 1 more
    s = _diplomat({3: ["temple"], 1: ["castle", "great_wall"]}, gold={3: 10})
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"})
    assert golds(s)[3] == 6 and golds(s)[1] == 6  # (4 + 1) - 1
    s = _diplomat({3: ["temple"], 1: ["castle", "great_wall"]}, gold={3: 10})
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "great_wall"})
    assert golds(s)[3] == 5  # 6 - 1
    # the Diplomat's own Great Wall does not change the district he gives
    s = _diplomat({3: ["temple", "great_wall"], 1: ["castle"]}, gold={3: 10})
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"})
    assert golds(s)[3] == 7
    s = _diplomat({3: ["temple"], 1: ["castle", "great_wall"]}, gold={3: 10},
                  options=chars("diplomat", diplomat_great_wall="ignore"))
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"})
    assert golds(s)[3] == 7


def test_diplomat_beautified_districts_count_one_more_and_keep_their_gold():
    # §3 #19-#20, §2.5 #25
    s = _diplomat({3: ["temple"], 1: ["castle"]}, gold={3: 10}, beautified={1: ["castle"]})
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"})
    assert golds(s)[3] == 6  # (4 + 1) - 1
    assert doc(s)["dark_city"]["beautified"] == [[], [], [], ["castle"]]
    s = _diplomat({3: ["temple"], 1: ["castle"]}, gold={3: 10}, beautified={3: ["temple"]})
    act(s, {"type": "exchange", "give": "temple", "target": 1, "take": "castle"})
    assert golds(s)[3] == 8  # 4 - (1 + 1)
    assert doc(s)["dark_city"]["beautified"] == [[], ["temple"], [], []]


@pytest.mark.parametrize("allowed", [True, False])
def test_diplomat_and_completed_cities(allowed):
    # §3 #20 (open): allowed by default; option diplomat_completed_cities
    full = ["manor", "castle", "palace", "temple", "church", "monastery", "tavern", "market"]
    s = _diplomat({3: ["watchtower"], 1: full}, gold={3: 10},
                  options=chars("diplomat", diplomat_completed_cities=allowed))
    action = {"type": "exchange", "give": "watchtower", "target": 1, "take": "tavern"}
    if allowed:
        act(s, action)
        assert city(s, 3) == ["tavern"] and len(city(s, 1)) == 8
    else:
        assert illegal_code(s, action) == "city_complete"


@pytest.mark.parametrize("allowed", [False, True])
def test_diplomat_and_duplicates(allowed):
    # §3 #20 (open): refused by default in either city; option diplomat_duplicates
    opts = chars("diplomat", diplomat_duplicates=allowed)
    take_dup = {"type": "exchange", "give": "temple", "target": 1, "take": "castle"}
    give_dup = {"type": "exchange", "give": "temple", "target": 2, "take": "manor"}
    s = _diplomat({3: ["temple", "castle"], 1: ["castle"], 2: ["temple", "manor"]}, gold={3: 10}, options=opts)
    if allowed:
        act(s, take_dup)
        assert sorted(city(s, 3)) == ["castle", "castle"]
    else:
        assert illegal_code(s, take_dup) == "duplicate_district"
        assert illegal_code(s, give_dup) == "duplicate_district"
        offered = {(a["give"], a["target"], a["take"]) for a in legal(s, "exchange")}
        assert ("castle", 2, "manor") in offered
        assert not offered & {("temple", 1, "castle"), ("temple", 2, "manor"), ("castle", 2, "temple")}


def test_diplomat_takes_red_income():
    s = _diplomat({3: ["prison", "fortress", "temple"]}, gold={3: 0})
    assert act(s, {"type": "collect_income"}) == [
        Event("income", {"seat": 3, "amount": 2, "colour": "red", "character": "diplomat"})]


def test_graveyard_is_removed_from_the_deck_when_the_diplomat_is_in_the_game():
    # §1.11, §1.6 #8
    with_diplomat = GAME.setup(4, 1, chars("diplomat"))
    classic = GAME.setup(4, 1)
    assert "graveyard" not in doc(with_diplomat)["deck_composition"]
    assert "graveyard" in doc(classic)["deck_composition"]
    assert len(doc(with_diplomat)["deck_composition"]) == 65
    other = GAME.setup(4, 1, chars("witch", "emperor"))
    assert "graveyard" in doc(other)["deck_composition"]


# == Artist (§1.6 #9, §2.5 #23-#25, §3 #19) ==============================================================

def _artist(**kw):
    base = dict(options=chars("artist"), owners={"artist": 1}, calling="artist", acted=True,
                cities={1: ["manor", "castle", "temple", "temple"]}, gold={1: 5})
    base.update(kw)
    return scenario(**base)


def test_artist_beautifies_up_to_two_districts_a_turn_one_gold_each():
    s = _artist(options=chars("artist", bank_limit=30))
    bank = doc(s)["bank"]
    assert {a["card"] for a in legal(s, "beautify")} == {"manor", "castle", "temple"}
    assert act(s, {"type": "beautify", "card": "castle"}) == [
        Event("beautified", {"seat": 1, "card": "castle"})]
    assert golds(s)[1] == 4 and doc(s)["bank"] == bank  # the gold lies on the district
    assert illegal_code(s, {"type": "beautify", "card": "castle"}) == "card_not_in_city"  # never twice
    act(s, {"type": "beautify", "card": "temple"})
    assert golds(s)[1] == 3
    assert doc(s)["dark_city"]["beautified"][1] == ["castle", "temple"]
    assert legal(s, "beautify") == []
    assert illegal_code(s, {"type": "beautify", "card": "manor"}) == "power_used"
    view = GAME.view(s, None)["players"][1]["city"]
    assert [(c["id"], c["score"], c.get("beautified", False)) for c in view] == [
        ("manor", 3, False), ("castle", 5, True), ("temple", 2, True), ("temple", 1, False)]


def test_artist_a_district_is_beautified_only_once_ever_but_its_twin_may_be():
    s = _artist(beautified={1: ["castle", "temple"]})
    assert {a["card"] for a in legal(s, "beautify")} == {"manor", "temple"}
    assert illegal_code(s, {"type": "beautify", "card": "castle"}) == "card_not_in_city"
    act(s, {"type": "beautify", "card": "temple"})
    assert doc(s)["dark_city"]["beautified"][1] == ["castle", "temple", "temple"]


def test_artist_beautifies_before_his_action_and_needs_gold():
    s = _artist(acted=False, gold={1: 1})
    act(s, {"type": "beautify", "card": "manor"})
    assert golds(s)[1] == 0
    assert illegal_code(s, {"type": "beautify", "card": "castle"}) == "cannot_afford"
    assert legal(s, "beautify") == []
    act(s, {"type": "take_gold"})
    act(s, {"type": "beautify", "card": "castle"})
    assert golds(s)[1] == 1


def test_only_the_artist_beautifies():
    s = scenario(options=chars("artist"), owners={"artist": 1, "king": 2}, calling="king", acted=True,
                 cities={2: ["manor"]})
    assert legal(s, "beautify") == []
    assert illegal_code(s, {"type": "beautify", "card": "manor"}) == "not_your_power"


def test_artist_beautified_district_scores_one_more():
    s = _artist(beautified={1: ["castle", "temple"]})
    assert score_seat(s, 1)["districts"] == 3 + 5 + 2 + 1


def test_artist_beautified_district_costs_one_more_to_destroy_and_its_gold_returns_to_the_bank():
    # §3 #19, §2.5 #24
    s = scenario(options=chars("artist", bank_limit=30), owners={"artist": 1, "warlord": 2}, calling="warlord",
                 acted=True, cities={1: ["castle", "manor"]}, beautified={1: ["castle"]}, gold={1: 0, 2: 4})
    bank = doc(s)["bank"]
    prices = {d["card"]: d["price"] for d in GAME.view(s, 2)["you"]["destroy_prices"]}
    assert prices == {"castle": 4, "manor": 2}
    events = act(s, {"type": "destroy", "target": 1, "card": "castle"})
    assert events[0] == Event("destroyed", {"seat": 2, "target": 1, "card": "castle", "price": 4})
    assert golds(s)[2] == 0 and doc(s)["bank"] == bank + 4 + 1
    assert doc(s)["dark_city"]["beautified"][1] == [] and city(s, 1) == ["manor"]


def test_artist_gold_on_districts_is_not_taken_by_the_thief():
    # §1.5 step 1, §2.5 #23
    s = scenario(options=chars("artist"), owners={"thief": 0, "artist": 1, "warlord": 2}, calling="warlord",
                 acted=True, robbed="artist", cities={1: ["castle", "manor"]}, beautified={1: ["castle"]},
                 gold={0: 0, 1: 3})
    events = act(s, {"type": "end_turn"})
    assert events[:3] == [Event("turn_ended", {"seat": 2, "character": "warlord"}),
                          Event("character_revealed", {"character": "artist", "seat": 1}),
                          Event("robbed", {"seat": 1, "thief": 0, "amount": 3, "character": "artist"})]
    assert golds(s)[:2] == [3, 0]
    assert doc(s)["dark_city"]["beautified"][1] == ["castle"]


# == Queen (§1.6 #9 and its details, §3 #16) ============================================================

def _queen(queen_seat, king_seat, rank4="king", **kw):
    opts = chars("queen", *(["emperor"] if rank4 == "emperor" else []), **kw.pop("opts", {}))
    owners = {"queen": queen_seat, rank4: king_seat, "warlord": 4 if 4 not in (queen_seat, king_seat) else 3}
    return scenario(5, options=opts, owners=owners, calling="warlord", acted=True,
                    revealed=kw.pop("revealed", [rank4, "warlord"]), **kw)


@pytest.mark.parametrize(("queen", "king", "paid"), [(1, 2, True), (1, 0, True), (0, 4, True), (4, 0, True),
                                                     (0, 2, False), (1, 3, False), (0, 3, False)])
def test_queen_gets_three_gold_next_to_the_rank_four_player(queen, king, paid):
    s = _queen(queen, king, gold={queen: 1})
    events = act(s, {"type": "end_turn"})
    assert events[1] == Event("character_revealed", {"character": "queen", "seat": queen})
    assert events[2:] == ([Event("queen_paid", {"seat": queen, "amount": 3, "neighbour": king})] if paid else [])
    assert golds(s)[queen] == (4 if paid else 1)


def test_queen_rank_four_not_in_play_pays_nothing():
    s = scenario(5, options=chars("queen"), owners={"queen": 1, "warlord": 3}, calling="warlord", acted=True,
                 revealed=["warlord"], gold={1: 0})
    events = act(s, {"type": "end_turn"})
    assert "queen_paid" not in types(events) and golds(s)[1] == 0


def test_queen_next_to_an_assassinated_king_is_paid_at_the_end_of_the_round():
    s = _queen(1, 2, killed="king", revealed=["warlord"], gold={1: 0}, opts={},
               crown=0)
    events = act(s, {"type": "end_turn"})
    assert "queen_paid" not in types(events)
    act(s, {"type": "take_gold"})
    events = act(s, {"type": "end_turn"})
    assert events[:5] == [
        Event("turn_ended", {"seat": 1, "character": "queen"}),
        Event("king_heir", {"seat": 2, "character": "king"}),
        Event("crown_moved", {"seat": 2, "previous": 0, "reason": "heir"}),
        Event("queen_paid", {"seat": 1, "amount": 3, "neighbour": 2}),
        Event("round_ended", {"round": 2}),
    ]
    assert golds(s)[1] == 5


@pytest.mark.parametrize(("rule", "paid"), [("rank4_player", False), ("crown_receiver", True)])
def test_queen_neighbour_option_with_the_emperor(rule, paid):
    # §3 #16 (open): next to the Emperor's player (KO, default), or next to the crown's receiver
    # the Emperor (seat 2) gave the crown to seat 4, the Queen's neighbour
    s = _queen(0, 2, rank4="emperor", revealed=["emperor", "warlord"], crown=4, gold={0: 0},
               opts={"queen_neighbour": rule})
    events = act(s, {"type": "end_turn"})
    assert ("queen_paid" in types(events)) is paid
    assert golds(s)[0] == (3 if paid else 0)


# == Setup: character options (§1.1 #4, §1.3, §1.4, §1.11) =============================================

def _setup_error(players, options) -> InvalidOptions:
    with pytest.raises(InvalidOptions) as info:
        GAME.setup(players, 1, options)
    return info.value


@pytest.mark.parametrize(("players", "characters", "needle"), [
    (4, ["assassin", "witch", "thief", "magician", "king", "bishop", "merchant", "architect", "warlord"],
     "both have rank 1"),
    (4, CLASSIC[:7], "rank 8 is missing"),
    (4, ["assassin", "thief", "magician", "bishop", "merchant", "architect", "warlord", "diplomat"],
     "both have rank 8"),
    (5, [*CLASSIC, "artist", "queen"], "both have rank 9"),
    (4, [*CLASSIC, "queen"], "Queen"),
    (3, [*CLASSIC, "artist"], "2 or 3 players"),
    (2, [*CLASSIC, "artist"], "2 or 3 players"),
    (8, CLASSIC, "8 players need a rank-9"),
])
def test_explicit_character_list_is_validated(players, characters, needle):
    err = _setup_error(players, {"characters": characters})
    assert err.code == "bad_characters" and needle in err.message
    assert err.params["option"] == "characters"


def test_explicit_character_list_unknown_id_is_refused():
    with pytest.raises(InvalidOptions):
        GAME.setup(4, 1, {"characters": [*CLASSIC[:7], "pirate"]})


@pytest.mark.parametrize(("players", "characters"), [
    (2, ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat"]),
    (5, [*CLASSIC, "queen"]),
    (4, [*CLASSIC, "artist"]),
    (8, [*CLASSIC, "queen"]),
    (8, ["witch", *CLASSIC[1:], "artist"]),
])
def test_explicit_character_lists_that_are_valid(players, characters):
    s = GAME.setup(players, 1, {"characters": characters})
    assert GAME.view(s, None)["characters"]["roster"] == characters


@pytest.mark.parametrize(("players", "rank9", "needle"), [(4, "queen", "Queen"), (3, "artist", "2 or 3"),
                                                          (2, "random", "2 or 3"), (8, "none", "rank-9")])
def test_rank9_option_is_validated(players, rank9, needle):
    err = _setup_error(players, {"rank9": rank9})
    assert err.code == "bad_characters" and needle in err.message and err.params["option"] == "rank9"


def _roster(players, seed, options) -> list[str]:
    return GAME.view(GAME.setup(players, seed, options), None)["characters"]["roster"]


@pytest.mark.parametrize(("preset", "counts"), [("classic", {0}), ("replace_one", {1}), ("replace_two", {2}),
                                                ("replace_one_or_two", {1, 2})])
def test_character_presets(preset, counts):
    seen_counts, seen_dark = set(), set()
    for seed in range(40):
        roster = _roster(4, seed, {"character_preset": preset})
        assert len(roster) == 8
        assert [CHARACTER_INDEX[c].rank for c in roster] == list(range(1, 9))
        dark = [c for c in roster if c in DARK_CITY_CHARACTERS]
        seen_counts.add(len(dark))
        seen_dark.update(dark)
    assert seen_counts == counts
    if preset != "classic":  # any rank may be replaced
        assert len(seen_dark) >= 6


@pytest.mark.parametrize(("players", "rank9", "expected"), [
    (4, "none", {None}), (4, "artist", {"artist"}), (5, "queen", {"queen"}),
    (4, "random", {"artist"}), (5, "random", {"artist", "queen"}), (8, "random", {"artist", "queen"}),
])
def test_rank9_option(players, rank9, expected):
    got = set()
    for seed in range(30):
        roster = _roster(players, seed, {"rank9": rank9})
        got.add(roster[8] if len(roster) == 9 else None)
        assert roster[:8] == CLASSIC
    assert got == expected


def test_explicit_list_overrides_preset_and_rank9():
    roster = _roster(5, 3, {"characters": [*CLASSIC], "character_preset": "replace_two", "rank9": "queen"})
    assert roster == CLASSIC


@pytest.mark.parametrize(("players", "face_up"), [(4, 3), (5, 2), (6, 1), (7, 0), (8, 0)])
def test_face_up_removals_with_a_rank_nine_character(players, face_up):
    # §1.3 [derived]: 3/2/1/0 face up for 4/5/6/7 players; the last drafter is left two cards
    for seed in range(5):
        s = GAME.setup(players, seed, {"rank9": "artist", "starting_seat": 0})
        v = GAME.view(s, None)["characters"]
        assert len(v["face_up"]) == face_up
        assert "king" not in v["face_up"]
        assert v["face_down_count"] == 1
        assert len(s.pool) == 9 - 1 - face_up


@pytest.mark.parametrize(("players", "face_up"), [(4, 2), (5, 1), (6, 0), (7, 0)])
def test_face_up_removals_without_a_rank_nine_character(players, face_up):
    s = GAME.setup(players, 2, chars("emperor", "witch"))
    assert len(GAME.view(s, None)["characters"]["face_up"]) == face_up


def _draft_to_last(s) -> list[int]:
    sizes = []
    while len(s.steps) > 1:
        sizes.append(len(s.pool))
        GAME.apply(s, {"type": "pick", "character": s.roster[s.pool[0]]})
    return sizes


@pytest.mark.parametrize("take_initial", [True, False])
def test_eight_players_the_last_drafter_is_also_handed_the_initial_face_down_card(take_initial):
    s = GAME.setup(8, 4, {"rank9": "queen", "starting_seat": 5})
    initial = s.roster[s.initial_face_down]
    assert _draft_to_last(s) == [8, 7, 6, 5, 4, 3, 2]
    last = GAME.to_move(s)
    assert last == 4  # the 8th seat from the crown
    offered = GAME.view(s, last)["you"]["offered"]
    assert len(offered) == 2 and initial in offered
    assert GAME.view(s, None)["characters"]["face_down_count"] == 0
    other = next(c for c in offered if c != initial)
    chosen = initial if take_initial else other
    GAME.apply(s, {"type": "pick", "character": chosen}, seat=last)
    assert doc(s)["characters"]["owners"][chosen] == last
    assert doc(s)["characters"]["face_down"] == [other if take_initial else initial]
    assert doc(s)["phase"] == "turn" or doc(s)["characters"]["calling"] is not None


def test_seven_players_with_a_rank_nine_character_the_last_drafter_is_not_handed_the_initial_card():
    s = GAME.setup(7, 4, {"rank9": "artist", "starting_seat": 0})
    assert _draft_to_last(s) == [8, 7, 6, 5, 4, 3]
    assert len(s.pool) == 2 and s.initial_face_down not in s.pool
    assert s.face_down == [s.initial_face_down]


def test_bewitched_warlords_player_cannot_use_his_graveyard():
    # spec §2.5 #7: the Graveyard is not for the Warlord's player this round, even while the Witch plays
    # his turn; the Witch (seat 0) destroys a district of seat 2 as the bewitched Warlord of seat 1
    s = scenario(options=chars("witch"), owners={"witch": 0, "warlord": 1}, calling="warlord", acted=True,
                 revealed=["witch", "warlord"], cities={1: ["graveyard"], 2: ["castle"]}, gold={0: 5, 1: 3},
                 dark_city={"bewitched": "warlord", "actor": 0, "mode": "witch"})
    assert GAME.to_move(s) == 0
    events = act(s, {"type": "destroy", "target": 2, "card": "castle"})
    assert not any(e.type == "graveyard_offer" for e in events)
    assert s.phase != "graveyard" and golds(s)[0] == 2 and golds(s)[1] == 3
