"""Citadels (FFG classic edition) behind the cetate game protocol. See spec/citadels.md and docs/."""

from __future__ import annotations

from cetate.core.errors import InvalidOptions
from cetate.core.protocol import Game, PackageGame
from cetate.games.citadels import rules
from cetate.games.citadels.data import DARK_CITY_CHARACTERS
from cetate.games.citadels.options import SCHEMA, check_for_players
from cetate.games.citadels.state import State


class Citadels(PackageGame):
    package = "cetate.games.citadels"
    id = "citadels"
    name = "Citadels"
    description = ("Draft a secret character each round, then take gold or cards and build districts; "
                   "the richest city wins. Classic and Dark City, 2-8 players.")
    engine_version = "1"
    min_players = 2
    max_players = 8
    options = SCHEMA
    search_defaults = {"depth": 20, "playout": "heuristic"}  # IS-MCTS: 20 heuristic actions, then `evaluate`

    def setup(self, players: int, seed: int | str = 0, options: dict | None = None) -> State:
        if not isinstance(players, int) or not self.min_players <= players <= self.max_players:
            raise InvalidOptions("bad_players", f"Citadels is for 2 to 8 players, not {players!r}")
        opts = SCHEMA.validate(options)
        check_for_players(opts, players)
        if opts["starting_seat"] is not None and opts["starting_seat"] >= players:
            raise InvalidOptions("bad_option_value",
                                 f"option 'starting_seat' must be a seat from 0 to {players - 1}",
                                 option="starting_seat")
        return rules.setup(players, seed, opts)

    def start_events(self, s: State) -> list:
        return [rules.round_started_event(s)]

    def expand_shortcuts(self, shortcuts: dict) -> dict:
        """`--characters classic|replace_one|replace_two|replace_one_or_two|dark_city|id,id,...`,
        `--districts none|N|random:N|id,id,...`, `--short` (7 districts), `--dark-city` (all ten Dark City
        characters but the Queen, every Dark City district)."""
        out: dict = {}
        if shortcuts.get("dark_city"):
            out.update({"characters": [*DARK_CITY_CHARACTERS[:8], "artist"], "random_dark_city_districts": 14,
                        "ball_room": True})
        chars = shortcuts.get("characters")
        if chars:
            presets = {"classic", "replace_one", "replace_two", "replace_one_or_two"}
            if chars in presets:
                out["character_preset"] = chars
                out.pop("characters", None)
            elif chars == "dark_city":
                out["characters"] = list(DARK_CITY_CHARACTERS[:8])
            else:
                out["characters"] = [c.strip() for c in chars.split(",") if c.strip()]
        districts = shortcuts.get("districts")
        if districts:
            count = districts.removeprefix("random:")
            if districts == "none":
                out["dark_city_districts"] = []
            elif count.isdigit():
                out["random_dark_city_districts"] = int(count)
            else:
                out["dark_city_districts"] = [d.strip() for d in districts.split(",") if d.strip()]
        if shortcuts.get("short"):
            out["completion_size"] = 7
        Game.expand_shortcuts(self, {k: v for k, v in shortcuts.items()
                                     if k not in ("dark_city", "characters", "districts", "short")})
        return out

    def bots(self) -> dict:
        from cetate.games.citadels.bot import NAME, CitadelsHeuristicBot  # loaded only when bots are wanted

        return {NAME: CitadelsHeuristicBot}


GAME = Citadels()
