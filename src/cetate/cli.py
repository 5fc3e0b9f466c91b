"""The `cetate` command line: play, simulate, replay, bench, rules, games.

Every game is reached through `cetate.games.get(id)` and the game protocol (setup, to_move,
legal_actions, apply, view, event_view, result). People only ever see a seat's redacted view and events
rendered through the game's message catalog.
"""

from __future__ import annotations

import json
import random
import re
import secrets
import sys
import time
from pathlib import Path
from typing import Any, NoReturn

import typer
from rich.console import Console, Group
from rich.markdown import Markdown
from rich.markup import escape
from rich.panel import Panel
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.rule import Rule
from rich.table import Table
from rich.text import Text

from cetate import games as registry
from cetate.bots import bot_seed, make_bot
from cetate.bots import names as bot_names
from cetate.core.errors import IllegalAction, InvalidOptions, InvalidState
from cetate.core.i18n import LANGUAGES, Catalog
from cetate.core.record import Record, Recorder
from cetate.core.record import replay as replay_record

app = typer.Typer(
    name="cetate",
    help="Play and study city-building games (Citadels, ...) in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)

JOURNAL_LINES = 12
EXIT_FAILURE = 1  # a file or an input that cannot be used
EXIT_USAGE = 2  # a bad game id, option or argument


# -- small helpers -------------------------------------------------------------------------------

def _console() -> Console:
    # made per command so that a test runner's replaced stdout is used
    return Console(highlight=False, soft_wrap=False)


def _fail(message: str, code: int = EXIT_USAGE) -> NoReturn:
    Console(stderr=True, highlight=False).print(f"[bold red]error:[/] {escape(message)}")
    raise typer.Exit(code)


def _game(game_id: str):
    try:
        return registry.get(game_id)
    except registry.UnknownGame as exc:
        _fail(exc.message)


def _lang(lang: str) -> str:
    if lang not in LANGUAGES:
        _fail(f"unknown language {lang!r}; known languages: {', '.join(LANGUAGES)}")
    return lang


def _options(game, raw: list[str] | None) -> dict:
    """`--option name=value` pairs (values parsed as JSON, else taken as strings), validated by the game."""
    options: dict[str, Any] = {}
    for item in raw or []:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            _fail(f"bad --option {item!r}: write it as name=value (the value in JSON, e.g. bank_limit=30)")
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    try:
        return game.options.validate(options)
    except InvalidOptions as exc:
        _fail(exc.message)


def _players(game, players: int) -> int:
    if not game.num_players_ok(players):
        _fail(f"{game.name} is for {game.min_players} to {game.max_players} players, not {players}")
    return players


def _bot_list(spec: str) -> list[str]:
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if not names:
        _fail("--bots needs at least one bot name")
    known = bot_names()
    for name in names:
        if name not in known:
            _fail(f"unknown bot {name!r}; known bots: {', '.join(known)}")
    return names


def _setup(game, players: int, seed: int | str, options: dict):
    try:
        return game.setup(players, seed, options)
    except InvalidOptions as exc:
        _fail(exc.message)


def _catalog(game) -> Catalog:
    return Catalog(game.messages_dir())


def _render_events(game, catalog: Catalog, events: list, seat: int | None, lang: str, names: list[str]) -> list[str]:
    return [catalog.event(game.event_view(e, seat), lang, players=names) for e in events]


def _action_label(game, state, action: dict, catalog: Catalog, lang: str, names: list[str]) -> str:
    described = dict(game.describe_action(state, action))
    key = described.pop("key", f"action.{action.get('type')}")
    return catalog.text(key, lang, players=names, **described)


# -- drawing a seat's view -----------------------------------------------------------------------

COLOUR_STYLES = {"yellow": "bold yellow", "blue": "bold blue", "green": "bold green", "red": "bold red",
                 "purple": "bold magenta"}


def _card_text(catalog: Catalog, lang: str, card: dict, cost: bool = True) -> Text:
    name = catalog.text(f"card.{card['id']}", lang)
    label = f"{name} {card['cost']}" if cost else name
    return Text(label, style=COLOUR_STYLES.get(card.get("colour", ""), ""))


def _cards_text(catalog: Catalog, lang: str, cards: list[dict], sep: str = ", ") -> Text:
    if not cards:
        return Text("-", style="dim")
    return Text(sep).join(_card_text(catalog, lang, c) for c in cards)


def _citadels_characters(view: dict, catalog: Catalog, lang: str, names: list[str]) -> Text:
    chars = view["characters"]
    you = view.get("you") or {}
    mine = set(you.get("characters", []))
    known_down = set(you.get("known_face_down", []))
    parts = []
    for number, cid in enumerate(chars["roster"], start=1):
        label = f"{number} {catalog.text(f'character.{cid}', lang)}"
        style = ""
        notes = []
        if cid in chars["face_up"]:
            notes.append("out, face up")
            style = "dim strike"
        if cid in chars["revealed"]:
            notes.append(names[chars["revealed"][cid]])
            style = "bold"
        if cid in chars["absent"] and cid not in chars["face_up"]:
            notes.append("absent")
            style = "dim"
        if cid == chars.get("killed"):
            notes.append("killed")
            style = "bold red"
        if cid == chars.get("robbed"):
            notes.append("robbed")
        if cid in mine and cid not in chars["revealed"]:
            notes.append("yours")
            style = style or "bold cyan"
        if cid in known_down:
            notes.append("face down")
            style = style or "dim"
        if cid == chars.get("calling"):
            style = "reverse " + (style or "bold")
        text = Text(label, style=style)
        if notes:
            text.append(f" [{', '.join(notes)}]", style="dim" if "reverse" not in style else style)
        parts.append(text)
    line = Text("Characters: ", style="bold").append_text(Text("  ").join(parts))
    down = chars.get("face_down_count", 0)
    if down:
        line.append(f"  · {down} face down", style="dim")
    return line


def _citadels_table(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None) -> Group:
    chars = view["characters"]
    turn = view.get("turn") or {}
    protected = chars.get("bishop_protects")
    size = view.get("completion_size")
    phase = catalog.text(f"phase.{view['phase']}", lang)
    head = Text(f"{catalog.text('game.name', lang)} · round {view['round']} · {phase}", style="bold")
    if view.get("to_move") is not None:
        head.append(" · to move: ").append(names[view["to_move"]], style="bold cyan")
    if turn:
        who = catalog.text(f"character.{turn['character']}", lang)
        head.append(f" · called: {who}")
        head.append(f" (action {'taken' if turn['acted'] else 'pending'}, builds left {turn['builds_left']})",
                    style="dim")
    info = Text(f"Deck {view['deck_size']} cards", style="dim")
    if view.get("discard_pile_size"):
        info.append(f" · discard pile {view['discard_pile_size']}")
    if view.get("bank") is not None:
        info.append(f" · bank {view['bank']} gold")
    if view.get("end_triggered"):
        info.append(" · last round!", style="bold red")

    table = Table(show_edge=False, pad_edge=False, expand=False, header_style="bold")
    table.add_column("", no_wrap=True)
    table.add_column("Player", no_wrap=True)
    table.add_column("Gold", justify="right")
    table.add_column("Hand", justify="right")
    table.add_column("Character")
    table.add_column(f"City (of {size})" if size else "City")
    table.add_column("Pts", justify="right")
    for p in view["players"]:
        i = p["seat"]
        marks = Text()
        if p["crown"]:
            marks.append("♛", style="bold yellow")
        if view.get("to_move") == i:
            marks.append("▶", style="bold cyan")
        name = Text(names[i], style="bold cyan" if i == seat else "")
        character = Text(", ".join(catalog.text(f"character.{c}", lang) for c in p["characters"]) or "-")
        if protected == i:
            character.append(" (protected)", style="dim")
        city = _cards_text(catalog, lang, p["city"])
        points = Text(str(sum(c.get("score", c["cost"]) for c in p["city"])))
        if p.get("complete"):
            points.append(" ✔", style="bold green")
        table.add_row(marks, name, str(p["gold"]), str(p["hand_size"]), character, city, points)

    parts: list[Any] = [head, info, _citadels_characters(view, catalog, lang, names), table]
    you = view.get("you")
    if you is not None:
        hand = Text("Your hand: ", style="bold").append_text(_cards_text(catalog, lang, you["hand"], " · "))
        parts.append(hand)
        if you.get("characters"):
            parts.append(Text("Your characters: ", style="bold").append(
                ", ".join(catalog.text(f"character.{c}", lang) for c in you["characters"])))
        if you.get("offered"):
            parts.append(Text("Offered: ", style="bold").append(
                ", ".join(catalog.text(f"character.{c}", lang) for c in you["offered"])))
        if you.get("drawn"):
            parts.append(Text("Drawn: ", style="bold").append_text(_cards_text(catalog, lang, you["drawn"])))
        if you.get("set_aside"):
            parts.append(Text("Set aside: ", style="bold").append_text(
                _cards_text(catalog, lang, you["set_aside"])))
        for holder, cards in (you.get("known_hands") or {}).items():
            card_names = ", ".join(catalog.text(f"card.{c}", lang) for c in cards)
            parts.append(Text(f"You know {names[int(holder)]} holds: {card_names}", style="dim"))
    if view.get("graveyard"):
        g = view["graveyard"]
        parts.append(Text(f"Graveyard: {names[g['owner']]} may take the destroyed "
                          f"{catalog.text('card.' + g['card'], lang)} for 1 gold", style="dim"))
    return Group(*parts)


def _citadels_hint(view: dict, action: dict, catalog: Catalog, lang: str) -> str:
    """A short note after an action label: a cost, a price, the income, what a character does."""
    atype = action.get("type")
    you = view.get("you") or {}
    if atype in ("pick", "discard_character"):
        return catalog.text(f"help.character.{action['character']}", lang)
    if atype in ("build", "keep", "discard", "laboratory"):
        cards = {c["id"]: c for c in you.get("hand", []) + you.get("drawn", [])}
        card = cards.get(action.get("card"))
        if card is None:
            return ""
        note = f"{catalog.text('colour.' + card['colour'], lang)}, cost {card['cost']}"
        if card["colour"] == "purple":
            note += " — " + catalog.text(f"help.card.{card['id']}", lang)
        return note
    if atype == "destroy":
        for item in you.get("destroy_prices", []):
            if item["target"] == action.get("target") and item["card"] == action.get("card"):
                return f"costs you {item['price']} gold"
    if atype == "collect_income" and view.get("turn"):
        return f"+{view['turn']['income_available']} gold"
    return ""


def _generic_table(view: dict, catalog: Catalog, lang: str, names: list[str], seat: int | None):
    from rich.pretty import Pretty

    return Pretty(view)


_VIEW_TABLES = {"citadels": _citadels_table}
_HINTS = {"citadels": _citadels_hint}


def _draw(console: Console, game, view: dict, seat: int | None, catalog: Catalog, lang: str,
          names: list[str], journal: list[str]) -> None:
    if console.is_terminal:
        console.clear()
    draw = _VIEW_TABLES.get(game.id, _generic_table)
    console.print(Rule(f"{game.name}"))
    console.print(draw(view, catalog, lang, names, seat))
    tail = journal[-JOURNAL_LINES:]
    body = Text("\n").join(Text(line) for line in tail) if tail else Text("(nothing yet)", style="dim")
    console.print(Panel(body, title="Journal", title_align="left", border_style="dim"))


def _labels(game, state, view: dict, legal: list[dict], catalog: Catalog, lang: str,
            names: list[str]) -> list[tuple[str, str]]:
    hint = _HINTS.get(game.id)
    out = []
    for action in legal:
        label = _action_label(game, state, action, catalog, lang, names)
        out.append((label, hint(view, action, catalog, lang) if hint else ""))
    return out


def _print_actions(console: Console, labels: list[tuple[str, str]]) -> None:
    console.print(Text("Your move:", style="bold"))
    width = len(str(len(labels)))
    for i, (label, hint) in enumerate(labels, start=1):
        line = Text(f"  {i:>{width}}. ").append(label)
        if hint:
            line.append(f"  ({hint})", style="dim")
        console.print(line)


def _ask(console: Console, count: int) -> int:
    """Read a number from 1 to `count` (re-asking with the reason on bad input); returns the index."""
    while True:
        try:
            raw = console.input(f"Choose 1-{count} (q to quit): ")
        except EOFError:
            console.print()
            _fail("the input ended before the game did; game abandoned", EXIT_FAILURE)
        raw = raw.strip()
        if not sys.stdin.isatty():
            console.print(Text(raw, style="dim"))
        if raw.lower() in ("q", "quit", "exit"):
            console.print("Game abandoned.")
            raise typer.Exit(EXIT_FAILURE)
        if not raw:
            console.print(f"[yellow]Please type the number of an action, from 1 to {count}.[/]")
            continue
        try:
            number = int(raw)
        except ValueError:
            console.print(f"[yellow]{escape(repr(raw))} is not a number: type a number from 1 to {count}.[/]")
            continue
        if not 1 <= number <= count:
            console.print(f"[yellow]{number} is out of range: type a number from 1 to {count}.[/]")
            continue
        return number - 1


# -- results -------------------------------------------------------------------------------------

def _print_result(console: Console, result: dict | None, names: list[str], catalog: Catalog, lang: str) -> None:
    if not isinstance(result, dict):
        console.print("[yellow]No result: the game is not over.[/]")
        return
    scores = result.get("scores")
    if not isinstance(scores, list) or not scores or not all(isinstance(s, dict) for s in scores):
        console.print_json(json.dumps(result))
        return
    keys = [k for k in scores[0] if k not in ("seat", "total", "rank")]
    keys += [k for k in ("total", "rank") if k in scores[0]]
    table = Table(title="Final scores", header_style="bold")
    table.add_column("Player")
    for k in keys:
        table.add_column(catalog.text(f"score.{k}", lang) if catalog.has(f"score.{k}", lang) else k,
                         justify="right")
    winners = set(result.get("winners", []))
    order = sorted(range(len(scores)), key=lambda i: (scores[i].get("rank", 0), i))
    for i in order:
        seat = scores[i].get("seat", i)
        style = "bold green" if seat in winners else ""
        table.add_row(names[seat] if 0 <= seat < len(names) else str(seat),
                      *[str(scores[i].get(k, "")) for k in keys], style=style)
    console.print(table)
    line = Text("Winner: ", style="bold").append(", ".join(names[w] for w in sorted(winners)) or "-")
    tie = result.get("tie_break")
    if tie is not None:
        line.append(f" · tie-break: {catalog.text(f'tie_break.{tie}', lang)}")
    if "rounds" in result:
        line.append(f" · rounds: {result['rounds']}")
    if result.get("stalled"):
        line.append(" · stopped at the round limit", style="yellow")
    console.print(line)


# -- commands ------------------------------------------------------------------------------------

@app.command()
def games() -> None:
    """List the registered games."""
    console = _console()
    table = Table(header_style="bold")
    table.add_column("id")
    table.add_column("name")
    table.add_column("players")
    table.add_column("description")
    for game in registry.all():
        table.add_row(game.id, game.name, f"{game.min_players}-{game.max_players}", game.description)
    console.print(table)


@app.command()
def play(
    game_id: str = typer.Argument(..., metavar="GAME", help="Game id, e.g. citadels (see `cetate games`)."),
    players: int = typer.Option(4, "--players", "-n", help="Number of players."),
    seat: int = typer.Option(0, "--seat", help="Your seat, from 0."),
    seed: int | None = typer.Option(None, "--seed", help="Game seed (random if omitted)."),
    bots: str = typer.Option("random", "--bots", help="Bots for the other seats, comma-separated (cycled)."),
    lang: str = typer.Option("en", "--lang", help=f"Language: {', '.join(LANGUAGES)}."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option name=value (JSON value)."),
    auto: bool = typer.Option(False, "--auto", help="A bot plays your seat too (demo)."),
    save: Path | None = typer.Option(None, "--save", help="Save the game record to this file at the end."),
) -> None:
    """Play a game in the terminal against bots."""
    game = _game(game_id)
    lang = _lang(lang)
    players = _players(game, players)
    options = _options(game, option)
    if not 0 <= seat < players:
        _fail(f"--seat must be from 0 to {players - 1}")
    bot_list = _bot_list(bots)
    if seed is None:
        seed = secrets.randbelow(10**9)
    console = _console()
    catalog = _catalog(game)
    names = [f"Player {i + 1}" + (" (you)" if i == seat else "") for i in range(players)]
    state = _setup(game, players, seed, options)
    others = [i for i in range(players) if i != seat]
    seat_bots: dict[int, Any] = {}
    seats_doc: list[dict] = [{}] * players
    for k, i in enumerate(others):
        name = bot_list[k % len(bot_list)]
        seat_bots[i] = make_bot(name, game, i, bot_seed(seed, i))
        seats_doc[i] = {"seat": i, "kind": "bot", "bot": name, "name": names[i]}
    seats_doc[seat] = {"seat": seat, "kind": "human", "name": names[seat]}
    if auto:
        seat_bots[seat] = make_bot(bot_list[0], game, seat, bot_seed(seed, seat))
        seats_doc[seat] = {"seat": seat, "kind": "bot", "bot": bot_list[0], "name": names[seat]}
    recorder = Recorder(game, seats_doc, seed, options)
    journal: list[str] = []
    console.print(f"{game.name}: {players} players, seed {seed}; you are seat {seat} ({names[seat]}).")
    try:
        while (mover := game.to_move(state)) is not None:
            legal = game.legal_actions(state)
            view = game.view(state, mover)
            if mover == seat:
                _draw(console, game, view, seat, catalog, lang, names, journal)
                labels = _labels(game, state, view, legal, catalog, lang, names)
                if auto:
                    action = seat_bots[seat].act(view, legal)
                    console.print(Text("Bot plays your seat: ", style="dim").append(
                        labels[legal.index(action)][0]))
                else:
                    _print_actions(console, labels)
                    action = legal[_ask(console, len(legal))]
            else:
                action = seat_bots[mover].act(view, legal)
            try:
                events = game.apply(state, action)
            except IllegalAction as exc:  # a bot bug: report it clearly
                _fail(f"{names[mover]} chose an illegal action {action!r}: {exc.message}", EXIT_FAILURE)
            recorder.add(action)
            journal.extend(_render_events(game, catalog, events, seat, lang, names))
    except KeyboardInterrupt:
        console.print("\nInterrupted.")
        raise typer.Exit(130) from None
    record = recorder.finish(state)
    _draw(console, game, game.view(state, seat), seat, catalog, lang, names, journal)
    _print_result(console, record.result, names, catalog, lang)
    console.print(f"{len(record.actions)} actions played.")
    target = save
    if target is None and not auto:
        try:
            answer = console.input("Save the game record? File name (Enter to skip): ").strip()
        except EOFError:
            answer = ""
        target = Path(answer) if answer else None
    if target is not None:
        try:
            record.save(target)
        except OSError as exc:
            _fail(f"cannot save the record to {target}: {exc}", EXIT_FAILURE)
        console.print(f"Record saved to {target}")


@app.command()
def simulate(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int = typer.Option(4, "--players", "-n", help="Number of players."),
    games_: int = typer.Option(100, "--games", "-g", help="Number of games.", min=1),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game; game k uses seed+k."),
    bots: str = typer.Option("random", "--bots", help="Bots by seat, comma-separated (cycled over seats)."),
    records: Path | None = typer.Option(None, "--records", help="Write one JSON record per game here."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option name=value (JSON value)."),
) -> None:
    """Play many bot-only games and summarise the results."""
    game = _game(game_id)
    players = _players(game, players)
    options = _options(game, option)
    bot_list = _bot_list(bots)
    seat_names = [bot_list[i % len(bot_list)] for i in range(players)]
    _setup(game, players, seed, options)  # fail early on options that setup refuses
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            _fail(f"cannot create {records}: {exc}", EXIT_FAILURE)
    console = _console()
    wins_seat = [0.0] * players
    wins_bot: dict[str, float] = dict.fromkeys(bot_list, 0.0)
    score_sum = [0.0] * players
    rounds_sum = 0.0
    rounds_n = 0
    decisions = 0
    started = time.perf_counter()
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  console=console) as progress:
        task = progress.add_task(f"{game.name} x{players}", total=games_)
        for k in range(games_):
            game_seed = seed + k
            state = game.setup(players, game_seed, options)
            seated = [make_bot(seat_names[i], game, i, bot_seed(game_seed, i)) for i in range(players)]
            recorder = Recorder(game, [{"seat": i, "kind": "bot", "bot": seat_names[i]} for i in range(players)],
                                game_seed, options)
            while (mover := game.to_move(state)) is not None:
                action = seated[mover].act(game.view(state, mover), game.legal_actions(state))
                game.apply(state, action)
                recorder.add(action)
            record = recorder.finish(state)
            result = record.result or {}
            winners = result.get("winners") or []
            for w in winners:
                wins_seat[w] += 1 / len(winners)
                wins_bot[seat_names[w]] += 1 / len(winners)
            for i, sc in enumerate(result.get("scores") or []):
                if isinstance(sc, dict) and isinstance(sc.get("total"), int | float):
                    score_sum[i] += sc["total"]
            if isinstance(result.get("rounds"), int | float):
                rounds_sum += result["rounds"]
                rounds_n += 1
            decisions += len(record.actions)
            if records is not None:
                record.save(records / f"{game.id}-{k:05d}-seed{game_seed}.json")
            progress.advance(task)
    elapsed = time.perf_counter() - started

    by_seat = Table(title=f"{game.name}: {games_} games, {players} players", header_style="bold")
    for col in ("Seat", "Bot", "Wins", "Win rate", "Mean score"):
        by_seat.add_column(col, justify="right" if col not in ("Bot",) else "left")
    for i in range(players):
        by_seat.add_row(str(i), seat_names[i], f"{wins_seat[i]:.2f}", f"{wins_seat[i] / games_:.1%}",
                        f"{score_sum[i] / games_:.2f}")
    console.print(by_seat)
    by_bot = Table(title="Wins by bot (shared wins split)", header_style="bold")
    for col in ("Bot", "Seats", "Wins", "Win rate per seat"):
        by_bot.add_column(col, justify="left" if col == "Bot" else "right")
    for name in bot_list:
        count = seat_names.count(name)
        if count:
            by_bot.add_row(name, str(count), f"{wins_bot[name]:.2f}", f"{wins_bot[name] / games_ / count:.1%}")
    console.print(by_bot)
    summary = Text(f"Mean decisions per game: {decisions / games_:.1f}")
    if rounds_n:
        summary.append(f" · mean rounds: {rounds_sum / rounds_n:.2f}")
    summary.append(f" · {games_ / elapsed:.1f} games/s")
    console.print(summary)
    if records is not None:
        console.print(f"{games_} records written to {records}")


@app.command()
def replay(
    file: Path = typer.Argument(..., help="A game record (JSON)."),
    seat: int | None = typer.Option(None, "--seat", help="Show the game as this seat saw it (default: spectator)."),
    lang: str = typer.Option("en", "--lang", help=f"Language: {', '.join(LANGUAGES)}."),
    step: bool = typer.Option(False, "--step", help="Wait for Enter between actions."),
) -> None:
    """Step through a game record, printing its journal, and check its result."""
    lang = _lang(lang)
    try:
        record = Record.load(file)
    except InvalidState as exc:
        _fail(exc.message, EXIT_FAILURE)
    try:
        game = registry.get(record.game)
    except registry.UnknownGame as exc:
        _fail(f"{file}: {exc.message}", EXIT_FAILURE)
    players = len(record.seats)
    if seat is not None and not 0 <= seat < players:
        _fail(f"--seat must be from 0 to {players - 1}")
    names = []
    for i, s in enumerate(record.seats):
        name = s.get("name") if isinstance(s, dict) else None
        names.append(name if isinstance(name, str) and name else f"Player {i + 1}")
    console = _console()
    catalog = _catalog(game)
    if record.engine_version != game.engine_version:
        console.print(f"[yellow]warning:[/] the record was made by engine version {record.engine_version}, "
                      f"this is version {game.engine_version}")
    who = names[seat] if seat is not None else "a spectator"
    console.print(Rule(f"{game.name} · seed {record.seed} · {players} players · seen by {who}"))
    state = None
    mover = None
    try:
        for index, (action, events, state) in enumerate(replay_record(game, record)):
            if action is not None:
                if seat is not None and mover == seat:
                    label = _action_label(game, state, action, catalog, lang, names)
                    console.print(Text(f"#{index} you: ", style="bold cyan").append(label))
                for line in _render_events(game, catalog, events, seat, lang, names):
                    console.print(Text("  ") + Text(line))
                if step:
                    try:
                        console.input("[dim](Enter for the next action)[/]")
                    except EOFError:
                        step = False
            mover = game.to_move(state)
    except InvalidState as exc:
        _fail(f"{file}: {exc.message}", EXIT_FAILURE)
    except (IllegalAction, InvalidOptions) as exc:
        _fail(f"{file}: {exc.message}", EXIT_FAILURE)
    except (KeyError, TypeError, ValueError) as exc:
        _fail(f"{file}: the record cannot be replayed ({exc!r})", EXIT_FAILURE)
    result = game.result(state)
    _print_result(console, result, names, catalog, lang)
    if record.result is None:
        console.print("[yellow]The record has no result to check against.[/]")
    elif json.loads(json.dumps(result)) == record.result:
        console.print("[green]The replayed result matches the record.[/]")
    else:
        _fail("the replayed result differs from the record's result", EXIT_FAILURE)


@app.command()
def bench(
    game_id: str = typer.Argument(..., metavar="GAME"),
    games_: int | None = typer.Option(None, "--games", "-g", help="Number of games (default: play for --seconds).",
                                      min=1),
    players: int = typer.Option(4, "--players", "-n"),
    seed: int = typer.Option(0, "--seed"),
    seconds: float = typer.Option(5.0, "--seconds", help="Duration when --games is not given."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help="Game option name=value (JSON value)."),
) -> None:
    """Play uniformly random games on one core as fast as possible; print one JSON line."""
    game = _game(game_id)
    players = _players(game, players)
    options = _options(game, option)
    _setup(game, players, seed, options)
    rnd = random.Random(seed)
    below = rnd.randrange
    setup, to_move, legal_actions, apply = game.setup, game.to_move, game.legal_actions, game.apply
    played = 0
    decisions = 0
    started = time.perf_counter()
    deadline = started + seconds
    while (played < games_) if games_ is not None else (played == 0 or time.perf_counter() < deadline):
        state = setup(players, seed + played, options)
        while to_move(state) is not None:
            legal = legal_actions(state)
            apply(state, legal[below(len(legal))])
            decisions += 1
        played += 1
    elapsed = time.perf_counter() - started
    typer.echo(json.dumps({
        "game": game.id,
        "players": players,
        "games": played,
        "seconds": round(elapsed, 4),
        "games_per_s": round(played / elapsed, 2),
        "decisions_per_s": round(decisions / elapsed, 1),
        "mean_decisions": round(decisions / played, 2),
        "seed": seed,
        "engine_version": game.engine_version,
        "python": sys.version.split()[0],
    }))


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
    headings = [(i, len(m.group(1)), m.group(2)) for i, line in enumerate(lines) if (m := _HEADING.match(line))]

    def slug(s: str) -> str:
        return re.sub(r"[^a-z0-9]+", "-", s.lower()).strip("-")

    for matcher in (lambda h: h.lower() == wanted, lambda h: slug(h) == slug(wanted),
                    lambda h: wanted in h.lower()):
        found = [(level, k) for k, (_, level, title) in enumerate(headings) if matcher(title)]
        if found:  # the broadest matching section first ("warlord": the section, not the character)
            level, k = min(found)
            start = headings[k][0]
            end = next((j for j, lv, _ in headings[k + 1:] if lv <= level), len(lines))
            return "\n".join(lines[start:end])
    return None


@app.command()
def rules(
    game_id: str = typer.Argument(..., metavar="GAME"),
    section: str | None = typer.Argument(None, help="A heading of the guide (or part of one)."),
    lang: str = typer.Option("en", "--lang", help=f"Language: {', '.join(LANGUAGES)}."),
) -> None:
    """Print the rules guide of a game (or one section of it)."""
    game = _game(game_id)
    lang = _lang(lang)
    files = _guide_files(game.guide_dir(), lang)
    if not files:
        _fail(f"there is no rules guide for {game.name} yet (looked in {game.guide_dir()})", EXIT_FAILURE)
    text = "\n\n".join(f.read_text(encoding="utf-8") for f in files)
    if section:
        part = _section(text, section)
        if part is None:
            titles = [m.group(2) for line in text.splitlines() if (m := _HEADING.match(line))]
            _fail(f"no section {section!r} in the {game.name} guide; sections: {'; '.join(titles)}")
        text = part
    _console().print(Markdown(text))


def main() -> None:
    app()


if __name__ == "__main__":
    main()
