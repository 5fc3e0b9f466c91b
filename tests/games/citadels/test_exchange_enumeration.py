"""The Diplomat's legal exchanges are enumerated by a fast loop; it must agree with the rule check
`exchange_problem` that `apply` uses, for every option value that changes the rule."""

import random

import pytest

from cetate.games.citadels import rules as R
from tests.games.citadels.scenario import GAME

VARIANTS = [
    {},
    {"diplomat_duplicates": True, "diplomat_gives_keep": False, "diplomat_completed_cities": False,
     "diplomat_great_wall": "ignore"},
]


@pytest.mark.parametrize("extra", VARIANTS)
def test_fast_exchange_enumeration_matches_the_rule_check(extra):
    options = {**GAME.expand_shortcuts({"dark_city": True}), **extra}
    checked = 0
    for seed in range(40):
        s = GAME.setup(4, seed, options)
        rnd = random.Random(seed)
        while GAME.to_move(s) is not None:
            if (s.phase == "turn" and s.codes[s.calling] == R.DIPLOMAT and s.acted and not s.power_used
                    and s.mode != "action_only"):
                fast = {(a["give"], a["target"], a["take"]) for a in GAME.legal_actions(s) if a["type"] == "exchange"}
                seat = s.actor
                slow = {(R.DISTRICT_IDS[g], t, R.DISTRICT_IDS[k])
                        for g in set(s.cities[seat]) for t in range(s.n) if t != seat
                        for k in set(s.cities[t]) if R.exchange_problem(s, seat, g, t, k) is None}
                assert fast == slow
                checked += 1
            GAME.apply(s, rnd.choice(GAME.legal_actions(s)))
    assert checked > 50
