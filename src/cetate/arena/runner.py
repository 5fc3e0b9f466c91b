"""Playing the games of a tournament: seatings, the batch runner and the three backends.

A *lineup* is one bot name per seat. Rotation `r` moves the bot of lineup position `i` to seat
`(i + r) % players`. Only the distinct seatings are played: a lineup such as `a,b,a,b` repeats itself after
two rotations, so it has two rotations, and `a,b,c` on three seats has three (see `rotations`).

`play_batch` plays every rotation of some deals. It is a pure function of its arguments: the game seed
of a deal is part of the deal, every bot at seat `s` gets the seed `bot_seed(game_seed, s)` and every
decision goes through `choose` with the number of actions played so far as its salt, exactly like
`cetate.bots.play_game`. Whichever process runs a batch, it returns the same rows (the decision times
excepted), and any row can be replayed alone with
`play_game(game, players, row["seed"], options, row["seats"])`.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable, Iterable, Sequence
from typing import Any

from cetate.core.errors import CetateError

MAX_ACTIONS = 100_000  # a game still running after this many actions is reported as failed
RAY_MIN_GAMES = 20  # a Ray task plays at least this many games (unless the tournament is smaller)
POOL_TASKS_PER_WORKER = 8  # the process pool gets about this many batches per worker (load balance)
TIMING_FIELDS = ("time_ms",)  # row fields that depend on the machine, not on the seeds
BACKENDS = ("inprocess", "pool", "ray")

Deal = tuple[int, int]  # (deal index, game seed)
Row = dict[str, Any]


class TournamentError(CetateError):
    """A tournament that cannot be played. `code` names the problem (the command line shows the message
    `cli.tournament.error.<code>` with `params`); `usage` is true for bad input (exit status 2) and false
    for a failure while playing or writing (exit status 1)."""

    def __init__(self, code: str, message: str, usage: bool = True, **params: Any) -> None:
        super().__init__(code, message, **params)
        self.usage = usage

    def __reduce__(self):  # picklable, so that it crosses process (and Ray) boundaries intact
        return (_rebuild_error, (self.code, self.message, self.usage, self.params))


def _rebuild_error(code: str, message: str, usage: bool, params: dict) -> TournamentError:
    return TournamentError(code, message, usage, **params)


# -- seatings --------------------------------------------------------------------------------------

def expand_lineup(bots: Sequence[str], players: int) -> list[str]:
    """One bot per seat: the bots as given when there are `players` of them, else repeated in turn
    (`a,b` on four seats is `a,b,a,b`). More bots than seats is an error."""
    bots = list(bots)
    if not bots:
        raise TournamentError("no_bots", "a tournament needs at least one bot")
    if len(bots) > players:
        raise TournamentError("too_many_bots", f"{len(bots)} bots for {players} seats: give at most one per seat",
                              count=len(bots), seats=players)
    return [bots[i % len(bots)] for i in range(players)]


def rotations(lineup: Sequence[str]) -> int:
    """The number of distinct seatings among the cyclic shifts of `lineup` (its smallest period):
    `len(lineup)` when no shorter shift gives the same seating back."""
    n = len(lineup)
    for p in range(1, n + 1):
        if n % p == 0 and all(lineup[i] == lineup[(i + p) % n] for i in range(n)):
            return p
    return n


def seating(lineup: Sequence[str], rotation: int) -> list[str]:
    """The bot at each seat in `rotation`: lineup position `i` sits at seat `(i + rotation) % players`."""
    n = len(lineup)
    return [lineup[(s - rotation) % n] for s in range(n)]


# -- one game, one batch ---------------------------------------------------------------------------

def outcome_ranks(result: dict | None, players: int) -> list[int] | None:
    """Each seat's place (1 is best; tied seats share a place), read from the game's result: the
    `rank` of every seat's score when all are given (they carry ties), else the order of `ranking`, else
    the winners first and everybody else second. None when nothing can be read."""
    if not isinstance(result, dict):
        return None
    scores = result.get("scores")
    if isinstance(scores, list) and len(scores) == players:
        ranks: list[int | None] = [None] * players
        for i, sc in enumerate(scores):
            if isinstance(sc, dict):
                seat = sc.get("seat", i)
                rank = sc.get("rank")
                if isinstance(seat, int) and 0 <= seat < players and isinstance(rank, int) \
                        and not isinstance(rank, bool):
                    ranks[seat] = rank
        if all(r is not None for r in ranks):
            return [int(r) for r in ranks]  # type: ignore[arg-type]
    ranking = result.get("ranking")
    if isinstance(ranking, list) and sorted(ranking) == list(range(players)):
        out = [0] * players
        for place, seat in enumerate(ranking, start=1):
            out[seat] = place
        return out
    winners = [w for w in result.get("winners") or [] if isinstance(w, int) and 0 <= w < players]
    if winners:
        return [1 if s in winners else 2 for s in range(players)]
    return None


def _totals(result: dict, players: int) -> list[float | None]:
    """Each seat's `scores[i]["total"]` (None where the game gives none)."""
    out: list[float | None] = [None] * players
    scores = result.get("scores")
    if isinstance(scores, list):
        for i, sc in enumerate(scores):
            if isinstance(sc, dict):
                seat, total = sc.get("seat", i), sc.get("total")
                if isinstance(seat, int) and 0 <= seat < players and isinstance(total, int | float) \
                        and not isinstance(total, bool):
                    out[seat] = total
    return out


def play_one(game: Any, players: int, seats: Sequence[str], game_seed: int, options: dict | None) -> Row:
    """Play one game with `seats[s]` at seat `s`, through the protocol only, and return its row (without
    `deal` and `rotation`)."""
    from cetate.bots import bot_seed, choose, make_bot

    bots = [make_bot(name, game, s, bot_seed(game_seed, s)) for s, name in enumerate(seats)]
    state = game.setup(players, game_seed, options)
    decisions = [0] * players
    seconds = [0.0] * players
    count = 0
    clock = time.perf_counter
    while (seat := game.to_move(state)) is not None:
        started = clock()
        action = choose(bots[seat], game, state, seat, count)
        seconds[seat] += clock() - started
        decisions[seat] += 1
        game.apply(state, action)
        count += 1
        if count >= MAX_ACTIONS:
            raise RuntimeError(f"the game did not end within {MAX_ACTIONS} actions")
    result = game.result(state) or {}
    winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
    ranking = result.get("ranking")
    return {
        "seed": game_seed,
        "seats": list(seats),
        "winners": winners,
        "ranking": list(ranking) if isinstance(ranking, list) else None,
        "ranks": outcome_ranks(result, players),
        "totals": _totals(result, players),
        "actions": count,
        "rounds": result.get("rounds") if isinstance(result.get("rounds"), int | float) else None,
        "decisions": decisions,
        "time_ms": [round(1000 * s, 3) for s in seconds],
    }


def play_batch(game_id: str, players: int, lineup: Sequence[str], deals: Iterable[Deal],
               options: dict | None) -> list[Row]:
    """Play every rotation of each deal `(deal index, game seed)` with the seat `lineup` of rotation 0;
    rows come back ordered by deal, then rotation. A pure function of its arguments (the `time_ms`
    field aside), which is what lets every backend give the same rows."""
    from cetate import games as registry

    game = registry.get(game_id)
    lineup = list(lineup)
    rows: list[Row] = []
    for deal, game_seed in deals:
        for r in range(rotations(lineup)):
            try:
                row = play_one(game, players, seating(lineup, r), game_seed, options)
            except TournamentError:
                raise
            except Exception as exc:  # a bot or engine bug: say which game, keep it picklable
                raise TournamentError("game_failed", f"deal {deal}, rotation {r} (seed {game_seed}) failed: "
                                      f"{exc!r}", usage=False, deal=deal, rotation=r, seed=game_seed,
                                      detail=repr(exc)) from None
            rows.append({"deal": deal, "rotation": r, **row})
    return rows


def play_batch_args(args: tuple) -> list[Row]:
    """`play_batch(*args)`, for executors that pass one argument."""
    return play_batch(*args)


# -- batches ---------------------------------------------------------------------------------------

def split(deals: Sequence[Deal], batches: int) -> list[list[Deal]]:
    """`deals` cut into `batches` consecutive runs whose sizes differ by one at most."""
    batches = max(1, min(batches, len(deals)))
    size, extra = divmod(len(deals), batches)
    out, start = [], 0
    for b in range(batches):
        end = start + size + (1 if b < extra else 0)
        out.append(list(deals[start:end]))
        start = end
    return out


def ray_batches(deals: Sequence[Deal], per_deal: int) -> list[list[Deal]]:
    """As many batches as possible with at least RAY_MIN_GAMES games each (one batch when the whole
    tournament is smaller)."""
    least = math.ceil(RAY_MIN_GAMES / max(1, per_deal))
    return split(deals, max(1, len(deals) // least))


def pool_batches(deals: Sequence[Deal], jobs: int) -> list[list[Deal]]:
    """About POOL_TASKS_PER_WORKER batches per worker, one deal at least."""
    return split(deals, max(1, jobs * POOL_TASKS_PER_WORKER))


# -- backends --------------------------------------------------------------------------------------

Done = Callable[[int], None]  # told how many games have just finished


def run_inprocess(game_id: str, players: int, lineup: list[str], deals: list[Deal], options: dict | None,
                  done: Done) -> list[Row]:
    rows: list[Row] = []
    for deal in deals:  # one deal at a time, so that progress moves as games finish
        batch = play_batch(game_id, players, lineup, [deal], options)
        rows.extend(batch)
        done(len(batch))
    return rows


def run_pool(game_id: str, players: int, lineup: list[str], deals: list[Deal], options: dict | None,
             done: Done, jobs: int) -> list[Row]:
    import multiprocessing
    from concurrent.futures import FIRST_COMPLETED, ProcessPoolExecutor, wait

    rows: list[Row] = []
    batches = pool_batches(deals, jobs)
    context = multiprocessing.get_context("spawn")
    pool = ProcessPoolExecutor(max_workers=min(jobs, len(batches)), mp_context=context)
    try:
        pending = {pool.submit(play_batch, game_id, players, lineup, batch, options) for batch in batches}
        while pending:
            finished, pending = wait(pending, return_when=FIRST_COMPLETED)
            for future in finished:
                batch_rows = future.result()
                rows.extend(batch_rows)
                done(len(batch_rows))
    except BaseException:  # a failed game or Ctrl-C: drop the batches not started, do not wait for the rest
        pool.shutdown(wait=False, cancel_futures=True)
        raise
    pool.shutdown()
    return rows


def import_ray() -> Any:
    try:
        import ray
    except ImportError:
        raise TournamentError("ray_missing", "Ray is not installed: pip install cetate[distributed]") from None
    return ray


def run_ray(game_id: str, players: int, lineup: list[str], deals: list[Deal], options: dict | None,
            done: Done, jobs: int, address: str | None) -> list[Row]:
    """On a Ray instance already started by the caller (`ray.is_initialized()`), else on the cluster at
    `address`, else on a local instance with `jobs` CPUs (shut down again at the end)."""
    import logging

    ray = import_ray()
    started_here = False
    if not ray.is_initialized():
        try:
            if address:
                ray.init(address=address, logging_level=logging.WARNING)
            else:
                ray.init(num_cpus=jobs, include_dashboard=False, logging_level=logging.WARNING)
        except Exception as exc:
            raise TournamentError("ray_failed", f"cannot start or reach Ray: {exc}", usage=False,
                                  address=address or "local", detail=str(exc)) from None
        started_here = True
    try:
        task = ray.remote(play_batch_args)
        batches = ray_batches(deals, rotations(lineup))
        pending = [task.remote((game_id, players, lineup, batch, options)) for batch in batches]
        rows: list[Row] = []
        while pending:
            finished, pending = ray.wait(pending, num_returns=1)
            for ref in finished:
                try:
                    batch_rows = ray.get(ref)
                except Exception as exc:
                    cause = getattr(exc, "cause", None)
                    if isinstance(cause, TournamentError):
                        raise cause from None
                    raise
                rows.extend(batch_rows)
                done(len(batch_rows))
        return rows
    finally:
        if started_here:
            ray.shutdown()


def run_backend(backend: str, game_id: str, players: int, lineup: list[str], deals: list[Deal],
                options: dict | None, done: Done | None = None, jobs: int = 1,
                address: str | None = None) -> list[Row]:
    """Every game of the tournament on `backend`, rows sorted by (deal, rotation)."""
    done = done or (lambda n: None)
    if backend == "inprocess":
        rows = run_inprocess(game_id, players, lineup, deals, options, done)
    elif backend == "pool":
        rows = run_pool(game_id, players, lineup, deals, options, done, jobs)
    elif backend == "ray":
        rows = run_ray(game_id, players, lineup, deals, options, done, jobs, address)
    else:
        raise TournamentError("backend", f"unknown backend {backend!r}: use {', '.join(BACKENDS)}",
                              backend=backend, backends=", ".join(BACKENDS))
    return sorted(rows, key=lambda row: (row["deal"], row["rotation"]))


def without_timing(rows: Iterable[Row]) -> list[Row]:
    """The rows less the fields that depend on the machine: what every backend must agree on."""
    return [{k: v for k, v in row.items() if k not in TIMING_FIELDS} for row in rows]
