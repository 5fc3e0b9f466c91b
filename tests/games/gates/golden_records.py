"""Golden records of Gates of the Citadel (issue 31, item 8): seeded matches committed with a fingerprint of
everything the engine says at every step, so that a faster engine is proved to behave exactly as before.

Each record is a plain `Record` (the actions, the result) with a `trace`: one short hash per step of the
match, over the seat to move, the legal actions (in order), the events (full form and as each seat and a
spectator see them), the three views, the notes, the state JSON, the refusals of a few bad actions, a
determinisation (its JSON) and the learned value (`evaluate`, exact floats) and the action `random_action`
draws. `test_golden.py` replays them; any change of behaviour shows up as a failing test naming the first
step that differs and, once accepted (with `engine_version` bumped when RNG use or the order of the legal
actions changes), as a diff of the files after regenerating them:

    .venv/bin/python -m tests.games.gates.golden_records    # rewrites tests/games/gates/golden/
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

from cetate.bots import play_game
from cetate.core.errors import IllegalAction
from cetate.core.record import Record, replay
from cetate.core.rng import Rng
from cetate.games import get

GAME = get("gates")
FOLDER = Path(__file__).with_name("golden")

# (name, seed, options, bot for both seats); the records keep the actions, so changing a bot never breaks a
# replay, only a regeneration
CASES: list[tuple[str, int | str, dict, str]] = [
    ("default-random-1", 1, {}, "random"),
    ("default-random-2", 2, {}, "random"),
    ("default-random-3", "golden-3", {}, "random"),
    ("default-heuristic-1", 11, {}, "gates-heuristic"),
    ("default-heuristic-2", 12, {}, "gates-heuristic"),
    ("default-heuristic-3", 13, {}, "gates-heuristic"),
    ("draft-order", 21, {"main_deck_order": "draft"}, "random"),
    ("draft-order-heuristic", 22, {"main_deck_order": "draft", "first_chooser": 1}, "gates-heuristic"),
    ("alternate", 31, {"action_order": "alternate"}, "random"),
    ("trailer-first", 32, {"action_order": "trailer_first", "first_chooser": 0}, "gates-heuristic"),
    ("alliance-zero", 41, {"alliance_value": 0}, "random"),
    ("alliance-plus", 42, {"alliance_value": 5, "action_order": "alternate"}, "gates-heuristic"),
    ("neutral-void", 51, {"neutral_gates": "void"}, "random"),
    ("neutral-void-heuristic", 52, {"neutral_gates": "void", "alliance_value": -10}, "gates-heuristic"),
    ("wide-seed", 2**100 + 7, {"main_deck_order": "draft", "action_order": "trailer_first"}, "random"),
    ("everything", 61, {"main_deck_order": "draft", "action_order": "alternate", "alliance_value": -1,
                        "neutral_gates": "void", "first_chooser": 1}, "random"),
]

# a long random match for each option set, so that every special and every phase shows up in some trace
EXTRA_RANDOM = [(f"random-{k}", 1000 + k, opts, "random") for k, opts in enumerate(
    [{}, {}, {}, {}, {"main_deck_order": "draft"}, {"action_order": "alternate"},
     {"action_order": "trailer_first"}, {"neutral_gates": "void"}])]
CASES += EXTRA_RANDOM


def _h(obj) -> str:
    doc = json.dumps(obj, sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(doc.encode()).hexdigest()[:16]


def _refusals(state, index: int) -> list[dict]:
    """The refusals of a few bad actions at this step (state unchanged is checked by the test)."""
    seat = GAME.to_move(state)
    bad = [None, [], {}, {"type": "nope"}, {"type": ["skip"]}, {"type": "attach", "card": "M01"},
           {"type": "attach", "card": "S01"}, {"type": "attach"}, {"type": "choose", "card": "A01"},
           {"type": "poet", "card": "A01"}, {"type": "siege", "gate": 9}, {"type": "siege", "gate": True},
           {"type": "siege", "gate": 0}, {"type": "siege", "gate": "0"}, {"type": "skip"}, {"type": "shuffle"}]
    legal = GAME.legal_actions(state)
    out = []
    for action in bad:
        for who in (None, 0 if seat is None else 1 - seat):
            if who is None and action in legal:
                continue
            try:
                GAME.apply(state, action, who) if who is not None else GAME.apply(state, action)
            except IllegalAction as exc:
                out.append(exc.to_dict())
            else:
                raise AssertionError(f"step {index}: {action!r} was accepted")
    return out


def step_fingerprint(state, action, events, index: int) -> str:
    """Everything the engine says at this step, hashed (see the module doc)."""
    seat = GAME.to_move(state)
    legal = GAME.legal_actions(state)
    doc = {
        "action": action,
        "events": [e.to_dict() for e in events],
        "seen": [[GAME.event_view(e, s) for e in events] for s in (0, 1, None)],
        "to_move": seat,
        "legal": legal,
        "views": [GAME.view(state, s) for s in (0, 1, None)],
        "notes": [GAME.annotate(state, s, legal) for s in (0, 1)],
        "state": GAME.to_json(state),
        "result": GAME.result(state),
    }
    if seat is not None:
        before = GAME.to_json(state)
        doc["refusals"] = _refusals(state, index)
        assert GAME.to_json(state) == before, f"step {index}: a refused action changed the state"
        doc["random_action"] = GAME.random_action(state, random.Random(index))
        doc["determinized"] = [GAME.to_json(GAME.determinize(state, s, Rng(index * 7919 + s))) for s in (0, 1)]
        doc["evaluate"] = [repr(v) for v in GAME.evaluate(state)]
    return _h(doc)


def trace(record: Record) -> list[str]:
    out = []
    for index, (action, events, state) in enumerate(replay(GAME, record)):
        out.append(step_fingerprint(state, action, events, index))
    return out


def make(name: str, seed: int | str, options: dict, bots: str) -> dict:
    _state, record = play_game(GAME, 2, seed, options, [bots] * 2)
    doc = record.to_json()
    doc["name"] = name
    doc["trace"] = trace(record)
    return doc


def dumps(doc: dict) -> str:
    """One field per line and one action (one step's hash) per line, so a change reads as a small diff."""
    lines = ["{"]
    keys = list(doc)
    for i, key in enumerate(keys):
        end = "," if i < len(keys) - 1 else ""
        value = doc[key]
        if key in ("actions", "trace", "seats") and value:
            items = [json.dumps(v, ensure_ascii=False, sort_keys=True) for v in value]
            lines.append(f" {json.dumps(key)}: [")
            lines.extend(f"  {item}{',' if j < len(items) - 1 else ''}" for j, item in enumerate(items))
            lines.append(f" ]{end}")
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
