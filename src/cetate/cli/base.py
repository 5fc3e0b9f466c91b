"""What every command of the command line shares: the console, errors printed from the catalogs, the checks
of a game id, a language, players, bots and options, and the shortcut flags made from the games' option
schemas (`with_shortcuts`)."""

from __future__ import annotations

import inspect
import json
from collections.abc import Callable
from typing import Any, NoReturn

import typer
from rich.console import Console
from rich.text import Text

from cetate import games as registry
from cetate.bots import names as bot_names
from cetate.core.errors import InvalidOptions
from cetate.core.i18n import DEFAULT_LANGUAGE, LANGUAGES, Catalog
from cetate.core.options import Shortcut

EXIT_FAILURE = 1  # a file or an input that cannot be used
EXIT_USAGE = 2  # a bad game id, option or argument
DOT = " · "  # separates the parts of a status line
LANG_HELP = f"Language of the texts: {', '.join(LANGUAGES)}."
PLAYERS_HELP = "Number of players (default: 4, or what the game allows)."
OPTION_HELP = "Game option name=value (JSON value)."


def new_console() -> Console:
    # made per command so that a test runner's replaced stdout is used
    return Console(highlight=False, soft_wrap=False)


def catalog_for(game=None) -> Catalog:
    """The core messages, plus the game's when a game is given: `cetate.cli._catalog`, looked up at each call
    (the one place every command's texts come from; the tests put a marked test language there)."""
    from cetate import cli

    return cli._catalog(game)


def fail(catalog: Catalog, lang: str, key: str, code: int = EXIT_USAGE, **params: Any) -> NoReturn:
    """Print the error message `key` on stderr and exit with `code`."""
    line = Text.assemble((catalog.text("cli.error.prefix", lang), "bold red"), " ",
                         catalog.text(key, lang, **params))
    Console(stderr=True, highlight=False, soft_wrap=True).print(line)  # one line: paths stay whole
    raise typer.Exit(code)


def check_lang(lang: str) -> str:
    if lang not in LANGUAGES:
        fail(catalog_for(), DEFAULT_LANGUAGE, "cli.error.unknown_language", language=lang,
             languages=", ".join(LANGUAGES))
    return lang


def find_game(game_id: str, lang: str):
    try:
        return registry.get(game_id)
    except registry.UnknownGame:
        fail(catalog_for(), lang, "cli.error.unknown_game", game=game_id, games=", ".join(registry.ids()))


def name_of(game, catalog: Catalog, lang: str) -> str:
    """The game's name in `lang` (its catalog's `game.name`, else the registry's name)."""
    return catalog.text("game.name", lang) if catalog.raw("game.name", lang)[0] is not None else game.name


def join(catalog: Catalog, lang: str, items: list[str]) -> str:
    return catalog.text("list.separator", lang).join(items)


def label(text: str, style: str = "bold") -> Text:
    """A heading such as "Your hand:", followed by a space."""
    return Text(text, style=style).append(" ")


def game_options(game, raw: list[str] | None, catalog: Catalog, lang: str, shortcuts: dict | None = None) -> dict:
    """`--option name=value` pairs (values parsed as JSON, else taken as strings), validated by the game. The
    shortcut flags given (`with_shortcuts`) are expanded by the game's option schema first; explicit `--option`
    pairs win over them."""
    options: dict[str, Any] = {}
    try:
        options.update(game.expand_shortcuts(shortcuts or {}))
    except InvalidOptions as exc:
        fail(catalog, lang, "cli.error.options", detail=exc.message)
    for item in raw or []:
        name, sep, value = item.partition("=")
        name = name.strip()
        if not sep or not name:
            fail(catalog, lang, "cli.error.bad_option", item=item)
        try:
            options[name] = json.loads(value)
        except json.JSONDecodeError:
            options[name] = value
    try:
        return game.options.validate(options)
    except InvalidOptions as exc:
        fail(catalog, lang, "cli.error.options", detail=exc.message)


def game_args(game_id: str, lang: str, players: int | None, option: list[str] | None,
              shortcuts: dict | None = None) -> tuple[str, Any, Catalog, int, dict]:
    """The checks every game command starts with: (language, game, catalog, player count, validated options),
    each refused with its own message on stderr."""
    lang = check_lang(lang)
    game = find_game(game_id, lang)
    catalog = catalog_for(game)
    players = player_count(game, players, catalog, lang)
    return lang, game, catalog, players, game_options(game, option, catalog, lang, shortcuts)


def player_count(game, players: int | None, catalog: Catalog, lang: str) -> int:
    if players is None:  # 4, brought into the game's range (2 for a duel)
        return min(max(4, game.min_players), game.max_players)
    if not game.num_players_ok(players):
        fail(catalog, lang, "cli.error.players", game=name_of(game, catalog, lang), min=game.min_players,
             max=game.max_players, player_count=players)
    return players


def bot_list(spec: str, catalog: Catalog, lang: str) -> list[str]:
    names = [b.strip() for b in spec.split(",") if b.strip()]
    if not names:
        fail(catalog, lang, "cli.error.no_bots")
    known = bot_names()
    for name in names:
        if name not in known:
            fail(catalog, lang, "cli.error.unknown_bot", bot=name, bots=", ".join(known))
    return names


def check_seat(seat: int | None, players: int, catalog: Catalog, lang: str) -> None:
    if seat is not None and not 0 <= seat < players:
        fail(catalog, lang, "cli.error.seat", last=players - 1)


def setup(game, players: int, seed: int | str, options: dict, catalog: Catalog, lang: str):
    try:
        return game.setup(players, seed, options)
    except InvalidOptions as exc:
        fail(catalog, lang, "cli.error.options", detail=exc.message)


def seat_names(catalog: Catalog, lang: str, players: int, you: int | None = None) -> list[str]:
    names = [catalog.text("player.default", lang, number=i + 1) for i in range(players)]
    if you is not None:
        names[you] = catalog.text("cli.you", lang, name=names[you])
    return names


def render_events(game, catalog: Catalog, events: list, seat: int | None, lang: str, names: list[str]) -> list[str]:
    return [catalog.event(game.event_view(e, seat), lang, players=names) for e in events]


def action_label(game, state, action: dict, catalog: Catalog, lang: str, names: list[str]) -> str:
    described = dict(game.describe_action(state, action))
    key = described.pop("key", f"action.{action.get('type')}")
    return catalog.text(key, lang, players=names, **described)


# -- shortcut flags, made from the games' option schemas --------------------------------------------------

def shortcut_flags() -> list[tuple[Shortcut, str]]:
    """Every shortcut of the registered games, once per flag, with its help for `--help` ("<game name>: ...").
    A flag two games share is one flag (each game reads it its own way); where one takes a value and the
    other does not, the first game's kind is kept."""
    found: dict[str, tuple[Shortcut, list[str]]] = {}
    for game in registry.all():
        for shortcut in game.options.shortcuts:
            entry = found.get(shortcut.key)
            if entry is None:
                found[shortcut.key] = (shortcut, [f"{game.name}: {shortcut.help}"])
            elif entry[0].takes_value == shortcut.takes_value:
                entry[1].append(f"{game.name}: {shortcut.help}")
    return [(shortcut, " ".join(helps)) for shortcut, helps in found.values()]


class with_shortcuts:
    """A command that takes the shortcut flags of every registered game (`--athena`, `--characters X`...).

    The wrapped function has a keyword `shortcuts` and receives `{key: value}` for every flag (False or None
    when not given). Typer reads the command's parameters from its signature each time it builds the command
    line, so the flags follow the registry: a game registered later (a plug-in, a test) brings its own."""

    def __init__(self, command: Callable[..., Any]) -> None:
        self.command = command
        self.__name__ = command.__name__
        self.__qualname__ = command.__qualname__
        self.__doc__ = command.__doc__
        self.__module__ = command.__module__
        self.__annotations__: dict[str, Any] = {}  # the parameters' types are in `__signature__`

    def _own(self) -> inspect.Signature:
        signature = inspect.signature(self.command, eval_str=True)
        return signature.replace(parameters=[p for p in signature.parameters.values() if p.name != "shortcuts"])

    @property
    def __signature__(self) -> inspect.Signature:
        own = self._own()
        taken = set(own.parameters)
        extra = []
        for shortcut, help_text in shortcut_flags():
            if shortcut.key in taken:
                continue
            if shortcut.takes_value:
                option = typer.Option(None, f"--{shortcut.name}", help=help_text, metavar=shortcut.metavar)
                annotation: Any = str | None
            else:
                option = typer.Option(False, f"--{shortcut.name}", help=help_text)
                annotation = bool
            extra.append(inspect.Parameter(shortcut.key, inspect.Parameter.KEYWORD_ONLY, default=option,
                                           annotation=annotation))
        return own.replace(parameters=[*own.parameters.values(), *extra])

    def __call__(self, **kwargs: Any) -> Any:
        own = set(self._own().parameters)
        shortcuts = {k: kwargs.pop(k) for k in list(kwargs) if k not in own}
        return self.command(**kwargs, shortcuts=shortcuts)
