"""Pebbles' static catalog for drawing (`Presentation.catalog`): the pebble's name and the rule, in a language."""

from __future__ import annotations

from pathlib import Path

from cetate.core.i18n import Catalog

_MESSAGES = Path(__file__).parent / "messages"


def catalog(lang: str) -> dict:
    texts = Catalog(_MESSAGES)
    return {"pebble": {"name": texts.text("catalog.pebble", lang), "colour": "grey"}}
