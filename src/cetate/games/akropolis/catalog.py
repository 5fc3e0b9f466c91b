"""The static data of Akropolis for drawing, in one language (served once per language at
`GET /api/games/akropolis/catalog/{lang}`; the browser reads it as `ctx.catalog`).

Everything comes from the engine's tables (data.py, scoring.py, city.py, notes.py) and the names and texts from
the game's message catalogs, so no client keeps a copy:

* `kinds`: every hex code (`h` house district, `H` house plaza, `q` quarry...) with its colour, whether it is
  a plaza, its stars (§1.1) and its name;
* `colours`: the five colours in scoring order, with their district letter, name, scoring rule, the option
  of their scoring variant and its text (§1.7, §1.8);
* `tiles`: the 61 city tiles (hexes in clockwise order, set) and `start`, the starting tile's cells (§2.1-§2.2);
* `small_tiles`: the 30 Athena small tiles with their names (§2.6); `cards`: the 18 construction cards with
  their colour, name and pattern (§2.5); `pieces`: the statue pieces;
* `architects`: the solo Architect's levels with their district factor, points per quarry and rule (§1.10);
* `geometry`: the six directions in axial (q, r), clockwise from north, and for each rotation the offsets of
  a city tile's three cells from its anchor (§3.1-§3.2: hex A on the anchor, B and C clockwise);
* `spot_codes`: the letters of a view's `spots` and the refusal codes they stand for (notes.py).
"""

from __future__ import annotations

from pathlib import Path

from cetate.core.i18n import Catalog
from cetate.games.akropolis.city import TRIANGLE, D
from cetate.games.akropolis.data import (
    ATHENA_CARDS,
    CARD_COLOUR,
    CITY_TILES,
    PLAZA_STARS,
    SMALL_TILES,
    STARTING_TILE_CELLS,
    STATUE_PIECES,
)
from cetate.games.akropolis.notes import SPOT_CODES
from cetate.games.akropolis.scoring import ARCHITECT_FACTOR, ARCHITECT_QUARRY, COLOURS, LETTER

MESSAGES = Catalog(Path(__file__).with_name("messages"))
VARIANT_OPTION = {"house": "variant_houses", "market": "variant_markets", "barracks": "variant_barracks",
                  "temple": "variant_temples", "garden": "variant_gardens"}  # options.py's names


def catalog(lang: str) -> dict:
    t = MESSAGES.text
    kinds: dict[str, dict] = {}
    for colour in COLOURS:
        letter = LETTER[colour]
        kinds[letter] = {"colour": colour, "plaza": False, "stars": 0, "name": t(f"kind.{letter}", lang)}
        kinds[letter.upper()] = {"colour": colour, "plaza": True, "stars": PLAZA_STARS[colour],
                                 "name": t(f"kind.{letter.upper()}", lang)}
    kinds["q"] = {"colour": "quarry", "plaza": False, "stars": 0, "name": t("kind.q", lang)}
    colours = [{"id": c, "letter": LETTER[c], "name": t(f"colour.{c}", lang), "rule": t(f"rule.{c}", lang),
                "variant_option": VARIANT_OPTION[c], "variant": t(f"variant.{c}", lang)} for c in COLOURS]
    return {
        "kinds": kinds,
        "colours": colours,
        "tiles": {str(tile.id): {"hexes": tile.code, "set": tile.set} for tile in CITY_TILES},
        "start": [[q, r, hx.code] for (q, r), hx in STARTING_TILE_CELLS],
        "small_tiles": {str(n): {"hex": code, "name": t(f"small.{code}", lang)} for n, code in SMALL_TILES.items()},
        "cards": {card: {"colour": CARD_COLOUR[card], "kind": LETTER.get(CARD_COLOUR[card], "q"),
                         "name": t(f"card.{card}", lang), "text": t(f"help.card.{card}", lang)}
                  for card in ATHENA_CARDS},
        "pieces": {piece: t(f"piece.{piece}", lang) for piece in STATUE_PIECES},
        "architects": {level: {"factor": factor, "quarry": ARCHITECT_QUARRY[level], "name": t(f"architect.{level}", lang),
                               "rule": t(f"web.akropolis.architect.rule.{level}", lang)}
                       for level, factor in ARCHITECT_FACTOR.items()},
        "geometry": {"dirs": [list(d) for d in D],
                     "tile": [[[0, 0], list(a), list(b)] for a, b in TRIANGLE]},
        "spot_codes": dict(SPOT_CODES),
    }


__all__ = ["catalog"]
