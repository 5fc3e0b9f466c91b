"""Golden Akropolis records: whole games by a seeded random player (`random_action` with `random.Random(seed)`),
replayed action by action, with the final result and a digest of the full state (less its engine version)
after every turn.

* `v1-*`: recorded by engine version 1 (revision 3a70c7c, before the speed work of issue 31). Version 2
  samples placements in another order (`City.near_cells`), so the same seeded player now picks other moves;
  the rules did not change, so these records must still replay to the same states and result.
* `v2-*`: recorded by engine version 2; the seeded player must also choose the very same actions again
  (`regenerate`), which pins the sampler: a change there needs a new engine version and new files.

To regenerate the v2 files after a deliberate change: `python -m tests.games.akropolis.test_golden`.
"""

from __future__ import annotations

import hashlib
import json
import random
from pathlib import Path

import pytest

from cetate.core.record import Record, Recorder, replay, replay_final
from tests.games.akropolis.helpers import GAME

FOLDER = Path(__file__).parent / "golden"
FILES = sorted(FOLDER.glob("*.json"))
# name: (players, seed, options); the seed is also the random player's
CASES = {
    "2p-athena": (2, 11, {"athena": True}),
    "4p-variants": (4, 12, {"variant_barracks": True, "variant_gardens": True, "variant_markets": True,
                            "variant_houses": True, "variant_temples": True}),
    "solo": (1, 13, {"athena": True, "architect": "metagenes"}),
}


def digest(state) -> str:
    doc = GAME.to_json(state)
    doc.pop("engine_version")
    return hashlib.sha256(json.dumps(doc, sort_keys=True, separators=(",", ":")).encode()).hexdigest()[:16]


def turn_hashes(record: Record) -> list[str]:
    return [digest(state) for action, _, state in replay(GAME, record)
            if action is not None and state.phase in ("take", "over")]


def regenerate(name: str) -> dict:
    players, seed, options = CASES[name]
    rnd = random.Random(seed)
    recorder = Recorder(GAME, [{"name": f"random {i}"} for i in range(players)], seed, options)
    state = GAME.setup(players, seed, options)
    while GAME.to_move(state) is not None:
        action = GAME.random_action(state, rnd)
        recorder.add(action)
        GAME.apply(state, action)
    doc = recorder.finish(state).to_json()
    doc["turn_hashes"] = turn_hashes(recorder.record)
    return doc


def test_every_case_has_both_versions():
    assert {p.stem for p in FILES} == {f"v{v}-{name}" for name in CASES for v in (1, 2)}


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_record_replays_exactly(path):
    doc = json.loads(path.read_text(encoding="utf-8"))
    record = Record.from_json(doc)
    assert record.engine_version == path.stem.split("-")[0][1:]
    assert turn_hashes(record) == doc["turn_hashes"]
    assert GAME.result(replay_final(GAME, record)) == doc["result"]


@pytest.mark.parametrize("name", sorted(CASES))
def test_the_seeded_random_player_still_plays_the_v2_records(name):
    doc = json.loads((FOLDER / f"v2-{name}.json").read_text(encoding="utf-8"))
    assert regenerate(name) == doc


if __name__ == "__main__":
    assert GAME.engine_version == "2"
    for case in CASES:
        (FOLDER / f"v2-{case}.json").write_text(json.dumps(regenerate(case), separators=(",", ":")) + "\n",
                                                encoding="utf-8")
