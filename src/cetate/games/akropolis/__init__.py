"""Akropolis (+ Athena, the five scoring variants and the solo Illustrious Architect) behind the cetate game
protocol. See spec/akropolis.md, docs/formats.md and the rules guide in guide/.

`SPEC` names the game's parts (docs/architecture.md, "The game protocol"); `GAME` is the facade the registry
hands out (entry point `cetate.games.akropolis:GAME`).
"""

from __future__ import annotations

from pathlib import Path

from cetate.core.errors import InvalidOptions
from cetate.core.protocol import (
    Bots,
    CodecPart,
    Game,
    GameSpec,
    ObserverPart,
    PresentationPart,
    RulesPart,
    SearchPart,
    TerminalPart,
    lazy,
)
from cetate.games.akropolis import rules, search, state, view
from cetate.games.akropolis.options import SCHEMA, check_for_players
from cetate.games.akropolis.state import State

# 2 (issue 31): `random_action` (and so `playout_action`) samples among the cells near the city in another
# order, so a seeded random bot or playout picks other placements than under 1. The rules, the order of
# `legal_actions` and the state's RNG are unchanged: records of version 1 replay identically.
ENGINE_VERSION = "2"
HEURISTIC = "akropolis-heuristic"  # bot.NAME


def setup(players: int, seed: int | str = 0, options: dict | None = None) -> State:
    if not isinstance(players, int) or isinstance(players, bool) or not 1 <= players <= 4:
        raise InvalidOptions("bad_players", f"Akropolis is for 1 to 4 players, not {players!r}")
    opts = SCHEMA.validate(options)
    check_for_players(opts, players)
    return rules.setup(players, seed, opts)


def to_json(s: State) -> dict:
    return state.to_json(s, ENGINE_VERSION)


def describe_action(s: State, action: dict) -> dict:
    """Message key and parameters for an action: a take names the tile and its cost, an Athena choice
    the card and the small tile."""
    out = {"key": f"action.{action.get('type')}", **{k: v for k, v in action.items() if k != "type"}}
    if action.get("type") == "take" and isinstance(action.get("site"), int) and 0 <= action["site"] < len(s.site):
        cost = rules.take_cost(action["site"])  # the rule's own price (§1.3), not derived again here
        # its position on the site as players count it: 1 is the free one (view.py's `position`)
        out.update({"tile": s.site[action["site"]], "cost": cost, "position": action["site"] + 1})
        if cost == 0:
            out["key"] = "action.take_free"
    return out


def _terminal() -> TerminalPart:
    from cetate.games.akropolis import terminal  # rich: loaded by the command line only

    def hint(view: dict, action: dict, catalog, lang: str, note: dict | None = None) -> str:
        return terminal.hint(view, action, catalog, lang)  # its screen reads the engine's city from the view

    return TerminalPart(table=terminal.table, hint=hint, parse=terminal.parse, short=terminal.short,
                        result=terminal.result)


def _bots() -> dict:
    from cetate.games.akropolis.bot import NAME, AkropolisHeuristicBot  # loaded only when bots are wanted

    return {NAME: AkropolisHeuristicBot}


SPEC = GameSpec(
    id="akropolis",
    name="Akropolis",
    description=("Take tiles from the construction site and build your city upwards: districts score by "
                 "their height times the stars of matching plazas. With Athena, variants and a solo "
                 "Architect; 1-4 players."),
    engine_version=ENGINE_VERSION,
    min_players=1,
    max_players=4,
    options=SCHEMA,
    rules=RulesPart(setup=setup, start_events=rules.start_events, to_move=rules.to_move,
                    legal_actions=rules.legal_actions, apply=rules.apply),
    observer=ObserverPart(view=view.view, determinize=view.determinize),
    codec=CodecPart(to_json=to_json, from_json=state.from_json, clone=State.clone),
    # IS-MCTS (docs/bots/ismcts.md): the heuristic's placements only (`search.search_actions`), `evaluate`
    # right after each new node, no head start for the heuristic's favourite (the search already plays its
    # placements), a greedier exploration than the default
    search=SearchPart(random_action=rules.random_action, playout_action=rules.playout_action,
                      search_actions=search.search_actions, evaluate=search.evaluate,
                      defaults={"depth": 0, "prior_weight": 0.0, "c": 0.35}),
    encoder=lazy("cetate.games.akropolis.encoding:ENCODER"),
    presentation=PresentationPart.folder(Path(__file__).parent, describe_action=describe_action,
                                         annotate=lazy("cetate.games.akropolis.notes:annotate"),
                                         catalog=lazy("cetate.games.akropolis.catalog:catalog")),
    terminal=_terminal,
    bots=Bots(load=_bots, heuristic=HEURISTIC, levels={"easy": HEURISTIC}),
)

GAME = Game(SPEC)
