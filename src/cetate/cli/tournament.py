"""`cetate tournament`: bots against each other with seat rotation and duplicate deals (cetate.arena)."""

from __future__ import annotations

from pathlib import Path

import typer

from cetate.cli.base import (
    EXIT_FAILURE,
    EXIT_USAGE,
    LANG_HELP,
    OPTION_HELP,
    PLAYERS_HELP,
    fail,
    game_args,
    name_of,
    new_console,
    with_shortcuts,
)


@with_shortcuts
def tournament(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int | None = typer.Option(None, "--players", "-n", help=PLAYERS_HELP),
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
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    shortcuts: dict | None = None,
) -> None:
    """Play a bot tournament with seat rotation and duplicate deals; write a report (ratings, win rates, plots)."""
    from cetate.arena.console import run_command
    from cetate.arena.runner import TournamentError

    lang, game, catalog, players, options = game_args(game_id, lang, players, option, shortcuts)
    if not bots or not bots.strip(", "):
        fail(catalog, lang, "cli.error.no_bots")
    try:
        run_command(game, catalog, lang, new_console(), players=players, bots=bots, games=games_, seed=seed,
                    options=options, backend=backend, ray=ray, jobs=jobs, out=out,
                    game_name=name_of(game, catalog, lang))
    except TournamentError as exc:
        fail(catalog, lang, f"cli.tournament.error.{exc.code}", EXIT_USAGE if exc.usage else EXIT_FAILURE,
              **exc.params)

