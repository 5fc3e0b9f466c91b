"""Build explicit Citadels states for scenario tests.

`scenario(...)` returns a State loaded with `from_json` from a document that the test spells out: hands,
cities, gold, who holds which character, which character is being called. The deck is whatever cards
remain (in catalogue order, `deck_top` first), so card conservation holds and the document is valid.
"""

from __future__ import annotations

from collections import Counter

from cetate.core.errors import IllegalAction
from cetate.games import get
from cetate.games.citadels.data import DISTRICT_IDS
from cetate.games.citadels.options import SCHEMA

GAME = get("citadels")


def base_doc(players: int = 4, seed: int = 1, options: dict | None = None) -> dict:
    return GAME.to_json(GAME.setup(players, seed, options))


def scenario(
    players: int = 4,
    *,
    options: dict | None = None,
    hands: dict[int, list[str]] | None = None,
    cities: dict[int, list[str]] | None = None,
    gold: dict[int, int] | None = None,
    owners: dict[str, int] | None = None,
    calling: str | None = None,
    phase: str = "turn",
    crown: int = 0,
    acted: bool = False,
    deck_top: list[str] | None = None,
    killed: str | None = None,
    robbed: str | None = None,
    revealed: list[str] | None = None,
    face_up: list[str] | None = None,
    face_down: list[str] | None = None,
    round: int = 2,
    turn: dict | None = None,
    extra: dict | None = None,
    museum: dict[int, list[str]] | None = None,
    beautified: dict[int, list[str]] | None = None,
    dark_city: dict | None = None,
):
    """A state in the middle of a turn (by default) built from explicit parts. Unlisted seats have empty
    hands and cities and 2 gold. `turn` overrides fields of the turn block; `extra` top-level fields.
    `museum` (cards under each seat's Museum) and `beautified` (each seat's beautified districts) fill the
    Dark City block, and `dark_city` overrides any of its fields (e.g. {"bell_tower": True})."""
    opts = SCHEMA.validate(options)
    doc = base_doc(players, options=options)
    hands = hands or {}
    cities = cities or {}
    gold = gold or {}
    used: Counter = Counter()
    for i in range(players):
        seat = doc["seats"][i]
        seat["hand"] = list(hands.get(i, []))
        seat["city"] = list(cities.get(i, []))
        seat["gold"] = gold.get(i, 2)
        seat["haunted_round"] = -1
        used.update(seat["hand"])
        used.update(seat["city"])
    for cards in (museum or {}).values():
        used.update(cards)
    remaining = Counter(doc["deck_composition"]) - used
    top = list(deck_top or [])
    remaining -= Counter(top)
    rest = [name for name in DISTRICT_IDS for _ in range(remaining[name])]
    doc["deck"] = top + rest
    doc["discard_pile"] = []
    if opts["bank_limit"] is not None:
        doc["bank"] = (opts["bank_limit"] - sum(s["gold"] for s in doc["seats"])
                       - sum(len(b) for b in (beautified or {}).values()))
    doc["phase"] = phase
    doc["crown"] = crown
    doc["round"] = round
    ch = doc["characters"]
    owners = owners or {}
    ch["owners"] = dict(owners)
    ch["calling"] = calling
    ch["killed"] = killed
    ch["robbed"] = robbed
    ch["face_up"] = list(face_up or [])
    ch["face_down"] = list(face_down or [])
    ch["pool"] = []
    ch["steps"] = []
    ch["revealed"] = list(revealed if revealed is not None else ([calling] if calling else []))
    ch["absent"] = []
    ch["log"] = [[seat, "pick", cid] for cid, seat in owners.items()]
    ch["seen"] = [[] for _ in range(players)]
    ch["initial_face_down"] = None
    doc["turn"] = {
        "acted": acted, "builds_left": 3 if calling == "architect" else 1, "power_used": False,
        "income_taken": False, "laboratory_used": False, "smithy_used": False, "drawn": [], "keep": 0,
        "set_aside": [],
    }
    if turn:
        doc["turn"].update(turn)
    dc = doc["dark_city"]
    dc["actor"] = owners.get(calling, -1)
    dc["mode"] = "normal"
    dc["target"] = -1
    dc["resume"] = "turn"
    dc["tax_pending"] = []
    dc["bewitched"] = None
    dc["museum"] = [list((museum or {}).get(i, [])) for i in range(players)]
    dc["beautified"] = [list((beautified or {}).get(i, [])) for i in range(players)]
    if dark_city:
        dc.update(dark_city)
    doc["graveyard"] = None
    doc["first_complete"] = None
    doc["end_triggered"] = False
    doc["result"] = None
    if extra:
        doc.update(extra)
    return GAME.from_json(doc)


def act(state, action: dict) -> list:
    """Apply `action` as the seat to move (the way the server does)."""
    return GAME.apply(state, action, seat=GAME.to_move(state))


def doc(state) -> dict:
    return GAME.to_json(state)


def hand(state, seat: int) -> list[str]:
    return doc(state)["seats"][seat]["hand"]


def city(state, seat: int) -> list[str]:
    return doc(state)["seats"][seat]["city"]


def types(events: list) -> list[str]:
    return [e.type for e in events]


def illegal_code(state, action: dict) -> str:
    """The IllegalAction code of `action`, after checking that the refused action changed nothing."""
    before = doc(state)
    try:
        act(state, action)
    except IllegalAction as exc:
        assert doc(state) == before, "an illegal action changed the state"
        return exc.code
    raise AssertionError(f"{action!r} was accepted")


def snapshot(state) -> dict:
    """The full JSON of a state, to assert that an illegal action changed nothing."""
    return GAME.to_json(state)
