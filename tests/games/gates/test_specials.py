"""The nine special action cards of Gates of the Citadel, played through the engine (spec gates §3.4, §3.5,
rulings R12-R20), with exact numbers and journal events.

Card numbers used below (value/circle symbol): Alliance -4/1 none, Battle 0/0 none, Treasure 1/7 coin,
Fireball 2/4 motor, Barter 0/6 map, Torture 1/5 wild, Prince 0/5 wild, Poet 2/1 chisel, Crowns 3/6 motor;
Hartă II 9/1 map, Monedă II 7/1 coin, Daltă I 2/7 chisel. Table: chisel 2,6; coin 3,7; motor 4,8; map 5,9.
The default main cards are Negustorul (7, index 6) for seat 0 against Zidarul (5, index 8) for seat 1: no
explosion, 7 vs 5, so seat 0 acts first. Only the difference of the main scores is kept (R32): 2 vs 0.
"""

from __future__ import annotations

import dataclasses

from cetate.games.gates.data import ActionCard, cards
from cetate.games.gates.resolve import resolve
from cetate.games.gates.view import view
from tests.games.gates.helpers import (
    ALLIANCE,
    ARCHER,
    BARTER,
    BATTLE,
    CAPTAIN,
    CHISEL1,
    CHISEL2,
    COIN2,
    CROWNS,
    FIREBALL,
    GAME,
    GENERAL,
    GUNNER,
    KNIGHT,
    MAP1,
    MAP2,
    MAP3,
    MASON,
    MERCHANT,
    MOTOR1,
    POET,
    PRINCE,
    SAPPER,
    SCOUT,
    SENTINEL,
    TORTURE,
    TREASURE,
    all_of,
    attach,
    duel,
    first,
    first_duel,
    outcome,
    skip,
    turns,
    types,
)

VALUES = {MAP2: 9, COIN2: 7, CHISEL1: 2}


# -- Alliance (R12) ---------------------------------------------------------------------------------------

def test_alliance_steals_two_and_adds_their_values():
    """R12, §3.4 Alianța: two cards from the opponent's hand; their printed values add to the Alliance's
    printed -4. The victim, left with an empty hand, skips automatically (R27)."""
    s = duel(hands={0: [ALLIANCE], 1: [MAP2, COIN2]})
    ev = attach(s, ALLIANCE)
    assert first(ev, "alliance") == {"seat": 0, "count": 2}
    assert first(ev, "auto_skipped") == {"seat": 1}
    h = outcome(s)
    assert h["totals"] == [2 + (-4 + 9 + 7), 0]  # Alliance alone in its step, symbol none: no bonus
    assert h["winner"] == 0 and h["points"] == 14
    assert first(ev, "duel_won")["score"] == 14 and first(ev, "gate_taken") == {"gate": 0, "seat": 0}
    assert first(ev, "addition") == {"seat": 0, "card": ALLIANCE, "printed": -4, "added": 16, "value": 12}
    assert s.hands[1] == []
    assert {MAP2, COIN2, ALLIANCE} <= set(s.action_grave)  # R29: the stolen cards reach the graveyard


def test_alliance_steals_at_random_blind_and_the_spectators_do_not_see_the_cards():
    """R12 (random, blind), R6: the theft uses the state's generator; the thief and the victim see the stolen
    cards, a spectator only their number, in the view and in the journal."""
    seen = set()
    for seed in range(1, 25):
        s = duel(hands={0: [ALLIANCE], 1: [MAP2, COIN2, CHISEL1]}, seed=seed)
        ev = attach(s, ALLIANCE)
        stolen = s.stolen[0]
        assert len(stolen) == 2 and set(stolen) <= {MAP2, COIN2, CHISEL1}
        assert len(s.hands[1]) == 1 and s.hands[1][0] not in stolen
        seen.add(frozenset(stolen))
        assert view(s, None)["stolen"] == [2, 0]
        assert view(s, 0)["stolen"] == [stolen, []] == view(s, 1)["stolen"]
        e = next(e for e in ev if e.type == "alliance")
        assert "cards" not in e.view(None) and e.view(0)["cards"] == stolen == e.view(1)["cards"]
        assert GAME.to_move(s) == 1  # the victim still has a card: its turn comes
        skip(s)
        assert outcome(s)["totals"] == [2 - 4 + sum(VALUES[c] for c in stolen), 0]
    assert len(seen) >= 2


def test_alliance_takes_fewer_when_the_hand_is_short():
    """R12: min(2, hand) cards: one card, then none (the value is only the printed -4)."""
    s = duel(hands={0: [ALLIANCE], 1: [MAP2]})
    ev = attach(s, ALLIANCE)
    assert first(ev, "alliance")["count"] == 1 and outcome(s)["totals"] == [2 - 4 + 9, 0]
    s = duel(hands={0: [ALLIANCE]})
    ev = attach(s, ALLIANCE)
    assert first(ev, "alliance")["count"] == 0 and outcome(s)["totals"] == [2 - 4, 0]


def test_alliance_value_option():
    """R12, §3.9 allianceValue: the printed value of the Alliance is the option (here -2 and 0)."""
    for value in (-2, 0):
        s = duel(hands={0: [ALLIANCE], 1: [MAP2, COIN2]}, options={"alliance_value": value})
        attach(s, ALLIANCE)
        assert outcome(s)["totals"] == [2 + value + 16, 0]


def test_alliance_theft_stands_when_a_barter_cancels_it():
    """R12, R15: the Barter cancels the Alliance (no value), but the stolen cards stay stolen and go to the
    graveyard; the Barter takes the Alliance's printed value, -4."""
    s = duel(main=(MASON, MERCHANT), hands={0: [ALLIANCE], 1: [BARTER, MAP2, COIN2]})
    assert GAME.to_move(s) == 1  # 5 vs 7: seat 1 leads
    attach(s, BARTER)
    ev = attach(s, ALLIANCE)
    assert s.hands[1] == []
    h = outcome(s)
    assert h["cancelled"] == [ALLIANCE]
    assert h["totals"] == [0, 2 - 4] and h["winner"] == 0  # main 5 vs 7, differenced 0 vs 2 and h["points"] == 2
    assert first(ev, "barter") == {"seat": 1, "card": BARTER, "target": ALLIANCE}
    assert {MAP2, COIN2, ALLIANCE, BARTER} <= set(s.action_grave)


# -- Battle (R13, R26) ------------------------------------------------------------------------------------

def test_battle_ends_the_action_phase_and_the_mini_duel_decides():
    """R13, §3.5: the first player calls a Battle; the second player's turn is forfeited; each draws the top 2
    reserve cards; printed sums 16 vs 6; the winner takes the gate and the margin, 10, even though they
    trailed in the main step (main cards score nothing)."""
    s = duel(main=(MASON, MERCHANT), hands={0: [MAP1], 1: [BATTLE, CHISEL2]},
             reserves={0: [MAP2, COIN2, MOTOR1], 1: [CHISEL1, MAP3]}, fill="grave")
    assert GAME.to_move(s) == 1
    ev = attach(s, BATTLE)
    assert "action_turn" not in types(first_duel(ev))
    assert all_of(ev, "battle_drawn") == [{"seat": 0, "cards": [MAP2, COIN2], "sum": 16},
                                          {"seat": 1, "cards": [CHISEL1, MAP3], "sum": 6}]
    h = outcome(s)
    assert h["battle"] == 1 and h["winner"] == 0 and h["points"] == 10 and h["totals"] == [16, 6]
    assert s.scores == [10, 0] and s.gates[0] == 0
    assert s.hands == [[MAP1], [CHISEL2]]  # the forfeited player keeps their hand
    assert s.reserves == [[MOTOR1], []]
    assert {MAP2, COIN2, CHISEL1, MAP3, BATTLE} <= set(s.action_grave)


def test_battle_by_the_second_player_voids_the_first_players_card():
    """R13: 'the normal action calculation is cancelled for both players': the leader's attached card
    counts nothing (and goes to the graveyard); a Barter already attached cannot touch the Battle (R15)."""
    s = duel(hands={0: [BARTER], 1: [BATTLE]}, reserves={0: [CHISEL1], 1: [COIN2]})
    turns(s, BARTER, BATTLE)
    h = outcome(s)
    assert h["totals"] == [2, 7] and h["winner"] == 1 and h["points"] == 5
    assert "cancelled" not in h and BARTER in s.action_grave and BATTLE in s.action_grave


def test_battle_with_short_and_empty_reserves():
    """R13, R27: fewer cards when the reserve is short; an empty reserve sums to 0."""
    s = duel(hands={0: [BATTLE]}, reserves={0: [MAP2], 1: []})
    ev = attach(s, BATTLE)
    assert all_of(ev, "battle_drawn") == [{"seat": 0, "cards": [MAP2], "sum": 9},
                                          {"seat": 1, "cards": [], "sum": 0}]
    assert outcome(s)["points"] == 9 and first(ev, "duel_won")["score"] == 9


def test_battle_sums_printed_values_only():
    """R13: printed values only, no effects: the Alliance counts its printed value (the option), the Treasure
    copies nothing, the wild cards get no bonus."""
    for value, expected in ((-4, [-3, 1]), (-2, [-1, 1])):
        s = duel(hands={0: [BATTLE]}, reserves={0: [ALLIANCE, TREASURE], 1: [TORTURE, PRINCE]},
                 options={"alliance_value": value})
        attach(s, BATTLE)
        h = outcome(s)
        assert h["totals"] == expected and h["winner"] == 1 and h["points"] == 2 + (-value - 2)


def test_battle_tie_goes_to_the_main_score_then_a_tie():
    """R13: equal sums: the higher preliminary main score wins the duel (and the gate) for 0 points; equal
    main scores too: a tied duel, the gate is neutral (R22, R23)."""
    s = duel(hands={0: [BATTLE]}, reserves={0: [MAP2, CHISEL1], 1: [MAP1, CHISEL2]})  # 11 vs 11, main 7 vs 5
    ev = attach(s, BATTLE)
    h = outcome(s)
    assert h["winner"] == 0 and h["points"] == 0
    assert first(ev, "duel_won")["score"] == 0 and first(ev, "gate_taken") == {"gate": 0, "seat": 0}
    s = duel(main=(SENTINEL, MERCHANT), hands={1: [BATTLE]}, reserves={0: [MAP2, CHISEL1], 1: [MAP1, CHISEL2]})
    assert s.prelim == [8, 8]
    assert GAME.to_move(s) == 1  # a tie in duel 1: P1 acts first (R7)
    ev = turns(s, BATTLE)
    assert outcome(s)["winner"] is None and first(ev, "gate_neutral") == {"gate": 0}
    assert first(ev, "duel_tied")["round"] == 1


def test_battle_in_a_siege_duel_decides_the_attacker():
    """R26: in duel 5 the mini-duel winner becomes the attacker, though they trailed in the main step."""
    s = duel(5, main=(MASON, MERCHANT), hands={1: [BATTLE]}, reserves={0: [MAP2, COIN2], 1: [CHISEL1]},
             gates=[1, 1, 0, 0])
    ev = attach(s, BATTLE)
    assert s.phase == "siege" and GAME.to_move(s) == 0 and s.attacker == 0
    assert first(ev, "siege_choice") == {"seat": 0, "targets": [0, 1]}
    assert s.scores == [14, 0]


# -- Treasure (R14) ---------------------------------------------------------------------------------------

def test_treasure_copies_the_same_step_card():
    """R14: Treasure 1 + Hartă II's printed 9 = 10, plus circles 7 - 1 = 6: 16 (coin 3/7: no bonus); Hartă II
    keeps its own 9 (+5 map). Totals 2 + 16 = 18 vs 0 + 14 = 14."""
    s = duel(hands={0: [TREASURE], 1: [MAP2]})
    ev = turns(s, TREASURE, MAP2)
    h = outcome(s)
    assert h["totals"] == [18, 14] and h["points"] == 4
    assert first(ev, "addition") == {"seat": 0, "card": TREASURE, "printed": 1, "added": 9, "value": 10}
    assert h["steps"][0]["scores"] == [16, 9] and h["steps"][0]["table_bonus"] == [0, 5]


def test_treasure_in_step_two_copies_the_step_one_card():
    """R14, R20: Crowns then Treasure against a single Hartă II: the Treasure (step 2) copies the step-1
    card. Step 1: Crowns 3 + 5 = 8 (+5 motor) = 13 vs 9 (+5) = 14; step 2: Treasure 10 alone, no bonus."""
    s = duel(main=(MASON, MERCHANT), hands={0: [CROWNS, TREASURE], 1: [MAP2]})
    turns(s, MAP2, CROWNS, TREASURE)
    h = outcome(s)
    assert [st["scores"] for st in h["steps"]] == [[8, 9], [10, None]]
    assert h["totals"] == [0 + 13 + 10, 2 + 14]


def test_treasure_without_an_opposing_card_copies_nothing():
    """R14: no opposing card: the Treasure counts its printed 1."""
    s = duel(hands={0: [TREASURE]})
    turns(s, TREASURE)  # seat 1, with an empty hand, skips on its own (R27)
    assert outcome(s)["totals"] == [3, 0]


def test_treasure_copies_the_printed_value_of_a_cancelled_card():
    """R14: the printed value is copied even when that card was cancelled. With one copy of each special this
    needs a Barter and a Treasure on the same side, so it is checked on the pure resolver: Barter (step 1)
    cancels Hartă II, Treasure (step 2) still copies its 9."""
    r = resolve(cards(), (MERCHANT, MASON), ([BARTER, TREASURE], [MAP2]), ([], []), -4)
    assert r.cancelled == [MAP2]
    assert r.effective == {BARTER: 9, TREASURE: 10}


# -- Fireball (R16) ---------------------------------------------------------------------------------------

def test_fireball_after_explosions_floor_zero():
    """R16, R21, R32: Săpătorul explodes on Tunarul (10 - 8 = 2): 3 vs 2, differenced 1 vs 0; the Fireball
    takes 6 from Tunarul's differenced 0, floor 0. Totals 1 + 2 = 3 vs 0: 3 points."""
    s = duel(main=(SAPPER, GUNNER), hands={0: [FIREBALL]})
    assert s.prelim == [3, 2]
    ev = turns(s, FIREBALL)
    assert first(ev, "fireball") == {"seat": 0, "card": FIREBALL, "target": 1, "before": 0, "after": 0}
    h = outcome(s)
    assert h["differenced"] == [1, 0] and h["main"] == [1, 0]
    assert h["totals"] == [3, 0] and h["points"] == 3


def test_fireball_applies_after_torture_and_the_explosion_recompute():
    """R11, R16, R17, R32: Iscoada (2) explodes on Generalul (11): 12 vs 11. Seat 1's Torture turns Iscoada
    into 3; the recompute keeps Iscoada's explosion: 13 vs 11, differenced again 2 vs 0; then seat 0's Fireball
    finds Generalul at 0 and takes nothing. Steps: Fireball 2 (circle 4 < 5, motor: no bonus), Torture
    1 + 1 = 2 (wild: +5). Totals 2 + 2 = 4 vs 0 + 7 = 7: seat 1 wins 3 (on raw scores seat 0 won 15-12)."""
    s = duel(main=(SCOUT, GENERAL), hands={0: [FIREBALL], 1: [TORTURE]})
    assert s.prelim == [12, 11]
    ev = turns(s, FIREBALL, TORTURE)
    assert first(ev, "torture") == {"seat": 1, "card": TORTURE, "target": 0, "before": 2, "after": 3}
    assert first(ev, "main_again") == {"value0": 3, "value1": 11, "main0": 13, "main1": 11, "a": 0, "b": 1}
    assert first(ev, "main_difference") == {"main0": 2, "main1": 0, "a": 0, "b": 1}
    assert first(ev, "fireball")["before"] == 0 and first(ev, "fireball")["after"] == 0
    assert types(ev).index("main_again") < types(ev).index("main_difference") < types(ev).index("fireball")
    h = outcome(s)
    assert h["differenced"] == [2, 0] and h["main"] == [2, 0]
    assert h["totals"] == [4, 7] and h["points"] == 3 and h["winner"] == 1


def test_fireball_applies_after_the_prince():
    """R11, R16, R18, R32: the Prince lowers Iscoada 2 - 7 to 0 (floor); Iscoada still explodes on 11
    (0 + 10): 10 vs 11, differenced 0 vs 1; then the Fireball takes Generalul from 1 to 0 (floor). Fireball 2
    (no bonus), Prince 0 + 1 = 1 (no wild bonus). Totals 2 vs 1 (on raw scores 12 vs 6)."""
    s = duel(main=(SCOUT, GENERAL), hands={0: [FIREBALL], 1: [PRINCE]})
    ev = turns(s, FIREBALL, PRINCE)
    assert first(ev, "prince")["after"] == 0
    h = outcome(s)
    assert first(ev, "fireball")["before"] == 1 and first(ev, "fireball")["after"] == 0
    assert h["differenced"] == [0, 1] and h["main"] == [0, 0] and h["totals"] == [2, 1] and h["points"] == 1


# -- Barter (R15) -----------------------------------------------------------------------------------------

def test_barter_worked_example():
    """R15, R32, spec §5.2 worked check: Arcașul + Troc vs Generalul + Hartă II: main 4 vs 11, differenced
    0 vs 7; the Barter takes Hartă II's 9 (map: +5 = 14) and cancels it (no value, no circles, no bonus).
    Totals 14-7 (the spec's raw 18-11, with the same margin)."""
    s = duel(main=(ARCHER, GENERAL), hands={0: [BARTER], 1: [MAP2]})
    ev = turns(s, MAP2, BARTER)
    h = outcome(s)
    assert h["main"] == [0, 7] and h["totals"] == [14, 7] and h["points"] == 7 and h["winner"] == 0
    assert h["cancelled"] == [MAP2]
    assert h["steps"][0] == {"step": 1, "cards": [BARTER, MAP2], "cancelled": [False, True],
                             "values": [9, None], "circle_bonus": [0, 0], "scores": [9, None], "table_bonus": [5, 0]}
    assert "circles" not in types(ev) and "circles_equal" not in types(ev)


def test_barter_cancels_a_calculation_effect():
    """R15: a cancelled Torture applies no effect (no torture, no recompute); the Barter takes its 1."""
    s = duel(main=(ARCHER, GENERAL), hands={0: [TORTURE], 1: [BARTER]})
    ev = turns(s, BARTER, TORTURE)
    assert "torture" not in types(ev) and "main_again" not in types(ev)
    h = outcome(s)
    assert h["main"] == [0, 7] and h["totals"] == [0, 8]


def test_barter_in_step_two_targets_the_step_one_card():
    """R15, R14 targeting: Crowns then Barter (step 2) against a single Hartă II: the Barter cancels it.
    Crowns alone in step 1 (3, no bonus), Barter 9 alone in step 2 (+5). Totals 0 + 3 + 14 vs 2."""
    s = duel(main=(MASON, MERCHANT), hands={0: [CROWNS, BARTER], 1: [MAP2]})
    turns(s, MAP2, CROWNS, BARTER)
    h = outcome(s)
    assert h["cancelled"] == [MAP2] and h["totals"] == [17, 2]


def test_barter_without_a_target():
    """R15: no opposing card: nothing is cancelled, the Barter counts its printed 0."""
    s = duel(hands={0: [BARTER]})
    ev = turns(s, BARTER)
    assert first(ev, "barter_none") == {"seat": 0, "card": BARTER}
    assert outcome(s)["totals"] == [2, 0]


def test_barter_against_barter_cancels_both():
    """R15: every Barter resolves at once, so two Barters cancel each other. The shipped set has one Barter
    (a special appears once), so the resolver is given a set with a second one."""
    cs = cards()
    twin = ActionCard("X05", "Troc II", 0, 6, "map", "barter")
    cs2 = dataclasses.replace(cs, action={**cs.action, "X05": twin})
    r = resolve(cs2, (MERCHANT, MASON), ([BARTER], ["X05"]), ([], []), -4)
    assert sorted(r.cancelled) == sorted([BARTER, "X05"])
    assert r.effective == {} and r.totals == [2, 0]
    assert r.steps[0]["cancelled"] == [True, True] and r.steps[0]["scores"] == [None, None]


# -- Torture (R17) ----------------------------------------------------------------------------------------

def test_torture_worked_example():
    """R17, R32, spec §5.2 worked check: Săpătorul + Tortura vs Generalul: Generalul counts 3, no explosion
    fires, main 3 vs 3, differenced 0 vs 0; Tortura alone scores 1 (no wild bonus below 2). Totals 1-0 (the
    spec's raw 4-3, with the same margin)."""
    s = duel(main=(SAPPER, GENERAL), hands={0: [TORTURE], 1: [MAP1]})
    turns(s, None, TORTURE)
    h = outcome(s)
    assert h["main"] == [0, 0] and h["totals"] == [1, 0] and h["points"] == 1


def test_torture_raises_a_lower_card_and_explosions_are_recomputed():
    """R17, R31: Torture makes Iscoada (2) count 3, even though higher; Iscoada still explodes on Generalul
    (3 + 10 = 13 vs 11, differenced 2 vs 0, R32). Against Arcașul vs Cavalerul, Torture on Cavalerul (9 -> 3)
    stops Arcașul's explosion: 4 vs 3, differenced 1 vs 0."""
    s = duel(main=(SCOUT, GENERAL), hands={0: [MAP1], 1: [TORTURE]})
    turns(s, None, TORTURE)
    assert outcome(s)["main"] == [2, 0]
    s = duel(main=(ARCHER, KNIGHT), hands={0: [TORTURE]})
    assert s.prelim == [10, 9]
    ev = turns(s, TORTURE)
    assert [e["seat"] for e in all_of(ev, "explosion_missed") if e["again"]] == [0, 1]
    h = outcome(s)
    assert h["main"] == [1, 0] and h["totals"] == [2, 0]


def test_torture_takes_the_wild_bonus():
    """R17, R10: Zidarul tortured from 5 to 3; Torture 1 + circles 5 - 1 = 4: 5, a wild card takes the
    matching symbol: +5. Monedă II 7 is a coin value: +5. Main 7 vs 3, differenced 4 vs 0 (R32). Totals
    4 + 10 vs 0 + 12."""
    s = duel(hands={0: [TORTURE], 1: [COIN2]})
    turns(s, TORTURE, COIN2)
    h = outcome(s)
    assert h["steps"][0]["scores"] == [5, 7] and h["steps"][0]["table_bonus"] == [5, 5]
    assert h["main"] == [4, 0] and h["totals"] == [14, 12]


# -- Prince (R18) -----------------------------------------------------------------------------------------

def test_prince_lowers_by_seven_floor_zero_and_recomputes():
    """R18: Cavalerul 9 - 7 = 2: Arcașul's explosion (index 9) no longer fires: 4 vs 2, differenced 2 vs 0
    (R32). Zidarul 5 - 7 = 0."""
    s = duel(main=(ARCHER, KNIGHT), hands={0: [PRINCE]})
    ev = turns(s, PRINCE)
    assert first(ev, "prince") == {"seat": 0, "card": PRINCE, "target": 1, "before": 9, "after": 2}
    h = outcome(s)
    assert h["main"] == [2, 0] and h["totals"] == [2, 0]
    s = duel(hands={0: [PRINCE]})
    ev = turns(s, PRINCE)
    assert first(ev, "prince")["after"] == 0 and outcome(s)["main"] == [7, 0]


def test_torture_before_prince():
    """R11: Torture, then Prince (a card turned into 3 then loses 7: 0). With one Crowns and two cards per
    turn this needs three cards on one side, so it is checked on the pure resolver."""
    r = resolve(cards(), (MERCHANT, CAPTAIN), ([TORTURE, PRINCE], []), ([], []), -4)
    assert r.main_values == [7, 0] and r.main == [7, 0]
    assert [kind for kind, _ in r.log][:2] == ["torture", "prince"]


# -- Poet (R19) -------------------------------------------------------------------------------------------

def test_poet_takes_a_graveyard_card_usable_from_the_next_round():
    """R19: the graveyard of earlier rounds (either player's cards: one shared pile) becomes selectable; the
    card goes to hand; the turn ends, so it is played at the earliest in the next duel. The Poet itself
    scores 2 (chisel: +5)."""
    s = duel(2, hands={0: [POET], 1: [CHISEL1]}, grave=[MAP2, COIN2], fill="reserves")
    attach(s, POET)
    assert s.phase == "poet" and GAME.to_move(s) == 0
    assert GAME.legal_actions(s) == [{"type": "poet", "card": MAP2}, {"type": "poet", "card": COIN2}]
    ev = turns(s, ("poet", MAP2))
    assert first(ev, "poet_took") == {"seat": 0, "card": MAP2}
    assert s.hands[0] == [MAP2] and s.action_grave == [COIN2]
    assert s.phase == "action" and GAME.to_move(s) == 1
    skip(s)
    assert outcome(s)["totals"] == [2 + 7, 0]
    assert s.round == 3
    while GAME.to_move(s) != 0:
        skip(s)
    assert {"type": "attach", "card": MAP2} in GAME.legal_actions(s)


def test_poet_with_an_empty_graveyard_has_no_effect():
    """R19: an empty graveyard: no effect. A card attached earlier in the same duel is not in the graveyard
    yet (earlier rounds only)."""
    s = duel(hands={0: [MAP2], 1: [POET]}, fill="reserves")
    ev = turns(s, MAP2, POET)
    assert first(ev, "poet_empty") == {"seat": 1}
    h = outcome(s)
    assert h["totals"] == [2 + 14, 0 + 7]  # circles 1 and 1: equal, no bonus
    assert s.hands == [[], []]


# -- Crowns (R20) -----------------------------------------------------------------------------------------

def test_crowns_worked_example():
    """R20, R9, R10, R32, spec §5.2 worked check: Arcașul + Coroanele + Daltă I vs Generalul + Hartă II: main
    4 vs 11, differenced 0 vs 7. Step 1: Coroanele 3 + 5 = 8 (+5 motor) = 13; Hartă II 9 (+5) = 14. Step 2:
    Daltă I alone, 2 (+5) = 7. Totals 20 vs 21 (the spec's raw 24 vs 25, with the same margin)."""
    s = duel(main=(ARCHER, GENERAL), hands={0: [CROWNS, CHISEL1, MAP1], 1: [MAP2]})
    attach(s, MAP2)
    ev = attach(s, CROWNS)
    assert first(ev, "extra_turn") == {"seat": 0}
    assert s.phase == "extra" and GAME.to_move(s) == 0
    assert GAME.legal_actions(s) == [{"type": "attach", "card": CHISEL1}, {"type": "attach", "card": MAP1},
                                     {"type": "skip"}]
    ev = attach(s, CHISEL1)
    assert first(ev, "attached") == {"seat": 0, "card": CHISEL1, "step": 2}
    h = outcome(s)
    assert [st["scores"] for st in h["steps"]] == [[8, 9], [2, None]]
    assert [st["table_bonus"] for st in h["steps"]] == [[5, 5], [5, 0]]
    assert h["totals"] == [20, 21] and h["winner"] == 1 and h["points"] == 1
    assert s.hands[0] == [MAP1]  # exactly one more card


def test_crowns_extra_card_is_optional_and_steps_compare_separately():
    """R20: the extra card is optional (skip): then there is only step 1, Crowns 3 against Hartă I 5 (circles
    6 and 6: equal, no bonus; Hartă I 5 is a map value)."""
    s = duel(hands={0: [CROWNS, CHISEL1], 1: [MAP1]})
    turns(s, CROWNS, None, MAP1)
    h = outcome(s)
    assert len(h["steps"]) == 1 and h["plays"] == [[CROWNS], [MAP1]] and s.hands[0] == [CHISEL1]
    assert h["steps"][0]["scores"] == [3, 5] and h["steps"][0]["table_bonus"] == [0, 5]


def test_crowns_alone_in_hand_opens_no_extra_turn():
    """R20: with no other card in hand there is nothing to add: the turn simply ends."""
    s = duel(hands={0: [CROWNS], 1: [MAP1]})
    ev = attach(s, CROWNS)
    assert "extra_turn" not in types(ev) and GAME.to_move(s) == 1


def test_two_players_each_with_two_steps():
    """R9, R20: Crowns + Hartă I against a lone Monedă II: the lone card meets step 1 (Crowns 6 vs 1: +5, 8,
    motor +5 = 13; Monedă II 7, coin +5 = 12); step 2, Hartă I 5 alone, is not compared (map +5 = 10): each
    step is bonused separately. Totals 2 + 13 + 10 = 25 vs 0 + 12 = 12."""
    s = duel(hands={0: [CROWNS, MAP1], 1: [COIN2]})
    ev = turns(s, CROWNS, MAP1, COIN2)
    circles = all_of(ev, "circles")
    assert [c["step"] for c in circles] == [1]  # Crowns 6 vs Monedă II 1: +5 to seat 0
    h = outcome(s)
    assert [st["scores"] for st in h["steps"]] == [[8, 7], [5, None]]
    assert [st["table_bonus"] for st in h["steps"]] == [[5, 5], [5, 0]]
    assert h["totals"] == [2 + 13 + 10, 0 + 12]


def test_step_two_against_step_two_is_compared():
    """R9: cards in the same step are compared, step by step. Both players have a step 2 only with two
    Crowns, which the shipped set does not have, so the pure resolver is given two two-card plays:
    step 1 Coroanele (6) vs Hartă I (6): equal; step 2 Daltă I (7) vs Hartă III (4/7): equal too; then
    Daltă I against Hartă II (1): +6 to Daltă I (8, chisel: no bonus)."""
    r = resolve(cards(), (MERCHANT, MASON), ([CROWNS, CHISEL1], [MAP1, MAP3]), ([], []), -4)
    assert [st["circle_bonus"] for st in r.steps] == [[0, 0], [0, 0]]
    assert [st["scores"] for st in r.steps] == [[3, 5], [2, 4]]
    assert [st["table_bonus"] for st in r.steps] == [[0, 5], [5, 0]]
    r = resolve(cards(), (MERCHANT, MASON), ([CROWNS, CHISEL1], [MAP1, MAP2]), ([], []), -4)
    assert r.steps[1]["circle_bonus"] == [6, 0] and r.steps[1]["scores"] == [8, 9]
    assert r.steps[1]["table_bonus"] == [0, 5]
