"""The process pool gives exactly the rows of the in-process run (Ray: see test_ray.py)."""

from __future__ import annotations

from cetate.arena.runner import pool_batches, ray_batches, split


def test_pool_matches_inprocess(inprocess_run, pool_run):
    assert len(inprocess_run["rows"]) == 12  # 6 deals x 2 rotations
    assert pool_run["rows"] == inprocess_run["rows"]
    assert pool_run["summary"] == inprocess_run["summary"]  # ratings, win rates, scores
    assert pool_run["summary"]["rated"]


def test_rows_come_sorted_by_deal_then_rotation(pool_run):
    assert [(r["deal"], r["rotation"]) for r in pool_run["rows"]] == [(d, r) for d in range(6) for r in range(2)]


def test_split_keeps_order_and_balances():
    deals = [(k, 100 + k) for k in range(10)]
    parts = split(deals, 3)
    assert [len(p) for p in parts] == [4, 3, 3]
    assert [d for p in parts for d in p] == deals
    assert split(deals, 50) == [[d] for d in deals]


def test_ray_batches_hold_at_least_twenty_games():
    deals = [(k, k) for k in range(20)]
    for per_deal in (1, 2, 3, 4, 7):
        parts = ray_batches(deals, per_deal)
        assert [d for p in parts for d in p] == deals
        if len(deals) * per_deal >= 20:
            assert all(len(p) * per_deal >= 20 for p in parts), (per_deal, [len(p) for p in parts])
        assert len(parts) >= 1
    assert len(ray_batches(deals, 1)) == 1  # 20 games: one batch
    assert len(ray_batches(deals, 4)) == 4  # 80 games: four batches of 20
    assert ray_batches(deals[:3], 2) == [deals[:3]]  # a smaller tournament: one batch


def test_pool_batches_are_small_but_cover_everything():
    deals = [(k, k) for k in range(40)]
    parts = pool_batches(deals, 2)
    assert len(parts) == 16 and [d for p in parts for d in p] == deals
