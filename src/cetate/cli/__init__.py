"""The `cetate` command line: games, play, simulate, replay, bench, loadtest, rules, serve, tournament.

Every game is reached through `cetate.games.get(id)` and the game protocol; people only ever see a seat's
redacted view and events rendered through the game's message catalog. A game draws its own screen through its
`Terminal` part (its table, hints showing the engine's notes, short labels and a parser for moves typed as
their fields, its final scores); a game without one is shown as its raw view. Every text printed comes from
the catalogs as well (`cli.*` keys in the core catalog, screen texts in the game's catalog), in the language
given by `--lang`; only Typer's `--help` texts are written in English. The shortcut flags (`--athena`,
`--characters`...) are made from the option schemas of the registered games.

One module per command group: `info` (games, rules), `play` (its loop in `loop`, its screens in `screen`),
`simulate`, `replay`, `bench`, `serve` (serve, loadtest), `tournament`; `base` holds what they share.
"""

from __future__ import annotations

import typer

from cetate.arena.console import OptionalRayAddress
from cetate.core.i18n import Catalog

app = typer.Typer(
    name="cetate",
    help="Play and study city-building games (Citadels, Akropolis, ...) in the terminal.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


def _catalog(game=None) -> Catalog:
    """The core messages, plus the game's when a game is given: what every command prints through
    (`base.catalog_for` looks it up here at each call, so a test can swap in a test language)."""
    return Catalog(game.messages_dir() if game is not None else None)


from cetate.cli import bench, info, play, replay, serve, simulate, tournament  # noqa: E402  (they use _catalog)

app.command()(info.games)
app.command()(play.play)
app.command()(simulate.simulate)
app.command()(replay.replay)
app.command()(bench.bench)
app.command()(serve.loadtest)
app.command()(info.rules)
app.command()(serve.serve)
app.command(cls=OptionalRayAddress)(tournament.tournament)


def main() -> None:
    app()


__all__ = ["app", "main"]
