"""The `cetate tournament` command's work: backend choice, the progress bar, the summary table and the
report folder. Every text printed comes from the catalogs (`cli.tournament.*`); errors are raised as
`TournamentError` for the command to print through its `_fail`."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.table import Table
from rich.text import Text
from typer.core import TyperCommand

from cetate.arena.report import ordered_bots, write_report
from cetate.arena.runner import TournamentError
from cetate.arena.tournament import plan, run_tournament
from cetate.core.i18n import Catalog

DOT = " · "


class OptionalRayAddress(TyperCommand):
    """The command class of `cetate tournament`: its `--ray` takes an optional ADDRESS, which Typer's
    parser cannot express, so a bare `--ray` (last, or followed by another option) is read as
    `--ray=local` before parsing. `--ray ADDRESS` and `--ray=ADDRESS` pass unchanged."""

    def parse_args(self, ctx, args: list[str]) -> list[str]:
        fixed = []
        for i, arg in enumerate(args):
            bare = arg == "--ray" and (i + 1 == len(args) or args[i + 1].startswith("-"))
            fixed.append("--ray=local" if bare else arg)
        return super().parse_args(ctx, fixed)


def choose_backend(backend: str | None, ray: str | None) -> tuple[str, str | None]:
    """(backend, Ray address) from `--backend` and `--ray [ADDRESS]` (`--ray` alone gives "local": a new
    local instance, or the one already running in this process)."""
    if ray is not None:
        if backend not in (None, "ray"):
            raise TournamentError("ray_conflict", f"--ray and --backend {backend} do not go together",
                                  backend=backend)
        address = ray.strip()
        return "ray", (None if address in ("", "local") else address)
    return backend or "pool", None


def default_out(game_id: str) -> Path:
    stamp = dt.datetime.now().strftime("%Y%m%d-%H%M%S")
    return Path("reports") / f"tournament-{game_id}-{stamp}"


def _pct(x: float | None) -> str:
    return "-" if x is None else f"{100 * x:.1f}%"


def run_command(game: Any, catalog: Catalog, lang: str, console: Console, *, players: int, bots: str, games: int,
                seed: int, options: dict, backend: str | None, ray: str | None, jobs: int | None,
                out: Path | None, game_name: str) -> Path:
    """Check, play with a progress bar on stderr, write the report and print a summary; returns the report
    folder. Raises `TournamentError` (bad settings, a failing game, a folder that cannot be written)."""
    backend, address = choose_backend(backend, ray)
    settings = plan(game, players, bots, games, seed=seed, options=options, backend=backend, jobs=jobs,
                    ray_address=address)
    target = out if out is not None else default_out(game.id)
    try:  # before the games, not after them: a folder that cannot be made fails at once
        target.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise TournamentError("write", f"cannot write the report to {target}: {exc}", usage=False,
                              path=str(target), detail=str(exc)) from None

    def text(key: str, **params: Any) -> str:
        return catalog.text(key, lang, **params)

    games_text = text("cli.count.games", count=settings["games"])
    console.print(Text(text("cli.tournament.plan", deals_text=text("cli.tournament.deals", count=games),
                            rotations=settings["rotations"], games_text=games_text,
                            players_text=text("cli.count.players", count=players), backend=backend)))
    errors = Console(stderr=True, highlight=False)
    with Progress(TextColumn("[bold]{task.description}"), BarColumn(), MofNCompleteColumn(), TimeElapsedColumn(),
                  TimeRemainingColumn(), console=errors) as progress:
        task = progress.add_task(text("cli.tournament.progress", game=game_name), total=settings["games"])

        def advance(finished: int, total: int) -> None:
            progress.update(task, completed=finished, total=total)

        try:
            result = run_tournament(game, players, bots, games, seed=seed, options=options, backend=backend,
                                    jobs=settings["jobs"], ray_address=address, progress=advance)
        except KeyboardInterrupt:
            progress.stop()
            errors.print(Text(text("cli.interrupted")))
            import typer

            raise typer.Exit(130) from None
    try:
        folder = write_report(result, target)
    except OSError as exc:
        raise TournamentError("write", f"cannot write the report to {target}: {exc}", usage=False,
                              path=str(target), detail=str(exc)) from None
    console.print(summary_table(result, catalog, lang))
    if not result.summary.get("rated"):
        console.print(Text(text("cli.tournament.no_rating"), style="yellow"))
    console.print(Text(text("cli.tournament.done", games_text=games_text, seconds=result.settings["seconds"])))
    console.print(Text(text("cli.tournament.written", path=str(folder))))
    return folder


def summary_table(result, catalog: Catalog, lang: str) -> Table:
    """The bots, best first: rating, win rate with its Wilson interval, time per decision."""
    def col(name: str) -> str:
        return catalog.text(f"cli.tournament.col.{name}", lang)

    table = Table(header_style="bold")
    table.add_column(col("bot"), no_wrap=True)
    for name in ("rating", "win_rate", "interval", "ms"):
        table.add_column(col(name), justify="right")
    for entry in ordered_bots(result):
        rating = entry.get("rating")
        mu = f"{rating['mu']:.2f} ± {rating['high'] - rating['mu']:.2f}" if rating else "-"
        ms = entry.get("ms_per_decision")
        table.add_row(entry["bot"], mu, _pct(entry["win_rate"]),
                      f"{_pct(entry['win_low'])} – {_pct(entry['win_high'])}", "-" if ms is None else f"{ms:.2f}")
    return table
