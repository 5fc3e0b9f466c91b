"""`cetate serve` (the web app) and `cetate loadtest` (scripted people loading a server)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from cetate.cli.base import (
    EXIT_FAILURE,
    EXIT_USAGE,
    LANG_HELP,
    catalog_for,
    check_lang,
    fail,
    find_game,
    player_count,
)


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

    lang = check_lang(lang)
    game = find_game(game_id, lang)
    catalog = catalog_for(game)
    player_count(game, players, catalog, lang)
    if seats not in ("invited", "hotseat"):
        fail(catalog, lang, "cli.loadtest.error.seats", seats=seats)
    if url is None and (workers or 1) > 1 and not (redis_url and database_url
                                                   and database_url.startswith(("postgresql", "postgres"))):
        fail(catalog, lang, "cli.loadtest.error.workers")
    config = lt.Config(game=game.id, players=players, tables=tables, seconds=seconds, rate=rate, url=url,
                       database_url=database_url, seed=seed, clients=clients, workers=workers, redis_url=redis_url,
                       compression=compression, seats=seats)
    try:
        if url is not None:
            lt.check_url(url)
        doc = lt.run(config)
    except lt.LoadtestError as exc:
        fail(catalog, lang, f"cli.loadtest.error.{exc.code}", EXIT_USAGE if exc.code == "bad_url" else EXIT_FAILURE,
              **exc.params)
    line = json.dumps(doc)
    typer.echo(line)
    if out is not None:
        try:
            out.write_text(line + "\n", encoding="utf-8")
        except OSError as exc:
            fail(catalog, lang, "cli.tournament.error.write", EXIT_FAILURE, path=str(out), detail=str(exc))

