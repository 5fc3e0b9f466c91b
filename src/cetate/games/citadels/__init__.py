"""Citadels (FFG classic edition) behind the cetate game protocol. See spec/citadels.md and docs/."""

from __future__ import annotations

from pathlib import Path

from cetate.core.errors import InvalidOptions
from cetate.core.protocol import Game
from cetate.core.rng import Rng
from cetate.games.citadels import rules, state, view
from cetate.games.citadels.options import SCHEMA
from cetate.games.citadels.state import State

HERE = Path(__file__).parent


class Citadels(Game):
    id = "citadels"
    name = "Citadels"
    description = ("Draft a secret character each round, then take gold or cards and build districts; "
                   "the richest city wins. 2-7 players.")
    engine_version = "1"
    min_players = 2
    max_players = 7
    options = SCHEMA

    def setup(self, players: int, seed: int | str = 0, options: dict | None = None) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions("bad_players", f"Citadels is for 2 to 7 players, not {players!r}")
        opts = SCHEMA.validate(options)
        if opts["starting_seat"] is not None and opts["starting_seat"] >= players:
            raise InvalidOptions("bad_option_value",
                                 f"option 'starting_seat' must be a seat from 0 to {players - 1}",
                                 option="starting_seat")
        return rules.setup(players, seed, opts)

    def to_move(self, s: State) -> int | None:
        return rules.to_move(s)

    def legal_actions(self, s: State) -> list[dict]:
        return rules.legal_actions(s)

    def apply(self, s: State, action: dict, seat: int | None = None) -> list:
        return rules.apply(s, action, seat)

    def result(self, s: State) -> dict | None:
        return s.result

    def view(self, s: State, seat: int | None) -> dict:
        return view.view(s, seat)

    def determinize(self, s: State, seat: int, rng: Rng) -> State:
        return view.determinize(s, seat, rng)

    def to_json(self, s: State) -> dict:
        return state.to_json(s, self.engine_version)

    def from_json(self, doc) -> State:
        return state.from_json(doc)

    def clone(self, s: State) -> State:
        return s.clone()

    def messages_dir(self) -> Path:
        return HERE / "messages"

    def guide_dir(self) -> Path:
        return HERE / "guide"


GAME = Citadels()
