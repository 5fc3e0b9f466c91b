"""Shared runs of one small tournament, played once per session and compared across backends."""

from __future__ import annotations

import pytest

from cetate.arena import run_tournament, without_timing

# a search bot (it decides from a determinised sample) against the random bot: fast, and every decision
# depends on seeds, so any difference between backends would show
SMALL = {"game": "gates", "players": 2, "bots": "random,ismcts:iterations=10", "games": 6, "seed": 11}


def comparable(result) -> dict:
    """What must be the same on every backend: the rows and the figures, less the measured times."""
    bots = [{k: v for k, v in entry.items() if k != "ms_per_decision"} for entry in result.summary["bots"]]
    return {"rows": without_timing(result.rows), "summary": {**result.summary, "bots": bots}}


@pytest.fixture(scope="session")
def inprocess_run():
    return comparable(run_tournament(**SMALL, backend="inprocess"))


@pytest.fixture(scope="session")
def pool_run():
    return comparable(run_tournament(**SMALL, backend="pool", jobs=2))
