"""The `cetate` command line: play, simulate, replay, bench, rules, games.

Every game is reached through `cetate.games.get(id)` and the game protocol (setup, start_events, to_move,
legal_actions, apply, view, event_view, result). People only ever see a seat's redacted view and events
rendered through the game's message catalog. A game draws its own screen through `Game.terminal()` (its table,
hints, short labels and a parser for moves typed as their fields, its final scores); a game without one is
shown as its raw view. Every text printed here comes from the catalogs as well (`cli.*` keys in the core
catalog, screen texts in the game's catalog), in the language given by `--lang`; only Typer's `--help` texts
are written here in English.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.columns import Columns
from rich.console import Console
from rich.markdown import Markdown
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cetate import games as registry
from cetate.arena.console import OptionalRayAddress
from cetate.bots import UnknownBot, bot_seed, choose, make_bot
from cetate.bots import names as bot_names
from cetate.bots.levels import level_bot
from cetate.bots.review import review_moves
from cetate.core.errors import IllegalAction, InvalidOptions, InvalidState
from cetate.core.guide import slug, split_heading, strip_ids
from cetate.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog
from cetate.core.record import Record, Recorder
from cetate.core.record import replay as replay_record
from cetate.core.takeback import showed_nothing

app = typer.Typer(
    name="cetate",
    help="Play and study city-building games (Citadels, Akropolis, ...) in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

JOURNAL_LINES = 12
EXIT_FAILURE = 1  # a file or an input that cannot be used
EXIT_USAGE = 2  # a bad game id, option or argument
DOT = " · "  # separates the parts of a status line
LANG_HELP = f"Language of the texts: {', '.join(LANGUAGES)}."


# -- small helpers -------------------------------------------------------------------------------

CHARACTERS_HELP = ("Characters (Citadels): classic, replace_one, replace_two, replace_one_or_two, dark_city, "
                   "or a comma-separated list of ids such as witch,thief,magician,king,bishop,merchant,architect,"
                   "warlord,artist.")
DISTRICTS_HELP = ("Dark City districts added (Citadels): none, a number N (random ones), or a comma-separated "
                  "list of ids such as museum,quarry,park.")


ATHENA_HELP = "Akropolis: add the Athena expansion (construction cards, small tiles, the statue)."
VARIANTS_HELP = "Akropolis: all five scoring variants (houses, markets, barracks, temples, gardens)."
LONG_HELP = "Akropolis: the long game with all 61 tiles (2 or 3 players)."


def _console() -> Console:
    # made per command so that a test runner's replaced stdout is used
    return Console(highlight=False, soft_wrap=False)


def _catalog(game=None) -> Catalog:
    """The core messages, plus the game's when a game is given."""
    return Catalog(game.messages_dir() if game is not None else None)


def _fail(catalog: Catalog, lang: str, key: str, code: int = EXIT_USAGE, **params: Any) -> NoReturn:
    """Print the error message `key` on stderr and exit with `code`."""
    line = Text.assemble((catalog.text("cli.error.prefix", lang), "bold red"), " ",
                         catalog.text(key, lang, **params))
    Console(stderr=True, highlight=False, soft_wrap=True).print(line)  # one line: paths stay whole
    raise typer.Exit(code)


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        _fail(_catalog(), DEFAULT_LANGUAGE, "cli.error.unknown_language", language=lang,
              languages=", ".join(LANGUAGES))
    return lang


def _game(game_id: str, lang: str):
    try:
        return registry.get(game_id)
    except registry.UnknownGame:
        _fail(_catalog(), lang, "cli.error.unknown_game", game=game_id, games=", ".join(registry.ids()))


def _name_of(game, catalog: Catalog, lang: str) -> str:
    """The game's name in `lang` (its catalog's `game.name`, else the registry's name)."""
    return catalog.text("game.name", lang) if catalog.raw("game.name", lang)[0] is not None else game.name


def _join(catalog: Catalog, lang: str, items: list[str]) -> str:
    return catalog.text("list.separator", lang).join(items)


def _options(game, raw: list[str] | None, catalog: Catalog, lang: str, shortcuts: dict | None = None) -> dict:
    """`--option name=value` pairs (values parsed as JSON, else taken as strings), validated by the game.
    Shortcut flags (Citadels' `--characters`, `--districts`, `--short`, `--dark-city`; Akropolis' `--athena`,
    `--variants`, `--long`) are expanded by the game first;
    explicit `--option` pairs win over them."""
    options: dict[str, Any] = {}
    try:
        options.update(game.expand_shortcuts(shortcuts or {}))
    except InvalidOptions as exc:
        _fail(catalog, lang, "cli.error.options", detail=exc.message)
    for item in raw or []:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            _fail(catalog, lang, "cli.error.bad_option", item=item)
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    try:
        return game.options.validate(options)
    except InvalidOptions as exc:
        _fail(catalog, lang, "cli.error.options", detail=exc.message)


def _players(game, players: int | None, catalog: Catalog, lang: str) -> int:
    if players is None:  # 4, brought into the game's range (2 for a duel)
        return min(max(4, game.min_players), game.max_players)
    if not game.num_players_ok(players):
        _fail(catalog, lang, "cli.error.players", game=_name_of(game, catalog, lang), min=game.min_players,
              max=game.max_players, player_count=players)
    return players


def _bot_list(spec: str, catalog: Catalog, lang: str) -> list[str]:
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if not names:
        _fail(catalog, lang, "cli.error.no_bots")
    known = bot_names()
    for name in names:
        if name not in known:
            _fail(catalog, lang, "cli.error.unknown_bot", bot=name, bots=", ".join(known))
    return names


def _seat_ok(seat: int | None, players: int, catalog: Catalog, lang: str) -> None:
    if seat is not None and not 0 <= seat < players:
        _fail(catalog, lang, "cli.error.seat", last=players - 1)


def _setup(game, players: int, seed: int | str, options: dict, catalog: Catalog, lang: str):
    try:
        return game.setup(players, seed, options)
    except InvalidOptions as exc:
        _fail(catalog, lang, "cli.error.options", detail=exc.message)


def _seat_names(catalog: Catalog, lang: str, players: int, you: int | None = None) -> list[str]:
    names = [catalog.text("player.default", lang, number=i + 1) for i in range(players)]
    if you is not None:
        names[you] = catalog.text("cli.you", lang, name=names[you])
    return names


def _render_events(game, catalog: Catalog, events: list, seat: int | None, lang: str, names: list[str]) -> list[str]:
    return [catalog.event(game.event_view(e, seat), lang, players=names) for e in events]


def _action_label(game, state, action: dict, catalog: Catalog, lang: str, names: list[str]) -> str:
    described = dict(game.describe_action(state, action))
    key = described.pop("key", f"action.{action.get('type')}")
    return catalog.text(key, lang, players=names, **described)


def _label(text: str, style: str = "bold") -> Text:
    """A heading such as "Your hand:", followed by a space."""
    return Text(text, style=style).append(" ")


# -- drawing a seat's view -----------------------------------------------------------------------

COMPACT_OVER = 30  # more legal actions than this: the menu is printed in columns


class _GenericTerminal:
    """The fallback for a game without `terminal()`: its raw view."""

    @staticmethod
    def table(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None):
        from rich.pretty import Pretty

        return Pretty(view)


def _terminal(game) -> Any:
    """The game's terminal screens (`Game.terminal`), or the generic fallback."""
    return game.terminal() or _GenericTerminal


def _draw(console: Console, game, view: dict, seat: int | None, catalog: Catalog, lang: str,
          names: list[str], journal: list[str]) -> None:
    if console.is_terminal:
        console.clear()
    console.print(Rule(_name_of(game, catalog, lang)))
    console.print(_terminal(game).table(view, catalog, lang, names, seat))
    tail = journal[-JOURNAL_LINES:]
    if tail:
        body = Text("\n").join(Text(line) for line in tail)
    else:
        body = Text(catalog.text("cli.journal.empty", lang), style="dim")
    console.print(Panel(body, title=Text(catalog.text("cli.journal.title", lang)), title_align="left",
                        border_style="dim"))


class _Menu:
    """The legal actions of a turn as people see them: full labels with the game's hints, or for a long
    menu (more than COMPACT_OVER actions) the game's short labels in columns; and the game's parser for
    moves typed as their fields."""

    def __init__(self, game, state, view: dict, legal: list[dict], catalog: Catalog, lang: str,
                 names: list[str]) -> None:
        terminal = _terminal(game)
        hint = getattr(terminal, "hint", None)
        short = getattr(terminal, "short", None)
        self.legal = legal
        self.parse = getattr(terminal, "parse", None)
        self.labels = [_action_label(game, state, a, catalog, lang, names) for a in legal]
        self.compact = len(legal) > COMPACT_OVER
        self.hints = [hint(view, a, catalog, lang) if hint and not self.compact else "" for a in legal]
        shorts = [short(a, catalog, lang) if short else None for a in legal]
        self.shorts = [s or label for s, label in zip(shorts, self.labels, strict=True)]
        self.example = next((s for s in shorts if s), None) if self.parse else None

    def __len__(self) -> int:
        return len(self.legal)


def _print_actions(console: Console, menu: _Menu, catalog: Catalog, lang: str) -> None:
    console.print(Text(catalog.text("cli.play.your_move", lang), style="bold"))
    width = len(str(len(menu)))
    if not menu.compact:
        for i, (label, hint) in enumerate(zip(menu.labels, menu.hints, strict=True), start=1):
            line = Text(f"  {i:>{width}}. ").append(label)
            if hint:
                line.append(f"  ({hint})", style="dim")
            console.print(line)
        return
    # a long menu: short labels in columns, without hints (the game's screen can point out the best moves)
    cells = [Text(f"{i:>{width}}. ").append(label) for i, label in enumerate(menu.shorts, start=1)]
    console.print(Columns(cells, padding=(0, 3), column_first=True))
    if menu.example:
        console.print(Text(catalog.text("cli.play.compact", lang, count=len(menu), example=menu.example),
                           style="dim"))


def _quit_words(catalog: Catalog, lang: str) -> set[str]:
    words = {"q"}
    for candidate in (lang, DEFAULT_LANGUAGE):
        words.update(w.lower() for w in catalog.text("cli.ask.quit_words", candidate).split())
    return words


TAKE_BACK = -1  # what `_ask` returns when the player takes back their last move


def _ask(console: Console, menu: _Menu, catalog: Catalog, lang: str,
         suggest: Callable[[], int] | None = None, undo: bool = False) -> int:
    """Read a number from 1 to the menu's length, or a move typed as its fields when the game can parse
    one (re-asking with the reason on bad input); returns the index of the chosen action. With `suggest`
    (the index of the move a bot would play), `?` prints that move as a hint and asks again; with `undo`,
    `u` returns TAKE_BACK (without it, `u` says why there is nothing to take back)."""
    quit_words = _quit_words(catalog, lang)
    undo_words = {w.lower() for c in (lang, DEFAULT_LANGUAGE) for w in catalog.text("cli.ask.undo_words", c).split()}
    if undo:
        console.print(Text(catalog.text("cli.ask.undo_note", lang), style="dim"))
    count, example = len(menu), menu.example
    if example:
        prompt = catalog.text("cli.ask.prompt_move", lang, count=count, example=example)
    else:
        prompt = catalog.text("cli.ask.prompt", lang, count=count)
    while True:
        try:
            raw = console.input(Text(prompt))
        except EOFError:
            console.print()
            _fail(catalog, lang, "cli.error.input_ended", EXIT_FAILURE)
        raw = raw.strip()
        if not sys.stdin.isatty():
            console.print(Text(raw, style="dim"))
        if raw.lower() in quit_words:
            console.print(Text(catalog.text("cli.ask.abandoned", lang)))
            raise typer.Exit(EXIT_FAILURE)
        if not raw:
            console.print(Text(catalog.text("cli.ask.empty", lang, count=count), style="yellow"))
            continue
        if raw.lower() in undo_words:
            if undo:
                return TAKE_BACK
            console.print(Text(catalog.text("cli.ask.no_undo", lang), style="yellow"))
            continue
        if raw == "?":
            if suggest is None:
                console.print(Text(catalog.text("cli.ask.no_hint", lang), style="yellow"))
                continue
            i = suggest()
            console.print(Text(catalog.text("cli.ask.hint", lang, number=i + 1, move=menu.labels[i]), style="cyan"))
            continue
        try:
            number = int(raw)
        except ValueError:
            number = None
        if number is None:
            action = menu.parse(raw, menu.legal) if menu.parse else None
            if action is None:
                key = "cli.ask.not_a_move" if example else "cli.ask.not_a_number"
                console.print(Text(catalog.text(key, lang, text=raw, count=count, example=example),
                                   style="yellow"))
            elif action in menu.legal:
                return menu.legal.index(action)
            else:
                console.print(Text(catalog.text("cli.ask.not_legal", lang, text=raw, count=count),
                                   style="yellow"))
            continue
        if not 1 <= number <= count:
            console.print(Text(catalog.text("cli.ask.out_of_range", lang, number=number, count=count),
                               style="yellow"))
            continue
        return number - 1


# -- results -------------------------------------------------------------------------------------

def _score_cell(value: Any) -> str:
    """A score table cell: a number, or the total of a breakdown (a dict of points, e.g. per card)."""
    if isinstance(value, dict):
        points = [v for v in value.values() if isinstance(v, int | float) and not isinstance(v, bool)]
        return str(sum(points)) if points else "-"
    return str(value)


def _print_result(console: Console, result: dict | None, names: list[str], catalog: Catalog, lang: str,
                  game=None) -> None:
    if not isinstance(result, dict):
        console.print(Text(catalog.text("cli.result.none", lang), style="yellow"))
        return
    draw = getattr(_terminal(game), "result", None) if game is not None else None
    if draw is not None:
        console.print(draw(result, catalog, lang, names))
        return
    scores = result.get("scores")
    if not isinstance(scores, list) or not scores or not all(isinstance(s, dict) for s in scores):
        console.print_json(json.dumps(result))
        return
    keys = [k for k in scores[0] if k not in ("seat", "total", "rank")]
    keys += [k for k in ("total", "rank") if k in scores[0]]
    table = Table(title=catalog.text("cli.result.title", lang), header_style="bold")
    table.add_column(catalog.text("cli.result.player", lang))
    for k in keys:
        known = catalog.raw(f"score.{k}", lang)[0] is not None
        table.add_column(catalog.text(f"score.{k}", lang) if known else k, justify="right")
    winners = sorted(set(result.get("winners", [])))
    order = sorted(range(len(scores)), key=lambda i: (scores[i].get("rank", 0), i))
    for i in order:
        seat = scores[i].get("seat", i)
        style = "bold green" if seat in winners else ""
        table.add_row(names[seat] if 0 <= seat < len(names) else str(seat),
                      *[_score_cell(scores[i].get(k, "")) for k in keys], style=style)
    console.print(table)
    line = _label(catalog.text("cli.result.winners", lang, count=len(winners)))
    line.append(_join(catalog, lang, [names[w] for w in winners]) or "-")
    tie = result.get("tie_break")
    if tie is not None:
        rule = catalog.text(f"tie_break.{tie}", lang)
        line.append(DOT + catalog.text("cli.result.tie_break", lang, rule=rule))
    if "rounds" in result:
        line.append(DOT + catalog.text("cli.result.rounds", lang, count=result["rounds"]))
    if result.get("stalled"):
        line.append(DOT + catalog.text("cli.result.stalled", lang), style="yellow")
    console.print(line)


# -- commands ------------------------------------------------------------------------------------

@app.command()
def games(
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
) -> None:
    """List the registered games."""
    lang = _lang(lang)
    core = _catalog()
    console = _console()
    table = Table(header_style="bold")
    for column in ("id", "name", "players", "description"):
        table.add_column(core.text(f"cli.games.{column}", lang))
    for game in registry.all():
        catalog = _catalog(game)
        description = game.description
        if catalog.raw("game.description", lang)[0] is not None:
            description = catalog.text("game.description", lang)
        lo, hi = game.min_players, game.max_players
        table.add_row(game.id, _name_of(game, catalog, lang), str(lo) if lo == hi else f"{lo}-{hi}", description)
    console.print(table)


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. citadels (see `cetate games`)."),
    players: int | None = typer.Option(None, "--players", "-n", help="Number of players (default: 4, or what the game allows)."),
    seat: int = typer.Option(0, "--seat", help="Your seat, from 0."),
    seed: int | None = typer.Option(None, "--seed", help="Game seed (random if omitted)."),
    bots: str = typer.Option("random", "--bots", help="Bots for the other seats, comma-separated (cycled)."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option name=value (JSON value)."),
    characters: str | None = typer.Option(None, "--characters", help=CHARACTERS_HELP),
    districts: str | None = typer.Option(None, "--districts", help=DISTRICTS_HELP),
    short: bool = typer.Option(False, "--short", help="Short game: cities are complete at 7 districts."),
    athena: bool = typer.Option(False, "--athena", help=ATHENA_HELP),
    variants: bool = typer.Option(False, "--variants", help=VARIANTS_HELP),
    long: bool = typer.Option(False, "--long", help=LONG_HELP),
    auto: bool = typer.Option(False, "--auto", help="A bot plays your seat too (demo)."),
    save: Path | None = typer.Option(None, "--save", help="Save the game record to this file at the end."),
) -> None:
    """Play a game in the terminal against bots."""
    lang = _lang(lang)
    game = _game(game_id, lang)
    catalog = _catalog(game)
    players = _players(game, players, catalog, lang)
    options = _options(game, option, catalog, lang,
                       {"characters": characters, "districts": districts, "short": short,
                        "athena": athena, "variants": variants, "long": long})
    _seat_ok(seat, players, catalog, lang)
    bot_list = _bot_list(bots, catalog, lang)
    if seed is None:
        seed = secrets.randbelow(10**9)
    console = _console()
    names = _seat_names(catalog, lang, players, you=seat)
    state = _setup(game, players, seed, options, catalog, lang)
    others = [i for i in range(players) if i != seat]
    seat_bots: dict[int, Any] = {}
    seats_doc: list[dict] = [{}] * players
    for k, i in enumerate(others):
        name = bot_list[k % len(bot_list)]
        seat_bots[i] = make_bot(name, game, i, bot_seed(seed, i))
        seats_doc[i] = {"seat": i, "kind": "bot", "bot": name, "name": names[i]}
    seats_doc[seat] = {"seat": seat, "kind": "human", "name": names[seat]}
    taken: list[tuple[Any, int, int]] = []  # (state before, actions before, journal lines before) per move
    # `?` at the prompt: what the game's easy-level bot would play, from the seat's view only
    easy = level_bot(game.id, "easy")  # a game without a bot of its own has no hints (random is no advice)
    adviser = make_bot(easy, game, seat, f"{bot_seed(seed, seat)}/hint") if easy != "random" else None
    if auto:
        seat_bots[seat] = make_bot(bot_list[0], game, seat, bot_seed(seed, seat))
        seats_doc[seat] = {"seat": seat, "kind": "bot", "bot": bot_list[0], "name": names[seat]}
    recorder = Recorder(game, seats_doc, seed, options)
    journal: list[str] = _render_events(game, catalog, game.start_events(state), seat, lang, names)
    console.print(Text(catalog.text("cli.play.intro", lang, game=_name_of(game, catalog, lang),
                                    player_count=players, seed=seed, seat=seat, name=names[seat])))
    try:
        while (mover := game.to_move(state)) is not None:
            legal = game.legal_actions(state)
            view = game.view(state, mover)
            if mover == seat:
                _draw(console, game, view, seat, catalog, lang, names, journal)
                if auto:
                    action = choose(seat_bots[seat], game, state, seat, len(recorder.record.actions))
                    console.print(_label(catalog.text("cli.play.bot_plays", lang), "dim").append(
                        _action_label(game, state, action, catalog, lang, names)))
                else:
                    menu = _Menu(game, state, view, legal, catalog, lang, names)
                    _print_actions(console, menu, catalog, lang)
                    def suggest(legal=legal, state=state, turn=len(recorder.record.actions)) -> int:
                        return legal.index(choose(adviser, game, state, seat, turn))

                    choice = _ask(console, menu, catalog, lang, suggest=suggest if adviser else None,
                                  undo=bool(taken))
                    if choice == TAKE_BACK:  # back to before the seat's last move (see below)
                        state, actions_before, journal_before = taken.pop()
                        del recorder.record.actions[actions_before:]
                        del journal[journal_before:]
                        console.print(Text(catalog.text("cli.ask.undone", lang), style="cyan"))
                        continue
                    action = legal[choice]
            else:
                action = choose(seat_bots[mover], game, state, mover, len(recorder.record.actions))
            before = game.clone(state) if mover == seat and not auto else None
            mark = (len(recorder.record.actions), len(journal))
            try:
                events = game.apply(state, action)
            except IllegalAction as exc:  # a bot bug: report it clearly
                _fail(catalog, lang, "cli.error.bot_illegal", EXIT_FAILURE, player=names[mover],
                      action=json.dumps(action), detail=exc.message)
            recorder.add(action)
            journal.extend(_render_events(game, catalog, events, seat, lang, names))
            # `u` takes back the player's own moves while no one else has moved since and they showed
            # nothing hidden (a card drawn or a tile revealed stands); a bot's move closes the door
            if before is not None and showed_nothing(game, before, action, state, [seat]):
                taken.append((before, *mark))
            else:
                taken.clear()
    except KeyboardInterrupt:
        console.print()
        console.print(Text(catalog.text("cli.interrupted", lang)))
        raise typer.Exit(130) from None
    record = recorder.finish(state)
    _draw(console, game, game.view(state, seat), seat, catalog, lang, names, journal)
    _print_result(console, record.result, names, catalog, lang, game)
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
            _fail(catalog, lang, "cli.error.save", EXIT_FAILURE, path=str(target), detail=str(exc))
        console.print(Text(catalog.text("cli.play.saved", lang, path=str(target))))


@app.command()
def simulate(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int | None = typer.Option(None, "--players", "-n", help="Number of players (default: 4, or what the game allows)."),
    games_: int = typer.Option(100, "--games", "-g", help="Number of games.", min=1),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game; game k uses seed+k."),
    bots: str = typer.Option("random", "--bots", help="Bots by seat, comma-separated (cycled over seats)."),
    rotate: bool = typer.Option(False, "--rotate",
                                help="Shift the bots one seat per game, so each bot plays every seat equally often."),
    records: Path | None = typer.Option(None, "--records", help="Write one JSON record per game here."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option name=value (JSON value)."),
    characters: str | None = typer.Option(None, "--characters", help=CHARACTERS_HELP),
    districts: str | None = typer.Option(None, "--districts", help=DISTRICTS_HELP),
    short: bool = typer.Option(False, "--short", help="Short game: cities are complete at 7 districts."),
    athena: bool = typer.Option(False, "--athena", help=ATHENA_HELP),
    variants: bool = typer.Option(False, "--variants", help=VARIANTS_HELP),
    long: bool = typer.Option(False, "--long", help=LONG_HELP),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
) -> None:
    """Play many bot-only games and summarise the results."""
    lang = _lang(lang)
    game = _game(game_id, lang)
    catalog = _catalog(game)
    players = _players(game, players, catalog, lang)
    options = _options(game, option, catalog, lang,
                       {"characters": characters, "districts": districts, "short": short,
                        "athena": athena, "variants": variants, "long": long})
    bot_list = _bot_list(bots, catalog, lang)
    seat_names = [bot_list[i % len(bot_list)] for i in range(players)]
    _setup(game, players, seed, options, catalog, lang)  # fail early on options that setup refuses
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(catalog, lang, "cli.error.mkdir", EXIT_FAILURE, path=str(records), detail=str(exc))
    console = _console()
    game_name = _name_of(game, catalog, lang)
    wins_seat = [0.0] * players
    wins_bot: dict[str, float] = dict.fromkeys(bot_list, 0.0)
    score_sum = [0.0] * players
    rounds_sum = 0.0
    rounds_n = 0
    decisions = 0
    results: list[dict] = []
    started = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console) as progress:
        task = progress.add_task(f"{game_name} ×{players}", total=games_)
        for k in range(games_):
            game_seed = seed + k
            state = game.setup(players, game_seed, options)
            seat_bots = [seat_names[(i - k) % players] for i in range(players)] if rotate else seat_names
            seated = [make_bot(seat_bots[i], game, i, bot_seed(game_seed, i)) for i in range(players)]
            recorder = Recorder(game, [{"seat": i, "kind": "bot", "bot": seat_bots[i]} for i in range(players)],
                                game_seed, options)
            while (mover := game.to_move(state)) is not None:
                action = choose(seated[mover], game, state, mover, len(recorder.record.actions))
                game.apply(state, action)
                recorder.add(action)
            record = recorder.finish(state)
            result = record.result or {}
            winners = result.get("winners") or []
            for w in winners:
                wins_seat[w] += 1 / len(winners)
                wins_bot[seat_bots[w]] += 1 / len(winners)
            for i, sc in enumerate(result.get("scores") or []):
                if isinstance(sc, dict) and isinstance(sc.get("total"), int | float):
                    score_sum[i] += sc["total"]
            if isinstance(result.get("rounds"), int | float):
                rounds_sum += result["rounds"]
                rounds_n += 1
            decisions += len(record.actions)
            results.append(result)
            if records is not None:
                record.save(records / f"{game.id}-{k:05d}-seed{game_seed}.json")
            progress.advance(task)
    elapsed = time.perf_counter() - started

    def col(name: str) -> str:
        return catalog.text(f"cli.simulate.col.{name}", lang)

    title = catalog.text("cli.simulate.title", lang, game=game_name,
                         games_text=catalog.text("cli.count.games", lang, count=games_),
                         players_text=catalog.text("cli.count.players", lang, count=players))
    by_seat = Table(title=title, header_style="bold")
    by_seat.add_column(col("seat"), justify="right")
    by_seat.add_column(col("bot"), justify="left")
    for name in ("wins", "win_rate", "mean_score"):
        by_seat.add_column(col(name), justify="right")
    for i in range(players):
        by_seat.add_row(str(i), _join(catalog, lang, list(dict.fromkeys(seat_names))) if rotate else seat_names[i],
                        f"{wins_seat[i]:.2f}", f"{wins_seat[i] / games_:.1%}",
                        f"{score_sum[i] / games_:.2f}")
    console.print(by_seat)
    by_bot = Table(title=catalog.text("cli.simulate.by_bot", lang), header_style="bold")
    by_bot.add_column(col("bot"), justify="left")
    for name in ("seats", "wins", "win_rate_per_seat"):
        by_bot.add_column(col(name), justify="right")
    for name in dict.fromkeys(bot_list):
        count = seat_names.count(name)
        if count:
            by_bot.add_row(name, str(count), f"{wins_bot[name]:.2f}", f"{wins_bot[name] / games_ / count:.1%}")
    console.print(by_bot)
    summary = [catalog.text("cli.simulate.mean_decisions", lang, mean=decisions / games_)]
    if rounds_n:
        summary.append(catalog.text("cli.simulate.mean_rounds", lang, mean=rounds_sum / rounds_n))
    summary.append(catalog.text("cli.simulate.speed", lang, rate=games_ / elapsed))
    console.print(Text(DOT.join(summary)))
    for row in game.study(results):
        row = dict(row)
        console.print(Text(catalog.text(row.pop("key"), lang, **row)))
    if records is not None:
        console.print(Text(catalog.text("cli.simulate.records", lang, count=games_, path=str(records))))


def _compare(game, record: Record, seat: int | None, catalog: Catalog, lang: str) -> dict[int, dict]:
    """`--compare`: the seat's moves against the game's easy bot, by move number (`review_moves`)."""
    if seat is None:
        _fail(catalog, lang, "cli.error.compare_seat", EXIT_FAILURE)
    if record.result is None:
        _fail(catalog, lang, "cli.error.compare_unfinished", EXIT_FAILURE)
    bot = level_bot(game.id, "easy")
    if bot == "random":
        _fail(catalog, lang, "cli.error.compare_no_bot", EXIT_FAILURE)
    try:
        found = review_moves(game, len(record.seats), record.seed, record.options, record.actions, seat, bot,
                             bot_seed(record.seed, seat))
    except (InvalidState, IllegalAction, InvalidOptions, KeyError, TypeError, ValueError) as exc:
        _fail(catalog, lang, "cli.error.replay", EXIT_FAILURE, file="", detail=repr(exc))
    return {e["seq"]: e for e in found}


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    seat: int | None = typer.Option(None, "--seat", help="Show the game as this seat saw it (default: spectator)."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    step: bool = typer.Option(False, "--step", help="Wait for Enter between actions."),
    compare: bool = typer.Option(False, "--compare",
                                 help="With --seat: after each of that seat's moves, what the game's easy bot would have played."),
) -> None:
    """Step through a game record, printing its journal, and check its result."""
    lang = _lang(lang)
    core = _catalog()
    try:
        record = Record.load(file)
    except InvalidState as exc:
        _fail(core, lang, "cli.error.record", EXIT_FAILURE, detail=exc.message)
    try:
        game = registry.get(record.game)
    except registry.UnknownGame as exc:
        _fail(core, lang, "cli.error.in_file", EXIT_FAILURE, file=str(file), detail=exc.message)
    catalog = _catalog(game)
    players = len(record.seats)
    _seat_ok(seat, players, catalog, lang)
    names = _seat_names(catalog, lang, players)
    for i, s in enumerate(record.seats):
        name = s.get("name") if isinstance(s, dict) else None
        if isinstance(name, str) and name:
            names[i] = name
    console = _console()
    if record.engine_version != game.engine_version:
        console.print(_label(catalog.text("cli.warning", lang), "yellow").append(
            catalog.text("cli.replay.engine_version", lang, recorded=record.engine_version,
                         current=game.engine_version)))
    who = names[seat] if seat is not None else catalog.text("cli.replay.spectator", lang)
    heading = catalog.text("cli.replay.heading", lang, game=_name_of(game, catalog, lang), seed=record.seed,
                           players_text=catalog.text("cli.count.players", lang, count=players), who=who)
    console.print(Rule(Text(heading)))
    compared = _compare(game, record, seat, catalog, lang) if compare else {}
    state = None
    mover = None
    before = None  # with --compare, the state before the current move (to name what the bot would have played)
    try:
        for index, (action, events, state) in enumerate(replay_record(game, record)):
            if action is None:  # the set-up state: how the game starts (e.g. round 1)
                events = game.start_events(state)
            elif seat is not None and mover == seat:
                label = _action_label(game, state, action, catalog, lang, names)
                console.print(_label(catalog.text("cli.replay.your_action", lang, index=index),
                                     "bold cyan").append(label))
                entry = compared.get(index)
                if entry is not None and entry["same"]:
                    console.print(Text("  " + catalog.text("cli.replay.bot_agrees", lang), style="green"))
                elif entry is not None:
                    other = _action_label(game, before or state, entry["suggested"], catalog, lang, names)
                    console.print(Text("  " + catalog.text("cli.replay.bot_differs", lang), style="yellow")
                                  .append(other))
            for line in _render_events(game, catalog, events, seat, lang, names):
                console.print(Text("  ") + Text(line))
            if step and action is not None:
                try:
                    console.input(Text(catalog.text("cli.replay.step_prompt", lang), style="dim"))
                except EOFError:
                    step = False
            mover = game.to_move(state)
            before = game.clone(state) if compare else None
    except (InvalidState, IllegalAction, InvalidOptions) as exc:
        _fail(catalog, lang, "cli.error.in_file", EXIT_FAILURE, file=str(file), detail=exc.message)
    except (KeyError, TypeError, ValueError) as exc:
        _fail(catalog, lang, "cli.error.replay", EXIT_FAILURE, file=str(file), detail=repr(exc))
    result = game.result(state)
    _print_result(console, result, names, catalog, lang, game)
    if compare and compared:
        differ = sum(1 for e in compared.values() if not e["same"])
        console.print(Text(catalog.text("cli.replay.compare_summary", lang, count=len(compared), differ=differ,
                                        name=names[seat])))
    if record.result is None:
        console.print(Text(catalog.text("cli.replay.no_result", lang), style="yellow"))
    elif json.loads(json.dumps(result)) == record.result:
        console.print(Text(catalog.text("cli.replay.matches", lang), style="green"))
    else:
        _fail(catalog, lang, "cli.error.result_differs", EXIT_FAILURE)


@app.command()
def bench(
    game_id: str = typer.Argument(..., metavar="GAME"),
    games_: int | None = typer.Option(None, "--games", "-g", help="Number of games (default: play for --seconds).",
                                      min=1),
    players: int | None = typer.Option(None, "--players", "-n", help="Number of players (default: 4, or what the game allows)."),
    seed: int = typer.Option(0, "--seed"),
    seconds: float = typer.Option(5.0, "--seconds", help="Duration when --games is not given."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option name=value (JSON value)."),
    characters: str | None = typer.Option(None, "--characters", help=CHARACTERS_HELP),
    districts: str | None = typer.Option(None, "--districts", help=DISTRICTS_HELP),
    short: bool = typer.Option(False, "--short", help="Short game: cities are complete at 7 districts."),
    dark_city: bool = typer.Option(False, "--dark-city",
                                   help="Dark City: its 8 characters plus the Artist, and all its districts."),
    athena: bool = typer.Option(False, "--athena", help=ATHENA_HELP),
    variants: bool = typer.Option(False, "--variants", help=VARIANTS_HELP),
    long: bool = typer.Option(False, "--long", help=LONG_HELP),
    bot: str | None = typer.Option(None, "--bot", help=(
        "Measure a bot instead: it plays every seat; prints its decisions per second and, for ismcts, "
        "its iterations per second (e.g. --bot ismcts, --bot ismcts:iterations=200:depth=none).")),
    rl: bool = typer.Option(False, "--rl", help=(
        "Measure the reinforcement-learning environment instead (cetate.rl): a random agent reads every "
        "observation and action mask and plays a legal action; prints steps and games per second.")),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP + " (for error messages)"),
) -> None:
    """Play uniformly random games on one core as fast as possible; print one JSON line. With --bot, time
    that bot's decisions instead; with --rl, the learning environment."""
    lang = _lang(lang)
    game = _game(game_id, lang)
    catalog = _catalog(game)
    players = _players(game, players, catalog, lang)
    options = _options(game, option, catalog, lang, {"characters": characters, "districts": districts,
                                                      "short": short, "dark_city": dark_city,
                                                      "athena": athena, "variants": variants, "long": long})
    _setup(game, players, seed, options, catalog, lang)
    if bot is not None:
        _bench_bot(game, bot, players, seed, options, games_, seconds, catalog, lang)
        return
    if rl:
        _bench_rl(game, players, seed, options, games_, seconds, catalog, lang)
        return
    rnd = random.Random(seed)
    setup, to_move, random_action, apply = game.setup, game.to_move, game.random_action, game.apply

    def play_one(game_seed: int) -> int:
        state = setup(players, game_seed, options)
        decisions = 0
        while to_move(state) is not None:
            apply(state, random_action(state, rnd))
            decisions += 1
        return decisions

    played, decisions, elapsed = _timed_games(games_, seconds, seed, play_one)
    _speed_line(game, players, played, elapsed, seed, decisions_per_s=round(decisions / elapsed, 1),
                mean_decisions=round(decisions / played, 2), engine_version=game.engine_version)


@app.command()
def loadtest(
    game_id: str = typer.Option("citadels", "--game", help="Game of every table: citadels, akropolis or gates."),
    players: int = typer.Option(2, "--players", "-n", help="Seats per table; each is a scripted person.", min=1),
    tables: int = typer.Option(50, "--tables", help="Tables kept live (a finished game's table is replaced).",
                               min=1),
    seconds: float = typer.Option(20.0, "--seconds", help="Length of the measured window, after the warm-up.",
                                  min=0.1),
    rate: float = typer.Option(0.0, "--rate", help=(
        "Moves per second per table (open loop, from a random phase; e.g. 0.5 = one move every 2 s). "
        "0: closed loop, every seat moves as soon as it is its turn."), min=0.0),
    url: str | None = typer.Option(None, "--url", help=(
        "A running server to load, e.g. http://127.0.0.1:8000 (default: start a local `cetate serve` on "
        "127.0.0.1 with a temporary SQLite database, rate limits off and caps lifted).")),
    database_url: str | None = typer.Option(None, "--database-url", help=(
        "Database of the local server, e.g. postgresql://postgres@127.0.0.1:5432/test (default: SQLite in a "
        "temporary folder).")),
    workers: int | None = typer.Option(None, "--workers", help=(
        "Worker processes of the local server (`cetate serve --workers`); above 1 it needs --redis-url and a "
        "PostgreSQL --database-url."), min=1),
    redis_url: str | None = typer.Option(None, "--redis-url", help=(
        "Redis of the local server's cluster mode, e.g. redis://127.0.0.1:6379/0.")),
    clients: int = typer.Option(1, "--clients", help="Driver processes the tables are split over.", min=1),
    compression: bool = typer.Option(True, "--compression/--no-compression",
                                     help="Offer WebSocket compression (permessage-deflate), as browsers do."),
    seats: str = typer.Option("invited", "--seats", help=(
        "invited: every seat a person on their own device, who joins with an invite (strangers online); "
        "hotseat: all seats on one device (their moves also pay the take-back check).")),
    seed: int = typer.Option(0, "--seed", help="Seed of the scripted players' random choices."),
    out: Path | None = typer.Option(None, "--out", help="Also write the JSON line to this file."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP + " (for error messages)"),
) -> None:
    """Load the web server: N tables whose every seat is a scripted person on its own WebSocket, playing
    random legal moves; print one JSON line (moves/s, latency percentiles, errors, server memory and CPU)."""
    from cetate.server import loadtest as lt

    lang = _lang(lang)
    game = _game(game_id, lang)
    catalog = _catalog(game)
    _players(game, players, catalog, lang)
    if seats not in ("invited", "hotseat"):
        _fail(catalog, lang, "cli.loadtest.error.seats", seats=seats)
    if url is None and (workers or 1) > 1 and not (redis_url and database_url
                                                   and database_url.startswith(("postgresql", "postgres"))):
        _fail(catalog, lang, "cli.loadtest.error.workers")
    config = lt.Config(game=game.id, players=players, tables=tables, seconds=seconds, rate=rate, url=url,
                       database_url=database_url, seed=seed, clients=clients, workers=workers, redis_url=redis_url,
                       compression=compression, seats=seats)
    try:
        if url is not None:
            lt.check_url(url)
        doc = lt.run(config)
    except lt.LoadtestError as exc:
        _fail(catalog, lang, f"cli.loadtest.error.{exc.code}", EXIT_USAGE if exc.code == "bad_url" else EXIT_FAILURE,
              **exc.params)
    line = json.dumps(doc)
    typer.echo(line)
    if out is not None:
        try:
            out.write_text(line + "\n", encoding="utf-8")
        except OSError as exc:
            _fail(catalog, lang, "cli.tournament.error.write", EXIT_FAILURE, path=str(out), detail=str(exc))


def _timed_games(games_: int | None, seconds: float, seed: int, play_one) -> tuple[int, int, float]:
    """Games seeded seed, seed+1, ... played by `play_one(seed) -> decisions` until `games_` are over or
    `seconds` have passed (at least one game): (games, decisions, elapsed seconds)."""
    played = decisions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while (played < games_) if games_ is not None else (played == 0 or time.perf_counter() < deadline):
        decisions += play_one(seed + played)
        played += 1
    return played, decisions, time.perf_counter() - started


def _speed_line(game, players: int, played: int, elapsed: float, seed: int, **figures: Any) -> None:
    """The one JSON line of `cetate bench`."""
    typer.echo(json.dumps({"game": game.id, "players": players, "games": played, "seconds": round(elapsed, 4),
                           "games_per_s": round(played / elapsed, 2), **figures, "seed": seed,
                           "python": sys.version.split()[0]}))


def _bench_rl(game, players: int, seed: int, options: dict, games_: int | None, seconds: float,
              catalog: Catalog, lang: str) -> None:
    """`cetate bench GAME --rl`: games seeded seed, seed+1, ... through the PettingZoo environment, a random
    agent reading every observation and mask (docs/rl.md); one JSON line."""
    try:
        import numpy as np

        from cetate.rl import env as rl_env
        environment = rl_env(game, players, options)
    except ImportError:
        _fail(catalog, lang, "cli.error.rl_missing")
    rnd = np.random.default_rng(seed)

    def play_one(game_seed: int) -> int:
        environment.reset(seed=game_seed)
        steps = 0
        for _agent in environment.agent_iter():
            obs, _reward, terminated, truncated, _info = environment.last()
            if terminated or truncated:
                environment.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            environment.step(int(legal[rnd.integers(len(legal))]))
            steps += 1
        return steps

    played, steps, elapsed = _timed_games(games_, seconds, seed, play_one)
    _speed_line(game, players, played, elapsed, seed, rl=True, steps_per_s=round(steps / elapsed, 1),
                observation_size=environment.encoder.observation_size, actions=environment.codec.size)


def _bench_bot(game, name: str, players: int, seed: int, options: dict, games_: int | None, seconds: float,
               catalog: Catalog, lang: str) -> None:
    """`cetate bench GAME --bot NAME`: the bot plays every seat of games seeded seed, seed+1, ... until
    --games games are over or --seconds have passed (checked between decisions); one JSON line."""
    from cetate.bots import names as bot_names

    try:
        make_bot(name, game, 0, 0)
    except UnknownBot:
        _fail(catalog, lang, "cli.error.unknown_bot", bot=name, bots=", ".join(bot_names()))
    played = 0
    decisions = 0
    bot_seconds = 0.0
    seated: list = []
    started = time.perf_counter()
    deadline = started + seconds
    state = None
    count = 0

    def out_of_time() -> bool:
        if games_ is not None:
            return played >= games_
        return decisions > 0 and time.perf_counter() >= deadline

    while not out_of_time():
        if state is None or game.to_move(state) is None:
            if state is not None:
                played += 1
                if out_of_time():
                    break
            state = game.setup(players, seed + played, options)
            seated += [make_bot(name, game, i, bot_seed(seed + played, i)) for i in range(players)]
            current = seated[-players:]
            count = 0
        mover = game.to_move(state)
        t0 = time.perf_counter()
        action = choose(current[mover], game, state, mover, count)
        bot_seconds += time.perf_counter() - t0
        game.apply(state, action)
        decisions += 1
        count += 1
    elapsed = time.perf_counter() - started
    iterations = sum(getattr(b, "iterations_done", 0) for b in seated)
    search_s = sum(getattr(b, "seconds", 0.0) for b in seated)
    doc = {"game": game.id, "players": players, "bot": name, "games": played, "decisions": decisions,
           "seconds": round(elapsed, 4), "bot_seconds": round(bot_seconds, 4),
           "ms_per_decision": round(1000 * bot_seconds / max(1, decisions), 3)}
    if iterations:
        doc.update({"iterations": iterations, "iterations_per_s": round(iterations / max(search_s, 1e-9), 1),
                    "settings": seated[0].settings})
    doc.update({"seed": seed, "engine_version": game.engine_version, "python": sys.version.split()[0]})
    typer.echo(json.dumps(doc))


_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")


def _guide_files(folder: Path | None, lang: str) -> list[Path]:
    if folder is None:
        return []
    folder = Path(folder)
    for candidate in (lang, "en"):
        if (folder / f"{candidate}.md").is_file():
            return [folder / f"{candidate}.md"]
        if (folder / candidate).is_dir():
            found = sorted((folder / candidate).glob("*.md"))
            if found:
                return found
    return []


def _section(text: str, wanted: str) -> str | None:
    lines = text.splitlines()
    wanted = wanted.strip().lower()
    headings = [(i, len(m.group(1)), *split_heading(m.group(2)))
                for i, line in enumerate(lines) if (m := _HEADING.match(line))]

    for matcher in (lambda h, _: h.lower() == wanted, lambda _, i: i == slug(wanted),
                    lambda h, _: slug(h) == slug(wanted), lambda h, _: wanted in h.lower()):
        found = [(level, k) for k, (_, level, title, ident) in enumerate(headings) if matcher(title, ident)]
        if found:  # the broadest matching section first ("warlord": the section, not the character)
            level, k = min(found)
            start = headings[k][0]
            end = next((j for j, lv, _, _ in headings[k + 1:] if lv <= level), len(lines))
            return "\n".join(lines[start:end])
    return None


@app.command()
def rules(
    game_id: str = typer.Argument(..., metavar="GAME"),
    section: str | None = typer.Argument(None, help="A heading of the guide (or part of one)."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
) -> None:
    """Print the rules guide of a game (or one section of it)."""
    lang = _lang(lang)
    game = _game(game_id, lang)
    catalog = _catalog(game)
    files = _guide_files(game.guide_dir(), lang)
    if not files:
        _fail(catalog, lang, "cli.error.no_guide", EXIT_FAILURE, game=_name_of(game, catalog, lang),
              folder=str(game.guide_dir()))
    text = "\n\n".join(f.read_text(encoding="utf-8") for f in files)
    if section:
        part = _section(text, section)
        if part is None:
            titles = [split_heading(m.group(2))[0] for line in text.splitlines() if (m := _HEADING.match(line))]
            _fail(catalog, lang, "cli.error.no_section", section=section, game=_name_of(game, catalog, lang),
                  sections="; ".join(titles))
        text = part
    _console().print(Markdown(strip_ids(text)))


@app.command()
def serve(
    host: str = typer.Option("127.0.0.1", "--host", help="Address to listen on."),
    port: int = typer.Option(8000, "--port", help="Port to listen on."),
    database_url: str | None = typer.Option(
        None, "--database-url", help="SQLAlchemy URL (default: env CETATE_DATABASE_URL, else an SQLite file "
                                     "in the data dir)."),
    data_dir: Path | None = typer.Option(None, "--data-dir",
                                         help="Data folder (default: env CETATE_DATA_DIR, else ./data)."),
    workers: int | None = typer.Option(
        None, "--workers", min=1, help="Worker processes on this port (default: env CETATE_WORKERS, else 1). More "
                                       "than one needs PostgreSQL and Redis (docs/deploy.md)."),
    redis_url: str | None = typer.Option(
        None, "--redis-url", help="Redis for cluster mode, e.g. redis://127.0.0.1:6379/0 (default: env "
                                  "CETATE_REDIS_URL): several workers or machines share the tables."),
) -> None:
    """Run the web app: the REST API, the WebSocket and the browser client."""
    import os

    import uvicorn

    from cetate.server.app import create_app
    from cetate.server.settings import Settings

    try:
        settings = Settings.from_env(database_url=database_url, data_dir=data_dir, workers=workers,
                                     redis_url=redis_url)
    except ValueError as exc:
        typer.echo(f"cetate serve: {exc}", err=True)
        raise typer.Exit(EXIT_USAGE) from None
    if settings.workers > 1 and not settings.redis_url:
        typer.echo("cetate serve: --workers above 1 needs --redis-url (and a PostgreSQL --database-url): the "
                   "workers share the tables through them (docs/deploy.md)", err=True)
        raise typer.Exit(EXIT_USAGE)
    if settings.redis_url and not settings.url.startswith(("postgresql", "postgres")):
        typer.echo("cetate serve: cluster mode (--workers, --redis-url) needs a PostgreSQL database: give "
                   "--database-url postgresql://... (docs/deploy.md)", err=True)
        raise typer.Exit(EXIT_USAGE)
    if settings.workers == 1:
        uvicorn.run(create_app(settings), host=host, port=port)
        return
    # each worker process builds its app from the environment (uvicorn starts them afresh)
    os.environ.update({"CETATE_DATABASE_URL": settings.url, "CETATE_REDIS_URL": settings.redis_url,
                       "CETATE_DATA_DIR": str(settings.data_dir)})
    uvicorn.run("cetate.server.app:app_from_env", factory=True, workers=settings.workers, host=host, port=port)


@app.command(cls=OptionalRayAddress)
def tournament(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int | None = typer.Option(None, "--players", "-n", help="Number of players (default: 4, or what the game allows)."),
    bots: str | None = typer.Option(None, "--bots", help=(
        "The bots, comma-separated: one per seat, or fewer (repeated in turn over the seats), e.g. "
        "random,gates-heuristic,ismcts:iterations=200.")),
    games_: int = typer.Option(10, "--games", "-g", help="Number of deals; each is played once per seat rotation."),
    jobs: int | None = typer.Option(None, "--jobs", "-j", help="Worker processes (pool) or CPUs (local Ray); default: all CPUs."),
    ray: str | None = typer.Option(None, "--ray", metavar="[ADDRESS]", help=(
        "Play on Ray: a new local instance, or the cluster at ADDRESS (e.g. auto or ray://head:10001).")),
    backend: str | None = typer.Option(None, "--backend", help="inprocess, pool (default) or ray."),
    seed: int = typer.Option(0, "--seed", help="Seed of the first deal; deal k uses seed+k."),
    out: Path | None = typer.Option(None, "--out", help="Report folder (default: reports/tournament-GAME-TIME)."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option name=value (JSON value)."),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
) -> None:
    """Play a bot tournament with seat rotation and duplicate deals; write a report (ratings, win rates, plots)."""
    from cetate.arena.console import run_command
    from cetate.arena.runner import TournamentError

    lang = _lang(lang)
    game = _game(game_id, lang)
    catalog = _catalog(game)
    players = _players(game, players, catalog, lang)
    options = _options(game, option, catalog, lang)
    if not bots or not bots.strip(", "):
        _fail(catalog, lang, "cli.error.no_bots")
    try:
        run_command(game, catalog, lang, _console(), players=players, bots=bots, games=games_, seed=seed,
                    options=options, backend=backend, ray=ray, jobs=jobs, out=out,
                    game_name=_name_of(game, catalog, lang))
    except TournamentError as exc:
        _fail(catalog, lang, f"cli.tournament.error.{exc.code}", EXIT_USAGE if exc.usage else EXIT_FAILURE,
              **exc.params)


def main() -> None:
    app()


if __name__ == "__main__":
    main()
