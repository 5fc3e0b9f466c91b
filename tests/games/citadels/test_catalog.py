"""The static Citadels catalog (games/citadels/catalog.py): data.py's tables with their names and texts in each
language, JSON-able and deterministic; and the browser modules keep no copy of those tables."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

import cetate
from cetate.core.i18n import LANGUAGES
from cetate.games.citadels.catalog import catalog
from cetate.games.citadels.data import CHARACTERS, COLOURS, DISTRICTS
from cetate.games.citadels.rules import ACTION_TYPES
from cetate.games.citadels.state import PHASES
from tests.games.citadels.scenario import GAME

WEB = Path(cetate.__file__).parent / "web" / "games"


def test_english_catalog_holds_every_district_and_character_with_its_numbers():
    doc = catalog("en")
    assert list(doc["colours"]) == list(COLOURS) and doc["colours"]["purple"] == {"name": "purple"}
    assert list(doc["districts"]) == [d.id for d in DISTRICTS]
    for d in DISTRICTS:
        entry = doc["districts"][d.id]
        assert (entry["colour"], entry["cost"], entry["score"], entry["copies"], entry["set"]) == \
            (COLOURS[d.colour], d.cost, d.score, d.copies, d.set)
    assert doc["districts"]["castle"] == {"colour": "yellow", "cost": 4, "score": 4, "copies": 4, "set": "base",
                                          "name": "Castle", "text": None}
    assert doc["districts"]["dragon_gate"]["score"] == 8 and doc["districts"]["dragon_gate"]["cost"] == 6
    assert doc["districts"]["factory"]["text"] == "Your other purple districts cost you 1 gold less to build."
    # every purple district says what it does; the others have no text
    assert all((e["text"] is not None) == (e["colour"] == "purple") for e in doc["districts"].values())
    assert list(doc["characters"]) == [c.id for c in CHARACTERS]
    assert doc["characters"]["king"] == {
        "rank": 4, "income": "yellow", "set": "base", "name": "King",
        "text": "Takes the crown, so picks first next round; 1 gold for each yellow (noble) district."}
    assert doc["characters"]["queen"]["rank"] == 9 and doc["characters"]["queen"]["income"] is None
    assert doc["characters"]["diplomat"]["income"] == "red"


def test_czech_and_korean_names_and_texts():
    cs, ko = catalog("cs"), catalog("ko")
    assert cs["districts"]["castle"]["name"] == "Zámek" and ko["districts"]["castle"]["name"] == "성"
    assert cs["characters"]["king"]["name"] == "Král" and ko["characters"]["king"]["name"] == "왕"
    assert cs["districts"]["laboratory"]["text"] == "Jednou za tah: odhoď kartu z ruky a získej 1 zlaťák."
    assert cs["colours"]["red"]["name"] != "red"
    # the numbers are the same in every language
    strip = {part: {k: {f: v for f, v in e.items() if f not in ("name", "text")} for k, e in table.items()}
             for part, table in catalog("en").items() if part != "colours"}
    for doc in (cs, ko):
        assert {part: {k: {f: v for f, v in e.items() if f not in ("name", "text")} for k, e in table.items()}
                for part, table in doc.items() if part != "colours"} == strip


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_language_is_complete_json_and_deterministic(lang):
    doc = catalog(lang)
    assert json.loads(json.dumps(doc)) == doc == catalog(lang)
    for entry in [*doc["districts"].values(), *doc["characters"].values()]:
        assert entry["name"] and not entry["name"].startswith(("card.", "character."))
    doc["districts"]["castle"]["cost"] = 99  # a copy: callers may change it
    assert catalog(lang)["districts"]["castle"]["cost"] == 4


def test_the_game_serves_it():
    assert GAME.catalog("ro") == catalog("ro")


def test_the_browser_modules_keep_no_card_table():
    """citadels.js and citadels-art.js draw from ctx.catalog and the view: no district is named in them except
    the ones that also name a move or a phase (the Bell Tower's announcement shows that card), and no character
    outside the art's drawing data."""
    js = (WEB / "citadels.js").read_text(encoding="utf-8")
    art = (WEB / "citadels-art.js").read_text(encoding="utf-8")
    also_a_move = set(ACTION_TYPES) | set(PHASES)  # "keep", "laboratory", "lighthouse"... name moves and phases
    for d in DISTRICTS:
        if d.id not in also_a_move:
            assert not re.search(rf"\b{d.id}\b", js + art), d.id
        assert not re.search(rf"\b{d.id}\s*:\s*\[", js + art), d.id
    # the art may colour and draw each character (drawing data); a rank or an income colour is a rule's data
    assert not re.search(r"\b(assassin|thief|king|bishop|merchant|architect)\s*:\s*\[", art)
    for name in ("DISTRICTS", "CHARACTERS", "exchangePrice", "whyNotBuild", "destroy_prices"):
        assert name not in js + art, name
