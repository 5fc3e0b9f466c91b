"""Measure a bot against an opponent with seat rotation, through `play_game` only (any registered game).

    from cetate.bots.evaluate import rotation_match
    rotation_match("citadels", 4, "citadels-heuristic", "random", games=1000)

Game k uses seed `seed + k` and puts the measured bot in seat `k % players` (the other seats hold the
opponent), so the bot plays every seat equally often when `games` is a multiple of `players`. A shared
win counts as a fraction (1/number of winners). As a script it prints a Markdown table, one row per
player count; `--param` changes one of the bot's weights, `--jobs` plays games in several processes,
`--games-out FILE` keeps one JSON line per game and `--compare FILE` pairs a run with such a file seed by
seed (the same seed is the same deal, so a change to a bot is measured without the luck of the deals):

    python -m cetate.bots.evaluate citadels --bot citadels-heuristic --players 2-8 --games 400 \\
        --player-option 8:rank9=artist
    python -m cetate.bots.evaluate akropolis --bot akropolis-heuristic --players 1 --games 200 --seed 400 \\
        --option architect=callicrates --param rollout_worlds=20 --jobs 2 --games-out worlds20.jsonl \\
        --compare docs/bots/data/solo-callicrates.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from cetate.bots.base import Bot, bot_seed, make_bot, play_game
from cetate.core.errors import CetateError


class _Timed(Bot):
    """Wraps a bot and adds up the time spent in its `act`; the rest of the bot interface is the bot's."""

    def __init__(self, bot: Bot) -> None:
        self.bot = bot
        self.game, self.seat, self.seed, self.rng = bot.game, bot.seat, bot.seed, bot.rng
        self.name = bot.name
        self.uses_sample = bot.uses_sample
        self.seconds = 0.0
        self.calls = 0

    def act(self, view: dict, legal_actions: list[dict], **sample) -> dict:
        started = time.perf_counter()
        try:
            return self.bot.act(view, legal_actions, **sample)
        finally:
            self.seconds += time.perf_counter() - started
            self.calls += 1

    def plan(self) -> list[dict]:
        return self.bot.plan()

    def limit(self, think_ms: float | None = None, iterations: int | None = None) -> None:
        self.bot.limit(think_ms=think_ms, iterations=iterations)

    def stats(self) -> dict:
        return self.bot.stats()


def _apply_params(bot: Bot, params: dict | None) -> None:
    """Override some of a bot's tunable weights (`Bot.params`, a dict for bots such as `akropolis-heuristic`)."""
    if not params:
        return
    own = bot.params
    if not isinstance(own, dict):
        raise ValueError(f"bot {bot.name!r} has no tunable params")
    unknown = sorted(set(params) - set(own))
    if unknown:
        raise ValueError(f"bot {bot.name!r} has no param {unknown[0]!r}; its params: {', '.join(sorted(own))}")
    own.update(params)


def _margin(result: dict, seat: int) -> float | None:
    """The seat's total minus the best other total (in solo, the Architect's), when the result has totals."""
    scores = result.get("scores")
    if not isinstance(scores, list) or seat >= len(scores) or not isinstance(scores[seat], dict):
        return None
    mine = scores[seat].get("total")
    others = [sc.get("total") for i, sc in enumerate(scores) if i != seat and isinstance(sc, dict)]
    if isinstance(result.get("architect"), dict):
        others.append(result["architect"].get("total"))
    if not isinstance(mine, int | float) or not others or not all(isinstance(x, int | float) for x in others):
        return None
    return float(mine - max(others))


def play_one(game: Any, players: int, bot: str, opponent: str, game_seed: int, mine: int = 0,
             options: dict | None = None, params: dict | None = None) -> dict:
    """One game of the rotation: `bot` in seat `mine`, `opponent` elsewhere. Returns the
    game's line: {"seed", "seat", "win" (the bot's share of the win), "winners", "margin" (its total minus
    the best other, None without totals), "rounds", "bot_seconds", "decisions"}."""
    timed = _Timed(make_bot(bot, game, mine, bot_seed(game_seed, mine)))
    _apply_params(timed.bot, params)
    seated: list[Any] = [timed if i == mine else opponent for i in range(players)]
    _, record = play_game(game, players, game_seed, options, seated)
    result = record.result or {}
    winners = list(result.get("winners") or [])
    rounds = result.get("rounds")
    return {"seed": game_seed, "seat": mine, "win": 1 / len(winners) if mine in winners else 0.0,
            "winners": winners, "margin": _margin(result, mine),
            "rounds": rounds if isinstance(rounds, int | float) else None,
            "bot_seconds": round(timed.seconds, 3), "decisions": timed.calls}


def _play_one(args: tuple) -> dict:
    return play_one(*args)


def rotation_match(game: Any, players: int, bot: str, opponent: str = "random", games: int = 100, seed: int = 0,
                   options: dict | None = None, params: dict | None = None, jobs: int = 1,
                   on_game: Any = None) -> dict:
    """Play `games` games of `bot` against `players - 1` copies of `opponent`, rotating the bot's seat.

    `params` overrides some of the bot's weights (`--param`); `jobs` > 1 plays the games in that many
    processes (the same seeds give the same games); `on_game(line)` receives each game's line (`play_one`)
    as it ends. Returns {"players", "games", "wins", "win_rate", "per_seat" (win rate by the bot's seat),
    "rounds" (mean, when the game reports them), "margin" (mean, when it reports totals),
    "seconds_per_game", "bot_seconds_per_game", "bot_ms_per_decision", "lines" (every game's line, in
    seed order)}.
    """
    started = time.perf_counter()
    if jobs > 1 and not isinstance(game, str):
        game = game.id  # each process looks the game up in its registry
    work = [(game, players, bot, opponent, seed + k, k % players, options, params) for k in range(games)]
    lines: list[dict] = []
    if jobs > 1 and games > 1:
        import multiprocessing
        from concurrent.futures import ProcessPoolExecutor, as_completed

        # fresh processes, as the arena's pool (`arena.runner.run_pool`) uses
        pool = ProcessPoolExecutor(max_workers=min(jobs, games), mp_context=multiprocessing.get_context("spawn"))
        try:
            for future in as_completed([pool.submit(_play_one, w) for w in work]):
                lines.append(future.result())
                if on_game is not None:
                    on_game(lines[-1])
        except BaseException:  # a failed game or Ctrl-C: report it now, not after every other game
            pool.shutdown(wait=False, cancel_futures=True)
            raise
        pool.shutdown()
    else:
        for w in work:
            lines.append(_play_one(w))
            if on_game is not None:
                on_game(lines[-1])
    lines.sort(key=lambda line: line["seed"])
    elapsed = time.perf_counter() - started
    wins = sum(line["win"] for line in lines)
    seat_wins = [0.0] * players
    seat_games = [0] * players
    for line in lines:
        seat_games[line["seat"]] += 1
        seat_wins[line["seat"]] += line["win"]
    rounds = [line["rounds"] for line in lines if line["rounds"] is not None]
    margins = [line["margin"] for line in lines if line["margin"] is not None]
    bot_seconds = sum(line["bot_seconds"] for line in lines)
    bot_calls = sum(line["decisions"] for line in lines)
    return {
        "players": players,
        "games": games,
        "wins": wins,
        "win_rate": wins / games if games else 0.0,
        "per_seat": [seat_wins[i] / seat_games[i] if seat_games[i] else None for i in range(players)],
        "rounds": sum(rounds) / len(rounds) if rounds else None,
        "margin": sum(margins) / len(margins) if margins else None,
        "seconds_per_game": elapsed / games if games else 0.0,
        "bot_seconds_per_game": bot_seconds / games if games else 0.0,
        "bot_ms_per_decision": 1000 * bot_seconds / bot_calls if bot_calls else 0.0,
        "lines": lines,
    }


def read_lines(path: str) -> list[dict]:
    """The game lines of an earlier run (`--games-out`); a line that is not a game's is refused by number."""
    out = []
    with open(path, encoding="utf-8") as f:
        for n, text in enumerate(f, 1):
            if not text.strip():
                continue
            try:
                line = json.loads(text)
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}, line {n}: not JSON ({exc.msg})") from None
            if (not isinstance(line, dict) or not isinstance(line.get("seed"), int)
                    or not isinstance(line.get("win"), int | float) or isinstance(line.get("win"), bool)):
                raise ValueError(f"{path}, line {n}: not a game line (it needs a seed and a win, both numbers)")
            out.append(line)
    return out


def paired(lines: list[dict], earlier: list[dict]) -> dict:
    """These games against an earlier run's, seed by seed (the same seeds are the same deals, so luck cancels
    out; a game pairs only with one in the same seat): {"games" (games in both), "wins", "earlier_wins", "better", "worse" (games won here and lost there,
    and the other way), "margin_diff", "margin_se" (the mean and standard error of the paired margin
    differences, None without margins)}."""
    before = {(line["seed"], line.get("seat", 0)): line for line in earlier}  # the same deal, the same seat
    pairs = [(line, before[key]) for line in lines if (key := (line["seed"], line.get("seat", 0))) in before]
    diffs = [a["margin"] - b["margin"] for a, b in pairs
             if isinstance(a.get("margin"), int | float) and isinstance(b.get("margin"), int | float)]
    mean = se = None
    if diffs:
        mean = sum(diffs) / len(diffs)
        var = sum((d - mean) ** 2 for d in diffs) / max(1, len(diffs) - 1)
        se = (var / len(diffs)) ** 0.5
    return {"games": len(pairs), "wins": sum(a["win"] for a, _ in pairs),
            "earlier_wins": sum(b["win"] for _, b in pairs),
            "better": sum(1 for a, b in pairs if a["win"] > b["win"]),
            "worse": sum(1 for a, b in pairs if a["win"] < b["win"]),
            "margin_diff": mean, "margin_se": se}


def _counts(text: str) -> list[int]:
    out: list[int] = []
    for part in text.split(","):
        lo, sep, hi = part.partition("-")
        out.extend(range(int(lo), int(hi) + 1) if sep else [int(lo)])
    return out


def _value(text: str) -> Any:
    try:
        return json.loads(text)
    except json.JSONDecodeError:
        return text


def _pairs(parser: argparse.ArgumentParser, flag: str, items: list[str]) -> dict[str, Any]:
    """`name=value` items (a JSON value, else the text) as a dict; an item without a name is refused."""
    out: dict[str, Any] = {}
    for item in items:
        name, sep, value = item.partition("=")
        if not sep or not name.strip():
            parser.error(f"{flag} takes name=value, not {item!r}")
        out[name.strip()] = _value(value)
    return out


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(prog="python -m cetate.bots.evaluate", description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--bot", required=True)
    parser.add_argument("--opponent", default="random")
    parser.add_argument("--players", default="4", help="player counts: 4, 2-8 or 2,4,6")
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--option", action="append", default=[], help="name=value (JSON value), every game")
    parser.add_argument("--player-option", action="append", default=[],
                        help="N:name=value, only for N players (e.g. 8:rank9=artist)")
    parser.add_argument("--param", action="append", default=[],
                        help="name=value: one of the bot's tunable weights (akropolis-heuristic's PARAMS)")
    parser.add_argument("--jobs", type=int, default=1, help="games played at once, in that many processes")
    parser.add_argument("--games-out", metavar="FILE",
                        help="append one JSON line per game (seed, seat, win, margin, bot seconds) to FILE")
    parser.add_argument("--compare", metavar="FILE",
                        help="compare with an earlier --games-out file, seed by seed (paired games)")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error(f"--games takes a positive number, not {args.games}")
    if args.jobs < 1:
        parser.error(f"--jobs takes a positive number, not {args.jobs}")
    try:
        counts = _counts(args.players)
    except ValueError:
        parser.error(f"--players takes counts such as 4, 2-8 or 2,4,6, not {args.players!r}")
    base = _pairs(parser, "--option", args.option)
    per_count: dict[int, dict] = {}
    for item in args.player_option:
        count, _, rest = item.partition(":")
        if not count.strip().isdigit() or "=" not in rest:
            parser.error(f"--player-option takes N:name=value, not {item!r}")
        per_count.setdefault(int(count), {}).update(_pairs(parser, "--player-option", [rest]))
    params = _pairs(parser, "--param", args.param)
    try:
        earlier = read_lines(args.compare) if args.compare else None
    except (OSError, ValueError) as exc:
        parser.error(f"--compare: {exc}")
    try:
        out = open(args.games_out, "a", encoding="utf-8") if args.games_out else None  # noqa: SIM115
    except OSError as exc:
        parser.error(f"--games-out: cannot write {args.games_out}: {exc.strerror}")

    def on_game(line: dict) -> None:
        if out is not None:
            out.write(json.dumps(line) + "\n")
            out.flush()

    from cetate.arena.stats import wilson

    print(f"| players | games | {args.bot} wins | win rate | 95% interval (Wilson) | parity | mean rounds "
          f"| mean margin | ms per game (bot) |")
    print("|---:|---:|---:|---:|---|---:|---:|---:|---:|")
    try:
        for n in counts:
            options = {**base, **per_count.get(n, {})} or None
            try:
                r = rotation_match(args.game, n, args.bot, args.opponent, args.games, args.seed, options,
                                   params or None, args.jobs, on_game)
            except (ValueError, CetateError) as exc:
                parser.error(str(exc))
            rounds = f"{r['rounds']:.1f}" if r["rounds"] is not None else "-"
            margin = f"{r['margin']:+.1f}" if r["margin"] is not None else "-"
            share = f"{1 / n:.1%}" if n > 1 else "-"  # solo: no other seat to share the wins with
            low, high = wilson(r["wins"], r["games"])
            print(f"| {n} | {r['games']} | {r['wins']:.1f} | {r['win_rate']:.1%} | {low:.1%}-{high:.1%} | {share} "
                  f"| {rounds} | {margin} | {1000 * r['bot_seconds_per_game']:.1f} |", flush=True)
            if earlier is not None:
                c = paired(r["lines"], earlier)
                diff = (f"; mean margin {c['margin_diff']:+.2f} (standard error {c['margin_se']:.2f})"
                        if c["margin_diff"] is not None else "")
                print(f"\npaired with {args.compare}: {c['games']} games, {c['wins']:.1f} wins here against "
                      f"{c['earlier_wins']:.1f} there ({c['better']} won here and lost there, {c['worse']} the "
                      f"other way){diff}", flush=True)
    finally:
        if out is not None:
            out.close()


if __name__ == "__main__":
    main()
