"""Pebbles in the game registry, as a plug-in's entry point would put it there (see plugin.py)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tests.toygame.plugin import ENTRY_POINT, registered

__all__ = ["ENTRY_POINT", "pebbles"]


@pytest.fixture
def pebbles() -> Iterator:
    """The registry with Pebbles in it (a plug-in's entry point); the registered `Game`."""
    with registered() as game:
        yield game
