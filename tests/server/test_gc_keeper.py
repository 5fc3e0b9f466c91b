"""`GcKeeper`: long-lived objects leave the collector's scans every few seconds (short pauses with thousands
of tables, docs/performance.md), and everything is unfrozen when the server stops."""

from __future__ import annotations

import asyncio
import gc

from cetate.server.app import GcKeeper, create_app
from tests.server.conftest import TestClient, make_settings


def test_the_keeper_freezes_at_start_and_again_and_unfreezes_at_stop():
    async def run() -> tuple[int, int, int]:
        keeper = GcKeeper(0.05)
        keeper.start()
        first = gc.get_freeze_count()
        junk = [[i] for i in range(5000)]  # made after the first freeze, frozen by the next one
        await asyncio.sleep(0.2)
        later = gc.get_freeze_count()
        del junk
        await keeper.stop()
        return first, later, gc.get_freeze_count()

    first, later, after = asyncio.run(run())
    assert first > 0 and later >= first + 5000 and after == 0


def test_off_when_set_to_zero(tmp_path):
    gc.unfreeze()
    with TestClient(create_app(make_settings(tmp_path, gc_freeze_s=0))):
        assert gc.get_freeze_count() == 0
    with TestClient(create_app(make_settings(tmp_path, gc_freeze_s=5))):
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
