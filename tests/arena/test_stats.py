"""Wilson intervals and OpenSkill ratings, on known values and made-up games."""

from __future__ import annotations

import pytest

from cetate.arena import ratings, wilson
from cetate.arena.stats import summarise, win_shares


@pytest.mark.parametrize(("wins", "n", "low", "high"), [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (1, 10, 0.0179, 0.4042),
    (50, 100, 0.4038, 0.5962),
])
def test_wilson_known_values(wins, n, low, high):
    got = wilson(wins, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_edges_and_fractions():
    assert wilson(0, 0) == (0.0, 1.0)
    assert wilson(0, 5)[0] == 0.0 and wilson(5, 5)[1] == 1.0
    low, high = wilson(2.5, 6)  # shared wins count as fractions
    assert low < 2.5 / 6 < high
    assert wilson(3, 6)[0] < wilson(30, 60)[0] < 0.5 < wilson(30, 60)[1] < wilson(3, 6)[1]


def _row(seats, winners, ranks):
    n = len(seats)
    return {"seats": seats, "winners": winners, "ranks": ranks, "totals": [None] * n, "actions": 10,
            "decisions": [5] * n, "time_ms": [1.0] * n}


def test_a_bot_that_always_wins_gets_the_higher_rating():
    rows = []
    for k in range(20):
        seats = ["strong", "weak"] if k % 2 == 0 else ["weak", "strong"]
        winner = seats.index("strong")
        rows.append(_row(seats, [winner], [1 if s == winner else 2 for s in range(2)]))
    rated = ratings(rows, ["weak", "strong"])
    assert rated["strong"]["mu"] > 25 > rated["weak"]["mu"]
    assert rated["strong"]["ordinal"] > rated["weak"]["ordinal"]
    assert rated["strong"]["sigma"] < 25 / 3
    assert rated["strong"]["low"] == pytest.approx(rated["strong"]["mu"] - 1.96 * rated["strong"]["sigma"], abs=1e-3)


def test_ratings_order_three_bots_and_share_ties():
    rows = [_row(["a", "b", "c"], [0], [1, 2, 3]), _row(["c", "a", "b"], [1], [3, 1, 2]),
            _row(["b", "c", "a"], [2], [2, 3, 1])] * 5
    rated = ratings(rows, ["a", "b", "c"])
    assert rated["a"]["mu"] > rated["b"]["mu"] > rated["c"]["mu"]
    tied = ratings([_row(["a", "b"], [0, 1], [1, 1])] * 5, ["a", "b"])
    assert tied["a"]["mu"] == pytest.approx(tied["b"]["mu"])


def test_games_that_cannot_be_rated_are_skipped():
    assert ratings([_row(["a"], [0], [1])], ["a"]) is None  # solo
    assert ratings([_row(["a", "a"], [0], [1, 2])], ["a"]) is None  # one bot on every seat


def test_shared_wins_and_the_summary():
    assert win_shares(_row(["a", "b", "c"], [0, 2], [1, 2, 1])) == [0.5, 0.0, 0.5]
    rows = [_row(["a", "b"], [0, 1], [1, 1]), _row(["b", "a"], [1], [2, 1])]
    summary = summarise(rows, ["a", "b"], 2)
    a = next(e for e in summary["bots"] if e["bot"] == "a")
    assert a["wins"] == 1.5 and a["win_rate"] == 0.75 and a["seat_games"] == 2
    assert a["per_seat"][0]["win_rate"] == 0.5 and a["per_seat"][1]["win_rate"] == 1.0
    assert a["scores"] is None and a["ms_per_decision"] == pytest.approx(0.2)
