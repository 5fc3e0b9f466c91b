"""Golden records: seeded Citadels games committed with their final scores and a state hash at the
start of every round. `test_golden.py` replays them; any change of behaviour shows up as a failing test
and, once accepted, as a diff of the files after regenerating them:

    .venv/bin/python -m tests.games.citadels.golden_records    # rewrites tests/games/citadels/golden/
"""

from __future__ import annotations

import json
from pathlib import Path

from cetate.bots import play_game
from cetate.core.record import Record, replay, state_hash
from cetate.games import get

GAME = get("citadels")
FOLDER = Path(__file__).with_name("golden")
DARK = {"character_preset": "replace_two", "random_dark_city_districts": 3}
ALL_DARK = ["witch", "tax_collector", "wizard", "emperor", "abbot", "alchemist", "navigator", "diplomat"]

# (name, players, seed, options, bot for every seat); the records keep the actions, so changing a bot
# never breaks a replay, only a regeneration
CASES: list[tuple[str, int, int, dict, str]] = [
    ("classic-2p", 2, 101, {}, "random"),
    ("classic-3p", 3, 102, {}, "citadels-heuristic"),
    ("classic-4p", 4, 103, {}, "random"),
    ("classic-5p", 5, 104, {}, "citadels-heuristic"),
    ("classic-6p", 6, 105, {}, "random"),
    ("classic-7p", 7, 106, {}, "citadels-heuristic"),
    ("classic-4p-discard-pile", 4, 107, {"discard_mode": "discard_pile", "bank_limit": 30}, "random"),
    ("classic-5p-warlord-any-time", 5, 108, {"warlord_timing": "any_time"}, "citadels-heuristic"),
    ("short-4p", 4, 109, {"completion_size": 7}, "random"),
    ("short-6p-dark", 6, 110, {"completion_size": 7, **DARK}, "citadels-heuristic"),
    ("dark-2p", 2, 111, DARK, "random"),
    ("dark-3p", 3, 112, DARK, "citadels-heuristic"),
    ("dark-4p-artist", 4, 113, {**DARK, "rank9": "artist"}, "random"),
    ("dark-5p-queen", 5, 114, {**DARK, "rank9": "queen"}, "citadels-heuristic"),
    ("dark-6p-random9", 6, 115, {**DARK, "rank9": "random"}, "random"),
    ("dark-7p", 7, 116, DARK, "citadels-heuristic"),
    ("dark-7p-artist", 7, 117, {**DARK, "rank9": "artist"}, "random"),
    ("dark-8p-artist", 8, 118, {**DARK, "rank9": "artist"}, "citadels-heuristic"),
    ("dark-8p-queen", 8, 119, {"characters": [*ALL_DARK, "queen"], "random_dark_city_districts": 6}, "random"),
    ("all-dark-4p", 4, 120, {"characters": [*ALL_DARK, "artist"], "random_dark_city_districts": 14,
                             "ball_room": True}, "random"),
    ("all-dark-5p-options", 5, 121, {"characters": ALL_DARK, "dark_city_districts": ["bell_tower", "hospital"],
                                     "random_dark_city_districts": 4, "end_of_turn_order":
                                     ["tax_collector", "alchemist", "park", "poor_house"],
                                     "wizard_duplicates": "any_build", "bank_limit": 40}, "random"),
    ("short-8p-dark", 8, 122, {"completion_size": 7, "characters": [*ALL_DARK[:4], "bishop", "merchant",
                                                                    "architect", "warlord", "queen"],
                               "random_dark_city_districts": 3}, "random"),
]


def round_hashes(record: Record) -> list[str]:
    """The state hash at the start of every round (after its removal), then the final state's."""
    hashes = []
    last = None
    for action, events, state in replay(GAME, record):
        if action is None or any(e.type == "round_started" for e in events):
            hashes.append(state_hash(GAME, state))
        last = state
    hashes.append(state_hash(GAME, last))
    return hashes


def make(name: str, players: int, seed: int, options: dict, bots: str) -> dict:
    _state, record = play_game(GAME, players, seed, options, [bots] * players)
    doc = record.to_json()
    doc["name"] = name
    doc["round_hashes"] = round_hashes(record)
    return doc


def dumps(doc: dict) -> str:
    """One field per line and one action per line, so a change of behaviour reads as a small diff."""
    lines = ["{"]
    keys = list(doc)
    for i, key in enumerate(keys):
        end = "," if i < len(keys) - 1 else ""
        value = doc[key]
        if key in ("actions", "round_hashes", "seats") and value:
            items = [json.dumps(v, ensure_ascii=False, sort_keys=True) for v in value]
            lines.append(f" {json.dumps(key)}: [")
            lines.extend(f"  {item}{',' if j < len(items) - 1 else ''}" for j, item in enumerate(items))
            lines.append(f" ]{end}")
        elif key == "result" and value:
            lines.append(f" {json.dumps(key)}: {{")
            rkeys = list(value)
            for j, rk in enumerate(rkeys):
                rend = "," if j < len(rkeys) - 1 else ""
                if rk == "scores":
                    lines.append(f"  {json.dumps(rk)}: [")
                    lines.extend(f"   {json.dumps(sc, sort_keys=True)}{',' if k < len(value[rk]) - 1 else ''}"
                                 for k, sc in enumerate(value[rk]))
                    lines.append(f"  ]{rend}")
                else:
                    lines.append(f"  {json.dumps(rk)}: {json.dumps(value[rk])}{rend}")
            lines.append(f" }}{end}")
        else:
            lines.append(f" {json.dumps(key)}: {json.dumps(value, ensure_ascii=False, sort_keys=True)}{end}")
    lines.append("}")
    return "\n".join(lines) + "\n"


def write_all() -> list[Path]:
    FOLDER.mkdir(exist_ok=True)
    written = []
    for case in CASES:
        doc = make(*case)
        path = FOLDER / f"{case[0]}.json"
        path.write_text(dumps(doc), encoding="utf-8")
        written.append(path)
    return written


if __name__ == "__main__":
    for p in write_all():
        print(p)
