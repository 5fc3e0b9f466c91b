"""`cetate replay`: step through a game record, seen by a seat or a spectator, check its result, and with
`--compare` set a seat's moves beside what the game's easy bot would have played."""

from __future__ import annotations

import json
from pathlib import Path

import typer
from rich.rule import Rule
from rich.text import Text

from cetate import games as registry
from cetate.bots import bot_seed
from cetate.bots.levels import level_bot
from cetate.bots.review import review_moves
from cetate.cli.base import (
    EXIT_FAILURE,
    LANG_HELP,
    action_label,
    catalog_for,
    check_lang,
    check_seat,
    fail,
    label,
    name_of,
    new_console,
    render_events,
    seat_names,
)
from cetate.cli.screen import print_result
from cetate.core.errors import IllegalAction, InvalidOptions, InvalidState
from cetate.core.i18n import Catalog
from cetate.core.record import Record
from cetate.core.record import replay as replay_record


def compare_moves(game, record: Record, seat: int | None, catalog: Catalog, lang: str) -> dict[int, dict]:
    """`--compare`: the seat's moves against the game's easy bot, by move number (`review_moves`)."""
    if seat is None:
        fail(catalog, lang, "cli.error.compare_seat", EXIT_FAILURE)
    if record.result is None:
        fail(catalog, lang, "cli.error.compare_unfinished", EXIT_FAILURE)
    bot = level_bot(game, "easy")
    if bot == "random":
        fail(catalog, lang, "cli.error.compare_no_bot", EXIT_FAILURE)
    try:
        found = review_moves(game, len(record.seats), record.seed, record.options, record.actions, seat, bot,
                             bot_seed(record.seed, seat))
    except (InvalidState, IllegalAction, InvalidOptions, KeyError, TypeError, ValueError) as exc:
        fail(catalog, lang, "cli.error.replay", EXIT_FAILURE, file="", detail=repr(exc))
    return {e["seq"]: e for e in found}


def replay(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    seat: int | None = typer.Option(None, "--seat", help="Show the game as this seat saw it (default: spectator)."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    step: bool = typer.Option(False, "--step", help="Wait for Enter between actions."),
    compare: bool = typer.Option(False, "--compare",
                                 help="With --seat: after each of that seat's moves, what the game's easy bot would have played."),
) -> None:
    """Step through a game record, printing its journal, and check its result."""
    lang = check_lang(lang)
    core = catalog_for()
    try:
        record = Record.load(file)
    except InvalidState as exc:
        fail(core, lang, "cli.error.record", EXIT_FAILURE, detail=exc.message)
    try:
        game = registry.get(record.game)
    except registry.UnknownGame as exc:
        fail(core, lang, "cli.error.in_file", EXIT_FAILURE, file=str(file), detail=exc.message)
    catalog = catalog_for(game)
    players = len(record.seats)
    check_seat(seat, players, catalog, lang)
    names = seat_names(catalog, lang, players)
    for i, s in enumerate(record.seats):
        name = s.get("name") if isinstance(s, dict) else None
        if isinstance(name, str) and name:
            names[i] = name
    console = new_console()
    if record.engine_version != game.engine_version:
        console.print(label(catalog.text("cli.warning", lang), "yellow").append(
            catalog.text("cli.replay.engine_version", lang, recorded=record.engine_version,
                         current=game.engine_version)))
    who = names[seat] if seat is not None else catalog.text("cli.replay.spectator", lang)
    heading = catalog.text("cli.replay.heading", lang, game=name_of(game, catalog, lang), seed=record.seed,
                           players_text=catalog.text("cli.count.players", lang, count=players), who=who)
    console.print(Rule(Text(heading)))
    compared = compare_moves(game, record, seat, catalog, lang) if compare else {}
    state = None
    mover = None
    before = None  # with --compare, the state before the current move (to name what the bot would have played)
    try:
        for index, (action, events, state) in enumerate(replay_record(game, record)):
            if action is None:  # the set-up state: how the game starts (e.g. round 1)
                events = game.start_events(state)
            elif seat is not None and mover == seat:
                move = action_label(game, state, action, catalog, lang, names)
                console.print(label(catalog.text("cli.replay.your_action", lang, index=index),
                                    "bold cyan").append(move))
                entry = compared.get(index)
                if entry is not None and entry["same"]:
                    console.print(Text("  " + catalog.text("cli.replay.bot_agrees", lang), style="green"))
                elif entry is not None:
                    other = action_label(game, before or state, entry["suggested"], catalog, lang, names)
                    console.print(Text("  " + catalog.text("cli.replay.bot_differs", lang), style="yellow")
                                  .append(other))
            for line in render_events(game, catalog, events, seat, lang, names):
                console.print(Text("  ") + Text(line))
            if step and action is not None:
                try:
                    console.input(Text(catalog.text("cli.replay.step_prompt", lang), style="dim"))
                except EOFError:
                    step = False
            mover = game.to_move(state)
            before = game.clone(state) if compare else None
    except (InvalidState, IllegalAction, InvalidOptions) as exc:
        fail(catalog, lang, "cli.error.in_file", EXIT_FAILURE, file=str(file), detail=exc.message)
    except (KeyError, TypeError, ValueError) as exc:
        fail(catalog, lang, "cli.error.replay", EXIT_FAILURE, file=str(file), detail=repr(exc))
    result = game.result(state)
    print_result(console, result, names, catalog, lang, game)
    if compare and compared:
        differ = sum(1 for e in compared.values() if not e["same"])
        console.print(Text(catalog.text("cli.replay.compare_summary", lang, count=len(compared), differ=differ,
                                        name=names[seat])))
    if record.result is None:
        console.print(Text(catalog.text("cli.replay.no_result", lang), style="yellow"))
    elif json.loads(json.dumps(result)) == record.result:
        console.print(Text(catalog.text("cli.replay.matches", lang), style="green"))
    else:
        fail(catalog, lang, "cli.error.result_differs", EXIT_FAILURE)

