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
    rules_version = "1"
    min_players = 2
    max_players = 2
    options = SCHEMA
    search_defaults = {"depth": 4}  # IS-MCTS: four random actions, then `evaluate` (the match model)

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
        """Each seat's chance of winning the match (protocol `evaluate`, for search cut-offs), from the
        heuristic bot's match model: the gates held, the score difference, and the chance of winning each
        remaining duel from the main cards both players still hold and the quality of their action hands."""
        from cetate.games.gates.bot import HAND_WEIGHT, match_value, table

        t = table(cards(), state.options["alliance_value"])
        done = max(0, min(6, state.round - 1))
        left = 6 - done
        mine, theirs = state.mains
        pairs = [(a, b) for a in mine for b in theirs]
        base = sum(t.win[p] for p in pairs) / len(pairs) if pairs else 0.5
        q = t.quality
        hands = [sorted((q.get(c, 0.0) for c in h), reverse=True)[:left] for h in state.hands]
        pf = base + HAND_WEIGHT * (sum(hands[0]) - sum(hands[1])) / max(1, left)
        pf = min(0.97, max(0.03, pf))
        gates = state.gates
        v = match_value(done, sum(1 for g in gates if g == 0), sum(1 for g in gates if g == 1),
                        sum(1 for g in gates if g == "neutral"), state.scores[0] - state.scores[1], pf)
        return [v, 1.0 - v]

    def study(self, results: list[dict]) -> list[dict]:
        """The figures of spec §6 over many matches: the first chooser's wins, explosions, table bonuses,
        ties, sieges."""
        return rules.study(results)

    def bots(self) -> dict:
        from cetate.games.gates.bot import NAME, GatesHeuristicBot  # loaded only when bots are wanted

        return {NAME: GatesHeuristicBot}


GAME = Gates()
