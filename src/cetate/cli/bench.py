"""`cetate bench`: how fast a game plays random games on one core, how fast a bot decides (`--bot`), or how
fast the learning environment steps (`--rl`); one JSON line each."""

from __future__ import annotations

import json
import random
import sys
import time
from typing import Any

import typer

from cetate.bots import UnknownBot, bot_seed, choose, make_bot
from cetate.cli.base import (
    LANG_HELP,
    OPTION_HELP,
    PLAYERS_HELP,
    catalog_for,
    check_lang,
    fail,
    find_game,
    game_options,
    player_count,
    setup,
    with_shortcuts,
)
from cetate.core.i18n import Catalog


@with_shortcuts
def bench(
    game_id: str = typer.Argument(..., metavar="GAME"),
    games_: int | None = typer.Option(None, "--games", "-g", help="Number of games (default: play for --seconds).",
                                      min=1),
    players: int | None = typer.Option(None, "--players", "-n", help=PLAYERS_HELP),
    seed: int = typer.Option(0, "--seed"),
    seconds: float = typer.Option(5.0, "--seconds", help="Duration when --games is not given."),
    option: list[str] | None = typer.Option(None, "--option", "-o", help=OPTION_HELP),
    bot: str | None = typer.Option(None, "--bot", help=(
        "Measure a bot instead: it plays every seat; prints its decisions per second and, for ismcts, "
        "its iterations per second (e.g. --bot ismcts, --bot ismcts:iterations=200:depth=none).")),
    rl: bool = typer.Option(False, "--rl", help=(
        "Measure the reinforcement-learning environment instead (cetate.rl): a random agent reads every "
        "observation and action mask and plays a legal action; prints steps and games per second.")),
    lang: str = typer.Option("en", "--lang", help=LANG_HELP + " (for error messages)"),
    shortcuts: dict | None = None,
) -> None:
    """Play uniformly random games on one core as fast as possible; print one JSON line. With --bot, time
    that bot's decisions instead; with --rl, the learning environment."""
    lang = check_lang(lang)
    game = find_game(game_id, lang)
    catalog = catalog_for(game)
    players = player_count(game, players, catalog, lang)
    options = game_options(game, option, catalog, lang, shortcuts)
    setup(game, players, seed, options, catalog, lang)
    if bot is not None:
        _bench_bot(game, bot, players, seed, options, games_, seconds, catalog, lang)
        return
    if rl:
        _bench_rl(game, players, seed, options, games_, seconds, catalog, lang)
        return
    rnd = random.Random(seed)
    new_game, to_move, random_action, apply = game.setup, game.to_move, game.random_action, game.apply

    def play_one(game_seed: int) -> int:
        state = new_game(players, game_seed, options)
        decisions = 0
        while to_move(state) is not None:
            apply(state, random_action(state, rnd))
            decisions += 1
        return decisions

    played, decisions, elapsed = _timed_games(games_, seconds, seed, play_one)
    _speed_line(game, players, played, elapsed, seed, decisions_per_s=round(decisions / elapsed, 1),
                mean_decisions=round(decisions / played, 2), engine_version=game.engine_version)



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
        fail(catalog, lang, "cli.error.rl_missing")
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
                observation_size=environment.observation_size, actions=environment.num_actions)


def _bench_bot(game, name: str, players: int, seed: int, options: dict, games_: int | None, seconds: float,
               catalog: Catalog, lang: str) -> None:
    """`cetate bench GAME --bot NAME`: the bot plays every seat of games seeded seed, seed+1, ... until
    --games games are over or --seconds have passed (checked between decisions); one JSON line."""
    from cetate.bots import names as bot_names

    try:
        make_bot(name, game, 0, 0)
    except UnknownBot:
        fail(catalog, lang, "cli.error.unknown_bot", bot=name, bots=", ".join(bot_names()))
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
    counted = [b.stats() for b in seated]  # what search bots counted (Bot.stats: {} for the others)
    iterations = sum(c.get("iterations", 0) for c in counted)
    search_s = sum(c.get("seconds", 0.0) for c in counted)
    doc = {"game": game.id, "players": players, "bot": name, "games": played, "decisions": decisions,
           "seconds": round(elapsed, 4), "bot_seconds": round(bot_seconds, 4),
           "ms_per_decision": round(1000 * bot_seconds / max(1, decisions), 3)}
    if iterations:
        doc.update({"iterations": iterations, "iterations_per_s": round(iterations / max(search_s, 1e-9), 1),
                    "settings": counted[0].get("settings")})
    doc.update({"seed": seed, "engine_version": game.engine_version, "python": sys.version.split()[0]})
    typer.echo(json.dumps(doc))

