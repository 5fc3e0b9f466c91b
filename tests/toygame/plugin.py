"""Pebbles joins the game registry the way a plug-in package does: through an entry point of the `cetate.games`
group (`pebbles = "tests.toygame:SPEC"`). The registry reads entry points once and caches the games, so
`registered()` starts it afresh and puts the old cache back afterwards. Used by the fixture in conftest.py and by
the browser test (tests/browser/test_toygame_browser.py), whose server runs in the test's own process."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from importlib.metadata import EntryPoint

import pytest

import cetate.games

ENTRY_POINT = EntryPoint(name="pebbles", value="tests.toygame:SPEC", group="cetate.games")


@contextmanager
def registered() -> Iterator:
    """The registry with Pebbles in it (a plug-in's entry point), for the time of the block; the `Game`."""
    real = cetate.games.entry_points

    def entry_points(**selection):
        found = list(real(**selection))
        return [*found, ENTRY_POINT] if selection.get("group") == "cetate.games" else found

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(cetate.games, "entry_points", entry_points)
        patch.setattr(cetate.games, "_cache", None)
        yield cetate.games.get("pebbles")
