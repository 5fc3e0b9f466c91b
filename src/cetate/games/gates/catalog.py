"""The static catalog of Gates of the Citadel for clients (contract of issue 30): the card list in use with
its numbers (`view.card_set`, the same the views carry) and, in one language, each card's name, its name on
the card face (without a translation in brackets), its `native` name (the Romanian name the card list gives it,
kept as a subtitle on the main cards and the specials where the language names it otherwise; None elsewhere)
and its special's text; the symbols with their names and
+5 table values; the gates with their symbols; the numbers of the match (duels, gate duels, siege cards, the
wild range). Served once per language at `GET /api/games/gates/catalog/{lang}`."""

from __future__ import annotations

import re
from pathlib import Path

from cetate.core.i18n import Catalog
from cetate.games.gates.data import ACTION_SYMBOLS, cards
from cetate.games.gates.options import SCHEMA
from cetate.games.gates.resolve import TABLE_BONUS, WILD_SCORES
from cetate.games.gates.rules import DUELS, GATE_DUELS, SIEGE_REVEAL
from cetate.games.gates.view import card_set

MESSAGES = Path(__file__).with_name("messages")
_GLOSS = re.compile(r"\s*\([^)]*\)\s*$")  # "Iscoada (Scout)": the translation after the card's own name


def face(name: str) -> str:
    """A card's name as printed on its face: the catalog name without the translation in brackets."""
    return _GLOSS.sub("", name) or name


def native(own: str, localized: str) -> str | None:
    """The card list's own (Romanian) name of a card, for a subtitle under its name in `localized`'s
    language; None when the two read the same (in Romanian, or for a card list the catalogs do not know)."""
    return None if face(own).casefold() == face(localized).casefold() else own


def catalog(lang: str) -> dict:
    cs = cards()
    messages = Catalog(MESSAGES)
    numbers = card_set(cs, SCHEMA.validate(None)["alliance_value"])

    def name(cid: str, fallback: str) -> str:
        # a card list loaded from another file may name cards the catalogs do not know: its own name then
        return messages.text(f"card.{cid}", lang) if messages.has(f"card.{cid}") else fallback

    main = {}
    for cid, c in numbers["main"].items():
        full = name(cid, cs.main[cid].name)
        main[cid] = {**c, "name": full, "face": face(full), "native": native(cs.main[cid].name, full)}
    action = {}
    for cid, c in numbers["action"].items():
        full = name(cid, cs.action[cid].name)
        special = c["special"]
        action[cid] = {**c, "name": full, "face": face(full),
                       "native": native(cs.action[cid].name, full) if special else None,
                       "text": messages.text(f"help.special.{special}", lang) if special else None}
    symbols = [{"id": s, "name": messages.text(f"symbol.{s}", lang),
                "table": list(cs.table_bonus[s]) if s in cs.table_bonus else
                list(range(WILD_SCORES[0], WILD_SCORES[1] + 1)) if s == "wild" else []}
               for s in ACTION_SYMBOLS]
    return {
        "digest": cs.digest,
        "duels": DUELS,
        "gate_duels": GATE_DUELS,
        "siege_reveal": SIEGE_REVEAL,
        "table_bonus_points": TABLE_BONUS,
        "wild_scores": list(WILD_SCORES),
        "table_bonus": {s: list(v) for s, v in cs.table_bonus.items()},
        "symbols": symbols,
        "gates": [{"gate": g, "symbol": s, "name": messages.text(f"gate.{g}", lang)}
                  for g, s in enumerate(cs.gate_symbols)],
        "main": main,
        "action": action,
    }
