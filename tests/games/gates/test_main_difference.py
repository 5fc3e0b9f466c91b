"""The corrected ruling R32 (spec gates §2.2, §3.3 step 5.3.4, the Minge de Foc row of §3.4): after the
explosions only the difference of the two main scores is kept (the higher becomes the difference, the lower
0); the difference is taken again after a Torture or Prince recompute; Minge de Foc (the Fireball) then acts
on the differenced score, floor 0. Scenario tests from explicit states, through the engine.

Main cards used below (value / index / explosion): Generalul 11/7/+2, Căpitanul 8/6/+2, Arcașul 4/9/+6,
Zidarul 5/8/-4, Iscoada 2/11/+10, Tunarul 10/6/-3, Străjerul 6/7/+2, Pandurul 6/7/-2, Negustorul 7/6/+1.
Generalul against Căpitanul fires no explosion: 11 vs 8.
"""

from __future__ import annotations

from itertools import product

import pytest

from cetate.core.i18n import Catalog
from cetate.games.gates.data import cards
from cetate.games.gates.resolve import difference, resolve
from cetate.games.gates.view import view
from tests.games.gates.helpers import (
    ARCHER,
    BATTLE,
    CAPTAIN,
    CHISEL1,
    CHISEL2,
    FIREBALL,
    GAME,
    GENERAL,
    GUNNER,
    KNIGHT,
    MAP1,
    MAP2,
    MASON,
    MERCHANT,
    PRIEST,
    PRINCE,
    RANGER,
    SAPPER,
    SCOUT,
    SENTINEL,
    TORTURE,
    act,
    all_of,
    duel,
    first,
    first_duel,
    outcome,
    ready,
    skip,
    turns,
    types,
)


def _start_duel_one(main0: str, main1: str) -> tuple[object, list]:
    """A match in draft deck order whose duel 1 opposes main0 (seat 0) and main1 (seat 1): the state and the
    events of the start, up to the first action turn."""
    rest = [c for c in cards().main if c not in (main0, main1)]
    s = ready([[main0, *rest[:5]], [main1, *rest[5:]]], options={"main_deck_order": "draft"})
    return s, act(s, {"type": "start"})


@pytest.mark.parametrize(("scores", "kept"), [
    ([11, 8], [3, 0]), ([8, 11], [0, 3]), ([5, 5], [0, 0]), ([0, 0], [0, 0]), ([0, 7], [0, 7]), ([12, 11], [1, 0]),
])
def test_r32_the_difference_function(scores, kept):
    """R32: the higher main score becomes the difference, the lower 0; equal scores both become 0."""
    assert difference(scores) == kept


def test_r32_eleven_against_eight_keeps_three_and_nothing():
    """R32, the seed's example: Generalul 11 against Căpitanul 8, no explosion: the journal shows 11 and 8
    and that seat 0 keeps 3; the view carries the differenced pair 3 vs 0. Both skip: totals 3 vs 0, 3 points
    (the margin of the raw 11 vs 8)."""
    s, ev = _start_duel_one(GENERAL, CAPTAIN)
    assert first(ev, "main_lead") == {"main0": 11, "main1": 8, "a": 0, "b": 1, "difference": 3, "seat": 0}
    assert s.prelim == [11, 8]
    assert view(s, 0)["prelim_differenced"] == [3, 0] == view(s, None)["prelim_differenced"]
    text = Catalog(GAME.messages_dir()).event({"type": "main_lead", **first(ev, "main_lead")}, "en", ["Ann", "Bob"])
    assert "Ann 11, Bob 8" in text and "Ann keeps 3" in text
    ev = first_duel(skip(s) + skip(s))
    assert first(ev, "totals") == {"a": 0, "b": 1, "main0": 3, "main1": 0, "total0": 3, "total1": 0}
    h = outcome(s)
    assert h["prelim"] == [11, 8] and h["differenced"] == [3, 0] and h["main"] == [3, 0]
    assert h["winner"] == 0 and h["points"] == 3 and s.scores == [3, 0]


@pytest.mark.parametrize(("mains", "prelim"), [((SENTINEL, RANGER), [6, 6]), ((SENTINEL, MERCHANT), [8, 8])])
def test_r32_equal_main_scores_both_keep_nothing(mains, prelim):
    """R32, R31: equal main scores, with no explosion (Străjerul 6 vs Pandurul 6) or after both explosions
    (Străjerul 8 vs Negustorul 8), are both worth 0: with no action card the duel is tied at 0."""
    s, ev = _start_duel_one(*mains)
    assert first(ev, "main_scores") == {"main0": prelim[0], "main1": prelim[1], "a": 0, "b": 1, "difference": 0}
    assert view(s, 1)["prelim_differenced"] == [0, 0]
    ev = first_duel(skip(s) + skip(s))
    assert first(ev, "duel_tied") == {"round": 1, "total": 0}
    assert outcome(s)["main"] == [0, 0] and s.gates[0] == "neutral"


@pytest.mark.parametrize(("mains", "raw", "kept"), [
    ((SCOUT, GENERAL), [12, 11], [1, 0]),  # Iscoada's +10 fires on Generalul's 11
    ((MASON, CAPTAIN), [5, 4], [1, 0]),  # Zidarul's -4 fires on Căpitanul's 8
    ((SAPPER, GUNNER), [3, 2], [1, 0]),  # Săpătorul's -8 fires on Tunarul's 10
    ((KNIGHT, MERCHANT), [9, 5], [4, 0]),  # Cavalerul's -2 fires on Negustorul's 7
    ((RANGER, MERCHANT), [6, 6], [0, 0]),  # both fire: 6 and 7 - 2 + 1
    ((PRIEST, GENERAL), [7, 13], [0, 6]),  # Generalul's +2 fires on Preotul's 7
])
def test_r32_explosions_first_then_the_difference(mains, raw, kept):
    """R32, R31: the explosions are applied first, on the full values, and only then is the difference
    taken: Iscoada 2 + 10 = 12 against Generalul 11 keeps 1 (not 2 - 11 with the explosion after)."""
    r = resolve(cards(), mains, ([], []), ([], []), -4)
    assert r.prelim == raw and r.raw == raw and r.differenced == kept and r.main == kept and r.totals == kept


def test_r32_fireball_on_a_difference_below_six_floors_at_zero():
    """R32, R16, R21: 11 vs 8 keeps 3 vs 0; the trailer's Fireball takes 6 from the leader's 3: 0, not -3.
    Fireball 2 alone (motor 4/8: no bonus). Totals 0 vs 2: seat 1 wins 2 (the raw reading gave 5 vs 10)."""
    s = duel(main=(GENERAL, CAPTAIN), hands={0: [MAP1], 1: [FIREBALL]})
    assert GAME.to_move(s) == 0
    ev = turns(s, None, FIREBALL)
    assert first(ev, "fireball") == {"seat": 1, "card": FIREBALL, "target": 0, "before": 3, "after": 0}
    h = outcome(s)
    assert h["differenced"] == [3, 0] and h["main"] == [0, 0]
    assert h["totals"] == [0, 2] and h["winner"] == 1 and h["points"] == 2


def test_r32_fireball_on_a_large_difference_and_on_the_trailer():
    """R32, R16: Tunarul 10 against Iscoada 2 keeps 8 vs 0; Iscoada's Fireball takes 8 to 2; Fireball 2:
    totals 2 vs 2, a tied duel and a neutral gate. A Fireball on the trailer's 0 takes nothing."""
    s = duel(main=(GUNNER, SCOUT), hands={0: [MAP1], 1: [FIREBALL]})
    ev = turns(s, None, FIREBALL)
    assert first(ev, "fireball")["before"] == 8 and first(ev, "fireball")["after"] == 2
    assert first(ev, "duel_tied") == {"round": 1, "total": 2} and s.gates[0] == "neutral"
    r = resolve(cards(), (GENERAL, CAPTAIN), ([FIREBALL], []), ([], []), -4)
    assert ("fireball", {"seat": 0, "card": FIREBALL, "target": 1, "before": 0, "after": 0}) in r.log
    assert r.main == [3, 0] and r.totals == [5, 0]


def test_r32_torture_recompute_then_the_difference_again():
    """R32, R17, R11: 11 vs 8 keeps 3 vs 0. The trailer's Torture turns Generalul into 3; the explosions are
    checked again (none fires): 3 vs 8, and the difference is taken again: 0 vs 5. Torture 1 alone (below 2:
    no wild bonus). Totals 0 vs 6: seat 1 wins 6."""
    s = duel(main=(GENERAL, CAPTAIN), hands={0: [MAP1], 1: [TORTURE]})
    ev = turns(s, None, TORTURE)
    assert first(ev, "main_again") == {"value0": 3, "value1": 8, "main0": 3, "main1": 8, "a": 0, "b": 1}
    assert first(ev, "main_difference") == {"main0": 0, "main1": 5, "a": 0, "b": 1}
    kinds = types(ev)
    assert kinds.index("torture") < kinds.index("main_again") < kinds.index("main_difference") < kinds.index("totals")
    h = outcome(s)
    assert h["differenced"] == [0, 5] and h["main"] == [0, 5] and h["totals"] == [0, 6] and h["points"] == 6
    text = Catalog(GAME.messages_dir()).event({"type": "main_difference", **first(ev, "main_difference")}, "en",
                                              ["Ann", "Bob"])
    assert "Ann 0, Bob 5" in text


def test_r32_prince_recompute_turns_the_lead_then_the_difference_again():
    """R32, R18: the trailer's Prince lowers Generalul 11 - 7 = 4; checked again, nothing fires: 4 vs 8,
    differenced 0 vs 4. Prince 0 alone. Totals 0 vs 4."""
    r = resolve(cards(), (GENERAL, CAPTAIN), ([], [PRINCE]), ([], []), -4)
    assert r.prelim == [11, 8] and r.main_values == [4, 8] and r.raw == [4, 8]
    assert r.differenced == [0, 4] and r.main == [0, 4] and r.totals == [0, 4]
    assert ("main_difference", {"main0": 0, "main1": 4, "a": 0, "b": 1}) in r.log


def test_r32_fireball_acts_on_the_difference_taken_after_the_recompute():
    """R32, R11, R16, R17: the leader attaches the Fireball, the trailer answers with Torture (Generalul -> 3):
    3 vs 8, differenced 0 vs 5, and only then the Fireball takes the 5 to 0. Circles 4 vs 5: Torture
    1 + 1 = 2 (wild +5); Fireball 2 (no bonus). Totals 2 vs 7: seat 1 wins 5."""
    s = duel(main=(GENERAL, CAPTAIN), hands={0: [FIREBALL], 1: [TORTURE]})
    ev = turns(s, FIREBALL, TORTURE)
    kinds = types(ev)
    assert kinds.index("main_again") < kinds.index("main_difference") < kinds.index("fireball")
    assert first(ev, "fireball") == {"seat": 0, "card": FIREBALL, "target": 1, "before": 5, "after": 0}
    h = outcome(s)
    assert h["differenced"] == [0, 5] and h["main"] == [0, 0] and h["totals"] == [2, 7] and h["points"] == 5


def test_r32_without_a_fireball_the_margin_is_the_raw_margin():
    """R32, §3.3 step 6: differencing moves both totals by the same amount, so without a Fireball the winner
    and the points are those of the raw main scores, for every pair of main cards, with and without a
    Torture recompute; the lower main score is always 0."""
    cs = cards()
    for a, b in product(cs.main, cs.main):
        if a == b:
            continue
        for plays in (([], []), ([], [TORTURE]), ([MAP2], [PRINCE])):
            r = resolve(cs, (a, b), plays, ([], []), -4)
            assert min(r.differenced) == 0 and r.differenced[0] - r.differenced[1] == r.raw[0] - r.raw[1]
            actions = [sum(st["scores"][p] or 0 for st in r.steps) + sum(st["table_bonus"][p] for st in r.steps)
                       for p in (0, 1)]
            assert r.totals[0] - r.totals[1] == r.raw[0] - r.raw[1] + actions[0] - actions[1]


def test_r32_battle_tie_break_still_reads_the_preliminary_leader():
    """R32, R13: the difference does not change who leads, so a Battle with equal sums still goes to the
    preliminary leader (Arcașul 4 vs Zidarul 5: seat 1), for 0 points."""
    s = duel(main=(ARCHER, MASON), hands={1: [BATTLE]}, reserves={0: [MAP2, CHISEL1], 1: [MAP1, CHISEL2]})
    ev = turns(s, BATTLE)
    assert [d["sum"] for d in all_of(ev, "battle_drawn")] == [11, 11]
    assert outcome(s)["winner"] == 1 and outcome(s)["points"] == 0 and "differenced" not in outcome(s)


def test_r32_no_differenced_scores_between_duels():
    """The view's differenced preliminary scores exist only while a duel is in play."""
    s = GAME.setup(2, 3)
    assert view(s, 0)["prelim_differenced"] is None
