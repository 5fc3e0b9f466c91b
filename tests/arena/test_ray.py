"""Ray gives exactly the rows of the process pool. One local Ray instance for the module (it takes some
seconds to start). Skipped only when Ray is not installed and CETATE_REQUIRE_RAY is not set."""

from __future__ import annotations

import logging
import os

import pytest

from cetate.arena import run_tournament
from tests.arena.conftest import SMALL, comparable

if os.environ.get("CETATE_REQUIRE_RAY"):
    import ray
else:
    ray = pytest.importorskip("ray")


@pytest.fixture(scope="module")
def local_ray():
    ray.init(num_cpus=2, include_dashboard=False, logging_level=logging.WARNING)
    try:
        yield ray
    finally:
        ray.shutdown()


def test_ray_matches_the_pool(local_ray, pool_run, inprocess_run):
    result = run_tournament(**SMALL, backend="ray")
    assert local_ray.is_initialized()  # the running instance was used and left running
    assert result.settings["backend"] == "ray"
    on_ray = comparable(result)
    assert on_ray["rows"] == pool_run["rows"] == inprocess_run["rows"]
    assert on_ray["summary"] == pool_run["summary"]

