"""Gates of the Citadel (Jocul Cetății), the two-player duel for the four gates, behind the cetate game
protocol. See spec/gates.md, docs/formats.md and the rules guides in guide/.

`SPEC` names the game's parts (docs/architecture.md, "The game protocol"); `GAME` is the facade the registry
hands out (entry point `cetate.games.gates:GAME`).
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
from cetate.games.gates import rules, state, view
from cetate.games.gates.data import cards
from cetate.games.gates.options import SCHEMA
from cetate.games.gates.state import State

RULES_VERSION = "2"  # 2: only the difference of the main scores is kept (spec gates R32, corrected)
HEURISTIC = "gates-heuristic"  # bot.NAME


def engine_version() -> str:
    """The rules version and the card list in use: records made with another card list are flagged on
    replay, and saved tables refuse to resume with it."""
    return f"{RULES_VERSION}+cards.{cards().digest}"


def setup(players: int, seed: int | str = 0, options: dict | None = None) -> State:
    if players != 2 or isinstance(players, bool):
        raise InvalidOptions("bad_players", f"Gates of the Citadel is for 2 players, not {players!r}")
    cards()  # load and check the card file before the first match
    return rules.setup(seed, _validated(options))


_VALID: dict[tuple, dict] = {}


def _validated(options: dict | None) -> dict:
    """`SCHEMA.validate(options)`, remembered for options seen before (a fresh dict each time): playouts and
    benchmarks set up thousands of matches with the same options. The key holds each value's type, so that
    `True` is never taken for `1`."""
    try:
        key = () if options is None else tuple(sorted((k, type(v), v) for k, v in options.items()))
        got = _VALID.get(key)
    except (AttributeError, TypeError):  # not a dict, or a value that cannot be a key: validate says why
        return SCHEMA.validate(options)
    if got is None:
        got = SCHEMA.validate(options)
        if len(_VALID) < 256:
            _VALID[key] = got
    return dict(got)


def seats(s: State) -> int:
    return 2


def to_json(s: State) -> dict:
    return state.to_json(s, engine_version())


def _terminal() -> TerminalPart:
    from cetate.games.gates import terminal  # rich: loaded by the command line only

    return TerminalPart(table=terminal.table, hint=terminal.hint, result=terminal.result)


def _bots() -> dict:
    from cetate.games.gates.bot import NAME, GatesHeuristicBot  # loaded only when bots are wanted

    return {NAME: GatesHeuristicBot}


SPEC = GameSpec(
    id="gates",
    name="Gates of the Citadel",
    description=("A two-player duel for the four gates of the citadel: draft main cards in pairs, then win "
                 "six duels with explosions and action cards, and besiege your opponent's gates."),
    engine_version=engine_version,
    min_players=2,
    max_players=2,
    options=SCHEMA,
    rules=RulesPart(setup=setup, start_events=rules.start_events, to_move=rules.to_move,
                    legal_actions=rules.legal_actions, apply=rules.apply, seats=seats),
    observer=ObserverPart(view=view.view, determinize=view.determinize),
    codec=CodecPart(to_json=to_json, from_json=state.from_json, clone=State.clone),
    # IS-MCTS: `evaluate` at once after each new node: each seat's chance of winning the match, the learned
    # value of the next duel start (`value.py`; it plays on at random to that start itself)
    # (`random_action`: the protocol's uniform draw, the same action for the same `rnd`, without listing)
    # (`advance`: the engine's own actions played without the journal, `rules.advance`)
    search=SearchPart(random_action=rules.random_action, evaluate=lazy("cetate.games.gates.value:evaluate"),
                      defaults={"depth": 0}, advance=rules.advance),
    encoder=lazy("cetate.games.gates.encoding:ENCODER"),
    # `study`: the figures of spec §6 over many matches (first chooser's wins, explosions, table bonuses,
    # ties, sieges)
    presentation=PresentationPart.folder(Path(__file__).parent, study=rules.study,
                                         annotate=lazy("cetate.games.gates.notes:annotate"),
                                         catalog=lazy("cetate.games.gates.catalog:catalog")),
    terminal=_terminal,
    bots=Bots(load=_bots, heuristic=HEURISTIC, levels={"easy": HEURISTIC}),
)

GAME = Game(SPEC)
