"""Gates of the Citadel (Jocul Cetății), the two-player duel for the four gates, behind the cetate game
protocol. See spec/gates.md, docs/formats.md and the rules guides in guide/."""

from __future__ import annotations

from cetate.core.errors import InvalidOptions
from cetate.core.protocol import PackageGame
from cetate.games.gates import rules
from cetate.games.gates.data import cards
from cetate.games.gates.options import SCHEMA
from cetate.games.gates.state import State


class Gates(PackageGame):
    package = "cetate.games.gates"
    id = "gates"
    name = "Gates of the Citadel"
    description = ("A two-player duel for the four gates of the citadel: draft main cards in pairs, then win "
                   "six duels with explosions and action cards, and besiege your opponent's gates.")
    rules_version = "2"  # 2: only the difference of the main scores is kept (spec gates R32, corrected)
    min_players = 2
    max_players = 2
    options = SCHEMA
    # IS-MCTS: `evaluate` at once after each new node (it plays on at random to the next duel start itself)
    search_defaults = {"depth": 0}

    @property
    def engine_version(self) -> str:
        """The rules version and the card list in use: records made with another card list are flagged on
        replay, and saved tables refuse to resume with it."""
        return f"{self.rules_version}+cards.{cards().digest}"

    def setup(self, players: int, seed: int | str = 0, options: dict | None = None) -> State:
        if players != 2 or isinstance(players, bool):
            raise InvalidOptions("bad_players", f"Gates of the Citadel is for 2 players, not {players!r}")
        cards()  # load and check the card file before the first match
        return rules.setup(seed, SCHEMA.validate(options))

    def seats(self, state: State) -> int:
        return 2

    def evaluate(self, state: State) -> list[float]:
        """Each seat's chance of winning the match (protocol `evaluate`, for search cut-offs): the learned
        value of the next duel start (`value.py`: the heuristic bot's match model, corrected by a model
        fitted on self-play), or the match model alone where the learned one does not apply."""
        from cetate.games.gates.value import evaluate

        return evaluate(state)

    def study(self, results: list[dict]) -> list[dict]:
        """The figures of spec §6 over many matches: the first chooser's wins, explosions, table bonuses,
        ties, sieges."""
        return rules.study(results)

    def bots(self) -> dict:
        from cetate.games.gates.bot import NAME, GatesHeuristicBot  # loaded only when bots are wanted

        return {NAME: GatesHeuristicBot}


GAME = Gates()
