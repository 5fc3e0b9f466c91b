"""Gates of the Citadel card data (spec gates §3.1, §5), loaded from a JSON file and validated.

The card list ships as `cards.json` next to this module; the environment variable `CETATE_GATES_CARDS` may
name another file with the same format, so a different (for example the original) card list replaces ours
without code changes. Every problem in the file is reported at once, with the card and the field.
"""

from __future__ import annotations

import hashlib
import json
import os
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path

from cetate.core.errors import InvalidOptions

FORMAT = "cetate-gates-cards/1"
DEFAULT_FILE = Path(__file__).with_name("cards.json")
SYMBOLS = ("chisel", "coin", "motor", "map")
ACTION_SYMBOLS = (*SYMBOLS, "wild", "none")
SPECIALS = ("alliance", "battle", "treasure", "fireball", "barter", "torture", "prince", "poet", "crowns")
MAIN_CARDS = 12
ACTION_CARDS = 24
MAIN_FIELDS = ("id", "name", "index", "value", "explosion")
ACTION_FIELDS = ("id", "name", "value", "circle", "symbol", "special")


class CardDataError(InvalidOptions):
    """The card file is missing, not JSON, or breaks the format; `problems` lists every fault."""

    def __init__(self, path: Path | str, problems: list[str]) -> None:
        self.path = str(path)
        self.problems = problems
        super().__init__("bad_card_file", f"card file {path}: " + "; ".join(problems), path=str(path))


@dataclass(frozen=True)
class MainCard:
    id: str
    name: str
    index: int
    value: int
    explosion: int  # > 0 adds to its own score, < 0 takes from the opposing score


@dataclass(frozen=True)
class ActionCard:
    id: str
    name: str
    value: int
    circle: int
    symbol: str  # chisel | coin | motor | map | wild | none
    special: str | None


@dataclass(frozen=True)
class CardSet:
    table_bonus: dict[str, tuple[int, ...]]
    gate_symbols: tuple[str, str, str, str]
    main: dict[str, MainCard]
    action: dict[str, ActionCard]
    digest: str  # identifies the card list in saved states and records
    source: str

    # derived tables for the hot paths (issue 31): plain dicts and tuples read once per card set
    @cached_property
    def specials(self) -> dict[str, str | None]:
        """Each action card's special (None for a plain card)."""
        return {cid: c.special for cid, c in self.action.items()}

    @cached_property
    def action_info(self) -> dict[str, tuple[int, int, str, str | None]]:
        """Each action card as `(value, circle, symbol, special)`."""
        return {cid: (c.value, c.circle, c.symbol, c.special) for cid, c in self.action.items()}

    @cached_property
    def main_ids(self) -> tuple[str, ...]:
        """The main card ids in file order (the order the shuffle starts from)."""
        return tuple(self.main)

    @cached_property
    def action_ids(self) -> tuple[str, ...]:
        """The action card ids in file order (the order the deal starts from)."""
        return tuple(self.action)

    @cached_property
    def memo(self) -> dict:
        """Derived data of this card set computed on first use (the main-card pairs of `resolve.pair_scores`)."""
        return {}

    def special(self, name: str) -> str | None:
        """The id of the action card with that special, if the set has one."""
        for card in self.action.values():
            if card.special == name:
                return card.id
        return None


def _int(v) -> bool:
    return isinstance(v, int) and not isinstance(v, bool)


def _unknown(card: dict, fields: tuple[str, ...], where: str, problems: list[str]) -> None:
    """A misspelt field (say "speical") would otherwise be ignored silently and turn a special into a plain
    card; "_"-prefixed fields are comments, as at the top level."""
    for key in card:
        if key not in fields and not str(key).startswith("_"):
            problems.append(f"{where}: unknown field {key!r}")


def parse(doc, source: str = "<memory>") -> CardSet:
    problems: list[str] = []
    if not isinstance(doc, dict):
        raise CardDataError(source, ["the file must hold a JSON object"])
    allowed = {"format", "table_bonus", "gate_symbols", "main_cards", "action_cards"}
    for key in doc:
        if key not in allowed and not key.startswith("_"):
            problems.append(f"unknown field {key!r}")
    if doc.get("format") != FORMAT:
        problems.append(f"field 'format' must be {FORMAT!r}")
    table = doc.get("table_bonus")
    if not isinstance(table, dict) or set(table) != set(SYMBOLS) or not all(
            isinstance(v, list) and v and all(_int(x) for x in v) for v in table.values()):
        problems.append("field 'table_bonus' must map each of chisel, coin, motor, map to a list of integers")
        table = {s: [] for s in SYMBOLS}
    gates = doc.get("gate_symbols")
    if not isinstance(gates, list) or len(gates) != 4 or sorted(gates) != sorted(SYMBOLS):
        problems.append("field 'gate_symbols' must list the four symbols, one per gate I-IV")
        gates = list(SYMBOLS)
    main: dict[str, MainCard] = {}
    raw_main = doc.get("main_cards")
    if not isinstance(raw_main, list) or len(raw_main) != MAIN_CARDS:
        problems.append(f"field 'main_cards' must list {MAIN_CARDS} cards")
        raw_main = raw_main if isinstance(raw_main, list) else []
    for i, c in enumerate(raw_main):
        where = f"main_cards[{i}]"
        if not isinstance(c, dict):
            problems.append(f"{where} must be an object")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            problems.append(f"{where}.id must be a non-empty string")
            continue
        where = f"main card {cid}"
        _unknown(c, MAIN_FIELDS, where, problems)
        bad = [k for k in ("index", "value", "explosion") if not _int(c.get(k))]
        if bad or not isinstance(c.get("name"), str):
            problems.append(f"{where}: " + ", ".join(f"{k} must be an integer" for k in bad) +
                            ("" if isinstance(c.get("name"), str) else " name must be a string"))
            continue
        if c["value"] < 0 or c["index"] < 0:
            problems.append(f"{where}: index and value cannot be negative")
        if c["explosion"] == 0:
            problems.append(f"{where}: explosion must be positive (own score) or negative (opposing score)")
        if cid in main:
            problems.append(f"{where}: duplicate id")
        main[cid] = MainCard(cid, c["name"], c["index"], c["value"], c["explosion"])
    action: dict[str, ActionCard] = {}
    raw_action = doc.get("action_cards")
    if not isinstance(raw_action, list) or len(raw_action) != ACTION_CARDS:
        problems.append(f"field 'action_cards' must list {ACTION_CARDS} cards")
        raw_action = raw_action if isinstance(raw_action, list) else []
    for i, c in enumerate(raw_action):
        where = f"action_cards[{i}]"
        if not isinstance(c, dict):
            problems.append(f"{where} must be an object")
            continue
        cid = c.get("id")
        if not isinstance(cid, str) or not cid:
            problems.append(f"{where}.id must be a non-empty string")
            continue
        where = f"action card {cid}"
        _unknown(c, ACTION_FIELDS, where, problems)
        bad = [k for k in ("value", "circle") if not _int(c.get(k))]
        if bad:
            problems.append(f"{where}: " + ", ".join(f"{k} must be an integer" for k in bad))
            continue
        if c.get("symbol") not in ACTION_SYMBOLS:
            problems.append(f"{where}: symbol must be one of {', '.join(ACTION_SYMBOLS)}")
            continue
        special = c.get("special")
        if special is not None and special not in SPECIALS:
            problems.append(f"{where}: special must be null or one of {', '.join(SPECIALS)}")
            continue
        if not isinstance(c.get("name"), str):
            problems.append(f"{where}: name must be a string")
            continue
        if cid in action or cid in main:
            problems.append(f"{where}: duplicate id")
        action[cid] = ActionCard(cid, c["name"], c["value"], c["circle"], c["symbol"], special)
    specials = [a.special for a in action.values() if a.special]
    for name in sorted({s for s in specials if specials.count(s) > 1}):
        problems.append(f"special {name!r} appears on more than one card")
    if problems:
        raise CardDataError(source, problems)
    canonical = json.dumps({k: doc[k] for k in sorted(allowed)}, sort_keys=True, ensure_ascii=False)
    return CardSet(
        table_bonus={s: tuple(table[s]) for s in SYMBOLS},
        gate_symbols=tuple(gates),
        main=main,
        action=action,
        digest=hashlib.sha256(canonical.encode()).hexdigest()[:16],
        source=source,
    )


def load(path: Path | str | None = None) -> CardSet:
    """Load and validate a card file (default: $CETATE_GATES_CARDS, else the shipped cards.json)."""
    path = Path(path or os.environ.get("CETATE_GATES_CARDS") or DEFAULT_FILE)
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise CardDataError(path, [f"cannot be read ({exc.strerror})"]) from exc
    try:
        doc = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardDataError(path, [f"is not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"]) from exc
    return parse(doc, str(path))


_CARDS: CardSet | None = None


def cards() -> CardSet:
    """The card set in use, loaded once."""
    global _CARDS
    if _CARDS is None:
        _CARDS = load()
    return _CARDS
