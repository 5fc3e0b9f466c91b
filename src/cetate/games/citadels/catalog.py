"""The static Citadels catalog, once per language (issue 30; `GET /api/games/citadels/catalog/{lang}`):
the tables of data.py with their names and texts from the game's message catalogs, so that no client keeps a
copy of its own.

    {"colours":    {id: {"name"}},                                         in data.COLOURS order
     "districts":  {id: {"colour", "cost", "score", "copies", "set", "name", "text"}},
     "characters": {id: {"rank", "income", "set", "name", "text"}}}

`text` is a district's effect (the purple ones; None for the others) or a character's power; `income` is the
colour whose districts pay the character (None: no district income); `copies` counts a district in the base
deck (1 for the Dark City purples, which are added one each).
"""

from __future__ import annotations

from functools import cache
from pathlib import Path

from cetate.core.i18n import Catalog
from cetate.games.citadels.data import CHARACTERS, COLOURS, DISTRICTS

MESSAGES = Catalog(Path(__file__).with_name("messages"))


@cache
def _catalog(lang: str) -> dict:
    def text(key: str) -> str | None:
        return MESSAGES.text(key, lang) if MESSAGES.has(key) else None

    return {
        "colours": {c: {"name": MESSAGES.text(f"colour.{c}", lang)} for c in COLOURS},
        "districts": {d.id: {"colour": COLOURS[d.colour], "cost": d.cost, "score": d.score, "copies": d.copies,
                             "set": d.set, "name": MESSAGES.text(f"card.{d.id}", lang),
                             "text": text(f"help.card.{d.id}")}
                      for d in DISTRICTS},
        "characters": {c.id: {"rank": c.rank, "income": None if c.income is None else COLOURS[c.income],
                              "set": c.set, "name": MESSAGES.text(f"character.{c.id}", lang),
                              "text": text(f"help.character.{c.id}")}
                       for c in CHARACTERS},
    }


def catalog(lang: str) -> dict:
    """The catalog in `lang` (a missing text falls back to English, as every message does). A fresh copy:
    callers may keep or change it."""
    doc = _catalog(lang)
    return {part: {k: dict(v) for k, v in table.items()} for part, table in doc.items()}
