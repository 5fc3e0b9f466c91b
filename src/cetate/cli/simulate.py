"""`cetate simulate`: many bot-only games, summarised (wins by seat and by bot, scores, the game's own
figures)."""

from __future__ import annotations

import time
from pathlib import Path

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeElapsedColumn
from rich.table import Table
from rich.text import Text

from cetate.bots import bot_seed, choose, make_bot
from cetate.cli.base import (
    DOT,
    EXIT_FAILURE,
    LANG_HELP,
    OPTION_HELP,
    PLAYERS_HELP,
    bot_list,
    fail,
    game_args,
    join,
    name_of,
    new_console,
    setup,
    with_shortcuts,
)
from cetate.core.record import Recorder


@with_shortcuts
def simulate(
    game_id: str = typer.Argument(..., metavar="GAME"),
    players: int | None = typer.Option(None, "--players", "-n", help=PLAYERS_HELP),
    games_: int = typer.Option(100, "--games", "-g", help="Number of games.", min=1),
    seed: int = typer.Option(0, "--seed", help="Seed of the first game; game k uses seed+k."),
    bots: str = typer.Option("random", "--bots", help="Bots by seat, comma-separated (cycled over seats)."),
    rotate: bool = typer.Option(False, "--rotate",
                                help="Shift the bots one seat per game, so each bot plays every seat equally often."),
    records: Path | None = typer.Option(None, "--records", help="Write one JSON record per game here."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP),
    shortcuts: dict | None = None,
) -> None:
    """Play many bot-only games and summarise the results."""
    lang, game, catalog, players, options = game_args(game_id, lang, players, option, shortcuts)
    chosen = bot_list(bots, catalog, lang)
    lineup = [chosen[i % len(chosen)] for i in range(players)]
    setup(game, players, seed, options, catalog, lang)  # fail early on options that setup refuses
    if records is not None:
        try:
            records.mkdir(parents=True, exist_ok=True)
        except OSError as exc:
            fail(catalog, lang, "cli.error.mkdir", EXIT_FAILURE, path=str(records), detail=str(exc))
    console = new_console()
    game_name = name_of(game, catalog, lang)
    wins_seat = [0.0] * players
    wins_bot: dict[str, float] = dict.fromkeys(chosen, 0.0)
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
            seat_bots = [lineup[(i - k) % players] for i in range(players)] if rotate else lineup
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
        by_seat.add_row(str(i), join(catalog, lang, list(dict.fromkeys(lineup))) if rotate else lineup[i],
                        f"{wins_seat[i]:.2f}", f"{wins_seat[i] / games_:.1%}",
                        f"{score_sum[i] / games_:.2f}")
    console.print(by_seat)
    by_bot = Table(title=catalog.text("cli.simulate.by_bot", lang), header_style="bold")
    by_bot.add_column(col("bot"), justify="left")
    for name in ("seats", "wins", "win_rate_per_seat"):
        by_bot.add_column(col(name), justify="right")
    for name in dict.fromkeys(chosen):
        count = lineup.count(name)
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

