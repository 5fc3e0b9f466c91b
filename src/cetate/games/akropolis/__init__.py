"""Akropolis (+ Athena, the five scoring variants and the solo Illustrious Architect) behind the cetate game
protocol. See spec/akropolis.md, docs/formats.md and the rules guide in guide/."""

from __future__ import annotations

from cetate.core.errors import InvalidOptions
from cetate.core.protocol import Game, PackageGame
from cetate.games.akropolis import rules
from cetate.games.akropolis.options import SCHEMA, check_for_players
from cetate.games.akropolis.state import State


class Akropolis(PackageGame):
    package = "cetate.games.akropolis"
    id = "akropolis"
    name = "Akropolis"
    description = ("Take tiles from the construction site and build your city upwards: districts score by "
                   "their height times the stars of matching plazas. With Athena, variants and a solo "
                   "Architect; 1-4 players.")
    engine_version = "1"
    min_players = 1
    max_players = 4
    options = SCHEMA
    # IS-MCTS (docs/bots/ismcts.md): `evaluate` right after each new node, no head start for the heuristic's
    # favourite (the search already plays its placements), a greedier exploration than the default
    search_defaults = {"depth": 0, "prior_weight": 0.0, "c": 0.35}

    def __init__(self) -> None:
        super().__init__()
        from cetate.games.akropolis import search  # the heuristic's placements and values, for search bots

        self.search_actions = search.search_actions
        self.evaluate = search.evaluate

    def setup(self, players: int, seed: int | str = 0, options: dict | None = None) -> State:
        if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
            raise InvalidOptions("bad_players", f"Akropolis is for 1 to 4 players, not {players!r}")
        opts = SCHEMA.validate(options)
        check_for_players(opts, players)
        return rules.setup(players, seed, opts)

    def expand_shortcuts(self, shortcuts: dict) -> dict:
        """`--athena`, `--variants` (all five) and `--long` (the long game for 2 or 3 players)."""
        out: dict = {}
        if shortcuts.get("athena"):
            out["athena"] = True
        if shortcuts.get("variants"):
            out.update({v: True for v in ("variant_houses", "variant_markets", "variant_barracks",
                                          "variant_temples", "variant_gardens")})
        if shortcuts.get("long"):
            out["long_game"] = True
        rest = {k: v for k, v in shortcuts.items() if k not in ("athena", "variants", "long")}
        Game.expand_shortcuts(self, rest)
        return out

    def describe_action(self, s: State, action: dict) -> dict:
        """Message key and parameters for an action: a take names the tile and its cost, an Athena choice
        the card and the small tile."""
        out = {"key": f"action.{action.get('type')}", **{k: v for k, v in action.items() if k != "type"}}
        if action.get("type") == "take" and isinstance(action.get("site"), int) and 0 <= action["site"] < len(s.site):
            out.update({"tile": s.site[action["site"]], "cost": action["site"]})
            if action["site"] == 0:
                out["key"] = "action.take_free"
        return out

    def bots(self) -> dict:
        from cetate.games.akropolis.bot import NAME, AkropolisHeuristicBot  # loaded only when bots are wanted

        return {NAME: AkropolisHeuristicBot}


GAME = Akropolis()
