"""`run_tournament`: check the settings, play every game on a backend, and sum the results up.

    from cetate.arena import run_tournament, write_report
    result = run_tournament("gates", 2, ["random", "gates-heuristic"], games=50, seed=0, backend="pool")
    write_report(result, "reports/gates-duel")

`games` counts *deals*: deal `k` is played with the game seed `seed + k` once per rotation of the lineup
(see `cetate.arena.runner`), so the tournament plays `games × rotations` games in all.
"""

from __future__ import annotations

import datetime as dt
import os
import platform
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any

from cetate.arena.runner import BACKENDS, TournamentError, expand_lineup, rotations, run_backend
from cetate.arena.stats import summarise
from cetate.core.errors import InvalidOptions

Progress = Callable[[int, int], None]  # (games finished, games in all), first called with (0, total)


@dataclass
class TournamentResult:
    """A finished tournament: its `settings`, one row per game (`rows`, by deal then rotation) and the
    figures computed from them (`summary`: per bot rating, win rate, seats, scores, decision time)."""

    settings: dict[str, Any]
    rows: list[dict[str, Any]] = field(default_factory=list)
    summary: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, Any]:
        """The document written as report.json."""
        return {"settings": self.settings, "summary": self.summary, "games": self.rows}

    @classmethod
    def from_dict(cls, doc: dict[str, Any]) -> TournamentResult:
        return cls(settings=doc["settings"], rows=doc.get("games", []), summary=doc.get("summary", {}))

    def bot(self, name: str) -> dict[str, Any]:
        """The summary row of bot `name`."""
        for entry in self.summary.get("bots", []):
            if entry["bot"] == name:
                return entry
        raise KeyError(name)


def _game(game: Any) -> Any:
    from cetate import games as registry

    if not isinstance(game, str):
        return game
    try:
        return registry.get(game)
    except registry.UnknownGame:
        raise TournamentError("unknown_game", f"unknown game {game!r}", game=game,
                              games=", ".join(registry.ids())) from None


def _foreign_owner(name: str, game: Any) -> str | None:
    """The id of the other game that ships bot `name`, when `game` does not ship it too."""
    from cetate import games as registry

    base = name.partition(":")[0]
    try:
        if base in (game.bots() or {}):
            return None
    except Exception:
        return None
    for other in registry.all():
        if other.id == game.id:
            continue
        try:
            if base in (other.bots() or {}):
                return other.id
        except Exception:
            continue
    return None


def check_bot(name: str, game: Any) -> None:
    """Refuse a bot that is unknown, badly set (`ismcts:iterations=x`) or made for another game."""
    from cetate.bots import UnknownBot, make_bot
    from cetate.bots import names as bot_names

    owner = _foreign_owner(name, game)
    if owner is not None:
        raise TournamentError("wrong_game_bot", f"bot {name!r} plays {owner}, not {game.id}", bot=name,
                              game=game.id, other=owner)
    try:
        make_bot(name, game, 0, 0)
    except UnknownBot as exc:
        if exc.code == "unknown_bot":
            raise TournamentError("unknown_bot", exc.message, bot=name, bots=", ".join(bot_names())) from None
        detail = str(exc.params.get("reason", exc.message))  # the reason alone: the message names the bot
        raise TournamentError("bad_bot", exc.message, bot=name, detail=detail) from None
    except (ValueError, TypeError) as exc:
        raise TournamentError("bad_bot", str(exc), bot=name, detail=str(exc)) from None


def parse_bots(bots: str | Sequence[str]) -> list[str]:
    """`"a,b"` or `["a", "b"]` -> `["a", "b"]` (blank names dropped)."""
    items = bots.split(",") if isinstance(bots, str) else list(bots)
    return [b.strip() for b in items if b and b.strip()]


def plan(game: Any, players: int, bots: str | Sequence[str], games: int, *, seed: int = 0,
         options: dict | None = None, backend: str = "pool", jobs: int | None = None,
         ray_address: str | None = None) -> dict[str, Any]:
    """Check every setting (raising `TournamentError` on the first problem) and return the settings of
    the tournament, as they appear in the report."""
    game = _game(game)
    if not isinstance(players, int) or not game.num_players_ok(players):
        raise TournamentError("players", f"{game.name} is for {game.min_players} to {game.max_players} players, "
                              f"not {players}", game=game.name, min=game.min_players, max=game.max_players,
                              player_count=players)
    names = parse_bots(bots)
    lineup = expand_lineup(names, players)
    for name in dict.fromkeys(names):
        check_bot(name, game)
    if not isinstance(games, int) or games < 1:
        raise TournamentError("games", f"the number of deals must be at least 1, not {games}", games=games)
    if jobs is None:
        jobs = os.cpu_count() or 1
    if not isinstance(jobs, int) or jobs < 1:
        raise TournamentError("jobs", f"the number of workers must be at least 1, not {jobs}", jobs=jobs)
    if backend not in BACKENDS:
        raise TournamentError("backend", f"unknown backend {backend!r}: use {', '.join(BACKENDS)}",
                              backend=backend, backends=", ".join(BACKENDS))
    try:
        validated = game.options.validate(options)
        game.setup(players, seed, validated)
    except InvalidOptions as exc:
        raise TournamentError("options", exc.message, detail=exc.message) from None
    if backend == "ray":
        from cetate.arena.runner import import_ray

        import_ray()  # fail now, not after the set-up, when Ray is missing
    per_deal = rotations(lineup)
    return {
        "game": game.id,
        "game_name": game.name,
        "engine_version": game.engine_version,
        "players": players,
        "bots": list(dict.fromkeys(names)),
        "lineup": lineup,
        "rotations": per_deal,
        "deals": games,
        "games": games * per_deal,
        "seed": seed,
        "game_seeds": [seed, seed + games - 1],
        "options": validated,
        "backend": backend,
        "jobs": jobs,
        "ray_address": ray_address,
    }


def run_tournament(game: Any, players: int, bots: str | Sequence[str], games: int, *, seed: int = 0,
                   options: dict | None = None, backend: str = "pool", jobs: int | None = None,
                   ray_address: str | None = None, progress: Progress | None = None) -> TournamentResult:
    """Play a duplicate-deal, seat-rotated tournament and return its `TournamentResult`.

    game         a game id (or a game object)
    players      the number of seats
    bots         bot names, one per seat or fewer (repeated in turn); "a,b" or ["a", "b"]
    games        the number of deals; each is played once per rotation
    seed         deal k uses the game seed `seed + k`
    options      game options (validated by the game)
    backend      "inprocess", "pool" (processes, `jobs` workers) or "ray" (see `cetate.arena.runner`)
    jobs         workers for "pool", CPUs for a local Ray instance (default: os.cpu_count())
    ray_address  the Ray cluster to join (default: the running instance, else a new local one)
    progress     called with (games finished, games in all) as games finish

    Raises `TournamentError` for bad settings or a game that fails. The rows, ratings, win rates and
    scores are the same for the same settings whatever the backend; decision times are measured."""
    settings = plan(game, players, bots, games, seed=seed, options=options, backend=backend, jobs=jobs,
                    ray_address=ray_address)
    total = settings["games"]
    finished = 0

    def done(count: int) -> None:
        nonlocal finished
        finished += count
        if progress is not None:
            progress(finished, total)

    if progress is not None:
        progress(0, total)
    deals = [(k, seed + k) for k in range(games)]
    started_at = dt.datetime.now(dt.UTC).replace(microsecond=0).isoformat()
    started = time.perf_counter()
    rows = run_backend(settings["backend"], settings["game"], players, settings["lineup"], deals,
                       settings["options"], done, settings["jobs"], ray_address)
    settings.update({"started": started_at, "seconds": round(time.perf_counter() - started, 3),
                     "python": platform.python_version(), "cetate": _version()})
    return TournamentResult(settings, rows, summarise(rows, settings["bots"], players))


def _version() -> str:
    try:
        from importlib.metadata import version

        return version("cetate")
    except Exception:
        return "unknown"
