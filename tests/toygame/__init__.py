"""Pebbles: a toy fourth game that plugs into cetate through its spec alone (issue 30). Nothing outside this
package names it: the tests register it as a plug-in would (an entry point of the `cetate.games` group, see
conftest.py) and then play it in the lobby, at a table over REST and WebSocket, in the terminal, with bots,
in a tournament and as an RL environment.
"""

from __future__ import annotations

from pathlib import Path

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
from tests.toygame import rules
from tests.toygame.options import SCHEMA

HEURISTIC = "pebbles-heuristic"


def _terminal() -> TerminalPart:
    from tests.toygame import terminal

    return TerminalPart(table=terminal.table, hint=terminal.hint, parse=terminal.parse, short=terminal.short,
                        result=None)


def _bots() -> dict:
    from tests.toygame.bot import NAME, PebblesBot

    return {NAME: PebblesBot}


SPEC = GameSpec(
    id="pebbles",
    name="Pebbles",
    description="Take one to three pebbles in turn; whoever takes the last one wins.",
    engine_version="1",
    min_players=2,
    max_players=2,
    options=SCHEMA,
    rules=RulesPart(setup=rules.setup, start_events=rules.start_events, to_move=rules.to_move,
                    legal_actions=rules.legal_actions, apply=rules.apply),
    observer=ObserverPart(view=rules.view, determinize=rules.determinize),
    codec=CodecPart(to_json=rules.to_json, from_json=rules.from_json, clone=rules.State.clone),
    search=SearchPart(evaluate=rules.evaluate, defaults={"depth": 4}),
    encoder=lazy("tests.toygame.encoding:ENCODER"),
    presentation=PresentationPart.folder(Path(__file__).parent, annotate=lazy("tests.toygame.notes:annotate"),
                                         catalog=lazy("tests.toygame.catalog:catalog")),
    terminal=_terminal,
    bots=Bots(load=_bots, heuristic=HEURISTIC, levels={"easy": HEURISTIC}),
)

GAME = Game(SPEC)
