"""Game records: `{game, engine_version, options, seats, seed, actions, result}` as JSON.

Replaying a record (setup from seed and options, then every action in order) reproduces every state
exactly. `Recorder` builds a record while a game is played.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from cetate.core.errors import IllegalAction, InvalidState

RECORD_FIELDS = ("game", "engine_version", "options", "seats", "seed", "actions", "result")


@dataclass
class Record:
    game: str
    engine_version: str
    options: dict
    seats: list[dict]
    seed: int | str
    actions: list[dict] = field(default_factory=list)
    result: dict | None = None

    def to_json(self) -> dict:
        return {
            "game": self.game,
            "engine_version": self.engine_version,
            "options": self.options,
            "seats": self.seats,
            "seed": self.seed,
            "actions": self.actions,
            "result": self.result,
        }

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1)

    def save(self, path: str | Path) -> None:
        Path(path).write_text(self.dumps() + "\n", encoding="utf-8")

    @classmethod
    def from_json(cls, doc: Any) -> Record:
        if not isinstance(doc, dict):
            raise InvalidState("bad_record", "a record must be a JSON object")
        missing = [f for f in RECORD_FIELDS if f not in doc]
        if missing:
            raise InvalidState("bad_record", f"record is missing field(s): {', '.join(missing)}")
        if not isinstance(doc["game"], str):
            raise InvalidState("bad_record", "record field 'game' must be a string")
        if not isinstance(doc["actions"], list) or not all(isinstance(a, dict) for a in doc["actions"]):
            raise InvalidState("bad_record", "record field 'actions' must be a list of objects")
        if not isinstance(doc["seats"], list):
            raise InvalidState("bad_record", "record field 'seats' must be a list")
        if not isinstance(doc["options"], dict):
            raise InvalidState("bad_record", "record field 'options' must be an object")
        if not isinstance(doc["seed"], int | str) or isinstance(doc["seed"], bool):
            raise InvalidState("bad_record", "record field 'seed' must be an integer or a string")
        return cls(
            game=doc["game"],
            engine_version=str(doc["engine_version"]),
            options=doc["options"],
            seats=doc["seats"],
            seed=doc["seed"],
            actions=list(doc["actions"]),
            result=doc["result"],
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        try:
            doc = json.loads(Path(path).read_text(encoding="utf-8"))
        except (OSError, UnicodeDecodeError) as exc:
            raise InvalidState("bad_record", f"cannot read {path}: {exc}") from exc
        except json.JSONDecodeError as exc:
            raise InvalidState("bad_record", f"{path} is not valid JSON: {exc}") from exc
        return cls.from_json(doc)


def replay(game, record: Record) -> Iterator[tuple[dict | None, list, Any]]:
    """Yield `(action, events, state)` from the initial state (action None) through every action.

    The same state object is mutated and yielded each time: clone it if you keep it.
    Raises `InvalidState` if the record does not belong to `game` or an action is illegal.
    """
    if record.game != game.id:
        raise InvalidState("wrong_game", f"record is for game {record.game!r}, not {game.id!r}")
    state = game.setup(len(record.seats), record.seed, record.options)
    yield None, [], state
    for index, action in enumerate(record.actions):
        try:
            events = game.apply(state, action)
        except IllegalAction as exc:
            raise InvalidState(
                "bad_record", f"action #{index} {action!r} is illegal on replay: {exc.message}"
            ) from exc
        yield action, events, state


def replay_final(game, record: Record):
    """The final state of a record."""
    state = None
    for step in replay(game, record):
        state = step[2]
    return state


class Recorder:
    """Collects the actions of a game as it is played and produces its `Record`."""

    def __init__(self, game, seats: list[dict], seed: int | str, options: dict) -> None:
        self.game = game
        self.record = Record(
            game=game.id, engine_version=game.engine_version, options=dict(options),
            seats=[dict(s) for s in seats], seed=seed,
        )

    def add(self, action: dict) -> None:
        self.record.actions.append(dict(action))

    def finish(self, state) -> Record:
        self.record.result = self.game.result(state)
        return self.record


def state_hash(game, state) -> str:
    """A short, stable fingerprint of a full state (its canonical JSON), for golden records."""
    doc = json.dumps(game.to_json(state), sort_keys=True, separators=(",", ":"), ensure_ascii=True)
    return hashlib.sha256(doc.encode()).hexdigest()[:16]
