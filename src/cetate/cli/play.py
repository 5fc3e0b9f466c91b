"""`cetate play`: a game in the terminal against bots (the loop itself is `cetate.cli.loop`)."""

from __future__ import annotations

import secrets
from pathlib import Path
from typing import Any

import typer
from rich.text import Text

from cetate.bots import bot_seed, make_bot
from cetate.bots.levels import level_bot
from cetate.cli.base import (
    EXIT_FAILURE,
    LANG_HELP,
    OPTION_HELP,
    PLAYERS_HELP,
    bot_list,
    check_seat,
    fail,
    game_args,
    name_of,
    new_console,
    render_events,
    seat_names,
    setup,
    with_shortcuts,
)
from cetate.cli.loop import play_loop
from cetate.cli.screen import draw, print_result
from cetate.core.record import Recorder


@with_shortcuts
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. citadels (see `cetate games`)."),
    players: int | None = typer.Option(None, "--players", "-n", help=PLAYERS_HELP),
    seat: int = typer.Option(0, "--seat", help="Your seat, from 0."),
    seed: int | None = typer.Option(None, "--seed", help="Game seed (random if omitted)."),
    bots: str = typer.Option("random", "--bots", help="Bots for the other seats, comma-separated (cycled)."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    auto: bool = typer.Option(False, "--auto", help="A bot plays your seat too (demo)."),
    save: Path | None = typer.Option(None, "--save", help="Save the game record to this file at the end."),
    shortcuts: dict | None = None,
) -> None:
    """Play a game in the terminal against bots."""
    lang, game, catalog, players, options = game_args(game_id, lang, players, option, shortcuts)
    check_seat(seat, players, catalog, lang)
    names_of_bots = bot_list(bots, catalog, lang)
    if seed is None:
        seed = secrets.randbelow(10**9)
    console = new_console()
    names = seat_names(catalog, lang, players, you=seat)
    state = setup(game, players, seed, options, catalog, lang)
    seated: dict[int, Any] = {}
    seats_doc: list[dict] = [{}] * players
    for k, i in enumerate(i for i in range(players) if i != seat):
        name = names_of_bots[k % len(names_of_bots)]
        seated[i] = make_bot(name, game, i, bot_seed(seed, i))
        seats_doc[i] = {"seat": i, "kind": "bot", "bot": name, "name": names[i]}
    seats_doc[seat] = {"seat": seat, "kind": "human", "name": names[seat]}
    # `?` at the prompt: what the game's easy-level bot would play, from the seat's view only
    easy = level_bot(game, "easy")  # a game without a bot of its own has no hints (random is no advice)
    adviser = make_bot(easy, game, seat, f"{bot_seed(seed, seat)}/hint") if easy != "random" else None
    if auto:
        seated[seat] = make_bot(names_of_bots[0], game, seat, bot_seed(seed, seat))
        seats_doc[seat] = {"seat": seat, "kind": "bot", "bot": names_of_bots[0], "name": names[seat]}
    recorder = Recorder(game, seats_doc, seed, options)
    journal = render_events(game, catalog, game.start_events(state), seat, lang, names)
    console.print(Text(catalog.text("cli.play.intro", lang, game=name_of(game, catalog, lang), player_count=players,
                              seed=seed, seat=seat, name=names[seat])))
    try:
        state, journal = play_loop(console, game, state, seat, seated, recorder, catalog, lang, names, adviser=adviser,
                                   auto=auto, journal=journal)
    except KeyboardInterrupt:
        console.print()
        console.print(Text(catalog.text("cli.interrupted", lang)))
        raise typer.Exit(130) from None
    record = recorder.finish(state)
    draw(console, game, game.view(state, seat), seat, catalog, lang, names, journal)
    print_result(console, record.result, names, catalog, lang, game)
    console.print(Text(catalog.text("cli.play.actions", lang, count=len(record.actions))))
    target = save
    if target is None and not auto:
        try:
            answer = console.input(Text(catalog.text("cli.play.save_prompt", lang))).strip()
        except EOFError:
            answer = ""
        target = Path(answer) if answer else None
    if target is not None:
        try:
            record.save(target)
        except OSError as exc:
            fail(catalog, lang, "cli.error.save", EXIT_FAILURE, path=str(target), detail=str(exc))
        console.print(Text(catalog.text("cli.play.saved", lang, path=str(target))))
