"""Citadels (FFG classic edition) behind the cetate game protocol. See spec/citadels.md and docs/.

`SPEC` names the game's parts (docs/architecture.md, "The game protocol"); `GAME` is the facade the registry
hands out (entry point `cetate.games.citadels:GAME`).
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
from cetate.games.citadels import rules, state, view
from cetate.games.citadels.options import SCHEMA, check_for_players
from cetate.games.citadels.state import State

ENGINE_VERSION = "1"
PLAYERS = (2, 8)
HEURISTIC = "citadels-heuristic"  # bot.NAME


_DEFAULTS = SCHEMA.validate(None)


def setup(players: int, seed: int | str = 0, options: dict | None = None) -> State:
    if not isinstance(players, int) or not PLAYERS[0] <= players <= PLAYERS[1]:
        raise InvalidOptions("bad_players", f"Citadels is for 2 to 8 players, not {players!r}")
    if options:
        opts = SCHEMA.validate(options)
    else:  # the defaults, validated once (a fresh copy: a state's options are its own)
        opts = {k: v[:] if isinstance(v, list) else v for k, v in _DEFAULTS.items()}
    check_for_players(opts, players)
    if opts["starting_seat"] is not None and opts["starting_seat"] >= players:
        raise InvalidOptions("bad_option_value",
                             f"option 'starting_seat' must be a seat from 0 to {players - 1}",
                             option="starting_seat")
    return rules.setup(players, seed, opts)


def start_events(s: State) -> list:
    return [rules.round_started_event(s)]


def to_json(s: State) -> dict:
    return state.to_json(s, ENGINE_VERSION)


def _terminal() -> TerminalPart:
    from cetate.games.citadels import terminal  # rich: loaded by the command line only

    return TerminalPart(table=terminal.table, hint=terminal.hint)


def _bots() -> dict:
    from cetate.games.citadels.bot import NAME, CitadelsHeuristicBot  # loaded only when bots are wanted

    return {NAME: CitadelsHeuristicBot}


SPEC = GameSpec(
    id="citadels",
    name="Citadels",
    description=("Draft a secret character each round, then take gold or cards and build districts; "
                 "the richest city wins. Classic and Dark City, 2-8 players."),
    engine_version=ENGINE_VERSION,
    min_players=PLAYERS[0],
    max_players=PLAYERS[1],
    options=SCHEMA,
    rules=RulesPart(setup=setup, start_events=start_events, to_move=rules.to_move,
                    legal_actions=rules.legal_actions, apply=rules.apply),
    observer=ObserverPart(view=view.view, determinize=view.determinize),
    codec=CodecPart(to_json=to_json, from_json=state.from_json, clone=State.clone),
    # IS-MCTS: 20 heuristic actions, then `evaluate`; `random_action` draws as the protocol's uniform one does
    search=SearchPart(random_action=rules.random_action, playout_action=rules.playout_action, evaluate=rules.evaluate,
                      defaults={"depth": 20, "playout": "heuristic"}),
    encoder=lazy("cetate.games.citadels.encoding:ENCODER"),
    presentation=PresentationPart.folder(Path(__file__).parent,
                                         annotate=lazy("cetate.games.citadels.notes:annotate"),
                                         catalog=lazy("cetate.games.citadels.catalog:catalog")),
    terminal=_terminal,
    bots=Bots(load=_bots, heuristic=HEURISTIC, levels={"easy": HEURISTIC}),
)

GAME = Game(SPEC)
