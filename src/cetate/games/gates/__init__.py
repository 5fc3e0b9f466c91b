"""Gates of the Citadel (Jocul Cetății), the two-player duel for the four gates, behind the cetate game
protocol. See spec/gates.md, docs/formats.md and the rules guides in guide/."""

from __future__ import annotations

from pathlib import Path

from cetate.core.errors import InvalidOptions
from cetate.core.protocol import Game
from cetate.core.rng import Rng
from cetate.games.gates import rules, state, view
from cetate.games.gates.data import cards
from cetate.games.gates.options import SCHEMA
from cetate.games.gates.state import State

HERE = Path(__file__).parent


class Gates(Game):
    id = "gates"
    name = "Gates of the Citadel"
    description = ("A two-player duel for the four gates of the citadel: draft main cards in pairs, then win "
                   "six duels with explosions and action cards, and besiege your opponent's gates.")
    rules_version = "1"
    min_players = 2
    max_players = 2
    options = SCHEMA

    @property
    def engine_version(self) -> str:
        """The rules version and the card list in use: records made with another card list are flagged on
        replay, and saved tables refuse to resume with it."""
        return f"{self.rules_version}+cards.{cards().digest}"

    def __init__(self) -> None:
        self.to_move = rules.to_move
        self.legal_actions = rules.legal_actions
        self.apply = rules.apply
        self.clone = State.clone

    def setup(self, players: int, seed: int | str = 0, options: dict | None = None) -> State:
        if players != 2 or isinstance(players, bool):
            raise InvalidOptions("bad_players", f"Gates of the Citadel is for 2 players, not {players!r}")
        cards()  # load and check the card file before the first match
        return rules.setup(seed, SCHEMA.validate(options))

    def start_events(self, s: State) -> list:
        return rules.start_events(s)

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

    def study(self, results: list[dict]) -> list[dict]:
        """The figures of spec §6 over many matches: the first chooser's wins, explosions, table bonuses,
        ties, sieges."""
        return rules.study(results)

    def messages_dir(self) -> Path:
        return HERE / "messages"

    def guide_dir(self) -> Path:
        return HERE / "guide"

    def terminal(self):
        from cetate.games.gates import terminal  # loaded only by the command line (it needs rich)

        return terminal

    def bots(self) -> dict:
        from cetate.games.gates.bot import NAME, GatesHeuristicBot  # loaded only when bots are wanted

        return {NAME: GatesHeuristicBot}


GAME = Gates()
