"""Pebbles joins the game registry the way a plug-in package does: through an entry point of the
`cetate.games` group (`pebbles = "tests.toygame:SPEC"`). The registry reads entry points once and caches the
games, so the fixture starts it afresh and puts the old cache back afterwards."""

from __future__ import annotations

from collections.abc import Iterator
from importlib.metadata import EntryPoint

import pytest

import cetate.games

ENTRY_POINT = EntryPoint(name="pebbles", value="tests.toygame:SPEC", group="cetate.games")


@pytest.fixture
def pebbles(monkeypatch: pytest.MonkeyPatch) -> Iterator:
    """The registry with Pebbles in it (a plug-in's entry point); the registered `Game`."""
    real = cetate.games.entry_points

    def entry_points(**selection):
        found = list(real(**selection))
        return [*found, ENTRY_POINT] if selection.get("group") == "cetate.games" else found

    monkeypatch.setattr(cetate.games, "entry_points", entry_points)
    monkeypatch.setattr(cetate.games, "_cache", None)
    yield cetate.games.get("pebbles")
