"""The rulings R1-R34 of spec gates §4, one or more tests each, plus the worked checks of spec §5.2 and the
example of §7 of the seed text.

Where a ruling is about one special card, its scenario tests live in test_specials.py:
R12 Alliance, R13 Battle, R14 Treasure, R15 Barter, R16 Fireball, R17 Torture, R18 Prince, R19 Poet,
R20 Crowns, R26 Battle in a siege duel. `test_every_ruling_is_cited` checks that every R-number from 1 to 34
is cited by at least one test docstring of this folder.
"""

from __future__ import annotations

import ast
import dataclasses
import json
import random
import re
from collections import Counter
from pathlib import Path

import pytest

from cetate.games.gates.data import cards
from cetate.games.gates.resolve import explosions, resolve
from cetate.games.gates.view import view
from tests.games.gates.helpers import (
    ALLIANCE,
    ARCHER,
    BARTER,
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
    MAP4,
    MASON,
    MERCHANT,
    MOTOR1,
    PRIEST,
    PRINCE,
    RANGER,
    SAPPER,
    SCOUT,
    SENTINEL,
    TORTURE,
    act,
    all_of,
    attach,
    duel,
    first,
    first_duel,
    outcome,
    play_random,
    ready,
    skip,
    turns,
    types,
)


def started(seed, options: dict | None = None):
    """A match after the shuffle, a draft that always takes the first card of the pair, and the start."""
    s = GAME.setup(2, seed, options)
    act(s, {"type": "shuffle"})
    while s.phase == "draft":
        act(s, {"type": "choose", "card": s.pairs[s.pair_index][0]})
    act(s, {"type": "start"})
    return s


# -- R1: six duels ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [1, 2, "six"])
def test_r1_a_match_is_six_duels(seed):
    """R1: one duel = one round = one main card each; duels 1-4 for Gates I-IV, 5-6 are siege duels."""
    s, steps = play_random(seed)
    ev = [e for _, evs in steps for e in evs]
    assert [(d["round"], d["gate"]) for d in all_of(ev, "duel_started")] == [(1, 0), (2, 1), (3, 2), (4, 3)]
    assert [(d["round"], d["gate"]) for d in all_of(ev, "siege_duel_started")] == [(5, None), (6, None)]
    assert len(s.history) == 6 and s.round == 6 and s.phase == "over"
    assert sorted(s.main_grave) == sorted(cards().main) and s.mains == [[], []]
    assert all(g is not None for g in s.gates)


# -- R2: the pair draft -----------------------------------------------------------------------------------

def test_r2_draft_order():
    """R2: pairs in order 1-6; P0 chooses from pairs 1, 3, 5, P1 from 2, 4, 6; the other card of the pair
    goes to the opponent; each ends with six."""
    s = GAME.setup(2, 5, {"first_chooser": 1})
    assert s.p0 == 1 and GAME.to_move(s) == 1
    ev = act(s, {"type": "shuffle"})
    pairs = first(ev, "pairs_dealt")["pairs"]
    assert sorted(c for p in pairs for c in p) == sorted(cards().main)
    choosers = []
    for k in range(6):
        choosers.append(GAME.to_move(s))
        assert GAME.legal_actions(s) == [{"type": "choose", "card": c} for c in pairs[k]]
        ev = act(s, {"type": "choose", "card": pairs[k][1]})
        assert first(ev, "pair_chosen") == {"seat": choosers[-1], "pair": k + 1, "card": pairs[k][1],
                                            "other": pairs[k][0]}
    assert choosers == [1, 0, 1, 0, 1, 0]
    assert s.drafted[1] == [pairs[k][1] if k % 2 == 0 else pairs[k][0] for k in range(6)]
    assert s.drafted[0] == [pairs[k][0] if k % 2 == 0 else pairs[k][1] for k in range(6)]
    assert s.phase == "start" and GAME.to_move(s) == 1


def test_r2_first_chooser_is_drawn():
    """R2: without the option a random draw (from the seed) picks P0: both seats occur."""
    assert {GAME.setup(2, seed).p0 for seed in range(20)} == {0, 1}


# -- R3: main deck order ----------------------------------------------------------------------------------

def test_r3_main_decks_shuffled_or_in_draft_order():
    """R3: by default each player's six main cards are shuffled face down; with main_deck_order="draft" duel
    k plays the card of pair k."""
    changed = 0
    for seed in range(8):
        s = started(seed)
        for p in (0, 1):
            deck = [s.current[p], *s.mains[p]]
            assert sorted(deck) == sorted(s.drafted[p])
            changed += deck != s.drafted[p]
        s = started(seed, {"main_deck_order": "draft"})
        assert [[s.current[p], *s.mains[p]] for p in (0, 1)] == s.drafted
    assert changed >= 8


# -- R4, R5: the deal -------------------------------------------------------------------------------------

def test_r4_r5_deal_twelve_each_hand_four_reserve_eight():
    """R4: one pool of 24 dealt 12/12 (who holds which special varies); R5: 4 in hand, 8 in reserve; the
    hand_dealt event shows the hand to its owner only."""
    owners = Counter()
    for seed in range(12):
        s = GAME.setup(2, seed)
        act(s, {"type": "shuffle"})
        while s.phase == "draft":
            act(s, {"type": "choose", "card": s.pairs[s.pair_index][0]})
        ev = act(s, {"type": "start"})
        assert [len(h) for h in s.hands] == [4, 4] and [len(r) for r in s.reserves] == [8, 8]
        assert sorted(s.hands[0] + s.hands[1] + s.reserves[0] + s.reserves[1]) == sorted(cards().action)
        owners[0 if ALLIANCE in s.hands[0] + s.reserves[0] else 1] += 1
        dealt = [e for e in ev if e.type == "hand_dealt"]
        for p, e in enumerate(dealt):
            assert e.view(p)["cards"] == s.hands[p]
            assert "cards" not in e.view(1 - p) and "cards" not in e.view(None)
    assert owners[0] and owners[1]


def test_r5_hands_are_never_refilled():
    """R5: after a card is attached, the hand stays one card shorter; the reserve is untouched."""
    s = started(3)
    p = GAME.to_move(s)
    plain = next(c for c in s.hands[p] if cards().action[c].special is None)
    attach(s, plain)
    skip(s)
    assert s.round == 2 and len(s.hands[p]) == 3 and len(s.reserves[p]) == 8
    assert len(s.hands[1 - p]) == 4


# -- R6: visibility ---------------------------------------------------------------------------------------

def _public_cards(s) -> set[str]:
    """Action cards that have been face up at some point: attached, drawn for a Battle, revealed in a
    siege, or in the graveyard."""
    out = set(s.action_grave) | set(s.plays[0]) | set(s.plays[1])
    for h in s.history:
        out |= set(h["plays"][0]) | set(h["plays"][1])
        for cs in h.get("battle_cards", ()):
            out |= set(cs)
        out |= set(h.get("siege", {}).get("cards", ()))
    return out


@pytest.mark.parametrize("seed", [4, 5, 6])
def test_r6_views_hide_hands_reserves_and_the_generator(seed):
    """R6: a seat sees its own hand, the sizes of the other hand and of both reserves, never their cards, nor
    the generator; a spectator sees no hand and no stolen card."""
    s = GAME.setup(2, seed)
    rnd = random.Random(seed)
    checked = 0
    while not GAME.is_over(s):
        for seat in (0, 1, None):
            v = view(s, seat)
            assert set(v["card_set"]["action"]) == set(cards().action)  # the whole card list, the same for all
            text = json.dumps({k: x for k, x in v.items() if k != "card_set"})
            assert "rng" not in v and str(s.rng.state) not in text
            public = _public_cards(s)
            for p in (0, 1):
                if p != seat:
                    assert v["hands"][p] == len(s.hands[p])
                    for c in set(s.hands[p]) - public:
                        assert f'"{c}"' not in text, (seat, c)
                assert v["reserves"][p] == len(s.reserves[p])
                for c in s.reserves[p]:
                    assert f'"{c}"' not in text, (seat, c)
            if seat is None:
                assert v["stolen"] == [len(s.stolen[0]), len(s.stolen[1])]
                for c in set(s.stolen[0] + s.stolen[1]) - public:
                    assert f'"{c}"' not in text
            else:
                assert v["hands"][seat] == s.hands[seat]
            checked += 1
        GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
    assert checked > 30


# -- R7: action order -------------------------------------------------------------------------------------

# Duels with main_deck_order="draft": 1 Străjerul-Pandurul 6-6 (tie), 2 Negustorul-Preotul 7-7 (tie),
# 3 Generalul-Iscoada 11-12 (seat 1 leads), 4 Cavalerul-Căpitanul 9-8, 5 Tunarul-Zidarul 10-5,
# 6 Arcașul-Săpătorul 4-3 (seat 0 leads).
ORDER_DRAFT = [[SENTINEL, MERCHANT, GENERAL, KNIGHT, GUNNER, ARCHER],
               [RANGER, PRIEST, SCOUT, CAPTAIN, MASON, SAPPER]]


def _first_actors(p0: int, rule: str) -> list[int]:
    s = ready(ORDER_DRAFT, p0=p0, options={"main_deck_order": "draft", "action_order": rule})
    ev = act(s, {"type": "start"})
    prelims = [[d["main0"], d["main1"]] for d in all_of(ev, "main_scores") + all_of(ev, "main_lead")]
    assert prelims == [[6, 6]]
    while not GAME.is_over(s):
        if s.phase == "siege":
            ev += act(s, {"type": "no_siege"})
        else:
            ev += skip(s)
    return [d["first"] for d in all_of(ev, "action_order")]


def test_r7_leader_first_with_ties_to_the_previous_second():
    """R7: the higher preliminary main score acts first; on a tie whoever acted second in the previous duel
    acts first; in duel 1, P1."""
    assert _first_actors(0, "leader_first") == [1, 0, 1, 0, 0, 0]
    assert _first_actors(1, "leader_first") == [0, 1, 1, 0, 0, 0]


def test_r7_trailer_first_and_alternate_options():
    """R7, §3.9 actionOrder: trailer first (ties as above); alternate, P1 first in odd duels."""
    assert _first_actors(0, "trailer_first") == [1, 0, 0, 1, 1, 1]
    assert _first_actors(0, "alternate") == [1, 0, 1, 0, 1, 0]
    assert _first_actors(1, "alternate") == [0, 1, 0, 1, 0, 1]


# -- R8: one card per turn, skip --------------------------------------------------------------------------

def test_r8_one_turn_each_one_card_and_skip_costs_nothing():
    """R8: each player has one turn: attach one card or skip (no card lost); then the duel resolves, with no
    second pass."""
    s = duel(hands={0: [MAP1, MAP2], 1: [COIN2, CHISEL1]})
    ev = attach(s, MAP1)
    assert GAME.to_move(s) == 1 and s.phase == "action" and s.plays == [[MAP1], []]
    assert GAME.legal_actions(s) == [{"type": "attach", "card": COIN2}, {"type": "attach", "card": CHISEL1},
                                     {"type": "skip"}]
    ev = skip(s)
    assert first(ev, "skipped") == {"seat": 1, "extra": False}
    h = outcome(s)
    assert h["plays"] == [[MAP1], []]
    assert s.hands[1] == [COIN2, CHISEL1] and s.hands[0] == [MAP2]
    assert s.round == 2 and s.action_grave.count(MAP1) == 1 and COIN2 not in s.action_grave


# -- R9, R10: steps and the table bonus --------------------------------------------------------------------

def test_r9_equal_circles_and_lone_cards():
    """R9: same-step cards are compared; equal circles give no bonus (Motoraș I 4/6 vs Hartă I 5/6); a card
    alone in its step is not compared. (Main 7 vs 5, differenced 2 vs 0, R32.)"""
    s = duel(hands={0: [MOTOR1], 1: [MAP1]})
    ev = turns(s, MOTOR1, MAP1)
    assert first(ev, "circles_equal")["step"] == 1
    assert outcome(s)["steps"][0]["circle_bonus"] == [0, 0]
    assert outcome(s)["totals"] == [2 + 4 + 5, 0 + 5 + 5]
    s = duel(hands={0: [MAP1, CHISEL1], 1: [COIN2]})
    ev = turns(s, MAP1, None)
    assert "circles" not in types(first_duel(ev)) and "circles_equal" not in types(first_duel(ev))


def test_r10_table_bonus_fixed_wild_and_none():
    """R10: a fixed symbol gets +5 on one of its two values (Hartă II 9: map), not otherwise (Hartă IV 7);
    wild gets +5 on 2-9 only (Tortura 1: none; Prințul 0: none; a 10 misses); `none` never (the Alliance
    scoring 2, a chisel value, gets nothing). At most +5 per card."""
    cs = cards()
    main = (MERCHANT, MASON)
    r = resolve(cs, main, ([MAP2], [MAP4]), ([], []), -4)  # circles 1 vs 3: +2 to Hartă IV: 9!
    assert [st["scores"] for st in r.steps] == [[9, 9]] and r.steps[0]["table_bonus"] == [5, 5]
    r = resolve(cs, main, ([MAP4], []), ([], []), -4)
    assert r.steps[0]["scores"] == [7, None] and r.steps[0]["table_bonus"] == [0, 0]
    r = resolve(cs, main, ([TORTURE], [PRINCE]), ([], []), -4)
    assert r.steps[0]["scores"] == [1, 0] and r.steps[0]["table_bonus"] == [0, 0]
    ten = dataclasses.replace(cs, action={**cs.action, TORTURE: dataclasses.replace(cs.action[TORTURE], value=10)})
    r = resolve(ten, main, ([TORTURE], []), ([], []), -4)
    assert r.steps[0]["scores"] == [10, None] and r.steps[0]["table_bonus"] == [0, 0]
    nine = dataclasses.replace(cs, action={**cs.action, TORTURE: dataclasses.replace(cs.action[TORTURE], value=9)})
    assert resolve(nine, main, ([TORTURE], []), ([], []), -4).steps[0]["table_bonus"] == [5, 0]
    r = resolve(cs, main, ([ALLIANCE], []), ([CHISEL2], []), -4)
    assert r.steps[0]["scores"] == [2, None] and r.steps[0]["table_bonus"] == [0, 0]
    assert ("table_none", {"seat": 0, "card": ALLIANCE, "score": 2, "symbol": "none"}) in r.log


# -- R11: resolution order --------------------------------------------------------------------------------

def test_r11_calculation_order():
    """R11: Barter cancellation, additions, Torture, Prince, explosion recompute, Fireball, steps with
    circles, table bonus, totals, in that order in the journal. (Three cards a side only on the pure
    resolver.) Seat 1's Barter (step 3) cancels seat 0's Treasure (step 3)."""
    from tests.games.gates.helpers import TREASURE

    r = resolve(cards(), (ARCHER, KNIGHT), ([TORTURE, FIREBALL, TREASURE], [PRINCE, MAP1, BARTER]), ([], []), -4)
    kinds = [k for k, _ in r.log]
    order = ["barter", "addition", "torture", "prince", "main_again", "main_difference", "fireball",
             "circles_equal", "step_score", "table_wild_miss", "circles"]
    assert [kinds.index(k) for k in order] == sorted(kinds.index(k) for k in order)
    assert r.cancelled == [TREASURE]
    # Arcașul 4 (Prince: 0), Cavalerul 9 (Torture: 3): no explosion, 0 vs 3 (R32: 0 vs 3); Fireball 3 - 6: 0
    assert r.main_values == [0, 3] and r.differenced == [0, 3] and r.main == [0, 0]


# -- R21, R22: floors and ties ----------------------------------------------------------------------------

def test_r21_main_scores_floor_at_zero_after_explosions():
    """R21, R31: a main score is floored at 0 after the explosions. No shipped explosion can push a score
    below 0, so a card list where Preotul's explosion is -9 is used: Zidarul 5 - 9 -> 0, not -4."""
    cs = cards()
    priest = dataclasses.replace(cs.main[PRIEST], explosion=-9)
    cs2 = dataclasses.replace(cs, main={**cs.main, PRIEST: priest})
    assert explosions(priest, cs.main[MASON], 7, 5) == ([7, 0], [True, False])
    r = resolve(cs2, (PRIEST, MASON), ([], [MAP2]), ([], []), -4)
    assert r.prelim == [7, 0] and r.totals == [7, 14]


def test_r21_action_scores_and_totals_are_not_floored():
    """R21, R32: main 2 vs 5, differenced 0 vs 3; Iscoada with an Alliance that steals nothing counts
    0 - 4 = -4; Zidarul 3 + Hartă I 5 + circles 6 - 1 = 10 (no map bonus at 10): 13. The winner scores the full
    difference, 17."""
    s = duel(main=(SCOUT, MASON), hands={0: [ALLIANCE], 1: [MAP1]})
    assert s.prelim == [2, 5] and GAME.to_move(s) == 1
    ev = turns(s, MAP1, ALLIANCE)
    assert first(ev, "alliance")["count"] == 0
    h = outcome(s)
    assert h["totals"] == [-4, 13] and h["points"] == 17 and first(ev, "duel_won")["score"] == 17


def test_r22_tied_duel_no_points_neutral_gate():
    """R22, R23: equal totals: nobody scores; a gate duel leaves its gate neutral. (Main 6 vs 6: both keep 0,
    R32.)"""
    s = duel(2, main=(SENTINEL, RANGER), hands={0: [MAP1], 1: [MAP2]}, scores=(3, 4), gates=[0, None, None, None])
    ev = turns(s, None, None)
    assert first(ev, "duel_tied") == {"round": 2, "total": 0}
    assert s.scores == [3, 4] and s.gates == [0, "neutral", None, None]


def test_r22_tied_siege_duel_has_no_siege():
    """R22, §3.7: a tied siege duel: no siege, no points."""
    s = duel(5, main=(SENTINEL, RANGER), hands={0: [MAP1], 1: [MAP2]}, gates=[0, 0, 1, 1])
    ev = turns(s, None, None)
    assert first(ev, "no_siege") == {"round": 5} and "siege_choice" not in types(ev)
    assert s.round == 6 and s.phase == "action" and s.gates == [0, 0, 1, 1] and s.scores == [0, 0]


# -- R23, R24, R25: sieges --------------------------------------------------------------------------------

def _siege(gates, reserve1, options=None, hands0=(MAP1,)):
    """Duel 5: Negustorul 7 vs Zidarul 5, both skip: seat 0 wins by 2 and may attack seat 1's reserve."""
    s = duel(5, hands={0: list(hands0), 1: [MAP3]}, reserves={1: reserve1}, gates=gates, options=options)
    ev = turns(s, None, None)
    return s, ev


def test_r23_neutral_gates_claimable_or_void():
    """R23: a neutral gate may be attacked by a siege winner (siege_claimable, the default) and is taken when
    its symbol does not defend; with neutral_gates="void" it is never a target."""
    s, ev = _siege(["neutral", 1, 0, 0], [TORTURE, PRINCE, ALLIANCE])
    assert first(ev, "siege_choice") == {"seat": 0, "targets": [0, 1]}
    ev = act(s, {"type": "siege", "gate": 0})
    assert first(ev, "siege_won")["was_neutral"] is True and s.gates[0] == 0
    s, ev = _siege(["neutral", 1, 0, 0], [CHISEL1], {"neutral_gates": "void"})
    assert first(ev, "siege_choice")["targets"] == [1]
    assert GAME.legal_actions(s) == [{"type": "siege", "gate": 1}, {"type": "no_siege"}]
    s, ev = _siege(["neutral", 0, 0, 0], [CHISEL1], {"neutral_gates": "void"})
    assert first(ev, "siege_no_target") == {"round": 5, "seat": 0} and s.phase == "action"


def test_r23_failed_siege_on_a_neutral_gate_leaves_it_neutral():
    """R23, R25: a neutral Gate I (chisel) defended by a chisel card stays neutral."""
    s, _ = _siege(["neutral", 1, 0, 0], [COIN2, CHISEL1])
    ev = act(s, {"type": "siege", "gate": 0})
    assert first(ev, "siege_failed")["was_neutral"] is True and s.gates[0] == "neutral"


def test_r24_siege_is_optional_and_points_count_anyway():
    """R24: the siege winner may attack nothing; with no target nothing happens; the duel points count."""
    s, ev = _siege([0, 0, 1, 1], [CHISEL1])
    assert first(ev, "duel_won")["points"] == 2 and s.scores == [2, 0] and s.phase == "siege"
    ev = act(s, {"type": "no_siege"})
    assert first(ev, "siege_declined") == {"round": 5, "seat": 0}
    assert s.gates == [0, 0, 1, 1] and s.reserves[1] == [CHISEL1] and s.round == 6
    s, ev = _siege([0, 0, 0, "neutral"], [CHISEL1], {"neutral_gates": "void"})
    assert "siege_no_target" in types(ev) and s.scores == [2, 0] and s.round == 6


def test_r25_siege_reveal_symbols_only():
    """R25, §3.7: the defender reveals the top 3 reserve cards; the target's symbol among them holds the gate
    (Gate III, motor: Motoraș I as third card), wild and none never defend, a fourth card is not revealed;
    the revealed cards go to the graveyard (R29)."""
    s, _ = _siege([0, 0, 1, 1], [MAP2, CHISEL1, MOTOR1, COIN2])
    ev = act(s, {"type": "siege", "gate": 2})
    assert first(ev, "siege_reveal") == {"seat": 1, "gate": 2, "symbol": "motor", "cards": [MAP2, CHISEL1, MOTOR1]}
    assert first(ev, "siege_failed")["gate"] == 2 and s.gates == [0, 0, 1, 1]
    assert s.reserves[1] == [COIN2] and {MAP2, CHISEL1, MOTOR1} <= set(s.action_grave)
    s, _ = _siege([0, 0, 1, 1], [TORTURE, PRINCE, ALLIANCE, MOTOR1])
    ev = act(s, {"type": "siege", "gate": 2})
    assert first(ev, "siege_won") == {"seat": 0, "defender": 1, "gate": 2, "symbol": "motor",
                                      "was_neutral": False}
    assert s.gates == [0, 0, 0, 1] and s.reserves[1] == [MOTOR1]
    assert s.history[-1]["siege"] == {"attacker": 0, "gate": 2, "cards": [TORTURE, PRINCE, ALLIANCE],
                                      "hits": [False, False, False], "defended": False}


def test_r25_short_and_empty_reserve():
    """R25: a short reserve reveals what is left; an empty one means the attack succeeds."""
    s, _ = _siege([0, 0, 1, 1], [MAP2])
    ev = act(s, {"type": "siege", "gate": 3})
    assert first(ev, "siege_reveal")["cards"] == [MAP2] and s.gates[3] == 1
    s, _ = _siege([0, 0, 1, 1], [])
    ev = act(s, {"type": "siege", "gate": 3})
    assert first(ev, "siege_reveal")["cards"] == [] and "siege_won" in types(ev) and s.gates[3] == 0


def test_r26_battle_decides_the_attacker():
    """R26: see test_specials.test_battle_in_a_siege_duel_decides_the_attacker; here the Battle winner on
    the trailing side then besieges and takes a gate."""
    from tests.games.gates.helpers import BATTLE

    s = duel(5, main=(MASON, MERCHANT), hands={0: [MAP1], 1: [BATTLE]}, reserves={0: [MAP2, COIN2], 1: []},
             gates=[1, 1, 0, 0])
    attach(s, BATTLE)
    assert s.attacker == 0
    ev = act(s, {"type": "siege", "gate": 0})
    assert "siege_won" in types(ev) and s.gates == [0, 1, 0, 0]


# -- R27: empty hands -------------------------------------------------------------------------------------

def test_r27_empty_hand_skips_automatically():
    """R27: a player with no card left skips on their own; with both hands empty the duel resolves at once."""
    s = duel(hands={0: [MAP1]})
    ev = attach(s, MAP1)
    assert first(ev, "auto_skipped") == {"seat": 1}
    kinds = types(ev)
    assert kinds.count("auto_skipped") == 1 + 2 * 4  # duels 2-5 resolve with nobody to act
    assert len(s.history) == 5 and s.round == 5 and s.phase == "siege"  # the siege choice still comes


# -- R28: the end -----------------------------------------------------------------------------------------

@pytest.mark.parametrize(("gates", "scores", "winners", "tie_break"), [
    ([0, 0, 0, 1], (0, 50), [0], "none"),
    ([0, "neutral", "neutral", "neutral"], (0, 9), [0], "none"),
    ([0, 0, 1, 1], (3, 5), [1], "score"),
    ([0, 1, "neutral", "neutral"], (4, 4), [0, 1], "draw"),
])
def test_r28_end_gates_then_score_then_draw(gates, scores, winners, tie_break):
    """R28, §3.8: after duel 6 more gates wins (neutral gates count for nobody), then the higher score, else
    a draw. Duel 6 here is a tie (6-6), so it changes nothing."""
    s = duel(6, main=(SENTINEL, RANGER), hands={0: [MAP1], 1: [MAP2]}, gates=gates, scores=scores)
    ev = turns(s, None, None)
    assert s.phase == "over" and GAME.to_move(s) is None and GAME.legal_actions(s) == []
    r = GAME.result(s)
    assert r["winners"] == winners and r["tie_break"] == tie_break
    assert [sc["gates"] for sc in r["scores"]] == [gates.count(0), gates.count(1)]
    assert [sc["score"] for sc in r["scores"]] == list(scores)
    assert ("match_drawn" if tie_break == "draw" else "match_over") in types(ev)


# -- R29: where the cards go ------------------------------------------------------------------------------

def test_r29_every_card_of_the_duel_goes_to_the_graveyards():
    """R29, §3.3 step 8: attached cards (a cancelled one too) and stolen cards go to the action graveyard at
    the end of the duel, the two main cards to the main graveyard."""
    s = duel(main=(MASON, MERCHANT), hands={0: [ALLIANCE, MAP1], 1: [BARTER, MAP2, COIN2]}, fill="reserves")
    turns(s, BARTER)
    ev = attach(s, ALLIANCE)
    cleanup = first(ev, "cleanup")
    assert cleanup["actions"][:2] == [ALLIANCE, BARTER] and sorted(cleanup["actions"][2:]) == sorted([MAP2, COIN2])
    assert cleanup["mains"] == [MASON, MERCHANT] and cleanup["count"] == 4
    assert sorted(s.action_grave) == sorted([ALLIANCE, BARTER, MAP2, COIN2])
    assert s.main_grave == [MASON, MERCHANT] and s.plays == [[], []] and s.stolen == [[], []]


# -- R30: gate symbols and the table ----------------------------------------------------------------------

def test_r30_gate_symbols_matter_only_in_sieges():
    """R30: Gates I-IV carry chisel, coin, motor, map; the table bonus does not depend on the gate at stake:
    the same duel scores the same for Gate I and for Gate IV."""
    assert cards().gate_symbols == ("chisel", "coin", "motor", "map")
    totals = []
    for rnd in (1, 4):
        s = duel(rnd, hands={0: [MAP2], 1: [CHISEL1]})
        turns(s, MAP2, CHISEL1)
        totals.append(outcome(s)["totals"])
    assert totals[0] == totals[1] == [2 + 14, 0 + 2 + 6]  # Daltă I 2 + circles 7 - 1: 8, no bonus


# -- R31: explosions --------------------------------------------------------------------------------------

def test_r31_both_explosions_fire_independently():
    """R31: Străjerul (index 7, +2) vs Negustorul (value 7; index 6, +1, against value 6): both fire, 8-8.
    Pandurul (index 7, -2) vs Negustorul: both fire, 6 and 7 - 2 + 1 = 6 (the journal of duel 1)."""
    cs = cards()
    assert explosions(cs.main[SENTINEL], cs.main[MERCHANT], 6, 7) == ([8, 8], [True, True])
    drafted = [[RANGER, SENTINEL, GENERAL, KNIGHT, GUNNER, ARCHER], [MERCHANT, PRIEST, SCOUT, CAPTAIN, MASON, SAPPER]]
    s = ready(drafted, options={"main_deck_order": "draft"})
    ev = first_duel(act(s, {"type": "start"}))
    assert s.prelim == [6, 6]
    assert first(ev, "explosion_opponent") == {"seat": 0, "card": RANGER, "index": 7, "opposing_value": 7,
                                               "amount": 2, "again": False}
    assert first(ev, "explosion_own") == {"seat": 1, "card": MERCHANT, "index": 6, "opposing_value": 6,
                                          "amount": 1, "again": False}
    assert first(ev, "main_scores") == {"main0": 6, "main1": 6, "a": 0, "b": 1, "difference": 0}


def test_r31_explosions_use_the_current_values():
    """R31, R18: Cavalerul (index 7, -2) fires on Negustorul's 7: 9 vs 5. The Prince turns Negustorul into 0:
    checked again, no explosion fires: 9 vs 0. Prince 0 + circles 5 - 1 = 4 (wild +5) = 9; Hartă II 9 (+5).
    Totals 18 vs 14."""
    s = duel(main=(KNIGHT, MERCHANT), hands={0: [PRINCE], 1: [MAP2]})
    assert s.prelim == [9, 5]
    ev = turns(s, PRINCE, MAP2)
    assert [(e["seat"], e["again"]) for e in all_of(ev, "explosion_missed")][:2] == [(0, True), (1, True)]
    h = outcome(s)
    assert h["main"] == [9, 0] and h["totals"] == [18, 14]


# -- R32, R33, R34 ----------------------------------------------------------------------------------------

def test_r32_worked_example_of_the_spec():
    """R32, the spec's example: Arcașul 4 against Zidarul 5, no explosion: only the difference is kept,
    0 vs 1. Zidarul's player leads and skips; Minge de Foc (value 2, alone, motor: no table bonus) takes the
    leader's 1 to 0. Totals 2 vs 0: the Minge player wins 2 points (the raw reading gave 6 vs 0)."""
    s = duel(main=(ARCHER, MASON), hands={0: [FIREBALL], 1: [MAP1]})
    assert s.prelim == [4, 5] and GAME.to_move(s) == 1
    assert view(s, 0)["prelim_differenced"] == [0, 1]
    ev = turns(s, None, FIREBALL)
    assert first(ev, "fireball") == {"seat": 0, "card": FIREBALL, "target": 1, "before": 1, "after": 0}
    assert first(ev, "totals") == {"a": 0, "b": 1, "main0": 0, "main1": 0, "total0": 2, "total1": 0}
    h = outcome(s)
    assert h["prelim"] == [4, 5] and h["differenced"] == [0, 1] and h["main"] == [0, 0]
    assert h["totals"] == [2, 0] and h["points"] == 2 and h["winner"] == 0
    assert s.scores == [2, 0] and s.gates[0] == 0


def test_r33_the_winner_is_the_higher_total():
    """R33: the main-step leader (7 vs 5, differenced 2 vs 0) loses the duel to Hartă II: 2 vs 0 + 14; the
    gate follows the totals."""
    s = duel(hands={0: [MAP1], 1: [MAP2]})
    ev = turns(s, None, MAP2)
    assert first(ev, "duel_won") == {"seat": 1, "round": 1, "won": 14, "lost": 2, "points": 12, "score": 12}
    assert first(ev, "gate_taken") == {"gate": 0, "seat": 1}


def test_r34_attached_cards_are_visible_at_once():
    """R34: an attached card is face up before the opponent acts: in every view and in the public event."""
    s = duel(hands={0: [MAP2], 1: [COIN2]})
    ev = attach(s, MAP2)
    e = next(e for e in ev if e.type == "attached")
    assert e.view(None) == {"type": "attached", "seat": 0, "card": MAP2, "step": 1}
    for seat in (0, 1, None):
        assert view(s, seat)["plays"] == [[MAP2], []]
    assert view(s, 1)["actor"] == 1


# -- worked examples --------------------------------------------------------------------------------------

def test_worked_checks_of_spec_5_2_on_the_pure_resolver():
    """Spec §5.2 worked checks (R9-R11, R15, R17, R20), with the main scores differenced (R32): the spec's
    raw totals 4-3, 18-11 and 24-25 keep their margins as 1-0, 14-7 and 20-21. Săpătorul + Tortura vs
    Generalul (3 vs 3: 0 vs 0); Arcașul + Troc vs Generalul + Hartă II (4 vs 11: 0 vs 7); Arcașul + Coroanele
    + Daltă I vs Generalul + Hartă II."""
    cs = cards()
    assert resolve(cs, (SAPPER, GENERAL), ([TORTURE], []), ([], []), -4).totals == [1, 0]
    r = resolve(cs, (ARCHER, GENERAL), ([BARTER], [MAP2]), ([], []), -4)
    assert r.raw == [4, 11] and r.main == [0, 7] and r.totals == [14, 7]
    r = resolve(cs, (ARCHER, GENERAL), ([CROWNS, CHISEL1], [MAP2]), ([], []), -4)
    assert [st["scores"] for st in r.steps] == [[8, 9], [2, None]] and r.totals == [20, 21]


def test_seed_section_7_example():
    """Seed §7 (R9): an action card of value 4 and circle 6 against one of value 7 and circle 2: the circle
    difference 4 goes to the first, 8 vs 7; the second gets no circle bonus. Motoraș I is 4/6; the set
    has no 7/2 card, so Hartă IV (7/3) gets circle 2 in a copy of the card list."""
    cs = cards()
    cs2 = dataclasses.replace(cs, action={**cs.action, MAP4: dataclasses.replace(cs.action[MAP4], circle=2)})
    r = resolve(cs2, (MERCHANT, MASON), ([MOTOR1], [MAP4]), ([], []), -4)
    assert r.steps[0]["circle_bonus"] == [4, 0] and r.steps[0]["scores"] == [8, 7]


# -- the mapping ------------------------------------------------------------------------------------------

def test_every_ruling_is_cited():
    """R1-R34 each appear in at least one test docstring of tests/games/gates."""
    cited = set()
    for path in Path(__file__).parent.glob("test_*.py"):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.FunctionDef) and node.name.startswith("test_"):
                cited |= {int(n) for n in re.findall(r"\bR(\d+)\b", ast.get_docstring(node) or "")}
    assert set(range(1, 35)) <= cited, sorted(set(range(1, 35)) - cited)

